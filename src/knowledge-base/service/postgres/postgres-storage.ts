/**
 * Knowledge bases on a PostgreSQL server, shared by any number of `kb serve` instances: nothing is
 * kept in a process but the connection pool, every write is one transaction committed before the
 * promise resolves (so acknowledged writes survive a `kill -9` of any instance and are seen by the
 * searches of all), and search is ranked by BM25 from postings that triggers keep beside the
 * documents (ranked-search-step.ts), one statement per search (search-statement.ts); metadata
 * filters are jsonb on a GIN index.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { ErrorCode, ServiceError } from "../errors.js";
import type { Term } from "../filters.js";
import { StorageUnavailableError, type IndexedDocument, type KnowledgeBaseRecord, type KnowledgeBaseStorage, type ScoredDocument, type StoredDocument } from "../storage.js";
import { TimeSlice } from "../time-slice.js";
import { DOCUMENT_ROW_COLUMNS, documentRows } from "./document-rows.js";
import { migrate } from "./migrations.js";
import { RemovalPurge } from "./removal-purge.js";
import { NO_SUCH_KNOWLEDGE_BASE, searchStatement, type SearchRow } from "./search-statement.js";
import { asUnavailable, connectionLost } from "./unavailable.js";

export interface PostgresSettings {
  /** Connections in the pool; requests beyond it queue. */
  poolSize?: number;
  /** Longest a statement may run, in ms; a search over it is cancelled and answered 503. */
  statementTimeoutMs?: number;
  /** The same for the statements of documents/add and documents/delete, which do more work. */
  writeTimeoutMs?: number;
  log?: (line: string) => void;
}

export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;
/**
 * An add request of 1,000 documents writes ~80,000 postings rows besides the documents
 * (ranked-search-step.ts); on a busy server with a large knowledge base such a statement took
 * seconds (8.4 s at most of 1,000 requests at 1M chunks, BENCHMARKS.md). A write cancelled at the
 * search timeout would be answered 503 and sent again, doing the work twice.
 */
export const DEFAULT_WRITE_TIMEOUT_MS = 60_000;
/** How long a request waits for a connection (all busy, or the server unreachable) before 503. */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * How much longer than the statement timeout the client waits for any answer before it gives the
 * connection up: a network that goes silent (no RST, no FIN) would otherwise hold the request until
 * the operating system gives up on TCP, minutes later.
 */
const QUERY_DEADLINE_MARGIN_MS = 5_000;

/** Runs one statement of a request's transaction, under that request's client-side deadline. */
type Run = <R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<pg.QueryResult<R>>;

interface DocumentRow {
  id: string;
  title: string;
  content: string;
  metadata: Record<string, unknown>;
}

export class PostgresStorage implements KnowledgeBaseStorage {
  readonly kind = "postgres";
  readonly #pool: pg.Pool;
  readonly #log: ((line: string) => void) | undefined;
  readonly #poolSize: number;
  readonly #statementTimeoutMs: number;
  readonly #writeTimeoutMs: number;
  /** Set once the schema is known to be current; until then every request tries to migrate. */
  #migrated: Promise<void> | undefined;
  /** Removes the postings that deletes queue (schema step 10). */
  readonly #purge: RemovalPurge;

  readonly location: string;

  private constructor(pool: pg.Pool, poolSize: number, statementTimeoutMs: number, writeTimeoutMs: number, log: ((line: string) => void) | undefined, databaseUrl: string) {
    this.location = `PostgreSQL ${redact(databaseUrl)}`;
    this.#pool = pool;
    this.#poolSize = poolSize;
    this.#statementTimeoutMs = statementTimeoutMs;
    this.#log = log;
    this.#writeTimeoutMs = writeTimeoutMs;
    this.#purge = new RemovalPurge((documents) => this.#purgeBatch(documents), log);
  }

