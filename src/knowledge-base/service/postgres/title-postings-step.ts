/**
 * Schema step 11: a document's title as a posting, beside its metadata terms. Released steps are
 * never edited (migrations.ts); a change to anything below is a new step.
 *
 * A filter on `title` (the README's own example) compared each candidate's title in the
 * documents' rows: a common word with a title filter read the whole GIN bitmap of the word and
 * visited each match's row, 15 ms at 100,000 chunks where the same word with a metadata filter of
 * as many documents took 1.2 ms (known gap 7 of the deployment guide). Now:
 *
 * - Each document's title is a posting of its own, lexeme `=@` and the title as JSON text
 *   (`toolgen_title_facet`), or `=@#` and its SHA-256 beyond 512 bytes. Metadata terms start with
 *   `="` (a key as JSON) or `=#`, so a title never meets a metadata term, not even one whose key is
 *   `title` (a filter's `title` is the document's title, not its metadata's: filters.ts). tf 1,
 *   length 0, counted in `toolgen_lexeme_counts` like any posting.
 * - The metadata terms' triggers (step 7's insert and replace, step 10's delete) write and remove
 *   the title's posting with the metadata terms' (`toolgen_filter_keys`). A replace that changes
 *   only the title moves its posting; one that changes neither touches none.
 * - `toolgen_search` counts the title terms with the metadata terms and picks among the same three
 *   plans (`toolgen_filtered_plan`), so a title filter is looked up or merged by its postings as a
 *   metadata filter is. A title term the service sends as NULL (a value that is not a string, or
 *   holds a NUL) has no posting: its count is 0, it is the narrowest, and the plan finds nothing,
 *   as the GIN plan's `title = ALL (...)` does.
 *
 * The existing documents' titles are written here, in the migration's transaction: one posting a
 * document, inserted in the key's order.
 */
