/**
 * The score index built in batches while the service answers (score-index-build.ts): searches
 * answer as FTS5 does during the build, writes that come meanwhile (adds, replaces, deletes, in
 * ranges built and not yet built) end up in the index exactly once, the built index holds the
 * entries a build from FTS5's own index in one transaction holds, a build stopped (closed or
 * killed) goes on where it stopped, and `kb serve --score-index` listens before the build ends.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { runKbServe } from "../../src/cli/kb-command.js";
import type { CliIo } from "../../src/cli/cli-io.js";
import { parseFilterConditions, type Term } from "../../src/knowledge-base/service/filters.js";
import { indexDocuments } from "../../src/knowledge-base/service/index-documents.js";
import { queryWords } from "../../src/knowledge-base/service/query-words.js";
import { CONTENT_WEIGHT, DATABASE_FILE, ftsTable, TITLE_WEIGHT, TOKENIZE } from "../../src/knowledge-base/service/sqlite/database.js";
import { groupToken, postingParts, scoreIndexTables, unpackPairs } from "../../src/knowledge-base/service/sqlite/score-index.js";
import { ScoreIndexWriter } from "../../src/knowledge-base/service/sqlite/score-index-writer.js";
import { SqliteQueries } from "../../src/knowledge-base/service/sqlite/sqlite-queries.js";
import { SqliteStorage } from "../../src/knowledge-base/service/sqlite/sqlite-storage.js";
import type { NewDocument } from "../../src/knowledge-base/service/storage.js";
import { seededRandom as random } from "../support/seeded-random.js";
import { REPO_ROOT } from "../support/output-dir.js";
import { removeTempDirs, tempDir, transpileForChild } from "./support.js";

afterAll(() => removeTempDirs());
afterEach(() => vi.unstubAllEnvs());

const ENGLISH = ["river", "rivers", "run", "running", "stone", "light", "lighting", "naïve", "garden", "salt", "ocean", "harbor", "lamp", "tower", "bridge", "engine"];
const CHINESE = ["水管", "园林", "化工", "建国", "车队"];
const SOURCES = ["faq", "wiki", "mail", "chat"];
const WORDS = [...ENGLISH, ...CHINESE, "absent"];

const filter = (...terms: Record<string, unknown>[]): Term[] => parseFilterConditions({ bool: { filter: terms.map((term) => ({ term })) } });
const FILTERS: Term[][] = [[], filter({ source: "faq" }), filter({ source: "wiki" }, { year: 2001 }), filter({ flag: true })];

function documentsFor(next: () => number, count: number, ids: readonly string[]): NewDocument[] {
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const words = (n: number): string => Array.from({ length: n }, () => (next() < 0.2 ? pick(CHINESE) : pick(ENGLISH))).join(next() < 0.5 ? " " : "");
  return Array.from({ length: count }, () => ({
    id: pick(ids),
    title: words(1 + Math.floor(next() * 3)),
    content: words(Math.floor(next() * 30)),
    metadata: { source: pick(SOURCES), year: 2000 + Math.floor(next() * 3), flag: next() < 0.5 },
  }));
}

/** A knowledge base of `count` documents, written without a score index; the storage stays open. */
async function filled(dir: string, count: number, seed: number, batch: number): Promise<{ storage: SqliteStorage; id: number; ids: string[]; log: string[] }> {
  const log: string[] = [];
  const storage = await SqliteStorage.open(dir, undefined, 2, undefined, { batch, log: (line) => log.push(line) });
  const { id } = await storage.createKnowledgeBase("built");
  const ids = Array.from({ length: count }, (_, n) => `doc-${n}`);
  const next = random(seed);
  for (let at = 0; at < count; at += 200) {
    const documents = documentsFor(next, 200, ids).map((document, n) => ({ ...document, id: ids[at + n]! }));
    await storage.addDocuments(id, await indexDocuments(documents.slice(0, count - at)));
  }
  return { storage, id, ids, log };
}

/** The file as another process sees it: read-only, with FTS5's answer (walk off) and the walk's. */
function inspect(dir: string) {
  const db = new Database(join(dir, DATABASE_FILE), { readonly: true });
  const queries = new SqliteQueries(db);
  return {
    db,
    fts: (id: number, word: string, topK: number, terms: Term[]) => db.transaction(() => queries.search(id, queryWords(word), topK, terms, false))(),
    walk: (id: number, word: string, topK: number, terms: Term[]) => db.transaction(() => queries.walk(id, queryWords(word), topK, terms))(),
    build: (id: number) => db.prepare("SELECT last_seq, done_seq FROM score_index_builds WHERE kb_id = ?").raw().get(id) as [number, number] | undefined,
    recorded: (id: number) => db.prepare("SELECT fts_rows FROM score_indexes WHERE kb_id = ?").pluck().get(id) as number | undefined,
    close: () => db.close(),
  };
}

