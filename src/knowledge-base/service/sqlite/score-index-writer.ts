/**
 * Keeps score indexes (score-index.ts) current: builds one from a knowledge base's FTS5 index (or
 * starts one that score-index-build.ts fills in batches), drops it, and adds and takes out
 * documents' entries inside the write transactions of sqlite-queries.ts.
 */
// The driver's own type, as in score-index.ts.
import type { Database as Db } from "better-sqlite3";
import { readAverages, sqliteVarints } from "./fts5-records.js";
import { Fts5Tokens } from "./fts5-tokens.js";
import { createBuildRegistry, createPostingsTable, groupToken, packPairs, postingRowid, postingRowidSql, SCORE_INDEX_BUILDS, scoreIndexTables, unpackPairs } from "./score-index.js";
import { defineFacetFunction, documentFacetsSql } from "./score-index-facets.js";
import { StatementCache } from "./statement-cache.js";

export class ScoreIndexWriter {
  readonly #db: Db;
  readonly #statements: StatementCache;
  readonly #tokens: Fts5Tokens;
  readonly #titleWeight: number;
  readonly #contentWeight: number;

  constructor(db: Db, tokenize: string, titleWeight: number, contentWeight: number) {
    if (!Number.isInteger(titleWeight) || !Number.isInteger(contentWeight)) throw new Error("the score index needs whole column weights");
    this.#db = db;
    this.#statements = new StatementCache(db);
    this.#tokens = new Fts5Tokens(db, tokenize);
    defineFacetFunction(db);
    this.#titleWeight = titleWeight;
    this.#contentWeight = contentWeight;
    createBuildRegistry(db);
  }

  /** Whether new knowledge bases get a score index. */
  get byDefault(): boolean {
    return (this.#db.prepare("SELECT value FROM options WHERE name = 'score_index_default'").pluck().get() as number | undefined) === 1;
  }

  set byDefault(on: boolean) {
    this.#db.prepare("INSERT INTO options (name, value) VALUES ('score_index_default', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value").run(on ? 1 : 0);
  }

  has(knowledgeBaseId: number): boolean {
    return this.#statements.get("SELECT 1 FROM score_indexes WHERE kb_id = ?").pluck().get(knowledgeBaseId) !== undefined;
  }

  /**
   * Creates the knowledge base's score index and fills it from its FTS5 table (FTS5's own tokens,
   * through fts5vocab), replacing any there was. `fts` is the FTS5 table's name.
   */
  build(knowledgeBaseId: number, fts: string): void {
    this.drop(knowledgeBaseId);
    this.#createTables(knowledgeBaseId);
    const { terms, groups, postings, documents } = scoreIndexTables(knowledgeBaseId);
    // In SQL: better-sqlite3 runs no statement while another is being read, and the postings of a
    // large knowledge base do not fit in memory. fts5vocab lists live documents only (it skips
    // contentless_delete's tombstones), term by term.
    const step = (pairs: [number, number][], term: number, weight: number): void => void pairs.push([term, weight]);
    this.#db.aggregate("score_index_pairs", {
      start: (): [number, number][] => [],
      // The driver's type knows one argument per row; SQL passes two.
      step: step as unknown as (pairs: [number, number][], next: unknown) => void,
      result: (pairs: [number, number][]) => packPairs(pairs),
    });
    this.#db.function("score_index_tokens", { deterministic: true }, (pairs: unknown) => postingTokens(unpackPairs(pairs as Uint8Array)));

