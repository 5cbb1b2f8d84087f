/**
 * `--runtime inline` (the default): a copy of the runtime goes into `<out>/runtime/`, so the
 * generated module has no dependency at all. The copy is the package's own runtime source (for
 * `--emit ts`) or its compiled `.js` + `.d.ts` (for `--emit js`), byte for byte after the header
 * in templates/inline-runtime-header.ts, which says what the file is and, in a `.ts` copy, turns
 * off the app's type check of it.
 */
import { readFileSync } from "node:fs";
import { posix } from "node:path";
import type { GeneratedFile } from "./generated-file.js";

const PACKAGE_ROOT = new URL("../../", import.meta.url);

/** The module generated code imports in inline mode. */
export const INLINE_RUNTIME_ENTRY = "./runtime/portable.js";

export function inlineRuntimeFiles(emit: "ts" | "js"): GeneratedFile[] {
  const sources = new URL("src/runtime/", PACKAGE_ROOT);
  const compiled = new URL("dist/runtime/", PACKAGE_ROOT);
  const header = readFileSync(new URL("templates/inline-runtime-header.ts", PACKAGE_ROOT), "utf8");
  // `.js` is not type-checked and `.d.ts` is skipped under skipLibCheck: they need no directive.
  const comment = header.slice(header.indexOf("\n") + 1);
  const files: GeneratedFile[] = [];
  for (const [stem, source] of portableClosure(sources)) {
    if (emit === "ts") files.push({ path: `runtime/${stem}.ts`, content: header + source });
    else {
      files.push({ path: `runtime/${stem}.js`, content: comment + readFileSync(new URL(`${stem}.js`, compiled), "utf8") });
      files.push({ path: `runtime/${stem}.d.ts`, content: comment + readFileSync(new URL(`${stem}.d.ts`, compiled), "utf8") });
    }
  }
  return files;
}

/** `portable.ts` and every runtime file it reaches through relative imports: stem and source, by stem. */
function portableClosure(folder: URL): [string, string][] {
  const seen = new Map<string, string>();
  const queue = ["portable"];
  while (queue.length > 0) {
    const stem = queue.pop()!;
    if (seen.has(stem)) continue;
    const text = readFileSync(new URL(`${stem}.ts`, folder), "utf8");
    seen.set(stem, text);
    for (const match of text.matchAll(/from\s+"(\.\.?\/[\w./-]+)\.js"/g)) {
      const target = posix.join(posix.dirname(stem), match[1]!);
      if (target.startsWith("..")) throw new Error(`internal error: runtime/${stem}.ts imports outside the runtime (${match[1]})`);
      queue.push(target);
    }
  }
  return [...seen].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The knowledge-base client, copied beside every generated client. It is one self-contained file
 * with no imports, written to be copied verbatim (templates/knowledge-base.ts).
 */
export function knowledgeBaseSource(): string {
  return readFileSync(new URL("templates/knowledge-base.ts", PACKAGE_ROOT), "utf8");
}
