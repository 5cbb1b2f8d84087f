/**
 * Every real Swagger 2.0 description of ../shared/corpus/swagger2 (20 of them, 1 to 99 files, up to
 * Kubernetes' 4.1 MB and 1,123 operations, the known defects of its README included) generates
 * with `toolgen <file> --out dir`, says it was converted, keeps every operation (x-ms-paths ones
 * too), and the outputs compile under tsc --strict in one tsc run (one per output would add
 * ~10 s each for the same diagnostics, which name the output's folder anyway).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { CORPUS, freshOutputDir } from "../support/output-dir.js";
import { typecheck } from "../support/typecheck.js";

const SWAGGER2 = join(CORPUS, "swagger2");

interface Entry {
  readonly name: string;
  readonly entry: string;
  readonly ops: number;
  readonly files: number;
}

const manifest = JSON.parse(readFileSync(join(SWAGGER2, "manifest.json"), "utf8")) as Entry[];
/** These reach common-types five folders up, outside the description's folder. */
const OUTSIDE_REFS = new Set(["azure-storage-arm", "azure-search-service"]);
const ROOT = freshOutputDir("swagger2-corpus");
const generated: string[] = [];

function capture(): { lines: string[]; io: { stdout: () => void; stderr: (line: string) => void; exitCode: () => void } } {
  const lines: string[] = [];
  return { lines, io: { stdout: () => {}, stderr: (line) => lines.push(line), exitCode: () => {} } };
}

test("the corpus has the 20 descriptions its README lists", () => {
  expect(manifest.map((e) => e.name)).toHaveLength(20);
  expect(manifest.reduce((sum, e) => sum + e.ops, 0)).toBe(2440);
});

test.each(manifest.map((e) => [e.name, e] as const))("%s generates, says it was converted, keeps every operation", async (name, entry) => {
  const out = join(ROOT, name);
  const { lines, io } = capture();
  const flags = OUTSIDE_REFS.has(name) ? ["--allow-external-refs"] : [];
  expect(await main([join(SWAGGER2, name, entry.entry), "--out", out, "--no-format", ...flags], io)).toBe(0);
  expect(lines.filter((line) => line.startsWith("toolgen:") && !line.includes("warning:"))).toEqual([]);
  expect(lines.filter((line) => line.includes("warning:") && line.includes("converted from Swagger 2.0 to OpenAPI 3.0 by swagger2openapi"))).toHaveLength(1);
  const operations = readFileSync(join(out, "operations.ts"), "utf8").match(/^export (async )?function (?!isToolCallError\b)/gm) ?? [];
  expect(operations.length).toBe(entry.ops);
  generated.push(name);
});

test("every generated client compiles under tsc --strict", async () => {
  expect(generated).toHaveLength(manifest.length);
  expect(await typecheck(ROOT)).toBe("");
});

test("conversion is deterministic: --check against the generated azure-storage-arm (98 files) finds nothing stale", async () => {
  expect(generated).toContain("azure-storage-arm");
  const storage = manifest.find((e) => e.name === "azure-storage-arm")!;
  const { lines, io } = capture();
  const code = await main([join(SWAGGER2, storage.name, storage.entry), "--out", join(ROOT, storage.name), "--no-format", "--allow-external-refs", "--check", "-q"], io);
  expect(lines.filter((line) => !line.includes("warning:"))).toEqual([]);
  expect(code).toBe(0);
});

test("toolgen's $ref rules still hold for 2.0: common-types outside the folder need --allow-external-refs; nothing is written", async () => {
  const out = join(freshOutputDir("swagger2-outside"), "gen");
  const { lines, io } = capture();
  const storage = manifest.find((e) => e.name === "azure-storage-arm")!;
  expect(await main([join(SWAGGER2, storage.name, storage.entry), "--out", out], io)).toBe(2);
  const error = lines.at(-1)!;
  // Named in 2.0 terms: the parameter of the 2.0 operation that holds the $ref.
  expect(error).toMatch(/storage\.json#\/paths\/~1providers~1Microsoft\.Storage~1operations\/get\/parameters\/0: \$ref "\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/common-types\/resource-management\/v\d\/types\.json#\/parameters\/ApiVersionParameter" cannot be read: .* is outside the description's folder .*--allow-external-refs/);
  expect(existsSync(out)).toBe(false);
});
