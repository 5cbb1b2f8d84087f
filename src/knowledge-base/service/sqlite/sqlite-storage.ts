/**
 * Knowledge bases on SQLite + FTS5 in one file of a data directory, for one machine.
 * better-sqlite3 is synchronous, so SQL on this thread holds the event loop: a writer thread owns
 * the connection that writes and a few reader threads search and list (worker-pool.ts), and this
 * class sends them requests. Only a search whose worst case is a few milliseconds runs here, on a
 * read-only connection, because the trip to a thread would cost as much (inline-search.ts). Each
 * method is one transaction, committed before its promise resolves. Writes take the write lock
 * when they begin (BEGIN IMMEDIATE), so they never fail half-way with "database is locked"; while
 * another process holds the lock, a request waits for it (retrying with a growing pause,
 * busy-retry.ts), and after `busyWaitMs` it gets 503 with Retry-After.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Term } from "../filters.js";
import { StorageUnavailableError, type IndexedDocument, type KnowledgeBaseRecord, type KnowledgeBaseStorage, type ScoredDocument, type StoredDocument } from "../storage.js";
import { DEFAULT_BUSY_WAIT_MS } from "./busy-retry.js";
import { openReader } from "./database.js";
import { INLINE_SEARCH_BUDGET, InlineSearch } from "./inline-search.js";
import { buildBatchFromEnv, type BuildStep } from "./score-index-build.js";
import type { SqliteOperations, SqliteRequest } from "./sqlite-queries.js";
import { DEFAULT_READERS, WorkerPool } from "./worker-pool.js";

export { DEFAULT_BUSY_WAIT_MS } from "./busy-retry.js";

/** How score indexes are built in the background (score-index-build.ts). */
export interface ScoreIndexBuilding {
  /** Documents per batch (default TOOLGEN_KB_SCORE_INDEX_BATCH, else DEFAULT_BUILD_BATCH). */
  batch?: number;
  /** Where a finished build is reported. */
  log?: (line: string) => void;
}

/**
 * How long a batch waits for another process's write lock: waiting holds the writer's thread, and
 * the clients' writes queued behind it, so the batch gives up soon and is tried again after
 * BUILD_RETRY_MS, while the writes go on waiting their own busyWaitMs.
 */
const BUILD_LOCK_WAIT_MS = 100;
const BUILD_RETRY_MS = 1_000;

export class SqliteStorage implements KnowledgeBaseStorage {
  readonly kind = "sqlite";
  readonly location: string;
  readonly #pool: WorkerPool;
  readonly #inline: InlineSearch;
  readonly #busyWaitMs: number;
  readonly #building: Required<ScoreIndexBuilding>;
  /** The batches running one after the other on the writer, while a build is under way. */
  #builds: Promise<void> | undefined;
  /** A build was started since the batches last asked for one: they go on even if they found none. */
  #buildAgain = false;

  private constructor(pool: WorkerPool, inline: InlineSearch, busyWaitMs: number, dataDir: string, building: ScoreIndexBuilding) {
    this.#pool = pool;
    this.#inline = inline;
    this.#busyWaitMs = busyWaitMs;
    this.location = `data: ${dataDir}`;
    this.#building = { batch: building.batch ?? buildBatchFromEnv(), log: building.log ?? (() => undefined) };
  }

