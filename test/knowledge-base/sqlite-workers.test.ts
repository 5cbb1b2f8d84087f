/**
 * SQLite runs on worker threads: a writer and a pool of readers, so a heavy search
 * does not hold up a small one sent after it (it did when every query ran on the event loop: a
 * call returned only once its query had run). Assertions are on the order of answers, not on
 * durations; plus what crosses the thread boundary: errors, and documents sent in parts.
 */
import { afterAll, describe, expect, it } from "vitest";
import { ErrorCode, ServiceError } from "../../src/knowledge-base/service/errors.js";
import { SqliteStorage } from "../../src/knowledge-base/service/sqlite/sqlite-storage.js";
import type { IndexedDocument } from "../../src/knowledge-base/service/storage.js";
import { removeTempDirs, tempDir } from "./support.js";

afterAll(() => removeTempDirs());

const COMMON = (
  "knowledge base search index query document service client token server request answer result score " +
  "ranking engine text word language model tool function call schema version error timeout retry batch " +
  "thread filter title content metadata storage durable commit journal write read delete update create " +
  "city river mountain forest ocean island desert valley bridge road railway station airport harbor market"
).split(" ");

function random(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

function document(id: string, content: string, title = id): IndexedDocument {
  return { id, title, content, metadata: {}, indexTitle: title, indexContent: content, gramTitle: "", gramContent: "" };
}

/** `count` documents of about 3,000 characters of the common words (already lower case: their own index text). */
function commonDocuments(count: number, seed: number): IndexedDocument[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const words = Array.from({ length: 400 }, () => COMMON[Math.floor(next() * COMMON.length)]!);
    return document(`common-${i}`, words.join(" "));
  });
}

/** `inlineBudget` 0: every search goes to a reader, even the small one (inline-search.ts). */
async function withHeavyKnowledgeBase(readers: number, inlineBudget?: number): Promise<{ storage: SqliteStorage; heavy: number; small: number }> {
  const storage = await SqliteStorage.open(tempDir("kb-workers-"), undefined, readers, inlineBudget);
  const heavy = (await storage.createKnowledgeBase("heavy")).id;
  const small = (await storage.createKnowledgeBase("small")).id;
  for (let batch = 0; batch < 4; batch++) await storage.addDocuments(heavy, commonDocuments(1000, batch + 1).map((d) => ({ ...d, id: `${d.id}-${batch}` })));
  await storage.addDocuments(small, [document("small", "a small document about a zeppelin")]);
  return { storage, heavy, small };
}

describe("SQLite on worker threads", () => {
  it("answers a small search sent after a heavy one first (64 common words over 4,000 documents)", async () => {
    const { storage, heavy, small } = await withHeavyKnowledgeBase(2);
    try {
      const order: string[] = [];
      const heavyHits = storage.search(heavy, COMMON, 100, []).then((hits) => (order.push("heavy"), hits));
      const smallHits = storage.search(small, ["zeppelin"], 3, []).then((hits) => (order.push("small"), hits));
      expect((await smallHits).map((hit) => hit.id)).toEqual(["small"]);
      expect(await heavyHits).toHaveLength(100);
      expect(order).toEqual(["small", "heavy"]);
      // The small one on the service's thread (inline-search.ts), the heavy one on a reader.
      expect(storage.inlineSearches).toBe(1);
    } finally {
      await storage.close();
    }
  });

  it("with one reader, a search waits for the one before it; writes go on beside them", async () => {
    const { storage, heavy, small } = await withHeavyKnowledgeBase(1, 0);
    try {
      const order: string[] = [];
      const searches = [
        storage.search(heavy, COMMON, 100, []).then(() => order.push("heavy")),
        storage.search(small, ["zeppelin"], 3, []).then(() => order.push("small")),
      ];
      // The writer has a connection of its own: the add does not wait for the heavy search.
      const added = storage.addDocuments(small, [document("later", "added beside the searches")]).then(() => order.push("add"));
      await Promise.all([...searches, added]);
      expect(order).toEqual(["add", "heavy", "small"]);
      expect((await storage.search(small, ["beside"], 3, [])).map((hit) => hit.id)).toEqual(["later"]);
    } finally {
      await storage.close();
    }
  });

  it("close() lets requests in progress finish, then refuses new ones", async () => {
    const { storage, heavy } = await withHeavyKnowledgeBase(2);
    const search = storage.search(heavy, COMMON, 10, []);
    const closed = storage.close();
    expect(await search).toHaveLength(10);
    await closed;
    expect(await storage.ping()).toBe(false);
    await expect(storage.listDocuments(heavy, 0, 1)).rejects.toThrow("the knowledge-base storage is closed");
  });

  it("errors keep their kind across threads; documents of many MiB arrive whole", async () => {
    const storage = await SqliteStorage.open(tempDir("kb-workers-"));
    try {
      const attempts = [() => storage.search(42, ["x"], 1, []), () => storage.listDocuments(42, 0, 1), () => storage.addDocuments(42, []), () => storage.deleteDocuments(42, ["x"])];
      for (const attempt of attempts) {
        const error: unknown = await attempt().catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ServiceError);
        expect(error).toMatchObject({ errorCode: ErrorCode.KNOWLEDGE_BASE_NOT_FOUND, message: "knowledge base 42 does not exist" });
      }
      const kb = (await storage.createKnowledgeBase("large")).id;
      // Longer than a piece (256 Ki characters) and than a message (1 Mi), with characters outside Latin-1.
      const content = `${"zeppelin ".repeat(300_000)}飞艇 end`;
      // As a parsed request body has it: "__proto__" an own key, not the prototype.
      const metadata = JSON.parse('{"__proto__":{"x":1},"tags":["a",1,true,null],"deep":{"k.ey":"v"}}') as Record<string, unknown>;
      const documents: IndexedDocument[] = [
        { ...document("large", content, "t".repeat(300_000)), metadata },
        { title: "", content: "", metadata: {}, indexTitle: "", indexContent: "", gramTitle: "", gramContent: "" },
        document("last", "last one"),
      ];
      const ids = await storage.addDocuments(kb, documents);
      expect(ids).toHaveLength(3);
      expect(ids[0]).toBe("large");
      const listed = await storage.listDocuments(kb, 0, 10);
      expect(listed.total).toBe(3);
      expect(listed.documents.map((d) => d.id)).toEqual(ids);
      expect(listed.documents[0]).toEqual({ id: "large", title: "t".repeat(300_000), content, metadata });
      expect(Object.keys(listed.documents[0]!.metadata)).toEqual(["__proto__", "tags", "deep"]);
      expect(listed.documents[1]).toMatchObject({ title: "", content: "" });
      expect((await storage.search(kb, ["end"], 3, [])).map((hit) => hit.id)).toEqual(["large"]);
    } finally {
      await storage.close();
    }
  });
});
