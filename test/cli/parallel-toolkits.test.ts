/**
 * Parallel toolkits: a config of several toolkits run with `--jobs 3` writes
 * byte-identical output to `--jobs 1` (this thread, one after the other), prints the same summary
 * in config order and the same progress lines (whole lines, each with its toolkit's name), reports
 * a failing toolkit the same way without touching the others, and exits with the same code.
 *
 * From the command line (`main`), this thread is one of the jobs and takes toolkits while the
 * worker threads start; under the tests the workers start slowly (they compile toolgen's
 * TypeScript sources with its own hooks as they load them), so this thread may do most of the
 * work. `runAndReport` with `workersOnly` runs every toolkit in a worker thread, for certain.
 */
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { runAndReport } from "../../src/cli/parallel-toolkits.js";
import { ProgressReporter } from "../../src/cli/progress-reporter.js";
import { loadConfigFile } from "../../src/config/load-config.js";
import { descriptionWith, startDescriptionServer, type DescriptionServer } from "../support/description-server.js";
import { CORPUS, freshOutputDir } from "../support/output-dir.js";

async function toolgen(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { stdout: (l) => out.push(l), stderr: (l) => err.push(l), exitCode: () => {} });
  return { code, out, err };
}

/** What `toolgen --config <config> --jobs <jobs>` does, with every toolkit in a worker thread. */
async function inWorkers(config: string, jobs: number, check = false) {
  const out: string[] = [];
  const err: string[] = [];
  let code = 0;
  const io = { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l), exitCode: (c: number) => void (code = Math.max(code, c)) };
  const reporter = new ProgressReporter(io, "normal");
  const resolved = await loadConfigFile(config);
  await runAndReport(
    resolved,
    { check, onProgress: (toolkit, event) => reporter.progress(toolkit.name, event), onWarning: (toolkit, message) => reporter.warning(toolkit.name, message) },
    { jobs, reporter, io, check, workersOnly: true },
  );
  return { code, out, err };
}

/** Every file under `dir` (path relative to it -> content), for byte-for-byte comparison. */
function tree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true }).map(String).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isFile()) files.set(entry, readFileSync(path));
  }
  return files;
}

let server: DescriptionServer;
beforeAll(async () => {
  server = await startDescriptionServer(descriptionWith("served", ["summarize", "translate"]));
});
afterAll(async () => {
  await server?.close();
});

/** One project folder: a config of six toolkits with every kind of option, and their sources. */
function project(name: string, extra: Record<string, unknown> = {}, broken = false): { dir: string; config: string } {
  const dir = freshOutputDir(`parallel/${name}`);
  mkdirSync(join(dir, "specs"));
  for (const [file, title, operations] of [
    ["one.yaml", "one", ["count"]],
    ["two.yaml", "two", ["add", "remove", "list"]],
    ["three.yaml", "three", ["lookup"]],
  ] as const) {
    writeFileSync(join(dir, "specs", file), descriptionWith(title, operations));
  }
  if (broken) writeFileSync(join(dir, "specs/two.yaml"), "openapi: 3.0.3\ninfo: [not, an, object\n");
  const config = join(dir, "toolgen.config.json");
  writeFileSync(
    config,
    JSON.stringify({
      ...extra,
      toolkits: [
        { name: "petstore", source: join(CORPUS, "specs/petstore-3.0.yaml"), out: "gen/petstore" },
        { name: "one", source: "specs/one.yaml", out: "gen/one", emit: "js" },
        { name: "served", source: server.url, out: "gen/served", runtime: "inline" },
        { name: "two", source: "specs/two.yaml", out: "gen/two", format: false },
        { name: "three", source: "specs/three.yaml", out: "gen/three", baseUrl: "https://three.example.com/api" },
        { name: "four", source: "specs/one.yaml", out: "gen/four", emit: "js", runtime: "inline", format: false },
      ],
    }),
  );
  return { dir, config };
}

/** Progress lines as a sorted list (their order between toolkits depends on timing). */
const sorted = (lines: readonly string[]) => [...lines].sort();

