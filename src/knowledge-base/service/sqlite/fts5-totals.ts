/**
 * FTS5's totals (its averages record: the documents, and the tokens in each column) kept exact
 * through deletes and replaces.
 *
 * Why: BM25's idf counts the documents, and its length normalisation divides by their average
 * length, both taken from this record. A contentless_delete table never takes a deleted row out
 * of it (fts5_storage.c: fts5StorageContentlessDelete leaves nTotalRow and aTotalSize alone, where
 * the other delete paths decrement them), so deleted and replaced documents went on counting:
 * scores drifted away from those of a knowledge base holding the same documents from new, and the
 * order of hits of different lengths with them, until the knowledge base was made again.
 * PostgreSQL's counts are exact; SQLite's now are too.
 *
 * How: before FTS5 deletes a row, that document's docsize record (its tokens in each column) is
 * read. At the end of the write, FTS5's 'flush' command makes it write the totals it holds in
 * memory and forget them (fts5StorageSync), so the commit will not write them again over what is
 * written here; then the record is written back less the deleted documents. The record's table is
 * read-only in SQLite's defensive mode, which better-sqlite3 turns on; it is lifted for that one
 * statement. An older toolgen's deletes do not do this: schema step 4 recounts the record from the
 * docsize records, which FTS5 does keep exact.
 */
// The driver's own type, not database.ts's alias: database.ts runs recountTotals as a schema step.
import type { Database as Db } from "better-sqlite3";
import { sqliteVarints, toSqliteVarints } from "./fts5-records.js";
import { StatementCache } from "./statement-cache.js";

/** One write transaction's deletes from FTS5 tables; settle() before it commits. */
export class Fts5Totals {
  readonly #db: Db;
  readonly #statements: StatementCache;
  /** Per FTS5 table: documents, then each column's tokens, to take out of its record. */
  readonly #forgotten = new Map<string, number[]>();

  constructor(db: Db, statements: StatementCache) {
    this.#db = db;
    this.#statements = statements;
  }

  /** Call before FTS5 deletes row `seq` of the table `fts`: remembers what the document counted for. */
  forget(fts: string, seq: number): void {
    const sizes = this.#statements.get(`SELECT sz FROM ${fts}_docsize WHERE id = ?`).pluck().get(seq) as Uint8Array | undefined;
    // Not in FTS5: nothing to take out (FTS5 deletes nothing either).
    if (sizes === undefined) return;
    const less = this.#forgotten.get(fts) ?? [];
    const record = [1, ...sqliteVarints(sizes)];
    record.forEach((value, index) => (less[index] = (less[index] ?? 0) + value));
    this.#forgotten.set(fts, less);
  }

  /** After the transaction's last statement on these FTS5 tables: takes the deleted documents out. */
  settle(): void {
    for (const [fts, less] of this.#forgotten) {
      this.#statements.get(`INSERT INTO ${fts} (${fts}) VALUES ('flush')`).run();
      const record = readRecord(this.#statements, fts);
      writeRecord(this.#db, this.#statements, fts, record.map((value, index) => value - (less[index] ?? 0)));
    }
    this.#forgotten.clear();
  }
}

/**
 * Schema step 4: the record of the FTS5 table `fts` counted again from its docsize records, for a
 * database whose deletes schema 3 or older made. Returns the document count before and after.
 */
export function recountTotals(db: Db, fts: string): { before: number; after: number } {
  const statements = new StatementCache(db, 4);
  const record = readRecord(statements, fts);
  const counted: number[] = [0];
  for (const sizes of db.prepare(`SELECT sz FROM ${fts}_docsize`).pluck().iterate() as IterableIterator<Uint8Array>) {
    counted[0]! += 1;
    sqliteVarints(sizes).forEach((value, index) => (counted[index + 1] = (counted[index + 1] ?? 0) + value));
  }
  // No record: nothing was ever added, and FTS5 writes one at its first add.
  if (record.length === 0) return { before: 0, after: 0 };
  statements.get(`INSERT INTO ${fts} (${fts}) VALUES ('flush')`).run();
  writeRecord(db, statements, fts, record.map((_, index) => counted[index] ?? 0));
  return { before: record[0]!, after: counted[0]! };
}

// FTS5_AVERAGES_ROWID (fts5_index.c).
function readRecord(statements: StatementCache, fts: string): number[] {
  const block = statements.get(`SELECT block FROM ${fts}_data WHERE id = 1`).pluck().get() as Uint8Array | undefined;
  return block === undefined ? [] : sqliteVarints(block);
}

function writeRecord(db: Db, statements: StatementCache, fts: string, record: readonly number[]): void {
  if (record.some((value) => value < 0)) throw new Error(`FTS5's totals of ${fts} would fall below zero (${record.join(", ")})`);
  // Around the preparing too: SQLite checks defensive mode when it compiles the statement.
  db.unsafeMode(true);
  try {
    statements.get(`UPDATE ${fts}_data SET block = ? WHERE id = 1`).run(toSqliteVarints(record));
  } finally {
    db.unsafeMode(false);
  }
}
