/**
 * `npm run build`'s last step: the runtime that `--runtime inline` copies, written to
 * dist/inline-runtime/ as one module (runtime-bundle.ts) and compiled: `runtime.ts` for
 * `--emit ts`, `runtime.js` + `runtime.d.ts` for `--emit js`. Beside it, the knowledge-base client
 * every toolkit gets (templates/knowledge-base.ts) as prettier formats it, for generations that format.
 *
 * The compile is also the bundle's check: `--strict` and toolgen's other options, and no `types`,
 * so that a use of anything Node provides and browsers do not fails the build.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { format } from "prettier";
import ts from "typescript";
import { PRETTIER_OPTIONS } from "../emit/format-output.js";
import { KNOWLEDGE_BASE_FORMATTED } from "../emit/inline-runtime.js";
import { bundleRuntime } from "./runtime-bundle.js";

const PACKAGE_ROOT = new URL("../../", import.meta.url);
export const INLINE_RUNTIME_FOLDER = new URL("dist/inline-runtime/", PACKAGE_ROOT);

export async function buildInlineRuntime(): Promise<void> {
  const source = bundleRuntime(new URL("src/runtime/", PACKAGE_ROOT), "portable.ts");
  const target = fileURLToPath(INLINE_RUNTIME_FOLDER);
  // Written aside and moved in whole: a generation reading the folder meanwhile, or a second
  // build at the same time, never sees it half written, and a failed build leaves the last one.
  const folder = `${target.replace(/\/$/, "")}.${process.pid}.tmp/`;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const entry = `${folder}runtime.ts`;
  writeFileSync(entry, source);
  const program = ts.createProgram([entry], compilerOptions(folder));
  const emitted = program.emit();
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
  if (diagnostics.length > 0) {
    const host: ts.FormatDiagnosticsHost = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => folder, getNewLine: () => "\n" };
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`the bundled inline runtime does not compile:\n${ts.formatDiagnostics(diagnostics, host)}`);
  }
  // The compiler keeps a comment only with a statement it emits, so the markers of files that
  // declare types alone land elsewhere or nowhere in the `.js`: there they would mislead.
  const js = `${folder}runtime.js`;
  writeFileSync(js, readFileSync(js, "utf8").replace(/^\/\/#(?:end)?region\b.*\n/gm, ""));
  const knowledgeBase = readFileSync(new URL("templates/knowledge-base.ts", PACKAGE_ROOT), "utf8");
  writeFileSync(`${folder}${KNOWLEDGE_BASE_FORMATTED}`, await format(knowledgeBase, { ...PRETTIER_OPTIONS, filepath: "knowledge-base.ts" }));
  rmSync(target, { recursive: true, force: true });
  renameSync(folder, target);
}

/** tsconfig.json's options, writing `.js` and `.d.ts` beside the bundle, with no ambient types. */
function compilerOptions(folder: string): ts.CompilerOptions {
  const root = fileURLToPath(PACKAGE_ROOT);
  const config = ts.readConfigFile(`${root}tsconfig.json`, (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  return { ...options, noEmit: false, declaration: true, sourceMap: false, rootDir: folder, outDir: folder, types: [] };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildInlineRuntime();
