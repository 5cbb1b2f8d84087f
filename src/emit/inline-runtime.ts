/**
 * `--runtime inline`: a copy of the runtime goes into `<out>/runtime/`, so the generated module
 * has no dependency at all. The copy is the package's own runtime source (for `--emit ts`) or
 * its compiled `.js` + `.d.ts` (for `--emit js`), byte for byte.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { GeneratedFile } from "./generated-file.js";

const PACKAGE_ROOT = new URL("../../", import.meta.url);

export function inlineRuntimeFiles(emit: "ts" | "js"): GeneratedFile[] {
  const folder = new URL(emit === "ts" ? "src/runtime/" : "dist/runtime/", PACKAGE_ROOT);
  const wanted = emit === "ts" ? /^(?!.*\.d\.ts$).*\.ts$/ : /\.(js|d\.ts)$/;
  return readdirSync(fileURLToPath(folder))
    .filter((name) => wanted.test(name))
    .sort()
    .map((name) => ({ path: `runtime/${name}`, content: readFileSync(new URL(name, folder), "utf8") }));
}

/**
 * The knowledge-base client, copied beside every generated client. It is one self-contained file
 * with no imports, written to be copied verbatim (see src/knowledge-base/knowledge-base.ts).
 */
export function knowledgeBaseSource(): string {
  return readFileSync(new URL("src/knowledge-base/knowledge-base.ts", PACKAGE_ROOT), "utf8");
}
