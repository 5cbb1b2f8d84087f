/**
 * The PostgreSQL schema, as numbered steps. Every instance runs the steps it finds missing when it
 * starts, inside one transaction holding an advisory lock: instances started at the same moment
 * queue on the lock, the first applies the steps, the others find them recorded and apply none.
 * A step, once released, is never edited; a change is a new step.
 *
 * Every name starts with `toolgen_`, so the knowledge bases can live in a database that holds
 * other things too.
 */
import type { PoolClient, QueryConfig } from "pg";
import { toGramText } from "../segment.js";
import { COUNTS_LAST_STEP } from "./counts-last-step.js";
import { DEFERRED_REMOVAL_STEP } from "./deferred-removal-step.js";
import { FACET_POSTINGS_STEP } from "./facet-postings-step.js";
import { GRAM_SEARCH_STEP } from "./gram-search-step.js";
import { LEXEME_COUNTS_STEP } from "./lexeme-counts-step.js";
import { PHRASE_POSTINGS_STEP } from "./phrase-postings-step.js";
import { PROBE_COST_STEP } from "./probe-cost-step.js";
import { RANKED_SEARCH_STEP } from "./ranked-search-step.js";
import { SINGLE_TERM_STEP } from "./single-term-step.js";
import { SORTED_DELETE_STEP } from "./sorted-delete-step.js";
import { TITLE_POSTINGS_STEP } from "./title-postings-step.js";

/** Key of the advisory lock (any 64-bit number no other application uses; here "toolgen\0"). */
const MIGRATION_LOCK_KEY = "8390047142196375040";

/** A step: SQL, or SQL and then work that needs toolgen's own code (it runs in the same transaction). */
type Step = string | { readonly sql: string; readonly then: (client: PoolClient, deadlineMs: number) => Promise<void> };

export const MIGRATIONS: readonly Step[] = [
  // 1: text search configuration, knowledge bases, documents.
  `
  -- English stemming like SQLite's porter tokenizer, and like it no stop words: a query for "the
  -- who" finds documents on both backends. Every other token type keeps the english mapping.
  CREATE TEXT SEARCH DICTIONARY toolgen_english_stem (TEMPLATE = snowball, Language = english);
  CREATE TEXT SEARCH CONFIGURATION toolgen (COPY = english);
  ALTER TEXT SEARCH CONFIGURATION toolgen
    ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH toolgen_english_stem;

  -- OR of any number of queries (tsquery_or is what || calls), for the words of a search.
  CREATE AGGREGATE toolgen_tsquery_or (tsquery) (SFUNC = tsquery_or, STYPE = tsquery);

  CREATE TABLE toolgen_knowledge_bases (
    id         bigserial PRIMARY KEY,
    name       text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now()
  );

  -- seq orders listings and breaks ties in rankings (insertion order, as on SQLite). metadata is
  -- json, not jsonb, so it is answered with its keys in the order they were sent; the filter index
  -- is on its jsonb form.
  CREATE TABLE toolgen_documents (
    seq        bigserial PRIMARY KEY,
    kb_id      bigint NOT NULL REFERENCES toolgen_knowledge_bases (id),
    id         text NOT NULL,
    title      text NOT NULL,
    content    text NOT NULL,
    metadata   json NOT NULL,
    search     tsvector NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (kb_id, id)
  );
  CREATE INDEX toolgen_documents_listing ON toolgen_documents (kb_id, seq);
  CREATE INDEX toolgen_documents_search ON toolgen_documents USING gin (search);
  CREATE INDEX toolgen_documents_metadata ON toolgen_documents USING gin ((metadata::jsonb) jsonb_path_ops);
  `,
  // 2: BM25 ranking from postings kept by triggers (ranked-search-step.ts).
  RANKED_SEARCH_STEP,
  // 3: Chinese and Japanese characters and pairs beside the words (gram-search-step.ts); the
  // existing documents' grams computed from their texts.
  { sql: GRAM_SEARCH_STEP, then: addGrams },
  // 4: one term's postings scored without grouping (single-term-step.ts).
  SINGLE_TERM_STEP,
  // 5: one trigger per event for words and grams, changing the counts row last (counts-last-step.ts).
  COUNTS_LAST_STEP,
  // 6: each lexeme's document count kept by the triggers, read by the search (lexeme-counts-step.ts).
  LEXEME_COUNTS_STEP,
  // 7: metadata terms as postings; a filtered search from the filter when it is narrower (facet-postings-step.ts).
  FACET_POSTINGS_STEP,
  // 8: the filtered plan's choice with a posting looked up priced as measured at 1M (probe-cost-step.ts).
  PROBE_COST_STEP,
  // 9: a delete's postings sorted by the key before they are looked up (sorted-delete-step.ts).
  SORTED_DELETE_STEP,
  // 10: a delete queues its postings' removal, which the service does after it (deferred-removal-step.ts).
  DEFERRED_REMOVAL_STEP,
  // 11: the title as a posting beside the metadata terms; a title filter plans as they do (title-postings-step.ts).
  TITLE_POSTINGS_STEP,
  // 12: a search with a word of several tokens and no filter, its phrases' documents few, ranked from the postings (phrase-postings-step.ts).
  PHRASE_POSTINGS_STEP,
];

