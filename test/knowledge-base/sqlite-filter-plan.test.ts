/**
 * SQLite's two ways of checking a filter (sqlite/filter-plan.ts): a probe per match, or a check
 * against the narrowest term's list of documents. Which one a search takes (the counts decide),
 * that both answer the same as the filter applied to the unfiltered ranking whichever is forced,
 * and that the per-term counts stay those of metadata_values through adds, replaces and deletes,
 * for a file made before the lists too.
 */
import Database from "better-sqlite3";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { Term, TermValue } from "../../src/knowledge-base/service/filters.js";
import { indexDocuments } from "../../src/knowledge-base/service/index-documents.js";
import { queryGrams, queryWords } from "../../src/knowledge-base/service/query-words.js";
import { DATABASE_FILE, ftsTable, openDatabase } from "../../src/knowledge-base/service/sqlite/database.js";
import { FilterPlanner, LIST_RATIO, SHORT_LIST } from "../../src/knowledge-base/service/sqlite/filter-plan.js";
import { METADATA_COUNTS, METADATA_TERM_INDEX } from "../../src/knowledge-base/service/sqlite/metadata-term-lists.js";
import { SqliteQueries } from "../../src/knowledge-base/service/sqlite/sqlite-queries.js";
import { StatementCache } from "../../src/knowledge-base/service/sqlite/statement-cache.js";
import { DOCUMENT_TITLE_INDEX, LONGEST_TITLE_LIST, TitleLists } from "../../src/knowledge-base/service/sqlite/title-list.js";
import type { NewDocument } from "../../src/knowledge-base/service/storage.js";
import { seededRandom } from "../support/seeded-random.js";
import { removeTempDirs, tempDir } from "./support.js";

afterAll(() => removeTempDirs());
afterEach(() => vi.restoreAllMocks());

type Db = Database.Database;

async function add(queries: SqliteQueries, kb: number, documents: NewDocument[]): Promise<void> {
  queries.addDocuments(kb, await indexDocuments(documents));
}

/** Every (key, value) of metadata_values whose count row says otherwise: none when the counts are right. */
function wrongCounts(db: Db): unknown[] {
  return db
    .prepare(
      `SELECT v.key, v.value, v.n, c.documents FROM (SELECT key, value, count(*) AS n FROM metadata_values GROUP BY key, value) AS v
       LEFT JOIN ${METADATA_COUNTS} AS c ON c.key = v.key AND c.value = v.value
       WHERE c.documents IS NOT v.n
       UNION ALL
       SELECT c.key, c.value, 0, c.documents FROM ${METADATA_COUNTS} AS c
       WHERE c.documents <> 0 AND NOT EXISTS (SELECT 1 FROM metadata_values AS v WHERE v.key = c.key AND v.value = c.value)`,
    )
    .all();
}

