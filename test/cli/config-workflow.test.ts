/**
 * The build-step workflow (docs/build-step.md): a toolgen.config.json with three toolkits (two tool servers
 * over loopback HTTP, one file), generated with `toolgen`, verified with `--check` (telling an
 * edited file from a changed description), and regenerated with `--offline` once the servers are
 * gone.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { descriptionWith, startDescriptionServer, type DescriptionServer } from "../support/description-server.js";
import { freshOutputDir } from "../support/output-dir.js";
import { typecheck } from "../support/typecheck.js";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l), exitCode: () => {} } };
}

async function toolgen(args: string[]) {
  const c = capture();
  const code = await main(args, c.io);
  return { code, out: c.out, err: c.err };
}

const ALPHA_TOKEN = "alpha-secret-0b7d1c";
const BETA_KEY = "beta-secret-9f2e4a";

/** Every file under `dir`, as text. */
function allText(dir: string): string {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .map((f) => {
      try {
        return readFileSync(join(dir, f), "utf8");
      } catch {
        return ""; // a folder
      }
    })
    .join("\n");
}

describe("toolgen.config.json with three toolkits", () => {
  let alpha: DescriptionServer;
  let beta: DescriptionServer;
  let dir: string;
  let config: string;

  beforeAll(async () => {
    process.env.TOOLGEN_TEST_ALPHA_TOKEN = ALPHA_TOKEN;
    process.env.TOOLGEN_TEST_BETA_KEY = BETA_KEY;
    alpha = await startDescriptionServer(descriptionWith("alpha", ["summarize", "translate"]));
    beta = await startDescriptionServer(descriptionWith("beta", ["lookup"]));
    dir = freshOutputDir("config/three");
    mkdirSync(join(dir, "specs"));
    writeFileSync(join(dir, "specs/local.yaml"), descriptionWith("local", ["count"]));
    config = join(dir, "toolgen.config.json");
    writeFileSync(
      config,
      JSON.stringify({
        $schema: "../../../schema/toolgen.config.schema.json",
        toolkits: [
          { name: "alpha", source: alpha.url, out: "gen/alpha", tokenEnv: "TOOLGEN_TEST_ALPHA_TOKEN" },
          { name: "beta", source: beta.url, out: "gen/beta", emit: "js", headers: { Authorization: "Bearer ${TOOLGEN_TEST_BETA_KEY}" } },
          { source: "specs/local.yaml", out: "gen/local", runtime: "inline" },
        ],
      }),
    );
  });

  afterAll(async () => {
    await alpha?.close();
    await beta?.close();
    delete process.env.TOOLGEN_TEST_ALPHA_TOKEN;
    delete process.env.TOOLGEN_TEST_BETA_KEY;
  });

  test("generates every toolkit, paths relative to the config file, and the output compiles", async () => {
    const run = await toolgen(["--config", config]);
    expect(run.err.filter((l) => l.startsWith("toolgen:"))).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.out).toEqual([
      expect.stringMatching(/^Generated 2 operations of "alpha" 1\.0 into .*gen\/alpha\//),
      expect.stringMatching(/^Generated 1 operations of "beta" 1\.0 into .*gen\/beta\//),
      expect.stringMatching(/^Generated 1 operations of "local" 1\.0 into .*gen\/local\//),
    ]);
    expect(readdirSync(join(dir, "gen/beta"))).toContain("operations.d.ts");
    expect(readdirSync(join(dir, "gen/local"))).toContain("runtime.ts");
    for (const name of ["alpha", "beta", "local"]) {
      const lock = JSON.parse(readFileSync(join(dir, "gen", name, "toolgen.lock.json"), "utf8"));
      expect(lock.description.title).toBe(name);
      expect(Object.keys(lock.files).length).toBeGreaterThan(4);
    }
    expect(JSON.parse(readFileSync(join(dir, "gen/local/toolgen.lock.json"), "utf8")).source).toBe("../../specs/local.yaml");
    expect(await typecheck(join(dir, "gen"))).toBe("");
    // The token from tokenEnv and the header with ${VAR} reached the servers...
    expect(alpha.requests.map((r) => r.headers.authorization)).toContain(`token ${ALPHA_TOKEN}`);
    expect(beta.requests.map((r) => r.headers.authorization)).toContain(`Bearer ${BETA_KEY}`);
    // ...and are nowhere on disk: not in the output, the lock, or the offline cache.
    const written = allText(dir);
    expect(written).toMatch(/inputsSha256/);
    expect(written).not.toContain(ALPHA_TOKEN);
    expect(written).not.toContain(BETA_KEY);
    expect(run.err.join("\n")).not.toContain(ALPHA_TOKEN);
    // Progress: each stage of each toolkit is a plain line on stderr when not on a terminal.
    for (const stage of ["fetch", "parse", "model", "emit", "format", "write"]) {
      expect(run.err).toContainEqual(expect.stringMatching(new RegExp(`^alpha ${stage}: `)));
    }
  });

  test("--check is clean right after generating, and a second run changes nothing", async () => {
    const check = await toolgen(["--config", config, "--check", "--quiet"]);
    expect([check.code, check.out, check.err]).toEqual([0, [], []]);
    const again = await toolgen(["--config", config, "--quiet"]);
    expect(again.code).toBe(0);
    const verbose = await toolgen(["--config", config]);
    expect(verbose.out).toHaveLength(3);
    expect(verbose.out.every((l) => /^Up to date: .*; nothing written\)$/.test(l))).toBe(true);
    const forced = await toolgen(["--config", config, "--force"]);
    expect(forced.out.every((l) => l.endsWith("nothing changed)"))).toBe(true);
  });

  test("an edited generated file: exit 1 naming it as edited", async () => {
    const edited = join(dir, "gen/local/operations.ts");
    const original = readFileSync(edited, "utf8");
    appendFileSync(edited, "\n// a hand edit\n");
    const check = await toolgen(["--config", config, "--check", "--quiet"]);
    expect(check.code).toBe(1);
    expect(check.err).toEqual([`toolgen: ${relative(process.cwd(), join(dir, "gen/local"))}/operations.ts was edited after toolgen generated it; run toolgen to restore it (or move the change out of the generated folder)`]);
    writeFileSync(edited, original);
  });

  test("a changed server description: exit 1 saying the description changed, only for that toolkit", async () => {
    alpha.description = descriptionWith("alpha", ["summarize", "translate", "classify"]);
    const check = await toolgen(["--config", config, "--check", "--quiet"]);
    expect(check.code).toBe(1);
    expect(check.err.length).toBeGreaterThan(0);
    for (const line of check.err) {
      // The reason says what changed, as toolgen diff judges it: one operation added.
      expect(line).toMatch(/gen\/alpha\/\S+ is out of date: the server's description changed since you generated \(inputs sha256 [0-9a-f]{12} -> [0-9a-f]{12}; 0 breaking, 0 warnings, 1 info\)/);
    }
    expect(check.err).toContainEqual(expect.stringMatching(/gen\/alpha\/operations\.ts is out of date/));
    // --check wrote nothing.
    expect(readFileSync(join(dir, "gen/alpha/operations.ts"), "utf8")).not.toMatch(/classify/);
  });

  test("--offline regenerates from what was fetched last, with both servers stopped", async () => {
    const before = readFileSync(join(dir, "gen/beta/operations.js"), "utf8");
    await alpha.close();
    await beta.close();
    const online = await toolgen(["--config", config, "--quiet"]);
    expect(online.code).toBe(2);
    expect(online.err).toContainEqual(expect.stringMatching(/cannot be reached/));

    const offline = await toolgen(["--config", config, "--offline"]);
    expect(offline.err.filter((l) => l.startsWith("toolgen:"))).toEqual([]);
    expect(offline.code).toBe(0);
    // The last fetch of alpha was by --check, after the description gained "classify".
    expect(readFileSync(join(dir, "gen/alpha/operations.ts"), "utf8")).toMatch(/export function classify\(/);
    expect(readFileSync(join(dir, "gen/beta/operations.js"), "utf8")).toBe(before);
    const check = await toolgen(["--config", config, "--offline", "--check", "--quiet"]);
    expect(check.code).toBe(0);
    // The cache is the conventional one, beside the config, and holds no request header.
    const cache = join(dir, "node_modules/.cache/toolgen");
    expect(existsSync(cache)).toBe(true);
  });

  test("--offline without a cached description says what to do", async () => {
    const other = freshOutputDir("config/uncached");
    const file = join(other, "toolgen.config.json");
    writeFileSync(file, JSON.stringify({ toolkits: [{ source: "http://127.0.0.1:9/", out: "gen" }] }));
    const run = await toolgen(["--config", file, "--offline"]);
    expect(run.code).toBe(2);
    expect(run.err).toEqual([expect.stringMatching(/^toolgen: http:\/\/127\.0\.0\.1:9\/\.well-known\/openapi\.yaml: is not in the offline cache \(.*\); run toolgen once without --offline$/)]);
    expect(existsSync(join(other, "gen"))).toBe(false);
  });
});

describe("lock reasons", () => {
  test("a file toolgen wrote and no longer writes is named by --check and removed by the next run", async () => {
    const dir = freshOutputDir("config/obsolete");
    writeFileSync(join(dir, "api.yaml"), descriptionWith("solo", ["ping"]));
    expect((await toolgen([join(dir, "api.yaml"), "--out", join(dir, "gen"), "--emit", "js", "--quiet"])).code).toBe(0);
    const check = await toolgen([join(dir, "api.yaml"), "--out", join(dir, "gen"), "--quiet", "--check"]);
    expect(check.code).toBe(1);
    expect(check.err).toContainEqual(expect.stringMatching(/gen\/operations\.js is no longer generated; run toolgen to remove it$/));
    expect(check.err).toContainEqual(expect.stringMatching(/gen\/operations\.ts is missing/));
    expect((await toolgen([join(dir, "api.yaml"), "--out", join(dir, "gen"), "--quiet"])).code).toBe(0);
    expect(existsSync(join(dir, "gen/operations.js"))).toBe(false);
    expect(existsSync(join(dir, "gen/operations.ts"))).toBe(true);
  });

  test("output from before locks existed: stale files are reported without guessing a reason", async () => {
    const dir = freshOutputDir("config/no-lock");
    writeFileSync(join(dir, "api.yaml"), descriptionWith("solo", ["ping"]));
    await toolgen([join(dir, "api.yaml"), "--out", join(dir, "gen"), "--quiet"]);
    writeFileSync(join(dir, "gen/toolgen.lock.json"), "not json");
    appendFileSync(join(dir, "gen/client.ts"), "// edit\n");
    const check = await toolgen([join(dir, "api.yaml"), "--out", join(dir, "gen"), "--quiet", "--check"]);
    expect(check.code).toBe(1);
    expect(check.err).toEqual([expect.stringMatching(/gen\/client\.ts is out of date \(there is no toolgen\.lock\.json to say why\)/)]);
  });
});
