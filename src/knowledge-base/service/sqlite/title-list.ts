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
import type { FilterPlanner } from "./filter-plan.js";
import type { StatementCache } from "./statement-cache.js";

export const DOCUMENT_TITLE_INDEX = "documents_title";

/** Past this many documents a title's list is not counted further, and its matches are compared row by row. */
export const LONGEST_TITLE_LIST = 20_000;

/** Makes the index when it is missing (at 100,000 chunks: 2.7 MB, built in 0.12 s). */
export function addTitleList(db: Db): void {
  if (db.prepare("SELECT 1 FROM sqlite_schema WHERE name = ?").get(DOCUMENT_TITLE_INDEX) !== undefined) return;
  db.exec(`CREATE INDEX IF NOT EXISTS ${DOCUMENT_TITLE_INDEX} ON documents (kb_id, title)`);
}

export class TitleLists {
  readonly #statements: StatementCache;
  readonly #planner: FilterPlanner;
  #ready = false;

  constructor(statements: StatementCache, planner: FilterPlanner) {
    this.#statements = statements;
    this.#planner = planner;
  }

  /**
   * Whether `term` (on `title`) is better checked against its list of documents than on each
   * match's documents row, by the metadata lists' rule (FilterPlanner.listPays): the list is
   * short, or the words match nearly as many documents as it holds. A term whose value is not a
   * string matches no title and needs neither.
   */
  listPays(knowledgeBaseId: number, term: Term, table: string, expression: string): boolean {
    if (typeof term.value !== "string" || !this.#hasIndex()) return false;
    const documents = this.#count(knowledgeBaseId, term.value, LONGEST_TITLE_LIST);
    return documents < LONGEST_TITLE_LIST && this.#planner.listPays(table, expression, { term, documents });
  }

  #count(knowledgeBaseId: number, title: string, limit: number): number {
    return this.#statements
      .get(`SELECT count(*) FROM (SELECT 1 FROM documents INDEXED BY ${DOCUMENT_TITLE_INDEX} WHERE kb_id = ? AND title = ? LIMIT ?)`)
      .pluck()
      .get(knowledgeBaseId, title, limit) as number;
  }

  #hasIndex(): boolean {
    // Checked until found: a reader may have opened the file before a writer of this version made it.
    this.#ready ||= this.#statements.get("SELECT 1 FROM sqlite_schema WHERE name = ?").pluck().get(DOCUMENT_TITLE_INDEX) === 1;
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
