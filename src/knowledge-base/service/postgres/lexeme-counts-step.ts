/**
 * Schema step 6: how many documents hold each word and gram, kept in a table, instead of counted
 * from the postings at every search. Released steps are never edited (migrations.ts); a change to
 * anything below is a new step.
 *
 * BM25 needs each term's document frequency. Step 3's search counted it from the postings, an
 * index-only scan of every posting of the term: 6-11 ms for a word in 35,000 of 100,000 chunks
 * (35% of them), most of a search for a common word, with or without a filter, and ten times that
 * at 1M. Now:
 *
 * - `toolgen_lexeme_counts` holds one row per knowledge base and lexeme (a word's, or a gram's
 *   with its leading `#`): the number of its postings, which is the number of documents holding
 *   it (one posting per lexeme and document).
 * - Step 5's trigger functions are replaced by the same ones that also add what they insert and
 *   take out what they delete, after their postings and before the knowledge base's counts row
 *   (step 5). Writers of one knowledge base share these rows, and one statement may fire both the
 *   insert and the update trigger (an add that replaces some documents), each changing rows in
 *   its own order: two such writers deadlocked. So each first takes a transaction lock on the
 *   knowledge base (pg_advisory_xact_lock, class 1953196851): its writers change the counts one
 *   at a time, from that point to their commits, as they change its counts row since step 5.
 *   A lexeme whose last posting goes keeps its row at 0.
 * - Step 3's `toolgen_search` is replaced by the same function reading the counts; an instance of
 *   the previous release calls it as before and gets the same answers, sooner.
 *
 * The counts of the existing postings are taken here, in the migration's transaction (a scan of
 * the postings: seconds per 100,000 chunks).
 */
