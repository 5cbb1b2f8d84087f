/**
 * `generated-examples/` holds the committed output for the sample word-list server. This test
 * regenerates it and fails on any difference, so a change to the generator shows up as a diff in
 * review. Refresh after an intended change with `UPDATE_EXAMPLES=1 npx vitest run test/emit/generated-examples.test.ts`.
 */
import { cpSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { serveTools } from "../../src/server/index.js";
import { wordListTools } from "../../src/server/samples/word-list.js";
import { freshOutputDir, REPO_ROOT } from "../support/output-dir.js";

const EXAMPLES = join(REPO_ROOT, "generated-examples");
let server: Awaited<ReturnType<typeof serveTools>>;
beforeAll(async () => void (server = await serveTools(wordListTools({ spelling: true }).tools, { namespace: "WordBook", version: "v1" })));
afterAll(() => server.close());

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => statSync(join(dir, f)).isFile())
    .map((f) => f.split("\\").join("/"))
    .sort();
}

// The word list comes from the sample server; the bookshop (paging, answer headers, an
// idempotency key, typed error answers) from its description beside the examples.
const BOOKSHOP = join(EXAMPLES, "bookshop.yaml");
const variants: [string, string[], string | undefined][] = [
  ["wordbook", [], undefined],
  ["wordbook-js-inline", ["--emit", "js", "--runtime", "inline"], undefined],
  ["wordbook-package", ["--runtime", "package"], undefined],
  ["bookshop", ["--runtime", "package"], BOOKSHOP],
];

test.each(variants)("generated-examples/%s matches a fresh generation", async (name, flags, source) => {
  const out = freshOutputDir(`examples/${name}`);
  const io = { stdout: () => {}, stderr: () => {}, exitCode: () => {} };
  // A fixed base address: the server listens on a random port, the committed output must not.
  const args = source === undefined ? [server.url, "--base-url", "http://127.0.0.1:8081"] : [source];
  expect(await main([...args, "--out", out, ...flags], io)).toBe(0);
  // The lock records the description's hash, and the description names the server's random
  // port: it differs on every run, so it is the one file not kept.
  rmSync(join(out, "toolgen.lock.json"));
  // The snapshot of the description the build step diffs against holds that port too.
  rmSync(join(out, "toolgen.description.json.br"), { force: true });
  const committed = join(EXAMPLES, name);
  if (process.env.UPDATE_EXAMPLES) {
    rmSync(committed, { recursive: true, force: true });
    cpSync(out, committed, { recursive: true });
  }
  const fresh = listFiles(out);
  // A small API's output is its own files and one runtime module: a review after an upstream
  // change reads the API's diff, not a tree of runtime files.
  expect(fresh.length).toBeLessThanOrEqual(20);
  expect(listFiles(committed)).toEqual(fresh);
  for (const file of fresh) {
    expect(readFileSync(join(committed, file), "utf8"), `${relative(REPO_ROOT, committed)}/${file}`).toBe(
      readFileSync(join(out, file), "utf8"),
    );
  }
});
