/**
 * The score index: an opt-in second index of a knowledge base, beside its FTS5 table, that holds
 * each word's documents in BM25 order, so that a one-word search reads its best documents first
 * and stops after the topK that pass the filter, instead of scoring every match.
 *
 * Why: FTS5 scores every document that holds the word, then sorts; a filter is checked on each
 * of them. At 1,000,000 chunks a one-word search with a filter took 7-8 ms at p50 and 50-60 ms at
 * p99 (the in-memory scan that checks the filter first took 12.5 ms): a filter never narrowed the
 * work (BENCHMARKS.md, issue 15.7). Opt-in because it costs: the file grows by about as much as it
 * was, and every write does more (BENCHMARKS.md has the figures).
 *
 * For one word, FTS5's BM25 (fts5_aux.c, fts5Bm25Function) is
 *   idf × (w × (k1 + 1)) / (w + k1 × (1 − b + b × D / avgdl))
 * where w is the word's weighted count in the document (title twice content, as the rank function
 * weighs it), D the document's tokens, and idf, avgdl the same for every document. It rises with
 * w and falls with D, so postings keyed (term, w DESC, D, seq) come out, within one w, in score
 * order, and ties in FTS5's order (seq). The walk (ScoreIndexReader.search) reads the w groups
 * best first, in each the first topK rows that pass every filter term, and skips a group whose
 * best possible score is below the topK-th found. The scores are computed exactly as FTS5 computes
 * them, from FTS5's own row count and token totals and SQLite's own ln(), so the answers are the
 * FTS5 path's to the bit (tests compare both on the same data).
 *
 * The tokens are FTS5's own: each document's index text goes through a scratch FTS5 table with the
 * same tokenizer, whose fts5vocab instance table lists them. Each document's (term, w) pairs are
 * kept as a blob, so a delete or replace takes out exactly what the add put in. `df` (documents
 * holding the term) is kept per term, since counting it at search time is a walk of the postings.
 *
 * Kept current by this version's writes only: a process of an older toolgen writing to the same
 * file does not know it. Such a write is seen when it adds (FTS5's row count moves away from the one
 * recorded here), and then searches use FTS5 alone until the index is built again; its deletes are
 * not seen, since FTS5 keeps no count of them (docs/knowledge-base-deployment.md says to run one
 * version before turning the index on).
 */
// The driver's own type, not database.ts's alias: database.ts runs registry steps of this file.
import type { Database as Db, Statement } from "better-sqlite3";
import type { Term } from "../filters.js";
import { metadataTermSql } from "./metadata-values.js";
import { StatementCache } from "./statement-cache.js";

/** FTS5's bm25() constants (fts5_aux.c). */
const K1 = 1.2;
const B = 0.75;

/**
 * Most postings one walk may pass over: past it the walk gives up and the search goes the FTS5 way
 * (on a reader thread), so that a filter that holds for almost none of the word's documents never
 * holds the event loop for long. About 1.5 µs a row with one filter term at 1M chunks: 15 ms.
 */
export const WALK_ROW_CAP = 10_000;

/** Names of a knowledge base's score-index tables. */
export function scoreIndexTables(knowledgeBaseId: number): { terms: string; postings: string; documents: string } {
  if (!Number.isSafeInteger(knowledgeBaseId) || knowledgeBaseId < 0) throw new Error(`bad knowledge base id ${knowledgeBaseId}`);
  return { terms: `score_terms_kb_${knowledgeBaseId}`, postings: `score_postings_kb_${knowledgeBaseId}`, documents: `score_documents_kb_${knowledgeBaseId}` };
}

/**
 * Schema 2 to 3: which knowledge bases have a score index, with FTS5's row count when it was last
 * written, and whether new knowledge bases get one (`score_index_default`).
 */
export function addScoreIndexRegistry(db: Db): void {
  db.exec(`
    CREATE TABLE score_indexes (
      kb_id    INTEGER PRIMARY KEY REFERENCES knowledge_bases (id),
      fts_rows INTEGER NOT NULL
    );
    CREATE TABLE options (
      name  TEXT PRIMARY KEY,
      value INTEGER NOT NULL
    ) WITHOUT ROWID;
  `);
}