/**
 * The grams of the documents stored before step 3, computed as an add computes them (segment.ts),
 * in pages of seq; the triggers write their postings. Only documents with a character of the CJK
 * blocks or half-width katakana are read back (most of an English knowledge base is not), which
 * is a superset of those with grams.
 */
async function addGrams(client: PoolClient, deadlineMs: number): Promise<void> {
  const candidates = String.raw`'[⺀-鿿豈-﫿ｦ-ﾟ𠀀-𿿿]'`;
  for (let after = "0"; ; ) {
    const page = await client.query<{ seq: string; title: string; content: string }>({
      text: `SELECT seq, title, content FROM toolgen_documents WHERE seq > $1 AND (title ~ ${candidates} OR content ~ ${candidates}) ORDER BY seq LIMIT 500`,
      values: [after],
      query_timeout: deadlineMs,
    } as QueryConfig);
    if (page.rows.length === 0) return;
    const rows = page.rows.map((row) => ({ seq: row.seq, title: toGramText(row.title), content: toGramText(row.content) })).filter((row) => row.title !== "" || row.content !== "");
    if (rows.length > 0) {
      await client.query({
        text: `UPDATE toolgen_documents AS d
               SET grams = setweight(to_tsvector('toolgen', u.title), 'A') || setweight(to_tsvector('toolgen', u.content), 'B')
               FROM unnest($1::bigint[], $2::text[], $3::text[]) AS u (seq, title, content) WHERE d.seq = u.seq`,
        values: [rows.map((row) => row.seq), rows.map((row) => row.title), rows.map((row) => row.content)],
        query_timeout: deadlineMs,
      } as QueryConfig);
    }
    after = page.rows.at(-1)!.seq;
  }
}

/**
 * How long one step may run before the client gives up on it. A step that builds a structure for
 * existing documents (step 2's postings) takes minutes on a large database (15 s for 100,000
 * chunks, 181 s for 1,000,000: BENCHMARKS.md), far beyond the statement timeout and the pool's
 * per-query deadline (statement timeout + 5 s), so the steps run without the one and with this as
 * the other; the other instances wait on the lock meanwhile and answer 503 until it is done.
 */
const STEP_DEADLINE_MS = 6 * 60 * 60 * 1000;

/**
 * Applies the missing steps; resolves to how many it applied (0 when another instance did). A
 * database whose schema is current is only read, so the serving user needs no CREATE right once a
 * privileged user has run the steps.
 */
export async function migrate(client: PoolClient, statementTimeoutMs: number, log?: (line: string) => void): Promise<number> {
  // Each transaction under the statement timeout, the wait for another instance's lock included.
  const begin = `BEGIN; SET LOCAL statement_timeout = ${statementTimeoutMs}`;
  await client.query(begin);
  const recorded = await recordedVersion(client).finally(() => client.query("COMMIT"));
  refuseNewer(recorded);
  if (recorded === MIGRATIONS.length) return 0;
  await client.query(begin);
  try {
    await client.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await client.query("CREATE TABLE IF NOT EXISTS toolgen_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
    const { rows } = await client.query<{ version: number | null }>("SELECT max(version) AS version FROM toolgen_schema");
    const current = rows[0]?.version ?? 0;
    refuseNewer(current);
    if (current < MIGRATIONS.length) await client.query("SET LOCAL statement_timeout = 0");
    // Steps build structures of the existing documents (postings, counts, facets), then create
    // the triggers that keep them. An instance of the previous release writing in between would
    // commit documents the build did not see and no trigger indexed: missing from every search
    // that reads the postings. So writes wait for the steps (reads go on): this takes the lock that
    // CREATE TRIGGER takes, before the first build, once the writes in progress have committed.
    if (current >= 1 && current < MIGRATIONS.length) await client.query("LOCK TABLE toolgen_documents IN SHARE ROW EXCLUSIVE MODE");
    for (let version = current + 1; version <= MIGRATIONS.length; version++) {
      // node-postgres reads query_timeout from a query's config; its type definitions lack it.
      const step = MIGRATIONS[version - 1]!;
      const sql: QueryConfig & { query_timeout: number } = { text: typeof step === "string" ? step : step.sql, query_timeout: STEP_DEADLINE_MS };
      await client.query(sql);
      if (typeof step !== "string") await step.then(client, STEP_DEADLINE_MS);
      await client.query("INSERT INTO toolgen_schema (version) VALUES ($1)", [version]);
      log?.(`knowledge base schema: applied step ${version}`);
    }
    await client.query("COMMIT");
    return MIGRATIONS.length - current;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/** A schema this toolgen does not know: written by a newer one, which an older one must not serve. */
function refuseNewer(version: number): void {
  if (version > MIGRATIONS.length) {
    throw new Error(`the database's knowledge-base schema is version ${version}, written by a newer toolgen (this one knows ${MIGRATIONS.length})`);
  }
}

/** The version recorded in toolgen_schema, or 0 when there is no such table yet. */
async function recordedVersion(client: PoolClient): Promise<number> {
  const { rows } = await client.query<{ present: string | null }>("SELECT to_regclass('toolgen_schema')::text AS present");
  if (rows[0]?.present === null || rows[0]?.present === undefined) return 0;
  const recorded = await client.query<{ version: number | null }>("SELECT max(version) AS version FROM toolgen_schema");
  return recorded.rows[0]?.version ?? 0;
}
