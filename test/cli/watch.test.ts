/**
 * `toolgen --watch` as a user runs it: a child process on a config with a served description
 * (polled with If-None-Match) and a local file (fs.watch). Changing either regenerates its
 * output; a broken description is reported and the watch goes on; SIGTERM ends it with exit 0.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { descriptionWith, startDescriptionServer, type DescriptionServer } from "../support/description-server.js";
import { freshOutputDir, REPO_ROOT } from "../support/output-dir.js";

const POLL_MS = 200;
let server: DescriptionServer;
let child: ChildProcess;
let dir: string;
let stdout = "";
let stderr = "";

/** Waits for a condition, checking every 50 ms; fails after `limitMs` with what the child said. */
async function until(what: string, condition: () => boolean, limitMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > limitMs) throw new Error(`timed out waiting for ${what}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const read = (path: string) => (existsSync(join(dir, path)) ? readFileSync(join(dir, path), "utf8") : "");

beforeAll(async () => {
  server = await startDescriptionServer(descriptionWith("alpha", ["summarize"]));
  dir = freshOutputDir("watch/config");
  writeFileSync(join(dir, "local.yaml"), descriptionWith("local", ["count"]));
  writeFileSync(
    join(dir, "toolgen.config.json"),
    JSON.stringify({
      pollInterval: POLL_MS,
      toolkits: [
        { name: "alpha", source: server.url, out: "gen/alpha", format: false },
        { name: "local", source: "local.yaml", out: "gen/local", format: false },
      ],
    }),
  );
  child = spawn(process.execPath, [join(REPO_ROOT, "bin/toolgen.js"), "--watch", "--config", join(dir, "toolgen.config.json")], {
    cwd: dir,
    env: { ...process.env, EB_AGENT_ACCESS_TOKEN: "watch-token", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (stdout += String(chunk)));
  child.stderr?.on("data", (chunk) => (stderr += String(chunk)));
  await until("the first generation", () => stdout.includes("Watching"));
});

afterAll(async () => {
  if (child.exitCode === null) child.kill("SIGKILL");
  await server?.close();
});

test("the first run generates both toolkits", () => {
  expect(read("gen/alpha/operations.ts")).toMatch(/export function summarize\(/);
  expect(read("gen/local/operations.ts")).toMatch(/export function count\(/);
});

test("a served description that changes is regenerated, and unchanged polls are answered 304", async () => {
  // Unchanged polls cost the server a 304 and no body.
  await until("two conditional polls", () => server.notModified >= 2);
  expect(server.requests.filter((r) => r.headers["if-none-match"] !== undefined).length).toBeGreaterThanOrEqual(2);
  server.description = descriptionWith("alpha", ["summarize", "classify"]);
  await until("alpha regenerated", () => /export function classify\(/.test(read("gen/alpha/operations.ts")));
  expect(stderr).toMatch(/toolgen: alpha: http:\/\/127\.0\.0\.1:\d+\/\.well-known\/openapi\.yaml changed/);
  // Polls carry the token like the first load did.
  expect(server.requests.every((r) => r.headers.authorization === "token watch-token")).toBe(true);
});

test("a local description that changes is regenerated at once", async () => {
  writeFileSync(join(dir, "local.yaml"), descriptionWith("local", ["count", "tally"]));
  await until("local regenerated", () => /export function tally\(/.test(read("gen/local/operations.ts")));
});

test("a broken description is reported, the output is kept, and the watch goes on", async () => {
  const before = read("gen/local/operations.ts");
  writeFileSync(join(dir, "local.yaml"), "openapi: 3.0.3\ninfo: [unclosed\n");
  await until("the error", () => /local\.yaml:\d+:\d+/.test(stderr));
  expect(read("gen/local/operations.ts")).toBe(before);
  expect(child.exitCode).toBe(null);
  writeFileSync(join(dir, "local.yaml"), descriptionWith("local", ["count", "tally", "total"]));
  await until("local regenerated after the fix", () => /export function total\(/.test(read("gen/local/operations.ts")));
});

test("an edited config file restarts the watch with the new toolkits; a broken one keeps the old", async () => {
  const file = join(dir, "toolgen.config.json");
  const config = JSON.parse(readFileSync(file, "utf8"));
  writeFileSync(join(dir, "extra.yaml"), descriptionWith("extra", ["added"]));
  writeFileSync(file, "{ not json");
  await until("the config error", () => /toolgen\.config\.json: is not valid JSON.*\(still watching the previous config\)/.test(stderr));
  config.toolkits.push({ name: "extra", source: "extra.yaml", out: "gen/extra", format: false });
  writeFileSync(file, JSON.stringify(config));
  await until("the new toolkit", () => /export function added\(/.test(read("gen/extra/operations.ts")));
  expect(stderr).toMatch(/toolgen\.config\.json changed; watching 3 toolkits/);
  // The old toolkits are still watched after the restart.
  writeFileSync(join(dir, "local.yaml"), descriptionWith("local", ["count", "tally", "total", "sum"]));
  await until("local regenerated after the restart", () => /export function sum\(/.test(read("gen/local/operations.ts")));
});

test("SIGTERM ends the watch with exit code 0", async () => {
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  expect(await exited).toBe(0);
});
