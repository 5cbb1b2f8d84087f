/**
 * Prepared statements kept by their SQL: preparing costs tens of microseconds, as much as a small
 * search, and searches with different filter shapes or knowledge bases produce different SQL, so
 * the cache is emptied when it is full rather than left to grow.
 */
import type { Database as Db, Statement } from "better-sqlite3";

export class StatementCache {
  readonly #db: Db;
  readonly #size: number;
  readonly #statements = new Map<string, Statement>();

  constructor(db: Db, size = 256) {
    this.#db = db;
    this.#size = size;
  }

  get(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      if (this.#statements.size >= this.#size) this.#statements.clear();
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  clear(): void {
    this.#statements.clear();
  }
}
