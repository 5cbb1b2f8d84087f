/**
 * SQLite's threads: one writer, which owns the connection that writes, and a few readers, each
 * with a read-only connection of its own (WAL lets them read beside the writer). Writes queue for
 * the writer; a read goes to whichever reader is idle, and waits only when every reader is busy,
 * so one heavy search holds up other reads only once there are more of them than readers.
 *
 * Each thread runs one request at a time (sqlite-thread.ts). A thread that dies (a crash, an
 * exhausted heap) fails its request and is replaced.
 */
import type { BusyBudget } from "./busy-retry.js";
import { isWrite, type SqliteRequest } from "./sqlite-queries.js";
import { SqliteThread, type Job } from "./sqlite-thread.js";
import type { WorkerSetup } from "./worker-protocol.js";

/** Reader threads by default: searches run two at a time beside the writer (WAL readers do not block each other). */
export const DEFAULT_READERS = 2;

/** After a thread failed to start, the next attempt waits at least this long. */
const RESTART_PAUSE_MS = 1_000;

export class WorkerPool {
  readonly #writer: Lane;
  readonly #readers: Lane;
  #closing: Promise<void> | undefined;

  private constructor(writer: Lane, readers: Lane) {
    this.#writer = writer;
    this.#readers = readers;
  }

  /**
   * Starts the writer, which opens (creating or migrating) the database, and the readers, which
   * load meanwhile and open their connections once it is open. Resolves when every thread is
   * ready; rejects with the writer's error when the database cannot be opened.
   */
  static async start(dataDir: string, readers = DEFAULT_READERS): Promise<WorkerPool> {
    if (!Number.isSafeInteger(readers) || readers < 1) throw new RangeError(`readers must be a positive integer (got ${readers})`);
    const writer = new Lane({ dataDir, role: "writer" }, 1);
    const reading = new Lane({ dataDir, role: "reader" }, readers);
    const writerReady = writer.open(Promise.resolve());
    const readersReady = reading.open(writerReady);
    // Awaited below only once the writer is open; when it is not, the writer's error is the one to report.
    readersReady.catch(() => undefined);
    try {
      await writerReady;
      await readersReady;
    } catch (error) {
      await Promise.all([reading.close(), writer.close()]);
      throw error;
    }
    return new WorkerPool(writer, reading);
  }

  get closed(): boolean {
    return this.#closing !== undefined;
  }

  /** Runs `request` on the writer (writes) or an idle reader (reads); `startedAt` starts its lock-wait budget. */
  run(request: SqliteRequest, budget: BusyBudget): Promise<unknown> {
    if (this.#closing !== undefined) return Promise.reject(new Error("the knowledge-base storage is closed"));
    return new Promise((resolve, reject) => {
      const job: Job = { request, budget, resolve, reject };
      (isWrite(request.method) ? this.#writer : this.#readers).submit(job);
    });
  }

  /** Lets the requests sent so far finish, then closes every connection: the readers', then the writer's. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      await Promise.all([this.#writer.drained(), this.#readers.drained()]);
      await this.#readers.close();
      await this.#writer.close();
    })();
    return this.#closing;
  }
}

/** Threads of one role, up to `size`, and the requests waiting for one of them. */
class Lane {
  readonly #setup: WorkerSetup;
  readonly #size: number;
  readonly #threads = new Set<SqliteThread>();
  readonly #queue: Job[] = [];
  #starting = 0;
  #retryAt = 0;
  #closed = false;
  readonly #waiting: (() => void)[] = [];

  constructor(setup: WorkerSetup, size: number) {
    this.#setup = setup;
    this.#size = size;
  }

  /**
   * Starts `size` threads, which open their connections once `gate` resolves, and waits for them:
   * the first error that kept one from opening is the caller's (and the others are stopped).
   */
  async open(gate: Promise<void>): Promise<void> {
    this.#starting += this.#size;
    const started = await Promise.allSettled(Array.from({ length: this.#size }, () => SqliteThread.start(this.#setup, gate)));
    this.#starting -= this.#size;
    const failed = started.find((outcome) => outcome.status === "rejected");
    for (const outcome of started) {
      if (outcome.status === "rejected") continue;
      if (failed === undefined) this.#adopt(outcome.value);
      else await outcome.value.close();
    }
    if (failed !== undefined) throw failed.reason;
  }

  /** Starts threads until there are `size` (running or starting), unless a start failed just now. */
  grow(): void {
    if (this.#closed || Date.now() < this.#retryAt) return;
    while (this.#threads.size + this.#starting < this.#size) {
      this.#starting += 1;
      SqliteThread.start(this.#setup, Promise.resolve()).then(
        (thread) => {
          this.#starting -= 1;
          if (this.#closed) void thread.close();
          else this.#adopt(thread);
          this.#settle();
        },
        (error: Error) => {
          this.#starting -= 1;
          this.#retryAt = Date.now() + RESTART_PAUSE_MS;
          // No thread will take the waiting requests: they fail with the reason.
          if (this.#threads.size === 0 && this.#starting === 0) for (const job of this.#queue.splice(0)) job.reject(error);
          this.#settle();
        },
      );
    }
  }

  submit(job: Job): void {
    this.#queue.push(job);
    this.#dispatch();
    if (this.#queue.length > 0) this.grow();
  }

  /** Resolves once no request waits or runs and no thread is starting. */
  drained(): Promise<void> {
    if (this.#isSettled()) return Promise.resolve();
    return new Promise((resolve) => void this.#waiting.push(resolve));
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#threads].map((thread) => thread.close()));
    this.#threads.clear();
  }

  #adopt(thread: SqliteThread): void {
    this.#threads.add(thread);
    thread.onIdle = () => {
      this.#dispatch();
      this.#settle();
    };
    thread.onLost = () => {
      this.#threads.delete(thread);
      this.grow();
      this.#settle();
    };
    this.#dispatch();
  }

  #dispatch(): void {
    for (const thread of this.#threads) {
      const job = this.#queue[0];
      if (job === undefined) return;
      if (thread.idle) thread.run(this.#queue.shift()!);
    }
  }

  #isSettled(): boolean {
    return this.#queue.length === 0 && this.#starting === 0 && [...this.#threads].every((thread) => thread.idle);
  }

  #settle(): void {
    if (this.#waiting.length > 0 && this.#isSettled()) for (const resolve of this.#waiting.splice(0)) resolve();
  }
}
