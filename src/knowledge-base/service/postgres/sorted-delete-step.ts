/**
 * Schema step 9: a delete looks its postings up by the whole key, in the key's order. Released
 * steps are never edited (migrations.ts); a change to anything below is a new step.
 *
 * Deleting 1,000 of the bench's chunks from a knowledge base of 100,000 took 11-13 s. Most of it
 * was the metadata's trigger: it joins the facets to the postings through a function PostgreSQL
 * estimates at 300 rows a document (6 in truth), so for 1,000 documents it expected 300,000 and
 * hashed the whole postings table instead of looking 6,000 postings up (10 s at 100,000 chunks,
 * and growing with the table; on fresh tables without statistics it scanned each document's
 * postings by (kb_id, seq), skipping through every lexeme of the key, 11 ms a document). The
 * words' trigger looked its postings up in the order the documents' words came out, document by
 * document, so consecutive look-ups landed on unrelated index pages, through a Memoize node that
 * can never hit (no posting is removed twice): 7-8 µs a posting, 12 s for 1,000 documents of
 * 31,400 characters.
 *
 * Now both list the postings to remove first, sorted by the key (byte order, as the inserts sort
 * them), and delete them by key look-ups, with hash and merge joins and Memoize off for these two
 * functions: removing a few postings of a large table is what a delete does, and a look-up per
 * posting stays right at any size, where a hash join's cost grows with the table. The counts are
 * taken from the same list instead of calling the functions that produce it again. A replace
 * sorts the postings it removes too. Measured at 100,000 chunks, 1,000 chunks deleted, rolled
 * back, three times each in turn: 11.4 s -> 1.8 s for an add's chunks, 13.3 s -> 4.2 s for chunks
 * drawn at random.
 *
 * The triggers keep their names and events, so an instance of the previous release writes
 * through these too. Instant to apply.
 */
