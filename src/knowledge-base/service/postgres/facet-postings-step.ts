/**
 * Schema step 7: metadata terms as postings, and filtered searches that start from them where
 * that is cheaper. Released steps are never edited (migrations.ts); a change
 * to anything below is a new step.
 *
 * Until now a filtered search took its candidates from the GIN indexes, the text's ANDed with the
 * metadata's: a bitmap of every document holding a query word, however few documents the filter
 * keeps. For a word in a third of 100,000 chunks that bitmap alone took 9 ms, then each candidate
 * cost a heap visit, the metadata cast from json to jsonb (5.6 µs) and the tsvector detoasted for
 * the recheck (4.3 µs). Now:
 *
 * - Each top-level metadata value a filter term can match (filters.ts: a string, number or
 *   boolean, or one of those in an array) is a posting of its own, lexeme `=<key as JSON>=<value>`
 *   (`toolgen_facet`): strings as JSON text, booleans as `true`/`false`, numbers without trailing
 *   zeros, because the filter's jsonpath compares numbers by value (1 equals 1.0); one longer than
 *   512 bytes as its SHA-256. No text lexeme
 *   starts with `=` (the parser never begins a token with it, as with the grams' `#`), and the
 *   query's words are lexemes of text, so a search never meets a facet as a word. tf 1, length 0.
 * - Triggers of their own keep them, and their counts in `toolgen_lexeme_counts` (step 6), with
 *   every insert, replace and delete: they fire after step 5's (name order), which took the
 *   knowledge base's transaction lock, so counts change one writer at a time as before.
 * - `toolgen_search` takes the filter's terms too (a jsonb array of [key, value]). When every word
 *   is one lexeme and there is no title term, it picks one of three plans by the counts it has
 *   (`toolgen_filtered_plan`: the words' postings, the narrowest term's, the number of words):
 *   - probe: the narrowest term's documents, each looked up in each word's postings (a selective
 *     filter and common words);
 *   - join: the narrowest term's postings and the words' read whole and merged on the document
 *     (a broad filter and common words: 17.5 -> 7.1 ms at 100,000 chunks for English words);
 *   - text: the GIN bitmaps as before (rare words).
 *   The first two read no document row but the top k's, and check any further term by its
 *   postings. The facets say exactly what the jsonpath says, so every plan gives the same answer
 *   (the filtered-search property test runs with each forced).
 * - The term preparation (statistics, IDF, grams) is its own function, `toolgen_search_terms`, so
 *   that a later step changing one plan replaces only that; the previous six-argument
 *   `toolgen_search`, which instances of the previous release call, is now that function with no
 *   filter terms, and answers as before.
 *
 * The facets of the existing documents are written here, in the migration's transaction (one
 * insert of two or three rows a document, for metadata like the bench's).
 */
