/**
 * The score index (score-index.ts) answers one-word searches exactly as FTS5 does (ids, order,
 * scores to the bit), through adds, replaces and deletes, whether it was kept from the start or
 * built from FTS5's index later; and it steps aside (FTS5 answers) whenever it cannot be sure.
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { parseFilterConditions, type Term } from "../../src/knowledge-base/service/filters.js";
import { indexDocuments } from "../../src/knowledge-base/service/index-documents.js";
import { queryWords } from "../../src/knowledge-base/service/query-words.js";
import { averagesRecord } from "../../src/knowledge-base/service/sqlite/fts5-records.js";
import { DATABASE_FILE, ftsTable, openDatabase, SCHEMA_VERSION, TOKENIZE } from "../../src/knowledge-base/service/sqlite/database.js";
import { groupToken, postingParts, postingRowid, scoreIndexTables, SEQ_BITS, unpackPairs, wordScore } from "../../src/knowledge-base/service/sqlite/score-index.js";
import { documentFacetsSql } from "../../src/knowledge-base/service/sqlite/score-index-facets.js";
import { ScoreIndexReader } from "../../src/knowledge-base/service/sqlite/score-index-reader.js";
import { SqliteQueries } from "../../src/knowledge-base/service/sqlite/sqlite-queries.js";
import { SqliteStorage } from "../../src/knowledge-base/service/sqlite/sqlite-storage.js";
import type { NewDocument } from "../../src/knowledge-base/service/storage.js";
import { seededRandom as random } from "../support/seeded-random.js";
import { directKnowledgeBase } from "./direct-knowledge-base.js";
import { removeTempDirs, tempDir } from "./support.js";

afterAll(() => removeTempDirs());

const filter = (...terms: Record<string, unknown>[]): Term[] => parseFilterConditions({ bool: { filter: terms.map((term) => ({ term })) } });

// Inflections (porter folds them), words in titles and contents, Chinese, a word with a diacritic.
const ENGLISH = ["river", "rivers", "run", "running", "runs", "stone", "stones", "light", "lighting", "naïve", "naive", "garden", "gardens", "salt", "ocean", "harbor", "lamp", "tower", "bridge", "engine"];
const CHINESE = ["水管", "园林", "化工", "建国", "车队", "模版", "新市"];
const SOURCES = ["faq", "wiki", "mail", "chat"];

function documentsFor(next: () => number, count: number, ids: readonly string[]): NewDocument[] {
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const words = (n: number): string => Array.from({ length: n }, () => (next() < 0.25 ? pick(CHINESE) : pick(ENGLISH))).join(next() < 0.5 ? " " : "");
  return Array.from({ length: count }, () => ({
    id: pick(ids),
    title: words(1 + Math.floor(next() * 3)),
    content: words(Math.floor(next() * 40)),
    metadata: { source: pick(SOURCES), year: 2000 + Math.floor(next() * 4), tags: [pick(SOURCES), pick(["x", "y"])], flag: next() < 0.5, nested: { source: "faq" } },
  }));
}

interface Harness {
  db: Database.Database;
  queries: SqliteQueries;
  add(documents: NewDocument[]): Promise<void>;
  remove(ids: string[]): void;
  close(): void;
}

function harness(dir: string, knowledgeBase: string): Harness & { id: number } {
  const db = openDatabase(dir);
  const queries = new SqliteQueries(db);
  return { db, queries, ...directKnowledgeBase(db, queries, knowledgeBase), close: () => db.close() };
}

/**
 * A score index's entries: (term, df, weight, [D, document id] of each posting of the group), each
 * group's count checked against its postings and its shortest against their D (exact after a
 * build, a lower bound once deletes came), each term's df against its groups.
 */
