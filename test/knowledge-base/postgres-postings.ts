/**
 * Whether PostgreSQL's postings and per-knowledge-base counts (postgres/ranked-search-step.ts, and
 * the grams' of postgres/gram-search-step.ts) say what the documents say: each is rebuilt here from
 * the documents' tsvectors and compared, row for row. All zero when they agree.
 */
import type pg from "pg";

export interface PostingsMismatches {
  /** Postings rows no document accounts for. */
  extra: number;
  /** Postings rows a document needs and that are not there. */
  missing: number;
  /** Knowledge bases whose counts row differs from their documents (or is absent while they have some). */
  wrongCounts: number;
}

export async function postingsMismatches(client: pg.Client): Promise<PostingsMismatches> {
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
      FROM toolgen_documents AS d, unnest(d.grams) AS w
    ), stored AS (
      SELECT kb_id, lexeme, seq, tf, length FROM toolgen_postings
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
  return { extra: Number(row.extra), missing: Number(row.missing), wrongCounts: Number(row.wrong_counts) };
}
