/**
 * Text reaches generated code only through ts-text.ts. The `Code` brand makes the compiler refuse
 * raw text where code is required (a `code` template hole, `joinCode`, an emitter's return type);
 * this lint, run with the type checker over src/emit, closes the ways around it:
 *
 * - a cast to `Code` anywhere but ts-text.ts;
 * - `printedCode` (code from a trusted printer) outside schema-types.ts, which prints
 *   openapi-typescript's AST;
 * - code pasted into a plain template, a `+` concatenation or `.join()`, which drops the brand
 *   so the result can be mixed with raw text.
 *
 * A planted file with one of each shows the lint finds them.
 */
import { readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";
import { freshOutputDir, REPO_ROOT } from "../support/output-dir.js";

const EMIT = join(REPO_ROOT, "src/emit");
const TS_TEXT = join(EMIT, "ts-text.ts");
/** Files that turn a printed AST into Code, and may call printedCode. */
const PRINTERS = new Set(["schema-types.ts"].map((f) => join(EMIT, f)));

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly problem: string;
}

function lint(files: readonly string[]): Finding[] {
  const config = ts.parseJsonConfigFileContent(ts.readConfigFile(join(REPO_ROOT, "tsconfig.json"), ts.sys.readFile).config, ts.sys, REPO_ROOT);
  const program = ts.createProgram(files, { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const findings: Finding[] = [];

  const isCode = (type: ts.Type): boolean => type.aliasSymbol?.name === "Code";
  const members = (type: ts.Type): readonly ts.Type[] => (type.isUnion() ? type.types : [type]);
  const holdsCode = (type: ts.Type): boolean => members(type).some(isCode);

  for (const file of files) {
    const source = program.getSourceFile(file)!;
    const report = (node: ts.Node, problem: string) =>
      findings.push({ file: relative(REPO_ROOT, file), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, problem });
    const visit = (node: ts.Node): void => {
      if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && /\bCode\b/.test(node.type.getText()) && file !== TS_TEXT) {
        report(node, "cast to Code outside ts-text.ts");
      }
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        if (ts.isIdentifier(callee) && callee.text === "printedCode" && !PRINTERS.has(file) && file !== TS_TEXT) report(node, "printedCode outside the AST printers");
        if (ts.isPropertyAccessExpression(callee) && callee.name.text === "join") {
          const receiver = checker.getTypeAtLocation(callee.expression);
          const element = checker.getIndexTypeOfType(receiver, ts.IndexKind.Number);
          if (element !== undefined && holdsCode(element) && file !== TS_TEXT) report(node, "Code joined with .join() instead of joinCode");
        }
      }
      if (ts.isTemplateExpression(node) && !ts.isTaggedTemplateExpression(node.parent)) {
        if (node.templateSpans.some((span) => holdsCode(checker.getTypeAtLocation(span.expression)))) report(node, "Code in a plain template instead of code``");
      }
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken && file !== TS_TEXT) {
        if (holdsCode(checker.getTypeAtLocation(node.left)) || holdsCode(checker.getTypeAtLocation(node.right))) report(node, "Code concatenated with +");
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return findings;
}

test("no emitter puts text into code except through ts-text.ts", () => {
  const files = readdirSync(EMIT)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(EMIT, f));
  expect(files.length).toBeGreaterThan(10);
  expect(lint(files)).toEqual([]);
}, 120_000);

test("the lint finds each way around the Code brand", () => {
  const dir = freshOutputDir("code-text");
  const planted = join(dir, "planted.ts");
  const tsText = relative(dir, TS_TEXT).replace(/\\/g, "/").replace(/\.ts$/, ".js");
  writeFileSync(
    planted,
    `import { code, printedCode, stringLiteral, type Code } from "${tsText}";
declare const description: string;
export const plain = \`const x = \${stringLiteral(description)};\`;
export const cast = description as Code;
export const plus = "x = " + stringLiteral(description);
export const joined = [stringLiteral(description)].join(", ");
export const printed = printedCode(description);
export const fine: Code = code\`const x = \${stringLiteral(description)};\`;
`,
  );
  expect(lint([planted]).map((f) => `${f.line}: ${f.problem}`)).toEqual([
    "3: Code in a plain template instead of code``",
    "4: cast to Code outside ts-text.ts",
    "5: Code concatenated with +",
    "6: Code joined with .join() instead of joinCode",
    "7: printedCode outside the AST printers",
  ]);
}, 120_000);
