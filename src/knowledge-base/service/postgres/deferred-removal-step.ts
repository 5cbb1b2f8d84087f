/**
 * Schema step 10: a delete leaves its documents' postings to be removed after it commits. Released
 * steps are never edited (migrations.ts); a change to anything below is a new step.
 *
 * A deleted document's postings, about 175 for one of the bench's chunks, lie one in each of as
 * many leaves of the postings index. Step 9 looks them up in the key's order, but on a database
 * larger than memory each look-up still reads a page from disk: deleting 1,000 chunks drawn at
 * random from 1,000,000 took 40-250 s, past the write timeout, so such a delete never succeeded
 * (known gap 8 of the deployment guide). At 100,000 chunks it took 1.8-4.2 s.
 *
 * Now the delete takes out only what its answer and the next search need: the documents rows,
 * the word counts and the knowledge base's counts. Each document's keys in the postings (its
 * words', grams' and metadata terms' lexemes, computed from the row as the insert computed them)
 * are queued in `toolgen_pending_removals`, and `toolgen_kb_stats.removed_documents` counts the
 * queued documents. The service removes the queued postings afterwards, a batch per transaction
 * (`toolgen_purge_removals`, removal-purge.ts), as Lucene and FTS5 leave deleted documents in
 * their segments until a merge.
 *
 * Until then a queued document's postings are still read: a ranking over the postings may place
 * it among its best. Searches therefore rank `top_k + removed_documents` by the postings and keep
 * the first `top_k` that still have a documents row: at most `removed_documents` of the ranked are
 * gone, so the first `top_k` live ones are among them, in the same order (score, then seq) as
 * without the queue. The plans that take their candidates from the documents' own indexes read no
 * removed document and are unchanged. Counts (document frequencies, the number of documents and
 * their lengths) change in the delete as before, so scores are those of the remaining documents.
 *
 * A search ranking thousands more than it answers is slower, so the queue is bounded: a delete that
 * would bring a knowledge base's queue above `toolgen_removals_limit()` documents (2,000: two
 * requests of 1,000) removes its postings itself, as step 9 did. Replaces still change their
 * postings in place (the row keeps its seq and place in the listing).
 *
 * One trigger now does the delete for words, grams and metadata terms (the metadata's delete
 * trigger of step 7 is dropped), so each document's keys are computed once. Triggers and
 * functions are database objects: an instance of the previous release deletes through these too,
 * and its searches call this `toolgen_search`; only this release's instances empty the queue.
 * Instant to apply.
 */
