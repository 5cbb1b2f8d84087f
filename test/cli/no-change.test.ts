/**
 * The no-change skip (src/up-to-date.ts): when the description (and every `$ref`'d file), the options
 * and toolgen's version are what the lock says and the output files still match it, `toolgen`
 * writes nothing and says so in one line, and `--check` passes without generating. The skip must
 * never hide a change: one byte of the description, of a `$ref`'d file, of an option or of an
 * output file, or another toolgen version in the lock, each regenerates with its reason (and
 * fails `--check` with its reason). Remote descriptions are asked for with If-None-Match /
 * If-Modified-Since; a 304 counts as unchanged. `--force` regenerates anyway.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { inlineRuntimeFiles } from "../../src/emit/inline-runtime.js";
import { descriptionWith, startDescriptionServer, type DescriptionServer } from "../support/description-server.js";
import { freshOutputDir, REPO_ROOT } from "../support/output-dir.js";

async function toolgen(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { stdout: (l) => out.push(l), stderr: (l) => err.push(l), exitCode: () => {} });
  return { code, out, err };
}

/** What one operation generates: seven module files and, by default, the inlined runtime. */
const FILES = 7 + inlineRuntimeFiles("ts").length;
const LONG_AGO = new Date("2001-02-03T04:05:06Z");

/** Sets every file under `dir` to an old modification time, so any write shows. */
function age(dir: string): void {
  for (const file of files(dir)) utimesSync(join(dir, file), LONG_AGO, LONG_AGO);
}

/** The files under `dir` whose modification time is no longer the old one (written since `age`). */
function touched(dir: string): string[] {
  return files(dir).filter((file) => statSync(join(dir, file)).mtimeMs !== LONG_AGO.getTime());
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => statSync(join(dir, file)).isFile())
    .sort();
}

function editByte(path: string, from: string, to: string): void {
  const text = readFileSync(path, "utf8");
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
}

const API = `openapi: 3.0.3
info:
  title: solo
  version: "1.0"
servers:
  - url: http://127.0.0.1:1
paths:
  /solo/1.0/ping:
    post:
      operationId: ping
      summary: Sends a ping
      requestBody:
        content:
          application/json:
            schema:
              $ref: "common.yaml#/Text"
      responses:
        "200":
          description: ok
`;

const COMMON = `Text:
  type: object
  properties:
    text:
      type: string
      description: what to ping
`;

