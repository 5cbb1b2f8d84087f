/**
 * One SQLite worker thread (sqlite-worker.ts) as the service's thread sees it: the request it is
 * running, sent as messages (an add's documents in parts, document-parts.ts), and the answer or
 * error that comes back (worker-protocol.ts). An idle thread does not keep the process alive, so a
 * program that forgets `close()` still ends, as it did when the database was a handle on this
 * thread; one with a request under way does.
 */
import type { Worker } from "node:worker_threads";
import type { BusyBudget } from "./busy-retry.js";
import { frameRequest } from "./document-parts.js";
import type { SqliteRequest } from "./sqlite-queries.js";
import { startSqliteWorker } from "./start-worker.js";
import { fromWire, type FromWorker, type ToWorker, type WorkerSetup } from "./worker-protocol.js";

/** A request for a thread, and where its answer goes. */
export interface Job {
  readonly request: SqliteRequest;
  readonly budget: BusyBudget;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class SqliteThread {
  readonly #worker: Worker;
  readonly #role: WorkerSetup["role"];
  /** The request sent and not answered yet ("open" while starting). */
  #pending: { resolve(value: unknown): void; reject(error: Error): void } | undefined;
  #closing: Promise<void> | undefined;
  #failure: Error | undefined;
  /** Why the thread ended, once it has. */
  #ended: Error | undefined;
  /** Called when the thread has answered its request. */
  onIdle: () => void = () => undefined;
  /** Called when the thread ended without being asked to (its request has failed). */
  onLost: () => void = () => undefined;

  private constructor(setup: WorkerSetup) {
    this.#role = setup.role;
    this.#worker = startSqliteWorker(setup);
    this.#worker.on("message", (message: FromWorker) => this.#answer(message));
    this.#worker.on("error", (error) => void (this.#failure = error));
    this.#worker.on("exit", (code) => this.#exited(code));
  }

  /**
   * A thread, started at once, that opens its connection once `gate` resolves (it loads its modules
   * meanwhile). Resolves when the connection is open; rejects with the error that kept it from
   * opening, or the gate's.
   */
  static async start(setup: WorkerSetup, gate: Promise<void>): Promise<SqliteThread> {
    const thread = new SqliteThread(setup);
    try {
      await gate;
      await thread.#send([{ type: "open" }]);
      return thread;
    } catch (error) {
      await thread.#worker.terminate();
      throw error;
    }
  }

  get idle(): boolean {
    return this.#pending === undefined && this.#closing === undefined && this.#ended === undefined;
  }

  run(job: Job): void {
    const { parts, framed } = frameRequest(job.request);
    const messages: ToWorker[] = parts.map((items) => ({ type: "part", items }));
    messages.push({ type: "run", request: framed, budget: job.budget });
    this.#send(messages).then(job.resolve, job.reject);
  }

  /** Closes the connection and ends the thread (call when idle). */
  close(): Promise<void> {
    this.#closing ??=
      this.#ended !== undefined
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            this.#worker.once("exit", () => resolve());
            this.#worker.ref();
            this.#worker.postMessage({ type: "close" } satisfies ToWorker);
          });
    return this.#closing;
  }

  /** Sends `messages`, a turn of the event loop apart; resolves with the worker's answer to the last. */
  #send(messages: readonly ToWorker[]): Promise<unknown> {
    if (this.#ended !== undefined) return Promise.reject(this.#ended);
    const answered = new Promise((resolve, reject) => {
      this.#pending = { resolve, reject };
    });
    // A request on its way keeps the process alive until it is answered; an idle thread does not.
    this.#worker.ref();
    void this.#post(messages);
    return answered;
  }

  async #post(messages: readonly ToWorker[]): Promise<void> {
    for (const [index, message] of messages.entries()) {
      // Other requests' I/O and timers run between two parts of a large add.
      if (index > 0) await new Promise((resolve) => setImmediate(resolve));
      if (this.#ended !== undefined) return;
      this.#worker.postMessage(message);
    }
  }

  #answer(message: FromWorker): void {
    const pending = this.#pending;
    if (pending === undefined) return;
    this.#pending = undefined;
    this.#worker.unref();
    if (message.type === "error") pending.reject(fromWire(message.error));
    else pending.resolve(message.type === "result" ? message.value : undefined);
    this.onIdle();
  }

  #exited(code: number): void {
    const reason = this.#failure !== undefined ? this.#failure.message : `exit code ${code}`;
    this.#ended = new Error(`the SQLite ${this.#role} thread stopped: ${reason}`);
    if (this.#closing !== undefined) return;
    const pending = this.#pending;
    this.#pending = undefined;
    pending?.reject(this.#ended);
    this.onLost();
  }
}
