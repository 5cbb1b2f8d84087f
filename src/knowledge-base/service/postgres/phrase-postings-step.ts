/**
 * Schema step 12: a search with a word of several tokens and no filter ranks from the postings.
 * Released steps are never edited (migrations.ts); a change to anything below is a new step.
 *
 * A query word that PostgreSQL's parser splits (`node.js`, `3.5`, `corp.org`: index-text.ts writes
 * them as `node js`, `3 5`, `corp org`) is a phrase: its postings alone cannot say whether its
 * tokens stand side by side in a document, so until now any query holding one took the GIN plan
 * for all its words: every document holding any of them read and scored from its row. A common
 * word beside the phrase made that thousands of rows: a common word and a dotted pair of rare
 * words took 105 ms in process at 100,000 chunks and 1.5 s at 1M, where the same three words
 * apart took 4.9 ms and 16.
 *
 * Now, without a filter, `toolgen_phrase_top`:
 * - scores each document of the phrases whole: found by the GIN index and the phrase checked on
 *   its row as the GIN plan does (`toolgen_term_frequency`), every other term looked up in the
 *   postings;
 * - ranks the other terms by their postings (`toolgen_top_terms`, MaxScore), the best k;
 * - answers the best k of both. That is the GIN plan's answer, exactly: a document outside the
 *   phrases' documents scores what the other terms give it, and one that is not among their best k
 *   has k documents ahead of it there, each scoring at least as much in the whole query (a phrase
 *   only adds). Each term's part is rounded as everywhere, so sums do not depend on their order.
 * It does no more than the GIN plan: the phrases' documents are among the GIN plan's candidates,
 * and each costs the same checks there; the other words' postings cost less than their rows. So
 * it is always taken (`toolgen_phrase_plan()`, which tests turn off to compare with the GIN plan).
 * With a filter the plans are as before.
 *
 * Only functions change: an instance of the previous release calls `toolgen_search` and gets the
 * same answers through it. Instant to apply.
 */
export const PHRASE_POSTINGS_STEP = `
  -- Whether a search with phrases and no filter takes toolgen_phrase_top: always (see above). A
  -- function, so that tests can turn it off and get the GIN plan.
  CREATE FUNCTION toolgen_phrase_plan() RETURNS boolean LANGUAGE sql STABLE AS $$ SELECT true $$;

  -- The best top_k of a search with phrases (see above): the terms as toolgen_search_terms gives
  -- them, a phrase being a term whose query has more than one node.
  CREATE FUNCTION toolgen_phrase_top(knowledge_base bigint, queries tsquery[], vectors tsvector[], lexemes text[], weights double precision[],
                                     frequencies double precision[], k1s double precision[], top_k integer, k0 double precision)
    RETURNS TABLE (seq bigint, score double precision)
    LANGUAGE plpgsql STABLE ROWS 10
    SET plan_cache_mode = force_generic_plan
  AS $$
  #variable_conflict use_column
  DECLARE
    single integer[];
    phrased bigint[];
    phrased_scores double precision[];
  BEGIN
    SELECT coalesce(array_agg(i), '{}') INTO single FROM generate_subscripts(queries, 1) AS i WHERE numnode(queries[i]) = 1;

    -- Each phrase's documents from the GIN index, the phrase checked on the row as the GIN plan
    -- checks it; then every single term of theirs from the postings.
    WITH phrase_parts AS MATERIALIZED (
      SELECT d.seq, sum(toolgen_term_score(weights[i], m.tf, m.length, k0, k1s[i])) AS score
      FROM generate_subscripts(queries, 1) AS i
      CROSS JOIN LATERAL (SELECT d.seq, d.search FROM toolgen_documents AS d WHERE d.kb_id = knowledge_base AND d.search @@ queries[i] OFFSET 0) AS d
      CROSS JOIN LATERAL toolgen_term_frequency(knowledge_base, d.seq, d.search, queries[i], vectors[i]) AS m
      WHERE numnode(queries[i]) > 1
      GROUP BY d.seq
    )
    SELECT coalesce(array_agg(x.seq), '{}'), coalesce(array_agg(x.score + coalesce((
             SELECT sum(toolgen_term_score(weights[s], p.tf, p.length, k0, k1s[s]))
             FROM unnest(single) AS s
             JOIN toolgen_postings AS p ON p.kb_id = knowledge_base AND p.lexeme = lexemes[s] AND p.seq = x.seq), 0)), '{}')
    INTO phrased, phrased_scores
    FROM phrase_parts AS x;

    IF cardinality(single) = 0 THEN
      RETURN QUERY
      SELECT u.seq, u.score FROM unnest(phrased, phrased_scores) AS u (seq, score) ORDER BY u.score DESC, u.seq LIMIT top_k;
      RETURN;
    END IF;
    RETURN QUERY
    SELECT r.seq, r.score
    FROM (
      SELECT u.seq, u.score FROM unnest(phrased, phrased_scores) AS u (seq, score)
      UNION ALL
      SELECT o.seq, o.score
      FROM toolgen_top_terms(knowledge_base, ARRAY(SELECT lexemes[s] FROM unnest(single) AS s), ARRAY(SELECT weights[s] FROM unnest(single) AS s),
                             ARRAY(SELECT frequencies[s] FROM unnest(single) AS s), ARRAY(SELECT k1s[s] FROM unnest(single) AS s),
                             top_k, k0) AS o
      WHERE o.seq <> ALL (phrased)
    ) AS r
    ORDER BY r.score DESC, r.seq
    LIMIT top_k;
  END $$;

  -- Step 11's, with the phrase plan above for a search with phrases and no filter.
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
    -- A word of several tokens (node.js, 3.5) without a filter: its documents scored whole, the
    -- other terms ranked by their postings (toolgen_phrase_top).
    ELSIF metadata_filter IS NULL AND cardinality(title_filter) = 0 AND toolgen_phrase_plan() THEN
      SELECT array_agg(r.seq ORDER BY r.score DESC, r.seq), array_agg(r.score ORDER BY r.score DESC, r.seq) INTO top_seqs, top_scores
      FROM toolgen_phrase_top(knowledge_base, t.term_queries, t.term_vectors, t.term_lexemes, t.term_weights, t.term_frequencies, t.term_k1s, ranked, t.k0) AS r;
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
