/**
 * A score index's facets (schema 6): each document's row of the postings table (score-index.ts)
 * also holds one token per value a filter term can match: its title, and each row of
 * metadata_values (metadata-values.ts). A filtered walk then asks FTS5 for a weight group's
 * documents that hold every term's token, so FTS5 intersects the two lists and the walk reads only
 * documents that pass. Before, it read every document of the group in score order and checked the
 * filter on each: with a 5% filter about 250 rows and probes per search at 1M chunks, which was
 * the whole of its time (BENCHMARKS.md).
 *
 * A token is a hash, so two values may share one: the filter is still checked in SQL on the rows
 * FTS5 hands back, and a shared token costs a row read, never a wrong answer. What must never
 * happen is the other way round, a document that passes the SQL check without the term's token.
 * So a token is computed in SQL, from the values as SQLite compares them, on both sides (the
 * stored values when writing, the bound term when searching), with the classes SQLite's `=` keeps
 * apart in a column without affinity: TEXT by its bytes (not as JavaScript reads them back: a lone
 * surrogate is bound as three bytes that read back as three U+FFFD), INTEGER and REAL as one class
 * (SQLite compares them by value; when they are equal, JavaScript reads both as the same double),
 * BLOB by its bytes (a boolean is the BLOB 1 or 0, as metadataTermSql binds it). A title term
 * compares `documents.title`, the text as sent; one whose value is not a string never holds, and
 * its token is a number's or a BLOB's, which no title has.
 */
import { createHash } from "node:crypto";
// The driver's own type, as in score-index.ts.
import type { Database as Db } from "better-sqlite3";
import type { Term } from "../filters.js";
import { boundTermValue } from "./metadata-values.js";

const FUNCTION = "toolgen_facet";

/** Defines toolgen_facet() on the connection, which every facet SQL below calls. */
export function defineFacetFunction(db: Db): void {
  db.function(FUNCTION, { deterministic: true, varargs: false }, (kind: unknown, key: unknown, type: unknown, value: unknown) =>
    facetToken(kind as string, key as Uint8Array, type as string, value),
  );
}

/**
 * SQL for the facet of a title (`kind` t, `key` '') or a metadata value (`kind` m), from SQL
 * expressions of the key and the value; each expression is evaluated more than once.
 */
export function facetSql(kind: "t" | "m", key: string, value: string): string {
  return `${FUNCTION}('${kind}', CAST(${key} AS BLOB), typeof(${value}), CASE typeof(${value}) WHEN 'text' THEN CAST(${value} AS BLOB) ELSE ${value} END)`;
}

/** SQL for the facets of the document `alias` (a row of `documents`), joined by spaces. */
export function documentFacetsSql(alias: string): string {
  return (
    `${facetSql("t", "''", `${alias}.title`)} || coalesce((SELECT ' ' || group_concat(${facetSql("m", "v.key", "v.value")}, ' ') ` +
    `FROM metadata_values AS v WHERE v.seq = ${alias}.seq), '')`
  );
}

/** A query for the facet every document that passes `term` holds, and its named parameters. */
export function termFacetSql(term: Term): { sql: string; parameters: { key: string; value: unknown } } {
  // Bound as metadataTermSql binds it, so that the facet is of the value SQL compares.
  const parameters = { key: term.key, value: boundTermValue(term.value) };
  return { sql: term.key === "title" ? `SELECT ${facetSql("t", "''", "@value")}` : `SELECT ${facetSql("m", "@key", "@value")}`, parameters };
}

/**
 * `f` and 12 hex digits (48 bits of SHA-1): one token for the postings' 'ascii' tokenizer, apart
 * from the group tokens, which begin with a digit.
 */
function facetToken(kind: string, key: Uint8Array, type: string, value: unknown): string {
  const hash = createHash("sha1").update(kind).update(`${key.length}:`).update(key);
  // The key's length first: no key and value can be read as another key and value.
  if (type === "integer" || type === "real") hash.update(`n${String(Number(value as number | bigint))}`);
  else if (type === "text") hash.update("s").update(value as Uint8Array);
  else if (type === "blob") hash.update("b").update(value as Uint8Array);
  else hash.update("z");
  return `f${hash.digest("hex").slice(0, 12)}`;
}
