/**
 * The inline runtime as one module (src/build/runtime-bundle.ts): the real runtime's bundle keeps
 * portable.ts's surface, and the bundler refuses what concatenation would get wrong.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { format } from "prettier";
import ts from "typescript";
import { afterAll, describe, expect, test } from "vitest";
import { bundleRuntime } from "../../src/build/runtime-bundle.js";
import { PRETTIER_OPTIONS } from "../../src/emit/format-output.js";
import { KNOWLEDGE_BASE_FORMATTED } from "../../src/emit/inline-runtime.js";
import { freshOutputDir, REPO_ROOT } from "../support/output-dir.js";

const RUNTIME = pathToFileURL(join(REPO_ROOT, "src/runtime/")).href;

test("the knowledge-base client formatted in advance is what prettier makes of templates/knowledge-base.ts now (run `npm run build` after changing it)", async () => {
  const template = readFileSync(join(REPO_ROOT, "templates/knowledge-base.ts"), "utf8");
  const formatted = await format(template, { ...PRETTIER_OPTIONS, filepath: "knowledge-base.ts" });
  expect(formatted).not.toBe(template);
  expect(readFileSync(join(REPO_ROOT, "dist/inline-runtime", KNOWLEDGE_BASE_FORMATTED), "utf8")).toBe(formatted);
});

describe("the runtime's bundle", () => {
  const source = bundleRuntime(new URL(RUNTIME), "portable.ts");

  test("is what the build wrote to dist/inline-runtime/ (run `npm run build` after changing src/runtime)", () => {
    expect(readFileSync(join(REPO_ROOT, "dist/inline-runtime/runtime.ts"), "utf8")).toBe(source);
  });

  test("exports exactly portable.ts's names, and imports nothing", () => {
    const dir = freshOutputDir("runtime-bundle/exports");
    const bundle = join(dir, "runtime.ts");
    writeFileSync(bundle, source);
    const portable = join(REPO_ROOT, "src/runtime/portable.ts");
    // Listing exports needs the modules bound, not checked: no lib.
    const program = ts.createProgram([portable, bundle], { noLib: true, types: [], module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext });
    const checker = program.getTypeChecker();
    const exportsOf = (file: string): string[] =>
      checker
        .getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file)!)!)
        .map((symbol) => symbol.name)
        .sort();
    expect(exportsOf(portable).length).toBeGreaterThan(100);
    expect(exportsOf(bundle)).toEqual(exportsOf(portable));
    expect(source).not.toMatch(/^\s*(import|export .* from)\b/m);
  });
});

describe("the bundler", () => {
  const dir = freshOutputDir("runtime-bundle/fixtures");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let count = 0;
  /** A runtime folder holding `files`, bundled from `entry.ts`. */
  const bundle = (files: Record<string, string>): string => {
    const folder = join(dir, String(count++));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(folder, path, ".."), { recursive: true });
      writeFileSync(join(folder, path), text);
    }
    return bundleRuntime(pathToFileURL(`${folder}/`), "entry.ts");
  };

  test("puts a file after the files it imports and keeps `export` only on the entry's names", () => {
    const text = bundle({
      "entry.ts": `export { greet } from "./lib/greet.js";\nexport * from "./types.js";\n`,
      "lib/greet.ts": `import { shout } from "../shout.js";\nimport type { Name } from "../types.js";\n\nexport function greet(name: Name): string {\n  return shout(name);\n}\n\nexport const unused = 1;\n`,
      "shout.ts": `/** Loud. */\nexport function shout(text: string): string {\n  return text.toUpperCase();\n}\n`,
      "types.ts": `export type Name = string;\n`,
    });
    expect(text).toBe(
      [
        "//#region shout.ts\n/** Loud. */\nfunction shout(text: string): string {\n  return text.toUpperCase();\n}\n//#endregion",
        "//#region types.ts\nexport type Name = string;\n//#endregion",
        "//#region lib/greet.ts\nexport function greet(name: Name): string {\n  return shout(name);\n}\n\nconst unused = 1;\n//#endregion\n",
      ].join("\n\n"),
    );
  });

  test("fails on a top-level name two files declare, naming both", () => {
    expect(() =>
      bundle({
        "entry.ts": `export { a } from "./a.js";\nexport { b } from "./b.js";\n`,
        "a.ts": `const FORMATS = 1;\nexport const a = FORMATS;\n`,
        "b.ts": `function FORMATS(): number { return 2; }\nexport const b = FORMATS();\n`,
      }),
    ).toThrow("rename one of each: FORMATS (runtime/a.ts and runtime/b.ts)");
  });

  test.each([
    ["a namespace import", `import * as a from "./a.js";\nexport const b = a.a;\n`],
    ["a renaming import", `import { a as c } from "./a.js";\nexport const b = c;\n`],
    ["a renaming export", `export { a as b } from "./a.js";\n`],
  ])("fails on %s", (_, entry) => {
    expect(() => bundle({ "entry.ts": entry, "a.ts": `export const a = 1;\n` })).toThrow(/runtime\/entry\.ts: .* (gives|exports) a name other than the declared one/);
  });

  test("fails on an import of a package", () => {
    expect(() => bundle({ "entry.ts": `import { z } from "zod";\nexport const a = z;\n` })).toThrow('runtime/entry.ts imports "zod"');
  });
});