/**
 * The index's entries by document id and term text (ids of terms differ from build to build):
 * each document's length and (term, weight) pairs, each term's df, each group's count and
 * members (the postings' FTS5 rows), and whether every group's `shortest` bounds its members.
 */
function entries(db: Database.Database, knowledgeBaseId: number): unknown {
  const t = scoreIndexTables(knowledgeBaseId);
  const names = new Map(db.prepare(`SELECT id, term FROM ${t.terms}`).raw().all() as [number, string][]);
  const idOf = db.prepare("SELECT id FROM documents WHERE seq = ?").pluck();
  const documents = (db.prepare(`SELECT seq, length, pairs FROM ${t.documents}`).raw().all() as [number, number, Uint8Array][])
    .map(([seq, length, pairs]) => [idOf.get(seq), length, unpackPairs(pairs).map(([term, weight]) => `${names.get(term)}:${weight}`).sort()] as const)
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const df = (db.prepare(`SELECT term, df FROM ${t.terms} ORDER BY term`).raw().all() as [string, number][]).map(([term, count]) => `${term}:${count}`);
  const parts = postingParts("p.rowid");
  const members = db.prepare(`SELECT ${parts.length}, d.id FROM ${t.postings} AS p JOIN documents AS d ON d.seq = (${parts.seq}) WHERE ${t.postings} MATCH ?`).raw();
  const groups = (db.prepare(`SELECT term, weight, count, shortest FROM ${t.groups}`).raw().all() as [number, number, number, number][])
    .map(([term, weight, count, shortest]) => {
      const rows = members.all(`"${groupToken(term, weight)}"`) as [number, string][];
      expect(rows.length).toBe(count);
      expect(Math.min(...rows.map(([length]) => length))).toBeGreaterThanOrEqual(shortest);
      return `${names.get(term)}:${weight}:${rows.map(([, id]) => id).sort().join(",")}`;
    })
    .sort();
  return { documents, df, groups };
}

/** The entries of the index built in batches, then of one built from FTS5's index in a transaction rolled back after. */
function entriesAgainstFullBuild(dir: string, knowledgeBaseId: number): { batches: unknown; full: unknown } {
  const db = new Database(join(dir, DATABASE_FILE));
  try {
    const batches = entries(db, knowledgeBaseId);
    // Rolled back: the file stays as the batches left it.
    let full: unknown;
    try {
      db.transaction(() => {
        new ScoreIndexWriter(db, TOKENIZE, TITLE_WEIGHT, CONTENT_WEIGHT).build(knowledgeBaseId, ftsTable(knowledgeBaseId));
        full = entries(db, knowledgeBaseId);
        throw new RollBack();
      }).immediate();
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
    }
    return { batches, full };
  } finally {
    db.close();
  }
}

class RollBack extends Error {}

/** Every word, filter and topK: the walk answers, and as FTS5 does. */
function compareAll(dir: string, knowledgeBaseId: number): number {
  const file = inspect(dir);
  let compared = 0;
  try {
    expect(file.build(knowledgeBaseId)).toBeUndefined();
    expect(file.recorded(knowledgeBaseId)).toBeGreaterThan(0);
    for (const word of WORDS) {
      for (const terms of FILTERS) {
        for (const topK of [1, 5, 30]) {
          const walked = file.walk(knowledgeBaseId, word, topK, terms);
          expect(walked, `${word} ${JSON.stringify(terms)} top ${topK}`).toEqual(file.fts(knowledgeBaseId, word, topK, terms));
          compared += walked!.length;
        }
      }
    }
  } finally {
    file.close();
  }
  return compared;
}

/** Adds (new ids and stored ones: replaces), deletes, and searches through the storage compared with FTS5's answer. */
async function writeAndSearch(storage: SqliteStorage, dir: string, id: number, ids: string[], next: () => number): Promise<void> {
  const fresh = Array.from({ length: 3 }, () => `new-${Math.floor(next() * 1e9)}`);
  ids.push(...fresh);
  const documents = documentsFor(next, 12, ids);
  await storage.addDocuments(id, await indexDocuments(documents));
  const gone = ids.filter(() => next() < 0.01);
  await storage.deleteDocuments(id, gone);
  const file = inspect(dir);
  try {
    for (const word of ["river", "stone", "水管", "lamp"]) {
      for (const terms of FILTERS.slice(0, 2)) {
        expect(await storage.search(id, queryWords(word), 10, terms), word).toEqual(file.fts(id, word, 10, terms));
      }
    }
  } finally {
    file.close();
  }
}