  /**
   * Opens (or creates) the database in `dataDir`: starts the writer thread, which creates or
   * migrates the schema, then `readers` reader threads, and opens this thread's read-only
   * connection for searches of at most `inlineBudget` worst-case postings (0: none; see
   * inline-search.ts). Rejects when the database cannot be opened.
   */
  static async open(
    dataDir: string,
    busyWaitMs = DEFAULT_BUSY_WAIT_MS,
    readers = DEFAULT_READERS,
    inlineBudget = INLINE_SEARCH_BUDGET,
    building: ScoreIndexBuilding = {},
  ): Promise<SqliteStorage> {
    const pool = await WorkerPool.start(dataDir, readers);
    let reader;
    try {
      reader = openReader(dataDir);
    } catch (error) {
      await pool.close();
      throw error;
    }
    const storage = new SqliteStorage(pool, new InlineSearch(reader, inlineBudget), busyWaitMs, dataDir, building);
    // A build a stopped service left under way goes on, with or without --score-index this time.
    if (await storage.#run({ method: "scoreIndexBuilding", args: [] })) storage.#buildInBackground();
    return storage;
  }

  /** Searches answered on this thread so far (inline-search.ts). */
  get inlineSearches(): number {
    return this.#inline.answered;
  }

  /** Lets requests in progress finish, then closes the connections and ends the threads. */
  async close(): Promise<void> {
    // Refuses new requests from here on, threads' and this thread's alike (and is the same promise
    // on a second call).
    const pool = this.#pool.close();
    // First: the writer's connection, closed last, removes the write-ahead log (inline-search.ts).
    await this.#inline.close();
    await pool;
  }

  ping(): Promise<boolean> {
    return Promise.resolve(!this.#pool.closed);
  }

  createKnowledgeBase(name: string): Promise<KnowledgeBaseRecord & { created: boolean }> {
    return this.#run({ method: "createKnowledgeBase", args: [name] });
  }

  addDocuments(knowledgeBaseId: number, documents: readonly IndexedDocument[]): Promise<string[]> {
    return this.#run({ method: "addDocuments", args: [knowledgeBaseId, documents] });
  }

  listDocuments(knowledgeBaseId: number, offset: number, limit: number): Promise<{ total: number; documents: StoredDocument[] }> {
    return this.#run({ method: "listDocuments", args: [knowledgeBaseId, offset, limit] });
  }

  deleteDocuments(knowledgeBaseId: number, ids: readonly string[]): Promise<number> {
    return this.#run({ method: "deleteDocuments", args: [knowledgeBaseId, ids] });
  }

  /** Ranked by weighted BM25 (title twice content), negated so that higher is better. */
  search(knowledgeBaseId: number, words: readonly string[], topK: number, terms: readonly Term[], grams: readonly string[] = []): Promise<ScoredDocument[]> {
    if (!this.#pool.closed) {
      const here = this.#inline.trySearch(knowledgeBaseId, words, topK, terms, { startedAt: Date.now(), busyWaitMs: this.#busyWaitMs }, grams);
      if (here !== undefined) return here;
    }
    // The score index was tried on this thread already, unless this thread searches nothing.
    return this.#run({ method: "search", args: [knowledgeBaseId, words, topK, terms, !this.#inline.walks, grams] });
  }

  /**
   * Score indexes for every knowledge base, now and later (true), or for none (false): see
   * score-index.ts. Starts building those missing, in batches on the writer's thread between the
   * clients' writes (score-index-build.ts), and resolves at once to the knowledge bases whose build
   * it started; their searches go to FTS5 until it is complete (scoreIndexBuilt()).
   */
  async setScoreIndex(on: boolean): Promise<number[]> {
    const started = await this.#run({ method: "startScoreIndex", args: [on] });
    if (on) this.#buildInBackground();
    return started;
  }

  /** Resolves once no score index build is under way (or the storage is closing). */
  async scoreIndexBuilt(): Promise<void> {
    while (this.#builds !== undefined) await this.#builds;
  }

  /** Runs the batches of the builds under way, one request at a time, unless they run already. */
  #buildInBackground(): void {
    this.#buildAgain = true;
    this.#builds ??= this.#buildBatches().finally(() => (this.#builds = undefined));
  }

  async #buildBatches(): Promise<void> {
    // When this process began the build under way (its first batch, or the end of the one before).
    let began = Date.now();
    // Said once for each time another process's lock stops the batches.
    let paused = false;
    while (!this.#pool.closed) {
      this.#buildAgain = false;
      let step: BuildStep | undefined;
      try {
        // Queued behind the writes that came meanwhile, as any write is: they wait for one batch at
        // most. It waits little for another process's lock, and away from the writer's thread.
        step = (await this.#pool.run(
          { method: "buildScoreIndex", args: [this.#building.batch] },
          { startedAt: Date.now(), busyWaitMs: Math.min(this.#busyWaitMs, BUILD_LOCK_WAIT_MS) },
        )) as BuildStep | undefined;
      } catch (error) {
        if (this.#pool.closed) return;
        // Another process's lock: its turn will end. Anything else would fail again the same way.
        if (!(error instanceof StorageUnavailableError)) {
          this.#building.log(`score index build stopped: ${(error as Error).message}; it goes on from there at the next start`);
          return;
        }
        if (!paused) this.#building.log("score index build paused: another process holds the write lock; it goes on when the lock is free");
        paused = true;
        await sleep(BUILD_RETRY_MS, undefined, { ref: false });
        continue;
      }
      paused = false;
      if (step === undefined) {
        if (this.#buildAgain) continue;
        return;
      }
      const { knowledgeBaseId, state } = step;
      if (state === "batch") continue;
      const seconds = ((Date.now() - began) / 1000).toFixed(1);
      began = Date.now();
      this.#building.log(
        state === "complete"
          ? `score index of knowledge base ${knowledgeBaseId} built in ${seconds} s`
          : state === "rebuilt"
            ? `score index of knowledge base ${knowledgeBaseId} built from FTS5's index in one transaction (its documents were segmented otherwise) after ${seconds} s`
            : `score index of knowledge base ${knowledgeBaseId} is behind (a document past its range, or another toolgen's write): FTS5 answers until it is built again`,
      );
    }
  }

  /** Sends `request` to its thread; the lock-wait budget starts now, queueing included. */
  #run<R extends SqliteRequest>(request: R): Promise<ReturnType<SqliteOperations[R["method"]]>> {
    return this.#pool.run(request, { startedAt: Date.now(), busyWaitMs: this.#busyWaitMs }) as Promise<ReturnType<SqliteOperations[R["method"]]>>;
  }
}
