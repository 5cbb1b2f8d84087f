/**
 * Schema step 3: Chinese and Japanese characters and character pairs (segment.ts, characterGrams)
 * indexed beside the words and ranked apart. Released steps are never edited (migrations.ts); a
 * change to anything below is a new step.
 *
 * - `toolgen_documents.grams` holds a document's grams as a tsvector (title A, content B), empty
 *   for a document without any; a GIN index answers the filtered searches' matches.
 * - Their postings are rows of `toolgen_postings` too, each lexeme written with a leading `#`,
 *   which no word's lexeme has (postgres/index-text.ts makes every such character a space), so a
 *   gram and a word of the same characters (三国) stay two terms. The length beside a gram posting
 *   is the document's length in grams.
 * - `toolgen_kb_stats` counts the documents that have grams and their grams, kept by triggers like
 *   step 2's (on the grams column, firing beside them), so the grams' BM25 has its own document
 *   count and average length and the words' statistics stay what they were: documents without
 *   grams rank exactly as before.
 * - `toolgen_search(knowledge_base, words, grams, ...)` scores a document by BM25 over its words
 *   plus BM25 over its grams, as SQLite sums its two FTS5 tables, searching the grams that
 *   query-words.ts's searchedGrams keeps. `toolgen_top_terms` is step 2's
 *   `toolgen_top_postings` with a length factor per term instead of one for all. Step 2's
 *   functions stay, for an instance of the previous release still running during an upgrade.
 *
 * Existing documents get their grams after this SQL, from their texts (migrations.ts).
 */
