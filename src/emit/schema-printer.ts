/**
 * Prints openapi-typescript's syntax tree for schema.ts as the TypeScript printer does
 * (`astToString`: `printFile` with LF line ends, comments kept), byte for byte, in a fraction of
 * its time: the printer runs every node through its generic emit pipeline (comment and source-map
 * hooks, substitutions, position bookkeeping), which was 330 ms of a GitHub generation for 14 MB
 * of declarations (BENCHMARKS.md, "Generation").
 *
 * It covers the nodes openapi-typescript builds for types, synthesized (no source positions):
 * interfaces and type aliases, property and index signatures, type literals, unions,
 * intersections, arrays, tuples, indexed access, references with type arguments, parentheses,
 * type operators, keywords and literals, and synthetic leading comments. The pieces where exact
 * output is subtle are TypeScript's own: its comment writer (`writeCommentRange`, which
 * re-indents multi-line comments) and its literal escaping (`getLiteralText`). The text writer is
 * ours (LineWriter): TypeScript's counts the lines of every piece it writes, which made it as slow
 * as the printer itself. A top-level declaration with anything else in it (a parsed node, a type
 * parameter, a mapped type, an emit flag) is printed by TypeScript's printer, so the output is
 * the same whatever the tree holds; test/emit/schema-printer.test.ts compares both printers on
 * real descriptions.
 */
import { ts, type TS } from "./typescript-compiler.js";

/** The internals used, which TypeScript's public declarations leave out. */
interface TypeScriptInternals {
  writeCommentRange(text: string, lineMap: readonly number[], writer: LineWriter, commentPos: number, commentEnd: number, newLine: string): void;
  computeLineStarts(text: string): number[];
  getLiteralText(node: TS.LiteralLikeNode, sourceFile: TS.SourceFile | undefined, flags: number): string;
  getEmitFlags(node: TS.Node): number;
}

/**
 * What TypeScript's text writer does with what the printer and `writeCommentRange` write:
 * indentation at the start of a line, `writeLine` only when not at one. It does not count lines:
 * nothing written here holds a line break except `rawWrite`'s new lines (escaped literals and
 * split comment lines cannot).
 */
class LineWriter {
  private text = "";
  private indent = 0;
  private lineStart = true;

  write(piece: string): void {
    if (piece === "") return;
    if (this.lineStart) {
      this.text += indentation(this.indent);
      this.lineStart = false;
    }
    this.text += piece;
  }

  writeComment(piece: string): void {
    this.write(piece);
  }

  writeSpace(piece: string): void {
    this.write(piece);
  }

  /** As TypeScript's: no indentation, and at a line start afterwards only if it ended a line. */
  rawWrite(piece: string | undefined): void {
    if (piece === undefined) return;
    this.text += piece;
    this.lineStart = LINE_END.test(piece);
  }

  writeLine(force?: boolean): void {
    if (!this.lineStart || force === true) {
      this.text += "\n";
      this.lineStart = true;
    }
  }

  getIndent(): number {
    return this.indent;
  }

  increaseIndent(): void {
    this.indent++;
  }

  decreaseIndent(): void {
    this.indent--;
  }

  getText(): string {
    return this.text;
  }
}

const LINE_END = /[\r\n\u2028\u2029]$/;
const indents: string[] = [""];

/** TypeScript's indentation: four spaces a level. */
function indentation(level: number): string {
  while (indents.length <= level) indents.push(indents[indents.length - 1] + "    ");
  return indents[level]!;
}

const internals = ts as unknown as TypeScriptInternals;
const K = ts.SyntaxKind;

/** Keyword types, printed as their keyword. */
const KEYWORDS = new Map<TS.SyntaxKind, string>([
  [K.StringKeyword, "string"],
  [K.NumberKeyword, "number"],
  [K.BooleanKeyword, "boolean"],
  [K.UnknownKeyword, "unknown"],
  [K.NeverKeyword, "never"],
  [K.AnyKeyword, "any"],
  [K.UndefinedKeyword, "undefined"],
  [K.ObjectKeyword, "object"],
  [K.BigIntKeyword, "bigint"],
  [K.VoidKeyword, "void"],
  [K.SymbolKeyword, "symbol"],
  [K.NullKeyword, "null"],
  [K.TrueKeyword, "true"],
  [K.FalseKeyword, "false"],
]);

const OPERATORS = new Map<TS.SyntaxKind, string>([
  [K.ReadonlyKeyword, "readonly"],
  [K.KeyOfKeyword, "keyof"],
  [K.UniqueKeyword, "unique"],
]);

