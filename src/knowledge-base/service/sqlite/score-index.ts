/**
 * The score index: an opt-in second index of a knowledge base, beside its FTS5 table, that holds
 * each word's documents in BM25 order, so that a one-word search reads its best documents first
 * and stops after the topK that pass the filter, instead of scoring every match.
 *
 * Why: FTS5 scores every document that holds the word, then sorts; a filter is checked on each
 * of them. At 1,000,000 chunks a one-word search with a filter took 7-8 ms at p50 and 50-60 ms at
 * p99 (the in-memory scan that checks the filter first took 12.5 ms): a filter never narrowed the
 * work (BENCHMARKS.md, "Knowledge base at scale"). Opt-in because it costs: the file grows by
 * about as much as it was, and every write does more (BENCHMARKS.md has the figures).
 *
 * For one word, FTS5's BM25 (fts5_aux.c, fts5Bm25Function) is
 *   idf × (w × (k1 + 1)) / (w + k1 × (1 − b + b × D / avgdl))
 * where w is the word's weighted count in the document (title twice content, as the rank function
 * weighs it), D the document's tokens, and idf, avgdl the same for every document. It rises with
 * w and falls with D, so within one w the documents in (D, seq) order come in score order, and
 * ties in FTS5's order (seq). The walk (ScoreIndexReader.search) reads the w groups best first, in
 * each the first topK rows that pass every filter term, and skips a group whose best possible
 * score is below the topK-th found. The scores are computed exactly as FTS5 computes them, from
 * FTS5's own row count and token totals and SQLite's own ln(), so the answers are the FTS5 path's
 * to the bit (tests compare both on the same data).
 *
 * Where the postings live (schema 5): in a second FTS5 table, one row per document, whose tokens
 * are the document's (term, w) pairs (`<term id>w<w>`) and whose rowid packs (D, seq), so each
 * pair's rows come out of FTS5 in (D, seq) order: one w group of a word is one token. FTS5 writes
 * them as it writes its own index, a segment per transaction merged in bulk; schema 3 to 4 kept
 * them in a B-tree in score order, where nearly every row dirtied a page of its own (585 KB
 * written per chunk at 1M chunks, 0.077× the ingest rate without the index: BENCHMARKS.md). A
 * small table lists each word's groups, best first, with a lower bound on their shortest document.
 * Since schema 6 a document's row also holds its facets (score-index-facets.ts), a token per
 * title and metadata value, so a filtered walk asks FTS5 for a group's documents that hold every
 * term's value instead of reading the whole group in score order and checking each document.
 *
 * The tokens are FTS5's own: each document's index text goes through a scratch FTS5 table with the
 * same tokenizer, whose fts5vocab instance table lists them. Each document's (term, w) pairs are
 * kept as a blob, so a delete or replace takes out exactly what the add put in. `df` (documents
 * holding the term) is kept per term, since counting it at search time is a walk of the postings.
 *
 * Built from FTS5's own index in one transaction (ScoreIndexWriter.build: schema upgrades, a new
 * knowledge base) or, when turned on for knowledge bases that exist, in batches while the service
 * answers (score-index-build.ts); until a build is complete the index records -1 and FTS5 answers.
 *
 * Kept current by this version's writes only: a process of an older toolgen writing to the same
 * file does not know it. Such a write is seen when it adds (FTS5's row count moves away from the one
 * recorded here), and then searches use FTS5 alone until the index is built again, whatever this
 * version writes meanwhile (ScoreIndexWriter.written); its deletes are not seen, since they leave
 * FTS5's count as it was (docs/knowledge-base-deployment.md says to run one version before turning
 * the index on; a toolgen of an older schema refuses to open the file). A process of schema 4,
 * which kept the postings in a B-tree, fails its writes to a score index of schema 5 instead.
 */
// The driver's own type, not database.ts's alias: database.ts runs this file's schema step.
import type { Database as Db } from "better-sqlite3";

/** FTS5's bm25() constants (fts5_aux.c). */
export const K1 = 1.2;
export const B = 0.75;

/**
 * Most postings one walk may pass over: past it the walk gives up and the search goes the FTS5 way
 * (on a reader thread), so that a filter that holds for almost none of the word's documents never
 * holds the event loop for long. About 1.5 µs a row with one filter term at 1M chunks: 15 ms.
 */
export const WALK_ROW_CAP = 10_000;

/**
 * Rows a filtered walk for `topK` documents reads, checking the filter on each, before it asks FTS5
 * for the documents that also hold the terms' facets (score-index-facets.ts): enough for a filter
 * that holds for half of the word's documents to end there. FTS5's intersection seeks in the
 * facets' lists for each document of the group, which costs more than reading the group's rows
 * when most of them pass and far less when few do. At 1M chunks, topK 10, in process (BENCHMARKS.md):
 * a filter of half the documents took 0.19 ms reading rows, 0.63 ms through the facets from the
 * first row; one of 8 documents 9.8 ms reading rows (and gave up on 28% of the words), 0.27 ms.
 */
