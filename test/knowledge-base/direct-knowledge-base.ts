/** A knowledge base written through SqliteQueries on the test's own connection, one transaction a call. */
import type Database from "better-sqlite3";
import { indexDocuments } from "../../src/knowledge-base/service/index-documents.js";
import type { SqliteQueries } from "../../src/knowledge-base/service/sqlite/sqlite-queries.js";
import type { NewDocument } from "../../src/knowledge-base/service/storage.js";

export interface DirectKnowledgeBase {
  id: number;
  add(documents: NewDocument[]): Promise<void>;
  remove(ids: string[]): void;
}

/** The knowledge base `name`, created if missing. */
export function directKnowledgeBase(db: Database.Database, queries: SqliteQueries, name: string): DirectKnowledgeBase {
  const { id } = db.transaction(() => queries.createKnowledgeBase(name))();
  return {
    id,
    async add(documents) {
      const indexed = await indexDocuments(documents);
      db.transaction(() => queries.addDocuments(id, indexed)).immediate();
    },
    remove(ids) {
      db.transaction(() => queries.deleteDocuments(id, ids)).immediate();
    },
  };
}
