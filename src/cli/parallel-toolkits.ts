/**
 * `toolgen` with a config of several toolkits: runs them, up to `--jobs` at once, and reports
 * each outcome. With one job (or one toolkit) everything happens on this thread, one toolkit after
 * the other, as before parallel runs existed. With more, this thread is one job and each other job
 * a worker thread (src/cli/toolkit-worker.ts); whichever is free takes the next toolkit in config
 * order, so peak memory is that of `jobs` toolkits at once, never of all of them. Worker threads
 * rather than child processes: no second copy of the CLI's start-up, progress arrives as messages
 * rather than text to parse, and a toolkit that exhausts a worker's heap stops only that worker.
 *
 * Output is what a serial run prints. Progress and warnings arrive as whole events, each printed
 * as it comes (prefixed with the toolkit's name, so lines of two toolkits interleave but never
 * mix within a line). The outcome of each toolkit (its "Generated …" line, stale files, error) is
 * recorded as reporter calls where it ran and replayed here once every toolkit has finished, in
 * config order, so the summary reads as a serial run's. An internal error (a bug: exit 3) stops
 * the report as it does in a serial run; a toolkit that fails, or a worker that dies, does not
 * stop the others, and what they write is theirs alone (each toolkit writes only its own folder,
 * all-or-nothing).
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { fileURLToPath } from "node:url";
import { typeScriptHooks } from "../config/typescript-hooks.js";
import type { ResolvedConfig, ResolvedToolkit } from "../config/resolve-config.js";
import type { ProgressEvent } from "../generate-progress.js";
import { BadInputError } from "../load/bad-input-error.js";
import type { RunOptions, ToolkitOutcome } from "../workflow/run-toolkits.js";
import type { CliIo } from "./cli-io.js";
import type { ProgressReporter } from "./progress-reporter.js";
import { reportOutcome } from "./report-outcome.js";

export interface RunAndReport {
  /** `--jobs`; without it the config's `jobs`, else the number of cores minus one (at least 1). */
  readonly jobs?: number;
  readonly reporter: ProgressReporter;
  readonly io: CliIo;
  readonly check: boolean;
  /** Every toolkit in a worker thread, none on this one (tests use it to be sure the workers run). */
  readonly workersOnly?: boolean;
}

/** One toolkit for a worker. */
export interface ToolkitTask {
  readonly index: number;
  readonly toolkit: ResolvedToolkit;
  readonly config: ResolvedConfig;
  /** The run options that are data (check, offline, …); progress goes back as messages. */
  readonly options: Omit<RunOptions, "onProgress" | "onWarning" | "fetch">;
  readonly check: boolean;
}

/** A call the report of an outcome made, to make again on this thread. */
export type ReportCall =
  | { readonly method: "error" | "result" | "notice" | "verbose" | "stdout" | "stderr"; readonly message: string }
  | { readonly method: "exitCode"; readonly code: number };

/** What a worker sends: that it has started, then about the toolkit it is running. */
export type WorkerMessage =
  | { readonly type: "ready" }
  | { readonly type: "progress"; readonly index: number; readonly event: ProgressEvent }
  | { readonly type: "warning"; readonly index: number; readonly message: string }
  | { readonly type: "reported"; readonly index: number; readonly calls: readonly ReportCall[] }
  | { readonly type: "internal"; readonly index: number; readonly message: string; readonly stack?: string };

/**
 * How many toolkits run at once: as asked, never more than there are toolkits. The default leaves
 * one core free: each worker warms the generator up again, and one generation already keeps more
 * than the main thread busy (garbage collection, prettier), so on two cores a second job was slower
 * than none (BENCHMARKS.md); with four it runs three.
 */
export function jobsFor(requested: number | undefined, toolkits: number): number {
  return Math.max(1, Math.min(requested ?? availableParallelism() - 1, toolkits));
}

