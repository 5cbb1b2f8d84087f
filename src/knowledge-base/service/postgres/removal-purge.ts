/**
 * Empties the queue of postings that deletes leave behind (schema step 10,
 * deferred-removal-step.ts), one batch per transaction, after each delete, at start and every
 * minute: an instance that stopped half-way, or one of the previous release, leaves a queue that
 * any instance finishes. While the queue holds documents, searches rank that many more than they
 * answer, so it is emptied at once rather than at a quiet hour.
 */

/**
 * Documents whose postings one transaction removes: 0.05-0.1 s of work at 100,000 chunks, 1-5 s at
 * 1M on a database larger than memory, which is also how long close() may wait for the last one.
 */
export const PURGE_BATCH_DOCUMENTS = 20;

/** How often an idle instance looks for a queue another one left. */
const PURGE_CHECK_MS = 60_000;

/** The pause after a failed batch (the database unreachable, or a timeout) before the next try. */
const PURGE_RETRY_MS = 5_000;

export class RemovalPurge {
  readonly #batch: (documents: number) => Promise<number>;
  readonly #log: ((line: string) => void) | undefined;
  readonly #check: NodeJS.Timeout;
  #running: Promise<void> | undefined;
  #again = false;
  #retry: NodeJS.Timeout | undefined;
  #failing = false;
  #closed = false;

  /** `batch(n)` removes the postings of at most n queued documents in one transaction and resolves to how many. */
  constructor(batch: (documents: number) => Promise<number>, log?: (line: string) => void) {
    this.#batch = batch;
    this.#log = log;
    this.#check = setInterval(() => this.wake(), PURGE_CHECK_MS).unref();
  }

  /** Starts emptying the queue, or has the run under way look again when it is done. */
  wake(): void {
    if (this.#closed) return;
    if (this.#running !== undefined) {
      this.#again = true;
      return;
    }
    this.#running = this.#run().finally(() => {
      this.#running = undefined;
      if (this.#again) this.wake();
    });
  }

  /** Resolves once the run under way, if any, has finished its batch; no batch starts after. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#check);
    clearTimeout(this.#retry);
    await this.#running;
  }

  async #run(): Promise<void> {
    this.#again = false;
    try {
      while (!this.#closed && (await this.#batch(PURGE_BATCH_DOCUMENTS)) > 0);
      this.#failing = false;
    } catch (error) {
      // Once per spell of failures: a database that is away fails every try.
      if (!this.#failing) this.#log?.(`knowledge base database: removing deleted documents' postings failed (${(error as Error).message}); trying again`);
      this.#failing = true;
      this.#again = false;
      clearTimeout(this.#retry);
      this.#retry = setTimeout(() => this.wake(), PURGE_RETRY_MS).unref();
    }
  }
}
