/**
 * The walk of a score index (score-index.ts): a one-word search's best documents, group by group,
 * on any connection, inside the search's read transaction.
 */
import type { Database as Db } from "better-sqlite3";
import type { Term } from "../filters.js";
import { readAverages } from "./fts5-records.js";
import { Fts5Tokens } from "./fts5-tokens.js";
import { metadataTermSql } from "./metadata-values.js";
import { B, facetsAfterRows as defaultFacetsAfterRows, groupToken, K1, LONGEST_DOCUMENT, postingParts, postingRowid, scoreIndexTables, SEQ_MASK, WALK_ROW_CAP, wordScore } from "./score-index.js";
import { defineFacetFunction, termFacetSql } from "./score-index-facets.js";
import { StatementCache } from "./statement-cache.js";

/** A search's answer from the score index: the winners' seq and score, best first. */
export interface WalkedHit {
  seq: number;
  score: number;
}

export interface WalkLimits {
  /** Rows and groups the walk may pass over before it gives up. */
  rowCap?: number;
  /** Rows a filtered walk reads before it asks FTS5 for the rows holding the terms' facets. */
  facetsAfterRows?: number;
}

/** The walk, on any connection, inside the search's read transaction. */
export class ScoreIndexReader {
  readonly #statements: StatementCache;
  readonly #tokens: Fts5Tokens;

  /** Rows the current group's query has read, and the last one (toolgen_walk_row). */
  readonly #rowsRead: RowCounter;

  constructor(db: Db, tokenize: string) {
    this.#statements = new StatementCache(db, 64);
    this.#tokens = new Fts5Tokens(db, tokenize);
    this.#rowsRead = rowCounter(db);
    defineFacetFunction(db);
  }

  /** The one FTS5 token the words make, or undefined when they make none or several. */
  singleToken(words: readonly string[]): string | undefined {
    if (words.length !== 1) return undefined;
    const tokens = this.#tokens.of("", words[0]!);
    return tokens.length === 1 ? tokens[0]![0] : undefined;
  }

