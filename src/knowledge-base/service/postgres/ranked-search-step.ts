/**
 * Schema step 2: BM25 ranking from postings. Released steps are never edited (migrations.ts); a
 * change to anything below is a new step.
 *
 * Until step 1 alone, a search ranked every match with `ts_rank`, reading each matching document's
 * tsvector out of TOAST (BENCHMARKS.md, "Knowledge base at scale"), and knew nothing of how rare
 * a word is. Now:
 *
 * - `toolgen_postings` holds one row per distinct word (lexeme) of every document: its weighted
 *   term frequency (a title occurrence counts twice, as on SQLite) and the document's length in
 *   words. The primary key `(kb_id, lexeme, seq) INCLUDE (tf, length)` answers a word's postings in
 *   insertion order from the index alone, and one posting by document.
 * - `toolgen_kb_stats` holds each knowledge base's document count and total length, for IDF and
 *   the average length.
 * - Statement-level triggers on `toolgen_documents` keep both in step with every insert, replace
 *   and delete, in the writing transaction, whichever toolgen wrote it: an instance still running
 *   the previous release during a rolling upgrade keeps them right too. Postings rows of a document
 *   are written only by a transaction that holds its documents row, so concurrent writers never
 *   wait on each other's postings; the stats row is the one row they share, updated last.
 * - `toolgen_search(...)` ranks with BM25 (`docs/knowledge-base.md`, "Ranking"). Without a filter and
 *   with every word a single lexeme it sums over the words' postings, read from the index only
 *   (no document row is read but the top k); otherwise it takes the matches from the GIN indexes as
 *   step 1 did and scores each from its postings. Its plans are cached per connection, and the
 *   knowledge-base check is part of it, so a search is one statement.
 *
 * A document's length is the number of positions in its tsvector, and a word's frequency the
 * number of its positions. PostgreSQL keeps at most 256 positions per lexeme and none beyond
 * 16,383 (https://www.postgresql.org/docs/current/datatype-textsearch.html), so both are capped
 * for very long documents; BM25's saturation makes the first cap immaterial.
 *
 * Existing documents get their postings here, in the migration's transaction: for a large database
 * this takes minutes (docs/knowledge-base-deployment.md, "Migrations and rolling upgrades").
 */
