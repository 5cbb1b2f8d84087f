/**
 * Schema step 5: concurrent writes no longer queue behind each other's postings. Released steps
 * are never edited (migrations.ts); a change to anything below is a new step.
 *
 * Steps 2 and 3 kept the postings and the per-knowledge-base counts (`toolgen_kb_stats`) with two
 * triggers per event, one for the words and one for the grams, each ending by updating the
 * knowledge base's counts row. That row is the one row every writer of a knowledge base changes,
 * and a transaction holds its lock until it commits. The grams' trigger fires first (triggers fire
 * in name order), so a write held the lock while its words' postings were being inserted, and in
 * each trigger the counts were even changed before that trigger's own postings (PostgreSQL runs a
 * main query before the data-modifying WITH queries it does not read). Other writers waited: at
 * 100,000 chunks, with four adds of 1,000 chunks in flight, 62% of the samples of
 * pg_stat_activity were adds waiting on a transaction lock.
 *
 * Now one trigger per event writes both kinds of postings, then changes the counts once, as its
 * last act: the main query reads the postings' insert first (`(SELECT count(*) FROM ...)`), which
 * makes PostgreSQL run it to its end before the counts row is touched. The lock is then held from
 * the end of the statement to the commit. Each document's lengths are computed once, not once per
 * trigger. The postings are sorted in byte order (COLLATE "C") before they are inserted: what
 * matters is that a word's postings arrive together, and byte order spares a linguistic collation
 * per comparison (the sort of an add of 1,000 chunks took 0.7 s of its 3-4 s at 100,000 chunks).
 *
 * The triggers are database objects, so an instance of the previous release still running during
 * an upgrade writes through these too. Steps 2 and 3's trigger functions are dropped with their
 * triggers; no one else calls them.
 */
