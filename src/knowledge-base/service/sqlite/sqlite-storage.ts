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
import type { Term } from "../filters.js";
import type { IndexedDocument, KnowledgeBaseRecord, KnowledgeBaseStorage, ScoredDocument, StoredDocument } from "../storage.js";
import { DEFAULT_BUSY_WAIT_MS } from "./busy-retry.js";
import { openReader } from "./database.js";
import { INLINE_SEARCH_BUDGET, InlineSearch } from "./inline-search.js";
import type { SqliteOperations, SqliteRequest } from "./sqlite-queries.js";
import { DEFAULT_READERS, WorkerPool } from "./worker-pool.js";

export { DEFAULT_BUSY_WAIT_MS } from "./busy-retry.js";

export class SqliteStorage implements KnowledgeBaseStorage {
  readonly kind = "sqlite";
  readonly location: string;
  readonly #pool: WorkerPool;
  readonly #inline: InlineSearch;
  readonly #busyWaitMs: number;

  private constructor(pool: WorkerPool, inline: InlineSearch, busyWaitMs: number, dataDir: string) {
    this.#pool = pool;
    this.#inline = inline;
    this.#busyWaitMs = busyWaitMs;
    this.location = `data: ${dataDir}`;
  }

  /**
   * Opens (or creates) the database in `dataDir`: starts the writer thread, which creates or
   * migrates the schema, then `readers` reader threads, and opens this thread's read-only
   * connection for searches of at most `inlineBudget` worst-case postings (0: none; see
   * inline-search.ts). Rejects when the database cannot be opened.
   */
  static async open(dataDir: string, busyWaitMs = DEFAULT_BUSY_WAIT_MS, readers = DEFAULT_READERS, inlineBudget = INLINE_SEARCH_BUDGET): Promise<SqliteStorage> {
    const pool = await WorkerPool.start(dataDir, readers);
    let reader;
    try {
      reader = openReader(dataDir);
    } catch (error) {
      await pool.close();
      throw error;
    }
    return new SqliteStorage(pool, new InlineSearch(reader, inlineBudget), busyWaitMs, dataDir);
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
   * score-index.ts. Builds those missing, which takes minutes for millions of chunks; resolves
   * to the knowledge bases built.
   */
  setScoreIndex(on: boolean): Promise<number[]> {
    return this.#run({ method: "setScoreIndex", args: [on] });
  }

  /** Sends `request` to its thread; the lock-wait budget starts now, queueing included. */
  #run<R extends SqliteRequest>(request: R): Promise<ReturnType<SqliteOperations[R["method"]]>> {
    return this.#pool.run(request, { startedAt: Date.now(), busyWaitMs: this.#busyWaitMs }) as Promise<ReturnType<SqliteOperations[R["method"]]>>;
  }
}