export const RANKED_SEARCH_STEP = `
  CREATE FUNCTION toolgen_document_length(search tsvector) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT coalesce(sum(cardinality(positions)), 0)::integer FROM unnest(search) $$;

  -- A lexeme's frequency from the weights of its positions: title (A) twice, content (B) once.
  CREATE FUNCTION toolgen_weighted_frequency(weights text[]) RETURNS smallint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT (cardinality(weights) + cardinality(array_positions(weights, 'A')))::smallint $$;

  CREATE TABLE toolgen_postings (
    kb_id  bigint   NOT NULL,
    seq    bigint   NOT NULL,
    length integer  NOT NULL,
    tf     smallint NOT NULL,
    lexeme text     NOT NULL
  );
  -- OFFSET 0 keeps the length a per-document subquery: flattened, it would be computed per posting.
  INSERT INTO toolgen_postings (kb_id, seq, length, tf, lexeme)
  SELECT d.kb_id, d.seq, l.length, toolgen_weighted_frequency(w.weights), w.lexeme
  FROM toolgen_documents AS d
  CROSS JOIN LATERAL (SELECT toolgen_document_length(d.search) AS length OFFSET 0) AS l
  CROSS JOIN LATERAL unnest(d.search) AS w;
  ALTER TABLE toolgen_postings ADD PRIMARY KEY (kb_id, lexeme, seq) INCLUDE (tf, length);

  CREATE TABLE toolgen_kb_stats (
    kb_id     bigint PRIMARY KEY REFERENCES toolgen_knowledge_bases (id),
    documents bigint NOT NULL,
    words     bigint NOT NULL
  );
  INSERT INTO toolgen_kb_stats (kb_id, documents, words)
  SELECT kb_id, count(*), sum(toolgen_document_length(search)) FROM toolgen_documents GROUP BY kb_id;

  -- The triggers. Each adds its documents' postings in index order (the entries of one word land
  -- side by side), and changes the stats last, the knowledge bases in id order.
  -- Their work_mem holds the sort of a full request's postings (1,000 documents: ~80,000 rows, ~8 MB)
  -- in memory; with the default 4 MB it spills to disk.
  CREATE FUNCTION toolgen_documents_inserted() RETURNS trigger LANGUAGE plpgsql SET work_mem = '64MB' AS $$
  BEGIN
    WITH added AS MATERIALIZED (
      SELECT kb_id, seq, search, toolgen_document_length(search) AS length FROM toolgen_inserted_documents
    ), indexed AS (
      INSERT INTO toolgen_postings (kb_id, seq, length, tf, lexeme)
      SELECT a.kb_id, a.seq, a.length, toolgen_weighted_frequency(w.weights), w.lexeme
      FROM added AS a CROSS JOIN LATERAL unnest(a.search) AS w
      ORDER BY a.kb_id, w.lexeme, a.seq
    )
    INSERT INTO toolgen_kb_stats AS s (kb_id, documents, words)
    SELECT kb_id, count(*), sum(length) FROM added GROUP BY kb_id ORDER BY kb_id
    ON CONFLICT (kb_id) DO UPDATE SET documents = s.documents + excluded.documents, words = s.words + excluded.words;
    RETURN NULL;
  END $$;

  -- A replaced document keeps its seq; only one whose words changed is indexed again.
  CREATE FUNCTION toolgen_documents_updated() RETURNS trigger LANGUAGE plpgsql SET work_mem = '64MB' AS $$
  BEGIN
    DELETE FROM toolgen_postings AS p
    USING toolgen_old_documents AS o JOIN toolgen_new_documents AS n ON n.seq = o.seq, LATERAL unnest(o.search) AS w
    WHERE (o.search <> n.search OR o.kb_id <> n.kb_id) AND p.kb_id = o.kb_id AND p.lexeme = w.lexeme AND p.seq = o.seq;
    WITH changed AS MATERIALIZED (
      SELECT o.kb_id AS old_kb_id, toolgen_document_length(o.search) AS old_length,
             n.kb_id, n.seq, n.search, toolgen_document_length(n.search) AS length
      FROM toolgen_old_documents AS o JOIN toolgen_new_documents AS n ON n.seq = o.seq
      WHERE o.search <> n.search OR o.kb_id <> n.kb_id
    ), indexed AS (
      INSERT INTO toolgen_postings (kb_id, seq, length, tf, lexeme)
      SELECT c.kb_id, c.seq, c.length, toolgen_weighted_frequency(w.weights), w.lexeme
      FROM changed AS c CROSS JOIN LATERAL unnest(c.search) AS w
      ORDER BY c.kb_id, w.lexeme, c.seq
    ), deltas (kb_id, documents, words) AS (
      SELECT kb_id, 1, length FROM changed
      UNION ALL
      SELECT old_kb_id, -1, -old_length FROM changed
    )
    INSERT INTO toolgen_kb_stats AS s (kb_id, documents, words)
    SELECT kb_id, sum(documents), sum(words) FROM deltas GROUP BY kb_id ORDER BY kb_id
    ON CONFLICT (kb_id) DO UPDATE SET documents = s.documents + excluded.documents, words = s.words + excluded.words;
    RETURN NULL;
  END $$;

  CREATE FUNCTION toolgen_documents_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM toolgen_postings AS p
    USING toolgen_deleted_documents AS o, LATERAL unnest(o.search) AS w
    WHERE p.kb_id = o.kb_id AND p.lexeme = w.lexeme AND p.seq = o.seq;
    INSERT INTO toolgen_kb_stats AS s (kb_id, documents, words)
    SELECT kb_id, -count(*), -sum(toolgen_document_length(search)) FROM toolgen_deleted_documents GROUP BY kb_id ORDER BY kb_id
    ON CONFLICT (kb_id) DO UPDATE SET documents = s.documents + excluded.documents, words = s.words + excluded.words;
    RETURN NULL;
  END $$;

  CREATE TRIGGER toolgen_documents_index_inserted AFTER INSERT ON toolgen_documents
    REFERENCING NEW TABLE AS toolgen_inserted_documents
    FOR EACH STATEMENT EXECUTE FUNCTION toolgen_documents_inserted();
  CREATE TRIGGER toolgen_documents_index_updated AFTER UPDATE ON toolgen_documents
    REFERENCING OLD TABLE AS toolgen_old_documents NEW TABLE AS toolgen_new_documents
    FOR EACH STATEMENT EXECUTE FUNCTION toolgen_documents_updated();
  CREATE TRIGGER toolgen_documents_index_deleted AFTER DELETE ON toolgen_documents
    REFERENCING OLD TABLE AS toolgen_deleted_documents
    FOR EACH STATEMENT EXECUTE FUNCTION toolgen_documents_deleted();

  -- A term's frequency in one document and the document's length, from its postings: one row if
  -- the document matches the term (for a phrase: has all its lexemes, adjacent), else none. The
  -- tsvector is read only for a phrase.
  CREATE FUNCTION toolgen_term_frequency(knowledge_base bigint, document bigint, search tsvector, query tsquery, vector tsvector)
    RETURNS TABLE (tf smallint, length integer)
    LANGUAGE sql STABLE
    AS $$
      SELECT min(p.tf), min(p.length) FROM toolgen_postings AS p
      WHERE p.kb_id = knowledge_base AND p.lexeme = ANY (tsvector_to_array(vector)) AND p.seq = document
      HAVING count(*) = length(vector) AND CASE WHEN numnode(query) = 1 THEN true ELSE search @@ query END
    $$;

  -- One term's part of a document's score: its weight (IDF and the rest) times BM25's length part,
  -- tf / (tf + k0 + k1 * length), below 1. Rounded to a multiple of 2^-32 so that a document's sum
  -- is exact whatever order its terms are added in (up to 64 terms below 2^6 need 44 bits of a
  -- double's 53): two documents with the same postings then score exactly the same, and their
  -- tie goes to insertion order, which rounding errors of differently ordered sums broke.
  CREATE FUNCTION toolgen_term_score(weight double precision, tf smallint, length integer, k0 double precision, k1 double precision)
    RETURNS double precision
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT round(weight * tf / (tf + k0 + k1 * length) * 4294967296) / 4294967296 $$;

  -- The top_k documents by the sum over the postings of lexemes, each weighted (IDF and the
  -- rest), BM25's length part tf / (tf + k0 + k1 * length) per posting; ties by seq. Exact, but
  -- without reading every posting when it need not (MaxScore, Turtle and Flood 1995): a term adds
  -- less than its weight to any document (the length part is below 1), so when the terms of
  -- smallest weight, the skipped ones (the commonest words, with the longest postings), add up to
  -- less than theta, the k-th best score over the other terms alone, a document that has none
  -- of the other terms cannot be in the top k, nor can one whose score over the other terms falls
  -- short of theta by more than the skipped weights. Only the rest, the candidates, are looked up
  -- in the skipped terms' postings, one by one. frequencies: each lexeme's number of postings.
  -- The attempt costs more than the plain sum when it falls back to reading everything, so it is
  -- made only when the postings to skip are at least min_gain times those of the other terms (and
  -- 2,048): measured at 1M chunks, attempts on terms of similar frequency made the median search
  -- 1.5 times slower, while those on one common word made the slowest 3 to 9 times faster. Tests
  -- set 0, always attempting. Says at DEBUG1 how many terms it skipped.
  CREATE FUNCTION toolgen_top_postings(knowledge_base bigint, lexemes text[], weights double precision[], frequencies double precision[],
                                       top_k integer, k0 double precision, k1 double precision, min_gain double precision DEFAULT 2)
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
    SELECT array_agg(t.lexeme ORDER BY t.weight, t.lexeme), array_agg(t.weight ORDER BY t.weight, t.lexeme), array_agg(t.frequency ORDER BY t.weight, t.lexeme), sum(t.weight)
    INTO lexemes, weights, frequencies, total
    FROM unnest(lexemes, weights, frequencies) AS t (lexeme, weight, frequency);
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
      SELECT p.seq, sum(toolgen_term_score(t.weight, p.tf, p.length, k0, k1)) AS score
      FROM unnest(lexemes, weights) AS t (lexeme, weight)
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
      SELECT p.seq, sum(toolgen_term_score(t.weight, p.tf, p.length, k0, k1)) AS score
      FROM unnest(lexemes[skip + 1:], weights[skip + 1:]) AS t (lexeme, weight)
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
               SELECT sum(toolgen_term_score(t.weight, p.tf, p.length, k0, k1))
               FROM unnest(lexemes[:skip], weights[:skip]) AS t (lexeme, weight)
               JOIN toolgen_postings AS p ON p.kb_id = knowledge_base AND p.lexeme = t.lexeme AND p.seq = c.seq
             ), 0) AS score
      FROM partial AS c, theta
      WHERE (SELECT probe FROM choice) AND c.score + skipped_weight >= theta.value
      UNION ALL
      SELECT s.seq, sum(s.score)
      FROM (
        SELECT c.seq, c.score FROM partial AS c
        UNION ALL
        SELECT p.seq, toolgen_term_score(t.weight, p.tf, p.length, k0, k1)
        FROM unnest(lexemes[:skip], weights[:skip]) AS t (lexeme, weight)
        JOIN toolgen_postings AS p ON p.kb_id = knowledge_base AND p.lexeme = t.lexeme
      ) AS s
      WHERE NOT (SELECT probe FROM choice)
      GROUP BY s.seq
    )
    SELECT array_agg(r.seq ORDER BY r.score DESC, r.seq), array_agg(r.score ORDER BY r.score DESC, r.seq), (SELECT probe FROM choice)
    INTO top_seqs, top_scores, probed
    FROM (SELECT * FROM ranked ORDER BY score DESC, seq LIMIT top_k) AS r;
    IF probed THEN
      RAISE DEBUG 'toolgen_top_postings: skipped % of % terms', skip, terms;
    END IF;
    RETURN QUERY SELECT t.seq, t.score FROM unnest(top_seqs, top_scores) WITH ORDINALITY AS t (seq, score, position) ORDER BY t.position;
  END $$;

  -- The top_k best documents for words (each already cut as postgresIndexText cuts), ties in
  -- insertion order, restricted to those whose metadata satisfies metadata_filter (NULL: no
  -- filter) and whose title equals every element of title_filter. BM25, k1 = 1.2, b = 0.75:
  --   score = sum over the words a document matches of
  --           IDF(word) * tf * (k1 + 1) / (tf + k1 * (1 - b + b * length / average length))
  --   IDF(word) = ln(1 + (N - n + 0.5) / (n + 0.5)), N documents, n of them containing the word.
  -- A word of several tokens (it's, 3.5) matches as a phrase; its tf and n are its rarest
  -- token's. A word given twice counts twice. Error TGK01: no such knowledge base.
  CREATE FUNCTION toolgen_search(knowledge_base bigint, words text[], top_k integer, metadata_filter jsonpath, title_filter text[])
    RETURNS TABLE (id text, title text, content text, metadata json, score double precision)
    LANGUAGE plpgsql STABLE ROWS 10
    SET plan_cache_mode = force_generic_plan -- as toolgen_top_postings
  AS $$
  #variable_conflict use_column
  DECLARE
    documents double precision;
    words_in_documents double precision;
    -- BM25's length part, tf / (tf + k0 + k1 * length), with k0 = k1 * (1 - b), k1 = k1 * b / average length.
    k0 constant double precision := 1.2 * (1 - 0.75);
    k1 double precision;
    -- The terms: a tsquery per distinct word, its lexemes, its weight (repeats * IDF * (k1 + 1)).
    term_queries tsquery[];
    term_vectors tsvector[];
    term_weights double precision[];
    term_lexemes text[];
    term_frequencies double precision[];
    phrases boolean;
    any_term tsquery;
  BEGIN
    SELECT coalesce(s.documents, 0), coalesce(s.words, 0) INTO documents, words_in_documents
    FROM toolgen_knowledge_bases AS k LEFT JOIN toolgen_kb_stats AS s ON s.kb_id = k.id
    WHERE k.id = knowledge_base;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'knowledge base % does not exist', knowledge_base USING ERRCODE = 'TGK01';
    END IF;
    k1 := 1.2 * 0.75 / greatest(words_in_documents / greatest(documents, 1), 1);

    SELECT array_agg(t.query), array_agg(t.vector), array_agg(t.repeats * ln(1 + (documents - n.df + 0.5) / (n.df + 0.5)) * (1.2 + 1)),
           array_agg((tsvector_to_array(t.vector))[1]), array_agg(n.df),
           coalesce(bool_or(numnode(t.query) > 1), false), toolgen_tsquery_or(t.query)
    INTO term_queries, term_vectors, term_weights, term_lexemes, term_frequencies, phrases, any_term
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
    WHERE n.df > 0;

    IF NOT phrases AND metadata_filter IS NULL AND cardinality(title_filter) = 0 THEN
      -- Every word one lexeme, no filter: from the words' postings, in the index.
      RETURN QUERY
      SELECT d.id, d.title, d.content, d.metadata, top.score
      FROM toolgen_top_postings(knowledge_base, term_lexemes, term_weights, term_frequencies, top_k, k0, k1) AS top
      JOIN toolgen_documents AS d ON d.seq = top.seq
      ORDER BY top.score DESC, top.seq;
    ELSIF metadata_filter IS NULL THEN
      RETURN QUERY
      SELECT d.id, d.title, d.content, d.metadata, top.score
      FROM (
        SELECT c.seq, sum(toolgen_term_score(t.weight, m.tf, m.length, k0, k1)) AS score
        FROM (
          SELECT d.seq, d.search FROM toolgen_documents AS d
          WHERE d.kb_id = knowledge_base AND d.search @@ any_term AND d.title = ALL (title_filter)
        ) AS c
        CROSS JOIN unnest(term_queries, term_vectors, term_weights) AS t (query, vector, weight)
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
        SELECT c.seq, sum(toolgen_term_score(t.weight, m.tf, m.length, k0, k1)) AS score
        FROM (
          SELECT d.seq, d.search FROM toolgen_documents AS d
          WHERE d.kb_id = knowledge_base AND d.search @@ any_term AND d.metadata::jsonb @@ metadata_filter AND d.title = ALL (title_filter)
        ) AS c
        CROSS JOIN unnest(term_queries, term_vectors, term_weights) AS t (query, vector, weight)
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