  /**
   * Connects and brings the schema up to date. A server that cannot be reached now is no reason to
   * refuse to start (it may be restarting): requests are answered 503 until it is back. A server
   * that refuses the credentials or has no such database is a wrong configuration: that throws.
   */
  static async open(databaseUrl: string, settings: PostgresSettings = {}): Promise<PostgresStorage> {
    const statementTimeout = settings.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const poolSize = settings.poolSize ?? DEFAULT_POOL_SIZE;
    // The statement timeout is set per transaction (SET LOCAL), not as a startup parameter of the
    // connection, which PgBouncer refuses; nothing else of a session is used, so a pooler in
    // transaction mode may hand each transaction another server connection.
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: poolSize,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
      query_timeout: statementTimeout + QUERY_DEADLINE_MARGIN_MS,
      keepAlive: true,
      application_name: "toolgen kb serve",
    });
    // An idle connection the server closes (restart, failover) is reported here; unhandled it
    // would end the process. The pool drops it and opens a new one when one is needed.
    pool.on("error", (error) => settings.log?.(`knowledge base database: idle connection lost: ${error.message}`));
    const storage = new PostgresStorage(pool, poolSize, statementTimeout, settings.writeTimeoutMs ?? DEFAULT_WRITE_TIMEOUT_MS, settings.log, databaseUrl);
    try {
      await storage.#ensureSchema();
      // What an instance that stopped left in the queue.
      storage.#purge.wake();
    } catch (error) {
      if (!(error instanceof ServiceError) && asUnavailable(error) === undefined) {
        await storage.#purge.close();
        await pool.end();
        throw new Error(`cannot use the database ${redact(databaseUrl)}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      settings.log?.(`knowledge base database: not reachable at start (${(error as Error).message}); requests get 503 until it is`);
    }
    return storage;
  }

  async close(): Promise<void> {
    await this.#purge.close();
    await this.#pool.end();
  }

  async ping(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    // Ready means writable too: a server that was demoted (failover) or is a standby answers
    // reads but refuses every write.
    const answer = this.#pool.query<{ writable: boolean }>("SELECT current_setting('transaction_read_only') = 'off' AS writable").then(
      ({ rows }) => rows[0]?.writable === true,
      () => false,
    );
    try {
      return await Promise.race([answer, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  createKnowledgeBase(name: string): Promise<KnowledgeBaseRecord & { created: boolean }> {
    return this.#transaction(async (run) => {
      const inserted = await run<{ id: string }>(
        "INSERT INTO toolgen_knowledge_bases (name) VALUES ($1) ON CONFLICT (name) DO NOTHING RETURNING id",
        [name],
      );
      if (inserted.rows[0] !== undefined) return { id: Number(inserted.rows[0].id), name, created: true };
      const existing = await run<{ id: string }>("SELECT id FROM toolgen_knowledge_bases WHERE name = $1", [name]);
      return { id: Number(existing.rows[0]!.id), name, created: false };
    });
  }

  async addDocuments(knowledgeBaseId: number, documents: readonly IndexedDocument[]): Promise<string[]> {
    const ids = documents.map((document) => document.id ?? randomUUID());
    // One statement cannot change a row twice: an id named twice is stored once, with the later
    // document, at the earlier one's place (what SQLite's insert-then-update does).
    const latest = new Map<string, IndexedDocument>();
    ids.forEach((id, index) => latest.set(id, documents[index]!));
    // Built before the transaction, so its pauses hold no connection.
    const rows = await documentRows(latest, new TimeSlice());
    return this.#transaction(async (run) => {
      await requireKnowledgeBase(run, knowledgeBaseId, "FOR SHARE");
      await run(
        `INSERT INTO toolgen_documents (kb_id, id, title, content, metadata, search, grams)
         SELECT $1, d.id, d.title, d.content, d.metadata::json,
                setweight(to_tsvector('toolgen', d.index_title), 'A') || setweight(to_tsvector('toolgen', d.index_content), 'B'),
                setweight(to_tsvector('toolgen', d.gram_title), 'A') || setweight(to_tsvector('toolgen', d.gram_content), 'B')
         FROM ROWS FROM (json_to_recordset($2::json) AS (${DOCUMENT_ROW_COLUMNS})) WITH ORDINALITY
              AS d (id, title, content, metadata, index_title, index_content, gram_title, gram_content, ord)
         ORDER BY d.ord
         ON CONFLICT (kb_id, id) DO UPDATE
           SET title = excluded.title, content = excluded.content, metadata = excluded.metadata, search = excluded.search, grams = excluded.grams`,
        [knowledgeBaseId, rows],
      );
      return ids;
    }, { timeoutMs: this.#writeTimeoutMs });
  }

  listDocuments(knowledgeBaseId: number, offset: number, limit: number): Promise<{ total: number; documents: StoredDocument[] }> {
    // REPEATABLE READ: the count and the page are read from one snapshot.
    return this.#transaction(async (run) => {
      await requireKnowledgeBase(run, knowledgeBaseId);
      const count = await run<{ total: string }>("SELECT count(*) AS total FROM toolgen_documents WHERE kb_id = $1", [knowledgeBaseId]);
      const page = await run<DocumentRow>(
        "SELECT id, title, content, metadata FROM toolgen_documents WHERE kb_id = $1 ORDER BY seq LIMIT $2 OFFSET $3",
        [knowledgeBaseId, limit, offset],
      );
      return { total: Number(count.rows[0]!.total), documents: page.rows.map(toStored) };
    }, { isolation: "REPEATABLE READ" });
  }

  async deleteDocuments(knowledgeBaseId: number, ids: readonly string[]): Promise<number> {
    const deleted = await this.#transaction(async (run) => {
      await requireKnowledgeBase(run, knowledgeBaseId, "FOR SHARE");
      // No stored id holds a NUL (PostgreSQL's text cannot), and one in the array would fail the statement.
      const storable = [...new Set(ids)].filter((id) => !id.includes("\0"));
      const result = await run("DELETE FROM toolgen_documents WHERE kb_id = $1 AND id = ANY($2::text[])", [knowledgeBaseId, storable]);
      return result.rowCount ?? 0;
    }, { timeoutMs: this.#writeTimeoutMs });
    // The delete queued its documents' postings (schema step 10), unless the queue was full.
    if (deleted > 0) this.#purge.wake();
    return deleted;
  }

  /** One transaction of the purge: the postings of at most `documents` queued documents removed. */
  #purgeBatch(documents: number): Promise<number> {
    return this.#transaction(async (run) => {
      const { rows } = await run<{ purged: number }>("SELECT toolgen_purge_removals($1) AS purged", [documents]);
      return rows[0]!.purged;
    }, { timeoutMs: this.#writeTimeoutMs });
  }

  async search(knowledgeBaseId: number, words: readonly string[], topK: number, terms: readonly Term[], grams: readonly string[] = []): Promise<ScoredDocument[]> {
    const results = await this.#message<SearchRow>(searchStatement(knowledgeBaseId, words, topK, terms, this.#statementTimeoutMs, grams)).catch((error: unknown) => {
      if ((error as { code?: unknown }).code === NO_SUCH_KNOWLEDGE_BASE) {
        throw new ServiceError(ErrorCode.KNOWLEDGE_BASE_NOT_FOUND, `knowledge base ${knowledgeBaseId} does not exist`);
      }
      throw error;
    });
    // The SET's result, then the SELECT's.
    return results.at(-1)!.rows.map((row) => ({ ...toStored(row), score: Number(row.score) }));
  }

  /**
   * Sends `text`, statements that carry their own transaction (search-statement.ts), in one round
   * trip on a pooled connection; resolves to each statement's result.
   */
  async #message<R extends pg.QueryResultRow>(text: string): Promise<pg.QueryResult<R>[]> {
    return this.#onConnection(async (client) => {
      const answer = (await client.query<R>(text)) as unknown as pg.QueryResult<R> | pg.QueryResult<R>[];
      return Array.isArray(answer) ? answer : [answer];
    });
  }

  /**
   * Runs `work` in one transaction on one pooled connection, after making sure of the schema:
   * `BEGIN …; SET LOCAL statement_timeout` in one round trip, the work, `COMMIT`. Each statement
   * also has the client-side deadline, `timeoutMs` plus the margin.
   */
  async #transaction<T>(work: (run: Run) => Promise<T>, options: { isolation?: string; timeoutMs?: number } = {}): Promise<T> {
    const timeoutMs = options.timeoutMs ?? this.#statementTimeoutMs;
    return this.#onConnection(async (connection) => {
      // node-postgres reads query_timeout from a query's config; its type definitions lack it.
      const run: Run = (text, values) => connection.query({ text, values, query_timeout: timeoutMs + QUERY_DEADLINE_MARGIN_MS } as pg.QueryConfig);
      await run(`BEGIN ISOLATION LEVEL ${options.isolation ?? "READ COMMITTED"}; SET LOCAL statement_timeout = ${timeoutMs}`);
      try {
        const result = await work(run);
        // A transaction that already failed answers COMMIT with ROLLBACK and no error: nothing
        // may be acknowledged then, even if the error that failed it was swallowed somewhere.
        const committed = await run("COMMIT");
        if (committed.command !== "COMMIT") throw new Error(`the transaction was not committed (PostgreSQL answered ${committed.command})`);
        return result;
      } catch (error) {
        if (!connectionLost(error)) await run("ROLLBACK").catch(() => undefined);
        throw error;
      }
    });
  }

  /**
   * `use` on one pooled connection, after making sure of the schema. A connection that failed
   * goes back broken, so the pool closes it instead of reusing it (the server ends any
   * transaction when the socket closes); a failure that means the database is out of reach
   * becomes the 503 error.
   */
  async #onConnection<T>(use: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient | undefined;
    try {
      await this.#ensureSchema();
      client = await this.#connect();
      return await use(client);
    } catch (error) {
      const unavailable = asUnavailable(error);
      client?.release(unavailable ?? undefined);
      client = undefined;
      throw unavailable ?? error;
    } finally {
      client?.release();
    }
  }

  /** A pooled connection; when none frees up in time, a 503 that says whether all were busy. */
  async #connect(): Promise<pg.PoolClient> {
    try {
      return await this.#pool.connect();
    } catch (error) {
      if (this.#pool.totalCount >= this.#poolSize) {
        throw new StorageUnavailableError(`all ${this.#poolSize} database connections of this instance stayed busy for ${CONNECT_TIMEOUT_MS} ms; try again later`, { cause: error });
      }
      throw error;
    }
  }

  #ensureSchema(): Promise<void> {
    this.#migrated ??= (async () => {
      const client = await this.#connect();
      try {
        await migrate(client, this.#statementTimeoutMs, this.#log);
        client.release();
      } catch (error) {
        client.release(connectionLost(error) ? (error as Error) : undefined);
        throw error;
      }
    })().catch((error: unknown) => {
      // Tried again by the next request.
      this.#migrated = undefined;
      throw asUnavailable(error) ?? error;
    });
    return this.#migrated;
  }
}

async function requireKnowledgeBase(run: Run, id: number, lock = ""): Promise<void> {
  const { rowCount } = await run(`SELECT 1 FROM toolgen_knowledge_bases WHERE id = $1 ${lock}`, [id]);
  if (rowCount === 0) throw new ServiceError(ErrorCode.KNOWLEDGE_BASE_NOT_FOUND, `knowledge base ${id} does not exist`);
}

function toStored(row: DocumentRow): StoredDocument {
  return { id: row.id, title: row.title, content: row.content, metadata: row.metadata };
}

/** The URL without its password, for messages. */
function redact(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password !== "") url.password = "***";
    return url.href;
  } catch {
    return "(an unreadable URL)";
  }
}
