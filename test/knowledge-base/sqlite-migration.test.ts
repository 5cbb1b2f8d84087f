/**
 * A data directory written by schema 1 (before metadata_values) opens with today's
 * code: the migration fills metadata_values from the stored metadata, filtered searches find what
 * they would have found before, with the same scores as a knowledge base built today, and writes
 * after the migration keep the table right, including those of an old process still running.
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, expect, it } from "vitest";
import { startKnowledgeBaseService } from "../../src/knowledge-base/service/index.js";
import { DATABASE_FILE, SCHEMA_VERSION } from "../../src/knowledge-base/service/sqlite/database.js";
import { toIndexText } from "../../src/knowledge-base/service/segment.js";
import { removeTempDirs, tempDir } from "./support.js";

afterAll(removeTempDirs);

const DOCUMENTS = [
  { id: "a", title: "Apples", content: "red apples and green pears", metadata: { source: "farm", year: 2024, tags: ["fruit", 1, true] } },
  { id: "b", title: "Pears", content: "green pears, ripe in autumn", metadata: { source: "shop", year: "2024", tags: "fruit", "a.b": false } },
  { id: "c", title: "水果", content: "苹果和梨都是水果 green", metadata: { source: "farm", year: 2023, nested: { source: "shop" } } },
  { id: "d", title: "Seeds", content: "green seeds", metadata: {} },
];

/** What schema 1's database.ts created, copied from it (commit 578695f), with DOCUMENTS in one knowledge base. */
function writeSchema1(dataDir: string): void {
  const db = new Database(join(dataDir, DATABASE_FILE));
  db.pragma("journal_mode = WAL");
  db.exec(`
    CREATE TABLE knowledge_bases (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE, created_at INTEGER NOT NULL);
    CREATE TABLE documents (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, kb_id INTEGER NOT NULL REFERENCES knowledge_bases (id), id TEXT NOT NULL,
      title TEXT NOT NULL, content TEXT NOT NULL, metadata TEXT NOT NULL, created_at INTEGER NOT NULL, UNIQUE (kb_id, id)
    );
    INSERT INTO knowledge_bases (name, created_at) VALUES ('old', 0);
    CREATE VIRTUAL TABLE fts_kb_1 USING fts5(title, content, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2');
    INSERT INTO fts_kb_1 (fts_kb_1, rank) VALUES ('rank', 'bm25(2, 1)');
  `);
  const insert = db.prepare("INSERT INTO documents (kb_id, id, title, content, metadata, created_at) VALUES (1, ?, ?, ?, ?, 0) RETURNING seq");
  const index = db.prepare("INSERT INTO fts_kb_1 (rowid, title, content) VALUES (?, ?, ?)");
  for (const document of DOCUMENTS) {
    const { seq } = insert.get(document.id, document.title, document.content, JSON.stringify(document.metadata)) as { seq: number };
    index.run(seq, toIndexText(document.title), toIndexText(document.content));
  }
  db.pragma("user_version = 1");
  db.close();
}

