/**
 * `--runtime inline` (the default): a copy of the runtime goes beside the generated module, so it
 * has no dependency at all. The copy is one module, the runtime bundled at build time
 * (src/build/runtime-bundle.ts): `runtime.ts` for `--emit ts`, or its compiled `runtime.js` +
 * `runtime.d.ts` for `--emit js`, byte for byte after the header in
 * templates/inline-runtime-header.ts, which says what the file is and, in the `.ts` copy, turns
 * off the app's type check of it. Every toolkit gets the same bytes, so regenerating after an
 * upstream change leaves the runtime out of the diff.
 */
import { existsSync, readFileSync } from "node:fs";
import type { GeneratedFile } from "./generated-file.js";

const PACKAGE_ROOT = new URL("../../", import.meta.url);
const BUNDLE_FOLDER = new URL("dist/inline-runtime/", PACKAGE_ROOT);

/** The module generated code imports in inline mode. */
export const INLINE_RUNTIME_ENTRY = "./runtime.js";

export function inlineRuntimeFiles(emit: "ts" | "js"): GeneratedFile[] {
  const header = readFileSync(new URL("templates/inline-runtime-header.ts", PACKAGE_ROOT), "utf8");
  // `.js` is not type-checked and `.d.ts` is skipped under skipLibCheck: they need no directive.
  const comment = header.slice(header.indexOf("\n") + 1);
  if (emit === "ts") return [{ path: "runtime.ts", content: header + bundled("runtime.ts") }];
  return [
    { path: "runtime.d.ts", content: comment + bundled("runtime.d.ts") },
    { path: "runtime.js", content: comment + bundled("runtime.js") },
  ];
}

function bundled(name: string): string {
  const file = new URL(name, BUNDLE_FOLDER);
  if (!existsSync(file)) throw new Error(`internal error: the bundled runtime ${name} is missing from dist/inline-runtime/: run \`npm run build\``);
  return readFileSync(file, "utf8");
}

/**
 * The knowledge-base client, copied beside every generated client. It is one self-contained file
 * with no imports, written to be copied verbatim (templates/knowledge-base.ts).
 */
export function knowledgeBaseSource(): string {
  return readFileSync(new URL("templates/knowledge-base.ts", PACKAGE_ROOT), "utf8");
}

/**
 * The same as prettier formats it, done by the build (src/build/build-inline-runtime.ts): prettier
 * took a quarter of a small toolkit's formatting on this file, the same every time.
 */
export function knowledgeBaseFormatted(): string {
  return bundled(KNOWLEDGE_BASE_FORMATTED);
}

export const KNOWLEDGE_BASE_FORMATTED = "knowledge-base.formatted.ts";
