/**
 * Schema step 4: a search for one term reads its postings without grouping them. Released steps
 * are never edited (migrations.ts); a change to anything below is a new step.
 *
 * Step 3's `toolgen_top_terms` sums each document's postings over the terms (GROUP BY seq) before
 * the top-N sort, also when there is one term and so one posting per document: a hash aggregate
 * over every posting of the word. One English word, the commonest search, is such a query. Its
 * postings are now scored and sorted as they come out of the index: 1.4-1.7 times faster at p50
 * for words of 50-2,000 postings per 20,000 chunks, measured on 100,000 chunks. The score is the
 * same number (a sum of one term is that term), so answers and their ties do not change.
 *
 * Step 3's function is kept under another name for the other queries, so this step adds a branch
 * and repeats none of it; `toolgen_search` calls the new function by name (plans that held the
 * old one are invalidated by the rename), whichever release's instance calls it.
 */
export const SINGLE_TERM_STEP = `
  ALTER FUNCTION toolgen_top_terms(bigint, text[], double precision[], double precision[], double precision[], integer, double precision, double precision)
    RENAME TO toolgen_top_terms_summed;

  CREATE FUNCTION toolgen_top_terms(knowledge_base bigint, lexemes text[], weights double precision[], frequencies double precision[],
                                    k1s double precision[], top_k integer, k0 double precision, min_gain double precision DEFAULT 2)
    RETURNS TABLE (seq bigint, score double precision)
    LANGUAGE plpgsql STABLE ROWS 10
    SET plan_cache_mode = force_generic_plan -- as toolgen_top_postings (step 2)
  AS $$
  #variable_conflict use_column
  BEGIN
    IF coalesce(cardinality(lexemes), 0) = 1 THEN
      RETURN QUERY
      SELECT p.seq, toolgen_term_score(weights[1], p.tf, p.length, k0, k1s[1]) AS score
      FROM toolgen_postings AS p
      WHERE p.kb_id = knowledge_base AND p.lexeme = lexemes[1]
      ORDER BY score DESC, p.seq
      LIMIT top_k;
    ELSE
      RETURN QUERY SELECT t.seq, t.score FROM toolgen_top_terms_summed(knowledge_base, lexemes, weights, frequencies, k1s, top_k, k0, min_gain) AS t;
    END IF;
  END $$;
`;