    this.#db.exec(`
      CREATE VIRTUAL TABLE temp.score_build_tokens USING fts5vocab(main, ${fts}, instance);
      CREATE TEMP TABLE score_build_counts AS
        SELECT term, doc AS seq, sum(col = 'title') * ${this.#titleWeight} + sum(col <> 'title') * ${this.#contentWeight} AS weight, count(*) AS tokens
        FROM temp.score_build_tokens GROUP BY term, doc;
      CREATE TEMP TABLE score_build_lengths AS SELECT seq, sum(tokens) AS length FROM temp.score_build_counts GROUP BY seq;
      CREATE UNIQUE INDEX temp.score_build_lengths_seq ON score_build_lengths (seq);
    `);
    let fits: boolean;
    try {
      const [longest, lastSeq] = this.#db.prepare("SELECT coalesce(max(length), 0), coalesce(max(seq), 0) FROM temp.score_build_lengths").raw().get() as [number, number];
      fits = postingRowid(longest, lastSeq) !== undefined;
      if (fits) {
        this.#db.exec(`
          INSERT INTO ${terms} (term, df) SELECT term, count(*) FROM temp.score_build_counts GROUP BY term;
          INSERT INTO ${groups} (term, weight, count, shortest)
            SELECT t.id, c.weight, count(*), min(l.length)
            FROM temp.score_build_counts AS c JOIN ${terms} AS t ON t.term = c.term JOIN temp.score_build_lengths AS l ON l.seq = c.seq
            GROUP BY t.id, c.weight;
          INSERT INTO ${documents} (seq, length, pairs)
            SELECT c.seq, l.length, score_index_pairs(t.id, c.weight)
            FROM temp.score_build_counts AS c JOIN ${terms} AS t ON t.term = c.term JOIN temp.score_build_lengths AS l ON l.seq = c.seq
            GROUP BY c.seq;
          -- From the pairs just written, in seq order: no second join and sort of every posting.
          -- Then the document's facets (score-index-facets.ts): its title, its metadata values.
          INSERT INTO ${postings} (rowid, tokens)
            SELECT ${postingRowidSql("s.length", "s.seq")},
              score_index_tokens(s.pairs) || ' ' || ${documentFacetsSql("d")}
            FROM ${documents} AS s JOIN main.documents AS d ON d.seq = s.seq;
        `);
      }
    } finally {
      this.#db.exec("DROP TABLE temp.score_build_tokens; DROP TABLE temp.score_build_counts; DROP TABLE temp.score_build_lengths;");
    }
    // A document past the rowid's range: the index stays empty and behind, FTS5 answers.
    this.#db.prepare("INSERT INTO score_indexes (kb_id, fts_rows) VALUES (?, ?)").run(knowledgeBaseId, fits ? this.#ftsRows(fts) : -1);
  }

  /**
   * Creates the knowledge base's score index empty, replacing any there was, for score-index-build.ts
   * to fill in batches: from here on every write keeps its documents' entries (has() holds), so the
   * build indexes only the documents that existed now, up to the last seq given so far (in any
   * knowledge base: no scan of this one's to find its own). Until the build is complete the index
   * records -1, which no search walks.
   */
  start(knowledgeBaseId: number, fts: string): void {
    this.drop(knowledgeBaseId);
    this.#createTables(knowledgeBaseId);
    this.#db.prepare("INSERT INTO score_indexes (kb_id, fts_rows) VALUES (?, -1)").run(knowledgeBaseId);
    const lastSeq = this.#db.prepare("SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'documents'), 0)").pluck().get() as number;
    this.#db.prepare(`INSERT INTO ${SCORE_INDEX_BUILDS} (kb_id, last_seq, done_seq, fts_rows) VALUES (?, ?, 0, ?)`).run(knowledgeBaseId, lastSeq, this.#ftsRows(fts));
  }

  /** The knowledge base's build in batches, while it is under way. */
  building(knowledgeBaseId: number): { lastSeq: number; doneSeq: number } | undefined {
    const row = this.#statements.get(`SELECT last_seq, done_seq FROM ${SCORE_INDEX_BUILDS} WHERE kb_id = ?`).raw().get(knowledgeBaseId) as [number, number] | undefined;
    return row === undefined ? undefined : { lastSeq: row[0], doneSeq: row[1] };
  }

  /** Records how far a build in batches got (every document up to `doneSeq` is indexed). */
  advance(knowledgeBaseId: number, doneSeq: number): void {
    this.#statements.get(`UPDATE ${SCORE_INDEX_BUILDS} SET done_seq = ? WHERE kb_id = ?`).run(doneSeq, knowledgeBaseId);
  }

  /**
   * Ends a build in batches, in the transaction of its last batch: the index is complete, and
   * searches walk it, only if every write since the start was this version's (`fts_rows` tracked
   * them) and every document fitted (`fitted`); otherwise it stays behind (-1) until built again.
   * Returns whether it is complete.
   */
  finish(knowledgeBaseId: number, fts: string, fitted: boolean): boolean {
    const tracked = this.#statements.get(`DELETE FROM ${SCORE_INDEX_BUILDS} WHERE kb_id = ? RETURNING fts_rows`).pluck().get(knowledgeBaseId) as number | undefined;
    const rows = this.#ftsRows(fts);
    const complete = fitted && tracked === rows;
    this.#statements.get("UPDATE score_indexes SET fts_rows = ? WHERE kb_id = ?").run(complete ? rows : -1, knowledgeBaseId);
    return complete;
  }

  drop(knowledgeBaseId: number): void {
    const { terms, groups, postings, documents } = scoreIndexTables(knowledgeBaseId);
    this.#db.exec(`DROP TABLE IF EXISTS ${terms}; DROP TABLE IF EXISTS ${groups}; DROP TABLE IF EXISTS ${postings}; DROP TABLE IF EXISTS ${documents};`);
    this.#db.prepare("DELETE FROM score_indexes WHERE kb_id = ?").run(knowledgeBaseId);
    this.#db.prepare(`DELETE FROM ${SCORE_INDEX_BUILDS} WHERE kb_id = ?`).run(knowledgeBaseId);
  }

  #createTables(knowledgeBaseId: number): void {
    const { terms, groups, postings, documents } = scoreIndexTables(knowledgeBaseId);
    this.#db.exec(`
      CREATE TABLE ${terms} (id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE, df INTEGER NOT NULL);
      CREATE TABLE ${groups} (
        term     INTEGER NOT NULL,
        weight   INTEGER NOT NULL,
        count    INTEGER NOT NULL,
        shortest INTEGER NOT NULL,
        PRIMARY KEY (term, weight DESC)
      ) WITHOUT ROWID;
      CREATE TABLE ${documents} (seq INTEGER PRIMARY KEY, length INTEGER NOT NULL, pairs BLOB NOT NULL);
    `);
    createPostingsTable(this.#db, postings);
  }

  /**
   * Adds the entries of documents that went into FTS5 as (title, content), each seq once; false
   * when one of them cannot be indexed (postingRowid), which leaves the index behind. One batch at
   * a time: the scratch table hands the tokens back term by term, so each term's row and each
   * group's row are written once per batch; the postings go into FTS5 as one row per document.
   */
  add(knowledgeBaseId: number, documents: readonly { seq: number; title: string; content: string }[]): boolean {
    if (documents.length === 0) return true;
    return this.#write(knowledgeBaseId, this.#count(documents));
  }

  /**
   * add() for a build in batches, whose texts are segmented again from the stored ones: each
   * document's tokens per column are first checked against FTS5's docsize record of it, and none is
   * written when one differs ("differs": FTS5 holds other tokens, written by a toolgen that segmented
   * otherwise, and only a build from FTS5's own index can match it). "unfit": as add()'s false.
   */
  fill(knowledgeBaseId: number, fts: string, documents: readonly { seq: number; title: string; content: string }[]): "filled" | "unfit" | "differs" {
    if (documents.length === 0) return "filled";
    const counted = this.#count(documents);
    const sizes = this.#statements.get(`SELECT sz FROM ${fts}_docsize WHERE id = ?`).pluck();
    for (const { seq } of documents) {
      const recorded = sizes.get(seq) as Uint8Array | undefined;
      if (recorded === undefined) return "differs";
      const [title = 0, content = 0, ...rest] = sqliteVarints(recorded);
      const mine = counted.columns.get(seq) ?? [0, 0];
      if (title !== mine[0] || content !== mine[1] || rest.some((value) => value !== 0)) return "differs";
    }
    return this.#write(knowledgeBaseId, counted) ? "filled" : "unfit";
  }

  /** The documents' tokens: each one's length and tokens per column, each term's weight in each. */
  #count(documents: readonly { seq: number; title: string; content: string }[]): Counted {
    const lengths = new Map<number, number>();
    const columns = new Map<number, [number, number]>();
    // term → seq → weight, in the order the scratch table lists them (by term, then seq).
    const weights = new Map<string, Map<number, number>>();
    for (const [term, seq, column] of this.#tokens.ofMany(documents)) {
      lengths.set(seq, (lengths.get(seq) ?? 0) + 1);
      let perColumn = columns.get(seq);
      if (perColumn === undefined) columns.set(seq, (perColumn = [0, 0]));
      perColumn[column === 0 ? 0 : 1] += 1;
      let bySeq = weights.get(term);
      if (bySeq === undefined) weights.set(term, (bySeq = new Map()));
      bySeq.set(seq, (bySeq.get(seq) ?? 0) + (column === 0 ? this.#titleWeight : this.#contentWeight));
    }
    return { lengths, columns, weights };
  }

  #write(knowledgeBaseId: number, { lengths, weights }: Counted): boolean {
    const { terms, groups, postings, documents: documentsTable } = scoreIndexTables(knowledgeBaseId);
    const rowids = new Map<number, bigint>();
    for (const [seq, length] of lengths) {
      const rowid = postingRowid(length, seq);
      if (rowid === undefined) return false;
      rowids.set(seq, rowid);
    }
    const upsertTerm = this.#statements.get(`INSERT INTO ${terms} (term, df) VALUES (?, ?) ON CONFLICT (term) DO UPDATE SET df = df + excluded.df RETURNING id`).pluck();
    const upsertGroup = this.#statements.get(
      `INSERT INTO ${groups} (term, weight, count, shortest) VALUES (?, ?, ?, ?) ` +
        "ON CONFLICT (term, weight) DO UPDATE SET count = count + excluded.count, shortest = min(shortest, excluded.shortest)",
    );
    const pairs = new Map<number, [number, number][]>();
    for (const [term, bySeq] of weights) {
      const id = upsertTerm.get(term, bySeq.size) as number;
      // weight → [documents, shortest]
      const byWeight = new Map<number, [number, number]>();
      for (const [seq, weight] of bySeq) {
        const length = lengths.get(seq)!;
        const group = byWeight.get(weight);
        if (group === undefined) byWeight.set(weight, [1, length]);
        else {
          group[0] += 1;
          group[1] = Math.min(group[1], length);
        }
        let list = pairs.get(seq);
        if (list === undefined) pairs.set(seq, (list = []));
        list.push([id, weight]);
      }
      for (const [weight, [count, shortest]] of byWeight) upsertGroup.run(id, weight, count, shortest);
    }
    const insertPosting = this.#statements.get(`INSERT INTO ${postings} (rowid, tokens) VALUES (?, ?)`);
    const insertDocument = this.#statements.get(`INSERT INTO ${documentsTable} (seq, length, pairs) VALUES (?, ?, ?)`);
    // The documents' rows and their metadata_values (written by triggers) are this request's already.
    const facetsOf = this.#statements.get(`SELECT ${documentFacetsSql("d")} FROM documents AS d WHERE d.seq = ?`).pluck();
    // A document without a token (empty texts) has no entries, as it has none in FTS5.
    for (const [seq, list] of pairs) {
      insertPosting.run(rowids.get(seq)!, `${postingTokens(list)} ${facetsOf.get(seq) as string}`);
      insertDocument.run(seq, lengths.get(seq)!, packPairs(list));
    }
    return true;
  }

  /** Takes out one document's entries, if it has any. */
  remove(knowledgeBaseId: number, seq: number): void {
    const { terms, groups, postings, documents } = scoreIndexTables(knowledgeBaseId);
    const row = this.#statements.get(`DELETE FROM ${documents} WHERE seq = ? RETURNING length, pairs`).raw().get(seq) as [number, Uint8Array] | undefined;
    if (row === undefined) return;
    const [length, blob] = row;
    // Its rowid fitted when it was added.
    this.#statements.get(`DELETE FROM ${postings} WHERE rowid = ?`).run(postingRowid(length, seq)!);
    const lowerCount = this.#statements.get(`UPDATE ${groups} SET count = count - 1 WHERE term = ? AND weight = ? RETURNING count`).pluck();
    const deleteGroup = this.#statements.get(`DELETE FROM ${groups} WHERE term = ? AND weight = ?`);
    const lowerDf = this.#statements.get(`UPDATE ${terms} SET df = df - 1 WHERE id = ? RETURNING df`).pluck();
    const deleteTerm = this.#statements.get(`DELETE FROM ${terms} WHERE id = ?`);
    for (const [id, weight] of unpackPairs(blob)) {
      if (lowerCount.get(id, weight) === 0) deleteGroup.run(id, weight);
      if (lowerDf.get(id) === 0) deleteTerm.run(id);
    }
  }

  /** Whether the index saw every add to the FTS5 table `fts` (written() recorded FTS5's row count). */
  current(knowledgeBaseId: number, fts: string): boolean {
    return this.#tracked(knowledgeBaseId) === this.#ftsRows(fts);
  }

  /**
   * Records FTS5's row count after one of this version's writes, if the index had seen every write
   * before it (`sawEveryWrite`, current() when the write began): any other count then means a
   * write it did not see. Otherwise marks it behind for good (-1), until it is built again: the
   * count after this write would include the write it missed.
   */
  written(knowledgeBaseId: number, fts: string, sawEveryWrite: boolean): void {
    const rows = sawEveryWrite ? this.#ftsRows(fts) : -1;
    // While a build is under way the index records -1 and its build row keeps the count (finish()).
    if (this.#statements.get(`UPDATE ${SCORE_INDEX_BUILDS} SET fts_rows = ? WHERE kb_id = ?`).run(rows, knowledgeBaseId).changes === 0) {
      this.#statements.get("UPDATE score_indexes SET fts_rows = ? WHERE kb_id = ?").run(rows, knowledgeBaseId);
    }
  }

  /** FTS5's row count after this version's last write: the build's while one is under way. */
  #tracked(knowledgeBaseId: number): number | undefined {
    return this.#statements
      .get(`SELECT coalesce((SELECT fts_rows FROM ${SCORE_INDEX_BUILDS} WHERE kb_id = ?), (SELECT fts_rows FROM score_indexes WHERE kb_id = ?))`)
      .pluck()
      .get(knowledgeBaseId, knowledgeBaseId) as number | undefined;
  }

  #ftsRows(fts: string): number {
    return readAverages(this.#statements, fts).rows;
  }
}

/** What #count() makes of a batch of documents. */
interface Counted {
  lengths: Map<number, number>;
  /** seq → tokens in the title, in the content */
  columns: Map<number, [number, number]>;
  /** term → seq → weight */
  weights: Map<string, Map<number, number>>;
}

/** A document's (term id, weight) pairs as tokens of its row in the postings table (its facets follow). */
function postingTokens(pairs: readonly (readonly [number, number])[]): string {
  return pairs.map(([id, weight]) => groupToken(id, weight)).join(" ");
}
