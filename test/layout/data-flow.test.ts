/**
 * The data flow of ../shared/DESIGN.md, checked on the imports: load -> model -> emit, and the
 * runtime below all of them, importing nothing of toolgen outside itself (generated code copies
 * it whole, and `toolgen/runtime` must not pull the generator into an app).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { expect, test } from "vitest";
import { REPO_ROOT } from "../support/output-dir.js";

const SRC = join(REPO_ROOT, "src");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every relative import (static, type-only, dynamic or re-export) of `file`, as a path under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["'](\.\.?\/[^"']+)["']/g)) {
    found.push(relative(SRC, resolve(dirname(file), match[1]!)).replace(/\.js$/, ".ts"));
  }
  return found;
}

/** Folders each folder may not import from: anything later in the flow. */
const FORBIDDEN: Record<string, readonly string[]> = {
  runtime: ["load", "model", "emit", "diff", "load-toolkit", "server", "knowledge-base", "mcp", "cli", "config", "workflow", "http-guard"],
  load: ["model", "emit", "diff", "load-toolkit", "cli", "workflow"],
  model: ["emit", "diff", "load-toolkit", "cli", "workflow"],
  emit: ["diff", "load-toolkit", "cli", "workflow"],
  diff: ["emit", "load-toolkit", "cli", "workflow"],
};

test.each(Object.entries(FORBIDDEN))("src/%s imports nothing later in the data flow", (folder, forbidden) => {
  const offending: string[] = [];
  for (const file of sourceFiles(join(SRC, folder))) {
    for (const target of importsOf(file)) {
      const top = target.split("/")[0]!;
      if (target.startsWith("..") || forbidden.includes(top) || (folder === "runtime" && top !== "runtime")) {
        offending.push(`${relative(SRC, file)} -> ${target}`);
      }
    }
  }
  expect(offending).toEqual([]);
});

test("the check sees imports at all", () => {
  // A pattern that matched nothing would pass every case above.
  expect(importsOf(join(SRC, "load-toolkit/load-toolkit.ts"))).toContain("model/build-model.ts");
  expect(importsOf(join(SRC, "load-toolkit/load-toolkit.ts"))).toContain("runtime/request.ts");
});
