/**
 * A title term's list of documents, for filtered searches (filter-plan.ts does the same for
 * metadata terms). Without it a term on `title` joined each of the words' matches to its
 * documents row and compared the title there: at 100,000 chunks a common word with a title filter
 * took 17-23 ms in process, where a metadata filter keeping as few documents took 1.2-1.3 ms.
 *
 * The list is read from an index of documents by (knowledge base, title), made by the first writer
 * of a version that uses it, not by a schema step: SQLite maintains an index whoever writes, so a
 * toolgen of the same schema that does not know it keeps it right. Until it exists (a reader that
 * opened the file before the writer made it), title terms are compared on the documents rows.
 */
import type { Database as Db } from "better-sqlite3";
import type { Term } from "../filters.js";
import type { CountedTerm } from "./filter-plan.js";
import type { StatementCache } from "./statement-cache.js";

export const DOCUMENT_TITLE_INDEX = "documents_title";

/** Past this many documents a title's list is not counted further, and its matches are compared row by row. */
export const LONGEST_TITLE_LIST = 20_000;

/** 1 when the file has the index, on any connection (readers ask it too). */
const TITLE_LIST_PRESENT = `SELECT count(*) FROM sqlite_schema WHERE name = '${DOCUMENT_TITLE_INDEX}'`;

/** Makes the index when it is missing (at 100,000 chunks: 2.7 MB, built in 0.12 s). */
export function addTitleList(db: Db): void {
  if (db.prepare(TITLE_LIST_PRESENT).pluck().get() === 1) return;
  db.exec(`CREATE INDEX IF NOT EXISTS ${DOCUMENT_TITLE_INDEX} ON documents (kb_id, title)`);
}

export class TitleLists {
  readonly #statements: StatementCache;
  #ready = false;

  constructor(statements: StatementCache) {
    this.#statements = statements;
  }

  /**
   * `term` (on `title`) and how many of the knowledge base's documents have that title, for
   * FilterPlanner.listPays to weigh against the words' matches as it weighs a metadata term; or
   * undefined when the term is compared on each match's row: its value is not a string (it
   * matches no title), the file has no index yet, or LONGEST_TITLE_LIST documents have the title.
   */
  counted(knowledgeBaseId: number, term: Term): CountedTerm | undefined {
    if (typeof term.value !== "string" || !this.#hasIndex()) return undefined;
    const documents = this.#statements
      .get(`SELECT count(*) FROM (SELECT 1 FROM documents INDEXED BY ${DOCUMENT_TITLE_INDEX} WHERE kb_id = ? AND title = ? LIMIT ?)`)
      .pluck()
      .get(knowledgeBaseId, term.value, LONGEST_TITLE_LIST) as number;
    return documents < LONGEST_TITLE_LIST ? { term, documents } : undefined;
  }

  #hasIndex(): boolean {
    // Checked until found: a reader may have opened the file before a writer of this version made it.
    this.#ready ||= this.#statements.get(TITLE_LIST_PRESENT).pluck().get() === 1;
    return this.#ready;
  }
}

/**
 * SQL that holds when the document `seqColumn` is in the list of the knowledge base's documents
 * titled `term.value`, read once per statement from the index into a list SQLite probes in memory.
 * The unary + keeps SQLite from handing the list to FTS5 as rowids (metadataListSql says why).
 */
export function titleListSql(knowledgeBaseId: number, term: Term, seqColumn: string): { sql: string; values: unknown[] } {
  return {
    sql: `+${seqColumn} IN (SELECT t.seq FROM documents AS t INDEXED BY ${DOCUMENT_TITLE_INDEX} WHERE t.kb_id = ? AND t.title = ?)`,
    values: [knowledgeBaseId, term.value],
  };
}