export const COUNTS_LAST_STEP = `
  DROP TRIGGER toolgen_documents_index_inserted ON toolgen_documents;
  DROP TRIGGER toolgen_documents_index_updated ON toolgen_documents;
  DROP TRIGGER toolgen_documents_index_deleted ON toolgen_documents;
  DROP TRIGGER toolgen_documents_grams_inserted ON toolgen_documents;
  DROP TRIGGER toolgen_documents_grams_updated ON toolgen_documents;
  DROP TRIGGER toolgen_documents_grams_deleted ON toolgen_documents;
  DROP FUNCTION toolgen_documents_inserted();
  DROP FUNCTION toolgen_documents_updated();
  DROP FUNCTION toolgen_documents_deleted();
  DROP FUNCTION toolgen_documents_grams_inserted();
  DROP FUNCTION toolgen_documents_grams_updated();
  DROP FUNCTION toolgen_documents_grams_deleted();

  -- A document's postings: its words' lexemes, and its grams' with a leading '#' (step 3). The
  -- length beside a posting is the document's length in words, or in grams for a gram.
  CREATE FUNCTION toolgen_document_postings(document_kb bigint, document bigint, words tsvector, grams tsvector, words_length integer, grams_length integer)
    RETURNS TABLE (kb_id bigint, seq bigint, length integer, tf smallint, lexeme text)
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
      SELECT document_kb, document, words_length, toolgen_weighted_frequency(w.weights), w.lexeme FROM unnest(words) AS w
      UNION ALL
      SELECT document_kb, document, grams_length, toolgen_weighted_frequency(w.weights), '#' || w.lexeme FROM unnest(grams) AS w
    $$;

  -- Their work_mem holds the sort of a full request's postings (1,000 documents of words and
  -- grams: ~200,000 rows, ~20 MB) in memory.
  CREATE FUNCTION toolgen_index_inserted() RETURNS trigger LANGUAGE plpgsql SET work_mem = '64MB' AS $$
  BEGIN
    WITH added AS MATERIALIZED (
      SELECT kb_id, seq, search, grams, toolgen_document_length(search) AS length, toolgen_document_length(grams) AS gram_length,
             (grams <> ''::tsvector)::integer AS has_grams
      FROM toolgen_inserted_documents
    ), indexed AS (
      INSERT INTO toolgen_postings (kb_id, seq, length, tf, lexeme)
      SELECT p.* FROM added AS a, toolgen_document_postings(a.kb_id, a.seq, a.search, a.grams, a.length, a.gram_length) AS p
      ORDER BY p.kb_id, p.lexeme COLLATE "C", p.seq
      RETURNING 1
    )
    INSERT INTO toolgen_kb_stats AS s (kb_id, documents, words, gram_documents, grams)
    SELECT kb_id, count(*), sum(length), sum(has_grams), sum(gram_length)
    FROM added WHERE (SELECT count(*) FROM indexed) >= 0 GROUP BY kb_id ORDER BY kb_id
    ON CONFLICT (kb_id) DO UPDATE SET documents = s.documents + excluded.documents, words = s.words + excluded.words,
      gram_documents = s.gram_documents + excluded.gram_documents, grams = s.grams + excluded.grams;
    RETURN NULL;
  END $$;

  -- A replaced document keeps its seq; only one whose words or grams changed is indexed again,
  -- and only a change moves the counts (a metadata-only replace leaves the counts row alone).
  CREATE FUNCTION toolgen_index_updated() RETURNS trigger LANGUAGE plpgsql SET work_mem = '64MB' AS $$
  BEGIN
    DELETE FROM toolgen_postings AS p
    USING (SELECT o.kb_id, o.seq, o.search, o.grams FROM toolgen_old_documents AS o JOIN toolgen_new_documents AS n ON n.seq = o.seq
           WHERE o.search <> n.search OR o.grams <> n.grams OR o.kb_id <> n.kb_id) AS o,
          toolgen_document_postings(o.kb_id, o.seq, o.search, o.grams, 0, 0) AS w
    WHERE p.kb_id = w.kb_id AND p.lexeme = w.lexeme AND p.seq = w.seq;
    WITH changed AS MATERIALIZED (
      SELECT o.kb_id AS old_kb_id, toolgen_document_length(o.search) AS old_length, toolgen_document_length(o.grams) AS old_gram_length,
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
    ), deltas (kb_id, documents, words, gram_documents, grams) AS (
      SELECT kb_id, 1, length, has_grams, gram_length FROM changed
      UNION ALL
      SELECT old_kb_id, -1, -old_length, -had_grams, -old_gram_length FROM changed
    )
    INSERT INTO toolgen_kb_stats AS s (kb_id, documents, words, gram_documents, grams)
    SELECT kb_id, sum(documents), sum(words), sum(gram_documents), sum(grams)
    FROM deltas WHERE (SELECT count(*) FROM indexed) >= 0 GROUP BY kb_id ORDER BY kb_id
    ON CONFLICT (kb_id) DO UPDATE SET documents = s.documents + excluded.documents, words = s.words + excluded.words,
      gram_documents = s.gram_documents + excluded.gram_documents, grams = s.grams + excluded.grams;
    RETURN NULL;
  END $$;

  CREATE FUNCTION toolgen_index_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM toolgen_postings AS p
    USING toolgen_deleted_documents AS o, toolgen_document_postings(o.kb_id, o.seq, o.search, o.grams, 0, 0) AS w
    WHERE p.kb_id = w.kb_id AND p.lexeme = w.lexeme AND p.seq = w.seq;
    INSERT INTO toolgen_kb_stats AS s (kb_id, documents, words, gram_documents, grams)
    SELECT kb_id, -count(*), -sum(toolgen_document_length(search)), -count(*) FILTER (WHERE grams <> ''::tsvector), -sum(toolgen_document_length(grams))
    FROM toolgen_deleted_documents GROUP BY kb_id ORDER BY kb_id
    ON CONFLICT (kb_id) DO UPDATE SET documents = s.documents + excluded.documents, words = s.words + excluded.words,
      gram_documents = s.gram_documents + excluded.gram_documents, grams = s.grams + excluded.grams;
    RETURN NULL;
  END $$;

  CREATE TRIGGER toolgen_documents_indexed_inserted AFTER INSERT ON toolgen_documents
    REFERENCING NEW TABLE AS toolgen_inserted_documents
    FOR EACH STATEMENT EXECUTE FUNCTION toolgen_index_inserted();
  CREATE TRIGGER toolgen_documents_indexed_updated AFTER UPDATE ON toolgen_documents
    REFERENCING OLD TABLE AS toolgen_old_documents NEW TABLE AS toolgen_new_documents
    FOR EACH STATEMENT EXECUTE FUNCTION toolgen_index_updated();
  CREATE TRIGGER toolgen_documents_indexed_deleted AFTER DELETE ON toolgen_documents
    REFERENCING OLD TABLE AS toolgen_deleted_documents
    FOR EACH STATEMENT EXECUTE FUNCTION toolgen_index_deleted();
`;