describe("a local description with a $ref'd file", () => {
  let dir: string;
  let out: string;
  let api: string;
  let where: string;
  const generate = (...extra: string[]) => toolgen([api, "--out", out, ...extra]);

  /** The next run is a skip again: one line, exit 0, nothing written. */
  async function expectSkip(): Promise<void> {
    age(out);
    const again = await generate();
    expect(again.code).toBe(0);
    expect(again.err).toEqual([]); // no progress: nothing was loaded, modelled or emitted
    expect(again.out).toEqual([`Up to date: 1 operations of "solo" 1.0 in ${where}/ (description, options and toolgen 0.1.0 unchanged; nothing written)`]);
    expect(touched(out)).toEqual([]);
    const check = await generate("--check");
    expect([check.code, check.out, check.err]).toEqual([0, [`${where}: up to date (1 operations of "solo" 1.0; description, options and toolgen 0.1.0 unchanged)`], []]);
  }

  /** `--check` fails naming `file` with `reason`, writing nothing; then toolgen regenerates saying `why`. */
  async function expectChange(file: string, reason: RegExp, why: string, descriptionChanged = false): Promise<void> {
    age(out);
    const check = await generate("--check");
    expect(check.code).toBe(1);
    expect(check.err).toContainEqual(expect.stringMatching(new RegExp(`^toolgen: ${escape(`${where}/${file}`)} ${reason.source}`)));
    expect(touched(out)).toEqual([]);
    const run = await generate();
    expect(run.code).toBe(0);
    // After the stages, when the description changed: what changed since the last generation, as toolgen diff judges it.
    expect(run.err.map((line) => line.split(":")[0])).toEqual(descriptionChanged ? ["fetch", "parse", "model", "diff", "emit", "format", "write", where] : ["fetch", "parse", "model", "emit", "format", "write"]);
    if (descriptionChanged) expect(run.err.at(-1)).toMatch(/: the description changed since the last generation: 0 breaking, 0 warnings, \d+ info$/);
    expect(run.out).toEqual([expect.stringMatching(new RegExp(`^Generated 1 operations of "solo" 1\\.0 into ${escape(where)}/ \\(${FILES} files, \\d+ changed; ${escape(why)}\\)$`))]);
  }

  beforeAll(async () => {
    dir = freshOutputDir("no-change/local");
    api = join(dir, "api.yaml");
    out = join(dir, "gen");
    where = relative(process.cwd(), out);
    writeFileSync(api, API);
    writeFileSync(join(dir, "common.yaml"), COMMON);
    const first = await generate();
    expect(first.code).toBe(0);
    expect(first.out).toEqual([expect.stringMatching(new RegExp(String.raw`^Generated 1 operations of "solo" 1\.0 into .*\(${FILES} files, ${FILES} changed\)$`))]);
  });

  test("the lock lists every document read, with its hash", () => {
    const lock = JSON.parse(readFileSync(join(out, "toolgen.lock.json"), "utf8"));
    expect(lock.description.operations).toBe(1);
    expect(lock.description.documents).toEqual([
      { path: "../api.yaml", sha256: expect.stringMatching(/^[0-9a-f]{64}$/), bytes: Buffer.byteLength(API) },
      { path: "../common.yaml", sha256: expect.stringMatching(/^[0-9a-f]{64}$/), bytes: Buffer.byteLength(COMMON) },
    ]);
  });

  test("nothing changed: one line, nothing written, and --check passes the same way", async () => {
    await expectSkip();
    const quiet = await generate("--quiet");
    expect([quiet.code, quiet.out, quiet.err]).toEqual([0, [], []]);
  });

  test("one byte of the description", async () => {
    editByte(api, "Sends a ping", "Sends a pinG");
    await expectChange("operations.ts", /is out of date: the description changed since you generated/, "the description changed", true);
    expect(readFileSync(join(out, "operations.ts"), "utf8")).toContain("Sends a pinG");
    await expectSkip();
  });

  test("one byte of a $ref'd file", async () => {
    editByte(join(dir, "common.yaml"), "what to ping", "what to pinG");
    await expectChange("schema.d.ts", /is out of date: the description changed since you generated/, `$ref'd ${relative(process.cwd(), join(dir, "common.yaml"))} changed`, true);
    expect(readFileSync(join(out, "schema.d.ts"), "utf8")).toContain("what to pinG");
    await expectSkip();
  });

  test("one byte of an option", async () => {
    age(out);
    const check = await generate("--check", "--base-url", "http://127.0.0.1:2");
    expect(check.code).toBe(1);
    expect(check.err).toContainEqual(`toolgen: ${where}/client.ts is out of date: generated with other options (baseUrl); run toolgen to regenerate`);
    expect(touched(out)).toEqual([]);
    const run = await generate("--base-url", "http://127.0.0.1:2");
    expect(run.out).toEqual([expect.stringMatching(new RegExp(String.raw`\(${FILES} files, 1 changed; options changed: baseUrl\)$`))]);
    expect(readFileSync(join(out, "client.ts"), "utf8")).toContain("http://127.0.0.1:2");
    // Back to no --base-url: the option changed again.
    const back = await generate();
    expect(back.out).toEqual([expect.stringMatching(new RegExp(String.raw`\(${FILES} files, 1 changed; options changed: baseUrl\)$`))]);
    await expectSkip();
  });

  test("one byte of an output file", async () => {
    editByte(join(out, "operations.ts"), "Sends a pinG", "Sends a pinX");
    await expectChange("operations.ts", /was edited after toolgen generated it/, "operations.ts was edited after toolgen generated it");
    expect(readFileSync(join(out, "operations.ts"), "utf8")).toContain("Sends a pinG");
    await expectSkip();
  });

  test("a missing output file", async () => {
    rmSync(join(out, "index.ts"));
    await expectChange("index.ts", /is missing/, "index.ts was missing");
    await expectSkip();
  });

  test("another toolgen version in the lock", async () => {
    const lockPath = join(out, "toolgen.lock.json");
    const lock = JSON.parse(readFileSync(lockPath, "utf8"));
    writeFileSync(lockPath, `${JSON.stringify({ ...lock, toolgen: "0.0.9" }, null, 2)}\n`);
    // Same output from both versions: regenerating rewrites only the lock, and says why.
    const run = await generate();
    expect(run.out).toEqual([expect.stringMatching(new RegExp(String.raw`\(${FILES} files, nothing changed; generated by toolgen 0\.0\.9 before, this is toolgen 0\.1\.0\)$`))]);
    expect(JSON.parse(readFileSync(lockPath, "utf8")).toolgen).toBe("0.1.0");
    // An older toolgen that wrote different code (the file and its hash in the lock agree):
    // --check compares in full and names the version.
    const schema = join(out, "schema.d.ts");
    appendFileSync(schema, "// written by toolgen 0.0.9\n");
    const current = JSON.parse(readFileSync(lockPath, "utf8"));
    const hash = createHash("sha256").update(readFileSync(schema)).digest("hex");
    writeFileSync(lockPath, `${JSON.stringify({ ...current, toolgen: "0.0.9", files: { ...current.files, "schema.d.ts": hash } }, null, 2)}\n`);
    await expectChange("schema.d.ts", /is out of date: generated by toolgen 0\.0\.9, this is toolgen 0\.1\.0/, "generated by toolgen 0.0.9 before, this is toolgen 0.1.0");
    await expectSkip();
  });

  test("an examples.yaml that appears beside the description", async () => {
    writeFileSync(join(dir, "examples.yaml"), examplesFor("ping", "ping it"));
    const run = await generate();
    expect(run.out).toEqual([expect.stringMatching(/; examples\.yaml is new\)$/)]);
    await expectSkip();
  });

  test("--force generates in full anyway", async () => {
    age(out);
    const run = await generate("--force");
    expect(run.code).toBe(0);
    expect(run.err.map((line) => line.split(":")[0])).toEqual(["fetch", "parse", "model", "emit", "format", "write"]);
    expect(run.out).toEqual([expect.stringMatching(new RegExp(String.raw`\(${FILES} files, nothing changed\)$`))]);
    expect(touched(out)).toEqual([]); // unchanged files are still not rewritten
    const check = await generate("--check", "--force");
    expect(check.out).toEqual([`${where}: up to date (1 operations of "solo" 1.0)`]);
  });

  test("a lock naming a file outside the description's folder is not read: the full run decides", async () => {
    const lockPath = join(out, "toolgen.lock.json");
    const lock = JSON.parse(readFileSync(lockPath, "utf8"));
    const outside = { path: "../../outside.yaml", sha256: "0".repeat(64), bytes: 1 };
    writeFileSync(lockPath, JSON.stringify({ ...lock, description: { ...lock.description, documents: [...lock.description.documents, outside] } }));
    const run = await generate();
    expect(run.out).toEqual([expect.stringMatching(/could not be read again \(.*outside\.yaml is outside the description's folder/)]);
    await expectSkip();
  });
});

describe("a served description", () => {
  let server: DescriptionServer;
  let dir: string;
  let out: string;
  const requests = () => server.requests.map((r) => `${r.method} ${r.path}${r.headers["if-none-match"] !== undefined ? " if-none-match" : ""}`);

  beforeAll(async () => {
    server = await startDescriptionServer(descriptionWith("alpha", ["summarize"]));
    dir = freshOutputDir("no-change/remote");
    out = join(dir, "gen");
  });
  afterAll(() => server?.close());

  test("an unchanged server answers 304 to the lock's ETag and nothing is generated", async () => {
    expect((await toolgen([server.url, "--out", out, "--quiet"])).code).toBe(0);
    const lock = JSON.parse(readFileSync(join(out, "toolgen.lock.json"), "utf8"));
    expect(lock.description.documents).toEqual([
      { url: `${server.url}/.well-known/openapi.yaml`, sha256: expect.any(String), bytes: expect.any(Number), etag: expect.stringMatching(/^"[0-9a-f]{16}"$/) },
    ]);
    server.requests.length = 0;
    age(out);
    const again = await toolgen([server.url, "--out", out]);
    expect(again.out).toEqual([expect.stringMatching(/^Up to date: 1 operations of "alpha" 1\.0 in .*gen\/ \(description, options and toolgen 0\.1\.0 unchanged; nothing written\)$/)]);
    expect(touched(out)).toEqual([]);
    // One conditional GET answered 304, and the examples.yaml probe that found none before.
    expect(requests()).toEqual(["GET /.well-known/openapi.yaml if-none-match", "HEAD /.well-known/examples.yaml"]);
    expect(server.requests[0]?.headers["if-none-match"]).toBe(lock.description.documents[0].etag);
    expect(server.notModified).toBe(1);
    const check = await toolgen([server.url, "--out", out, "--check"]);
    expect(check.code).toBe(0);
    expect(check.out).toEqual([expect.stringMatching(/: up to date \(1 operations of "alpha" 1\.0; description, options and toolgen 0\.1\.0 unchanged\)$/)]);
  });

  test("a 304 still checks the output files", async () => {
    appendFileSync(join(out, "toolkit.ts"), "// edit\n");
    const check = await toolgen([server.url, "--out", out, "--check"]);
    expect(check.code).toBe(1);
    expect(check.err).toContainEqual(expect.stringMatching(/gen\/toolkit\.ts was edited after toolgen generated it/));
    const run = await toolgen([server.url, "--out", out]);
    expect(run.out).toEqual([expect.stringMatching(new RegExp(String.raw`\(${FILES} files, 1 changed; toolkit\.ts was edited after toolgen generated it\)$`))]);
  });

  test("a changed description is downloaded once and regenerated, saying why", async () => {
    server.description = descriptionWith("alpha", ["summarize", "classify"]);
    server.requests.length = 0;
    const check = await toolgen([server.url, "--out", out, "--check", "--quiet"]);
    expect(check.code).toBe(1);
    expect(check.err).toContainEqual(expect.stringMatching(/gen\/operations\.ts is out of date: the server's description changed since you generated/));
    server.requests.length = 0;
    const run = await toolgen([server.url, "--out", out]);
    expect(run.out).toEqual([expect.stringMatching(/^Generated 2 operations of "alpha" 1\.0 .*; the description changed\)$/)]);
    // The check's conditional GET got the new body, and the load used it instead of asking again.
    expect(requests().filter((r) => r.startsWith("GET /.well-known/openapi.yaml"))).toEqual(["GET /.well-known/openapi.yaml if-none-match"]);
    expect(readFileSync(join(out, "operations.ts"), "utf8")).toMatch(/export function classify\(/);
    const again = await toolgen([server.url, "--out", out]);
    expect(again.out).toEqual([expect.stringMatching(/^Up to date: 2 operations/)]);
  });

  test("an examples.yaml that the server starts publishing", async () => {
    server.examples = examplesFor("summarize", "sum it up");
    const run = await toolgen([server.url, "--out", out]);
    expect(run.out).toEqual([expect.stringMatching(/; examples\.yaml is new\)$/)]);
    server.requests.length = 0;
    const again = await toolgen([server.url, "--out", out]);
    expect(again.out).toEqual([expect.stringMatching(/^Up to date: 2 operations/)]);
    expect(requests()).toEqual(["GET /.well-known/openapi.yaml if-none-match", "GET /.well-known/examples.yaml if-none-match"]);
    server.examples = examplesFor("summarize", "sum it all up");
    const changed = await toolgen([server.url, "--out", out]);
    expect(changed.out).toEqual([expect.stringMatching(/; examples\.yaml changed\)$/)]);
  });
});

describe("a server with Last-Modified and no ETag", () => {
  const LAST_MODIFIED = "Sat, 03 Feb 2001 04:05:06 GMT";
  let description = descriptionWith("beta", ["lookup"]);
  let modified = LAST_MODIFIED;
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    if (req.url !== "/.well-known/openapi.yaml") return void res.writeHead(404).end();
    seen.push(req.headers);
    if (req.headers["if-modified-since"] === modified) return void res.writeHead(304).end();
    res.writeHead(200, { "content-type": "application/yaml", "last-modified": modified }).end(description);
  });
  let url: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("If-Modified-Since with the lock's Last-Modified; a 304 is unchanged, a newer one regenerates", async () => {
    const out = freshOutputDir("no-change/last-modified");
    expect((await toolgen([url, "--out", out, "--quiet"])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, "toolgen.lock.json"), "utf8")).description.documents[0].lastModified).toBe(LAST_MODIFIED);
    seen.length = 0;
    const again = await toolgen([url, "--out", out]);
    expect(again.out).toEqual([expect.stringMatching(/^Up to date: 1 operations of "beta"/)]);
    expect(seen.map((h) => h["if-modified-since"])).toEqual([LAST_MODIFIED]);
    description = descriptionWith("beta", ["lookup", "define"]);
    modified = "Sun, 04 Feb 2001 04:05:06 GMT";
    const changed = await toolgen([url, "--out", out]);
    expect(changed.out).toEqual([expect.stringMatching(/^Generated 2 operations of "beta" .*; the description changed\)$/)]);
  });
});

