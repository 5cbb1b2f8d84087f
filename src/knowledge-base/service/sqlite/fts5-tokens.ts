/**
 * FTS5's own tokens of a text: a scratch FTS5 table with the knowledge bases' tokenizer, in the
 * connection's temp schema, whose fts5vocab instance table lists what it indexed. Temp tables are the
 * connection's own, so a read-only connection may have one too. Used by the score index
 * (score-index.ts), whose tokens must be exactly FTS5's.
 */
import type { Database as Db, Statement } from "better-sqlite3";

export class Fts5Tokens {
  readonly #db: Db;
  readonly #tokenize: string;
  #statements: { insert: Statement; read: Statement; clear: Statement } | undefined;

  constructor(db: Db, tokenize: string) {
    this.#db = db;
    this.#tokenize = tokenize;
  }

  /** Each token of (title, content) with its column: 0 title, 1 content. */
  of(title: string, content: string): [string, number][] {
    return this.ofMany([{ seq: 1, title, content }]).map(([term, , column]) => [term, column]);
  }

  /** Each token of each document as (term, seq, column: 0 title, 1 content), by term, then seq. */
  ofMany(documents: readonly { seq: number; title: string; content: string }[]): [string, number, number][] {
    const statements = this.#prepare();
    try {
      for (const { seq, title, content } of documents) statements.insert.run(seq, title, content);
      return (statements.read.all() as [string, number, string][]).map(([term, seq, column]) => [term, seq, column === "title" ? 0 : 1]);
    } finally {
      statements.clear.run();
    }
  }

  #prepare(): { insert: Statement; read: Statement; clear: Statement } {
    if (this.#statements === undefined) {
      this.#db.exec(
        `CREATE VIRTUAL TABLE IF NOT EXISTS temp.score_scratch USING fts5(title, content, content='', contentless_delete=1, tokenize='${this.#tokenize}');` +
          `CREATE VIRTUAL TABLE IF NOT EXISTS temp.score_scratch_tokens USING fts5vocab(temp, score_scratch, instance);`,
      );
      this.#statements = {
        insert: this.#db.prepare("INSERT INTO temp.score_scratch (rowid, title, content) VALUES (?, ?, ?)"),
        read: this.#db.prepare("SELECT term, doc, col FROM temp.score_scratch_tokens").raw(),
        clear: this.#db.prepare("INSERT INTO temp.score_scratch (score_scratch) VALUES ('delete-all')"),
      };
    }
    return this.#statements;
  }
}
