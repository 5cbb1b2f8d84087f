/**
 * FTS5's totals stay exact through deletes and replaces (fts5-totals.ts): a knowledge base worn by
 * many writes scores every search exactly as one holding the same documents from new, and a file
 * whose deletes were made by schema 3's code is counted again when it opens.
 */
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { parseFilterConditions } from "../../src/knowledge-base/service/filters.js";
import { queryWords } from "../../src/knowledge-base/service/query-words.js";
import { ftsTable, openDatabase, SCHEMA_VERSION } from "../../src/knowledge-base/service/sqlite/database.js";
import { sqliteVarints, toSqliteVarints } from "../../src/knowledge-base/service/sqlite/fts5-records.js";
import { SqliteQueries } from "../../src/knowledge-base/service/sqlite/sqlite-queries.js";
import type { NewDocument } from "../../src/knowledge-base/service/storage.js";
import { seededRandom } from "../support/seeded-random.js";
import { directKnowledgeBase, type DirectKnowledgeBase } from "./direct-knowledge-base.js";
import { removeTempDirs, tempDir } from "./support.js";

afterAll(() => removeTempDirs());

const WORDS = ["river", "rivers", "stone", "light", "lighting", "garden", "salt", "ocean", "harbor", "lamp", "tower", "naïve", "水管", "园林", "化工"];
const QUERIES = ["river", "stone light", "garden", "lamp tower harbor", "naive", "水管", "园林化工", "ocean"];

function documentsFor(next: () => number, count: number, ids: readonly string[]): NewDocument[] {
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const text = (n: number): string => Array.from({ length: n }, () => pick(WORDS)).join(" ");
  return Array.from({ length: count }, () => ({
    id: pick(ids),
    title: text(Math.floor(next() * 4)),
    content: text(Math.floor(next() * 60)),
    metadata: { source: pick(["faq", "wiki"]) },
  }));
}

interface KnowledgeBase extends DirectKnowledgeBase {
  search(query: string, filtered?: boolean): unknown[];
  /** FTS5's averages record: documents, title tokens, content tokens. */
  totals(): number[];
}

function knowledgeBase(db: Database.Database, queries: SqliteQueries, name: string): KnowledgeBase {
  const direct = directKnowledgeBase(db, queries, name);
  const { id } = direct;
  const filter = parseFilterConditions({ bool: { filter: [{ term: { source: "faq" } }] } });
  return {
    ...direct,
    // FTS5's path, not the score index's: its scores are the ones under test.
    search: (query, filtered = false) => db.transaction(() => queries.search(id, queryWords(query), 20, filtered ? filter : [], false))(),
    totals: () => sqliteVarints(db.prepare(`SELECT block FROM ${ftsTable(id)}_data WHERE id = 1`).pluck().get() as Uint8Array),
  };
}

/** The documents of `worn` (in listing order, so ties break alike) added to a new knowledge base. */
async function copyOf(db: Database.Database, queries: SqliteQueries, worn: KnowledgeBase, name: string): Promise<KnowledgeBase> {
  const copy = knowledgeBase(db, queries, name);
  const { documents } = db.transaction(() => queries.listDocuments(worn.id, 0, 100_000))();
  await copy.add(documents.map((document) => ({ ...document })));
  return copy;
}

function expectSameSearches(worn: KnowledgeBase, fresh: KnowledgeBase): void {
  expect(worn.totals()).toEqual(fresh.totals());
  for (const query of QUERIES) {
    for (const filtered of [false, true]) {
      const hits = worn.search(query, filtered);
      expect(hits, `${query}${filtered ? " (faq)" : ""}`).toEqual(fresh.search(query, filtered));
    }
  }
}