describe("score index built in batches", () => {
  it("answers as FTS5 does during the build, and holds every write made meanwhile exactly once", async () => {
    const dir = tempDir("kb-score-build-");
    const { storage, id, ids, log } = await filled(dir, 1_000, 3, 9);
    try {
      expect(await storage.setScoreIndex(true)).toEqual([id]);
      let building = true;
      const built = storage.scoreIndexBuilt().then(() => (building = false));
      const next = random(5);
      let during = 0;
      let walkedDuring = 0;
      for (let round = 0; building; round++) {
        await writeAndSearch(storage, dir, id, ids, next);
        if (!building) break;
        during += 1;
        const file = inspect(dir);
        // Until the last batch the index records -1: no search walks it, wherever it runs.
        if (file.build(id) !== undefined) {
          expect(file.recorded(id)).toBe(-1);
          if (file.walk(id, "river", 10, []) !== undefined) walkedDuring += 1;
        }
        file.close();
      }
      await built;
      // Every batch went through the first time (a batch that failed would say so here).
      expect(log).toEqual([expect.stringMatching(new RegExp(`^score index of knowledge base ${id} built in \\d+\\.\\d s$`))]);
      expect(during).toBeGreaterThanOrEqual(5);
      expect(walkedDuring).toBe(0);
      // After it: more writes, kept as for any complete index.
      for (let round = 0; round < 3; round++) await writeAndSearch(storage, dir, id, ids, next);
    } finally {
      await storage.close();
    }
    expect(compareAll(dir, id)).toBeGreaterThan(1_000);
    const { batches, full } = entriesAgainstFullBuild(dir, id);
    expect(batches).toEqual(full);
  });

  it("goes on where it stopped after the service was closed, and after it was killed (kill -9)", async () => {
    const dir = tempDir("kb-score-resume-");
    const { storage, id, ids } = await filled(dir, 800, 7, 5);
    await storage.setScoreIndex(true);
    // Closed mid-build: the batch under way commits, the rest waits for the next start.
    for (let file = inspect(dir); (file.build(id)?.[1] ?? 0) < 100; file = inspect(dir)) {
      file.close();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await storage.close();
    let file = inspect(dir);
    const [lastSeq, closedAt] = file.build(id)!;
    expect(closedAt).toBeLessThan(lastSeq);
    expect(file.recorded(id)).toBe(-1);
    expect(file.walk(id, "river", 10, [])).toBeUndefined();
    file.close();

    // Killed mid-build: `kb serve` from dist/, started without --score-index (the build goes on anyway).
    const dist = transpileForChild("kb-serve");
    expect(dist).toContain("dist");
    const child = spawn(process.execPath, [join(REPO_ROOT, "bin/toolgen.js"), "kb", "serve", "--data", dir, "--port", "0"], {
      env: { ...process.env, TOOLGEN_KB_SCORE_INDEX_BATCH: "3", DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      for (file = inspect(dir); (file.build(id)?.[1] ?? lastSeq) < closedAt + 100; file = inspect(dir)) {
        file.close();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      file.close();
    } finally {
      child.kill("SIGKILL");
      await exited;
    }
    file = inspect(dir);
    const [, killedAt] = file.build(id)!;
    expect(killedAt).toBeGreaterThan(closedAt);
    expect(killedAt).toBeLessThan(lastSeq);
    expect(file.recorded(id)).toBe(-1);
    file.close();

    // Started again: writes meanwhile, then the build ends and answers as a build in one go would.
    const log: string[] = [];
    const again = await SqliteStorage.open(dir, undefined, 2, undefined, { batch: 11, log: (line) => log.push(line) });
    try {
      const next = random(9);
      for (let round = 0; round < 4; round++) await writeAndSearch(again, dir, id, ids, next);
      await again.scoreIndexBuilt();
      expect(log).toEqual([expect.stringMatching(/^score index of knowledge base \d+ built in/)]);
    } finally {
      await again.close();
    }
    expect(compareAll(dir, id)).toBeGreaterThan(1_000);
    const { batches, full } = entriesAgainstFullBuild(dir, id);
    expect(batches).toEqual(full);
  });

  it("pauses while another process holds the write lock, without holding up the clients' writes after it", async () => {
    const dir = tempDir("kb-score-locked-");
    const { storage, id, ids, log } = await filled(dir, 400, 17, 5);
    try {
      await storage.setScoreIndex(true);
      const other = new Database(join(dir, DATABASE_FILE));
      other.pragma("busy_timeout = 5000");
      other.prepare("BEGIN IMMEDIATE").run();
      let file = inspect(dir);
      const [, heldAt] = file.build(id)!;
      file.close();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      file = inspect(dir);
      expect(file.build(id)![1]).toBe(heldAt);
      file.close();
      // Said once, though the batches were tried again meanwhile.
      expect(log).toEqual(["score index build paused: another process holds the write lock; it goes on when the lock is free"]);
      other.prepare("COMMIT").run();
      other.close();
      await writeAndSearch(storage, dir, id, ids, random(19));
      await storage.scoreIndexBuilt();
      expect(log.slice(1)).toEqual([expect.stringMatching(/^score index of knowledge base \d+ built in/)]);
    } finally {
      await storage.close();
    }
    expect(compareAll(dir, id)).toBeGreaterThan(400);
  });

  it("`kb serve --score-index` listens and answers searches while the build runs", async () => {
    const dir = tempDir("kb-score-serve-");
    const { storage, id } = await filled(dir, 1_000, 11, 10);
    await storage.close();
    vi.stubEnv("DATABASE_URL", "");
    vi.stubEnv("TOOLGEN_KB_SCORE_INDEX_BATCH", "4");
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = { stdout: (line) => out.push(line), stderr: (line) => err.push(line), exitCode: () => undefined };
    let stop!: (reason: string) => void;
    const running = runKbServe({ port: 0, host: "127.0.0.1", data: dir, token: [], scoreIndex: true }, io, new Promise<string>((resolve) => (stop = resolve)));
    try {
      while (!out.some((line) => line.includes("listening on"))) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 5))]);
      const url = /listening on (\S+)/.exec(out.join("\n"))![1]!;
      const search = async (): Promise<{ id: string; score: number }[]> => {
        const answer = await fetch(`${url}/llm/knowledge/search`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ knowledgeBaseId: id, query: "river", topK: 10 }) });
        const body = (await answer.json()) as { errorCode: number; result: { fileId: string; score: number }[] };
        expect(body.errorCode).toBe(0);
        return body.result.map((hit) => ({ id: hit.fileId, score: hit.score }));
      };
      const during = await search();
      const file = inspect(dir);
      const expected = file.fts(id, "river", 10, []).map((hit) => ({ id: hit.id, score: hit.score }));
      // The search was answered with the build under way (it had not waited for it).
      expect(file.build(id)).toBeDefined();
      file.close();
      expect(err.some((line) => line.includes("built in"))).toBe(false);
      expect(err).toContainEqual("toolgen: score index on: building it for 1 knowledge base in the background (their searches use FTS5 until then)");
      expect(during).toEqual(expected);
      while (!err.some((line) => line.includes("built in"))) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(err).toContainEqual(expect.stringMatching(new RegExp(`^toolgen: score index of knowledge base ${id} built in \\d+\\.\\d s$`)));
      expect(await search()).toEqual(expected);
    } finally {
      stop("SIGTERM");
      await running;
    }
    expect(compareAll(dir, id)).toBeGreaterThan(1_000);
  });
});