describe("what a skipped run loads", () => {
  test("the built CLI on an up-to-date folder loads no model, emitter or generator package", () => {
    const dir = freshOutputDir("no-change/modules");
    writeFileSync(join(dir, "api.yaml"), API);
    writeFileSync(join(dir, "common.yaml"), COMMON);
    const cli = [join(REPO_ROOT, "bin/toolgen.js"), join(dir, "api.yaml"), "--out", join(dir, "gen")];
    expect(spawnSync(process.execPath, cli, { encoding: "utf8" }).status).toBe(0);
    const log = join(dir, "modules.log");
    const run = spawnSync(process.execPath, ["--import", join(REPO_ROOT, "test/support/fixtures/module-recorder.mjs"), ...cli], {
      encoding: "utf8",
      env: { ...process.env, TOOLGEN_MODULE_LOG: log },
    });
    expect(run.stdout).toMatch(/^Up to date: /);
    const modules = readFileSync(log, "utf8").split("\n");
    const packages = new Set(modules.map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1]).filter((name) => name !== undefined));
    for (const heavy of ["prettier", "openapi-typescript", "typescript", "swagger2openapi"]) expect(packages.has(heavy), heavy).toBe(false);
    const own = modules.filter((url) => url.includes("/dist/")).map((url) => url.slice(url.indexOf("/dist/") + 6));
    expect(own).toContain("up-to-date.js");
    expect(own.filter((path) => /^(model|emit)\//.test(path) && path !== "emit/lock-file.js")).toEqual([]);
    expect(own).not.toContain("generate.js");
    // Nothing is parsed, so not even the YAML parser is loaded.
    expect(packages.has("js-yaml"), "js-yaml").toBe(false);
    expect(own).not.toContain("load/parse-document.js");
  });
});