export const LEXEME_COUNTS_STEP = `
  CREATE TABLE toolgen_lexeme_counts (
    kb_id     bigint NOT NULL,
    lexeme    text   NOT NULL,
    documents bigint NOT NULL,
    PRIMARY KEY (kb_id, lexeme)
  );
  INSERT INTO toolgen_lexeme_counts (kb_id, lexeme, documents)
  SELECT kb_id, lexeme, count(*) FROM toolgen_postings GROUP BY kb_id, lexeme;

  CREATE OR REPLACE FUNCTION toolgen_index_inserted() RETURNS trigger LANGUAGE plpgsql SET work_mem = '64MB' AS $$
  BEGIN
    WITH added AS MATERIALIZED (
      SELECT kb_id, seq, search, grams, toolgen_document_length(search) AS length, toolgen_document_length(grams) AS gram_length,
             (grams <> ''::tsvector)::integer AS has_grams
      FROM toolgen_inserted_documents
    ), indexed AS (
      INSERT INTO toolgen_postings (kb_id, seq, length, tf, lexeme)
      SELECT p.* FROM added AS a, toolgen_document_postings(a.kb_id, a.seq, a.search, a.grams, a.length, a.gram_length) AS p
      ORDER BY p.kb_id, p.lexeme COLLATE "C", p.seq
      RETURNING kb_id, lexeme
    ), locked AS (
      SELECT pg_advisory_xact_lock(1953196851, (k.kb_id % 2147483647)::integer) FROM (SELECT DISTINCT kb_id FROM added ORDER BY kb_id) AS k WHERE (SELECT count(*) FROM indexed) >= 0
    ), counted AS (
      INSERT INTO toolgen_lexeme_counts AS c (kb_id, lexeme, documents)
      SELECT kb_id, lexeme, count(*) FROM indexed WHERE (SELECT count(*) FROM locked) >= 0
      GROUP BY kb_id, lexeme ORDER BY kb_id, lexeme COLLATE "C"
      ON CONFLICT (kb_id, lexeme) DO UPDATE SET documents = c.documents + excluded.documents
      RETURNING 1
    )
    INSERT INTO toolgen_kb_stats AS s (kb_id, documents, words, gram_documents, grams)
    SELECT kb_id, count(*), sum(length), sum(has_grams), sum(gram_length)
    FROM added WHERE (SELECT count(*) FROM counted) >= 0 GROUP BY kb_id ORDER BY kb_id
    ON CONFLICT (kb_id) DO UPDATE SET documents = s.documents + excluded.documents, words = s.words + excluded.words,
      gram_documents = s.gram_documents + excluded.gram_documents, grams = s.grams + excluded.grams;
    RETURN NULL;
  END $$;

  CREATE OR REPLACE FUNCTION toolgen_index_updated() RETURNS trigger LANGUAGE plpgsql SET work_mem = '64MB' AS $$
  BEGIN
    DELETE FROM toolgen_postings AS p
    USING (SELECT o.kb_id, o.seq, o.search, o.grams FROM toolgen_old_documents AS o JOIN toolgen_new_documents AS n ON n.seq = o.seq
           WHERE o.search <> n.search OR o.grams <> n.grams OR o.kb_id <> n.kb_id) AS o,
          toolgen_document_postings(o.kb_id, o.seq, o.search, o.grams, 0, 0) AS w
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

  CREATE OR REPLACE FUNCTION toolgen_index_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM toolgen_postings AS p
    USING toolgen_deleted_documents AS o, toolgen_document_postings(o.kb_id, o.seq, o.search, o.grams, 0, 0) AS w
    WHERE p.kb_id = w.kb_id AND p.lexeme = w.lexeme AND p.seq = w.seq;
    PERFORM pg_advisory_xact_lock(1953196851, (k.kb_id % 2147483647)::integer) FROM (SELECT DISTINCT kb_id FROM toolgen_deleted_documents ORDER BY kb_id) AS k;
    INSERT INTO toolgen_lexeme_counts AS c (kb_id, lexeme, documents)
    SELECT w.kb_id, w.lexeme, -count(*) FROM toolgen_deleted_documents AS o, toolgen_document_postings(o.kb_id, o.seq, o.search, o.grams, 0, 0) AS w
    GROUP BY w.kb_id, w.lexeme ORDER BY w.kb_id, w.lexeme COLLATE "C"
    ON CONFLICT (kb_id, lexeme) DO UPDATE SET documents = c.documents + excluded.documents;
    INSERT INTO toolgen_kb_stats AS s (kb_id, documents, words, gram_documents, grams)
    SELECT kb_id, -count(*), -sum(toolgen_document_length(search)), -count(*) FILTER (WHERE grams <> ''::tsvector), -sum(toolgen_document_length(grams))
    FROM toolgen_deleted_documents GROUP BY kb_id ORDER BY kb_id
    ON CONFLICT (kb_id) DO UPDATE SET documents = s.documents + excluded.documents, words = s.words + excluded.words,
      gram_documents = s.gram_documents + excluded.gram_documents, grams = s.grams + excluded.grams;
    RETURN NULL;
  END $$;

  -- Step 3's search, the document frequencies read from toolgen_lexeme_counts.
  CREATE OR REPLACE FUNCTION toolgen_search(knowledge_base bigint, words text[], grams text[], top_k integer, metadata_filter jsonpath, title_filter text[])
    RETURNS TABLE (id text, title text, content text, metadata json, score double precision)
    LANGUAGE plpgsql STABLE ROWS 10
    SET plan_cache_mode = force_generic_plan -- as toolgen_top_postings
  AS $$
  #variable_conflict use_column
  DECLARE
    documents double precision;
    words_in_documents double precision;
    gram_documents double precision;
    grams_in_documents double precision;
    k0 constant double precision := 1.2 * (1 - 0.75);
    k1 double precision;
    k1_grams double precision;
    term_queries tsquery[];
    term_vectors tsvector[];
    term_weights double precision[];
    term_lexemes text[];
    term_frequencies double precision[];
    term_k1s double precision[];
    phrases boolean;
    any_term tsquery;
    any_gram tsquery;
  BEGIN
    SELECT coalesce(s.documents, 0), coalesce(s.words, 0), coalesce(s.gram_documents, 0), coalesce(s.grams, 0)
    INTO documents, words_in_documents, gram_documents, grams_in_documents
    FROM toolgen_knowledge_bases AS k LEFT JOIN toolgen_kb_stats AS s ON s.kb_id = k.id
    WHERE k.id = knowledge_base;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'knowledge base % does not exist', knowledge_base USING ERRCODE = 'TGK01';
    END IF;
    k1 := 1.2 * 0.75 / greatest(words_in_documents / greatest(documents, 1), 1);
    k1_grams := 1.2 * 0.75 / greatest(grams_in_documents / greatest(gram_documents, 1), 1);

    -- The grams found in some document; of those, the pairs and the characters in none of the
    -- found pairs are searched (query-words.ts, searchedGrams).
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
      -- The vector names the gram's postings, for toolgen_term_frequency; the query matches the grams column.
      SELECT g.query, array_to_tsvector(ARRAY[g.lexeme]), ln(1 + (gram_documents - g.df + 0.5) / (g.df + 0.5)) * (1.2 + 1),
             g.lexeme, g.df, k1_grams, true
      FROM found_grams AS g
      WHERE char_length(g.gram) = 2
         OR NOT EXISTS (SELECT 1 FROM found_grams AS p WHERE char_length(p.gram) = 2 AND strpos(p.gram, g.gram) > 0)
    ) AS t;

    IF NOT phrases AND metadata_filter IS NULL AND cardinality(title_filter) = 0 THEN
      RETURN QUERY
      SELECT d.id, d.title, d.content, d.metadata, top.score
      FROM toolgen_top_terms(knowledge_base, term_lexemes, term_weights, term_frequencies, term_k1s, top_k, k0) AS top
      JOIN toolgen_documents AS d ON d.seq = top.seq
      ORDER BY top.score DESC, top.seq;
    ELSIF metadata_filter IS NULL THEN
      RETURN QUERY
      SELECT d.id, d.title, d.content, d.metadata, top.score
      FROM (
        SELECT c.seq, sum(toolgen_term_score(t.weight, m.tf, m.length, k0, t.k1)) AS score
        FROM (
          SELECT d.seq, d.search FROM toolgen_documents AS d
          WHERE d.kb_id = knowledge_base AND (d.search @@ any_term OR d.grams @@ any_gram) AND d.title = ALL (title_filter)
        ) AS c
        CROSS JOIN unnest(term_queries, term_vectors, term_weights, term_k1s) AS t (query, vector, weight, k1)
        CROSS JOIN LATERAL toolgen_term_frequency(knowledge_base, c.seq, c.search, t.query, t.vector) AS m
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
        SELECT c.seq, sum(toolgen_term_score(t.weight, m.tf, m.length, k0, t.k1)) AS score
        FROM (
          SELECT d.seq, d.search FROM toolgen_documents AS d
          WHERE d.kb_id = knowledge_base AND (d.search @@ any_term OR d.grams @@ any_gram) AND d.metadata::jsonb @@ metadata_filter AND d.title = ALL (title_filter)
        ) AS c
        CROSS JOIN unnest(term_queries, term_vectors, term_weights, term_k1s) AS t (query, vector, weight, k1)
        CROSS JOIN LATERAL toolgen_term_frequency(knowledge_base, c.seq, c.search, t.query, t.vector) AS m
        GROUP BY c.seq
        ORDER BY score DESC, c.seq
        LIMIT top_k
      ) AS top
      JOIN toolgen_documents AS d ON d.seq = top.seq
      ORDER BY top.score DESC, top.seq;
    END IF;
  END $$;
`;