/** A node this printer does not print exactly as TypeScript's does. */
class Unsupported extends Error {}

/**
 * The text `astToString(nodes)` gives. `printedByTypeScript`, when given, receives the top-level
 * declarations handed to TypeScript's printer (for the tests: the fast path must be the path).
 */
export function printSchemaNodes(nodes: readonly TS.Node[], printedByTypeScript?: (node: TS.Node) => void): string {
  let printer: TS.Printer | undefined;
  let file: TS.SourceFile | undefined;
  let text = "";
  for (const node of nodes) {
    const writer = new LineWriter();
    try {
      new NodePrinter(writer).statement(node);
      text += writer.getText() + "\n";
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      printedByTypeScript?.(node);
      // The same file astToString prints the statement in.
      file ??= ts.createSourceFile("openapi-ts.ts", "", ts.ScriptTarget.ESNext, false, ts.ScriptKind.TS);
      printer ??= ts.createPrinter({ newLine: ts.NewLineKind.LineFeed, removeComments: false });
      text += printer.printNode(ts.EmitHint.Unspecified, node, file) + "\n";
    }
  }
  return text;
}

/**
 * TypeScript's computeLineStarts, which looks at every character in JavaScript (25 ms of GitHub's
 * comments); with `\n` as the only line break present, native `indexOf` finds the same starts.
 */
function lineStartsOf(text: string): number[] {
  if (OTHER_LINE_BREAKS.test(text)) return internals.computeLineStarts(text);
  const starts = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  return starts;
}
/** The line breaks TypeScript knows besides `\n` (isLineBreak). */
const OTHER_LINE_BREAKS = /[\r\u2028\u2029]/;

class NodePrinter {
  constructor(private readonly writer: LineWriter) {}

  statement(node: TS.Node): void {
    this.check(node);
    this.leadingComments(node);
    if (ts.isInterfaceDeclaration(node)) {
      if (node.typeParameters !== undefined || node.heritageClauses !== undefined) throw new Unsupported();
      this.modifiers(node.modifiers);
      this.writer.write("interface ");
      this.name(node.name);
      this.writer.write(" {");
      this.members(node.members, false);
      this.writer.write("}");
    } else if (ts.isTypeAliasDeclaration(node)) {
      if (node.typeParameters !== undefined) throw new Unsupported();
      this.modifiers(node.modifiers);
      this.writer.write("type ");
      this.name(node.name);
      this.writer.write(" = ");
      this.type(node.type);
      this.writer.write(";");
    } else {
      throw new Unsupported();
    }
  }

  /** Synthesized nodes only, without emit flags (which change how the printer lays them out). */
  private check(node: TS.Node): void {
    if (node.pos !== -1 || internals.getEmitFlags(node) !== 0 || ts.getSyntheticTrailingComments(node) !== undefined) throw new Unsupported();
  }

  private leadingComments(node: TS.Node): void {
    for (const comment of ts.getSyntheticLeadingComments(node) ?? []) {
      const single = comment.kind === K.SingleLineCommentTrivia;
      if (comment.hasLeadingNewline || single) this.writer.writeLine();
      const text = single ? `//${comment.text}` : `/*${comment.text}*/`;
      internals.writeCommentRange(text, single ? [0] : lineStartsOf(text), this.writer, 0, text.length, "\n");
      if (comment.hasTrailingNewLine || single) this.writer.writeLine();
      else this.writer.writeSpace(" ");
    }
  }

  private modifiers(modifiers: TS.NodeArray<TS.ModifierLike> | undefined): void {
    for (const modifier of modifiers ?? []) {
      this.check(modifier);
      const text = modifier.kind === K.ExportKeyword ? "export" : modifier.kind === K.ReadonlyKeyword ? "readonly" : undefined;
      if (text === undefined) throw new Unsupported();
      this.writer.write(text);
      this.writer.writeSpace(" ");
    }
  }

  private name(node: TS.Node): void {
    this.check(node);
    if (ts.isIdentifier(node)) this.writer.write(ts.idText(node));
    else if (ts.isStringLiteral(node) || ts.isNumericLiteral(node)) this.writer.write(internals.getLiteralText(node, undefined, 0));
    else throw new Unsupported();
  }

  /** `{`, then each member on a line of its own, one level in; `}` is the caller's. */
  private members(members: TS.NodeArray<TS.TypeElement>, optionalIfEmpty: boolean): void {
    if (members.length === 0) {
      if (!optionalIfEmpty) this.writer.writeLine();
      return;
    }
    this.writer.writeLine();
    this.writer.increaseIndent();
    members.forEach((member, index) => {
      if (index > 0) this.writer.writeLine();
      this.member(member);
    });
    this.writer.decreaseIndent();
    this.writer.writeLine();
  }