describe("a server that stops answering", () => {
  test("the check gives up after the time limit once; the full run does not wait again", async () => {
    let hang = false;
    let gets = 0;
    const description = descriptionWith("gamma", ["ping"]);
    const server = createServer((req, res) => {
      if (req.url !== "/.well-known/openapi.yaml") return void res.writeHead(404).end();
      gets += 1;
      if (!hang) res.writeHead(200, { "content-type": "application/yaml", etag: '"g1"' }).end(description);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const dir = freshOutputDir("no-change/no-answer");
      const config = join(dir, "toolgen.config.json");
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      writeFileSync(config, JSON.stringify({ toolkits: [{ source: url, out: "gen", timeoutMs: 300 }] }));
      expect((await toolgen(["--config", config, "--quiet"])).code).toBe(0);
      hang = true;
      gets = 0;
      const run = await toolgen(["--config", config]);
      expect(run.code).toBe(2);
      expect(run.err).toEqual([expect.stringMatching(/openapi\.yaml: did not answer within 300 ms$/)]);
      expect(gets).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("a config with two toolkits", () => {
  test("each toolkit skips on its own", async () => {
    const dir = freshOutputDir("no-change/config");
    writeFileSync(join(dir, "one.yaml"), descriptionWith("one", ["a"]));
    writeFileSync(join(dir, "two.yaml"), descriptionWith("two", ["b"]));
    const config = join(dir, "toolgen.config.json");
    writeFileSync(config, JSON.stringify({ toolkits: [{ name: "one", source: "one.yaml", out: "gen/one" }, { name: "two", source: "two.yaml", out: "gen/two", emit: "js" }] }));
    expect((await toolgen(["--config", config, "--quiet"])).code).toBe(0);
    writeFileSync(join(dir, "two.yaml"), descriptionWith("two", ["b", "c"]));
    age(join(dir, "gen"));
    const run = await toolgen(["--config", config]);
    expect(run.code).toBe(0);
    expect(run.out).toEqual([expect.stringMatching(/^Up to date: 1 operations of "one" 1\.0 in .*gen\/one\//), expect.stringMatching(/^Generated 2 operations of "two" 1\.0 into .*gen\/two\/ .*; the description changed\)$/)]);
    expect(run.err.some((line) => line.startsWith("one "))).toBe(false); // no progress for the skipped one
    expect(touched(join(dir, "gen")).every((file) => file.startsWith("two"))).toBe(true);
    const check = await toolgen(["--config", config, "--check"]);
    expect(check.code).toBe(0);
    expect(check.out).toEqual([expect.stringMatching(/gen\/one: up to date .*unchanged\)$/), expect.stringMatching(/gen\/two: up to date .*unchanged\)$/)]);
    const forced = await toolgen(["--config", config, "--force"]);
    expect(forced.out).toEqual([expect.stringMatching(/^Generated 1 operations of "one" .*nothing changed\)$/), expect.stringMatching(/^Generated 2 operations of "two" .*nothing changed\)$/)]);
  });
});

/** An examples.yaml in the reference's format: one conversation calling `operationId`. */
function examplesFor(operationId: string, user: string): string {
  return `examples:
  - context:
      - { role: user, content: ${user} }
      - role: bot
        plugin: { operationId: ${operationId}, thoughts: call it, requestArguments: { text: hi } }
`;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