export const SORTED_DELETE_STEP = `
  -- As step 6's, the removed postings sorted by the key before they are looked up.
  CREATE OR REPLACE FUNCTION toolgen_index_updated() RETURNS trigger LANGUAGE plpgsql SET work_mem = '64MB' AS $$
  BEGIN
    DELETE FROM toolgen_postings AS p
    USING (SELECT w.kb_id, w.lexeme, w.seq
           FROM toolgen_old_documents AS o JOIN toolgen_new_documents AS n ON n.seq = o.seq,
                toolgen_document_postings(o.kb_id, o.seq, o.search, o.grams, 0, 0) AS w
           WHERE o.search <> n.search OR o.grams <> n.grams OR o.kb_id <> n.kb_id
           ORDER BY w.kb_id, w.lexeme COLLATE "C", w.seq) AS w
    WHERE p.kb_id = w.kb_id AND p.lexeme = w.lexeme AND p.seq = w.seq;
    WITH changed AS MATERIALIZED (
      SELECT o.kb_id AS old_kb_id, o.search AS old_search, o.grams AS old_grams,
             toolgen_document_length(o.search) AS old_length, toolgen_document_length(o.grams) AS old_gram_length,
             (o.grams <> ''::tsvector)::integer AS had_grams,
             n.kb_id, n.seq, n.search, n.grams, toolgen_document_length(n.search) AS length, toolgen_document_length(n.grams) AS gram_length,
             (n.grams <> ''::tsvector)::integer AS has_grams
      FROM toolgen_old_documents AS o JOIN toolgen_new_documents AS n ON n.seq = o.seq
      WHERE o.search <> n.search OR o.grams <> n.grams OR o.kb_id <> n.kb_id
    ), indexed AS (
      INSERT INTO toolgen_postings (kb_id, seq, length, tf, lexeme)
      SELECT p.* FROM changed AS c, toolgen_document_postings(c.kb_id, c.seq, c.search, c.grams, c.length, c.gram_length) AS p
      ORDER BY p.kb_id, p.lexeme COLLATE "C", p.seq
      RETURNING 1
    ), locked AS (
      SELECT pg_advisory_xact_lock(1953196851, (k.kb_id % 2147483647)::integer) FROM (SELECT DISTINCT kb_id FROM changed UNION SELECT old_kb_id FROM changed ORDER BY 1) AS k (kb_id)
      WHERE (SELECT count(*) FROM indexed) >= 0
    ), counted AS (
      INSERT INTO toolgen_lexeme_counts AS c (kb_id, lexeme, documents)
      SELECT w.kb_id, w.lexeme, sum(w.documents)
      FROM (
        SELECT p.kb_id, p.lexeme, 1 AS documents FROM changed AS ch, toolgen_document_postings(ch.kb_id, ch.seq, ch.search, ch.grams, 0, 0) AS p
        UNION ALL
        SELECT p.kb_id, p.lexeme, -1 FROM changed AS ch, toolgen_document_postings(ch.old_kb_id, ch.seq, ch.old_search, ch.old_grams, 0, 0) AS p
      ) AS w
      WHERE (SELECT count(*) FROM locked) >= 0
      GROUP BY w.kb_id, w.lexeme HAVING sum(w.documents) <> 0 ORDER BY w.kb_id, w.lexeme COLLATE "C"
      ON CONFLICT (kb_id, lexeme) DO UPDATE SET documents = c.documents + excluded.documents
      RETURNING 1
    ), deltas (kb_id, documents, words, gram_documents, grams) AS (
      SELECT kb_id, 1, length, has_grams, gram_length FROM changed
      UNION ALL
      SELECT old_kb_id, -1, -old_length, -had_grams, -old_gram_length FROM changed
    )
    INSERT INTO toolgen_kb_stats AS s (kb_id, documents, words, gram_documents, grams)
    SELECT kb_id, sum(documents), sum(words), sum(gram_documents), sum(grams)
    FROM deltas WHERE (SELECT count(*) FROM counted) >= 0 GROUP BY kb_id ORDER BY kb_id
    ON CONFLICT (kb_id) DO UPDATE SET documents = s.documents + excluded.documents, words = s.words + excluded.words,
      gram_documents = s.gram_documents + excluded.gram_documents, grams = s.grams + excluded.grams;
    RETURN NULL;
  END $$;

  -- As step 6's, the removed postings listed once, sorted by the key, then deleted and counted.
  CREATE OR REPLACE FUNCTION toolgen_index_deleted() RETURNS trigger LANGUAGE plpgsql
    SET work_mem = '64MB' SET enable_hashjoin = off SET enable_mergejoin = off SET enable_memoize = off AS $$
  BEGIN
    WITH removed AS MATERIALIZED (
      SELECT w.kb_id, w.lexeme, w.seq
      FROM toolgen_deleted_documents AS o, toolgen_document_postings(o.kb_id, o.seq, o.search, o.grams, 0, 0) AS w
      ORDER BY w.kb_id, w.lexeme COLLATE "C", w.seq
    ), deleted AS (
      DELETE FROM toolgen_postings AS p USING removed AS r
      WHERE p.kb_id = r.kb_id AND p.lexeme = r.lexeme AND p.seq = r.seq
      RETURNING 1
    ), locked AS (
      SELECT pg_advisory_xact_lock(1953196851, (k.kb_id % 2147483647)::integer) FROM (SELECT DISTINCT kb_id FROM removed ORDER BY kb_id) AS k
      WHERE (SELECT count(*) FROM deleted) >= 0
    )
    INSERT INTO toolgen_lexeme_counts AS c (kb_id, lexeme, documents)
    SELECT kb_id, lexeme, -count(*) FROM removed WHERE (SELECT count(*) FROM locked) >= 0
    GROUP BY kb_id, lexeme ORDER BY kb_id, lexeme COLLATE "C"
    ON CONFLICT (kb_id, lexeme) DO UPDATE SET documents = c.documents + excluded.documents;
    INSERT INTO toolgen_kb_stats AS s (kb_id, documents, words, gram_documents, grams)
    SELECT kb_id, -count(*), -sum(toolgen_document_length(search)), -count(*) FILTER (WHERE grams <> ''::tsvector), -sum(toolgen_document_length(grams))
    FROM toolgen_deleted_documents GROUP BY kb_id ORDER BY kb_id
    ON CONFLICT (kb_id) DO UPDATE SET documents = s.documents + excluded.documents, words = s.words + excluded.words,
      gram_documents = s.gram_documents + excluded.gram_documents, grams = s.grams + excluded.grams;
    RETURN NULL;
  END $$;

  -- As step 7's, the facets listed first, then looked up by the whole key.
  CREATE OR REPLACE FUNCTION toolgen_facets_deleted() RETURNS trigger LANGUAGE plpgsql
    SET enable_hashjoin = off SET enable_mergejoin = off SET enable_memoize = off AS $$
  BEGIN
    WITH removed AS MATERIALIZED (
      SELECT o.kb_id, f.lexeme, o.seq
      FROM toolgen_deleted_documents AS o, toolgen_document_facets(o.metadata::jsonb) AS f (lexeme)
      ORDER BY o.kb_id, f.lexeme COLLATE "C", o.seq
    ), deleted AS (
      DELETE FROM toolgen_postings AS p USING removed AS r
      WHERE p.kb_id = r.kb_id AND p.lexeme = r.lexeme AND p.seq = r.seq
      RETURNING 1
    ), locked AS (
      SELECT pg_advisory_xact_lock(1953196851, (k.kb_id % 2147483647)::integer) FROM (SELECT DISTINCT kb_id FROM removed ORDER BY kb_id) AS k
      WHERE (SELECT count(*) FROM deleted) >= 0
    )
    INSERT INTO toolgen_lexeme_counts AS c (kb_id, lexeme, documents)
    SELECT kb_id, lexeme, -count(*) FROM removed WHERE (SELECT count(*) FROM locked) >= 0
    GROUP BY kb_id, lexeme ORDER BY kb_id, lexeme COLLATE "C"
    ON CONFLICT (kb_id, lexeme) DO UPDATE SET documents = c.documents + excluded.documents;
    RETURN NULL;
  END $$;
`;