export const FACET_POSTINGS_STEP = `
  -- A B-tree entry holds at most about 2,700 bytes, and metadata values can be longer than any
  -- word: a facet of more than 512 bytes is kept as its SHA-256 (after '=#', which no facet
  -- written out starts with: a key as JSON starts with a quote), the same for a document's value
  -- and a filter's, so long values are filtered on exactly as short ones.
  CREATE FUNCTION toolgen_facet(key text, value jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
      SELECT CASE WHEN octet_length(f) > 512 THEN '=#' || encode(sha256(convert_to(f, 'UTF8')), 'hex') ELSE f END
      FROM (SELECT '=' || to_jsonb(key)::text || '=' || CASE jsonb_typeof(value) WHEN 'number' THEN trim_scale(value::numeric)::text ELSE value::text END AS f) AS x
    $$;

  -- The facets of a document's metadata: each top-level string, number or boolean, and each such
  -- element of a top-level array (jsonpath's lax mode unwraps one level, as filters.ts says).
  CREATE FUNCTION toolgen_document_facets(metadata jsonb) RETURNS SETOF text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
      SELECT DISTINCT toolgen_facet(e.key, v.value)
      FROM jsonb_each(CASE WHEN jsonb_typeof(metadata) = 'object' THEN metadata ELSE '{}'::jsonb END) AS e
      CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(e.value) = 'array' THEN e.value ELSE jsonb_build_array(e.value) END) AS v (value)
      WHERE jsonb_typeof(v.value) IN ('string', 'number', 'boolean')
    $$;

  -- Which plan a filtered search takes ('text', 'probe' or 'join'; see toolgen_search), from the
  -- words' postings (their document frequencies summed), the narrowest filter term's, the number
  -- of words and of documents. Each plan's cost in microseconds, measured at 100,000 chunks with
  -- the default shared_buffers (the postings index far larger): a GIN bitmap entry 0.1, a
  -- candidate's heap recheck and scoring 25, a posting read in a range 0.25, one looked up alone
  -- 10 (a leaf read from the OS cache). The text plan's candidates are estimated as if the words
  -- and the filter were independent. Tests replace the function to force a plan.
  CREATE FUNCTION toolgen_filtered_plan(postings double precision, fewest double precision, words integer, documents double precision) RETURNS text
    LANGUAGE sql STABLE
    AS $$
      SELECT (ARRAY['text', 'probe', 'join'])[array_position(costs, (SELECT min(c) FROM unnest(costs) AS c))]
      FROM (SELECT ARRAY[0.1 * (postings + fewest) + 25 * postings * fewest / greatest(documents, 1),
                         fewest * (0.25 + 10 * words),
                         0.25 * (postings + fewest)] AS costs) AS x
    $$;

  INSERT INTO toolgen_postings (kb_id, seq, length, tf, lexeme)
  SELECT d.kb_id, d.seq, 0, 1, f.lexeme
  FROM toolgen_documents AS d, toolgen_document_facets(d.metadata::jsonb) AS f (lexeme)
  ORDER BY d.kb_id, f.lexeme COLLATE "C", d.seq;
  INSERT INTO toolgen_lexeme_counts AS c (kb_id, lexeme, documents)
  SELECT kb_id, lexeme, count(*) FROM toolgen_postings WHERE lexeme LIKE '=%' GROUP BY kb_id, lexeme
  ON CONFLICT (kb_id, lexeme) DO UPDATE SET documents = excluded.documents;

  CREATE FUNCTION toolgen_facets_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    WITH faceted AS (
      INSERT INTO toolgen_postings (kb_id, seq, length, tf, lexeme)
      SELECT d.kb_id, d.seq, 0, 1, f.lexeme FROM toolgen_inserted_documents AS d, toolgen_document_facets(d.metadata::jsonb) AS f (lexeme)
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

  -- A replaced document loses the facets its new metadata lacks and gains the new ones; the two
  -- sets are disjoint, so the delete and the insert of one statement never meet on a row.
  CREATE FUNCTION toolgen_facets_updated() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    WITH changed AS MATERIALIZED (
      SELECT o.kb_id AS old_kb_id, o.metadata::jsonb AS old_metadata, n.kb_id, n.seq, n.metadata::jsonb AS metadata
      FROM toolgen_old_documents AS o JOIN toolgen_new_documents AS n ON n.seq = o.seq
      WHERE o.metadata::jsonb IS DISTINCT FROM n.metadata::jsonb OR o.kb_id <> n.kb_id
    ), diff AS MATERIALIZED (
      SELECT kb_id, seq, lexeme, sum(change)::integer AS change
      FROM (
        SELECT c.kb_id, c.seq, f.lexeme, 1 AS change FROM changed AS c, toolgen_document_facets(c.metadata) AS f (lexeme)
        UNION ALL
        SELECT c.old_kb_id, c.seq, f.lexeme, -1 FROM changed AS c, toolgen_document_facets(c.old_metadata) AS f (lexeme)
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

  CREATE FUNCTION toolgen_facets_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM toolgen_postings AS p
    USING toolgen_deleted_documents AS o, toolgen_document_facets(o.metadata::jsonb) AS f (lexeme)
    WHERE p.kb_id = o.kb_id AND p.lexeme = f.lexeme AND p.seq = o.seq;
    PERFORM pg_advisory_xact_lock(1953196851, (k.kb_id % 2147483647)::integer) FROM (SELECT DISTINCT kb_id FROM toolgen_deleted_documents ORDER BY kb_id) AS k;
    INSERT INTO toolgen_lexeme_counts AS c (kb_id, lexeme, documents)
    SELECT o.kb_id, f.lexeme, -count(*) FROM toolgen_deleted_documents AS o, toolgen_document_facets(o.metadata::jsonb) AS f (lexeme)
    GROUP BY o.kb_id, f.lexeme ORDER BY o.kb_id, f.lexeme COLLATE "C"
    ON CONFLICT (kb_id, lexeme) DO UPDATE SET documents = c.documents + excluded.documents;
    RETURN NULL;
  END $$;

  -- After step 5's toolgen_documents_indexed_* (triggers of one event fire in name order).
  CREATE TRIGGER toolgen_documents_metadata_inserted AFTER INSERT ON toolgen_documents
    REFERENCING NEW TABLE AS toolgen_inserted_documents FOR EACH STATEMENT EXECUTE FUNCTION toolgen_facets_inserted();
  CREATE TRIGGER toolgen_documents_metadata_updated AFTER UPDATE ON toolgen_documents
    REFERENCING OLD TABLE AS toolgen_old_documents NEW TABLE AS toolgen_new_documents FOR EACH STATEMENT EXECUTE FUNCTION toolgen_facets_updated();
  CREATE TRIGGER toolgen_documents_metadata_deleted AFTER DELETE ON toolgen_documents
    REFERENCING OLD TABLE AS toolgen_deleted_documents FOR EACH STATEMENT EXECUTE FUNCTION toolgen_facets_deleted();

  -- Step 6's term preparation: the statistics, each word's and searched gram's query, IDF weight,
  -- lexeme, document frequency and k1 (gram-search-step.ts), and BM25's k0.
  CREATE FUNCTION toolgen_search_terms(knowledge_base bigint, words text[], grams text[],
                                       OUT term_queries tsquery[], OUT term_vectors tsvector[], OUT term_weights double precision[],
                                       OUT term_lexemes text[], OUT term_frequencies double precision[], OUT term_k1s double precision[],
                                       OUT phrases boolean, OUT any_term tsquery, OUT any_gram tsquery, OUT k0 double precision,
                                       OUT documents double precision)
    LANGUAGE plpgsql STABLE
    SET plan_cache_mode = force_generic_plan
  AS $$
  #variable_conflict use_column
  DECLARE
    words_in_documents double precision;
    gram_documents double precision;
    grams_in_documents double precision;
    k1 double precision;
    k1_grams double precision;
  BEGIN
    k0 := 1.2 * (1 - 0.75);
    SELECT coalesce(s.documents, 0), coalesce(s.words, 0), coalesce(s.gram_documents, 0), coalesce(s.grams, 0)
    INTO documents, words_in_documents, gram_documents, grams_in_documents
    FROM toolgen_knowledge_bases AS k LEFT JOIN toolgen_kb_stats AS s ON s.kb_id = k.id
    WHERE k.id = knowledge_base;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'knowledge base % does not exist', knowledge_base USING ERRCODE = 'TGK01';
    END IF;
    k1 := 1.2 * 0.75 / greatest(words_in_documents / greatest(documents, 1), 1);
    k1_grams := 1.2 * 0.75 / greatest(grams_in_documents / greatest(gram_documents, 1), 1);

    WITH found_grams AS MATERIALIZED (
      SELECT g.gram, g.query, g.lexeme, n.df
      FROM (
        SELECT DISTINCT x.gram, plainto_tsquery('toolgen', x.gram) AS query, '#' || (tsvector_to_array(v.vector))[1] AS lexeme
        FROM unnest(grams) AS x (gram)
        CROSS JOIN LATERAL (SELECT to_tsvector('toolgen', x.gram) AS vector) AS v
        WHERE length(v.vector) = 1
      ) AS g
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(c.documents), 0)::double precision AS df FROM toolgen_lexeme_counts AS c WHERE c.kb_id = knowledge_base AND c.lexeme = g.lexeme
      ) AS n
      WHERE n.df > 0
    )
    SELECT array_agg(t.query), array_agg(t.vector), array_agg(t.weight), array_agg(t.lexeme), array_agg(t.df), array_agg(t.k1),
           coalesce(bool_or(numnode(t.query) > 1), false),
           toolgen_tsquery_or(t.query) FILTER (WHERE NOT t.gram), toolgen_tsquery_or(t.query) FILTER (WHERE t.gram)
    INTO term_queries, term_vectors, term_weights, term_lexemes, term_frequencies, term_k1s, phrases, any_term, any_gram
    FROM (
      SELECT t.query, t.vector, t.repeats * ln(1 + (documents - n.df + 0.5) / (n.df + 0.5)) * (1.2 + 1) AS weight,
             (tsvector_to_array(t.vector))[1] AS lexeme, n.df, k1 AS k1, false AS gram
      FROM (
        SELECT q.query, q.vector, count(*) AS repeats
        FROM unnest(words) AS w (word)
        CROSS JOIN LATERAL (SELECT phraseto_tsquery('toolgen', w.word) AS query, to_tsvector('toolgen', w.word) AS vector) AS q
        WHERE numnode(q.query) > 0
        GROUP BY q.query, q.vector
      ) AS t
      CROSS JOIN LATERAL (
        SELECT min(c.df)::double precision AS df
        FROM unnest(tsvector_to_array(t.vector)) AS l (lexeme)
        CROSS JOIN LATERAL (SELECT coalesce(sum(n.documents), 0) AS df FROM toolgen_lexeme_counts AS n WHERE n.kb_id = knowledge_base AND n.lexeme = l.lexeme) AS c
      ) AS n
      WHERE n.df > 0
      UNION ALL
      SELECT g.query, array_to_tsvector(ARRAY[g.lexeme]), ln(1 + (gram_documents - g.df + 0.5) / (g.df + 0.5)) * (1.2 + 1),
             g.lexeme, g.df, k1_grams, true
      FROM found_grams AS g
      WHERE char_length(g.gram) = 2
         OR NOT EXISTS (SELECT 1 FROM found_grams AS p WHERE char_length(p.gram) = 2 AND strpos(p.gram, g.gram) > 0)
    ) AS t;
  END $$;

  -- metadata_terms: the filter's metadata terms as [[key, value], ...] (the same terms as
  -- metadata_filter), or NULL.
  CREATE FUNCTION toolgen_search(knowledge_base bigint, words text[], grams text[], top_k integer, metadata_filter jsonpath, title_filter text[], metadata_terms jsonb)
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
  BEGIN
    SELECT * INTO t FROM toolgen_search_terms(knowledge_base, words, grams);

    IF jsonb_array_length(coalesce(metadata_terms, '[]'::jsonb)) > 0 AND cardinality(t.term_lexemes) > 0 AND NOT t.phrases AND cardinality(title_filter) = 0 THEN
      SELECT (array_agg(f.lexeme ORDER BY f.documents, f.lexeme))[1], min(f.documents), (array_agg(f.lexeme ORDER BY f.documents, f.lexeme))[2:]
      INTO narrowest, fewest, others
      FROM (
        SELECT x.lexeme, coalesce((SELECT c.documents FROM toolgen_lexeme_counts AS c WHERE c.kb_id = knowledge_base AND c.lexeme = x.lexeme), 0)::double precision AS documents
        FROM (SELECT DISTINCT toolgen_facet(e.value ->> 0, e.value -> 1) AS lexeme FROM jsonb_array_elements(metadata_terms) AS e) AS x
      ) AS f;
      plan := toolgen_filtered_plan((SELECT sum(f) FROM unnest(t.term_frequencies) AS f), fewest, cardinality(t.term_lexemes), t.documents);
    END IF;

    -- probe: each document of the narrowest term's postings looked up in each word's postings (a
    -- few documents against long postings).
    IF plan = 'probe' THEN
      RETURN QUERY
      SELECT d.id, d.title, d.content, d.metadata, top.score
      FROM (
        SELECT c.seq, sum(toolgen_term_score(w.weight, p.tf, p.length, t.k0, w.k1)) AS score
        FROM toolgen_postings AS c
        CROSS JOIN unnest(t.term_lexemes, t.term_weights, t.term_k1s) AS w (lexeme, weight, k1)
        -- OFFSET 0 keeps it a lookup per document: flattened, the generic plan may read the word's postings whole.
        CROSS JOIN LATERAL (SELECT p.tf, p.length FROM toolgen_postings AS p WHERE p.kb_id = knowledge_base AND p.lexeme = w.lexeme AND p.seq = c.seq OFFSET 0) AS p
        WHERE c.kb_id = knowledge_base AND c.lexeme = narrowest
          AND NOT EXISTS (
            SELECT 1 FROM unnest(others) AS o (lexeme)
            WHERE NOT EXISTS (SELECT 1 FROM toolgen_postings AS q WHERE q.kb_id = knowledge_base AND q.lexeme = o.lexeme AND q.seq = c.seq)
          )
        GROUP BY c.seq
        ORDER BY score DESC, c.seq
        LIMIT top_k
      ) AS top
      JOIN toolgen_documents AS d ON d.seq = top.seq
      ORDER BY top.score DESC, top.seq;
      RETURN;
    -- join: the narrowest term's postings joined with the words' on the document, which the
    -- generic plan does as a merge join of the two index ranges, both in document order (both
    -- long, or the words' short).
    ELSIF plan = 'join' THEN
      RETURN QUERY
      SELECT d.id, d.title, d.content, d.metadata, top.score
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
        LIMIT top_k
      ) AS top
      JOIN toolgen_documents AS d ON d.seq = top.seq
      ORDER BY top.score DESC, top.seq;
      RETURN;
    END IF;

    IF NOT t.phrases AND metadata_filter IS NULL AND cardinality(title_filter) = 0 THEN
      RETURN QUERY
      SELECT d.id, d.title, d.content, d.metadata, top.score
      FROM toolgen_top_terms(knowledge_base, t.term_lexemes, t.term_weights, t.term_frequencies, t.term_k1s, top_k, t.k0) AS top
      JOIN toolgen_documents AS d ON d.seq = top.seq
      ORDER BY top.score DESC, top.seq;
    -- Two statements, so that each plan knows whether the metadata index takes part.
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
    END IF;
  END $$;

  -- The previous release's call: the same search without the filter's terms.
  CREATE OR REPLACE FUNCTION toolgen_search(knowledge_base bigint, words text[], grams text[], top_k integer, metadata_filter jsonpath, title_filter text[])
    RETURNS TABLE (id text, title text, content text, metadata json, score double precision)
    LANGUAGE sql STABLE ROWS 10
    AS $$ SELECT * FROM toolgen_search(knowledge_base, words, grams, top_k, metadata_filter, title_filter, NULL::jsonb) $$;
`;