/** Runs every toolkit of `config` and reports each outcome, in config order. */
export async function runAndReport(config: ResolvedConfig, options: RunOptions, run: RunAndReport): Promise<void> {
  const jobs = jobsFor(run.jobs ?? config.jobs, config.toolkits.length);
  // A fetch function (tests inject one) cannot cross to another thread.
  if (jobs === 1 || options.fetch !== undefined) {
    const { runToolkits } = await import("../workflow/run-toolkits.js");
    const outcomes = await runToolkits(config, options);
    const internal = outcomes.find((outcome) => !outcome.ok && !(outcome.error instanceof BadInputError));
    if (internal !== undefined && !internal.ok) throw internal.error;
    for (const outcome of outcomes) reportOutcome(outcome, run.reporter, run.io, run.check);
    return;
  }
  run.reporter.verbose(`${jobs} jobs: ${config.toolkits.length} toolkits, ${run.workersOnly === true ? `${jobs} worker threads` : `this thread and ${jobs - 1} worker thread${jobs === 2 ? "" : "s"}`}`);
  const finished = await runConcurrently(config, options, jobs, run.check, run.workersOnly === true);
  const internal = finished.find((one) => "error" in one);
  if (internal !== undefined && "error" in internal) throw internal.error;
  for (const one of finished) {
    if ("calls" in one) replay(one.calls, run.reporter, run.io);
  }
}

/** A toolkit's report, or the internal error (a bug) that stops the whole report. */
export type Reported = { readonly calls: readonly ReportCall[] } | { readonly error: unknown };

/** What reportOutcome says about `outcome`, recorded; an internal error instead when it is one. */
export function reportedOutcome(outcome: ToolkitOutcome, check: boolean): Reported {
  if (!outcome.ok && !(outcome.error instanceof BadInputError)) return { error: outcome.error };
  const calls: ReportCall[] = [];
  reportOutcome(
    outcome,
    {
      error: (message) => void calls.push({ method: "error", message }),
      result: (message) => void calls.push({ method: "result", message }),
      notice: (message) => void calls.push({ method: "notice", message }),
      verbose: (message) => void calls.push({ method: "verbose", message }),
    },
    {
      stdout: (message) => void calls.push({ method: "stdout", message }),
      stderr: (message) => void calls.push({ method: "stderr", message }),
      exitCode: (code) => void calls.push({ method: "exitCode", code }),
    },
    check,
  );
  return { calls };
}

/**
 * The toolkits in config order, each taken by the first job free: this thread (unless
 * `workersOnly`) and worker threads, which take work once they have started. This thread starts
 * at once and the workers only when it reports progress, that is when a toolkit needs generating
 * (the no-change check is silent): a run where every toolkit is up to date starts no worker at
 * all. Workers still starting when the last toolkit is taken are stopped unused.
 */
async function runConcurrently(config: ResolvedConfig, options: RunOptions, jobs: number, check: boolean, workersOnly: boolean): Promise<Reported[]> {
  const { onProgress, onWarning, fetch: _fetch, ...data } = options;
  const count = config.toolkits.length;
  const finished: Reported[] = [];
  let next = 0;
  let allTaken!: () => void;
  const drained = new Promise<"drained">((resolve) => (allTaken = () => resolve("drained")));
  const take = (): number | undefined => {
    if (next >= count) return undefined;
    const index = next++;
    if (next === count) allTaken();
    return index;
  };

  const workers: Promise<void>[] = [];
  let workersStarted = false;
  const startWorkers = () => {
    if (workersStarted) return;
    workersStarted = true;
    if (next < count) workers.push(...Array.from({ length: workersOnly ? jobs : jobs - 1 }, () => inWorker()));
  };
  const here = async (): Promise<void> => {
    const { runToolkits } = await import("../workflow/run-toolkits.js");
    const signalling: RunOptions = {
      ...options,
      onProgress: (toolkit, event) => {
        startWorkers();
        onProgress?.(toolkit, event);
      },
    };
    for (let index = take(); index !== undefined; index = take()) {
      const [outcome] = await runToolkits({ ...config, toolkits: [config.toolkits[index]!] }, signalling);
      finished[index] = reportedOutcome(outcome!, check);
    }
  };

  const inWorker = async (): Promise<void> => {
    let worker: Worker | undefined;
    try {
      for (;;) {
        if (worker === undefined) {
          worker = startWorker();
          const started = await Promise.race([readiness(worker), drained]);
          if (started === "drained") return;
          if (started !== "ready") {
            // A worker that cannot start is a bug: the next toolkit says so, the other jobs go on.
            const index = take();
            if (index !== undefined) finished[index] = { error: started };
            return;
          }
        }
        const index = take();
        if (index === undefined) return;
        const toolkit = config.toolkits[index]!;
        const task: ToolkitTask = { index, toolkit, config, options: data, check };
        const outcome = await runTask(worker, task, (message) => {
          if (message.type === "progress") onProgress?.(toolkit, message.event);
          else onWarning?.(toolkit, message.message);
        });
        finished[index] = outcome.finished;
        // A worker that died is replaced for the next toolkit.
        if (outcome.died) worker = undefined;
      }
    } finally {
      await worker?.terminate();
    }
  };

  if (workersOnly) startWorkers();
  else await here();
  // Every worker job was started by now: by this thread's progress, or above.
  await Promise.all(workers);
  return finished;
}

