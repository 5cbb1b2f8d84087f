/**
 * Small searches run on the service's thread (inline-search.ts): which ones (the worst case from
 * FTS5's own row count against the budget, kept current by writes) and that they answer exactly
 * what a reader thread answers, errors included, on the same database.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { ServiceError } from "../../src/knowledge-base/service/errors.js";
import { parseFilterConditions, type Term } from "../../src/knowledge-base/service/filters.js";
import { indexDocuments } from "../../src/knowledge-base/service/index-documents.js";
import { queryWords } from "../../src/knowledge-base/service/query-words.js";
import { createFtsTable, DATABASE_FILE, ftsTable } from "../../src/knowledge-base/service/sqlite/database.js";
import { averagesRecord } from "../../src/knowledge-base/service/sqlite/fts5-records.js";
import { queryTokens, worstCasePostings } from "../../src/knowledge-base/service/sqlite/inline-search.js";
import { SqliteStorage } from "../../src/knowledge-base/service/sqlite/sqlite-storage.js";
import type { NewDocument } from "../../src/knowledge-base/service/storage.js";
import { removeTempDirs, tempDir } from "./support.js";

afterAll(() => removeTempDirs());

const filter = (...terms: Record<string, unknown>[]): Term[] => parseFilterConditions({ bool: { filter: terms.map((term) => ({ term })) } });

describe("averagesRecord", () => {
  it("reads SQLite varints of one to nine bytes", () => {
    expect(averagesRecord(Uint8Array.of(0x00)).rows).toBe(0);
    expect(averagesRecord(Uint8Array.of(0x7f, 0x05)).rows).toBe(127);
    expect(averagesRecord(Uint8Array.of(0x81, 0x00)).rows).toBe(128);
    expect(averagesRecord(Uint8Array.of(0xce, 0x10, 0x81, 0xee)).rows).toBe(10_000);
    expect(averagesRecord(Uint8Array.of(0xff, 0x7f)).rows).toBe(16_383);
    expect(averagesRecord(Uint8Array.of(0x81, 0x80, 0x00)).rows).toBe(16_384);
    // Nine bytes: the last one contributes all eight of its bits.
    expect(averagesRecord(Uint8Array.of(0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x81, 0x01)).rows).toBe(2 ** 8 + 1);
  });

  it("bounds a search by documents x tokens x (1 + terms)", () => {
    expect(worstCasePostings(10_000, 1, 0)).toBe(10_000);
    expect(worstCasePostings(10_000, 3, 0)).toBe(30_000);
    expect(worstCasePostings(10_000, 1, 2)).toBe(30_000);
    expect(worstCasePostings(0, 64, 32)).toBe(0);
  });
});

describe("queryTokens", () => {
  // FTS5 itself counts the tokens of a text, in a knowledge base's own table (createFtsTable).
  const db = new Database(":memory:");
  createFtsTable(db, 1);
  db.exec(`CREATE VIRTUAL TABLE v USING fts5vocab(${ftsTable(1)}, instance)`);
  afterAll(() => db.close());
  const fts5Tokens = (text: string): number => {
    db.prepare(`INSERT INTO ${ftsTable(1)} (rowid, title, content) VALUES (1, '', ?)`).run(text);
    const { n } = db.prepare("SELECT count(*) AS n FROM v").get() as { n: number };
    db.prepare(`DELETE FROM ${ftsTable(1)} WHERE rowid = 1`).run();
    return n;
  };

  it("counts an English word once, and never fewer tokens than FTS5 makes", () => {
    expect(queryTokens(["zeppelin"])).toBe(1);
    expect(queryTokens(["zeppelin", "river"])).toBe(2);
    expect(queryTokens(["飞艇"])).toBe(2);
    // Marks FTS5 splits at (a virama, a combining low line) and letters newer than its tables.
    for (const word of ["क्ष", "a\u0332b\u0332", "knowledge\u{1E900}base", "it's", "3.5", "e\u0301te\u0301", "!!!"]) {
      expect(queryTokens([word]), JSON.stringify(word)).toBeGreaterThanOrEqual(fts5Tokens(word));
    }
  });

  it("never counts fewer tokens than FTS5 makes, for any mix of scripts, marks and separators", () => {
    const pieces = ["a", "Z", "9", "é", "e\u0301", "\u0301", "\u0332", "ß", "ǅ", "飞", "艇", "ア", "한", "क", "\u094d", "\u{1E900}", "\u{1F600}", "\u200d", "\u00ad", ".", "'", "_", "-", " ", "·", "\ue000", "Ⅷ", "٣"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        const word = parts.join("");
        return queryTokens([word]) >= fts5Tokens(word);
      }),
      { numRuns: 2000, seed: 20261125 },
    );
  });

  it("counts a word the segmenter keeps whole as the phrase FTS5 makes of it", () => {
    // 4,079 characters: within one of the segmenter's pieces (4,096), so one word.
    const words = queryWords(Array.from({ length: 480 }, (_, i) => ["knowledge", "base", "search"][i % 3]).join("."));
    expect(words).toHaveLength(1);
    expect(queryTokens(words)).toBe(480);
    expect(fts5Tokens(words[0]!)).toBe(480);
  });
});

describe("searches on the service's thread", () => {
  it("runs a search here only while its worst case fits the budget, with the count that writes keep current", async () => {
    const dir = tempDir("kb-inline-");
    // 129 documents, one word, no term: 129 matches at most, the budget exactly.
    const storage = await SqliteStorage.open(dir, undefined, undefined, 129);
    try {
      const kb = (await storage.createKnowledgeBase("count")).id;
      // An empty knowledge base has no FTS5 averages record yet: nothing to search, here.
      expect(await storage.search(kb, ["zeppelin"], 10, [])).toEqual([]);
      expect(storage.inlineSearches).toBe(1);
      const documents = await indexDocuments(Array.from({ length: 130 }, (_, i): NewDocument => ({ id: `d${i}`, title: `t${i}`, content: `zeppelin number ${i}`, metadata: { n: i } })));
      await storage.addDocuments(kb, documents.slice(0, 129));
      let inline = storage.inlineSearches;
      const oneWord = await storage.search(kb, ["zeppelin"], 3, []);
      expect(oneWord.map((hit) => hit.id)).toEqual(["d0", "d1", "d2"]);
      expect(storage.inlineSearches).toBe(inline + 1);
      // Two words, or one term: 258 > 129, a reader's.
      inline = storage.inlineSearches;
      expect(await storage.search(kb, ["zeppelin", "number"], 3, [])).toHaveLength(3);
      expect(await storage.search(kb, ["zeppelin"], 3, filter({ n: 5 }))).toHaveLength(1);
      expect(storage.inlineSearches).toBe(inline);
      // One word the segmenter keeps whole but FTS5 reads as a phrase of three tokens: a reader's.
      expect(await storage.search(kb, ["zeppelin.number.zeppelin"], 3, [])).toEqual([]);
      expect(storage.inlineSearches).toBe(inline);
      // A 130th document sends one word to a reader too.
      await storage.addDocuments(kb, documents.slice(129));
      expect(await storage.search(kb, ["zeppelin"], 3, [])).toHaveLength(3);
      expect(storage.inlineSearches).toBe(inline);
      // Deletes take documents out of FTS5's count (fts5-totals.ts): back to 129, searched here.
      expect(await storage.deleteDocuments(kb, ["d7"])).toBe(1);
      expect((await storage.search(kb, ["number"], 200, [])).map((hit) => hit.id)).not.toContain("d7");
      expect(storage.inlineSearches).toBe(inline + 1);
      // In a knowledge base of its own, 129 documents are searched here too.
      const second = (await storage.createKnowledgeBase("second")).id;
      await storage.addDocuments(second, documents.slice(1));
      expect((await storage.search(second, ["zeppelin"], 1, [])).map((hit) => hit.id)).toEqual(["d1"]);
      expect(storage.inlineSearches).toBe(inline + 2);
    } finally {
      await storage.close();
    }
  });

  it("answers what a reader thread answers, on the same database, after adds, replaces and deletes", async () => {
    const dir = tempDir("kb-inline-");
    const here = await SqliteStorage.open(dir, undefined, undefined, Number.MAX_SAFE_INTEGER);
    const readers = await SqliteStorage.open(dir, undefined, undefined, 0);
    try {
      const kb = (await here.createKnowledgeBase("same")).id;
      const other = (await here.createKnowledgeBase("other")).id;
      const texts = [
        "The zeppelin crossed the river at dawn; it's the largest airship ever built.",
        "Zeppelins and airships: a history of the river crossings, 1900-1937.",
        "飞艇在河上飞行。这是一个关于飞艇的历史。",
        "Mixed text: 飞艇 zeppelin river 河流 crossing.",
        "Nothing about flight here, only a river and a bridge.",
        "A bridge, a river, a dawn: the same words as another document.",
        "A bridge, a river, a dawn: the same words as another document.",
      ];
      const metadata = [{ source: "wiki", year: 1937, tags: ["air", "history"] }, { source: "book", year: 1937, tags: ["history"] }, { source: "wiki", lang: "zh" }, { source: "wiki", lang: "mixed", ok: true }, { source: "forum", ok: false }, { source: "forum", year: "1937" }, { source: "book" }];
      const documents = await indexDocuments(texts.map((content, i): NewDocument => ({ id: `doc-${i}`, title: i === 1 ? "zeppelin history" : `title ${i}`, content, metadata: metadata[i]! })));
      await here.addDocuments(kb, documents);
      await readers.addDocuments(other, await indexDocuments([{ title: "elsewhere", content: "a zeppelin in another knowledge base", metadata: {} }]));

      const queries: [string, number, Term[]][] = [
        ["zeppelin", 10, []],
        ["river", 3, []],
        ["river", 1, []],
        ["river dawn bridge", 100, []],
        ["it's", 10, []],
        ["飞艇", 10, []],
        ["飞艇的历史", 10, []],
        ["crossing", 10, filter({ source: "wiki" })],
        ["river", 10, filter({ year: 1937 })],
        ["river", 10, filter({ year: "1937" })],
        ["river", 10, filter({ tags: "history" })],
        ["river", 10, filter({ ok: false })],
        ["river", 10, filter({ source: "wiki" }, { year: 1937 })],
        ["zeppelin", 10, filter({ title: "zeppelin history" })],
        ["zeppelin", 10, filter({ source: "nowhere" })],
        ["absent", 10, []],
      ];
      const compare = async (): Promise<void> => {
        for (const [query, topK, terms] of queries) {
          const words = queryWords(query);
          const inlineBefore = here.inlineSearches;
          const answer = await here.search(kb, words, topK, terms);
          expect(here.inlineSearches, query).toBe(inlineBefore + 1);
          expect(answer, `${query} ${JSON.stringify(terms)}`).toEqual(await readers.search(kb, words, topK, terms));
        }
        expect(readers.inlineSearches).toBe(0);
      };
      await compare();
      expect((await here.search(kb, ["river"], 10, [])).length).toBeGreaterThan(3);

      // Written through one storage, read by the other at once, both ways.
      await readers.addDocuments(kb, await indexDocuments([{ id: "doc-4", title: "replaced", content: "now a zeppelin over the river", metadata: { source: "wiki" } }]));
      expect((await here.search(kb, ["zeppelin"], 10, filter({ source: "wiki" }))).map((hit) => hit.id)).toContain("doc-4");
      expect(await readers.deleteDocuments(kb, ["doc-0", "doc-6"])).toBe(2);
      await here.addDocuments(kb, await indexDocuments([{ id: "doc-9", title: "late", content: "a late zeppelin at dawn", metadata: { year: 1937 } }]));
      await compare();

      // A knowledge base that does not exist: a reader answers, the same error as ever.
      const missing: unknown = await here.search(4242, ["zeppelin"], 10, []).catch((error: unknown) => error);
      expect(missing).toBeInstanceOf(ServiceError);
      expect(missing).toMatchObject({ message: "knowledge base 4242 does not exist" });
    } finally {
      await here.close();
      await readers.close();
    }
  });

  it("stops searching here once closed, and closes so that the write-ahead log is removed", async () => {
    const dir = tempDir("kb-inline-");
    const storage = await SqliteStorage.open(dir);
    const kb = (await storage.createKnowledgeBase("closing")).id;
    await storage.addDocuments(kb, await indexDocuments([{ title: "t", content: "a zeppelin", metadata: {} }]));
    expect(await storage.search(kb, ["zeppelin"], 1, [])).toHaveLength(1);
    expect(storage.inlineSearches).toBe(1);
    expect(existsSync(join(dir, `${DATABASE_FILE}-wal`))).toBe(true);
    await storage.close();
    await expect(storage.search(kb, ["zeppelin"], 1, [])).rejects.toThrow("the knowledge-base storage is closed");
    expect(storage.inlineSearches).toBe(1);
    // The writer's connection closed last (a read-only one cannot remove the log).
    expect(existsSync(join(dir, `${DATABASE_FILE}-wal`))).toBe(false);
  });
});
