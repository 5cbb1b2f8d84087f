/**
 * The build step tells what broke: when a tool server's description changed since the output was
 * generated, `toolgen` compares it with the one the output was generated from (the snapshot kept
 * beside the lock), prints the counts and each breaking finding before its usual report, and with
 * `--fail-on breaking` / `failOn` writes nothing for that toolkit and exits 1; `--check` names the
 * counts in its reason. Every run here is on a fresh copy of the output folder (as on a fresh
 * clone in CI: no cache, and a real server on 127.0.0.1 that serves only the changed description).
 */
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { runAndReport } from "../../src/cli/parallel-toolkits.js";
import { ProgressReporter } from "../../src/cli/progress-reporter.js";
import { loadConfigFile } from "../../src/config/load-config.js";
import { SNAPSHOT_FILE } from "../../src/emit/description-snapshot.js";
import { startDescriptionServer, type DescriptionServer } from "../support/description-server.js";
import { freshOutputDir, REPO_ROOT } from "../support/output-dir.js";

async function toolgen(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { stdout: (l) => out.push(l), stderr: (l) => err.push(l), exitCode: () => {} });
  return { code, out, err };
}

/** `toolgen --config <config>` with every toolkit in a worker thread (as parallel runs do). */
async function inWorkers(config: string) {
  const out: string[] = [];
  const err: string[] = [];
  let code = 0;
  const io = { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l), exitCode: (c: number) => void (code = Math.max(code, c)) };
  const reporter = new ProgressReporter(io, "normal");
  await runAndReport(await loadConfigFile(config), { onProgress: (toolkit, event) => reporter.progress(toolkit.name, event) }, { jobs: 2, reporter, io, check: false, workersOnly: true });
  return { code, out, err };
}

/** A words server: `addWord` (a body with `word`), `getWords`, and more operations as given. */
function words(title: string, options: { lang?: boolean; getWords?: boolean; extra?: string } = {}): string {
  const required = options.lang ? "[word, lang]" : "[word]";
  const lang = options.lang ? "\n                lang: { type: string }" : "";
  const getWords =
    options.getWords === false
      ? ""
      : `
  /get_words:
    get:
      operationId: getWords
      responses:
        "200":
          description: the words
          content:
            application/json:
              schema: { type: array, items: { type: string } }`;
  const extra =
    options.extra === undefined
      ? ""
      : `
  /${options.extra}:
    post:
      operationId: ${options.extra}
      responses:
        "200": { description: ok }`;
  return `openapi: 3.0.3
info:
  title: ${title}
  version: v1
servers:
  - url: http://127.0.0.1:1
paths:
  /add_word:
    post:
      operationId: addWord
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: ${required}
              properties:
                word: { type: string }${lang}
      responses:
        "200": { description: ok }${getWords}${extra}
`;
}

const V1 = words("words");
// Two breaking changes (a required input added, an operation removed) and one that is not.
const V2 = words("words", { lang: true, getWords: false, extra: "count" });

const LONG_AGO = new Date("2001-02-03T04:05:06Z");

function files(dir: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true }).map(String).sort()) {
    if (statSync(join(dir, entry)).isFile()) found.set(entry, readFileSync(join(dir, entry)));
  }
  return found;
}

function age(dir: string): void {
  for (const file of files(dir).keys()) utimesSync(join(dir, file), LONG_AGO, LONG_AGO);
}

function touched(dir: string): string[] {
  return [...files(dir).keys()].filter((file) => statSync(join(dir, file)).mtimeMs !== LONG_AGO.getTime());
}

/** The output folder as committed: a copy in a new place, so nothing of the first run is at hand but the folder. */
function freshCopy(from: string, name: string): string {
  const to = join(freshOutputDir(`build-step/${name}`), "gen");
  cpSync(from, to, { recursive: true });
  return to;
}

const HEADING = /: the description changed since the last generation: 2 breaking, 0 warnings, 1 info$/;

