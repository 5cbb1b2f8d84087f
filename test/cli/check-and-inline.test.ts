/** `--check` reports drift with exit 1; `--runtime inline` output needs no toolgen at all. */
import { appendFileSync, readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { CORPUS, freshOutputDir, REPO_ROOT } from "../support/output-dir.js";
import { typecheck } from "../support/typecheck.js";

const PETSTORE = join(CORPUS, "specs/petstore-3.0.yaml");

function io() {
  const lines: string[] = [];
  return { lines, io: { stdout: (l: string) => lines.push(l), stderr: (l: string) => lines.push(l), exitCode: () => {} } };
}

describe("--check", () => {
  test("clean after generating; exit 1 naming the edited and the missing file", async () => {
    const out = freshOutputDir("check/petstore");
    expect(await main([PETSTORE, "--out", out], io().io)).toBe(0);
    const clean = io();
    expect(await main([PETSTORE, "--out", out, "--check"], clean.io)).toBe(0);
    expect(clean.lines.join("\n")).toMatch(/up to date/);

    appendFileSync(join(out, "operations.ts"), "\n// a local edit\n");
    const drift = io();
    expect(await main([PETSTORE, "--out", out, "--check"], drift.io)).toBe(1);
    expect(drift.lines.filter((l) => l.startsWith("toolgen:"))).toEqual([expect.stringMatching(/operations\.ts was edited after toolgen generated it/)]);
    expect(readFileSync(join(out, "operations.ts"), "utf8")).toMatch(/a local edit/);
  });

  test("the same input gives byte-identical output", async () => {
    const a = freshOutputDir("check/det-a");
    const b = freshOutputDir("check/det-b");
    await main([PETSTORE, "--out", a, "--emit", "js"], io().io);
    await main([PETSTORE, "--out", b, "--emit", "js"], io().io);
    const files = readdirSync(a, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.map((entry) => entry.name)).toContain("runtime.js");
    for (const entry of files) {
      const file = relative(a, join(entry.parentPath, entry.name));
      expect(readFileSync(join(b, file), "utf8"), file).toBe(readFileSync(join(a, file), "utf8"));
    }
  });
});

describe("--runtime inline", () => {
  test("TypeScript output with its own runtime copy compiles and imports nothing from toolgen", async () => {
    const out = freshOutputDir("inline/petstore-ts");
    expect(await main([PETSTORE, "--out", out, "--runtime", "inline"], io().io)).toBe(0);
    expect(readdirSync(out)).toContain("runtime.ts");
    const sources = readdirSync(out, { recursive: true }).map(String).filter((f) => f.endsWith(".ts"));
    for (const file of sources) expect(readFileSync(join(out, file), "utf8"), file).not.toMatch(/from "toolgen/);
    expect(await typecheck(out)).toBe("");
  });

  test("the runtime is one file, toolgen's bundle after a header that keeps the app's tsc from checking it again", async () => {
    const out = freshOutputDir("inline/petstore-header");
    expect(await main([PETSTORE, "--out", out], io().io)).toBe(0);
    const header = readFileSync(join(REPO_ROOT, "templates/inline-runtime-header.ts"), "utf8");
    expect(header.split("\n")[0]).toBe("// @ts-nocheck");
    expect(readdirSync(out).filter((f) => f.startsWith("runtime"))).toEqual(["runtime.ts"]);
    const copy = readFileSync(join(out, "runtime.ts"), "utf8");
    expect(copy).toBe(header + readFileSync(join(REPO_ROOT, "dist/inline-runtime/runtime.ts"), "utf8"));
    expect(copy).toContain("//#region validation/validate.ts\n");
  });
});
