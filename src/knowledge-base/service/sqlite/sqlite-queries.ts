/**
 * The SQL of every storage operation, on one better-sqlite3 connection. Synchronous: this runs on
 * a worker thread (sqlite-worker.ts), never on the service's event loop. Each request is one
 * transaction; writes take the write lock when they begin (BEGIN IMMEDIATE), so they never fail
 * half-way with "database is locked", and a transaction that finds a lock taken by another process
 * is tried again after a pause (busy-retry.ts).
 */
import { randomUUID } from "node:crypto";
import type { Statement } from "better-sqlite3";
import { ErrorCode, ServiceError } from "../errors.js";
import type { Term } from "../filters.js";
import { searchedGrams } from "../query-words.js";
import type { IndexedDocument, KnowledgeBaseRecord, ScoredDocument, StoredDocument } from "../storage.js";
import { whenFree, type BusyBudget } from "./busy-retry.js";
import { CONTENT_WEIGHT, createFtsTable, ftsTable, gramTable, TITLE_WEIGHT, TOKENIZE, type Db } from "./database.js";
import { FilterPlanner, type CountedTerm } from "./filter-plan.js";
import { Fts5Totals } from "./fts5-totals.js";
import { toMatchExpression } from "./match-expression.js";
import { metadataListSql } from "./metadata-term-lists.js";
import { metadataTermSql } from "./metadata-values.js";
import { SCORE_INDEX_BUILDS } from "./score-index.js";
import { buildBatch, type BuildStep } from "./score-index-build.js";
import { ScoreIndexReader } from "./score-index-reader.js";
import { ScoreIndexWriter } from "./score-index-writer.js";
import { StatementCache } from "./statement-cache.js";
import { TitleLists, titleListSql } from "./title-list.js";

/** The storage operations as they run inside a transaction, on the worker's thread. */
export interface SqliteOperations {
  createKnowledgeBase(name: string): KnowledgeBaseRecord & { created: boolean };
  addDocuments(knowledgeBaseId: number, documents: readonly IndexedDocument[]): string[];
  listDocuments(knowledgeBaseId: number, offset: number, limit: number): { total: number; documents: StoredDocument[] };
  deleteDocuments(knowledgeBaseId: number, ids: readonly string[]): number;
  /** `walk`: false when the score index was tried already and could not answer (inline-search.ts). */
  search(knowledgeBaseId: number, words: readonly string[], topK: number, terms: readonly Term[], walk?: boolean, grams?: readonly string[]): ScoredDocument[];
  /**
   * Score indexes (score-index.ts) for every knowledge base and those created later (true), or for
   * none (false); builds the missing ones. Returns the knowledge bases built.
   */
  setScoreIndex(on: boolean): number[];
  /**
   * setScoreIndex() with the building left to buildScoreIndex(): starts a build in batches for each
   * knowledge base without a score index or with one that is behind (score-index-build.ts), leaves
   * builds under way to go on. Returns the knowledge bases whose build it started.
   */
  startScoreIndex(on: boolean): number[];
  /** One batch of a build under way, of at most `batch` documents; undefined when none is. */
  buildScoreIndex(batch: number): BuildStep | undefined;
  /** Whether a build in batches is under way (a read: a start need not take the write lock to know). */
  scoreIndexBuilding(): boolean;
}

export type OperationName = keyof SqliteOperations;

/** One operation and its arguments, as the service's thread sends it to a worker. */
export type SqliteRequest = { [M in OperationName]: { readonly method: M; readonly args: Parameters<SqliteOperations[M]> } }[OperationName];

/** The operations that write: they go to the one connection that writes. */
export function isWrite(method: OperationName): boolean {
  return (
    method === "createKnowledgeBase" ||
    method === "addDocuments" ||
    method === "deleteDocuments" ||
    method === "setScoreIndex" ||
    method === "startScoreIndex" ||
    method === "buildScoreIndex"
  );
}

interface DocumentRow {
  id: string;
  title: string;
  content: string;
  metadata: string;
}

export class SqliteQueries implements SqliteOperations {
  readonly #db: Db;
  readonly #statements: StatementCache;
  readonly #scoreIndex: ScoreIndexReader;
  readonly #filterPlan: FilterPlanner;
  readonly #titleLists: TitleLists;
  /** Made at the first write: only the writer's connection writes. */
  #scoreIndexWriter: ScoreIndexWriter | undefined;

  constructor(db: Db) {
    this.#db = db;
    this.#statements = new StatementCache(db);
    this.#scoreIndex = new ScoreIndexReader(db, TOKENIZE);
    this.#filterPlan = new FilterPlanner(this.#statements);
    this.#titleLists = new TitleLists(this.#statements);
  }