describe("one toolkit from the command line", () => {
  let server: DescriptionServer;
  let first: string;
  let cache: string;

  beforeAll(async () => {
    server = await startDescriptionServer(V1);
    const dir = freshOutputDir("build-step/first");
    first = join(dir, "gen");
    cache = join(dir, "cache");
    expect((await toolgen([server.url, "--out", first, "--cache-dir", cache, "-q"])).code).toBe(0);
    server.description = V2;
  });
  afterAll(() => server?.close());

  test("the snapshot beside the lock is the bundled description, compressed, and not one of the lock's files", () => {
    const snapshot = JSON.parse(brotliDecompressSync(readFileSync(join(first, SNAPSHOT_FILE))).toString("utf8"));
    const lock = JSON.parse(readFileSync(join(first, "toolgen.lock.json"), "utf8"));
    expect(snapshot.inputsSha256).toBe(lock.description.inputsSha256);
    expect(snapshot.document.paths["/get_words"].get.operationId).toBe("getWords");
    expect(Object.keys(lock.files)).not.toContain(SNAPSHOT_FILE);
  });

  test("--fail-on breaking: the findings, then one error line; exit 1 and nothing written", async () => {
    const out = freshCopy(first, "fail-on");
    const before = files(out);
    age(out);
    const run = await toolgen([server.url, "--out", out, "--cache-dir", cache, "--fail-on", "breaking"]);
    expect(run.code).toBe(1);
    expect(run.out).toEqual([]);
    const where = relative(process.cwd(), out);
    const report = run.err.slice(run.err.findIndex((line) => line.startsWith(`${where}: the description changed`)));
    expect(report[0]).toMatch(HEADING);
    // The place of the new property in the served description (line 20, column 17 of V2); a
    // removed operation has none: its side is the snapshot, not a file anyone can open.
    expect(report.slice(1, 3)).toEqual([
      `  breaking  ${server.url}/.well-known/openapi.yaml:20:17: words/v1/addWord: added the new required property \`lang\` to the request: requests that were valid before can be rejected; check what callers send (new-required-request-property ef30a56c5372)`,
      expect.stringMatching(/^ {2}breaking {2}words\/v1\/getWords: removed GET \/get_words: .* \(api-removed-without-deprecation [0-9a-f]{12}\)$/),
    ]);
    expect(report.slice(3)).toEqual([`toolgen: ${where}: not generated: 2 breaking changes since the last generation (failOn: breaking); nothing was written`]);
    expect(touched(out)).toEqual([]);
    expect(files(out)).toEqual(before);
  });

  test("--check names the counts in the description-changed reason, after the breaking findings", async () => {
    const out = freshCopy(first, "check");
    const run = await toolgen([server.url, "--out", out, "--cache-dir", cache, "--check"]);
    expect(run.code).toBe(1);
    const where = relative(process.cwd(), out);
    expect(run.err).toContainEqual(expect.stringMatching(HEADING));
    expect(run.err.filter((line) => line.startsWith("  breaking  "))).toHaveLength(2);
    const stale = run.err.filter((line) => line.startsWith(`toolgen: ${where}/`));
    const reason = `is out of date: the server's description changed since you generated (inputs sha256 ${inputsOf(first).slice(0, 12)} -> `;
    expect(stale).toContainEqual(expect.stringMatching(new RegExp(`^${escape(`toolgen: ${where}/operations.ts ${reason}`)}[0-9a-f]{12}; 2 breaking, 0 warnings, 1 info\\); run toolgen to regenerate$`)));
    // The heading and the findings come before the stale files.
    expect(run.err.findIndex((line) => HEADING.test(line))).toBeLessThan(run.err.indexOf(stale[0]!));
  });

  test("without --fail-on: the findings come before the report, and the folder is generated with a new snapshot", async () => {
    const out = freshCopy(first, "report");
    const snapshotBefore = readFileSync(join(out, SNAPSHOT_FILE));
    const run = await toolgen([server.url, "--out", out, "--cache-dir", cache]);
    expect(run.code).toBe(0);
    expect(run.err).toContainEqual("diff: 2 breaking, 0 warnings, 1 info since the last generation");
    const heading = run.err.findIndex((line) => HEADING.test(line));
    expect(heading).toBeGreaterThan(-1);
    expect(run.err.slice(heading + 1)).toEqual([
      expect.stringMatching(/^ {2}breaking {2}http:\/\/127\.0\.0\.1:\d+\/\.well-known\/openapi\.yaml:20:17: words\/v1\/addWord: /),
      expect.stringMatching(/^ {2}breaking {2}words\/v1\/getWords: /),
    ]);
    expect(run.out).toEqual([expect.stringMatching(/^Generated 2 operations of "words" v1 into .*; the description changed\)$/)]);
    expect(readFileSync(join(out, "operations.ts"), "utf8")).toMatch(/export function count\(/);
    expect(readFileSync(join(out, SNAPSHOT_FILE)).equals(snapshotBefore)).toBe(false);
    // The next run compares with this generation: nothing changed, nothing to say.
    const again = await toolgen([server.url, "--out", out, "--cache-dir", cache, "--force"]);
    expect(again.code).toBe(0);
    expect(again.err.filter((line) => line.includes("the description changed"))).toEqual([]);
  });

  test("an unchanged snapshot is not rewritten, and equals one generated elsewhere from the same description", async () => {
    const out = freshCopy(first, "unchanged");
    server.description = V1;
    try {
      age(out);
      expect((await toolgen([server.url, "--out", out, "--cache-dir", cache, "--force", "-q"])).code).toBe(0);
      expect(touched(out)).toEqual([]);
      const elsewhere = join(freshOutputDir("build-step/elsewhere"), "gen");
      expect((await toolgen([server.url, "--out", elsewhere, "--cache-dir", cache, "-q"])).code).toBe(0);
      expect(readFileSync(join(elsewhere, SNAPSHOT_FILE))).toEqual(readFileSync(join(out, SNAPSHOT_FILE)));
    } finally {
      server.description = V2;
    }
  });

  test("without a snapshot the folder is generated; with --fail-on a warning says the change could not be judged", async () => {
    const out = freshCopy(first, "no-snapshot");
    rmSync(join(out, SNAPSHOT_FILE));
    const run = await toolgen([server.url, "--out", out, "--cache-dir", cache, "--fail-on", "breaking"]);
    expect(run.code).toBe(0);
    expect(run.err).toContainEqual(
      `toolgen: warning: ${relative(process.cwd(), out)}: the description changed since the last generation; what changed cannot be said: there is no ${SNAPSHOT_FILE} from the last generation (toolgen keeps one from this run on)`,
    );
    expect(readFileSync(join(out, SNAPSHOT_FILE)).byteLength).toBeGreaterThan(0);
  });

  test("a snapshot of another generation is not compared with", async () => {
    const out = freshCopy(first, "other-snapshot");
    const other = join(freshOutputDir("build-step/other"), "gen");
    server.description = words("words", { extra: "other" });
    expect((await toolgen([server.url, "--out", other, "--cache-dir", cache, "-q"])).code).toBe(0);
    server.description = V2;
    cpSync(join(other, SNAPSHOT_FILE), join(out, SNAPSHOT_FILE));
    const run = await toolgen([server.url, "--out", out, "--cache-dir", cache, "--fail-on", "breaking"]);
    expect(run.code).toBe(0);
    expect(run.err).toContainEqual(expect.stringMatching(/what changed cannot be said: toolgen\.description\.json\.br is not of the generation toolgen\.lock\.json describes$/));
  });
});

