/**
 * Shared by the load tests (test/server/load.test.ts, test/knowledge-base/load.test.ts): the server
 * runs in a child process with a memory probe preloaded (answers over IPC, so the server gains no
 * endpoint), autocannon loads it from the test process over loopback, every answer is checked, and
 * the child's memory after a warm-up is compared with its memory at the end.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect } from "vitest";
import { REPO_ROOT } from "./output-dir.js";

/** Seconds of the measured autocannon run of each load test (after a warm-up); env LOAD_SECONDS. */
export const LOAD_SECONDS = positiveNumberFromEnv("LOAD_SECONDS", 20);
export const CONNECTIONS = 100;
export const WARM_UP_SECONDS = 3;

export function positiveNumberFromEnv(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!(value > 0) || !Number.isFinite(value)) throw new Error(`${name} must be a positive number of seconds, not "${text}"`);
  return value;
}

// ---- autocannon (no type package; only what the tests use) ------------------------------------

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  onResponse?: (status: number, body: string) => void;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: AutocannonRequest[];
}
interface Histogram {
  average: number;
  mean: number;
  min: number;
  max: number;
  p50: number;
  p90: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number; sent: number };
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  mismatches: number;
  resets: number;
  statusCodeStats: Record<string, { count: number }>;
}
const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => Promise<AutocannonResult>;

/** One kind of request in the mix, and what a correct answer to it looks like. */
export interface RequestKind {
  readonly name: string;
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** True for a correct answer. */
  readonly check: (status: number, body: string) => boolean;
}

export interface KindCount {
  answered: number;
  /** Answers that failed `check`. */
  wrong: number;
  /** The first few wrong answers, for the failure message. */
  samples: string[];
}

export interface LoadRun {
  readonly seconds: number;
  /** Requests answered (any status). */
  readonly requests: number;
  readonly requestsPerSecond: number;
  readonly latencyP50: number;
  readonly latencyP99: number;
  readonly latencyMax: number;
  /** Connection errors, including timeouts. */
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly statusCodes: Record<string, number>;
  readonly kinds: Record<string, KindCount>;
  /** Answers that failed their kind's check, over all kinds. */
  readonly wrong: number;
}

/**
 * `connections` connections for `seconds`, each cycling through `kinds` in order; every answer is
 * checked against its kind. Timeouts: 10 s per request (autocannon's default).
 */
export async function loadTest(url: string, kinds: readonly RequestKind[], seconds: number, connections = CONNECTIONS): Promise<LoadRun> {
  const counts: Record<string, KindCount> = {};
  const requests = kinds.map((kind): AutocannonRequest => {
    const count: KindCount = (counts[kind.name] = { answered: 0, wrong: 0, samples: [] });
    return {
      method: kind.method,
      path: kind.path,
      ...(kind.headers ? { headers: kind.headers } : {}),
      ...(kind.body !== undefined ? { body: kind.body } : {}),
      onResponse: (status, body) => {
        count.answered++;
        if (kind.check(status, body)) return;
        count.wrong++;
        if (count.samples.length < 3) count.samples.push(`${status} ${body.slice(0, 300)}`);
      },
    };
  });
  const result = await autocannon({ url, connections, duration: seconds, timeout: 10, requests });
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, Number(count)]));
  return {
    seconds: result.duration,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    latencyMax: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    kinds: counts,
    wrong: Object.values(counts).reduce((sum, c) => sum + c.wrong, 0),
  };
}

export function describeRun(label: string, run: LoadRun): string {
  const codes = Object.entries(run.statusCodes)
    .map(([code, n]) => `${code}: ${n}`)
    .join(", ");
  return (
    `${label}: ${run.requests} requests in ${run.seconds.toFixed(1)} s, ${CONNECTIONS} connections, ` +
    `${run.requestsPerSecond.toFixed(0)} req/s, latency p50 ${run.latencyP50} ms, p99 ${run.latencyP99} ms, max ${run.latencyMax} ms; ` +
    `errors ${run.errors}, timeouts ${run.timeouts}, wrong answers ${run.wrong}; status codes { ${codes} }`
  );
}

// ---- the server process and its memory ----------------------------------------------------------

const PROBE = join(REPO_ROOT, "test/support/fixtures/memory-probe.mjs");

export interface MemorySample {
  readonly rss: number;
  readonly heapUsed: number;
  readonly external: number;
  readonly arrayBuffers: number;
}

export interface ProbedServer {
  readonly child: ChildProcess;
  readonly url: string;
  output(): string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The child's memory; after two full collections when `collect` is true. */
  memory(collect: boolean): Promise<MemorySample>;
}

/**
 * `node --expose-gc --import memory-probe.mjs <args>` in the repository root, with an IPC channel;
 * resolves once the output matches `ready` (its first group is the base address).
 */