async function post(url: string, path: string, body: unknown): Promise<any> {
  const response = await fetch(`${url}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const answer = (await response.json()) as { errorCode: number; errorMsg: string; result: unknown };
  expect(answer.errorCode, answer.errorMsg).toBe(0);
  return answer.result;
}

const SEARCHES: { query: string; terms: Record<string, unknown>[] }[] = [
  { query: "green", terms: [{ source: "farm" }] },
  { query: "green", terms: [{ source: "shop" }] },
  { query: "green pears", terms: [{ tags: "fruit" }] },
  { query: "green", terms: [{ year: 2024 }] },
  { query: "green", terms: [{ year: "2024" }] },
  { query: "green", terms: [{ tags: true }, { tags: 1 }] },
  { query: "green", terms: [{ "a.b": false }] },
  { query: "水果", terms: [{ source: "farm" }, { year: 2023 }] },
  // Neither is a word of the document (苹果|和|梨|都|是|水果): only the grams the migration indexed find it.
  { query: "果", terms: [{ source: "farm" }, { year: 2023 }] },
  { query: "梨都", terms: [{ source: "farm" }, { year: 2023 }] },
  { query: "green", terms: [{ title: "Seeds" }] },
  { query: "green", terms: [] },
];

it("migrates a schema 1 directory: filtered searches answer as on a knowledge base built today, and later writes are filtered too", async () => {
  const oldDir = tempDir("kb-schema1-");
  writeSchema1(oldDir);
  const migrated = await startKnowledgeBaseService({ dataDir: oldDir, tokens: [] });
  const fresh = await startKnowledgeBaseService({ dataDir: tempDir("kb-schema2-"), tokens: [] });
  try {
    const { knowledgeBaseId: freshId } = await post(fresh.url, "/llm/knowledge/create", { knowledgeBaseName: "new" });
    await post(fresh.url, "/llm/knowledge/documents/add", { knowledgeBaseId: freshId, documents: DOCUMENTS });
    const { knowledgeBaseId: oldId } = await post(migrated.url, "/llm/knowledge/create", { knowledgeBaseName: "old" });
    expect(oldId).toBe(1);
    const search = async (url: string, knowledgeBaseId: number, { query, terms }: (typeof SEARCHES)[number]) =>
      ((await post(url, "/llm/knowledge/search", { knowledgeBaseId, query, filterConditions: { bool: { filter: terms.map((term) => ({ term })) } } })) as { fileId: string; score: number }[]).map(
        (hit) => [hit.fileId, hit.score],
      );
    const expected: Record<string, string[]> = {
      '[{"source":"farm"}]': ["a", "c"],
      '[{"source":"shop"}]': ["b"],
      '[{"tags":"fruit"}]': ["b", "a"],
      '[{"year":2024}]': ["a"],
      '[{"year":"2024"}]': ["b"],
      '[{"tags":true},{"tags":1}]': ["a"],
      '[{"a.b":false}]': ["b"],
      '[{"source":"farm"},{"year":2023}]': ["c"],
      '[{"title":"Seeds"}]': ["d"],
      "[]": ["d", "a", "b", "c"],
    };
    for (const one of SEARCHES) {
      const hits = await search(migrated.url, oldId, one);
      expect(hits, JSON.stringify(one)).toEqual(await search(fresh.url, freshId, one));
      expect(hits.map(([id]) => id).sort(), JSON.stringify(one)).toEqual([...expected[JSON.stringify(one.terms)]!].sort());
    }
    await post(migrated.url, "/llm/knowledge/documents/add", { knowledgeBaseId: oldId, documents: [{ id: "e", content: "green grapes", metadata: { source: "farm", tags: ["vine"] } }, { id: "a", content: "green", metadata: { source: "shop" } }] });
    await post(migrated.url, "/llm/knowledge/documents/delete", { knowledgeBaseId: oldId, documentIds: ["c"] });
    expect((await search(migrated.url, oldId, { query: "green", terms: [{ source: "farm" }] })).map(([id]) => id)).toEqual(["e"]);
    expect((await search(migrated.url, oldId, { query: "green", terms: [{ source: "shop" }] })).map(([id]) => id).sort()).toEqual(["a", "b"]);
    expect((await search(migrated.url, oldId, { query: "green", terms: [{ tags: "vine" }] })).map(([id]) => id)).toEqual(["e"]);
    // A process of the old toolgen still running on the file writes as schema 1 did: the triggers keep its documents filterable.
    const oldProcess = new Database(join(oldDir, DATABASE_FILE));
    try {
      const { seq } = oldProcess
        .prepare("INSERT INTO documents (kb_id, id, title, content, metadata, created_at) VALUES (1, 'f', '', 'green figs', ?, 0) RETURNING seq")
        .get(JSON.stringify({ source: "orchard" })) as { seq: number };
      oldProcess.prepare("INSERT INTO fts_kb_1 (rowid, title, content) VALUES (?, '', 'green figs')").run(seq);
    } finally {
      oldProcess.close();
    }
    expect((await search(migrated.url, oldId, { query: "green", terms: [{ source: "orchard" }] })).map(([id]) => id)).toEqual(["f"]);
  } finally {
    await migrated.close();
    await fresh.close();
  }
  const db = new Database(join(oldDir, DATABASE_FILE), { readonly: true });
  try {
    expect(db.pragma("user_version", { simple: true })).toBe(SCHEMA_VERSION);
    // Step 3: the score index registry, empty until `--score-index` asks for one.
    expect(db.prepare("SELECT count(*) FROM score_indexes").pluck().get()).toBe(0);
  } finally {
    db.close();
  }
});
