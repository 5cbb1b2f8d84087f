/**
 * How a filtered FTS5 search checks its metadata terms. By default each of the words' matches is
 * looked up in metadata_values (one probe of its primary key per term and match), so the work
 * grows with the matches however few documents the filter keeps: a common word with a filter of
 * 0.2% of the documents probed 35,000 matches at 100,000 chunks. When the narrowest term keeps
 * fewer documents than the words match, its documents are read once from their index instead
 * (metadata-term-lists.ts) and the matches are checked against that list in memory.
 *
 * Which is cheaper depends on two counts: the term's documents, kept by triggers, and the words'
 * matches, counted in FTS5 only as far as the choice needs (about 0.13 µs a match, and some 70 µs
 * to start an FTS5 query). Measured at 100,000 chunks, in process (BENCHMARKS.md): the list cost
 * about 0.15 µs per document of the term, a probe 0.2 µs per match, hence LIST_RATIO. Either plan
 * gives the same answer; only the time differs.
 */
import type { Term } from "../filters.js";
import { boundTermValue } from "./metadata-values.js";
import { METADATA_COUNTS, TERM_LISTS_PRESENT } from "./metadata-term-lists.js";
import type { StatementCache } from "./statement-cache.js";

/** The list pays when the matches are at least this many times the term's documents. */
export const LIST_RATIO = 0.75;
/** A term of at most this many documents is listed without counting the matches: the list costs less than the count. */
export const SHORT_LIST = 256;

/** A metadata term and how many documents hold it. */
export interface CountedTerm {
  readonly term: Term;
  readonly documents: number;
}

export class FilterPlanner {
  readonly #statements: StatementCache;
  #ready = false;

  constructor(statements: StatementCache) {
    this.#statements = statements;
  }

  /**
   * The metadata term (not `title`) that holds for the fewest documents; undefined when there is
   * none, or no lists (a file an older toolgen opened last; the writer of this version makes them
   * at start).
   */
  narrowest(terms: readonly Term[]): CountedTerm | undefined {
    if (!this.#hasLists()) return undefined;
    let best: CountedTerm | undefined;
    for (const term of terms) {
      if (term.key === "title") continue;
      const documents = (this.#statements.get(`SELECT documents FROM ${METADATA_COUNTS} WHERE key = ? AND value = ?`).pluck().get(term.key, boundTermValue(term.value)) as number | undefined) ?? 0;
      if (best === undefined || documents < best.documents) best = { term, documents };
    }
    return best;
  }

  /** Whether `table`'s matches of `expression` are better checked against `counted`'s list than probed one by one. */
  listPays(table: string, expression: string, counted: CountedTerm): boolean {
    if (counted.documents <= SHORT_LIST) return true;
    const enough = Math.ceil(counted.documents * LIST_RATIO);
    const matches = this.#statements.get(`SELECT count(*) FROM (SELECT 1 FROM ${table} WHERE ${table} MATCH ? LIMIT ?)`).pluck().get(expression, enough) as number;
    return matches >= enough;
  }

  #hasLists(): boolean {
    // Checked until found: a reader may have opened the file before a writer of this version made them.
    this.#ready ||= this.#statements.get(TERM_LISTS_PRESENT).pluck().get() === 1;
    return this.#ready;
  }
}
