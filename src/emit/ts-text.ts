/**
 * The only way text reaches generated TypeScript. A description is data: every name, media type,
 * status, path, summary, example or warning it supplies becomes code through one of these, one
 * per context, so no emitter can forget an escape:
 *
 * - `stringLiteral`: a string expression;
 * - `literal`: any JSON value as an expression (`objectKey` for its keys);
 * - `propertyKey` / `indexAccess`: a member of a type, and a type's member by name;
 * - `identifier`: a name the model already made an identifier (checked again here);
 * - `docComment` / `docText` / `lineComment`: comments.
 *
 * They return `Code`, a string brand that nothing outside this file can make; code is put
 * together with the `code` template tag and `joinCode`, which accept only `Code` (or numbers and
 * booleans). So an emitter that interpolates raw text into code does not compile, and
 * test/emit/code-text.test.ts checks the emitters for the ways around that (casts to `Code`,
 * `Code` pasted into a plain template, `+` or `.join()`).
 */

declare const CODE: unique symbol;

/** TypeScript source that is safe to place where code goes. Made only in this file. */
export type Code = string & { readonly [CODE]: true };

/** Code from a template: the literal parts are the emitter's own text, every hole is Code. */
export function code(parts: TemplateStringsArray, ...holes: readonly (Code | number | boolean)[]): Code {
  let text = parts[0]!;
  holes.forEach((hole, i) => (text += String(hole) + parts[i + 1]!));
  return text as Code;
}

/** Separators code is joined with; a fixed list, so joining cannot let text in either. */
export type Separator = "" | "\n" | "\n\n" | ", " | " | " | " & " | "; ";

export function joinCode(parts: readonly Code[], separator: Separator): Code {
  return parts.join(separator) as Code;
}

/**
 * Code the emitter did not build here but got from a trusted printer: openapi-typescript's AST
 * printer, prettier, the TypeScript transpiler. Named so each use is easy to find and review.
 */
export function printedCode(text: string): Code {
  return text as Code;
}

/** A string literal: JSON escaping, plus U+2028/U+2029 which older parsers treat as line ends. */
export function stringLiteral(text: string): Code {
  return JSON.stringify(text).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029") as Code;
}

/**
 * The same in single quotes, for JSON text (which has far more `"` than `'` to escape): the
 * large toolkit's data.
 */