export function facetsAfterRows(topK: number): number {
  return 2 * topK + 16;
}

/** Names of a knowledge base's score-index tables. */
export interface ScoreIndexTables {
  /** term → id, df */
  terms: string;
  /** (term id, w) → documents in the group, a lower bound on their shortest D */
  groups: string;
  /** FTS5: a document's (term, w) tokens and its facets at rowid (D, seq) */
  postings: string;
  /** seq → D, the (term id, w) pairs */
  documents: string;
}

export function scoreIndexTables(knowledgeBaseId: number): ScoreIndexTables {
  if (!Number.isSafeInteger(knowledgeBaseId) || knowledgeBaseId < 0) throw new Error(`bad knowledge base id ${knowledgeBaseId}`);
  const n = knowledgeBaseId;
  return { terms: `score_terms_kb_${n}`, groups: `score_groups_kb_${n}`, postings: `score_postings_kb_${n}`, documents: `score_documents_kb_${n}` };
}

/**
 * The postings' rowid: D above SEQ_BITS, seq below. 38 bits of seq (2.7e11 documents ever
 * written) and 25 of D: a document has fewer tokens than half the 32 MiB body limit, 2^24. A
 * document past either cannot be indexed, and the index is then left behind (FTS5 answers).
 */
export const SEQ_BITS = 38;
export const SEQ_MASK = 2 ** SEQ_BITS - 1;
/** Longest document (in tokens) the rowid holds. */
export const LONGEST_DOCUMENT = 2 ** 25 - 1;

export function postingRowid(length: number, seq: number): bigint | undefined {
  if (!Number.isSafeInteger(seq) || seq < 0 || seq > SEQ_MASK || !Number.isSafeInteger(length) || length < 0 || length > LONGEST_DOCUMENT) return undefined;
  return (BigInt(length) << BigInt(SEQ_BITS)) | BigInt(seq);
}

/** The same rowid in SQL, from SQL expressions already checked to fit. */
export function postingRowidSql(length: string, seq: string): string {
  return `((${length}) << ${SEQ_BITS}) | (${seq})`;
}

/** SQL for the length and the seq a postings rowid holds. */
export function postingParts(rowid: string): { length: string; seq: string } {
  return { length: `${rowid} >> ${SEQ_BITS}`, seq: `${rowid} & ${SEQ_MASK}` };
}

/** The FTS5 token of one w group of a word: ASCII digits and a letter, one token for 'ascii'. */
export function groupToken(termId: number, weight: number): string {
  return `${termId}w${weight}`;
}

/**
 * The postings table: contentless, rowids only (detail=none), its tokens split at spaces. Its
 * column was `pairs` in schema 5, whose rows had no facets: a process of schema 5 still running
 * fails its adds to it (rolled back whole) instead of writing rows that filtered walks would miss.
 */
export function createPostingsTable(db: Db, table: string): void {
  db.exec(`CREATE VIRTUAL TABLE ${table} USING fts5(tokens, content='', contentless_delete=1, detail=none, tokenize='ascii')`);
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

/**
 * The score indexes being built in batches (score-index-build.ts), one row each until the build is
 * complete: the documents up to `last_seq` existed when it began and are the build's to index, up
 * to `done_seq` they are done, and `fts_rows` is FTS5's row count after the last write this version
 * made meanwhile (-1 once one was missed), as `score_indexes.fts_rows` records it for a complete
 * index, which holds -1 until then so that no search walks a partial index. Created when first
 * needed rather than by a schema step: a toolgen of schema 7 that does not know it still opens the
 * file, sees the index behind (-1) and answers by FTS5, and its writes keep the entries (it has the
 * same writer), only without moving `fts_rows` here, so the build ends behind instead of complete.
 */
export const SCORE_INDEX_BUILDS = "score_index_builds";

export function createBuildRegistry(db: Db): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS ${SCORE_INDEX_BUILDS} (
      kb_id    INTEGER PRIMARY KEY REFERENCES knowledge_bases (id),
      last_seq INTEGER NOT NULL,
      done_seq INTEGER NOT NULL,
      fts_rows INTEGER NOT NULL
    );
  `);
}

/** BM25 of one word in one document, as fts5Bm25Function computes it (higher is better). */
export function wordScore(idf: number, weight: number, length: number, averageLength: number): number {
  return idf * ((weight * (K1 + 1.0)) / (weight + K1 * (1 - B + (B * length) / averageLength)));
}

/** Unsigned LEB128 pairs (term id, weight), a document's entries in its score index. */
export function packPairs(pairs: readonly (readonly [number, number])[]): Buffer {
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

export function unpackPairs(blob: Uint8Array): [number, number][] {
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
