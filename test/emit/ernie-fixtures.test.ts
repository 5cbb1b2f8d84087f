/**
 * The reference implementation's own fixtures generate and compile. Each generates in a test of
 * its own; one `tsc` run then checks all the outputs together (a separate tsc per fixture cost
 * ~55 s of CI for the same diagnostics, which name the fixture's folder anyway).
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { CORPUS, freshOutputDir } from "../support/output-dir.js";
import { typecheck } from "../support/typecheck.js";

const ERNIE = join(CORPUS, "ernie");
const fixtures = readdirSync(ERNIE).filter((f) => /openapi.*\.(ya?ml|json)$|^openapis__.*\.yaml$|FileParser\.yaml$|PYYAML/.test(f));
const ROOT = freshOutputDir("ernie");
const generated: string[] = [];

test("there are fixtures to check", () => expect(fixtures.length).toBeGreaterThanOrEqual(15));

test.each(fixtures)("%s generates", async (file) => {
  const out = join(ROOT, file.replace(/\W+/g, "-"));
  const lines: string[] = [];
  const io = { stdout: () => {}, stderr: (l: string) => lines.push(l), exitCode: () => {} };
  expect(await main([join(ERNIE, file), "--out", out, "-q"], io)).toBe(0);
  expect(lines.filter((l) => !l.includes("warning:"))).toEqual([]);
  generated.push(file);
});

test("every generated client compiles under tsc --strict", async () => {
  expect(generated.length).toBe(fixtures.length);
  expect(await typecheck(ROOT)).toBe("");
});
