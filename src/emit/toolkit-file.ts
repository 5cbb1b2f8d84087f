/**
 * `toolkit.ts`: every operation as a tool for a language model and `createClient`, which binds
 * call options to every function. The descriptors (names, description, `parameters` and
 * `responses` JSON Schemas, examples) are computed here at build time by the model stage and
 * written as plain data, so importing the module converts nothing and compiles nothing.
 *
 * Every export carries an explicit type (isolatedDeclarations: `--emit js` derives `.d.ts` file by
 * file). Literals are printed by `literal()` below: strings JSON-escaped, keys quoted unless plain
 * identifiers, and a `__proto__` key written as a computed key so it stays an own property.
 *
 * Large toolkits: past LITERAL_LIMIT bytes, every tool's data (names, description,
 * schemas, examples) is written as one JSON text read with `JSON.parse` when the module loads,
 * instead of object literals, and `run` is looked up by function name. On GitHub's description
 * (1,223 tools, 3.6 MB of schemas) schema literals cost tsc about 4 s of checking and `--emit js`
 * about 3.8 s of transpiling, and the 1,223 typed tool constants another ~1 s of the app's tsc;
 * the JSON text costs neither, and V8 reads JSON text faster than the same object literal. The
 * data is the same precomputed descriptors either way; nothing is derived from the description
 * at run time.
 */
import { buildToolDescriptors } from "../model/tool-schema/tool-descriptors.js";
import type { ToolkitModel } from "../model/toolkit-model.js";
import type { ToolDescriptor, ToolExample } from "../runtime/toolkit.js";
import { stringLiteral } from "./ts-text.js";

/** Bytes of tool data (as JSON) above which it is written as JSON text rather than literals. */
export const LITERAL_LIMIT = 256 * 1024;

