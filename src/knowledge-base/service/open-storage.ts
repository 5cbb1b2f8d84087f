/**
 * The backend a service was started with: a PostgreSQL URL selects PostgreSQL, otherwise the
 * SQLite file in the data directory. Each backend's driver is loaded only when it is chosen.
 */
import type { KnowledgeBaseStorage } from "./storage.js";
import { requireDriver } from "./storage-driver.js";

export interface StorageChoice {
  /** Directory of the SQLite database file; created when missing. */
  dataDir?: string;
  /** `postgres://user:password@host:port/database`: keep the knowledge bases on that server instead. */
  databaseUrl?: string;
  /** SQLite only: how long a write waits for another process's write lock before 503 (default 10,000 ms). */
  busyWaitMs?: number;
  /**
   * SQLite only: true keeps a score index for every knowledge base, now and later, building those
   * missing in the background while the service answers (minutes for millions of chunks; their
   * searches go to FTS5 until then: sqlite/score-index-build.ts); false drops them; unset leaves
   * the data directory as it is, and a build a stopped service left under way goes on. The choice
   * is stored in the database (sqlite/score-index.ts).
   */
  scoreIndex?: boolean;
  /** PostgreSQL only: connections in the pool (default 10). */
  poolSize?: number;
  /** PostgreSQL only: longest a statement may run, in ms (default 10,000). */
  statementTimeoutMs?: number;
  /** PostgreSQL only: the same for the statements of documents/add and documents/delete (default 60,000). */
  writeTimeoutMs?: number;
  /** Where the backend reports what it does on its own (migrations, reconnects). */
  log?: (line: string) => void;
}

export async function openStorage(choice: StorageChoice): Promise<KnowledgeBaseStorage> {
  if (choice.databaseUrl !== undefined) {
    requireDriver("pg");
    const { PostgresStorage } = await import("./postgres/postgres-storage.js");
    return PostgresStorage.open(choice.databaseUrl, choice);
  }
  if (typeof choice.dataDir !== "string" || choice.dataDir === "") throw new TypeError("startKnowledgeBaseService: dataDir or databaseUrl is required");
  requireDriver("better-sqlite3");
  const { SqliteStorage } = await import("./sqlite/sqlite-storage.js");
  const storage = await SqliteStorage.open(choice.dataDir, choice.busyWaitMs, undefined, undefined, choice.log !== undefined ? { log: choice.log } : {});
  if (choice.scoreIndex !== undefined) {
    try {
      const started = await storage.setScoreIndex(choice.scoreIndex);
      choice.log?.(
        choice.scoreIndex
          ? `score index on${started.length > 0 ? `: building it for ${started.length} knowledge base${started.length === 1 ? "" : "s"} in the background (their searches use FTS5 until then)` : ""}`
          : "score index off",
      );
    } catch (error) {
      await storage.close();
      throw error;
    }
  }
  return storage;
}