/** "ready" once the worker has loaded its modules, or the error that stopped it first. */
function readiness(worker: Worker): Promise<"ready" | Error> {
  return new Promise((resolve) => {
    const onMessage = (message: WorkerMessage) => {
      if (message.type === "ready") settle("ready");
    };
    const onError = (error: Error) => settle(error);
    const onExit = (code: number) => settle(new Error(`the worker thread stopped while starting (exit code ${code})`));
    const settle = (result: "ready" | Error) => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      resolve(result);
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
  });
}

/** Runs one toolkit on `worker`: what it reported, and whether the worker died doing it. */
function runTask(worker: Worker, task: ToolkitTask, onEvent: (message: Extract<WorkerMessage, { type: "progress" | "warning" }>) => void): Promise<{ finished: Reported; died: boolean }> {
  return new Promise((resolve) => {
    let failure: Error | undefined;
    const done = (finished: Reported, died: boolean) => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      resolve({ finished, died });
    };
    const onMessage = (message: WorkerMessage) => {
      if (message.type === "ready" || message.index !== task.index) return;
      if (message.type === "progress" || message.type === "warning") onEvent(message);
      else if (message.type === "reported") done({ calls: message.calls }, false);
      else done({ error: errorFrom(message) }, false);
    };
    // An exception that escaped the toolkit's run, or a heap exhausted: the worker is gone.
    const onError = (error: Error) => void (failure = error);
    const onExit = (code: number) => {
      const error = new Error(`the worker thread generating "${task.toolkit.name}" stopped: ${failure !== undefined ? failure.message : `exit code ${code}`}`);
      if (failure?.stack !== undefined) error.stack = failure.stack;
      done({ error }, true);
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage(task);
  });
}

function errorFrom(message: Extract<WorkerMessage, { type: "internal" }>): Error {
  const error = new Error(message.message);
  if (message.stack !== undefined) error.stack = message.stack;
  return error;
}

/**
 * The worker module beside this one: the compiled `.js`, or when toolgen runs from its TypeScript
 * sources (the tests) the `.ts`, which the worker compiles as it loads with toolgen's own
 * TypeScript hooks (src/config/typescript-hooks.ts), registered in the worker before the import.
 */
function startWorker(): Worker {
  const fromSource = import.meta.url.endsWith(".ts");
  const entry = new URL(`./toolkit-worker.${fromSource ? "ts" : "js"}`, import.meta.url);
  if (!fromSource) return new Worker(entry);
  const boot = `
const { register } = require("node:module");
const { workerData } = require("node:worker_threads");
register(workerData.hooks.url, { data: workerData.hooks.data });
import(workerData.entry);
`;
  // Compiling toolgen's sources took each worker seconds, once per worker: they are kept beside
  // the project's other caches for the next worker and the next run.
  const cacheDir = fileURLToPath(new URL("../../node_modules/.cache/toolgen-typescript-hooks", import.meta.url));
  return new Worker(boot, { eval: true, workerData: { entry: entry.href, hooks: typeScriptHooks(cacheDir) } });
}

function replay(calls: readonly ReportCall[], reporter: ProgressReporter, io: CliIo): void {
  for (const call of calls) {
    if (call.method === "exitCode") io.exitCode(call.code);
    else if (call.method === "stdout" || call.method === "stderr") io[call.method](call.message);
    else reporter[call.method](call.message);
  }
}