export function emitToolkitFile(model: ToolkitModel, runtimeImport: string, header: string): string {
  const descriptors = buildToolDescriptors(model);
  const names = model.operations.map((op) => op.functionName);

  const dataJson = JSON.stringify(toolData(model, descriptors));
  const asJson = dataJson.length > LITERAL_LIMIT;

  // A conversation calling several tools is written once and shared by reference.
  const exampleIds = new Map<ToolExample, string>();
  const exampleConsts: string[] = [];
  const exampleRef = (example: ToolExample): string => {
    let id = exampleIds.get(example);
    if (id === undefined) {
      id = `example${exampleIds.size}`;
      exampleIds.set(example, id);
      exampleConsts.push(`const ${id}: ToolEntry["examples"][number] = ${literal(example)};`);
    }
    return id;
  };

  const entries = asJson ? [] : model.operations.map((op, index) => {
    const d: ToolDescriptor = descriptors.tools[index]!;
    const fields = [
      `name: ${stringLiteral(d.name)}`,
      `wireName: ${stringLiteral(d.wireName)}`,
      `functionName: ${stringLiteral(op.functionName)}`,
      `description: ${stringLiteral(d.description)}`,
      `method: ${stringLiteral(d.method)}`,
      `path: ${stringLiteral(d.path)}`,
      ...(d.deprecated ? ["deprecated: true"] : []),
      `inputless: ${op.inputless}`,
      `parameters: ${literal(d.parameters)}`,
      ...(d.responses !== undefined ? [`responses: ${literal(d.responses)}`] : []),
      `examples: [${d.examples.map(exampleRef).join(", ")}]`,
      ...(d.fixed !== undefined ? [`fixed: ${literal(d.fixed)}`] : []),
      ...(d.prompt !== undefined ? [`prompt: ${stringLiteral(d.prompt)}`] : []),
      `run: ops.${op.functionName}`,
    ];
    // One typed constant per tool: an array literal of 1,000 differently shaped objects makes tsc
    // build their union type (TS2590 on the GitHub description); typed constants check one by one.
    return `const tool${index}: ToolEntry = {\n${fields.map((f) => `  ${f},`).join("\n")}\n};`;
  });
  const negative = asJson ? [] : descriptors.examples.map(exampleRef);
  const inputless = model.operations.filter((op) => op.inputless).map((op) => stringLiteral(op.functionName));
  const runtimeTypes = "type CallOptions, type Toolkit, type ToolEntry";

  const notes = descriptors.warnings.map((w) => `// ${w.replace(/[\r\n\u2028\u2029]+/g, " ")}\n`).join("");
  return `${header}
${notes}import { bindCallOptions, createToolkit, ${runtimeTypes} } from ${stringLiteral(runtimeImport)};
import * as ops from "./operations.js";
${exampleConsts.length > 0 ? `\n// Few-shot conversations from examples.yaml, each kept whole.\n${exampleConsts.join("\n")}\n` : ""}${asJson ? toolTable(dataJson) : `\n${entries.join("\n")}`}

/**
 * Every operation as a tool for a language model: canonical and provider-safe names, description,
 * JSON Schemas of arguments and answer, examples; \`call(name, args)\` validates a model's arguments
 * and runs the operation.
 */
export const toolkit: Toolkit = createToolkit({
  title: ${stringLiteral(model.title)},
  version: ${stringLiteral(model.version)},
  tools: ${asJson ? "D.tools.map((tool) => ({ ...tool, run: operations[tool.functionName]! }))" : `[${model.operations.map((_, i) => `tool${i}`).join(", ")}]`},
  examples: ${asJson ? "D.examples" : `[${negative.join(", ")}]`},
});

/** All operations of this toolkit as methods. */
export type Client = {${names.length ? "\n" + names.map((n) => `  ${n}: typeof ops.${n};`).join("\n") + "\n" : ""}};

const functions: Client = {${names.length ? "\n" + names.map((n) => `  ${n}: ops.${n},`).join("\n") + "\n" : ""}};

/** The operations bound to options of their own (another base address, token, headers, fetch). */
export function createClient(options: CallOptions): Client {
  return bindCallOptions(functions, new Set<string>([${inputless.join(", ")}]), options);
}
`;
}

/** Every tool's data but its function, and the toolkit's negative examples: the large form's JSON. */
function toolData(model: ToolkitModel, descriptors: ReturnType<typeof buildToolDescriptors>) {
  const tools = model.operations.map((op, index) => {
    const d = descriptors.tools[index]!;
    return {
      name: d.name,
      wireName: d.wireName,
      functionName: op.functionName,
      description: d.description,
      method: d.method,
      path: d.path,
      ...(d.deprecated ? { deprecated: true } : {}),
      inputless: op.inputless,
      parameters: d.parameters,
      ...(d.responses !== undefined ? { responses: d.responses } : {}),
      examples: d.examples,
      ...(d.fixed !== undefined ? { fixed: d.fixed } : {}),
      ...(d.prompt !== undefined ? { prompt: d.prompt } : {}),
    };
  });
  return { tools, examples: descriptors.examples };
}

/**
 * The large-toolkit form: every tool's data (names, description, schemas, examples) in one JSON
 * text, and each tool's `run` looked up by its function name (see the file comment).
 */
function toolTable(json: string): string {
  return `
// The tools' data (${(json.length / 1e6).toFixed(1)} MB: names, descriptions, JSON Schemas, examples), precomputed by
// toolgen. Written as JSON text because it is large: V8 reads JSON faster than object literals,
// and tsc need not check 1,000 literals against ToolEntry (~1 s on GitHub's description).
const D: { readonly tools: readonly Omit<ToolEntry, "run">[]; readonly examples: Toolkit["examples"] } = JSON.parse(${singleQuoted(json)});
// By name, without making tsc compare every operation's signature with ToolEntry["run"].
const operations = ops as unknown as Readonly<Record<string, ToolEntry["run"]>>;
`;
}

/** A single-quoted string literal (JSON text has far more `"` than `'` to escape). */
function singleQuoted(text: string): string {
  return `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029")}'`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A JSON value as a TypeScript expression, on one line. */
export function literal(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "string") return stringLiteral(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
  if (typeof value === "object") {
    const fields = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${key(k)}: ${literal(v)}`);
    return fields.length ? `{ ${fields.join(", ")} }` : "{}";
  }
  return "null";
}

function key(name: string): string {
  if (name === "__proto__") return `[${stringLiteral(name)}]`;
  return IDENTIFIER.test(name) ? name : stringLiteral(name);
}
