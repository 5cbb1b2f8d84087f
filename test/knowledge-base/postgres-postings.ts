/**
 * Whether PostgreSQL's postings and per-knowledge-base counts (postgres/ranked-search-step.ts, and
 * the grams' of postgres/gram-search-step.ts, the metadata terms' of postgres/facet-postings-step.ts
 * and the titles' of postgres/title-postings-step.ts when the database has them) say what the
 * documents say: each is rebuilt here from the documents' tsvectors, metadata and titles and
 * compared, row for row. All zero when they agree. Postings of deleted documents whose removal is
 * queued (schema step 10, postgres/deferred-removal-step.ts) are left out of the comparison; the
 * queue itself must name no stored document and match its count.
 */
import type pg from "pg";

export interface PostingsMismatches {
  /** Postings rows no document accounts for. */
  extra: number;
  /** Postings rows a document needs and that are not there. */
  missing: number;
  /** Knowledge bases whose counts row differs from their documents (or is absent while they have some). */
  wrongCounts: number;
  /** Lexemes whose document count (schema step 6, when the database has it) differs from their postings. */
  wrongLexemeCounts: number;
  /** Queued removals (step 10) of a document that is still stored, or knowledge bases whose queued count is wrong. */
  wrongQueue: number;
  /** Documents whose postings' removal is queued (step 10); not a mismatch. */
  queued: number;
}

/** Whether the database has an object of a schema step: `lookup` is `to_regclass('…')` or `to_regprocedure('…')`. */
async function has(client: pg.Client, lookup: string): Promise<boolean> {
  const { rows } = await client.query<{ present: string | null }>(`SELECT ${lookup}::text AS present`);
  return rows[0]?.present !== null && rows[0]?.present !== undefined;
}

/** Whether the database has schema step 10's queue of removals. */
const hasRemovalQueue = (client: pg.Client) => has(client, "to_regclass('toolgen_pending_removals')");

/** Postings rows, less those of documents whose removal is queued (schema step 10, when the database has it). */
function livePostings(queue: boolean): string {
  if (!queue) return "toolgen_postings";
  return "(SELECT p.* FROM toolgen_postings AS p WHERE NOT EXISTS (SELECT 1 FROM toolgen_pending_removals AS r WHERE r.kb_id = p.kb_id AND r.seq = p.seq))";
}

/** Step 10's queue against the documents and the counts: [wrong, queued]. */
async function queueMismatches(client: pg.Client, queue: boolean): Promise<[number, number]> {
  if (!queue) return [0, 0];
  const { rows } = await client.query<{ wrong: string; queued: string }>(`
    SELECT (SELECT count(*) FROM toolgen_pending_removals AS r JOIN toolgen_documents AS d ON d.seq = r.seq)
         + (SELECT count(*) FROM (SELECT kb_id, count(*) AS documents FROM toolgen_pending_removals GROUP BY kb_id) AS q
            FULL JOIN toolgen_kb_stats AS s ON s.kb_id = q.kb_id
            WHERE coalesce(q.documents, 0) <> coalesce(s.removed_documents, 0)) AS wrong,
           (SELECT count(*) FROM toolgen_pending_removals) AS queued`);
  return [Number(rows[0]!.wrong), Number(rows[0]!.queued)];
}

