/**
 * Several `kb serve` processes on one SQLite data directory: they start at the same
 * moment on an empty directory (one creates the tables, the others wait for it), and their
 * concurrent writers wait for each other's write lock instead of failing with "database is locked";
 * and both keep the score index right.
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, expect, it } from "vitest";
import { KnowledgeBase } from "../../templates/knowledge-base.js";
import { startKnowledgeBaseService } from "../../src/knowledge-base/service/index.js";
import { parseFilterConditions } from "../../src/knowledge-base/service/filters.js";
import { DATABASE_FILE, ftsTable } from "../../src/knowledge-base/service/sqlite/database.js";
import { sqliteVarints } from "../../src/knowledge-base/service/sqlite/fts5-records.js";
import { SqliteQueries } from "../../src/knowledge-base/service/sqlite/sqlite-queries.js";
import { killChildren, serveInChild } from "./serve-in-child.js";
import { removeTempDirs, tempDir } from "./support.js";

const TOKEN = "sqlite-processes";

afterAll(() => {
  killChildren();
  removeTempDirs();
});

it("three processes start at once on an empty directory, and 12 concurrent writers through them all succeed", async () => {
  const dataDir = tempDir("kb-processes-");
  const servers = await Promise.all([0, 1, 2].map(() => serveInChild(["--data", dataDir, "--token", TOKEN])));
  const clients = await Promise.all(servers.map((served) => KnowledgeBase.connect({ accessToken: TOKEN, baseUrl: served.url, knowledgeBaseName: "together" })));
  expect(new Set(clients.map((kb) => kb.id)).size).toBe(1);

  const BATCHES = 15;
  const failures: string[] = [];
  const writer = async (kb: KnowledgeBase, name: string): Promise<void> => {
    for (let n = 0; n < BATCHES; n++) {
      const batch = Array.from({ length: 20 }, (_, i) => ({ id: `${name}-${n}-${i}`, title: name, content: `written by ${name} batch ${n} mark${name}q${n}q${i}` }));
      try {
        await kb.addDocuments(batch, { batchSize: 20, timeoutMs: 30_000 });
      } catch (error) {
        failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(clients.flatMap((kb, server) => [0, 1, 2, 3].map((w) => writer(kb, `s${server}w${w}`))));
  expect(failures).toEqual([]);
  const { total } = await clients[0]!.listDocuments({ limit: 1 });
  expect(total).toBe(3 * 4 * BATCHES * 20);
  // What one process wrote, another finds.
  expect((await clients[2]!.search("marks0w1q3q7", { topK: 1 })).map((hit) => hit.id)).toEqual(["s0w1-3-7"]);
  for (const served of servers) expect(served.output()).not.toMatch(/internal error|locked/);
});

it("a write waiting for another process's lock leaves the service answering, then goes through or gets 503", async () => {
  const dataDir = tempDir("kb-lock-");
  const service = await startKnowledgeBaseService({ dataDir, tokens: [], busyWaitMs: 1_500 });
  const other = new Database(join(dataDir, DATABASE_FILE));
  const post = (path: string, body: unknown) =>
    fetch(`${service.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  try {
    const created = (await (await post("/llm/knowledge/create", { knowledgeBaseName: "locked" })).json()) as { result: { knowledgeBaseId: number } };
    const add = { knowledgeBaseId: created.result.knowledgeBaseId, documents: [{ content: "after the lock" }] };

    other.exec("BEGIN IMMEDIATE");
    const order: string[] = [];
    const waiting = post("/llm/knowledge/documents/add", add).then((response) => (order.push("add"), response));
    const health = await fetch(`${service.url}/health`);
    order.push("health");
    const search = await post("/llm/knowledge/search", { knowledgeBaseId: created.result.knowledgeBaseId, query: "lock" });
    order.push("search");
    expect(health.status).toBe(200);
    expect(search.status).toBe(200);
    other.exec("COMMIT");
    expect((await waiting).status).toBe(200);
    // The event loop was free while the write waited: the others were answered first.
    expect(order).toEqual(["health", "search", "add"]);

    other.exec("BEGIN IMMEDIATE");
    const refused = await post("/llm/knowledge/documents/add", add);
    other.exec("ROLLBACK");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(((await refused.json()) as { errorMsg: string }).errorMsg).toBe("another process has held a lock on the database for 1500 ms; try again later");
  } finally {
    other.close();
    await service.close();
  }
});

it("two processes keep one score index right: concurrent adds, replaces and deletes through both, one started without the flag", async () => {
  const dataDir = tempDir("kb-processes-score-");
  const first = await serveInChild(["--data", dataDir, "--token", TOKEN, "--score-index"]);
  // Started without --score-index: the stored choice holds, and this process keeps the index too.
  const second = await serveInChild(["--data", dataDir, "--token", TOKEN]);
  const clients = await Promise.all([first, second].map((served) => KnowledgeBase.connect({ accessToken: TOKEN, baseUrl: served.url, knowledgeBaseName: "scored" })));
  const words = ["river", "stone", "lamp", "tower", "harbor"];
  const writer = async (kb: KnowledgeBase, name: string, seed: number): Promise<void> => {
    for (let n = 0; n < 12; n++) {
      const batch = Array.from({ length: 15 }, (_, i) => {
        const pick = (k: number): string => words[(seed * 7 + n * 3 + i * k) % words.length]!;
        // Ids shared between writers: adds of one replace the other's.
        return { id: `doc-${(n * 15 + i) % 60}`, title: pick(1), content: `${pick(2)} ${pick(3)} ${pick(2)} by ${name}`, metadata: { writer: name } };
      });
      await kb.addDocuments(batch, { batchSize: 15, timeoutMs: 30_000 });
      if (n % 4 === 3) await kb.deleteDocuments([`doc-${(seed + n) % 60}`, `doc-${(seed * 5 + n) % 60}`]);
    }
  };
  await Promise.all(clients.flatMap((kb, server) => [0, 1].map((w) => writer(kb, `s${server}w${w}`, server * 2 + w + 1))));
  for (const served of [first, second]) expect(served.output()).not.toMatch(/internal error|locked/);

  // Every one-word search the score index answers, it answers as FTS5 does.
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    const queries = new SqliteQueries(db);
    const id = clients[0]!.id;
    let walked = 0;
    for (const word of [...words, "by"]) {
      for (const terms of [[], parseFilterConditions({ bool: { filter: [{ term: { writer: "s1w0" } }] } })]) {
        const walk = db.transaction(() => queries.walk(id, [word], 10, terms))();
        expect(walk, `the index answers ${word}`).toBeDefined();
        expect(walk).toEqual(db.transaction(() => queries.search(id, [word], 10, terms, false))());
        walked += 1;
      }
    }
    expect(walked).toBe(12);
    // Both processes' deletes and replaces took their documents out of FTS5's totals (fts5-totals.ts).
    const fts = ftsTable(id);
    const counted = [0, 0, 0];
    for (const sizes of db.prepare(`SELECT sz FROM ${fts}_docsize`).pluck().all() as Uint8Array[]) {
      counted[0]! += 1;
      sqliteVarints(sizes).forEach((value, column) => (counted[column + 1]! += value));
    }
    expect(counted[0]).toBe(db.prepare("SELECT count(*) FROM documents WHERE kb_id = ?").pluck().get(id));
    expect(sqliteVarints(db.prepare(`SELECT block FROM ${fts}_data WHERE id = 1`).pluck().get() as Uint8Array)).toEqual(counted);
  } finally {
    db.close();
  }
});