export const DEFERRED_REMOVAL_STEP = `
  CREATE TABLE toolgen_pending_removals (
    kb_id   bigint NOT NULL,
    seq     bigint NOT NULL,
    lexemes text[] NOT NULL
  );
  ALTER TABLE toolgen_kb_stats ADD COLUMN removed_documents bigint NOT NULL DEFAULT 0;

  -- The most documents a knowledge base's queue holds before deletes remove their postings
  -- themselves. A function, so that tests can replace it.
  CREATE FUNCTION toolgen_removals_limit() RETURNS bigint LANGUAGE sql STABLE AS $$ SELECT 2000::bigint $$;

  -- A document's keys in toolgen_postings: its words' and grams' lexemes (step 5) and its
  -- metadata terms' (step 7).
  CREATE FUNCTION toolgen_document_lexemes(document_kb bigint, document bigint, words tsvector, grams tsvector, metadata json) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
      SELECT ARRAY(SELECT w.lexeme FROM toolgen_document_postings(document_kb, document, words, grams, 0, 0) AS w
                   UNION ALL
                   SELECT f.lexeme FROM toolgen_document_facets(metadata::jsonb) AS f (lexeme))
    $$;

  DROP TRIGGER toolgen_documents_metadata_deleted ON toolgen_documents;
  DROP FUNCTION toolgen_facets_deleted();

  -- Step 9's, for words, grams and metadata terms at once, queuing the postings' removal when the
  -- queue has room.
  CREATE OR REPLACE FUNCTION toolgen_index_deleted() RETURNS trigger LANGUAGE plpgsql
    SET work_mem = '64MB' SET enable_hashjoin = off SET enable_mergejoin = off SET enable_memoize = off AS $$
  DECLARE
    queued boolean;
  BEGIN
    SELECT coalesce(bool_and(coalesce(s.removed_documents, 0) + d.documents <= toolgen_removals_limit()), true) INTO queued
    FROM (SELECT kb_id, count(*) AS documents FROM toolgen_deleted_documents GROUP BY kb_id) AS d
    LEFT JOIN toolgen_kb_stats AS s ON s.kb_id = d.kb_id;

    IF queued THEN
      WITH removed AS MATERIALIZED (
        INSERT INTO toolgen_pending_removals (kb_id, seq, lexemes)
        SELECT o.kb_id, o.seq, toolgen_document_lexemes(o.kb_id, o.seq, o.search, o.grams, o.metadata) FROM toolgen_deleted_documents AS o
        RETURNING kb_id, lexemes
      ), locked AS (
        SELECT pg_advisory_xact_lock(1953196851, (k.kb_id % 2147483647)::integer) FROM (SELECT DISTINCT kb_id FROM removed ORDER BY kb_id) AS k
      )
      INSERT INTO toolgen_lexeme_counts AS c (kb_id, lexeme, documents)
      SELECT r.kb_id, l.lexeme, -count(*) FROM removed AS r, unnest(r.lexemes) AS l (lexeme) WHERE (SELECT count(*) FROM locked) >= 0
      GROUP BY r.kb_id, l.lexeme ORDER BY r.kb_id, l.lexeme COLLATE "C"
      ON CONFLICT (kb_id, lexeme) DO UPDATE SET documents = c.documents + excluded.documents;
    ELSE
      WITH removed AS MATERIALIZED (
        SELECT o.kb_id, l.lexeme, o.seq
        FROM toolgen_deleted_documents AS o, unnest(toolgen_document_lexemes(o.kb_id, o.seq, o.search, o.grams, o.metadata)) AS l (lexeme)
        ORDER BY o.kb_id, l.lexeme COLLATE "C", o.seq
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
    END IF;

    INSERT INTO toolgen_kb_stats AS s (kb_id, documents, words, gram_documents, grams, removed_documents)
    SELECT kb_id, -count(*), -sum(toolgen_document_length(search)), -count(*) FILTER (WHERE grams <> ''::tsvector), -sum(toolgen_document_length(grams)),
           CASE WHEN queued THEN count(*) ELSE 0 END
    FROM toolgen_deleted_documents GROUP BY kb_id ORDER BY kb_id
    ON CONFLICT (kb_id) DO UPDATE SET documents = s.documents + excluded.documents, words = s.words + excluded.words,
      gram_documents = s.gram_documents + excluded.gram_documents, grams = s.grams + excluded.grams,
      removed_documents = s.removed_documents + excluded.removed_documents;
    RETURN NULL;
  END $$;

  -- Removes the postings of at most \`batch\` queued documents, the oldest first; returns how many.
  -- Several instances may run it at once: each takes rows the others have not locked.
  CREATE FUNCTION toolgen_purge_removals(batch integer) RETURNS integer LANGUAGE plpgsql
    SET work_mem = '64MB' SET enable_hashjoin = off SET enable_mergejoin = off SET enable_memoize = off AS $$
  DECLARE
    purged integer;
  BEGIN
    WITH taken AS MATERIALIZED (
      DELETE FROM toolgen_pending_removals AS r
      WHERE r.ctid = ANY (ARRAY(SELECT q.ctid FROM toolgen_pending_removals AS q ORDER BY q.kb_id, q.seq LIMIT batch FOR UPDATE SKIP LOCKED))
      RETURNING r.kb_id, r.seq, r.lexemes
    ), removed AS MATERIALIZED (
      SELECT t.kb_id, l.lexeme, t.seq FROM taken AS t, unnest(t.lexemes) AS l (lexeme)
      ORDER BY t.kb_id, l.lexeme COLLATE "C", t.seq
    ), deleted AS (
      DELETE FROM toolgen_postings AS p USING removed AS r
      WHERE p.kb_id = r.kb_id AND p.lexeme = r.lexeme AND p.seq = r.seq
      RETURNING 1
    ), counted AS (
      UPDATE toolgen_kb_stats AS s SET removed_documents = s.removed_documents - t.documents
      FROM (SELECT kb_id, count(*) AS documents FROM taken GROUP BY kb_id ORDER BY kb_id) AS t
      WHERE s.kb_id = t.kb_id AND (SELECT count(*) FROM deleted) >= 0
      RETURNING t.documents
    )
    SELECT coalesce(sum(documents), 0) INTO purged FROM counted;
    RETURN purged;
  END $$;

  -- Step 7's, ranking top_k + removed_documents by the postings and keeping the first top_k that
  -- are still stored (see above), checked one by one in rank order by the documents' primary key:
  -- checked all at once, 2,000 ranked cost a rare word 8 ms more at 1M chunks (2.7 -> 10 ms), and
  -- joined to the documents' rows 10 ms more for a common word at 100,000. (Checked against the
  -- queue instead, the generic plan scanned the queue, which has no statistics, for each: 0.4 s.)
  -- The plans from the documents' indexes are unchanged.
  CREATE OR REPLACE FUNCTION toolgen_search(knowledge_base bigint, words text[], grams text[], top_k integer, metadata_filter jsonpath, title_filter text[], metadata_terms jsonb)
    RETURNS TABLE (id text, title text, content text, metadata json, score double precision)
    LANGUAGE plpgsql STABLE ROWS 10
    SET plan_cache_mode = force_generic_plan -- as toolgen_top_postings
  AS $$
  #variable_conflict use_column
  DECLARE
    t record;
    narrowest text;
    fewest double precision;
    others text[];
    plan text := 'text';
    ranked integer;
    top_seqs bigint[];
    top_scores double precision[];
    kept_seqs bigint[];
    kept_scores double precision[];
  BEGIN
    SELECT * INTO t FROM toolgen_search_terms(knowledge_base, words, grams);
    ranked := top_k + greatest(coalesce((SELECT s.removed_documents FROM toolgen_kb_stats AS s WHERE s.kb_id = knowledge_base), 0), 0)::integer;

    IF jsonb_array_length(coalesce(metadata_terms, '[]'::jsonb)) > 0 AND cardinality(t.term_lexemes) > 0 AND NOT t.phrases AND cardinality(title_filter) = 0 THEN
      SELECT (array_agg(f.lexeme ORDER BY f.documents, f.lexeme))[1], min(f.documents), (array_agg(f.lexeme ORDER BY f.documents, f.lexeme))[2:]
      INTO narrowest, fewest, others
      FROM (
        SELECT x.lexeme, coalesce((SELECT c.documents FROM toolgen_lexeme_counts AS c WHERE c.kb_id = knowledge_base AND c.lexeme = x.lexeme), 0)::double precision AS documents
        FROM (SELECT DISTINCT toolgen_facet(e.value ->> 0, e.value -> 1) AS lexeme FROM jsonb_array_elements(metadata_terms) AS e) AS x
      ) AS f;
      plan := toolgen_filtered_plan((SELECT sum(f) FROM unnest(t.term_frequencies) AS f), fewest, cardinality(t.term_lexemes), t.documents);
    END IF;

    -- The plans over the postings: the first \`ranked\` by (score, seq), into arrays.
    IF plan = 'probe' THEN
      SELECT array_agg(r.seq ORDER BY r.score DESC, r.seq), array_agg(r.score ORDER BY r.score DESC, r.seq) INTO top_seqs, top_scores
      FROM (
        SELECT c.seq, sum(toolgen_term_score(w.weight, p.tf, p.length, t.k0, w.k1)) AS score
        FROM toolgen_postings AS c
        CROSS JOIN unnest(t.term_lexemes, t.term_weights, t.term_k1s) AS w (lexeme, weight, k1)
        CROSS JOIN LATERAL (SELECT p.tf, p.length FROM toolgen_postings AS p WHERE p.kb_id = knowledge_base AND p.lexeme = w.lexeme AND p.seq = c.seq OFFSET 0) AS p
        WHERE c.kb_id = knowledge_base AND c.lexeme = narrowest
          AND NOT EXISTS (
            SELECT 1 FROM unnest(others) AS o (lexeme)
            WHERE NOT EXISTS (SELECT 1 FROM toolgen_postings AS q WHERE q.kb_id = knowledge_base AND q.lexeme = o.lexeme AND q.seq = c.seq)
          )
        GROUP BY c.seq
        ORDER BY score DESC, c.seq
        LIMIT ranked
      ) AS r;
    ELSIF plan = 'join' THEN
      SELECT array_agg(r.seq ORDER BY r.score DESC, r.seq), array_agg(r.score ORDER BY r.score DESC, r.seq) INTO top_seqs, top_scores
      FROM (
        SELECT c.seq, sum(toolgen_term_score(w.weight, p.tf, p.length, t.k0, w.k1)) AS score
        FROM toolgen_postings AS c
        CROSS JOIN unnest(t.term_lexemes, t.term_weights, t.term_k1s) AS w (lexeme, weight, k1)
        JOIN toolgen_postings AS p ON p.kb_id = knowledge_base AND p.lexeme = w.lexeme AND p.seq = c.seq
        WHERE c.kb_id = knowledge_base AND c.lexeme = narrowest
          AND NOT EXISTS (
            SELECT 1 FROM unnest(others) AS o (lexeme)
            WHERE NOT EXISTS (SELECT 1 FROM toolgen_postings AS q WHERE q.kb_id = knowledge_base AND q.lexeme = o.lexeme AND q.seq = c.seq)
          )
        GROUP BY c.seq
        ORDER BY score DESC, c.seq
        LIMIT ranked
      ) AS r;
    ELSIF NOT t.phrases AND metadata_filter IS NULL AND cardinality(title_filter) = 0 THEN
      SELECT array_agg(r.seq ORDER BY r.score DESC, r.seq), array_agg(r.score ORDER BY r.score DESC, r.seq) INTO top_seqs, top_scores
      FROM toolgen_top_terms(knowledge_base, t.term_lexemes, t.term_weights, t.term_frequencies, t.term_k1s, ranked, t.k0) AS r;
    -- The plans from the documents' indexes: no removed document among them. Two statements, so
    -- that each plan knows whether the metadata index takes part (as step 7's).
    ELSIF metadata_filter IS NULL THEN
      RETURN QUERY
      SELECT d.id, d.title, d.content, d.metadata, top.score
      FROM (
        SELECT c.seq, sum(toolgen_term_score(w.weight, m.tf, m.length, t.k0, w.k1)) AS score
        FROM (
          SELECT d.seq, d.search FROM toolgen_documents AS d
          WHERE d.kb_id = knowledge_base AND (d.search @@ t.any_term OR d.grams @@ t.any_gram) AND d.title = ALL (title_filter)
        ) AS c
        CROSS JOIN unnest(t.term_queries, t.term_vectors, t.term_weights, t.term_k1s) AS w (query, vector, weight, k1)
        CROSS JOIN LATERAL toolgen_term_frequency(knowledge_base, c.seq, c.search, w.query, w.vector) AS m
        GROUP BY c.seq
        ORDER BY score DESC, c.seq
        LIMIT top_k
      ) AS top
      JOIN toolgen_documents AS d ON d.seq = top.seq
      ORDER BY top.score DESC, top.seq;
      RETURN;
    ELSE
      RETURN QUERY
      SELECT d.id, d.title, d.content, d.metadata, top.score
      FROM (
        SELECT c.seq, sum(toolgen_term_score(w.weight, m.tf, m.length, t.k0, w.k1)) AS score
        FROM (
          SELECT d.seq, d.search FROM toolgen_documents AS d
          WHERE d.kb_id = knowledge_base AND (d.search @@ t.any_term OR d.grams @@ t.any_gram) AND d.metadata::jsonb @@ metadata_filter AND d.title = ALL (title_filter)
        ) AS c
        CROSS JOIN unnest(t.term_queries, t.term_vectors, t.term_weights, t.term_k1s) AS w (query, vector, weight, k1)
        CROSS JOIN LATERAL toolgen_term_frequency(knowledge_base, c.seq, c.search, w.query, w.vector) AS m
        GROUP BY c.seq
        ORDER BY score DESC, c.seq
        LIMIT top_k
      ) AS top
      JOIN toolgen_documents AS d ON d.seq = top.seq
      ORDER BY top.score DESC, top.seq;
      RETURN;
    END IF;
    -- With documents queued, the first top_k still stored, checked in rank order by the
    -- documents' primary key, so that only as many are looked up as it takes.
    IF ranked > top_k THEN
      kept_seqs := '{}';
      kept_scores := '{}';
      FOR i IN 1 .. coalesce(cardinality(top_seqs), 0) LOOP
        CONTINUE WHEN NOT EXISTS (SELECT 1 FROM toolgen_documents AS x WHERE x.seq = top_seqs[i]);
        kept_seqs := kept_seqs || top_seqs[i];
        kept_scores := kept_scores || top_scores[i];
        EXIT WHEN cardinality(kept_seqs) = top_k;
      END LOOP;
      top_seqs := kept_seqs;
      top_scores := kept_scores;
    END IF;
    RETURN QUERY
    SELECT d.id, d.title, d.content, d.metadata, r.score
    FROM unnest(top_seqs, top_scores) WITH ORDINALITY AS r (seq, score, position)
    JOIN toolgen_documents AS d ON d.seq = r.seq
    ORDER BY r.position;
  END $$;
`;