export async function postingsMismatches(client: pg.Client): Promise<PostingsMismatches> {
  // Each top-level string, number or boolean of the metadata, and each one in a top-level array,
  // written as filters compare them: strings and booleans as JSON, numbers by value; beyond 512
  // bytes, hashed.
  const facetPostings = !(await has(client, "to_regprocedure('toolgen_document_facets(jsonb)')")) ? "" : `
      UNION ALL
      SELECT DISTINCT d.kb_id, CASE WHEN octet_length(f.text) <= 512 THEN f.text ELSE '=#' || encode(sha256(convert_to(f.text, 'UTF8')), 'hex') END, d.seq, 1::smallint, 0
      FROM toolgen_documents AS d, jsonb_each(d.metadata::jsonb) AS e,
           jsonb_path_query(e.value, 'lax $[*] ? (@.type() == "string" || @.type() == "number" || @.type() == "boolean")') AS v,
           LATERAL (SELECT '=' || to_jsonb(e.key)::text || '=' ||
                    CASE jsonb_typeof(v) WHEN 'number' THEN trim_scale((v #>> '{}')::numeric)::text WHEN 'string' THEN to_jsonb(v #>> '{}')::text ELSE v #>> '{}' END) AS f (text)`;
  // The title as JSON after '=@'; beyond 512 bytes, hashed after '=@#' (schema step 11).
  const titlePostings = !(await has(client, "to_regprocedure('toolgen_title_facet(text)')")) ? "" : `
      UNION ALL
      SELECT d.kb_id, CASE WHEN octet_length(f.text) <= 512 THEN f.text ELSE '=@#' || encode(sha256(convert_to(f.text, 'UTF8')), 'hex') END, d.seq, 1::smallint, 0
      FROM toolgen_documents AS d, LATERAL (SELECT '=@' || to_jsonb(d.title)::text) AS f (text)`;
  const queue = await hasRemovalQueue(client);
  const postings = livePostings(queue);
  const { rows } = await client.query<{ extra: string; missing: string; wrong_counts: string }>(`
    WITH expected AS (
      SELECT d.kb_id, w.lexeme, d.seq,
             (cardinality(w.weights) + cardinality(array_positions(w.weights, 'A')))::smallint AS tf,
             (SELECT coalesce(sum(cardinality(positions)), 0) FROM unnest(d.search))::integer AS length
      FROM toolgen_documents AS d, unnest(d.search) AS w
      UNION ALL
      SELECT d.kb_id, '#' || w.lexeme, d.seq,
             (cardinality(w.weights) + cardinality(array_positions(w.weights, 'A')))::smallint AS tf,
             (SELECT coalesce(sum(cardinality(positions)), 0) FROM unnest(d.grams))::integer AS length
      FROM toolgen_documents AS d, unnest(d.grams) AS w${facetPostings}${titlePostings}
    ), stored AS (
      SELECT kb_id, lexeme, seq, tf, length FROM ${postings} AS p
    ), counted AS (
      SELECT d.kb_id, count(*) AS documents, sum((SELECT coalesce(sum(cardinality(positions)), 0) FROM unnest(d.search))) AS words,
             count(*) FILTER (WHERE d.grams <> ''::tsvector) AS gram_documents,
             sum((SELECT coalesce(sum(cardinality(positions)), 0) FROM unnest(d.grams))) AS grams
      FROM toolgen_documents AS d GROUP BY d.kb_id
    )
    SELECT (SELECT count(*) FROM (SELECT * FROM stored EXCEPT ALL SELECT * FROM expected) AS x) AS extra,
           (SELECT count(*) FROM (SELECT * FROM expected EXCEPT ALL SELECT * FROM stored) AS x) AS missing,
           (SELECT count(*) FROM counted AS c FULL JOIN toolgen_kb_stats AS s ON s.kb_id = c.kb_id
            WHERE coalesce(c.documents, 0) <> coalesce(s.documents, 0) OR coalesce(c.words, 0) <> coalesce(s.words, 0)
               OR coalesce(c.gram_documents, 0) <> coalesce(s.gram_documents, 0) OR coalesce(c.grams, 0) <> coalesce(s.grams, 0)) AS wrong_counts`);
  const row = rows[0]!;
  const [wrongQueue, queued] = await queueMismatches(client, queue);
  return {
    extra: Number(row.extra),
    missing: Number(row.missing),
    wrongCounts: Number(row.wrong_counts),
    wrongLexemeCounts: await lexemeCountMismatches(client, postings),
    wrongQueue,
    queued,
  };
}

/** Lexemes whose row of toolgen_lexeme_counts is not their number of postings (a row at 0 for none is right); 0 without the table. */
async function lexemeCountMismatches(client: pg.Client, postings: string): Promise<number> {
  if (!(await has(client, "to_regclass('toolgen_lexeme_counts')"))) return 0;
  const { rows } = await client.query<{ wrong: string }>(`
    SELECT count(*) AS wrong
    FROM (SELECT kb_id, lexeme, count(*) AS documents FROM ${postings} AS p GROUP BY kb_id, lexeme) AS p
    FULL JOIN toolgen_lexeme_counts AS c ON c.kb_id = p.kb_id AND c.lexeme = p.lexeme
    WHERE coalesce(p.documents, 0) <> coalesce(c.documents, 0)`);
  return Number(rows[0]!.wrong);
}