describe("a config of two toolkits, one with failOn", () => {
  let wordsServer: DescriptionServer;
  let booksServer: DescriptionServer;
  let project: string;

  beforeAll(async () => {
    wordsServer = await startDescriptionServer(V1);
    booksServer = await startDescriptionServer(words("books"));
    project = freshOutputDir("build-step/project");
    writeFileSync(
      join(project, "toolgen.config.json"),
      JSON.stringify({
        toolkits: [
          { name: "words", source: wordsServer.url, out: "gen/words", failOn: "breaking" },
          { name: "books", source: booksServer.url, out: "gen/books" },
        ],
        cacheDir: "cache",
        jobs: 1,
      }),
    );
    expect((await toolgen(["--config", join(project, "toolgen.config.json"), "-q"])).code).toBe(0);
    wordsServer.description = V2;
    booksServer.description = words("books", { lang: true, getWords: false, extra: "count" });
  });
  afterAll(async () => {
    await wordsServer?.close();
    await booksServer?.close();
  });

  /** The project as cloned: the config and the output folders, no cache. */
  function clone(name: string): string {
    const to = freshOutputDir(`build-step/${name}`);
    cpSync(join(project, "toolgen.config.json"), join(to, "toolgen.config.json"));
    cpSync(join(project, "gen"), join(to, "gen"), { recursive: true });
    return to;
  }

  function expectStoppedAndGenerated(run: { code: number; out: string[]; err: string[] }, dir: string, wordsBefore: Map<string, Buffer>): void {
    expect(run.code).toBe(1);
    const where = (name: string) => relative(process.cwd(), join(dir, "gen", name));
    expect(run.err).toContainEqual(`toolgen: ${where("words")}: not generated: 2 breaking changes since the last generation (failOn: breaking); nothing was written`);
    expect(run.err).toContainEqual(expect.stringMatching(new RegExp(`^${escape(where("words"))}${HEADING.source}`)));
    expect(run.err).toContainEqual(expect.stringMatching(new RegExp(`^${escape(where("books"))}${HEADING.source}`)));
    expect(run.err).toContainEqual(expect.stringMatching(/^ {2}breaking {2}\S+:20:17: books\/v1\/addWord: .*\(new-required-request-property [0-9a-f]{12}\)$/));
    expect(run.err).toContainEqual(expect.stringMatching(/^ {2}breaking {2}\S+:20:17: words\/v1\/addWord: .*\(new-required-request-property [0-9a-f]{12}\)$/));
    expect(run.out).toEqual([expect.stringMatching(/^Generated 2 operations of "books" v1 into .*gen\/books\//)]);
    expect(files(join(dir, "gen/words"))).toEqual(wordsBefore);
    expect(readFileSync(join(dir, "gen/books/operations.ts"), "utf8")).toMatch(/export function count\(/);
  }

  test("the toolkit with failOn stops with exit 1 and writes nothing; the other reports and is generated", async () => {
    const dir = clone("serial");
    const before = files(join(dir, "gen/words"));
    expectStoppedAndGenerated(await toolgen(["--config", join(dir, "toolgen.config.json")]), dir, before);
  });

  test("the same from worker threads", async () => {
    const dir = clone("workers");
    const before = files(join(dir, "gen/words"));
    expectStoppedAndGenerated(await inWorkers(join(dir, "toolgen.config.json")), dir, before);
  });

  test("--check: exit 1 with the counts in each reason; nothing written", async () => {
    const dir = clone("check");
    const before = files(join(dir, "gen"));
    const run = await toolgen(["--config", join(dir, "toolgen.config.json"), "--check"]);
    expect(run.code).toBe(1);
    expect(run.err).toContainEqual(expect.stringMatching(/gen\/words\/operations\.ts is out of date: the server's description changed since you generated \(inputs sha256 [0-9a-f]{12} -> [0-9a-f]{12}; 2 breaking, 0 warnings, 1 info\)/));
    expect(files(join(dir, "gen"))).toEqual(before);
  });

  test("findings accepted in toolgen-diff.json beside the config let the toolkit through", async () => {
    const dir = clone("accepted");
    const stopped = await toolgen(["--config", join(dir, "toolgen.config.json")]);
    const fingerprints = stopped.err.filter((line) => / words\/v1\//.test(line) && line.startsWith("  breaking  ")).map((line) => /([0-9a-f]{12})\)$/.exec(line)![1]);
    expect(fingerprints).toHaveLength(2);
    writeFileSync(join(dir, "toolgen-diff.json"), JSON.stringify({ ignore: fingerprints }));
    const run = await toolgen(["--config", join(dir, "toolgen.config.json")]);
    expect(run.code).toBe(0);
    expect(run.err).toContainEqual(expect.stringMatching(/gen\/words: the description changed since the last generation: 0 breaking, 0 warnings, 1 info \(2 ignored by toolgen-diff\.json\)$/));
    expect(readFileSync(join(dir, "gen/words/operations.ts"), "utf8")).toMatch(/export function count\(/);
  });

  test("--fail-on on the command line applies to every toolkit", async () => {
    const dir = clone("fail-on-flag");
    const books = files(join(dir, "gen/books"));
    const run = await toolgen(["--config", join(dir, "toolgen.config.json"), "--fail-on", "breaking"]);
    expect(run.code).toBe(1);
    expect(run.out).toEqual([]);
    expect(files(join(dir, "gen/books"))).toEqual(books);
  });
});

describe("a run with nothing changed", () => {
  test("never reads the snapshot: a broken one changes nothing, and no module that reads it is loaded", () => {
    const dir = freshOutputDir("build-step/skip");
    writeFileSync(join(dir, "api.yaml"), V1);
    const cli = [join(REPO_ROOT, "bin/toolgen.js"), join(dir, "api.yaml"), "--out", join(dir, "gen")];
    expect(spawnSync(process.execPath, cli, { encoding: "utf8" }).status).toBe(0);
    writeFileSync(join(dir, "gen", SNAPSHOT_FILE), "not brotli");
    const log = join(dir, "modules.log");
    const run = spawnSync(process.execPath, ["--import", join(REPO_ROOT, "test/support/fixtures/module-recorder.mjs"), ...cli], {
      encoding: "utf8",
      env: { ...process.env, TOOLGEN_MODULE_LOG: log },
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Up to date: /);
    const modules = readFileSync(log, "utf8").split("\n");
    const own = modules.filter((url) => url.includes("/dist/")).map((url) => url.slice(url.indexOf("/dist/") + 6));
    expect(own).toContain("up-to-date.js");
    expect(own).not.toContain("emit/description-snapshot.js");
    expect(own).not.toContain("description-changes.js");
    expect(modules).not.toContain("node:zlib");
    expect(readFileSync(join(dir, "gen", SNAPSHOT_FILE), "utf8")).toBe("not brotli");
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function inputsOf(out: string): string {
  return JSON.parse(readFileSync(join(out, "toolgen.lock.json"), "utf8")).description.inputsSha256;
}
