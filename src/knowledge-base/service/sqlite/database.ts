/**
 * The on-disk database: one SQLite file in the data directory.
 *
 * Durability is the point of this file. WAL journaling with `synchronous = FULL` makes SQLite
 * fsync the write-ahead log on every commit, and the HTTP layer answers only after the commit
 * returned, so a write that was acknowledged survives `kill -9` and power loss. (WAL with the
 * default NORMAL would be faster but may lose the last commits on power loss.)
 */
import { accessSync, constants, mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { toGramText } from "../segment.js";
import { recountTotals } from "./fts5-totals.js";
import { addMetadataTermLists } from "./metadata-term-lists.js";
import { addMetadataValues } from "./metadata-values.js";
import { addScoreIndexRegistry } from "./score-index.js";
import { ScoreIndexWriter } from "./score-index-writer.js";
import { addTitleList } from "./title-list.js";

export type Db = Database.Database;

/** File name inside the data directory. */
export const DATABASE_FILE = "knowledge-base.sqlite3";

/**
 * How long opening (WAL switch, migration) waits for another process's lock before SQLITE_BUSY.
 * A start may block; a request may not: once open, statements wait only STATEMENT_BUSY_MS on
 * the thread, and a transaction that still finds the lock taken waits asynchronously (busy-retry.ts).
 */
const OPEN_BUSY_TIMEOUT_MS = 10_000;
const STATEMENT_BUSY_MS = 20;

/**
 * Bumped when the schema changes; `migrate` brings older files forward. 1: the tables. 2: the
 * metadata values that filters look up (metadata-values.ts). 3: the registry of score indexes,
 * empty until one is asked for (score-index.ts). 4: FTS5's totals counted again without the
 * documents deleted before (fts5-totals.ts); from then on every delete takes them out. 5: score
 * indexes keep their postings in FTS5 (score-index.ts), every existing one built again. 6: each
 * document's row of the postings holds its facets too (score-index-facets.ts), every existing
 * score index built again (one build for a file of schema 4, which needs both). 7: each knowledge
 * base's second FTS5 table, of its documents' Chinese and Japanese characters and character pairs
 * (gramTable), filled from the stored texts.
 */
export const SCHEMA_VERSION = 7;

export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  // SQLite says only "unable to open database file" (or fails at the first write) when the folder
  // is read-only; WAL mode needs to create files beside the database, so ask the folder first.
  try {
    accessSync(dataDir, constants.W_OK);
  } catch (error) {
    throw notWritable(dataDir, error);
  }
  let db: Db;
  try {
    db = new Database(join(dataDir, DATABASE_FILE));
  } catch (error) {
    throw /SQLITE_CANTOPEN|SQLITE_READONLY|SQLITE_PERM/.test(String((error as { code?: unknown }).code)) ? notWritable(dataDir, error) : error;
  }
  try {
    // First: another process (a second `kb serve` on the same directory) holding a lock makes
    // this one wait, even for switching to WAL and for the migration, instead of failing at once.
    db.pragma(`busy_timeout = ${OPEN_BUSY_TIMEOUT_MS}`);
    const mode = db.pragma("journal_mode = WAL", { simple: true });
    if (mode !== "wal") throw new Error(`cannot switch ${DATABASE_FILE} to WAL mode (got ${String(mode)})`);
    db.pragma("synchronous = FULL");
    db.pragma("foreign_keys = ON");
    migrate(db);
    addMetadataTermLists(db);
    addTitleList(db);
    db.pragma(`busy_timeout = ${STATEMENT_BUSY_MS}`);
    return db;
  } catch (error) {
    db.close();
    throw /SQLITE_READONLY|SQLITE_CANTOPEN/.test(String((error as { code?: unknown }).code)) ? notWritable(dataDir, error) : error;
  }
}