  /**
   * The topK best documents holding the one token of `words` that pass every term, or undefined
   * when the score index cannot answer: the words are not one token, the knowledge base has none,
   * it missed a write, or the walk passed over WALK_ROW_CAP rows and groups in all (a word of
   * many weights, or a filter that holds for few of the documents read before the facets). `fts` is the knowledge base's FTS5 table. `limits` are score-index.ts's
   * WALK_ROW_CAP and facetsAfterRows(topK) unless given.
   */
  search(knowledgeBaseId: number, fts: string, words: readonly string[], topK: number, terms: readonly Term[], limits: WalkLimits = {}): WalkedHit[] | undefined {
    const { rowCap = WALK_ROW_CAP, facetsAfterRows = defaultFacetsAfterRows(topK) } = limits;
    if (words.length !== 1) return undefined;
    const recorded = this.#statements.get("SELECT fts_rows FROM score_indexes WHERE kb_id = ?").pluck().get(knowledgeBaseId) as number | undefined;
    if (recorded === undefined) return undefined;
    const averages = readAverages(this.#statements, fts);
    if (averages.rows !== recorded) return undefined;
    const token = this.singleToken(words);
    if (token === undefined) return undefined;
    const { terms: termsTable, groups, postings } = scoreIndexTables(knowledgeBaseId);
    const term = this.#statements.get(`SELECT id, df FROM ${termsTable} WHERE term = ?`).raw().get(token) as [number, number] | undefined;
    if (term === undefined || topK <= 0) return [];
    const [id, df] = term;
    // SQLite's ln() is the C library's log(), which FTS5 calls: the same idf to the bit.
    let idf = this.#statements.get("SELECT ln((? - ? + 0.5) / (? + 0.5))").pluck().get(averages.rows, df, df) as number;
    if (idf <= 0) idf = 1e-6;
    const averageLength = averages.tokens / averages.rows;

    const params: unknown[] = [];
    let filters = "";
    for (const filter of terms) {
      const { sql, values } = filter.key === "title" ? titleTermSql(filter) : metadataTermSql(filter, "p.seq");
      filters += ` AND ${sql}`;
      params.push(...values);
    }
    // Each term's facet (score-index-facets.ts), asked of SQL once the walk turns to them: with
    // them FTS5 hands back only the documents of a group that hold every term's value. SQL still
    // checks the terms, since two values may share a facet.
    let facets: string | undefined;
    const withFacets = (token: string): string => {
      facets ??= terms.map((filter) => {
        const facet = termFacetSql(filter);
        return ` "${this.#statements.get(facet.sql).pluck().get(facet.parameters) as string}"`;
      }).join("");
      return token + facets;
    };
    // Each group costs one row of the budget at least, read or skipped: a word with thousands of
    // different weights cannot make a long walk of seeks either.
    const groupList = this.#statements.get(`SELECT weight, shortest FROM ${groups} WHERE term = ? ORDER BY weight DESC LIMIT ?`).raw();
    // The filter in SQL, so that only passing rows come back (each row read into JS costs about
    // 1 µs, as much as the rest of its walk); toolgen_walk_row(rowid) counts the rows read,
    // passing or not, for the budget, and keeps the last one's rowid, where a walk that turns to
    // the facets goes on. It is a column of the inner query, which runs as a co-routine: called
    // once per row read, whatever the outer WHERE checks first.
    const parts = postingParts("rowid");
    const group = this.#statements
      .get(
        `SELECT p.length, p.seq FROM (` +
          `SELECT ${parts.length} AS length, ${parts.seq} AS seq, toolgen_walk_row(rowid) AS counted FROM ${postings} ` +
          `WHERE ${postings} MATCH ? AND rowid > ? AND rowid <= ? ORDER BY rowid LIMIT ?) AS p WHERE p.counted${filters} LIMIT ?`,
      )
      .raw();
    let budget = rowCap;
    // Rows the walk reads without the facets before it turns to them.
    let plainLeft = terms.length === 0 ? Number.POSITIVE_INFINITY : facetsAfterRows;

    const top: WalkedHit[] = [];
    const worse = (score: number, seq: number, than: WalkedHit): boolean => score < than.score || (score === than.score && seq > than.seq);
    for (const [weight, shortest] of groupList.all(id, rowCap + 1) as [number, number][]) {
      if (--budget < 0) return undefined;
      const kth = top.length === topK ? top[topK - 1]! : undefined;
      // shortest is a lower bound (deletes do not raise it): this group's best possible score.
      if (kth !== undefined && worse(wordScore(idf, weight, shortest, averageLength), -1, kth)) continue;
      const longest = kth === undefined ? LONGEST_DOCUMENT : Math.min(LONGEST_DOCUMENT, longestAbove(idf, weight, averageLength, kth.score, shortest));
      const last = postingRowid(longest, SEQ_MASK)!;
      const token = `"${groupToken(id, weight)}"`;
      let after = -1n;
      for (;;) {
        const faceted = plainLeft === 0;
        const limit = faceted ? budget : Math.min(budget, plainLeft);
        this.#rowsRead.rows = 0;
        let found = 0;
        let stopped = false;
        for (const [length, seq] of group.iterate(faceted ? withFacets(token) : token, after, last, limit, ...params, topK) as IterableIterator<[number, number]>) {
          found += 1;
          const score = wordScore(idf, weight, length, averageLength);
          const kthNow = top.length === topK ? top[topK - 1]! : undefined;
          if (kthNow !== undefined && worse(score, seq, kthNow)) {
            stopped = true;
            break;
          }
          let at = top.length;
          while (at > 0 && worse(top[at - 1]!.score, top[at - 1]!.seq, { score, seq })) at -= 1;
          top.splice(at, 0, { score, seq });
          if (top.length > topK) top.pop();
        }
        const scanned = this.#rowsRead.rows;
        budget -= scanned;
        if (!faceted) plainLeft -= scanned;
        // Done with the group: a row too low for the top, topK rows that pass, or no more rows.
        if (stopped || found === topK || scanned < limit) break;
        // The budget ran out inside the group: the rest of it is unread.
        if (budget === 0) return undefined;
        // The rows without the facets ran out: the rest of the group through FTS5's intersection.
        after = this.#rowsRead.last;
      }
    }
    return top;
  }
}

/**
 * The connection's toolgen_walk_row(), which counts the rows a walk reads. One per connection:
 * every reader on it shares the counter, which is safe since a connection runs one walk at a time.
 */
const rowCounters = new WeakMap<Db, RowCounter>();

interface RowCounter {
  rows: number;
  /** The rowid of the last row read. */
  last: bigint;
}

function rowCounter(db: Db): RowCounter {
  let counter = rowCounters.get(db);
  if (counter === undefined) {
    const created: RowCounter = { rows: 0, last: -1n };
    // safeIntegers: a rowid holds 63 bits.
    db.function("toolgen_walk_row", { deterministic: false, safeIntegers: true }, (rowid: unknown) => {
      created.rows += 1;
      created.last = rowid as bigint;
      return 1;
    });
    rowCounters.set(db, (counter = created));
  }
  return counter;
}

/**
 * The longest document of weight `weight` that can still score at least `score`, rounded up with
 * room to spare (rows past it cannot enter; rows before it are scored exactly anyway).
 */
function longestAbove(idf: number, weight: number, averageLength: number, score: number, shortest: number): number {
  // score = idf·w·(k1+1) / (w + k1·(1 − b + b·D/avgdl))  ⇒  D = ((idf·w·(k1+1)/score − w)/k1 − (1 − b))·avgdl/b
  const length = (((idf * weight * (K1 + 1.0)) / score - weight) / K1 - (1 - B)) * (averageLength / B);
  if (!Number.isFinite(length)) return Number.MAX_SAFE_INTEGER;
  return Math.max(shortest, Math.ceil(length) + 1);
}

/** SQL for a term on `title`: the document's title equals a string; a number or boolean never does. */
function titleTermSql(term: Term): { sql: string; values: unknown[] } {
  return typeof term.value === "string" ? { sql: "EXISTS (SELECT 1 FROM documents AS d WHERE d.seq = p.seq AND d.title = ?)", values: [term.value] } : { sql: "0", values: [] };
}