describe("which plan a filtered search takes", () => {
  it("lists a term when the words match more documents than it holds, probes otherwise", async () => {
    const dir = tempDir();
    const db = openDatabase(dir);
    const queries = new SqliteQueries(db);
    const kb = queries.createKnowledgeBase("plans").id;
    // 2,000 documents hold "common", 5 "rare"; team "small" is on 300 (past SHORT_LIST), "big" on 1,800, "tiny" on 10.
    await add(
      queries,
      kb,
      Array.from({ length: 2000 }, (_, i) => ({
        id: `d${i}`,
        title: "t",
        content: i % 400 === 0 ? "common rare" : "common",
        metadata: { team: i < 300 ? "small" : i < 310 ? "tiny" : "big" },
      })),
    );
    const planner = new FilterPlanner(new StatementCache(db));
    const counted = (value: string) => planner.narrowest([{ key: "team", value }])!;
    expect(counted("small").documents).toBe(300);
    expect(counted("big").documents).toBe(1690);
    expect(counted("absent")).toEqual({ term: { key: "team", value: "absent" }, documents: 0 });
    const fts = ftsTable(kb);
    expect(planner.listPays(fts, "common", counted("small"))).toBe(true);
    expect(planner.listPays(fts, "rare", counted("small"))).toBe(false);
    // 2,000 matches against 1,690 documents: at LIST_RATIO the list still pays; 5 never do.
    expect(2000 >= Math.ceil(1690 * LIST_RATIO)).toBe(true);
    expect(planner.listPays(fts, "common", counted("big"))).toBe(true);
    expect(planner.listPays(fts, "rare", counted("big"))).toBe(false);
    // A short list is taken without counting the matches at all.
    expect(counted("tiny").documents).toBeLessThanOrEqual(SHORT_LIST);
    const tiny = counted("tiny");
    const prepared = vi.spyOn(Database.prototype, "prepare");
    expect(new FilterPlanner(new StatementCache(db)).listPays(fts, "rare", tiny)).toBe(true);
    expect(prepared.mock.calls.filter(([sql]) => String(sql).includes("MATCH"))).toEqual([]);
    // The narrowest of several terms is the one listed; a title term never is.
    expect(planner.narrowest([{ key: "team", value: "big" }, { key: "title", value: "t" }, { key: "team", value: "small" }])?.term).toEqual({ key: "team", value: "small" });
    expect(planner.narrowest([{ key: "title", value: "t" }])).toBeUndefined();
    queries.close();
  });

  it("lists a title's documents when they are few or the words match as many, compares each match's title otherwise", async () => {
    const dir = tempDir();
    let db = openDatabase(dir);
    let queries = new SqliteQueries(db);
    const kb = queries.createKnowledgeBase("titles").id;
    // "short" titles 10 documents, "long" 1,990; every document holds "common", one in 400 "rare".
    await add(
      queries,
      kb,
      Array.from({ length: 2000 }, (_, i) => ({ id: `d${i}`, title: i < 10 ? "short" : "long", content: i % 400 === 0 ? "common rare" : "common", metadata: {} })),
    );
    const fts = ftsTable(kb);
    const statements = new StatementCache(db);
    const lists = new TitleLists(statements);
    const planner = new FilterPlanner(statements);
    const counted = (knowledgeBase: number, value: TermValue) => lists.counted(knowledgeBase, { key: "title", value });
    const listPays = (expression: string, value: TermValue) => {
      const title = counted(kb, value);
      return title !== undefined && planner.listPays(fts, expression, title);
    };
    expect(counted(kb, "short")).toEqual({ term: { key: "title", value: "short" }, documents: 10 });
    expect(counted(kb, "long")?.documents).toBe(1990);
    const prepared = vi.spyOn(Database.prototype, "prepare");
    expect(listPays("rare", "short")).toBe(true);
    // A short list is taken without counting the matches.
    expect(prepared.mock.calls.filter(([sql]) => String(sql).includes("MATCH"))).toEqual([]);
    vi.restoreAllMocks();
    expect(listPays("common", "long")).toBe(true);
    expect(listPays("rare", "long")).toBe(false);
    // A value that is not a string matches no title: nothing to list.
    expect(counted(kb, 1)).toBeUndefined();
    // Another knowledge base's documents do not count: its "long" list is empty.
    const other = queries.createKnowledgeBase("other").id;
    expect(counted(other, "long")).toEqual({ term: { key: "title", value: "long" }, documents: 0 });
    expect(LONGEST_TITLE_LIST).toBeGreaterThan(SHORT_LIST);
    queries.close();
    // A file made before the index: searches compare titles on the rows until a writer makes it.
    const bare = new Database(`${dir}/${DATABASE_FILE}`);
    bare.exec(`DROP INDEX ${DOCUMENT_TITLE_INDEX}`);
    expect(new TitleLists(new StatementCache(bare)).counted(kb, { key: "title", value: "short" })).toBeUndefined();
    bare.close();
    db = openDatabase(dir);
    queries = new SqliteQueries(db);
    expect(db.prepare("SELECT count(*) FROM sqlite_schema WHERE name = ?").pluck().get(DOCUMENT_TITLE_INDEX)).toBe(1);
    expect(queries.search(kb, ["rare"], 10, [{ key: "title", value: "short" }], false).map((hit) => hit.id)).toEqual(["d0"]);
    // A search of both tables (words and grams) counts each title term once.
    await add(queries, kb, [{ id: "zh", title: "short", content: "河流", metadata: {} }]);
    const counts = vi.spyOn(TitleLists.prototype, "counted");
    expect(queries.search(kb, queryWords("河流"), 10, [{ key: "title", value: "short" }], false, queryGrams("河流")).map((hit) => hit.id)).toEqual(["zh"]);
    expect(counts).toHaveBeenCalledTimes(1);
    queries.close();
  });
});

