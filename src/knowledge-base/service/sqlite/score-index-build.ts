/**
 * A score index (score-index.ts) built in batches while the service answers, instead of in one
 * write transaction before it listens (345-396 s at 1M chunks, with the write lock held).
 *
 * ScoreIndexWriter.start() creates the index empty and records the last seq given so far; from then
 * on every write keeps the entries of the documents it adds, replaces or deletes, as for a complete
 * index. Each batch (one write transaction on the writer's thread, between the clients' writes)
 * indexes the next stored documents up to that seq, skipping those a write has indexed already (a
 * replace), so each document is indexed once: by the write that last changed it, or by the batch
 * that reached it. How far it got is stored with the index, so a service stopped or killed
 * mid-build goes on from there when it starts again, and the index is marked complete in the
 * transaction of the last batch only: until then it records -1 and searches go to FTS5.
 *
 * The batches index the stored texts segmented again (segment.ts) through FTS5's tokenizer, since
 * FTS5's contentless index hands back a document's tokens only through a scan of its whole index
 * (fts5vocab), which is what the build in one transaction does. Segmenting is deterministic for one
 * Node (its ICU); a document written by a toolgen that segmented otherwise can hold other tokens in
 * FTS5. Each document's tokens per column are checked against FTS5's docsize record of it, and on
 * the first that differs the knowledge base is built from FTS5's own index instead, in one
 * transaction as before, so that the index never answers otherwise than FTS5 (ScoreIndexWriter.fill).
 */
import { toIndexText } from "../segment.js";
import { ftsTable, type Db } from "./database.js";
import { SCORE_INDEX_BUILDS, scoreIndexTables } from "./score-index.js";
import type { ScoreIndexWriter } from "./score-index-writer.js";
import type { StatementCache } from "./statement-cache.js";

/**
 * Documents a batch indexes by default. A document of bench/kb-scale.mjs's corpus (40-160 words)
 * costs the writer 1-2 ms (segmenting it again, FTS5's tokens, the rows of add()), about as much
 * at any batch size from 50 to 1,000 (a commit is a few ms of it), so this bounds how long a
 * client's write waits behind a batch. At 100,000 chunks on a busy 2-core machine, two runs
 * (bench/kb-score-index-build.mjs): 112-167 ms at p50, 315-343 ms at p99, 490 ms at most, 125-174 s
 * in all, about as long as the build in one transaction (125-130 s); batches of 1,000 took 123-208
 * s, about 1.1 s each (some 24-30 s in one run, while another process loaded the disk).
 * TOOLGEN_KB_SCORE_INDEX_BATCH sets another (the tests make builds of many small batches).
 */
export const DEFAULT_BUILD_BATCH = 100;

/**
 * Seqs a batch passes over at most, in documents per batch: seqs are shared by every knowledge base,
 * so one that holds few of them is built in batches that each read a bounded range, not in one.
 */
const SEQS_PER_DOCUMENT = 16;

/** What one batch did, for the service's log and the tests. */
export interface BuildStep {
  knowledgeBaseId: number;
  /** Documents it indexed. */
  indexed: number;
  /**
   * "batch": more to do. "complete": the index answers from now on. "behind": it cannot (a document
   * past the rowid's range, or a write of another toolgen), FTS5 answers until it is built again.
   * "rebuilt": FTS5 held other tokens than the texts segmented again, so the rest was built from
   * FTS5's index in this transaction.
   */
  state: "batch" | "complete" | "behind" | "rebuilt";
}

/** The batch size TOOLGEN_KB_SCORE_INDEX_BATCH asks for, or the default. */
export function buildBatchFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.TOOLGEN_KB_SCORE_INDEX_BATCH);
  return Number.isSafeInteger(asked) && asked > 0 ? asked : DEFAULT_BUILD_BATCH;
}

/**
 * The next batch of the first knowledge base whose build is under way, inside the caller's write
 * transaction; undefined when none is.
 */
export function buildBatch(db: Db, statements: StatementCache, writer: ScoreIndexWriter, batch: number): BuildStep | undefined {
  if (!Number.isSafeInteger(batch) || batch < 1) throw new RangeError(`a score index batch must be a positive integer (got ${batch})`);
  const row = statements.get(`SELECT kb_id FROM ${SCORE_INDEX_BUILDS} ORDER BY kb_id LIMIT 1`).pluck().get() as number | undefined;
  if (row === undefined) return undefined;
  const knowledgeBaseId = row;
  const fts = ftsTable(knowledgeBaseId);
  const { lastSeq, doneSeq } = writer.building(knowledgeBaseId)!;
  const until = Math.min(lastSeq, doneSeq + batch * SEQS_PER_DOCUMENT);
  // `+kb_id`: by seq, a range of the table's rowids. With the (kb_id, id) index SQLite would read and
  // sort every document of the knowledge base for each batch.
  const stored = statements
    .get("SELECT seq, title, content FROM documents WHERE seq > ? AND seq <= ? AND +kb_id = ? ORDER BY seq LIMIT ?")
    .raw()
    .all(doneSeq, until, knowledgeBaseId, batch) as [number, string, string][];
  const reached = stored.length === batch ? stored.at(-1)![0] : until;
  // A document replaced since the start was indexed by its write, with the text it has now.
  const indexed = statements.get(`SELECT 1 FROM ${scoreIndexTables(knowledgeBaseId).documents} WHERE seq = ?`).pluck();
  const documents = stored
    .filter(([seq]) => indexed.get(seq) === undefined)
    .map(([seq, title, content]) => ({ seq, title: toIndexText(title), content: toIndexText(content) }));
  const filled = writer.fill(knowledgeBaseId, fts, documents);
  if (filled === "differs") {
    writer.build(knowledgeBaseId, fts);
    return { knowledgeBaseId, indexed: documents.length, state: "rebuilt" };
  }
  if (filled === "unfit" || reached >= lastSeq) {
    const complete = writer.finish(knowledgeBaseId, fts, filled === "filled");
    return { knowledgeBaseId, indexed: filled === "filled" ? documents.length : 0, state: complete ? "complete" : "behind" };
  }
  writer.advance(knowledgeBaseId, reached);
  return { knowledgeBaseId, indexed: documents.length, state: "batch" };
}
