/**
 * Searches small enough to run on the service's own thread, on a read-only connection of its own.
 *
 * Sending a search to a reader thread and its answer back costs about 0.1 ms (two messages, two
 * wake-ups), as much as the search itself in a knowledge base of 10,000 chunks (0.09 ms at p50):
 * with every search on a reader, the one-word search in process fell from 12x the in-memory scan
 * at 10,000 chunks to 5.3-6.7x (BENCHMARKS.md, "Knowledge base on each backend"). Reader threads
 * are there so that no search holds the event loop; a search whose worst case is a few
 * milliseconds holds it less than the messages would cost a busy loop anyway.
 *
 * The worst case is known before the search runs: FTS5 reads each query token's postings, at
 * most one per document, and each metadata or title term then checks each match once, so
 * `documents × tokens × (1 + terms)` bounds the postings a search handles. Tokens, not words: one
 * query word of 4,083 characters (`knowledge.base.search…`, kept whole by the segmenter) is an
 * FTS5 phrase of 600 tokens, and took 46-56 ms over 10,000 chunks. At 0.32 µs per match, the most
 * measured (one word in 69% of 10,000 chunks: 2.2 ms), INLINE_SEARCH_BUDGET postings take about
 * 10 ms; the slowest search it lets through measured 4-6 ms (three and five of the commonest
 * words over 10,000 chunks). The document count is FTS5's own (the averages record, see
 * readAverages), read in about 3 µs in the connection's snapshot, and exact: deletes and replaces
 * take their documents out of it (fts5-totals.ts).
 */
import type { Term } from "../filters.js";
import type { ScoredDocument } from "../storage.js";
import type { BusyBudget } from "./busy-retry.js";
import { ftsTable, type Db } from "./database.js";
import { readAverages } from "./fts5-records.js";
import { SqliteQueries } from "./sqlite-queries.js";
import { StatementCache } from "./statement-cache.js";

/** Most postings (documents × tokens × (1 + terms)) a search may handle on the service's thread. */
export const INLINE_SEARCH_BUDGET = 30_000;

/**
 * What FTS5's unicode61 tokenizer makes tokens of, counted from above without its tables: a run
 * of ASCII letters and digits, which it never splits, and every other character alone. Each of its
 * tokens is either inside one such run or holds a character outside ASCII, so this counts no fewer.
 * Its tables are not V8's: it splits at some marks (a virama, U+0332) and at letters newer than
 * them, which a count by Unicode category would miss, and a query word could then be a phrase of
 * hundreds of tokens counted as one.
 */
const TOKEN_OR_OTHER = /[A-Za-z0-9]+|[^\p{ASCII}]/gu;

/** The postings a search can handle at most: every document, once per token, checked once per term. */
export function worstCasePostings(documents: number, tokens: number, terms: number): number {
  return documents * tokens * (1 + terms);
}

/** The tokens FTS5 makes of the query's words, or more (TOKEN_OR_OTHER). */
export function queryTokens(words: readonly string[]): number {
  let tokens = 0;
  for (const word of words) tokens += Math.max(1, word.match(TOKEN_OR_OTHER)?.length ?? 0);
  return tokens;
}

export class InlineSearch {
  readonly #db: Db;
  readonly #queries: SqliteQueries;
  readonly #budget: number;
  /** The row-count statement of each knowledge base searched here. */
  readonly #rowCounts: StatementCache;
  readonly #pending = new Set<Promise<ScoredDocument[]>>();
  /** How many searches ran here, for tests and diagnostics. */
  answered = 0;

  constructor(db: Db, budget = INLINE_SEARCH_BUDGET) {
    this.#db = db;
    this.#queries = new SqliteQueries(db);
    this.#rowCounts = new StatementCache(db);
    this.#budget = budget;
  }

  /**
   * Runs the search here when its worst case fits the budget, else returns undefined (send it to a
   * reader). A knowledge base that does not exist goes to a reader too, which answers the error.
   */
  trySearch(
    knowledgeBaseId: number,
    words: readonly string[],
    topK: number,
    terms: readonly Term[],
    budget: BusyBudget,
    grams: readonly string[] = [],
  ): Promise<ScoredDocument[]> | undefined {
    if (this.#budget <= 0) return undefined;
    const walked = this.#walk(knowledgeBaseId, words, grams, topK, terms);
    if (walked !== undefined) {
      this.answered += 1;
      return Promise.resolve(walked);
    }
    const documents = this.#documents(knowledgeBaseId);
    // A gram is one token, of a table with no more documents than the words' table.
    if (documents === undefined || worstCasePostings(documents, queryTokens(words) + grams.length, terms.length) > this.#budget) return undefined;
    this.answered += 1;
    const search = this.#queries.run({ method: "search", args: [knowledgeBaseId, words, topK, terms, false, grams] }, budget) as Promise<ScoredDocument[]>;
    // Settled already, unless it found a lock taken and waits to try again (busy-retry.ts).
    this.#pending.add(search);
    const done = (): void => void this.#pending.delete(search);
    search.then(done, done);
    return search;
  }

  /** Whether searches try the score index here (else a reader tries it). */
  get walks(): boolean {
    return this.#budget > 0;
  }

  /**
   * Closes the connection once the searches waiting to try again are over. Close it before the
   * writer's: the last connection to close removes the write-ahead log, and a read-only one cannot.
   */
  async close(): Promise<void> {
    await Promise.allSettled([...this.#pending]);
    this.#rowCounts.clear();
    this.#queries.close();
  }

  /**
   * The search by the knowledge base's score index, when it has one and it can answer (score-index.ts):
   * its work is bounded (WALK_ROW_CAP rows read in all), so it runs here whatever the knowledge base's
   * size. Undefined otherwise, and when a lock or error stops it (a reader then tries again).
   */
  #walk(knowledgeBaseId: number, words: readonly string[], grams: readonly string[], topK: number, terms: readonly Term[]): ScoredDocument[] | undefined {
    // The score index knows the words' table only.
    if (words.length !== 1 || grams.length > 0) return undefined;
    try {
      return this.#db.transaction(() => this.#queries.walk(knowledgeBaseId, words, topK, terms)).deferred();
    } catch {
      return undefined;
    }
  }

  /**
   * The knowledge base's document count, or undefined when it cannot be read: no FTS5 table (no
   * such knowledge base), or a lock another process holds, which a reader waits for without
   * holding this thread (busy-retry.ts).
   */
  #documents(knowledgeBaseId: number): number | undefined {
    try {
      return readAverages(this.#rowCounts, ftsTable(knowledgeBaseId)).rows;
    } catch {
      return undefined;
    }
  }
}