const WORDS = "river stone maple cedar harbor lantern copper meadow falcon orchid amber glacier canyon willow ember quartz heron basalt juniper sorrel".split(" ");
const CHINESE = "河流 石头 枫树 港口 灯笼".split(" ");

function randomDocument(rng: () => number, id: string): NewDocument {
  const chinese = rng() < 0.3;
  const pool = chinese ? CHINESE : WORDS;
  const words = Array.from({ length: 2 + Math.floor(rng() * 12) }, () => pool[Math.floor(rng() ** 3 * pool.length)]!);
  const metadata: Record<string, unknown> = { team: `t${Math.floor(rng() ** 3 * 8)}` };
  if (rng() < 0.5) metadata.n = Math.floor(rng() * 3);
  if (rng() < 0.4) metadata.tags = ["a", "b", "a"].filter(() => rng() < 0.6);
  if (rng() < 0.3) metadata.flag = rng() < 0.5;
  if (rng() < 0.2) metadata.mixed = ["1", 1, true][Math.floor(rng() * 3)];
  return { id, title: rng() < 0.5 ? "guide" : "notes", content: words.join(chinese ? "" : " "), metadata };
}

function randomTerms(rng: () => number): Term[] {
  const values: [string, TermValue][] = [
    ["team", `t${Math.floor(rng() * 9)}`],
    ["n", Math.floor(rng() * 3)],
    ["tags", "a"],
    ["flag", rng() < 0.5],
    ["mixed", ["1", 1, true][Math.floor(rng() * 3)]!],
    ["title", "guide"],
  ];
  return Array.from({ length: 1 + Math.floor(rng() * 2) }, () => {
    const [key, value] = values[Math.floor(rng() * values.length)]!;
    return { key, value };
  });
}

function passes(document: { title: string; metadata: Record<string, unknown> }, terms: readonly Term[]): boolean {
  return terms.every(({ key, value }) => {
    if (key === "title") return document.title === value;
    const held = document.metadata[key];
    return Array.isArray(held) ? held.includes(value) : held === value;
  });
}

describe("both plans answer the same", () => {
  it("forced to list, forced to probe and chosen: the unfiltered ranking restricted to the filter", async () => {
    const rng = seededRandom(3_501);
    const db = openDatabase(tempDir());
    const queries = new SqliteQueries(db);
    const kb = queries.createKnowledgeBase("same").id;
    for (let start = 0; start < 1200; start += 300) await add(queries, kb, Array.from({ length: 300 }, (_, i) => randomDocument(rng, `d${start + i}`)));
    await add(queries, kb, Array.from({ length: 80 }, () => randomDocument(rng, `d${Math.floor(rng() * 1200)}`)));
    queries.deleteDocuments(kb, Array.from({ length: 60 }, () => `d${Math.floor(rng() * 1200)}`));
    const stored = new Map(queries.listDocuments(kb, 0, 5000).documents.map((document) => [document.id, document]));
    expect(wrongCounts(db)).toEqual([]);

    const listPays = FilterPlanner.prototype.listPays;
    // The title terms' choice goes through listPays too (title-list.ts), so forcing it forces theirs.
    const force = (pays: boolean) => vi.spyOn(FilterPlanner.prototype, "listPays").mockReturnValue(pays);
    const plans = { chosen: (): void => undefined, list: () => force(true), probe: () => force(false) };
    const taken = { list: 0, probe: 0 };
    let nonEmpty = 0;
    for (let q = 0; q < 100; q++) {
      const text = Array.from({ length: 1 + Math.floor(rng() * 2) }, () => ((pool) => pool[Math.floor(rng() * pool.length)])(rng() < 0.3 ? CHINESE : WORDS)).join(" ");
      const terms = randomTerms(rng);
      const topK = [1, 5, 20][Math.floor(rng() * 3)]!;
      const words = queryWords(text);
      const grams = queryGrams(text);
      const everything = queries.search(kb, words, 5000, [], false, grams);
      const expected = everything.filter((hit) => passes(stored.get(hit.id)!, terms)).slice(0, topK).map((hit) => [hit.id, hit.score]);
      if (expected.length > 0) nonEmpty++;
      for (const [name, force] of Object.entries(plans)) {
        vi.restoreAllMocks();
        force();
        if (name === "chosen") {
          vi.spyOn(FilterPlanner.prototype, "listPays").mockImplementation(function (this: FilterPlanner, ...args) {
            const pays = listPays.apply(this, args);
            taken[pays ? "list" : "probe"]++;
            return pays;
          });
        }
        const answer = queries.search(kb, words, topK, terms, false, grams).map((hit) => [hit.id, hit.score]);
        expect(answer, `${name}: ${text} ${JSON.stringify(terms)} topK ${topK}`).toEqual(expected);
      }
    }
    expect(nonEmpty).toBeGreaterThan(15);
    // The corpus makes the choice go both ways.
    expect(taken.list).toBeGreaterThan(5);
    expect(taken.probe).toBeGreaterThan(5);
    queries.close();
  });
});

