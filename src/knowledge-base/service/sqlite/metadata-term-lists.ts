/**
 * Each filter term's list of documents, for searches whose filter keeps fewer documents than the
 * words match (filter-plan.ts): an index of metadata_values (metadata-values.ts) by (key, value,
 * seq), and how many documents hold each (key, value), kept by triggers on metadata_values.
 *
 * Made by the first writer of a version that uses them, not by a schema step: a toolgen of schema
 * 7 opening the file keeps both right without knowing them (SQLite maintains an index, and fires
 * triggers, whoever writes), so the file need not refuse that version. At 100,000 chunks with six
 * metadata keys they take 12 MB (5% of the file) and 1.3 s to build.
 *
 * The counts' key is compared as metadata_values compares values (no affinity: 1 and 1.0 are one
 * value, "1" and 1 two, a boolean a BLOB), so a term's count is the number of documents its
 * probe would find.
 */
import type { Database as Db } from "better-sqlite3";
import type { Term } from "../filters.js";
import { boundTermValue } from "./metadata-values.js";

export const METADATA_TERM_INDEX = "metadata_values_term";
export const METADATA_COUNTS = "metadata_counts";

/** 1 when the file has both the index and the counts, on any connection (readers ask it too). */
export const TERM_LISTS_PRESENT = `SELECT count(*) = 2 FROM sqlite_schema WHERE name IN ('${METADATA_TERM_INDEX}', '${METADATA_COUNTS}')`;

/** Makes the index and the counts when either is missing, in one write transaction. */
export function addMetadataTermLists(db: Db): void {
  if (db.prepare(TERM_LISTS_PRESENT).pluck().get() === 1) return;
  db.transaction(() => {
    db.exec(`
      CREATE INDEX IF NOT EXISTS ${METADATA_TERM_INDEX} ON metadata_values (key, value, seq);
      CREATE TABLE IF NOT EXISTS ${METADATA_COUNTS} (
        key       TEXT NOT NULL,
        value     NOT NULL,
        documents INTEGER NOT NULL,
        PRIMARY KEY (key, value)
      ) WITHOUT ROWID;
      CREATE TRIGGER IF NOT EXISTS metadata_counts_insert AFTER INSERT ON metadata_values BEGIN
        INSERT INTO ${METADATA_COUNTS} (key, value, documents) VALUES (NEW.key, NEW.value, 1)
          ON CONFLICT (key, value) DO UPDATE SET documents = documents + 1;
      END;
      CREATE TRIGGER IF NOT EXISTS metadata_counts_delete AFTER DELETE ON metadata_values BEGIN
        UPDATE ${METADATA_COUNTS} SET documents = documents - 1 WHERE key = OLD.key AND value = OLD.value;
      END;
      DELETE FROM ${METADATA_COUNTS};
      INSERT INTO ${METADATA_COUNTS} (key, value, documents) SELECT key, value, count(*) FROM metadata_values GROUP BY key, value;
    `);
  }).immediate();
}

/**
 * SQL that holds when the document `seqColumn` is in `term`'s list of documents, read once per
 * statement from the index into a list SQLite probes in memory (a Bloom filter in front). The
 * unary + keeps SQLite from handing the list to FTS5 as rowids to look up one by one, which FTS5
 * does by reading the word's postings from the start for each (150 µs a document at 100,000).
 */
export function metadataListSql(term: Term, seqColumn: string): { sql: string; values: unknown[] } {
  return { sql: `+${seqColumn} IN (SELECT v.seq FROM metadata_values AS v WHERE v.key = ? AND v.value = ?)`, values: [term.key, boundTermValue(term.value)] };
}
