/** The reference implementation's own fixtures generate and compile. */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { CORPUS, freshOutputDir } from "../support/output-dir.js";
import { typecheck } from "../support/typecheck.js";

const ERNIE = join(CORPUS, "ernie");
const fixtures = readdirSync(ERNIE).filter((f) => /openapi.*\.(ya?ml|json)$|^openapis__.*\.yaml$|FileParser\.yaml$|PYYAML/.test(f));

test("there are fixtures to check", () => expect(fixtures.length).toBeGreaterThanOrEqual(15));

test.each(fixtures)("%s generates and compiles", async (file) => {
  const out = freshOutputDir(`ernie/${file.replace(/\W+/g, "-")}`);
  const lines: string[] = [];
  const io = { stdout: () => {}, stderr: (l: string) => lines.push(l), exitCode: () => {} };
  expect(await main([join(ERNIE, file), "--out", out, "-q"], io)).toBe(0);
  expect(lines.filter((l) => !l.includes("warning:"))).toEqual([]);
  expect(await typecheck(out)).toBe("");
});