  private member(node: TS.TypeElement): void {
    this.check(node);
    this.leadingComments(node);
    if (ts.isPropertySignature(node)) {
      this.modifiers(node.modifiers);
      this.name(node.name);
      if (node.questionToken !== undefined) {
        this.check(node.questionToken);
        this.writer.write("?");
      }
      if (node.type !== undefined) {
        this.writer.write(": ");
        this.type(node.type);
      }
      this.writer.write(";");
    } else if (ts.isIndexSignatureDeclaration(node)) {
      this.modifiers(node.modifiers);
      this.writer.write("[");
      node.parameters.forEach((parameter, index) => {
        this.check(parameter);
        if (parameter.modifiers !== undefined || parameter.dotDotDotToken !== undefined || parameter.questionToken !== undefined || parameter.initializer !== undefined) throw new Unsupported();
        if (ts.getSyntheticLeadingComments(parameter) !== undefined) throw new Unsupported();
        if (index > 0) this.writer.write(", ");
        this.name(parameter.name);
        if (parameter.type !== undefined) {
          this.writer.write(": ");
          this.type(parameter.type);
        }
      });
      this.writer.write("]: ");
      this.type(node.type);
      this.writer.write(";");
    } else {
      throw new Unsupported();
    }
  }

  private type(node: TS.TypeNode): void {
    this.check(node);
    if (ts.getSyntheticLeadingComments(node) !== undefined) throw new Unsupported();
    const keyword = KEYWORDS.get(node.kind);
    if (keyword !== undefined) {
      this.writer.write(keyword);
      return;
    }
    switch (node.kind) {
      case K.LiteralType:
        return this.literal((node as TS.LiteralTypeNode).literal);
      case K.TypeReference: {
        const reference = node as TS.TypeReferenceNode;
        if (!ts.isIdentifier(reference.typeName)) throw new Unsupported();
        this.name(reference.typeName);
        if (reference.typeArguments !== undefined) {
          this.writer.write("<");
          this.list(reference.typeArguments, ", ");
          this.writer.write(">");
        }
        return;
      }
      case K.IndexedAccessType: {
        const access = node as TS.IndexedAccessTypeNode;
        this.type(access.objectType);
        this.writer.write("[");
        this.type(access.indexType);
        this.writer.write("]");
        return;
      }
      case K.ArrayType:
        this.type((node as TS.ArrayTypeNode).elementType);
        this.writer.write("[]");
        return;
      case K.UnionType:
        return this.list((node as TS.UnionTypeNode).types, " | ");
      case K.IntersectionType:
        return this.list((node as TS.IntersectionTypeNode).types, " & ");
      case K.ParenthesizedType:
        this.writer.write("(");
        this.type((node as TS.ParenthesizedTypeNode).type);
        this.writer.write(")");
        return;
      case K.TypeOperator: {
        const operator = OPERATORS.get((node as TS.TypeOperatorNode).operator);
        if (operator === undefined) throw new Unsupported();
        this.writer.write(`${operator} `);
        this.type((node as TS.TypeOperatorNode).type);
        return;
      }
      // openapi-typescript puts some names in type positions as bare identifiers.
      case K.Identifier:
        return this.name(node);
      case K.TypeLiteral:
        this.writer.write("{");
        this.members((node as TS.TypeLiteralNode).members, true);
        this.writer.write("}");
        return;
      default:
        throw new Unsupported();
    }
  }

  private list(nodes: TS.NodeArray<TS.TypeNode>, separator: string): void {
    nodes.forEach((node, index) => {
      if (index > 0) this.writer.write(separator);
      this.type(node);
    });
  }

  private literal(node: TS.LiteralTypeNode["literal"]): void {
    this.check(node);
    const keyword = KEYWORDS.get(node.kind);
    if (keyword !== undefined) this.writer.write(keyword);
    else if (ts.isStringLiteral(node) || ts.isNumericLiteral(node) || ts.isBigIntLiteral(node)) this.writer.write(internals.getLiteralText(node, undefined, 0));
    else if (ts.isPrefixUnaryExpression(node) && node.operator === K.MinusToken && ts.isNumericLiteral(node.operand)) {
      this.check(node.operand);
      this.writer.write(`-${internals.getLiteralText(node.operand, undefined, 0)}`);
    } else throw new Unsupported();
  }
}