describe("a config of six toolkits", () => {
  test("in parallel, the same bytes as --jobs 1, the same summary in config order and the same progress lines", async () => {
    const serial = project("serial");
    const hybrid = project("parallel");
    const workers = project("workers");
    const one = await toolgen(["--config", serial.config, "--jobs", "1"]);
    const three = await toolgen(["--config", hybrid.config, "--jobs", "3"]);
    const threads = await inWorkers(workers.config, 3);
    const where = (run: { out: string[] }, dir: string) => run.out.map((line) => line.split(relative(process.cwd(), dir)).join("<dir>"));
    expect(one.code, one.err.join("\n")).toBe(0);
    expect(one.out.map((line) => /"(\w+)"/.exec(line.replace("Swagger PetStore - OpenAPI 3.0", "petstore"))?.[1])).toEqual(["petstore", "one", "served", "two", "three", "one"]);
    const a = tree(join(serial.dir, "gen"));
    expect(a.size).toBeGreaterThan(30);
    for (const [run, dir] of [
      [three, hybrid.dir],
      [threads, workers.dir],
    ] as const) {
      expect(run.code, run.err.join("\n")).toBe(0);
      const b = tree(join(dir, "gen"));
      expect([...b.keys()]).toEqual([...a.keys()]);
      for (const [path, content] of a) expect(b.get(path)?.equals(content), path).toBe(true);
      // The summary names each folder relative to the working directory: the same once that is taken out.
      expect(where(run, dir)).toEqual(where(one, serial.dir));
      expect(sorted(run.err)).toEqual(sorted(one.err));
      // Each line is whole: "<toolkit> <stage>: <detail>", or a warning naming its toolkit.
      for (const line of run.err) expect(line).toMatch(/^((petstore|one|served|two|three|four) (fetch|parse|model|emit|format|write): \S|toolgen: served: warning: )/);
    }
  });

  test("a toolkit that fails is reported in its place, the others are generated, and the exit code is 2 as in a serial run", async () => {
    const serial = project("broken-serial", {}, true);
    const hybrid = project("broken-parallel", {}, true);
    const workers = project("broken-workers", {}, true);
    const one = await toolgen(["--config", serial.config, "--jobs", "1", "--quiet"]);
    const three = await toolgen(["--config", hybrid.config, "--jobs", "3", "--quiet"]);
    const threads = await inWorkers(workers.config, 3);
    expect(one.code).toBe(2);
    expect(one.err).toEqual([expect.stringMatching(/^toolgen: .*two\.yaml/)]);
    const a = tree(join(serial.dir, "gen"));
    expect([...a.keys()].some((path) => path.startsWith("two/"))).toBe(false);
    for (const name of ["petstore", "one", "served", "three", "four"]) expect([...a.keys()]).toContain(`${name}/toolgen.lock.json`);
    for (const [run, dir] of [
      [three, hybrid.dir],
      [threads, workers.dir],
    ] as const) {
      expect(run.code).toBe(2);
      expect(run.err.filter((line) => line.startsWith("toolgen: ") && !line.includes("warning")).map((line) => line.split(dir).join("<dir>"))).toEqual(one.err.map((line) => line.split(serial.dir).join("<dir>")));
      const b = tree(join(dir, "gen"));
      expect([...b.keys()]).toEqual([...a.keys()]);
      for (const [path, content] of a) expect(b.get(path)?.equals(content), path).toBe(true);
    }
  });

  test("--check in worker threads: clean right after generating, 1 when a file was edited", async () => {
    const { dir, config } = project("check");
    expect((await toolgen(["--config", config, "--jobs", "1", "--quiet"])).code).toBe(0);
    const clean = await inWorkers(config, 2, true);
    expect([clean.code, clean.out.length, clean.err.filter((line) => line.startsWith("toolgen:") && !line.includes("warning"))]).toEqual([0, 6, []]);
    writeFileSync(join(dir, "gen/three/index.ts"), "// edited\n");
    const stale = await inWorkers(config, 2, true);
    expect(stale.code).toBe(1);
    expect(stale.err).toContainEqual(expect.stringMatching(/gen\/three\/index\.ts was edited after toolgen generated it/));
  });

  test("jobs from the config file, overridden by --jobs; --verbose says how many", async () => {
    const { config } = project("config-jobs", { jobs: 2 });
    const fromConfig = await toolgen(["--config", config, "--verbose"]);
    expect(fromConfig.code).toBe(0);
    expect(fromConfig.err).toContain("2 jobs: 6 toolkits, this thread and 1 worker thread");
    const serial = await toolgen(["--config", config, "--verbose", "--jobs", "1"]);
    expect(serial.code).toBe(0);
    expect(serial.err.some((line) => / jobs: /.test(line))).toBe(false);
  });
});

test("--jobs must be a whole number from 1, and so must jobs in the config", async () => {
  const { config } = project("bad-jobs");
  for (const value of ["0", "two", "1.5", "-1"]) {
    const run = await toolgen(["--config", config, "--jobs", value]);
    expect(run.code).toBe(2);
    expect(run.err.join("\n")).toMatch(/--jobs "?-?[\w.]+"? must be a whole number, at least 1|error: option/);
  }
  const zero = project("bad-config-jobs", { jobs: 0 });
  const run = await toolgen(["--config", zero.config]);
  expect(run.code).toBe(2);
  expect(run.err.join("\n")).toMatch(/\/jobs: must be >= 1/);
});