export const TITLE_POSTINGS_STEP = `
  -- As toolgen_facet (step 7), for the title: JSON text, so that no title written out starts like
  -- a hashed one ('=@#').
  CREATE FUNCTION toolgen_title_facet(title text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
      SELECT CASE WHEN octet_length(f) > 512 THEN '=@#' || encode(sha256(convert_to(f, 'UTF8')), 'hex') ELSE f END
      FROM (SELECT '=@' || to_jsonb(title)::text AS f) AS x
    $$;

  -- What a filter can find a document by: its metadata terms and its title.
  CREATE FUNCTION toolgen_filter_keys(title text, metadata jsonb) RETURNS SETOF text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE ROWS 4
    AS $$
      SELECT f.lexeme FROM toolgen_document_facets(metadata) AS f (lexeme)
      UNION ALL
      SELECT toolgen_title_facet(title)
    $$;

  WITH titled AS (
    INSERT INTO toolgen_postings (kb_id, seq, length, tf, lexeme)
    SELECT d.kb_id, d.seq, 0, 1, toolgen_title_facet(d.title) FROM toolgen_documents AS d
    ORDER BY d.kb_id, toolgen_title_facet(d.title) COLLATE "C", d.seq
    RETURNING kb_id, lexeme
  )
  INSERT INTO toolgen_lexeme_counts AS c (kb_id, lexeme, documents)
  SELECT kb_id, lexeme, count(*) FROM titled GROUP BY kb_id, lexeme ORDER BY kb_id, lexeme COLLATE "C"
  ON CONFLICT (kb_id, lexeme) DO UPDATE SET documents = c.documents + excluded.documents;

  -- Step 7's, with the title among the keys.
  CREATE OR REPLACE FUNCTION toolgen_facets_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    WITH faceted AS (
      INSERT INTO toolgen_postings (kb_id, seq, length, tf, lexeme)
      SELECT d.kb_id, d.seq, 0, 1, f.lexeme FROM toolgen_inserted_documents AS d, toolgen_filter_keys(d.title, d.metadata::jsonb) AS f (lexeme)
      ORDER BY d.kb_id, f.lexeme COLLATE "C", d.seq
      RETURNING kb_id, lexeme
    ), locked AS (
      SELECT pg_advisory_xact_lock(1953196851, (k.kb_id % 2147483647)::integer) FROM (SELECT DISTINCT kb_id FROM toolgen_inserted_documents ORDER BY kb_id) AS k
      WHERE (SELECT count(*) FROM faceted) >= 0
    )
    INSERT INTO toolgen_lexeme_counts AS c (kb_id, lexeme, documents)
    SELECT kb_id, lexeme, count(*) FROM faceted WHERE (SELECT count(*) FROM locked) >= 0
    GROUP BY kb_id, lexeme ORDER BY kb_id, lexeme COLLATE "C"
    ON CONFLICT (kb_id, lexeme) DO UPDATE SET documents = c.documents + excluded.documents;
    RETURN NULL;
  END $$;

  -- Step 7's, with the title among the keys: a replace that changes the title or the metadata
  -- moves the keys that differ.
  CREATE OR REPLACE FUNCTION toolgen_facets_updated() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    WITH changed AS MATERIALIZED (
      SELECT o.kb_id AS old_kb_id, o.title AS old_title, o.metadata::jsonb AS old_metadata, n.kb_id, n.seq, n.title, n.metadata::jsonb AS metadata
      FROM toolgen_old_documents AS o JOIN toolgen_new_documents AS n ON n.seq = o.seq
      WHERE o.metadata::jsonb IS DISTINCT FROM n.metadata::jsonb OR o.kb_id <> n.kb_id OR o.title <> n.title
    ), diff AS MATERIALIZED (
      SELECT kb_id, seq, lexeme, sum(change)::integer AS change
      FROM (
        SELECT c.kb_id, c.seq, f.lexeme, 1 AS change FROM changed AS c, toolgen_filter_keys(c.title, c.metadata) AS f (lexeme)
        UNION ALL
        SELECT c.old_kb_id, c.seq, f.lexeme, -1 FROM changed AS c, toolgen_filter_keys(c.old_title, c.old_metadata) AS f (lexeme)
      ) AS x
      GROUP BY kb_id, seq, lexeme HAVING sum(change) <> 0
    ), removed AS (
      DELETE FROM toolgen_postings AS p USING diff AS d
      WHERE d.change < 0 AND p.kb_id = d.kb_id AND p.lexeme = d.lexeme AND p.seq = d.seq
      RETURNING 1
    ), added AS (
      INSERT INTO toolgen_postings (kb_id, seq, length, tf, lexeme)
      SELECT kb_id, seq, 0, 1, lexeme FROM diff WHERE change > 0 ORDER BY kb_id, lexeme COLLATE "C", seq
      RETURNING 1
    ), locked AS (
      SELECT pg_advisory_xact_lock(1953196851, (k.kb_id % 2147483647)::integer) FROM (SELECT DISTINCT kb_id FROM diff ORDER BY kb_id) AS k
      WHERE (SELECT count(*) FROM removed) + (SELECT count(*) FROM added) >= 0
    )
    INSERT INTO toolgen_lexeme_counts AS c (kb_id, lexeme, documents)
    SELECT kb_id, lexeme, sum(change) FROM diff WHERE (SELECT count(*) FROM locked) >= 0
    GROUP BY kb_id, lexeme HAVING sum(change) <> 0 ORDER BY kb_id, lexeme COLLATE "C"
    ON CONFLICT (kb_id, lexeme) DO UPDATE SET documents = c.documents + excluded.documents;
    RETURN NULL;
  END $$;

  -- Step 10's, with the title among a document's keys.
  DROP FUNCTION toolgen_document_lexemes(bigint, bigint, tsvector, tsvector, json);
  CREATE FUNCTION toolgen_document_lexemes(document_kb bigint, document bigint, words tsvector, grams tsvector, title text, metadata json) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
      SELECT ARRAY(SELECT w.lexeme FROM toolgen_document_postings(document_kb, document, words, grams, 0, 0) AS w
                   UNION ALL
                   SELECT f.lexeme FROM toolgen_filter_keys(title, metadata::jsonb) AS f (lexeme))
    $$;

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
        SELECT o.kb_id, o.seq, toolgen_document_lexemes(o.kb_id, o.seq, o.search, o.grams, o.title, o.metadata) FROM toolgen_deleted_documents AS o
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
        FROM toolgen_deleted_documents AS o, unnest(toolgen_document_lexemes(o.kb_id, o.seq, o.search, o.grams, o.title, o.metadata)) AS l (lexeme)
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

  -- Step 10's, with the title terms among the filter's keys: a title filter takes the postings'
  -- plans as a metadata filter does. Unchanged otherwise.
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

    IF (jsonb_array_length(coalesce(metadata_terms, '[]'::jsonb)) > 0 OR cardinality(title_filter) > 0) AND cardinality(t.term_lexemes) > 0 AND NOT t.phrases THEN
      -- A NULL title (a term no title can meet) has a NULL key and no count: the narrowest, and
      -- no posting equals it.
      SELECT (array_agg(f.lexeme ORDER BY f.documents, f.lexeme))[1], min(f.documents), (array_agg(f.lexeme ORDER BY f.documents, f.lexeme))[2:]
      INTO narrowest, fewest, others
      FROM (
        SELECT x.lexeme, coalesce((SELECT c.documents FROM toolgen_lexeme_counts AS c WHERE c.kb_id = knowledge_base AND c.lexeme = x.lexeme), 0)::double precision AS documents
        FROM (SELECT toolgen_facet(e.value ->> 0, e.value -> 1) AS lexeme FROM jsonb_array_elements(coalesce(metadata_terms, '[]'::jsonb)) AS e
              UNION
              SELECT toolgen_title_facet(x.title) FROM unnest(title_filter) AS x (title)) AS x
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