export const GRAM_SEARCH_STEP = `
  ALTER TABLE toolgen_documents ADD COLUMN grams tsvector NOT NULL DEFAULT ''::tsvector;
  CREATE INDEX toolgen_documents_grams ON toolgen_documents USING gin (grams);
  ALTER TABLE toolgen_kb_stats ADD COLUMN gram_documents bigint NOT NULL DEFAULT 0, ADD COLUMN grams bigint NOT NULL DEFAULT 0;

  CREATE FUNCTION toolgen_documents_grams_inserted() RETURNS trigger LANGUAGE plpgsql SET work_mem = '64MB' AS $$
  BEGIN
    WITH added AS MATERIALIZED (
      SELECT kb_id, seq, grams, toolgen_document_length(grams) AS length FROM toolgen_inserted_documents WHERE grams <> ''::tsvector
    ), indexed AS (
      INSERT INTO toolgen_postings (kb_id, seq, length, tf, lexeme)
      SELECT a.kb_id, a.seq, a.length, toolgen_weighted_frequency(w.weights), '#' || w.lexeme
      FROM added AS a CROSS JOIN LATERAL unnest(a.grams) AS w
      ORDER BY a.kb_id, '#' || w.lexeme, a.seq
    )
    INSERT INTO toolgen_kb_stats AS s (kb_id, documents, words, gram_documents, grams)
    SELECT kb_id, 0, 0, count(*), sum(length) FROM added GROUP BY kb_id ORDER BY kb_id
    ON CONFLICT (kb_id) DO UPDATE SET gram_documents = s.gram_documents + excluded.gram_documents, grams = s.grams + excluded.grams;
    RETURN NULL;
  END $$;

  CREATE FUNCTION toolgen_documents_grams_updated() RETURNS trigger LANGUAGE plpgsql SET work_mem = '64MB' AS $$
  BEGIN
    DELETE FROM toolgen_postings AS p
    USING toolgen_old_documents AS o JOIN toolgen_new_documents AS n ON n.seq = o.seq, LATERAL unnest(o.grams) AS w
    WHERE (o.grams <> n.grams OR o.kb_id <> n.kb_id) AND p.kb_id = o.kb_id AND p.lexeme = '#' || w.lexeme AND p.seq = o.seq;
    WITH changed AS MATERIALIZED (
      SELECT o.kb_id AS old_kb_id, (o.grams <> ''::tsvector)::integer AS had, toolgen_document_length(o.grams) AS old_length,
             n.kb_id, n.seq, n.grams, (n.grams <> ''::tsvector)::integer AS has, toolgen_document_length(n.grams) AS length
      FROM toolgen_old_documents AS o JOIN toolgen_new_documents AS n ON n.seq = o.seq
      WHERE o.grams <> n.grams OR o.kb_id <> n.kb_id
    ), indexed AS (
      INSERT INTO toolgen_postings (kb_id, seq, length, tf, lexeme)
      SELECT c.kb_id, c.seq, c.length, toolgen_weighted_frequency(w.weights), '#' || w.lexeme
      FROM changed AS c CROSS JOIN LATERAL unnest(c.grams) AS w
      ORDER BY c.kb_id, '#' || w.lexeme, c.seq
    ), deltas (kb_id, documents, grams) AS (
      SELECT kb_id, has, length FROM changed
      UNION ALL
      SELECT old_kb_id, -had, -old_length FROM changed
    )
    INSERT INTO toolgen_kb_stats AS s (kb_id, documents, words, gram_documents, grams)
    SELECT kb_id, 0, 0, sum(documents), sum(grams) FROM deltas GROUP BY kb_id ORDER BY kb_id
    ON CONFLICT (kb_id) DO UPDATE SET gram_documents = s.gram_documents + excluded.gram_documents, grams = s.grams + excluded.grams;
    RETURN NULL;
  END $$;

  CREATE FUNCTION toolgen_documents_grams_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM toolgen_postings AS p
    USING toolgen_deleted_documents AS o, LATERAL unnest(o.grams) AS w
    WHERE p.kb_id = o.kb_id AND p.lexeme = '#' || w.lexeme AND p.seq = o.seq;
    INSERT INTO toolgen_kb_stats AS s (kb_id, documents, words, gram_documents, grams)
    SELECT kb_id, 0, 0, -count(*), -sum(toolgen_document_length(grams)) FROM toolgen_deleted_documents WHERE grams <> ''::tsvector GROUP BY kb_id ORDER BY kb_id
    ON CONFLICT (kb_id) DO UPDATE SET gram_documents = s.gram_documents + excluded.gram_documents, grams = s.grams + excluded.grams;
    RETURN NULL;
  END $$;

  CREATE TRIGGER toolgen_documents_grams_inserted AFTER INSERT ON toolgen_documents
    REFERENCING NEW TABLE AS toolgen_inserted_documents
    FOR EACH STATEMENT EXECUTE FUNCTION toolgen_documents_grams_inserted();
  CREATE TRIGGER toolgen_documents_grams_updated AFTER UPDATE ON toolgen_documents
    REFERENCING OLD TABLE AS toolgen_old_documents NEW TABLE AS toolgen_new_documents
    FOR EACH STATEMENT EXECUTE FUNCTION toolgen_documents_grams_updated();
  CREATE TRIGGER toolgen_documents_grams_deleted AFTER DELETE ON toolgen_documents
    REFERENCING OLD TABLE AS toolgen_deleted_documents
    FOR EACH STATEMENT EXECUTE FUNCTION toolgen_documents_grams_deleted();

  -- toolgen_top_postings (step 2) with each term's own k1: a word's and a gram's length part
  -- divide by different average lengths.
  CREATE FUNCTION toolgen_top_terms(knowledge_base bigint, lexemes text[], weights double precision[], frequencies double precision[],
                                    k1s double precision[], top_k integer, k0 double precision, min_gain double precision DEFAULT 2)
    RETURNS TABLE (seq bigint, score double precision)
    -- At most top_k rows (at most 100): with the default estimate of 1,000 the planner read the
    -- documents' whole index for the join that fetches the texts of the top k.
    LANGUAGE plpgsql STABLE ROWS 10
    -- Plans made once per connection: PL/pgSQL's default planned each call's statements again with
    -- its values (0.3-0.5 ms a search, more than the work at 10,000 chunks), and the plans do not
    -- depend on the values (index scans by word and document, and the GIN indexes for filters).
    SET plan_cache_mode = force_generic_plan
  AS $$
  #variable_conflict use_column
  DECLARE
    terms integer := coalesce(cardinality(lexemes), 0);
    total double precision;
    skip integer := 0;
    skipped_weight double precision;
    skipped_postings double precision;
    top_seqs bigint[];
    top_scores double precision[];
    probed boolean;
  BEGIN
    -- Lightest terms first.
    SELECT array_agg(t.lexeme ORDER BY t.weight, t.lexeme), array_agg(t.weight ORDER BY t.weight, t.lexeme), array_agg(t.frequency ORDER BY t.weight, t.lexeme),
           array_agg(t.k1 ORDER BY t.weight, t.lexeme), sum(t.weight)
    INTO lexemes, weights, frequencies, k1s, total
    FROM unnest(lexemes, weights, frequencies, k1s) AS t (lexeme, weight, frequency, k1);
    -- How many to try to skip: skipping needs their weights to stay below theta, which is below the
    -- weights of the others, so below half of all; and enough postings to be worth the try.
    FOR j IN REVERSE terms - 1 .. 1 LOOP
      -- Each skipped term adds at most its weight, rounded as toolgen_term_score rounds.
      skipped_weight := (SELECT sum(round(w * 4294967296) / 4294967296) FROM unnest(weights[1:j]) AS w);
      CONTINUE WHEN skipped_weight >= total / 2;
      skipped_postings := (SELECT sum(f) FROM unnest(frequencies[1:j]) AS f);
      IF skipped_postings >= min_gain * greatest((SELECT sum(f) FROM unnest(frequencies[j + 1:]) AS f), 2048) THEN
        skip := j;
      END IF;
      EXIT;
    END LOOP;
    IF skip = 0 THEN
      RETURN QUERY
      SELECT p.seq, sum(toolgen_term_score(t.weight, p.tf, p.length, k0, t.k1)) AS score
      FROM unnest(lexemes, weights, k1s) AS t (lexeme, weight, k1)
      JOIN toolgen_postings AS p ON p.kb_id = knowledge_base AND p.lexeme = t.lexeme
      GROUP BY p.seq
      ORDER BY score DESC, p.seq
      LIMIT top_k;
      RETURN;
    END IF;
    -- One statement, the others' postings read once: their sums (partial), theta, the candidates;
    -- then either the candidates looked up in the skipped terms' postings, when skipping holds and
    -- they are few enough (a lookup costs about as much as reading 8 postings in a row), or else
    -- the partial sums plus the skipped terms' postings read in full, which is the plain sum.
    WITH partial AS MATERIALIZED (
      SELECT p.seq, sum(toolgen_term_score(t.weight, p.tf, p.length, k0, t.k1)) AS score
      FROM unnest(lexemes[skip + 1:], weights[skip + 1:], k1s[skip + 1:]) AS t (lexeme, weight, k1)
      JOIN toolgen_postings AS p ON p.kb_id = knowledge_base AND p.lexeme = t.lexeme
      GROUP BY p.seq
    ), theta AS MATERIALIZED (
      SELECT coalesce((SELECT score FROM partial ORDER BY score DESC OFFSET top_k - 1 LIMIT 1), 0) AS value
    ), choice AS MATERIALIZED (
      SELECT skipped_weight < theta.value
             AND (SELECT count(*) FROM partial AS c WHERE c.score + skipped_weight >= theta.value) * skip * 8 <= skipped_postings AS probe
      FROM theta
    ), ranked AS (
      SELECT c.seq, c.score + coalesce((
               SELECT sum(toolgen_term_score(t.weight, p.tf, p.length, k0, t.k1))
               FROM unnest(lexemes[:skip], weights[:skip], k1s[:skip]) AS t (lexeme, weight, k1)
               JOIN toolgen_postings AS p ON p.kb_id = knowledge_base AND p.lexeme = t.lexeme AND p.seq = c.seq
             ), 0) AS score
      FROM partial AS c, theta
      WHERE (SELECT probe FROM choice) AND c.score + skipped_weight >= theta.value
      UNION ALL
      SELECT s.seq, sum(s.score)
      FROM (
        SELECT c.seq, c.score FROM partial AS c
        UNION ALL
        SELECT p.seq, toolgen_term_score(t.weight, p.tf, p.length, k0, t.k1)
        FROM unnest(lexemes[:skip], weights[:skip], k1s[:skip]) AS t (lexeme, weight, k1)
        JOIN toolgen_postings AS p ON p.kb_id = knowledge_base AND p.lexeme = t.lexeme
      ) AS s
      WHERE NOT (SELECT probe FROM choice)
      GROUP BY s.seq
    )
    SELECT array_agg(r.seq ORDER BY r.score DESC, r.seq), array_agg(r.score ORDER BY r.score DESC, r.seq), (SELECT probe FROM choice)
    INTO top_seqs, top_scores, probed
    FROM (SELECT * FROM ranked ORDER BY score DESC, seq LIMIT top_k) AS r;
    IF probed THEN
      RAISE DEBUG 'toolgen_top_terms: skipped % of % terms', skip, terms;
    END IF;
    RETURN QUERY SELECT t.seq, t.score FROM unnest(top_seqs, top_scores) WITH ORDINALITY AS t (seq, score, position) ORDER BY t.position;
  END $$;

  -- toolgen_search (step 2) with the query's grams: BM25 over the words, with the statistics of
  -- all documents and their lengths in words, plus BM25 over the grams, with those of the documents
  -- that have grams and their lengths in grams (IDF(gram) = ln(1 + (G - n + 0.5) / (n + 0.5)), G
  -- documents with grams). A gram is one lexeme, never a phrase.
  CREATE FUNCTION toolgen_search(knowledge_base bigint, words text[], grams text[], top_k integer, metadata_filter jsonpath, title_filter text[])
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
        SELECT count(*)::double precision AS df FROM toolgen_postings AS p WHERE p.kb_id = knowledge_base AND p.lexeme = g.lexeme
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
        CROSS JOIN LATERAL (SELECT count(*) AS df FROM toolgen_postings AS p WHERE p.kb_id = knowledge_base AND p.lexeme = l.lexeme) AS c
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