export function singleQuotedLiteral(text: string): Code {
  // One pass: six chained replaces copied GitHub's 4.5 MB toolkit data up to six times.
  return `'${text.replace(SINGLE_QUOTED_ESCAPED, (c) => SINGLE_QUOTED_ESCAPES[c]!)}'` as Code;
}
const SINGLE_QUOTED_ESCAPED = /[\\'\n\r\u2028\u2029]/g;
const SINGLE_QUOTED_ESCAPES: Readonly<Record<string, string>> = {
  "\\": "\\\\",
  "'": "\\'",
  "\n": "\\n",
  "\r": "\\r",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * A member name of a type literal or interface: bare when it is an identifier name (reserved
 * words included: `{ delete: T }` is a plain member), else quoted. In a type, `__proto__` and
 * `constructor` are ordinary member names.
 */
export function propertyKey(name: string): Code {
  return IDENTIFIER_NAME.test(name) ? (name as Code) : stringLiteral(name);
}

const IDENTIFIER_NAME = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u;

/** Members every object has through Object.prototype, as TypeScript's `Object` interface lists them. */
export const OBJECT_MEMBERS: ReadonlySet<string> = new Set(["constructor", "toString", "toLocaleString", "valueOf", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable"]);

/**
 * The type of an optional member called `name`. TypeScript checks an object literal that leaves
 * out `valueOf` (or another Object member) against Object's `valueOf`, so no literal without it
 * would be assignable to `{ valueOf?: number }`. Such a member also admits Object's member, which
 * is what reading it from an object that lacks it gives anyway.
 */
export function optionalMemberType(name: string, type: Code): Code {
  return OBJECT_MEMBERS.has(name) ? code`${type} | Object[${stringLiteral(name)}]` : type;
}

/**
 * A key of an object literal expression. `__proto__` is written computed: `__proto__: v` and
 * `"__proto__": v` both set the object's prototype instead of making a property.
 */
export function objectKey(name: string): Code {
  if (name === "__proto__") return code`[${stringLiteral(name)}]`;
  return propertyKey(name);
}

/** Indexed access `T["key"]`, or `T[200]` for a numeric status code (either finds the member). */
export function indexAccess(target: Code, key: string): Code {
  return /^[1-9]\d{0,14}$/.test(key) ? code`${target}[${Number(key)}]` : code`${target}[${stringLiteral(key)}]`;
}

/**
 * A name the model made an identifier (function and type names). Checked again, because an
 * identifier is the one context with no escape: anything else here is a bug in toolgen.
 */
export function identifier(name: string): Code {
  if (!IDENTIFIER_NAME.test(name) || NOT_BINDABLE.has(name)) {
    throw new Error(`internal error: ${JSON.stringify(name)} is not an identifier`);
  }
  return name as Code;
}

/** Reserved words of strict-mode modules, and the two names strict mode forbids as bindings. */
const NOT_BINDABLE = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for function if " +
    "import in instanceof new null return super switch this throw true try typeof var void while with yield let static " +
    "implements interface package private protected public await arguments eval"
  ).split(" "),
);

/**
 * A JSON value as a TypeScript expression, on one line. Object keys go through `objectKey`, so a
 * `__proto__` key stays an own property; numbers JSON cannot hold are written as `null`, as
 * JSON.stringify would.
 */
export function literal(value: unknown): Code {
  if (value === null) return code`null`;
  if (typeof value === "string") return stringLiteral(value);
  if (typeof value === "number") return Number.isFinite(value) ? code`${value}` : code`null`;
  if (typeof value === "boolean") return code`${value}`;
  if (Array.isArray(value)) return code`[${joinCode(value.map(literal), ", ")}]`;
  if (typeof value === "object") {
    const fields = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => code`${objectKey(k)}: ${literal(v)}`);
    return fields.length ? code`{ ${joinCode(fields, ", ")} }` : code`{}`;
  }
  return code`null`;
}

/**
 * Text for the inside of a block comment: nothing in it can end the comment (`*\/`) or act as a
 * compiler directive (`@ts-ignore`, `@ts-expect-error`, `@ts-nocheck` are honoured in comments),
 * line and paragraph separators are plain line ends, trailing blanks trimmed. `docComment` adds
 * the `/**`, ` * ` and `*\/` around it.
 */
export function docText(text: string): Code {
  return commentBody(text.replace(/\r\n?|\u2028|\u2029/g, "\n"))
    .replace(/[ \t]+$/gm, "")
    .trim() as Code;
}

/**
 * Any text made safe as the inside of a block comment, its layout kept: for comments written by
 * others (openapi-typescript's JSDoc) that only need what cannot be in a comment taken out.
 */
export function commentBody(text: string): Code {
  return text.replace(/\*\//g, "*\\/").replace(/@(?=ts-)/gi, "@ ") as Code;
}

/** A whole JSDoc block: one line when the text is one line. */
export function docComment(text: string): Code {
  const lines = docText(text).split("\n");
  if (lines.length === 1) return code`/** ${lines[0] as Code} */`;
  return joinCode(["/**" as Code, ...lines.map((l) => (l ? code` * ${l as Code}` : code` *`)), " */" as Code], "\n");
}

/** A `//` comment: the text on one line, unable to start a `///` directive or a `@ts-` pragma. */
export function lineComment(text: string): Code {
  const line = text.replace(/[\r\n\u2028\u2029]+/g, " ").replace(/@(?=ts-)/gi, "@ ").trim();
  return code`// ${line as Code}`;
}

/**
 * Text shown as a code span inside doc text (a tool name, a media type): on one line, and unable
 * to end the span. Plain text, not Code: it is escaped with the rest when the doc is written.
 */
export function docCode(text: string): string {
  return "`" + text.replace(/`/g, "'").replace(/[\r\n\u2028\u2029]+/g, " ") + "`";
}
