/**
 * FTS5's own records, read from its shadow tables (fts5_index.c, fts5_storage.c): the averages
 * record (rowid 1 of `<table>_data`: the row count, then each column's token total) and the docsize
 * records (`<table>_docsize`: a document's tokens in each column), both as SQLite varints.
 */
import type { StatementCache } from "./statement-cache.js";

/**
 * The averages record of the FTS5 table `fts`, in the connection's snapshot (about 3 µs): the
 * documents it holds and their tokens in all columns (exact since schema 4: fts5-totals.ts).
 */
export function readAverages(statements: StatementCache, fts: string): { rows: number; tokens: number } {
  // FTS5_AVERAGES_ROWID (fts5_index.c); no record yet means nothing was ever added.
  return averagesRecord(statements.get(`SELECT block FROM ${fts}_data WHERE id = 1`).pluck().get() as Uint8Array | undefined);
}

/** The first varints of FTS5's averages record: the row count, then each column's token total. */
export function averagesRecord(block: Uint8Array | undefined): { rows: number; tokens: number } {
  const values = block === undefined ? [] : sqliteVarints(block);
  let tokens = 0;
  for (let column = 1; column < values.length; column++) tokens += values[column]!;
  return { rows: values[0] ?? 0, tokens };
}

/** SQLite's varints (big-endian, 7 bits a byte, the ninth byte whole), as FTS5 writes its records. */
export function sqliteVarints(block: Uint8Array): number[] {
  const values: number[] = [];
  let at = 0;
  while (at < block.length) {
    let value = 0;
    for (let index = 0; at < block.length; index++) {
      const byte = block[at++]!;
      if (index === 8) {
        value = value * 256 + byte;
        break;
      }
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    values.push(value);
  }
  return values;
}

/**
 * `values` as SQLite varints (sqlite3PutVarint), for FTS5's records. Whole numbers from 0 to 2^53
 * only: they take at most 8 bytes, so the ninth byte's other rule never applies.
 */
export function toSqliteVarints(values: readonly number[]): Buffer {
  const bytes: number[] = [];
  for (const value of values) {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`cannot write ${value} into an FTS5 record`);
    const groups: number[] = [];
    let rest = value;
    do {
      groups.push(rest % 0x80);
      rest = Math.floor(rest / 0x80);
    } while (rest > 0);
    for (let index = groups.length - 1; index >= 0; index--) bytes.push(index > 0 ? groups[index]! | 0x80 : groups[index]!);
  }
  return Buffer.from(bytes);
}