describe("score index built in batches, on one connection", () => {
  it("is built from FTS5's own index when FTS5 holds other tokens than the texts segmented again", async () => {
    const dir = tempDir("kb-score-differs-");
    const { storage, id } = await filled(dir, 300, 13, 50);
    await storage.close();
    const db = new Database(join(dir, DATABASE_FILE));
    const queries = new SqliteQueries(db);
    try {
      // As a toolgen that segmented otherwise wrote it: FTS5 indexed words the stored text has not.
      const [odd] = await indexDocuments([{ id: "odd", title: "river", content: "stone", metadata: {} }]);
      db.transaction(() => queries.addDocuments(id, [{ ...odd!, indexContent: "stone lamp lamp" }])).immediate();
      expect(db.transaction(() => queries.startScoreIndex(true)).immediate()).toEqual([id]);
      const states: string[] = [];
      for (let step = db.transaction(() => queries.buildScoreIndex(40)).immediate(); step !== undefined; step = db.transaction(() => queries.buildScoreIndex(40)).immediate()) {
        states.push(step.state);
      }
      expect(states.at(-1)).toBe("rebuilt");
      expect(states.filter((state) => state !== "batch")).toEqual(["rebuilt"]);
    } finally {
      db.close();
    }
    expect(compareAll(dir, id)).toBeGreaterThan(300);
    const file = inspect(dir);
    expect(file.walk(id, "lamp", 50, [])!.map((hit) => hit.id)).toContain("odd");
    file.close();
  });
});