/** The first varints of FTS5's averages record: the row count, then each column's token total. */
export function averagesRecord(block: Uint8Array | undefined): { rows: number; tokens: number } {
  const values = block === undefined ? [] : sqliteVarints(block);
  let tokens = 0;
  for (let column = 1; column < values.length; column++) tokens += values[column]!;
  return { rows: values[0] ?? 0, tokens };
}

/** SQLite's varints (big-endian, 7 bits a byte, the ninth byte whole), as FTS5 writes its records. */
function sqliteVarints(block: Uint8Array): number[] {
  const values: number[] = [];
  let at = 0;
  while (at < block.length) {
    let value = 0;
    for (let index = 0; ; index++) {
      const byte = block[at++]!;
      if (index === 8) {
        value = value * 256 + byte;
        break;
      }
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    values.push(value);
  }
  return values;
}

/** BM25 of one word in one document, as fts5Bm25Function computes it (higher is better). */
export function wordScore(idf: number, weight: number, length: number, averageLength: number): number {
  return idf * ((weight * (K1 + 1.0)) / (weight + K1 * (1 - B + (B * length) / averageLength)));
}

/** Unsigned LEB128 pairs (term id, weight), a document's entries in its score index. */
function packPairs(pairs: readonly (readonly [number, number])[]): Buffer {
  const bytes: number[] = [];
  const put = (value: number): void => {
    let rest = value;
    while (rest >= 0x80) {
      bytes.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    bytes.push(rest);
  };
  for (const [term, weight] of pairs) {
    put(term);
    put(weight);
  }
  return Buffer.from(bytes);
}

function unpackPairs(blob: Uint8Array): [number, number][] {
  const values: number[] = [];
  let at = 0;
  while (at < blob.length) {
    let value = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = blob[at++]!;
      value += (byte & 0x7f) * scale;
      scale *= 0x80;
    } while (byte & 0x80);
    values.push(value);
  }
  const pairs: [number, number][] = [];
  for (let index = 0; index + 1 < values.length; index += 2) pairs.push([values[index]!, values[index + 1]!]);
  return pairs;
}

/**
 * A scratch FTS5 table in the connection's temp schema, to learn FTS5's tokens of a text. Temp tables
 * are the connection's own, so a read-only connection may have one too.
 */
class Tokens {
  readonly #db: Db;
  readonly #tokenize: string;
  #statements: { insert: Statement; read: Statement; insertAt: Statement; readAll: Statement; clear: Statement } | undefined;

  constructor(db: Db, tokenize: string) {
    this.#db = db;
    this.#tokenize = tokenize;
  }

  /** Each token of (title, content) with its column: 0 title, 1 content. */
  of(title: string, content: string): [string, number][] {
    const statements = this.#prepare();
    statements.insert.run(title, content);
    try {
      return (statements.read.all() as [string, string][]).map(([term, column]) => [term, column === "title" ? 0 : 1]);
    } finally {
      statements.clear.run();
    }
  }

  /** Each token of each document as (term, seq, column: 0 title, 1 content), by term, then seq. */
  ofMany(documents: readonly { seq: number; title: string; content: string }[]): [string, number, number][] {
    const statements = this.#prepare();
    try {
      for (const { seq, title, content } of documents) statements.insertAt.run(seq, title, content);
      return (statements.readAll.all() as [string, number, string][]).map(([term, seq, column]) => [term, seq, column === "title" ? 0 : 1]);
    } finally {
      statements.clear.run();
    }
  }

  #prepare(): { insert: Statement; read: Statement; insertAt: Statement; readAll: Statement; clear: Statement } {
    if (this.#statements === undefined) {
      this.#db.exec(
        `CREATE VIRTUAL TABLE IF NOT EXISTS temp.score_scratch USING fts5(title, content, content='', contentless_delete=1, tokenize='${this.#tokenize}');` +
          `CREATE VIRTUAL TABLE IF NOT EXISTS temp.score_scratch_tokens USING fts5vocab(temp, score_scratch, instance);`,
      );
      this.#statements = {
        insert: this.#db.prepare("INSERT INTO temp.score_scratch (rowid, title, content) VALUES (1, ?, ?)"),
        read: this.#db.prepare("SELECT term, col FROM temp.score_scratch_tokens").raw(),
        insertAt: this.#db.prepare("INSERT INTO temp.score_scratch (rowid, title, content) VALUES (?, ?, ?)"),
        readAll: this.#db.prepare("SELECT term, doc, col FROM temp.score_scratch_tokens").raw(),
        clear: this.#db.prepare("INSERT INTO temp.score_scratch (score_scratch) VALUES ('delete-all')"),
      };
    }
    return this.#statements;
  }
}

