/**
 * Bad input: exit code 2, exactly one line naming the problem and the place, no stack trace, and
 * nothing written to the output directory.
 */
import { existsSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { freshOutputDir } from "../support/output-dir.js";

let server: Server;
let base: string;
const bodies: Record<string, [number, string, string]> = {
  "/html/.well-known/openapi.yaml": [200, "text/html", "<!DOCTYPE html><html><body>Welcome to nginx!</body></html>"],
  "/yaml-error/.well-known/openapi.yaml": [200, "text/yaml", "openapi: 3.0.0\ninfo:\n  title: T\n  version: 1\npaths:\n  /a: [unclosed\n"],
  "/dangling/.well-known/openapi.yaml": [
    200,
    "text/yaml",
    "openapi: 3.0.0\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: '#/components/schemas/Nope'}\n",
  ],
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const found = bodies[req.url?.split("?")[0] ?? ""];
    if (!found) return void res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    res.writeHead(found[0], { "content-type": found[1] }).end(found[2]);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function run(args: string[]): Promise<{ code: number; lines: string[]; out: string }> {
  const out = join(freshOutputDir(`bad-input/${Math.random().toString(36).slice(2)}`), "gen");
  const lines: string[] = [];
  const io = { stdout: (l: string) => lines.push(l), stderr: (l: string) => lines.push(l), exitCode: () => {} };
  const code = await main([...args, "--out", out], io);
  return { code, lines: lines.filter((l) => !l.includes("warning:")), out };
}

function expectBadInput(result: { code: number; lines: string[]; out: string }, pattern: RegExp): void {
  expect(result.code).toBe(2);
  expect(result.lines).toHaveLength(1);
  expect(result.lines[0]).toMatch(/^toolgen: /);
  expect(result.lines[0]).toMatch(pattern);
  expect(result.lines[0]).not.toMatch(/\n| {4}at /);
  expect(existsSync(result.out)).toBe(false);
}

describe("bad input exits 2 with one line and writes nothing", () => {
  test("unreachable address", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    expectBadInput(await run([`http://127.0.0.1:${port}`]), new RegExp(`127\\.0\\.0\\.1:${port}`));
  });

  test("404 for the description", async () => {
    expectBadInput(await run([`${base}/nothing`]), /404/);
  });

  test("HTML instead of YAML", async () => {
    expectBadInput(await run([`${base}/html`]), /HTML/);
  });

  test("YAML syntax error names the line", async () => {
    expectBadInput(await run([`${base}/yaml-error`]), /openapi\.yaml:\d+/);
  });

  test("a $ref that points nowhere names the JSON pointer", async () => {
    expectBadInput(await run([`${base}/dangling`]), /#\/paths\/~1a\/get\/responses\/200.*#\/components\/schemas\/Nope|#\/components\/schemas\/Nope.*#\/paths\/~1a/);
  });

  test("a missing file", async () => {
    expectBadInput(await run(["./no-such-description.yaml"]), /no-such-description\.yaml/);
  });

  test("a JSON file that is not valid JSON or YAML", async () => {
    const dir = freshOutputDir("bad-input/json");
    const file = join(dir, "broken.json");
    writeFileSync(file, '{"openapi": "3.0.0", "info": {');
    expectBadInput(await run([file]), /broken\.json/);
  });

  test("usage errors", async () => {
    const lines: string[] = [];
    const io = { stdout: (l: string) => lines.push(l), stderr: (l: string) => lines.push(l), exitCode: () => {} };
    expect(await main(["x.yaml"], io)).toBe(2);
    expect(lines.join("\n")).toMatch(/--out/);
    expect(await main(["x.yaml", "--out", "o", "--emit", "py"], io)).toBe(2);
  });
});