describe("the counts", () => {
  it("are made for a file without them, and kept by adds, replaces and deletes of any writer", async () => {
    const dir = tempDir();
    const rng = seededRandom(3_502);
    let db = openDatabase(dir);
    let queries = new SqliteQueries(db);
    const kb = queries.createKnowledgeBase("counts").id;
    await add(queries, kb, Array.from({ length: 200 }, (_, i) => randomDocument(rng, `d${i}`)));
    queries.close();
    // A file as the previous release left it: no index, no counts, no triggers.
    const bare = new Database(`${dir}/${DATABASE_FILE}`);
    bare.exec(`DROP INDEX ${METADATA_TERM_INDEX}; DROP TABLE ${METADATA_COUNTS}; DROP TRIGGER metadata_counts_insert; DROP TRIGGER metadata_counts_delete;`);
    // It writes meanwhile: metadata_values moves on without counts.
    bare.prepare(`UPDATE documents SET metadata = '{"team":"t9","n":2}' WHERE id IN ('d1', 'd2', 'd3')`).run();
    bare.close();
    db = openDatabase(dir);
    queries = new SqliteQueries(db);
    expect(db.prepare("SELECT count(*) FROM sqlite_schema WHERE name IN (?, ?)").pluck().get(METADATA_TERM_INDEX, METADATA_COUNTS)).toBe(2);
    expect(wrongCounts(db)).toEqual([]);
    // Replaces (same ids, new metadata), deletes, and a write that is not toolgen's own SQL.
    await add(queries, kb, Array.from({ length: 120 }, () => randomDocument(rng, `d${Math.floor(rng() * 260)}`)));
    queries.deleteDocuments(kb, Array.from({ length: 40 }, () => `d${Math.floor(rng() * 260)}`));
    db.prepare("UPDATE documents SET metadata = json_object('team', 't1', 'tags', json_array('a', 'a', 'b')) WHERE id = 'd10'").run();
    expect(wrongCounts(db)).toEqual([]);
    // Values compare as metadata_values compares them: 1 and 1.0 are one value, "1" another, true a third.
    await add(queries, kb, [
      { id: "x1", title: "", content: "river", metadata: { v: 1 } },
      { id: "x2", title: "", content: "river", metadata: { v: 1.0 } },
      { id: "x3", title: "", content: "river", metadata: { v: "1" } },
      { id: "x4", title: "", content: "river", metadata: { v: true } },
    ]);
    const planner = new FilterPlanner(new StatementCache(db));
    expect(planner.narrowest([{ key: "v", value: 1 }])?.documents).toBe(2);
    expect(planner.narrowest([{ key: "v", value: "1" }])?.documents).toBe(1);
    expect(planner.narrowest([{ key: "v", value: true }])?.documents).toBe(1);
    expect(wrongCounts(db)).toEqual([]);
    queries.close();
  });
});