describe("FTS5's totals", () => {
  it("score a worn knowledge base exactly as one holding the same documents from new", async () => {
    for (const seed of [11, 12, 13]) {
      const next = seededRandom(seed);
      const db = openDatabase(tempDir("kb-totals-"));
      const queries = new SqliteQueries(db);
      const worn = knowledgeBase(db, queries, "worn");
      const ids = Array.from({ length: 80 }, (_, n) => `doc-${n}`);
      for (let round = 0; round < 8; round++) {
        // Replaces: the same ids again, one id twice in a batch now and then.
        // A document without a token counts as one too (FTS5 keeps a docsize record of zeros).
        await worn.add([...documentsFor(next, 50, ids), { id: `empty-${round % 2}`, title: "", content: "", metadata: {} }]);
        worn.remove([...ids.filter(() => next() < 0.15), `empty-${(round + 1) % 2}`]);
        const copy = await copyOf(db, queries, worn, `copy-${round}`);
        expectSameSearches(worn, copy);
        expect(worn.totals()[0]).toBe(db.prepare("SELECT count(*) FROM documents WHERE kb_id = ?").pluck().get(worn.id));
      }
      // Emptied, then filled again.
      worn.remove([...ids, "empty-0", "empty-1"]);
      expect(worn.totals()).toEqual([0, 0, 0]);
      await worn.add(documentsFor(next, 30, ids));
      expectSameSearches(worn, await copyOf(db, queries, worn, "copy-last"));
      db.close();
    }
  });

  it("are counted again when a file whose deletes schema 3 made opens", async () => {
    const dir = tempDir("kb-totals-step-");
    let db = openDatabase(dir);
    let queries = new SqliteQueries(db);
    const next = seededRandom(21);
    const ids = Array.from({ length: 60 }, (_, n) => `d${n}`);
    const plain = knowledgeBase(db, queries, "plain");
    const scored = knowledgeBase(db, queries, "scored");
    const behind = knowledgeBase(db, queries, "behind");
    db.transaction(() => queries.setScoreIndex(true)).immediate();
    for (const kb of [plain, scored, behind]) await kb.add(documentsFor(next, 120, ids));
    // Schema 3's deletes: the rows go, FTS5's totals stay as they were (and the score index's
    // recorded count with them, since it is FTS5's).
    const before = plain.totals();
    for (const kb of [plain, scored, behind]) {
      const gone = ids.filter(() => next() < 0.3);
      for (const seq of db.prepare(`DELETE FROM documents WHERE kb_id = ? AND id IN (${gone.map(() => "?").join(", ")}) RETURNING seq`).pluck().all(kb.id, ...gone)) {
        db.prepare(`DELETE FROM ${ftsTable(kb.id)} WHERE rowid = ?`).run(seq);
      }
    }
    expect(plain.totals()).toEqual(before);
    db.prepare("UPDATE score_indexes SET fts_rows = 12345 WHERE kb_id = ?").run(behind.id);
    db.pragma("user_version = 3");
    db.close();

    db = openDatabase(dir);
    queries = new SqliteQueries(db);
    expect(db.pragma("user_version", { simple: true })).toBe(SCHEMA_VERSION);
    // createKnowledgeBase answers the existing one.
    const [plainAgain, scoredAgain, behindAgain] = [knowledgeBase(db, queries, "plain"), knowledgeBase(db, queries, "scored"), knowledgeBase(db, queries, "behind")];
    expect([plainAgain.id, scoredAgain.id, behindAgain.id]).toEqual([plain.id, scored.id, behind.id]);
    expect(plainAgain.totals()[0]).toBeLessThan(before[0]!);
    expectSameSearches(plainAgain, await copyOf(db, queries, plainAgain, "plain-copy"));
    const recorded = db.prepare("SELECT kb_id, fts_rows FROM score_indexes WHERE kb_id <= ? ORDER BY kb_id").raw().all(behind.id);
    // Step 5 builds every score index again from FTS5 (score-index.ts), the one that was behind too.
    expect(recorded).toEqual([
      [plain.id, plainAgain.totals()[0]],
      [scored.id, scoredAgain.totals()[0]],
      [behind.id, behindAgain.totals()[0]],
    ]);
    db.close();
  });

  it("keep a score index that missed an add behind through later writes", async () => {
    const db = openDatabase(tempDir("kb-totals-behind-"));
    const queries = new SqliteQueries(db);
    db.transaction(() => queries.setScoreIndex(true)).immediate();
    const kb = knowledgeBase(db, queries, "behind");
    const next = seededRandom(31);
    const ids = Array.from({ length: 40 }, (_, n) => `d${n}`);
    await kb.add(documentsFor(next, 40, ids));
    const walk = (): unknown => db.transaction(() => queries.walk(kb.id, ["river"], 5, []))();
    expect(walk()).toBeDefined();
    // An add by a process that does not know the index (an older toolgen).
    const seq = db.prepare("INSERT INTO documents (kb_id, id, title, content, metadata, created_at) VALUES (?, 'old', 'river', 'river river', '{}', 0) RETURNING seq").pluck().get(kb.id);
    db.prepare(`INSERT INTO ${ftsTable(kb.id)} (rowid, title, content) VALUES (?, 'river', 'river river')`).run(seq);
    expect(walk()).toBeUndefined();
    // This version's writes after it must not make the index look current again.
    await kb.add(documentsFor(next, 5, ids));
    kb.remove(ids.slice(0, 3));
    expect(walk()).toBeUndefined();
    expect(db.transaction(() => queries.setScoreIndex(true)).immediate()).toEqual([kb.id]);
    const found = db.transaction(() => queries.search(kb.id, ["river"], 5, [], false))();
    expect(found[0]?.id).toBe("old");
    expect(walk()).toEqual(found);
    db.close();
  });

  it("are written as SQLite varints", () => {
    const values = [0, 1, 127, 128, 16_383, 16_384, 2 ** 21, 2 ** 32 + 5, 2 ** 49, Number.MAX_SAFE_INTEGER];
    expect(sqliteVarints(toSqliteVarints(values))).toEqual(values);
    expect([...toSqliteVarints([300])]).toEqual([0x82, 0x2c]);
    expect(() => toSqliteVarints([-1])).toThrow(/cannot write -1/);
  });
});
