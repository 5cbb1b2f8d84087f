/**
 * Schema step 8: a filtered search's plan choice with the cost of one posting looked up measured
 * again. Released steps are never edited (migrations.ts); a change to anything below is a new step.
 *
 * Step 7's `toolgen_filtered_plan` priced a posting looked up by (word, document) at 10 µs, from
 * forced plans at 100,000 chunks on a machine shared with other work. Measured at 1,000,000 chunks
 * on a quiet machine (bench/kb-pg-filtered-plans.mjs, every plan forced in turn on one database,
 * each query run once per plan), a look-up cost about 4 µs: a selective filter's documents come in
 * runs (a document's chunks share its metadata and were added together), so consecutive look-ups
 * read the same index leaf. At 10 µs the model took the GIN or merge plan for a common word with a
 * filter of 0.2% of the chunks, 2.3-3.5 times slower than looking the filter's documents up
 * (English 29.4 ms against 8.3, Chinese 47.2 against 20.4). With 4, it chooses the look-ups there,
 * and nothing changes for broad filters (their tens of thousands of documents cost far more to look
 * up than to merge) nor for rare words (the GIN plan stays cheapest by the model).
 *
 * Only the function changes: the searches of an instance of the previous release call
 * `toolgen_search`, which calls it, and choose by the new costs too; every plan gives the same
 * answers (step 7), so only the time differs. Instant to apply. At 100,000 chunks the same
 * cell gained 1.5-1.8 times (English 2.92 -> 1.59 ms, Chinese 3.98 -> 2.69).
 */
export const PROBE_COST_STEP = `
  -- As step 7's, with a posting looked up alone at 4 µs (was 10); the other costs as there: a GIN
  -- bitmap entry 0.1, a candidate's heap recheck and scoring 25, a posting read in a range 0.25.
  -- Tests replace the function to force a plan.
  CREATE OR REPLACE FUNCTION toolgen_filtered_plan(postings double precision, fewest double precision, words integer, documents double precision) RETURNS text
    LANGUAGE sql STABLE
    AS $$
      SELECT (ARRAY['text', 'probe', 'join'])[array_position(costs, (SELECT min(c) FROM unnest(costs) AS c))]
      FROM (SELECT ARRAY[0.1 * (postings + fewest) + 25 * postings * fewest / greatest(documents, 1),
                         fewest * (0.25 + 4 * words),
                         0.25 * (postings + fewest)] AS costs) AS x
    $$;
`;