/** What the writer connection does to score indexes, inside the write transactions of sqlite-queries.ts. */
export class ScoreIndexWriter {
  readonly #db: Db;
  readonly #statements: StatementCache;
  readonly #tokens: Tokens;
  readonly #titleWeight: number;
  readonly #contentWeight: number;

  constructor(db: Db, tokenize: string, titleWeight: number, contentWeight: number) {
    if (!Number.isInteger(titleWeight) || !Number.isInteger(contentWeight)) throw new Error("the score index needs whole column weights");
    this.#db = db;
    this.#statements = new StatementCache(db);
    this.#tokens = new Tokens(db, tokenize);
    this.#titleWeight = titleWeight;
    this.#contentWeight = contentWeight;
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
    const { terms, postings, documents } = scoreIndexTables(knowledgeBaseId);
    this.#db.exec(`
      CREATE TABLE ${terms} (id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE, df INTEGER NOT NULL);
      CREATE TABLE ${postings} (
        term   INTEGER NOT NULL,
        weight INTEGER NOT NULL,
        length INTEGER NOT NULL,
        seq    INTEGER NOT NULL,
        PRIMARY KEY (term, weight DESC, length, seq)
      ) WITHOUT ROWID;
      CREATE TABLE ${documents} (seq INTEGER PRIMARY KEY, length INTEGER NOT NULL, pairs BLOB NOT NULL);
    `);
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
    this.#db.exec(`
      CREATE VIRTUAL TABLE temp.score_build_tokens USING fts5vocab(main, ${fts}, instance);
      CREATE TEMP TABLE score_build_counts AS
        SELECT term, doc AS seq, sum(col = 'title') * ${this.#titleWeight} + sum(col <> 'title') * ${this.#contentWeight} AS weight, count(*) AS tokens
        FROM temp.score_build_tokens GROUP BY term, doc;
      CREATE TEMP TABLE score_build_lengths AS SELECT seq, sum(tokens) AS length FROM temp.score_build_counts GROUP BY seq;
      CREATE UNIQUE INDEX temp.score_build_lengths_seq ON score_build_lengths (seq);
    `);
    try {
      this.#db.exec(`
        INSERT INTO ${terms} (term, df) SELECT term, count(*) FROM temp.score_build_counts GROUP BY term;
        INSERT INTO ${postings} (term, weight, length, seq)
          SELECT t.id, c.weight, l.length, c.seq
          FROM temp.score_build_counts AS c JOIN ${terms} AS t ON t.term = c.term JOIN temp.score_build_lengths AS l ON l.seq = c.seq
          ORDER BY t.id, c.weight DESC, l.length, c.seq;
        INSERT INTO ${documents} (seq, length, pairs)
          SELECT c.seq, l.length, score_index_pairs(t.id, c.weight)
          FROM temp.score_build_counts AS c JOIN ${terms} AS t ON t.term = c.term JOIN temp.score_build_lengths AS l ON l.seq = c.seq
          GROUP BY c.seq;
      `);
    } finally {
      this.#db.exec("DROP TABLE temp.score_build_tokens; DROP TABLE temp.score_build_counts; DROP TABLE temp.score_build_lengths;");
    }
    this.#db.prepare("INSERT INTO score_indexes (kb_id, fts_rows) VALUES (?, ?)").run(knowledgeBaseId, this.#ftsRows(fts));
  }

  drop(knowledgeBaseId: number): void {
    const { terms, postings, documents } = scoreIndexTables(knowledgeBaseId);
    this.#db.exec(`DROP TABLE IF EXISTS ${terms}; DROP TABLE IF EXISTS ${postings}; DROP TABLE IF EXISTS ${documents};`);
    this.#db.prepare("DELETE FROM score_indexes WHERE kb_id = ?").run(knowledgeBaseId);
  }

  /**
   * Adds the entries of documents that went into FTS5 as (title, content), each seq once. One batch
   * at a time: the scratch table hands the tokens back term by term, so each term's row and each
   * term's postings are written once per batch, next to each other, rather than once per document
   * in random places of a large B-tree.
   */
  add(knowledgeBaseId: number, documents: readonly { seq: number; title: string; content: string }[]): void {
    if (documents.length === 0) return;
    const { terms, postings, documents: documentsTable } = scoreIndexTables(knowledgeBaseId);
    const lengths = new Map<number, number>();
    // term → seq → weight, in the order the scratch table lists them (by term, then seq).
    const weights = new Map<string, Map<number, number>>();
    for (const [term, seq, column] of this.#tokens.ofMany(documents)) {
      lengths.set(seq, (lengths.get(seq) ?? 0) + 1);
      let bySeq = weights.get(term);
      if (bySeq === undefined) weights.set(term, (bySeq = new Map()));
      bySeq.set(seq, (bySeq.get(seq) ?? 0) + (column === 0 ? this.#titleWeight : this.#contentWeight));
    }
    const upsertTerm = this.#statements.get(`INSERT INTO ${terms} (term, df) VALUES (?, ?) ON CONFLICT (term) DO UPDATE SET df = df + excluded.df RETURNING id`).pluck();
    const insertPosting = this.#statements.get(`INSERT INTO ${postings} (term, weight, length, seq) VALUES (?, ?, ?, ?)`);
    const pairs = new Map<number, [number, number][]>();
    for (const [term, bySeq] of weights) {
      const id = upsertTerm.get(term, bySeq.size) as number;
      for (const [seq, weight] of bySeq) {
        insertPosting.run(id, weight, lengths.get(seq)!, seq);
        let list = pairs.get(seq);
        if (list === undefined) pairs.set(seq, (list = []));
        list.push([id, weight]);
      }
    }
    const insertDocument = this.#statements.get(`INSERT INTO ${documentsTable} (seq, length, pairs) VALUES (?, ?, ?)`);
    // A document without a token (empty texts) has no entries, as it has none in FTS5.
    for (const [seq, list] of pairs) insertDocument.run(seq, lengths.get(seq)!, packPairs(list));
  }

  /** Takes out one document's entries, if it has any. */
  remove(knowledgeBaseId: number, seq: number): void {
    const { terms, postings, documents } = scoreIndexTables(knowledgeBaseId);
    const row = this.#statements.get(`DELETE FROM ${documents} WHERE seq = ? RETURNING length, pairs`).raw().get(seq) as [number, Uint8Array] | undefined;
    if (row === undefined) return;
    const [length, blob] = row;
    const deletePosting = this.#statements.get(`DELETE FROM ${postings} WHERE term = ? AND weight = ? AND length = ? AND seq = ?`);
    const lowerDf = this.#statements.get(`UPDATE ${terms} SET df = df - 1 WHERE id = ? RETURNING df`).pluck();
    const deleteTerm = this.#statements.get(`DELETE FROM ${terms} WHERE id = ?`);
    for (const [id, weight] of unpackPairs(blob)) {
      deletePosting.run(id, weight, length, seq);
      if (lowerDf.get(id) === 0) deleteTerm.run(id);
    }
  }

  /** Whether the index saw every add to the FTS5 table `fts` (written() recorded FTS5's row count). */
  current(knowledgeBaseId: number, fts: string): boolean {
    return this.#statements.get("SELECT fts_rows FROM score_indexes WHERE kb_id = ?").pluck().get(knowledgeBaseId) === this.#ftsRows(fts);
  }

  /** Records FTS5's row count after this version's writes: any other count means a write it did not see. */
  written(knowledgeBaseId: number, fts: string): void {
    this.#statements.get("UPDATE score_indexes SET fts_rows = ? WHERE kb_id = ?").run(this.#ftsRows(fts), knowledgeBaseId);
  }

  #ftsRows(fts: string): number {
    return averagesRecord(this.#statements.get(`SELECT block FROM ${fts}_data WHERE id = 1`).pluck().get() as Uint8Array | undefined).rows;
  }
}

/** A search's answer from the score index: the winners' seq and score, best first. */
export interface WalkedHit {
  seq: number;
  score: number;
}

/** The walk, on any connection, inside the search's read transaction. */
export class ScoreIndexReader {
  readonly #statements: StatementCache;
  readonly #tokens: Tokens;

  constructor(db: Db, tokenize: string) {
    this.#statements = new StatementCache(db, 64);
    this.#tokens = new Tokens(db, tokenize);
  }

  /** The one FTS5 token the words make, or undefined when they make none or several. */
  singleToken(words: readonly string[]): string | undefined {
    if (words.length !== 1) return undefined;
    const tokens = this.#tokens.of("", words[0]!);
    return tokens.length === 1 ? tokens[0]![0] : undefined;
  }

  /**
   * The topK best documents holding the one token of `words` that pass every term, or undefined when the score index
   * cannot answer: the words are not one token, the knowledge base has none, it missed a write, or
   * a filter holds for too few of
   * the word's documents (WALK_ROW_CAP rows read in all). `fts` is the knowledge base's FTS5 table.
   */
  search(knowledgeBaseId: number, fts: string, words: readonly string[], topK: number, terms: readonly Term[], rowCap = WALK_ROW_CAP): WalkedHit[] | undefined {
    if (words.length !== 1) return undefined;
    const recorded = this.#statements.get("SELECT fts_rows FROM score_indexes WHERE kb_id = ?").pluck().get(knowledgeBaseId) as number | undefined;
    if (recorded === undefined) return undefined;
    const averages = averagesRecord(this.#statements.get(`SELECT block FROM ${fts}_data WHERE id = 1`).pluck().get() as Uint8Array | undefined);
    if (averages.rows !== recorded) return undefined;
    const token = this.singleToken(words);
    if (token === undefined) return undefined;
    const { terms: termsTable, postings } = scoreIndexTables(knowledgeBaseId);
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
    const nextGroup = this.#statements.get(`SELECT weight, length FROM ${postings} WHERE term = ? AND weight < ? ORDER BY weight DESC, length, seq LIMIT 1`).raw();
    // Capped inner scan: a filter that holds for few of the group's rows must not read them all.
    const group = this.#statements
      .get(
        `SELECT p.length, p.seq FROM (SELECT length, seq FROM ${postings} WHERE term = ? AND weight = ? AND length <= ? ORDER BY length, seq LIMIT ?) AS p WHERE 1${filters} LIMIT ?`,
      )
      .raw();
    // How many rows of a group the capped scan passed over: up to the last row it gave, or to the
    // length bound when it gave fewer than asked.
    const scannedTo = this.#statements.get(`SELECT count(*) FROM (SELECT 1 FROM ${postings} WHERE term = ? AND weight = ? AND (length, seq) <= (?, ?) LIMIT ?)`).pluck();
    const scannedAll = this.#statements.get(`SELECT count(*) FROM (SELECT 1 FROM ${postings} WHERE term = ? AND weight = ? AND length <= ? LIMIT ?)`).pluck();
    let budget = rowCap;

    const top: WalkedHit[] = [];
    const worse = (score: number, seq: number, than: WalkedHit): boolean => score < than.score || (score === than.score && seq > than.seq);
    for (let next = nextGroup.get(id, Number.MAX_SAFE_INTEGER) as [number, number] | undefined; next !== undefined; next = nextGroup.get(id, next[0]) as [number, number] | undefined) {
      const [weight, shortest] = next;
      // Each group costs a seek at least, read or skipped: counted, so that a word with thousands
      // of different weights cannot make a long walk of seeks either.
      if (--budget < 0) return undefined;
      const kth = top.length === topK ? top[topK - 1]! : undefined;
      if (kth !== undefined && worse(wordScore(idf, weight, shortest, averageLength), -1, kth)) continue;
      const longest = kth === undefined ? Number.MAX_SAFE_INTEGER : longestAbove(idf, weight, averageLength, kth.score, shortest);
      let found = 0;
      let last: [number, number] | undefined;
      let stopped = false;
      for (const [length, seq] of group.iterate(id, weight, longest, budget, ...params, topK) as IterableIterator<[number, number]>) {
        found += 1;
        last = [length, seq];
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
      const scanned = (
        stopped || found === topK ? scannedTo.get(id, weight, last![0], last![1], budget + 1) : scannedAll.get(id, weight, longest, budget + 1)
      ) as number;
      // The budget ran out inside the group: the rest of it is unread.
      if (scanned > budget || (!stopped && found < topK && scanned === budget)) return undefined;
      budget -= scanned;
    }
    return top;
  }
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