function entries(h: Harness, knowledgeBaseId: number, shortest: "exact" | "bound"): unknown[] {
  const t = scoreIndexTables(knowledgeBaseId);
  const members = h.db
    .prepare(`SELECT ${postingParts("p.rowid").length}, d.id FROM ${t.postings} AS p JOIN documents AS d ON d.seq = (${postingParts("p.rowid").seq}) WHERE ${t.postings} MATCH ? ORDER BY p.rowid`)
    .raw();
  const groups = h.db
    .prepare(`SELECT t.id, t.term, t.df, g.weight, g.count, g.shortest FROM ${t.groups} AS g JOIN ${t.terms} AS t ON t.id = g.term ORDER BY t.term, g.weight DESC`)
    .raw()
    .all() as [number, string, number, number, number, number][];
  const counted = new Map<string, number>();
  const rows = groups.map(([id, term, df, weight, count, least]) => {
    const postings = members.all(`"${groupToken(id, weight)}"`) as [number, string][];
    expect(postings.length, `${term} ${weight}`).toBe(count);
    const lengths = postings.map(([length]) => length);
    if (shortest === "exact") expect(least).toBe(Math.min(...lengths));
    else expect(least).toBeLessThanOrEqual(Math.min(...lengths));
    // In (D, seq) order, which is score order within the group.
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    counted.set(term, (counted.get(term) ?? 0) + count);
    return [term, df, weight, postings.sort((a, b) => a[1].localeCompare(b[1]))];
  });
  for (const [, term, df] of groups) expect(counted.get(term), term).toBe(df);
  facets(h, knowledgeBaseId);
  return rows;
}

/**
 * Each facet (score-index-facets.ts) is held by exactly the documents with that title or metadata
 * value: none missing (a filtered walk would skip them) and none left from a replaced text.
 */