/**
 * A connection that only reads, for a reader thread (sqlite-worker.ts). The writer opened the file
 * first (WAL switch, migration), so this one finds the schema in place; in WAL mode it reads its
 * own snapshot beside the writer's transactions, waiting neither for them nor they for it.
 */
export function openReader(dataDir: string): Db {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    db.pragma(`busy_timeout = ${STATEMENT_BUSY_MS}`);
    schemaVersion(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function notWritable(dataDir: string, cause: unknown): Error {
  const code = (cause as { code?: unknown }).code;
  return new Error(`the data directory ${dataDir} is not writable (${typeof code === "string" ? code : "read-only"}): kb serve keeps its database there; choose another with --data or fix its permissions`, { cause });
}

/**
 * Creates or upgrades the schema. The version is read again inside a write transaction (BEGIN
 * IMMEDIATE holds the write lock from the start), so of two processes starting on an empty
 * directory at once, one creates the tables and the other waits, then finds them there; and of
 * two starting on an older file, one upgrades it (all steps or none) and the other waits for it.
 */
function migrate(db: Db): void {
  if (schemaVersion(db) === SCHEMA_VERSION) return;
  db.transaction(() => {
    const version = schemaVersion(db);
    if (version === SCHEMA_VERSION) return;
    if (version < 1) createTables(db);
    if (version < 2) addMetadataValues(db);
    if (version < 3) addScoreIndexRegistry(db);
    if (version < 4) recountEveryTotals(db);
    // Steps 5 and 6 both build every score index again; once does for both.
    if (version < 6) rebuildScoreIndexes(db);
    if (version < 7) addGramTables(db);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

function createTables(db: Db): void {
  db.exec(`
    CREATE TABLE knowledge_bases (
      id         INTEGER PRIMARY KEY AUTOINCREMENT,
      name       TEXT NOT NULL UNIQUE,
      created_at INTEGER NOT NULL
    );
    -- seq is the rowid shared with the knowledge base's FTS table; AUTOINCREMENT never reuses
    -- one, so a deleted document's index entry can never be mistaken for a new document.
    CREATE TABLE documents (
      seq        INTEGER PRIMARY KEY AUTOINCREMENT,
      kb_id      INTEGER NOT NULL REFERENCES knowledge_bases (id),
      id         TEXT NOT NULL,
      title      TEXT NOT NULL,
      content    TEXT NOT NULL,
      metadata   TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      UNIQUE (kb_id, id)
    );
  `);
}

/**
 * Schema step 4 for every knowledge base. A score index that had seen every write (its recorded
 * row count was FTS5's) gets the new count; one that was behind stays behind.
 */
function recountEveryTotals(db: Db): void {
  const recorded = db.prepare("SELECT fts_rows FROM score_indexes WHERE kb_id = ?").pluck();
  const record = db.prepare("UPDATE score_indexes SET fts_rows = ? WHERE kb_id = ?");
  for (const id of db.prepare("SELECT id FROM knowledge_bases ORDER BY id").pluck().all() as number[]) {
    const { before, after } = recountTotals(db, ftsTable(id));
    const rows = recorded.get(id) as number | undefined;
    if (rows !== undefined) record.run(rows === before ? after : -1, id);
  }
}

/**
 * Schema steps 5 and 6: each score index built again in the new layout, from its FTS5 index (345 s
 * at 1M chunks: BENCHMARKS.md), so none is left in an old one or behind.
 */
function rebuildScoreIndexes(db: Db): void {
  const writer = new ScoreIndexWriter(db, TOKENIZE, TITLE_WEIGHT, CONTENT_WEIGHT);
  for (const id of db.prepare("SELECT kb_id FROM score_indexes ORDER BY kb_id").pluck().all() as number[]) writer.build(id, ftsTable(id));
}

/**
 * Schema step 7: the grams' table of every knowledge base, made anew (a file set back to an older
 * version may have one) and filled from the documents' texts (no segmenting, so about as fast as
 * reading them), in pages of seq so no statement runs while another is read.
 */
function addGramTables(db: Db): void {
  const page = db.prepare("SELECT seq, title, content FROM documents WHERE kb_id = ? AND seq > ? ORDER BY seq LIMIT 1000");
  for (const id of db.prepare("SELECT id FROM knowledge_bases ORDER BY id").pluck().all() as number[]) {
    db.exec(`DROP TABLE IF EXISTS ${gramTable(id)}`);
    createGramTable(db, id);
    const index = db.prepare(`INSERT INTO ${gramTable(id)} (rowid, title, content) VALUES (?, ?, ?)`);
    for (let after = 0; ; ) {
      const rows = page.all(id, after) as { seq: number; title: string; content: string }[];
      if (rows.length === 0) break;
      for (const { seq, title, content } of rows) {
        const gramTitle = toGramText(title);
        const gramContent = toGramText(content);
        if (gramTitle !== "" || gramContent !== "") index.run(seq, gramTitle, gramContent);
      }
      after = rows.at(-1)!.seq;
    }
  }
}

function schemaVersion(db: Db): number {
  const version = db.pragma("user_version", { simple: true }) as number;
  if (version > SCHEMA_VERSION) {
    throw new Error(`${DATABASE_FILE} was written by a newer toolgen (schema ${version}, this one reads ${SCHEMA_VERSION})`);
  }
  return version;
}

/**
 * Each knowledge base gets its own FTS5 table, so BM25's document counts and average lengths
 * are those of that knowledge base alone (one shared index would let other knowledge bases skew
 * the ranking) and a search never touches other knowledge bases' postings.
 *
 * Contentless (`content=''`): the texts live in `documents`; the index keeps only the segmented
 * tokens. `contentless_delete=1` allows deleting rows by rowid. Columns: title, content.
 * Tokenizer: unicode61 (case folding, diacritics removed) over the segmented text, wrapped in
 * porter so English words match their inflections (dog/dogs, run/running); Porter leaves
 * non-Latin words such as Chinese untouched.
 */
export function ftsTable(knowledgeBaseId: number): string {
  if (!Number.isSafeInteger(knowledgeBaseId) || knowledgeBaseId < 0) throw new Error(`bad knowledge base id ${knowledgeBaseId}`);
  return `fts_kb_${knowledgeBaseId}`;
}

/** Title matches count twice as much as content matches. */
export const TITLE_WEIGHT = 2.0;
export const CONTENT_WEIGHT = 1.0;

/** The FTS5 tokenizer of every knowledge base (and of the score index's scratch table). */
export const TOKENIZE = "porter unicode61 remove_diacritics 2";

/**
 * The knowledge base's FTS5 table of its documents' Chinese and Japanese characters and character
 * pairs (segment.ts, characterGrams), beside the words' table: a row for each document that has
 * any, so its BM25 counts those documents and their lengths in grams, and the words' table counts
 * what it counted before grams were indexed.
 */
export function gramTable(knowledgeBaseId: number): string {
  return `${ftsTable(knowledgeBaseId)}_grams`;
}

export function createFtsTable(db: Db, knowledgeBaseId: number): void {
  createContentlessTable(db, ftsTable(knowledgeBaseId));
  createGramTable(db, knowledgeBaseId);
}

function createGramTable(db: Db, knowledgeBaseId: number): void {
  createContentlessTable(db, gramTable(knowledgeBaseId));
}

function createContentlessTable(db: Db, table: string): void {
  db.exec(`CREATE VIRTUAL TABLE ${table} USING fts5(title, content, content='', contentless_delete=1, tokenize='${TOKENIZE}')`);
  // The persistent rank function makes `ORDER BY rank` mean weighted BM25.
  db.prepare(`INSERT INTO ${table} (${table}, rank) VALUES ('rank', ?)`).run(`bm25(${TITLE_WEIGHT}, ${CONTENT_WEIGHT})`);
}
