/**
 * The values a filter term can match, kept beside the documents (schema 2): one row per document,
 * top-level metadata key and scalar value, and one per scalar element of an array value. A filter
 * term (filters.ts) on metadata is then a point lookup in this table's primary key for each of
 * the words' matches, instead of reading the match's documents row and parsing its JSON; the
 * FTS5 table is untouched, so scores and their ties are exactly those of schema 1.
 *
 * The rows are written by triggers on `documents`, in SQL, from the same `json_each` that the
 * filter SQL used before: which values are stored, and how they compare, is exactly what that SQL
 * decided (a string is TEXT, a number INTEGER or REAL, 1 equals 1.0, "1" does not equal 1; objects,
 * null and nested arrays never equal a term's value). Booleans become the one-byte BLOBs 1 and 0,
 * a storage class that never equals a number or a string. The `value` column has no declared type
 * on purpose: no affinity, so SQLite stores each value in the class it was given. Triggers, not
 * the service's code, keep the table right whoever writes (the migration, a replace, a delete, and
 * a process of an older toolgen still running on the same file).
 *
 * The primary key begins with `seq`: a document's rows are appended together as it is added (seq
 * only grows), deleted together as one range, and a term's check for one match is one probe.
 */
import type { Term, TermValue } from "../filters.js";
// The driver's own type, not database.ts's alias: database.ts runs this step, so importing it back would close a circle.
import type { Database as Db } from "better-sqlite3";

/** Inserts every (seq, key, value) a filter term can match of the documents `where` selects, from their metadata JSON. */
function insertValuesOf(where: string): string {
  return `
    INSERT OR IGNORE INTO metadata_values (seq, key, value)
      SELECT d.seq, top.key, CASE e.type WHEN 'true' THEN x'01' WHEN 'false' THEN x'00' ELSE e.value END
      FROM documents AS d, json_each(d.metadata) AS top, json_each(d.metadata, top.fullkey) AS e
      WHERE ${where} AND top.type <> 'object' AND e.type IN ('text', 'integer', 'real', 'true', 'false');`;
}

/** Schema 1 to 2: the table, its triggers, and the rows of the documents already stored. */
export function addMetadataValues(db: Db): void {
  db.exec(`
    CREATE TABLE metadata_values (
      seq   INTEGER NOT NULL,
      key   TEXT NOT NULL,
      value NOT NULL,
      PRIMARY KEY (seq, key, value)
    ) WITHOUT ROWID;
    -- An array may hold a value twice: OR IGNORE keeps one row.
    CREATE TRIGGER documents_metadata_insert AFTER INSERT ON documents BEGIN
      ${insertValuesOf("d.seq = NEW.seq")}
    END;
    CREATE TRIGGER documents_metadata_update AFTER UPDATE OF metadata ON documents BEGIN
      DELETE FROM metadata_values WHERE seq = OLD.seq;
      ${insertValuesOf("d.seq = NEW.seq")}
    END;
    CREATE TRIGGER documents_metadata_delete AFTER DELETE ON documents BEGIN
      DELETE FROM metadata_values WHERE seq = OLD.seq;
    END;
    ${insertValuesOf("1")}
  `);
}

/**
 * SQL that holds when the document `seqColumn` has `term` (a metadata key, not `title`), and its
 * parameters: one probe of the primary key.
 */
export function metadataTermSql(term: Term, seqColumn: string): { sql: string; values: unknown[] } {
  return { sql: `EXISTS (SELECT 1 FROM metadata_values AS v WHERE v.seq = ${seqColumn} AND v.key = ? AND v.value = ?)`, values: [term.key, boundTermValue(term.value)] };
}

/** A term's value as it is bound to compare with `metadata_values.value`: a boolean as its BLOB. */
export function boundTermValue(value: TermValue): string | number | Buffer {
  return typeof value === "boolean" ? Buffer.from([value ? 1 : 0]) : value;
}
