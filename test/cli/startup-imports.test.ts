/**
 * Start only what is used: each command loads the code of its own path and nothing
 * else. The built CLI (bin/toolgen.js, so `npm run build` first, as `npm test` does) runs in a
 * child process with a preloaded recorder (test/support/fixtures/module-recorder.mjs) that writes
 * down every ES module URL it resolves and every CommonJS file it requires.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { CORPUS, REPO_ROOT } from "../support/output-dir.js";

const TOOLGEN = join(REPO_ROOT, "bin/toolgen.js");
const RECORDER = join(REPO_ROOT, "test/support/fixtures/module-recorder.mjs");
const PETSTORE = join(CORPUS, "specs/petstore-3.0.yaml");
const scratch = mkdtempSync(join(tmpdir(), "toolgen-startup-"));
let runs = 0;

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The packages a generation needs and nothing else does. */
const GENERATOR_PACKAGES = ["prettier", "openapi-typescript", "typescript"];

function logFile(): string {
  return join(scratch, `modules-${++runs}.log`);
}

function modulesIn(log: string): string[] {
  return [...new Set(readFileSync(log, "utf8").split("\n"))].filter((line) => line !== "" && !line.startsWith("node:"));
}

/** Runs `toolgen <args>` to its end: its exit code and the modules it loaded. */
function loadedBy(args: readonly string[]): { status: number | null; output: string; modules: string[] } {
  const log = logFile();
  const child = spawnSync(process.execPath, ["--import", RECORDER, TOOLGEN, ...args], {
    cwd: scratch,
    env: { ...process.env, TOOLGEN_MODULE_LOG: log, NO_COLOR: "1" },
    encoding: "utf8",
  });
  return { status: child.status, output: child.stdout + child.stderr, modules: modulesIn(log) };
}

function packagesOf(modules: readonly string[]): string[] {
  const names = modules.map((module) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(module)?.[1]).filter((name) => name !== undefined);
  return [...new Set(names)].sort();
}

/** toolgen's own modules, as paths under dist/ ("cli/main.js"). */
function ownModules(modules: readonly string[]): string[] {
  const dist = `${REPO_ROOT}/dist/`;
  return modules.map((module) => (module.startsWith("file://") ? decodeURIComponent(new URL(module).pathname) : module)).filter((path) => path.startsWith(dist)).map((path) => path.slice(dist.length));
}

/** Besides src/cli: the small modules the command definitions use (errors, option lists, limits). */
const DEFINITIONS = [
  "toolgen-version.js",
  "runtime-kind.js",
  "load/bad-input-error.js",
  "diff/change.js",
  "diff/format-names.js",
  "config/typescript-hooks.js",
  "http-guard/server-limits.js",
  "http-guard/last-resort.js",
  "server/auth.js",
];

describe("help loads commander and the command definitions only", () => {
  for (const args of [["--help"], ["diff", "--help"], ["kb", "serve", "--help"], ["mcp", "--help"], ["serve", "--help"]]) {
    test(`toolgen ${args.join(" ")}`, () => {
      const run = loadedBy(args);
      expect(run.status, run.output).toBe(0);
      expect(run.output).toMatch(/Usage: toolgen/);
      expect(packagesOf(run.modules)).toEqual(["commander"]);
      const own = ownModules(run.modules);
      expect(own).toContain("cli/main.js");
      // No loading, modelling, emitting, diffing, serving or knowledge base.
      expect(own.filter((path) => !path.startsWith("cli/") && !DEFINITIONS.includes(path))).toEqual([]);
    });
  }
});

test("toolgen diff loads and models two descriptions without the generator, the server or the knowledge base", () => {
  const run = loadedBy(["diff", PETSTORE, PETSTORE]);
  expect(run.status, run.output).toBe(0);
  expect(run.output).toMatch(/No changes/);
  const packages = packagesOf(run.modules);
  for (const name of [...GENERATOR_PACKAGES, "better-sqlite3", "@modelcontextprotocol/sdk", "zod", "ajv"]) expect(packages).not.toContain(name);
  const own = ownModules(run.modules);
  expect(own).toContain("diff/diff-models.js");
  expect(own).toContain("model/build-model.js");
  expect(own.filter((path) => /^(emit|knowledge-base|mcp|workflow)\//.test(path) || path === "generate.js")).toEqual([]);
});

test("toolgen kb serve loads the knowledge base and no generator code", async () => {
  const log = logFile();
  const child = spawn(process.execPath, ["--import", RECORDER, TOOLGEN, "kb", "serve", "--port", "0", "--data", join(scratch, "kb"), "--token", "t"], {
    cwd: scratch,
    env: { ...process.env, TOOLGEN_MODULE_LOG: log },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr.on("data", (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      output += String(chunk);
      if (output.includes("listening on")) resolve();
    });
    void exited.then((code) => reject(new Error(`exited with ${code} before listening: ${output}`)));
  });
  child.kill("SIGTERM");
  expect(await exited).toBe(0);
  const packages = packagesOf(modulesIn(log));
  expect(packages).toContain("better-sqlite3");
  for (const name of [...GENERATOR_PACKAGES, "js-yaml", "@modelcontextprotocol/sdk"]) expect(packages).not.toContain(name);
  const own = ownModules(modulesIn(log));
  expect(own).toContain("knowledge-base/index.js");
  expect(own.filter((path) => /^(emit|model|workflow|mcp)\//.test(path) || path === "generate.js")).toEqual([]);
  expect(own.filter((path) => path.startsWith("load/"))).toEqual(["load/bad-input-error.js"]);
});