export function startProbedServer(args: readonly string[], ready: RegExp): Promise<ProbedServer> {
  const child = spawn(process.execPath, ["--expose-gc", "--import", pathToFileURL(PROBE).href, ...args], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  let nextId = 0;
  const pending = new Map<number, { resolve: (sample: MemorySample) => void; reject: (error: Error) => void }>();
  child.on("message", (message: { probe?: string; id?: number } & MemorySample) => {
    if (message.probe !== "memory" || message.id === undefined) return;
    const { rss, heapUsed, external, arrayBuffers } = message;
    pending.get(message.id)?.resolve({ rss, heapUsed, external, arrayBuffers });
    pending.delete(message.id);
  });
  void exited.then(({ code, signal }) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`the server exited (${code ?? signal}) before reporting its memory`));
    pending.clear();
  });
  const memory = (collect: boolean): Promise<MemorySample> =>
    new Promise((resolve, reject) => {
      if (child.exitCode !== null || child.signalCode !== null) return reject(new Error("the server has exited"));
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.send({ probe: "memory", id, gc: collect });
    });
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString("utf8");
      const match = ready.exec(output);
      if (match) resolve({ child, url: match[1]!, output: () => output, exited, memory });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then(({ code, signal }) => reject(new Error(`the server exited (${code ?? signal}) before listening:\n${output}`)));
  });
}

/** Samples the child's RSS every `everyMs` until `until` settles; resolves with the highest. */
export async function peakRssWhile(server: ProbedServer, until: Promise<unknown>, everyMs = 1000): Promise<number> {
  let peak = 0;
  let done = false;
  void until.finally(() => (done = true)).catch(() => {});
  while (!done) {
    peak = Math.max(peak, (await server.memory(false)).rss);
    await Promise.race([until.catch(() => {}), new Promise((resolve) => setTimeout(resolve, everyMs))]);
  }
  return Math.max(peak, (await server.memory(false)).rss);
}

const MB = 1024 * 1024;
export const mb = (bytes: number): string => `${(bytes / MB).toFixed(1)} MB`;

/** What the JS side of the process holds after a full collection: its heap plus Buffers and the like. */
export const retained = (sample: MemorySample): number => sample.heapUsed + sample.external;

/**
 * The memory bounds of a load test, between a sample after the warm-up and one after the measured
 * run, both taken once the connections have closed (`settle`) and after full collections.
 *
 * - Retained memory (heap + external: JS objects and Buffers) may grow by at most 1 MB + 5%. A
 *   server that keeps nothing per request measures within 0.2 MB of its warm-up figure (both
 *   servers, over many runs, alone or next to other tests). One that keeps something of every
 *   request grows with the number of requests: a request body kept as a Buffer is ~150 bytes, as
 *   a short string ~30 bytes (tool manager) to ~130 bytes (knowledge base), each request's
 *   response object ~3 KB. Over a default run (~140,000 tool calls, ~30,000 searches) each of
 *   these is several MB, over the bound; the tests were run against each of these leaks, and fail.
 * - RSS may be at most 1.5x the warm-up RSS + 50 MB: a gross check only, as RSS includes what the
 *   allocator keeps for reuse (the end is typically 5-20 MB above the warm-up, with no leak).
 */
export function memoryLimits(warm: MemorySample): { retained: number; rss: number } {
  return { retained: retained(warm) * 1.05 + 1 * MB, rss: warm.rss * 1.5 + 50 * MB };
}

/** Waits for the connections of a finished run to close before memory is measured. */
export const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1000));

export function describeMemory(label: string, warm: MemorySample, end: MemorySample, peakRss: number, requests: number): string {
  const growth = retained(end) - retained(warm);
  return (
    `${label}: RSS after warm-up ${mb(warm.rss)}, peak ${mb(peakRss)}, at the end ${mb(end.rss)}; ` +
    `heap+external after GC ${mb(retained(warm))} -> ${mb(retained(end))} ` +
    `(${growth >= 0 ? "+" : ""}${mb(growth)}, ${(growth / Math.max(requests, 1)).toFixed(1)} bytes per request)`
  );
}

/**
 * The measured part both load tests share: a warm-up, then `LOAD_SECONDS` of load while the
 * server's RSS is sampled; every answer must be right, the server must have kept answering, and
 * memory after GC must stay within `memoryLimits` of the warm-up. Prints the figures.
 */
export async function expectSteadyUnderLoad(
  label: string,
  server: ProbedServer,
  kinds: readonly RequestKind[],
  expectCleanRun: (run: LoadRun, kinds: readonly RequestKind[]) => void,
): Promise<LoadRun> {
  const { url } = server;
  const warmUp = await loadTest(url, kinds, WARM_UP_SECONDS);
  console.log(describeRun(`${label}, warm-up`, warmUp));
  // Each connection sends the kinds in order, so a warm-up on a busy machine may end before the
  // last kinds were sent (a few requests per connection): what it sent must be clean, and the
  // measured run, many times longer, must answer every kind.
  expectCleanRun(warmUp, kinds.filter((kind) => warmUp.kinds[kind.name]!.answered > 0));
  await settle();
  const warm = await server.memory(true);

  const running = loadTest(url, kinds, LOAD_SECONDS);
  const peakRss = await peakRssWhile(server, running);
  const run = await running;
  await settle();
  const end = await server.memory(true);
  console.log(describeRun(`${label}, measured run`, run));
  console.log(describeMemory(`${label}, memory`, warm, end, peakRss, run.requests));

  expectCleanRun(run, kinds);
  // Liveness, not speed: a server that stalls or drops connections does not get here.
  expect(run.requests).toBeGreaterThan(1000);
  const limits = memoryLimits(warm);
  expect(retained(end), `heap+external after GC grew from ${mb(retained(warm))} to ${mb(retained(end))}`).toBeLessThanOrEqual(limits.retained);
  expect(end.rss, `RSS grew from ${mb(warm.rss)} to ${mb(end.rss)}`).toBeLessThanOrEqual(limits.rss);
  return run;
}
