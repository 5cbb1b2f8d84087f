/**
 * `--emit js`: each `.ts` file becomes `.js` plus `.d.ts`. Both are derived file by file
 * (`transpileModule`, `transpileDeclaration`), which works because every export of the generated
 * code carries an explicit type. An app with `skipLibCheck` then pays almost nothing to
 * type-check a 1,000-operation client (codegen-anchors §0.4).
 */
import { ts, type TS } from "./typescript-compiler.js";
import type { GeneratedFile } from "./generated-file.js";

const COMPILER_OPTIONS: TS.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  verbatimModuleSyntax: false,
  isolatedModules: true,
  declaration: true,
  isolatedDeclarations: true,
  removeComments: false,
  newLine: ts.NewLineKind.LineFeed,
};

export function toJavaScript(files: readonly GeneratedFile[]): GeneratedFile[] {
  const out: GeneratedFile[] = [];
  for (const file of files) {
    if (!file.path.endsWith(".ts") || file.path.endsWith(".d.ts")) {
      out.push(file);
      continue;
    }
    const stem = file.path.slice(0, -3);
    if (file.typesOnly) {
      // Transpiling 6.5 MB of declarations (the GitHub types) would only copy them, slowly.
      out.push({ path: `${stem}.js`, content: "export {};\n" }, { path: `${stem}.d.ts`, content: file.content });
      continue;
    }
    const js = ts.transpileModule(file.content, { compilerOptions: COMPILER_OPTIONS, fileName: file.path });
    const dts = ts.transpileDeclaration(file.content, { compilerOptions: COMPILER_OPTIONS, fileName: file.path, reportDiagnostics: true });
    const problems = dts.diagnostics ?? [];
    if (problems.length > 0) {
      const first = problems[0]!;
      throw new Error(`internal error: cannot derive ${stem}.d.ts: ${ts.flattenDiagnosticMessageText(first.messageText, " ")}`);
    }
    out.push({ path: `${stem}.js`, content: js.outputText }, { path: `${stem}.d.ts`, content: dts.outputText });
  }
  return out;
}
