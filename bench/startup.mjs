// How long `toolgen` takes to start on the paths that do little work, beside two other
// command-line tools measured in the same run (`tsc --version`, `openapi-typescript --help`) and a
// bare `node -e 0`. Every command is a fresh process, all interleaved; wall time is the best of the
// runs, peak RSS the highest. A separate (untimed) run of each toolgen command counts the modules
// it loaded (ES module URLs plus CommonJS files) and says whether prettier,
// openapi-typescript, typescript or better-sqlite3 were among them.
// With --json the module counts are left out (they cost a run of each command more).
// Usage: npm run build && node bench/startup.mjs [runs=7] [--json]
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { best, measure } from "./measure.mjs";
import { argsWithoutJson, printRows, wantsRows } from "./rows.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const SPECS = resolve(ROOT, "../shared/corpus/specs");
const PETSTORE = join(SPECS, "petstore-3.0.yaml");
const GITHUB = join(SPECS, "github-api.json");
const RUNS = Number(argsWithoutJson()[0] ?? 7);
const TOOLGEN = join(ROOT, "bin/toolgen.js");
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const OTS_CLI = join(ROOT, "node_modules/openapi-typescript/bin/cli.js");
const RECORDER = join(ROOT, "test/support/fixtures/module-recorder.mjs");
const OUT = join(ROOT, "bench/.out/startup");

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
// The no-change runs regenerate into folders that already hold exactly that output.
for (const [spec, out] of [
  [PETSTORE, "petstore"],
  [GITHUB, "github"],
]) {
  const first = spawnSync(process.execPath, [TOOLGEN, spec, "--out", join(OUT, out), "-q"], { encoding: "utf8" });
  if (first.status !== 0) throw new Error(`first generation of ${out} failed: ${first.stderr}`);
}

const cases = [
  { label: "`node -e 0`", args: ["-e", "0"] },
  { label: "`tsc --version`", args: [TSC, "--version"], anchor: true },
  { label: "`openapi-typescript --help`", args: [OTS_CLI, "--help"] },
  { label: "`toolgen --help`", args: [TOOLGEN, "--help"], toolgen: true },
  { label: "`toolgen diff --help`", args: [TOOLGEN, "diff", "--help"], toolgen: true },
  { label: "`toolgen kb serve --help`", args: [TOOLGEN, "kb", "serve", "--help"], toolgen: true },
  { label: "`toolgen diff` petstore petstore", args: [TOOLGEN, "diff", PETSTORE, PETSTORE], toolgen: true },
  { label: "`toolgen diff` github github (13 MB twice)", args: [TOOLGEN, "diff", GITHUB, GITHUB], toolgen: true },
  { label: "no-change run, petstore", args: [TOOLGEN, PETSTORE, "--out", join(OUT, "petstore"), "-q"], toolgen: true },
  { label: "no-change run, github", args: [TOOLGEN, GITHUB, "--out", join(OUT, "github"), "-q"], toolgen: true },
];

const runs = cases.map(() => []);
for (let i = 0; i < RUNS; i++) {
  cases.forEach((c, index) => runs[index].push(measure(c.label, c.args, { cwd: ROOT })));
}
const results = runs.map(best);
const anchor = results[cases.findIndex((c) => c.anchor)];

const HEAVY = ["prettier", "openapi-typescript", "typescript", "better-sqlite3"];
function modulesOf(args) {
  const dir = mkdtempSync(join(tmpdir(), "bench-modules-"));
  const log = join(dir, "log");
  spawnSync(process.execPath, ["--import", RECORDER, ...args], { cwd: ROOT, env: { ...process.env, TOOLGEN_MODULE_LOG: log }, encoding: "utf8" });
  const lines = [...new Set(readFileSync(log, "utf8").split("\n").filter((line) => line !== "" && !line.startsWith("node:")))];
  rmSync(dir, { recursive: true, force: true });
  const heavy = HEAVY.filter((name) => lines.some((line) => line.includes(`/node_modules/${name}/`)));
  return `${lines.length}${heavy.length > 0 ? ` (${heavy.join(", ")})` : ""}`;
}

console.log(`Node ${process.version}, ${RUNS} runs each, interleaved\n`);
console.log(`| | wall (best of ${RUNS}) | peak RSS | wall ratio to tsc --version | modules loaded |`);
console.log("|---|---:|---:|---:|---|");
results.forEach((row, index) => {
  const modules = cases[index].toolgen && !wantsRows ? modulesOf(cases[index].args) : "";
  console.log(`| ${row.label} | ${row.wallMs.toFixed(0)} ms | ${row.rssMb.toFixed(0)} MB | ${(row.wallMs / anchor.wallMs).toFixed(2)}x | ${modules} |`);
});
const rowOf = (label, what) => {
  const row = results[cases.findIndex((c) => c.label === label)];
  return { area: "start-up", what, anchor: "`tsc --version`", ours: row.wallMs, theirs: anchor.wallMs, unit: "ms" };
};
printRows([rowOf("`toolgen --help`", "`toolgen --help`"), rowOf("no-change run, github", "no-change run on GitHub's description")]);
rmSync(OUT, { recursive: true, force: true });