function facets(h: Harness, knowledgeBaseId: number): void {
  const t = scoreIndexTables(knowledgeBaseId);
  const holders = new Map<string, bigint[]>();
  // The writer's connection defined toolgen_facet().
  const documents = h.db.prepare(`SELECT s.seq, s.length, ${documentFacetsSql("d")} FROM ${t.documents} AS s JOIN documents AS d ON d.seq = s.seq ORDER BY s.seq`).raw().all() as [number, number, string][];
  for (const [seq, length, facets] of documents) {
    const rowid = postingRowid(length, seq)!;
    for (const token of new Set(facets.split(" "))) holders.set(token, [...(holders.get(token) ?? []), rowid]);
  }
  // Two a document (its title, its one value of source) at least.
  expect(holders.size).toBeGreaterThan(1);
  const members = h.db.prepare(`SELECT rowid FROM ${t.postings} WHERE ${t.postings} MATCH ? ORDER BY rowid`).pluck().safeIntegers();
  for (const [token, rowids] of holders) expect(members.all(`"${token}"`), token).toEqual(rowids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Every query shape, asked both ways; the walk must answer each and answer it as FTS5 does. */
function compareAll(h: Harness & { id: number }, titles: readonly string[]): number {
  const filters: Term[][] = [
    [],
    filter({ source: "faq" }),
    filter({ source: "wiki" }, { year: 2001 }),
    filter({ tags: "y" }),
    filter({ flag: true }),
    filter({ year: 2002.0 }),
    filter({ source: "nowhere" }),
    filter({ nested: "faq" }),
    filter({ title: titles[0] ?? "" }),
    filter({ title: 3 }),
  ];
  let compared = 0;
  const reader = new ScoreIndexReader(h.db, TOKENIZE);
  const seqOf = h.db.prepare("SELECT seq FROM documents WHERE kb_id = ? AND id = ?").pluck();
  for (const word of [...ENGLISH, ...CHINESE, "absent"]) {
    const words = queryWords(word);
    for (const terms of filters) {
      for (const topK of [1, 3, 10, 50]) {
        const fts = h.db.transaction(() => h.queries.search(h.id, words, topK, terms, false))();
        const walked = h.db.transaction(() => h.queries.walk(h.id, words, topK, terms))();
        expect(walked, `${word} ${JSON.stringify(terms)} top ${topK}`).toEqual(fts);
        // The facets from the first row, and from the second (a walk that turns to them inside a group).
        const expected = fts.map((hit) => ({ seq: seqOf.get(h.id, hit.id), score: hit.score }));
        for (const facetsAfterRows of [0, 1]) {
          const faceted = h.db.transaction(() => reader.search(h.id, ftsTable(h.id), words, topK, terms, { facetsAfterRows }))();
          expect(faceted, `${word} ${JSON.stringify(terms)} top ${topK} facets after ${facetsAfterRows}`).toEqual(expected);
        }
        compared += 1;
      }
    }
  }
  return compared;
}

describe("score index", () => {
  it("answers as FTS5 does through adds, replaces and deletes, kept from the start or built later", async () => {
    for (const seed of [1, 2, 3]) {
      const next = random(seed);
      const dir = tempDir("kb-score-");
      const kept = harness(dir, "kept");
      kept.db.transaction(() => kept.queries.setScoreIndex(true)).immediate();
      // Created after the option: a score index from its first document.
      const fresh = harness(dir, `fresh-${seed}`);
      const ids = Array.from({ length: 120 }, (_, n) => `doc-${n}`);
      const titles: string[] = [];
      for (let round = 0; round < 6; round++) {
        const documents = documentsFor(next, 60, ids);
        titles.push(...documents.map((document) => document.title));
        await kept.add(documents);
        await fresh.add(documents);
        const gone = ids.filter(() => next() < 0.1);
        kept.remove(gone);
        fresh.remove(gone);
      }
      expect(kept.db.prepare(`SELECT count(*) FROM ${scoreIndexTables(fresh.id).documents}`).pluck().get()).toBe(
        kept.db.prepare("SELECT count(*) FROM documents WHERE kb_id = ?").pluck().get(fresh.id),
      );
      expect(compareAll(fresh, titles)).toBe(28 * 10 * 4);

      // Built from FTS5's index after the fact, on a copy made without the option.
      const later = harness(tempDir("kb-score-later-"), "later");
      const replay = random(seed);
      for (let round = 0; round < 6; round++) {
        await later.add(documentsFor(replay, 60, ids));
        later.remove(ids.filter(() => replay() < 0.1));
      }
      expect(later.db.transaction(() => later.queries.walk(later.id, ["river"], 10, []))()).toBeUndefined();
      expect(later.db.transaction(() => later.queries.setScoreIndex(true)).immediate()).toEqual([later.id]);
      compareAll(later, titles);
      // The same entries either way, row for row; the counts are those of the postings.
      expect(entries(later, later.id, "exact")).toEqual(entries(fresh, fresh.id, "bound"));
      kept.close();
      fresh.close();
      later.close();
    }
  });

  it("builds a schema 4 file's score indexes (postings in a B-tree) again in FTS5 when it is opened", async () => {
    const dir = tempDir("kb-score-schema4-");
    const ids = Array.from({ length: 90 }, (_, n) => `doc-${n}`);
    const titles: string[] = [];
    const old = harness(dir, "current");
    const behind = { ...directKnowledgeBase(old.db, old.queries, "behind") };
    const next = random(11);
    for (const knowledgeBase of [old, behind]) {
      const documents = documentsFor(next, 90, ids);
      titles.push(...documents.map((document) => document.title));
      await knowledgeBase.add(documents);
      knowledgeBase.remove(ids.slice(0, 9));
    }
    // What schema 4's ScoreIndexWriter.build created (commit 1cc4441): three tables, the postings
    // a B-tree in score order; their rows do not matter, the step builds from FTS5. One index had
    // seen every write, the other was behind.
    for (const [id, rows] of [
      [old.id, averagesRecord(old.db.prepare(`SELECT block FROM ${ftsTable(old.id)}_data WHERE id = 1`).pluck().get() as Uint8Array).rows],
      [behind.id, -1],
    ] as const) {
      const { terms, postings, documents } = scoreIndexTables(id);
      old.db.exec(`
        CREATE TABLE ${terms} (id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE, df INTEGER NOT NULL);
        CREATE TABLE ${postings} (term INTEGER NOT NULL, weight INTEGER NOT NULL, length INTEGER NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (term, weight DESC, length, seq)) WITHOUT ROWID;
        CREATE TABLE ${documents} (seq INTEGER PRIMARY KEY, length INTEGER NOT NULL, pairs BLOB NOT NULL);
        INSERT INTO ${terms} (term, df) VALUES ('river', 1);
        INSERT INTO ${postings} (term, weight, length, seq) VALUES (1, 1, 1, 1);
      `);
      old.db.prepare("INSERT INTO score_indexes (kb_id, fts_rows) VALUES (?, ?)").run(id, rows);
    }
    old.db.pragma("user_version = 4");
    old.close();

    for (const name of ["current", "behind"]) {
      const h = harness(dir, name);
      expect(h.db.pragma("user_version", { simple: true })).toBe(SCHEMA_VERSION);
      const sql = h.db.prepare("SELECT sql FROM sqlite_schema WHERE name = ?").pluck().get(scoreIndexTables(h.id).postings);
      expect(sql).toMatch(/USING fts5\(tokens/);
      expect(h.db.transaction(() => h.queries.walk(h.id, ["river"], 10, []))()).toBeDefined();
      expect(compareAll(h, titles)).toBe(28 * 10 * 4);
      entries(h, h.id, "exact");
      h.close();
    }
  });

  it("builds a schema 5 file's score indexes (postings without facets) again when it is opened", async () => {
    const dir = tempDir("kb-score-schema5-");
    const ids = Array.from({ length: 90 }, (_, n) => `doc-${n}`);
    const old = harness(dir, "five");
    old.db.transaction(() => old.queries.setScoreIndex(true)).immediate();
    const next = random(17);
    const documents = documentsFor(next, 90, ids);
    await old.add(documents);
    old.remove(ids.slice(0, 9));
    // What schema 5 wrote: a column named pairs, each document's row its (term, weight) tokens
    // and nothing else.
    const { postings, documents: scored } = scoreIndexTables(old.id);
    old.db.exec(`DROP TABLE ${postings}; CREATE VIRTUAL TABLE ${postings} USING fts5(pairs, content='', contentless_delete=1, detail=none, tokenize='ascii')`);
    const insert = old.db.prepare(`INSERT INTO ${postings} (rowid, pairs) VALUES (?, ?)`);
    for (const [seq, length, pairs] of old.db.prepare(`SELECT seq, length, pairs FROM ${scored}`).raw().all() as [number, number, Uint8Array][]) {
      insert.run(postingRowid(length, seq)!, unpackPairs(pairs).map(([term, weight]) => groupToken(term, weight)).join(" "));
    }
    // Without the facets a walk that turns to them finds nothing: this is what the step mends.
    const reader = new ScoreIndexReader(old.db, TOKENIZE);
    expect(old.db.transaction(() => reader.search(old.id, ftsTable(old.id), ["river"], 10, filter({ source: "faq" }), { facetsAfterRows: 0 }))()).toEqual([]);
    old.db.pragma("user_version = 5");
    old.close();

    const h = harness(dir, "five");
    expect(h.db.pragma("user_version", { simple: true })).toBe(SCHEMA_VERSION);
    // An add of a schema 5 process still running fails (and its transaction with it).
    expect(() => h.db.prepare(`INSERT INTO ${postings} (rowid, pairs) VALUES (?, ?)`).run(1, "1w1")).toThrow(/no column named pairs/);
    expect(compareAll(h, documents.map((document) => document.title))).toBe(28 * 10 * 4);
    entries(h, h.id, "exact");
    h.close();
  });

  it("answers filters on every kind of value as FTS5 does (the facets)", async () => {
    const h = harness(tempDir("kb-score-values-"), "values");
    h.db.transaction(() => h.queries.setScoreIndex(true)).immediate();
    // Values SQLite's = and JSON keep apart or together: 1 and 1.0, "1" and 1, true and 1, -0 and
    // 0, integers past 2^53, lone surrogates, empty keys and strings, keys with quotes and spaces.
    const values: unknown[] = [1, 1.0, "1", true, false, 0, -0, 2 ** 53, 2 ** 53 + 2, 1e21, "", "\ud800", "\ufffd", "é", "e\u0301", 'say "hi"', "x y", [1, "1", true], [[1]], null, { a: 1 }];
    const keys = ["k", "", 'q"uote', "two words", "title"];
    const documents: NewDocument[] = [];
    let n = 0;
    for (const key of keys) {
      for (const value of values) {
        for (const copy of [0, 1, 2]) {
          documents.push({ id: `v${n++}`, title: copy === 0 ? String(JSON.stringify(value)) : "river", content: `river ${"stone ".repeat(copy)}`, metadata: { [key]: value } });
        }
      }
    }
    await h.add(documents);
    entries(h, h.id, "exact");
    let compared = 0;
    for (const key of [...keys, "absent"]) {
      for (const value of [...values.filter((v) => typeof v === "string" || typeof v === "number" || typeof v === "boolean"), 9007199254740992, 3]) {
        const terms = filter({ [key]: value });
        for (const word of ["river", "stone"]) {
          const fts = h.db.transaction(() => h.queries.search(h.id, [word], 50, terms, false))();
          const walked = h.db.transaction(() => h.queries.walk(h.id, [word], 50, terms))();
          expect(walked, `${word} ${JSON.stringify(terms)}`).toEqual(fts);
          compared += fts.length;
        }
      }
    }
    // Most terms hold for some documents: the comparison is not of empty answers.
    expect(compared).toBeGreaterThan(500);
    h.close();
  });

  it("answers a word in most documents (FTS5's idf floor) as FTS5 does", async () => {
    const h = harness(tempDir("kb-score-common-"), "common");
    h.db.transaction(() => h.queries.setScoreIndex(true)).immediate();
    const next = random(7);
    await h.add(
      Array.from({ length: 40 }, (_, n) => ({ id: `c${n}`, title: n % 3 === 0 ? "everywhere" : "harbor", content: `everywhere ${"lamp ".repeat(Math.floor(next() * 9))}`, metadata: { source: SOURCES[n % 4]! } })),
    );
    for (const terms of [[], filter({ source: "faq" })]) {
      const fts = h.db.transaction(() => h.queries.search(h.id, ["everywhere"], 7, terms, false))();
      expect(fts.length).toBe(7);
      expect(h.db.transaction(() => h.queries.walk(h.id, ["everywhere"], 7, terms))()).toEqual(fts);
    }
    h.close();
  });

  it("scores one word as fts5Bm25Function does", () => {
    // idf·w·2.2 / (w + 1.2·(0.25 + 0.75·D/avgdl)), at D = avgdl: idf·w·2.2 / (w + 1.2).
    expect(wordScore(2, 3, 100, 100)).toBeCloseTo((2 * 3 * 2.2) / (3 + 1.2), 12);
    expect(wordScore(1, 1, 50, 100)).toBeGreaterThan(wordScore(1, 1, 51, 100));
    expect(wordScore(1, 2, 200, 100)).toBeGreaterThan(wordScore(1, 1, 200, 100));
    expect(averagesRecord(Uint8Array.of(0x03, 0x04, 0x81, 0x00))).toEqual({ rows: 3, tokens: 4 + 128 });
    expect(averagesRecord(undefined)).toEqual({ rows: 0, tokens: 0 });
  });

  it("steps aside for several tokens, a missed write, a rare filter and a missing document", async () => {
    const h = harness(tempDir("kb-score-aside-"), "aside");
    h.db.transaction(() => h.queries.setScoreIndex(true)).immediate();
    const next = random(9);
    await h.add(documentsFor(next, 200, Array.from({ length: 200 }, (_, n) => `d${n}`)));
    await h.add([{ id: "mail", title: "e-mail river", content: "river", metadata: { source: "rare" } }]);
    const walk = (words: string[], terms: Term[] = []) => h.db.transaction(() => h.queries.walk(h.id, words, 10, terms))();
    expect(walk(["river"])?.length).toBe(10);
    expect(walk(["e-mail"])).toBeUndefined();
    expect(walk(["river", "stone"])).toBeUndefined();

    // A filter that holds for one document of many: past the row cap the walk gives up.
    const reader = new ScoreIndexReader(h.db, TOKENIZE);
    const rare = filter({ source: "rare" });
    const capped = h.db.transaction(() => reader.search(h.id, ftsTable(h.id), ["river"], 10, rare, { rowCap: 2 }))();
    expect(capped).toBeUndefined();
    const uncapped = h.db.transaction(() => reader.search(h.id, ftsTable(h.id), ["river"], 10, rare, { rowCap: 1_000_000 }))();
    expect(uncapped?.length).toBe(1);
    expect(h.db.transaction(() => h.queries.search(h.id, ["river"], 10, rare))().map((hit) => hit.id)).toEqual(["mail"]);

    // The cap counts every group and every row read: 30 weights of "tower", two chunks each, the
    // only match of the filter in the last group. With the facets from the first row, FTS5 hands
    // back only the rows holding the filter's value: the walk costs the groups and 1 row. Without
    // them, the groups and every document of the word.
    await h.add(
      Array.from({ length: 60 }, (_, n) => ({
        id: `t${n}`,
        title: "",
        content: `${"tower ".repeat(1 + (n % 30))}lamp`,
        metadata: { source: n === 0 ? "only" : "many" },
      })),
    );
    const only = filter({ source: "only" });
    const walkCapped = (rowCap: number, facetsAfterRows: number) => h.db.transaction(() => reader.search(h.id, ftsTable(h.id), ["tower"], 3, only, { rowCap, facetsAfterRows }))();
    const expected = h.db.transaction(() => h.queries.search(h.id, ["tower"], 3, only, false))().map((hit) => h.db.prepare("SELECT seq FROM documents WHERE id = ?").pluck().get(hit.id));
    expect(expected.length).toBe(1);
    // No k-th score is ever found, so every group is read; "tower" is in other documents too.
    const tables = scoreIndexTables(h.id);
    const [groups, df] = h.db.prepare(`SELECT (SELECT count(*) FROM ${tables.groups} WHERE term = t.id), t.df FROM ${tables.terms} AS t WHERE t.term = 'tower'`).raw().get() as [number, number];
    expect(groups).toBeGreaterThanOrEqual(30);
    expect(walkCapped(groups + 1, 0)).toBeUndefined();
    expect(walkCapped(groups + 2, 0)?.map((hit) => hit.seq)).toEqual(expected);
    expect(walkCapped(groups + df, 1_000_000)).toBeUndefined();
    expect(walkCapped(groups + df + 1, 1_000_000)?.map((hit) => hit.seq)).toEqual(expected);
    // Turning to the facets after 10 rows, inside a group or at its end: 10 rows, then 1.
    expect(walkCapped(groups + 11, 10)).toBeUndefined();
    expect(walkCapped(groups + 12, 10)?.map((hit) => hit.seq)).toEqual(expected);

    // A delete the index did not see (another toolgen's): a winner's row is gone, FTS5 answers.
    const top = walk(["river"])!;
    h.db.prepare("DELETE FROM documents WHERE kb_id = ? AND id = ?").run(h.id, top[0]!.id);
    h.db.prepare(`DELETE FROM ${ftsTable(h.id)} WHERE rowid = (SELECT max(seq) + 1000 FROM documents)`).run();
    expect(walk(["river"])).toBeUndefined();

    // An add the index did not see: FTS5's row count moved, so the index is not used until rebuilt.
    h.db.prepare(`INSERT INTO ${ftsTable(h.id)} (rowid, title, content) VALUES (999999, 'river', 'river')`).run();
    expect(walk(["stone"])).toBeUndefined();
    expect(h.db.transaction(() => h.queries.setScoreIndex(true)).immediate()).toEqual([h.id]);
    expect(walk(["stone"])).toEqual(h.db.transaction(() => h.queries.search(h.id, ["stone"], 10, [], false))());

    // Off: the tables go, new knowledge bases get none.
    expect(h.db.transaction(() => h.queries.setScoreIndex(false)).immediate()).toEqual([]);
    expect(h.db.prepare("SELECT count(*) FROM sqlite_schema WHERE name LIKE 'score_%_kb_%'").pluck().get()).toBe(0);
    expect(walk(["stone"])).toBeUndefined();
    const other = h.db.transaction(() => h.queries.createKnowledgeBase("later"))();
    expect(h.db.prepare("SELECT count(*) FROM score_indexes WHERE kb_id = ?").pluck().get(other.id)).toBe(0);
    h.close();
  });

  it("is left behind, not wrong, by a document past its rowid's range (seq at 2^38)", async () => {
    const h = harness(tempDir("kb-score-range-"), "range");
    h.db.transaction(() => h.queries.setScoreIndex(true)).immediate();
    await h.add(documentsFor(random(13), 50, Array.from({ length: 50 }, (_, n) => `d${n}`)));
    const walk = (): unknown => h.db.transaction(() => h.queries.walk(h.id, ["river"], 10, []))();
    expect(walk()).toBeDefined();
    h.db.prepare("UPDATE sqlite_sequence SET seq = ? WHERE name = 'documents'").run(2 ** SEQ_BITS - 1);
    await h.add([{ id: "far", title: "river", content: "river stone", metadata: {} }]);
    expect(h.db.prepare("SELECT seq FROM documents WHERE id = 'far'").pluck().get()).toBe(2 ** SEQ_BITS);
    expect(walk()).toBeUndefined();
    const hits = h.db.transaction(() => h.queries.search(h.id, ["river"], 100, []))();
    expect(hits.some((hit) => hit.id === "far")).toBe(true);
    // Building it again cannot hold the document either: it stays behind.
    expect(h.db.transaction(() => h.queries.setScoreIndex(true)).immediate()).toEqual([h.id]);
    expect(h.db.prepare("SELECT fts_rows FROM score_indexes WHERE kb_id = ?").pluck().get(h.id)).toBe(-1);
    expect(walk()).toBeUndefined();
    h.remove(["far"]);
    expect(h.db.transaction(() => h.queries.search(h.id, ["river"], 100, []))().some((hit) => hit.id === "far")).toBe(false);
    h.close();
  });

  it("answers on the service's thread at any size, through the storage", async () => {
    const dir = tempDir("kb-score-storage-");
    // A budget of one posting: without the score index, nothing runs on this thread.
    const storage = await SqliteStorage.open(dir, undefined, 1, 1);
    try {
      expect(await storage.setScoreIndex(true)).toEqual([]);
      const { id } = await storage.createKnowledgeBase("s");
      const documents = await indexDocuments(documentsFor(random(4), 300, Array.from({ length: 300 }, (_, n) => `d${n}`)));
      await storage.addDocuments(id, documents);
      const hits = await storage.search(id, ["river"], 5, filter({ source: "faq" }));
      expect(storage.inlineSearches).toBe(1);
      expect(hits.length).toBe(5);
      expect(hits.every((hit) => hit.metadata.source === "faq")).toBe(true);
      await storage.search(id, ["river", "stone"], 5, []);
      expect(storage.inlineSearches).toBe(1);
      const db = new Database(join(dir, DATABASE_FILE), { readonly: true });
      const queries = new SqliteQueries(db);
      expect(db.transaction(() => queries.search(id, ["river"], 5, filter({ source: "faq" }), false))()).toEqual(hits);
      db.close();
    } finally {
      await storage.close();
    }
  });
});