  /** `request` as one transaction: a write transaction for writes, a read snapshot otherwise. */
  run(request: SqliteRequest, budget: BusyBudget): Promise<unknown> {
    const operation = this[request.method] as (...args: unknown[]) => unknown;
    const transaction = this.#db.transaction(() => operation.apply(this, request.args));
    return whenFree(() => (isWrite(request.method) ? transaction.immediate() : transaction.deferred()), budget);
  }

  close(): void {
    this.#statements.clear();
    if (this.#db.open) this.#db.close();
  }

  createKnowledgeBase(name: string): KnowledgeBaseRecord & { created: boolean } {
    const existing = this.#statement("SELECT id, name FROM knowledge_bases WHERE name = ?").get(name) as KnowledgeBaseRecord | undefined;
    if (existing) return { ...existing, created: false };
    const { id } = this.#statement("INSERT INTO knowledge_bases (name, created_at) VALUES (?, ?) RETURNING id").get(name, Date.now()) as { id: number };
    createFtsTable(this.#db, id);
    const scoreIndex = this.#writer();
    if (scoreIndex.byDefault) scoreIndex.build(id, ftsTable(id));
    return { id, name, created: true };
  }

  addDocuments(knowledgeBaseId: number, documents: readonly IndexedDocument[]): string[] {
    this.#requireKnowledgeBase(knowledgeBaseId);
    const fts = ftsTable(knowledgeBaseId);
    const findSeq = this.#statement("SELECT seq FROM documents WHERE kb_id = ? AND id = ?");
    const insert = this.#statement(
      "INSERT INTO documents (kb_id, id, title, content, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING seq",
    );
    const update = this.#statement("UPDATE documents SET title = ?, content = ?, metadata = ? WHERE seq = ?");
    const unindex = this.#statement(`DELETE FROM ${fts} WHERE rowid = ?`);
    const index = this.#statement(`INSERT INTO ${fts} (rowid, title, content) VALUES (?, ?, ?)`);
    const grams = gramTable(knowledgeBaseId);
    const unindexGrams = this.#statement(`DELETE FROM ${grams} WHERE rowid = ?`);
    const indexGrams = this.#statement(`INSERT INTO ${grams} (rowid, title, content) VALUES (?, ?, ?)`);
    const totals = new Fts5Totals(this.#db, this.#statements);
    const scoreIndex = this.#writer();
    const scored = scoreIndex.has(knowledgeBaseId);
    const sawEveryWrite = scored && scoreIndex.current(knowledgeBaseId, fts);
    const toScore = new Map<number, { seq: number; title: string; content: string }>();
    const now = Date.now();
    const ids = documents.map((document) => {
      const id = document.id ?? randomUUID();
      const metadata = JSON.stringify(document.metadata);
      const existing = findSeq.get(knowledgeBaseId, id) as { seq: number } | undefined;
      let seq: number;
      if (existing) {
        // Replace in place: the document keeps its position in listings.
        seq = existing.seq;
        update.run(document.title, document.content, metadata, seq);
        totals.forget(fts, seq);
        unindex.run(seq);
        totals.forget(grams, seq);
        unindexGrams.run(seq);
        // Entries from before this request; one added earlier in it is only in `toScore` yet.
        if (scored && !toScore.has(seq)) scoreIndex.remove(knowledgeBaseId, seq);
      } else {
        seq = (insert.get(knowledgeBaseId, id, document.title, document.content, metadata, now) as { seq: number }).seq;
      }
      index.run(seq, document.indexTitle, document.indexContent);
      // Only documents with grams are rows of the grams' table, so its statistics are theirs.
      if (document.gramTitle !== "" || document.gramContent !== "") indexGrams.run(seq, document.gramTitle, document.gramContent);
      // The last text of a seq is what FTS5 holds.
      if (scored) toScore.set(seq, { seq, title: document.indexTitle, content: document.indexContent });
      return id;
    });
    totals.settle();
    if (scored) {
      const complete = scoreIndex.add(knowledgeBaseId, [...toScore.values()]);
      scoreIndex.written(knowledgeBaseId, fts, sawEveryWrite && complete);
    }
    return ids;
  }

  listDocuments(knowledgeBaseId: number, offset: number, limit: number): { total: number; documents: StoredDocument[] } {
    this.#requireKnowledgeBase(knowledgeBaseId);
    const { total } = this.#statement("SELECT count(*) AS total FROM documents WHERE kb_id = ?").get(knowledgeBaseId) as { total: number };
    const rows = this.#statement("SELECT id, title, content, metadata FROM documents WHERE kb_id = ? ORDER BY seq LIMIT ? OFFSET ?").all(
      knowledgeBaseId,
      limit,
      offset,
    ) as DocumentRow[];
    return { total, documents: rows.map(toStored) };
  }

  deleteDocuments(knowledgeBaseId: number, ids: readonly string[]): number {
    this.#requireKnowledgeBase(knowledgeBaseId);
    const fts = ftsTable(knowledgeBaseId);
    const remove = this.#statement("DELETE FROM documents WHERE kb_id = ? AND id = ? RETURNING seq");
    const unindex = this.#statement(`DELETE FROM ${fts} WHERE rowid = ?`);
    const grams = gramTable(knowledgeBaseId);
    const unindexGrams = this.#statement(`DELETE FROM ${grams} WHERE rowid = ?`);
    const totals = new Fts5Totals(this.#db, this.#statements);
    const scoreIndex = this.#writer();
    const scored = scoreIndex.has(knowledgeBaseId);
    const sawEveryWrite = scored && scoreIndex.current(knowledgeBaseId, fts);
    let deleted = 0;
    for (const id of new Set(ids)) {
      const row = remove.get(knowledgeBaseId, id) as { seq: number } | undefined;
      if (row) {
        totals.forget(fts, row.seq);
        unindex.run(row.seq);
        totals.forget(grams, row.seq);
        unindexGrams.run(row.seq);
        if (scored) scoreIndex.remove(knowledgeBaseId, row.seq);
        deleted += 1;
      }
    }
    totals.settle();
    if (scored) scoreIndex.written(knowledgeBaseId, fts, sawEveryWrite);
    return deleted;
  }

  setScoreIndex(on: boolean): number[] {
    // In one transaction a build under way is finished too, from FTS5's index.
    return this.#eachScoreIndex(on, (index, id) => index.building(id) !== undefined, (index, id, fts) => index.build(id, fts));
  }

  startScoreIndex(on: boolean): number[] {
    // A build under way is current() while it has seen every write: it goes on where it stopped.
    return this.#eachScoreIndex(on, () => false, (index, id, fts) => index.start(id, fts));
  }

  /** Drops every knowledge base's score index (off), or hands `make` those missing, stale or `unfinished` (on); the ids made. */
  #eachScoreIndex(
    on: boolean,
    unfinished: (index: ScoreIndexWriter, id: number) => boolean,
    make: (index: ScoreIndexWriter, id: number, fts: string) => void,
  ): number[] {
    const scoreIndex = this.#writer();
    scoreIndex.byDefault = on;
    const made: number[] = [];
    for (const id of this.#statement("SELECT id FROM knowledge_bases ORDER BY id").pluck().all() as number[]) {
      if (!on) scoreIndex.drop(id);
      else if (!scoreIndex.has(id) || !scoreIndex.current(id, ftsTable(id)) || unfinished(scoreIndex, id)) {
        make(scoreIndex, id, ftsTable(id));
        made.push(id);
      }
    }
    return made;
  }

  buildScoreIndex(batch: number): BuildStep | undefined {
    return buildBatch(this.#db, this.#statements, this.#writer(), batch);
  }

  scoreIndexBuilding(): boolean {
    // The table is made by the first writer of this version: a file may not have it yet.
    if (this.#statement("SELECT 1 FROM sqlite_schema WHERE name = ?").get(SCORE_INDEX_BUILDS) === undefined) return false;
    return this.#statement(`SELECT 1 FROM ${SCORE_INDEX_BUILDS} LIMIT 1`).get() !== undefined;
  }

  /**
   * Ranked by weighted BM25 (title twice content), negated so that higher is better. A metadata
   * term is a probe of metadata_values for each of the words' matches, or, for the term that keeps
   * the fewest documents when they are fewer than the matches, a check against the list of its
   * documents (filter-plan.ts); a title term is checked against the list of documents with that
   * title or on each match's documents row (title-list.ts). Only matches that pass every term are
   * ranked (SQLite asks FTS5 for `rank` after the WHERE clause held), and only the topK winners'
   * documents rows are read.
   * With grams, a document's score is its BM25 in the words' table plus its BM25 in the grams'
   * table, each table with its own totals (storage.ts).
   */
  search(knowledgeBaseId: number, words: readonly string[], topK: number, terms: readonly Term[], walk = true, grams: readonly string[] = []): ScoredDocument[] {
    this.#requireKnowledgeBase(knowledgeBaseId);
    const match = toMatchExpression(words);
    const gramsTable = gramTable(knowledgeBaseId);
    const found = this.#statement(`SELECT 1 FROM ${gramsTable} WHERE ${gramsTable} MATCH ? LIMIT 1`);
    const gramMatch = toMatchExpression(searchedGrams(grams, (pair) => found.get(toMatchExpression([pair])) !== undefined));
    if (match === undefined && gramMatch === undefined) return [];
    const fts = ftsTable(knowledgeBaseId);
    if (walk && gramMatch === undefined) {
      const walked = this.walk(knowledgeBaseId, words, topK, terms);
      if (walked !== undefined) return walked;
    }
    const params: unknown[] = [];
    const narrowest = this.#filterPlan.narrowest(terms);
    // Each title term's count, once for both tables' statements.
    const titles = new Map(terms.filter((term) => term.key === "title").map((term) => [term, this.#titleLists.counted(knowledgeBaseId, term)]));
    const matches = (table: string, expression: string): string => {
      const listed = this.#listPays(table, expression, narrowest) ? narrowest!.term : undefined;
      params.push(expression);
      let filters = "";
      let joined = false;
      for (const term of terms) {
        let filter: { sql: string; values: unknown[] };
        if (term.key !== "title") filter = term === listed ? metadataListSql(term, `${table}.rowid`) : metadataTermSql(term, `${table}.rowid`);
        else if (this.#listPays(table, expression, titles.get(term))) filter = titleListSql(knowledgeBaseId, term, `${table}.rowid`);
        else {
          filter = titleTermSql(term);
          joined = true;
        }
        filters += ` AND ${filter.sql}`;
        params.push(...filter.values);
      }
      const from = joined ? `${table} JOIN documents AS d ON d.seq = ${table}.rowid` : table;
      return `SELECT ${table}.rowid AS seq, ${table}.rank AS rank FROM ${from} WHERE ${table} MATCH ?${filters}`;
    };
    // Rank first, read texts last: the inner query orders every match by BM25 but carries only
    // rowid and rank (and touches documents rows only to compare a title there), so the potentially
    // long contents are read for the topK winners alone.
    let candidates: string;
    if (gramMatch === undefined) candidates = matches(fts, match!);
    else if (match === undefined) candidates = matches(gramsTable, gramMatch);
    else {
      const both = `${matches(fts, match)} UNION ALL ${matches(gramsTable, gramMatch)}`;
      candidates = `SELECT seq, sum(rank) AS rank FROM (${both}) GROUP BY seq`;
    }
    const sql =
      `WITH top AS (${candidates} ORDER BY rank, seq LIMIT ?) ` +
      `SELECT d.id, d.title, d.content, d.metadata, top.rank AS rank FROM top JOIN documents AS d ON d.seq = top.seq ` +
      `ORDER BY top.rank, top.seq`;
    const rows = this.#statement(sql).all(...params, topK) as (DocumentRow & { rank: number })[];
    return rows.map((row) => ({ ...toStored(row), score: -row.rank }));
  }

  /**
   * The search by the score index (score-index.ts), or undefined when it cannot answer. A winner
   * whose documents row is gone means a delete the index did not see (another toolgen's): then FTS5
   * answers. Call inside a read transaction.
   */
  walk(knowledgeBaseId: number, words: readonly string[], topK: number, terms: readonly Term[]): ScoredDocument[] | undefined {
    const hits = this.#scoreIndex.search(knowledgeBaseId, ftsTable(knowledgeBaseId), words, topK, terms);
    if (hits === undefined) return undefined;
    const read = this.#statement("SELECT id, title, content, metadata FROM documents WHERE seq = ?");
    const found: ScoredDocument[] = [];
    for (const hit of hits) {
      const row = read.get(hit.seq) as DocumentRow | undefined;
      if (row === undefined) return undefined;
      found.push({ ...toStored(row), score: hit.score });
    }
    return found;
  }

  /** Whether `counted`'s list of documents pays for `table`'s matches of `expression` (filter-plan.ts); never without a list. */
  #listPays(table: string, expression: string, counted: CountedTerm | undefined): boolean {
    return counted !== undefined && this.#filterPlan.listPays(table, expression, counted);
  }

  /** The knowledge base with this id, or ServiceError 1002. */
  #requireKnowledgeBase(id: number): KnowledgeBaseRecord {
    const row = this.#statement("SELECT id, name FROM knowledge_bases WHERE id = ?").get(id) as KnowledgeBaseRecord | undefined;
    if (!row) throw new ServiceError(ErrorCode.KNOWLEDGE_BASE_NOT_FOUND, `knowledge base ${id} does not exist`);
    return row;
  }

  #statement(sql: string): Statement {
    return this.#statements.get(sql);
  }

  #writer(): ScoreIndexWriter {
    this.#scoreIndexWriter ??= new ScoreIndexWriter(this.#db, TOKENIZE, TITLE_WEIGHT, CONTENT_WEIGHT);
    return this.#scoreIndexWriter;
  }
}

/** SQL for a term on `title`: the column equals a string; a number or boolean never does. */
function titleTermSql(term: Term): { sql: string; values: unknown[] } {
  return typeof term.value === "string" ? { sql: "d.title = ?", values: [term.value] } : { sql: "0", values: [] };
}

function toStored(row: DocumentRow): StoredDocument {
  return { id: row.id, title: row.title, content: row.content, metadata: JSON.parse(row.metadata) as Record<string, unknown> };
}
