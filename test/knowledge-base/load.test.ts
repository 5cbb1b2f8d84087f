/**
 * The knowledge-base service under load: `toolgen kb serve` (bin/toolgen.js, built
 * dist/) in a child process on 127.0.0.1 with a data directory under .test-output/.
 *
 * 1. Load: autocannon in this process, 100 connections for LOAD_SECONDS (default 20) after a 3 s
 *    warm-up, cycling through searches (plain, Chinese, filtered, one of an unknown knowledge base,
 *    one with an invalid topK). Every answer must be exactly the answer given before the load (less
 *    the per-request logId and timestamp); no connection errors or timeouts; the service's memory
 *    after the run within bounds of its memory after the warm-up (test/support/load-test.ts).
 * 2. Soak: workers create knowledge bases, add documents and search them through the client
 *    (templates/knowledge-base.ts) for SOAK_ROUNDS rounds or SOAK_SECONDS, whichever ends
 *    first; every write the service acknowledged is recorded. The service is killed with SIGKILL
 *    as soon as the rounds run out, while the other workers' writes are in flight; a new service
 *    on the same directory must hold every acknowledged knowledge base and document, and find each
 *    document by its own word.
 *
 * Figures for BENCHMARKS.md: `npm run build && LOAD_SECONDS=30 npx vitest run test/knowledge-base/load.test.ts`
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { AddDocumentsError, KnowledgeBase, type KnowledgeBaseDocument } from "../../templates/knowledge-base.js";
import {
  LOAD_SECONDS,
  WARM_UP_SECONDS,
  mb,
  positiveNumberFromEnv,
  expectSteadyUnderLoad,
  startProbedServer,
  type LoadRun,
  type ProbedServer,
  type RequestKind,
} from "../support/load-test.js";
import { freshOutputDir } from "../support/output-dir.js";

const TOKEN = "load-test-token";
const SOAK_WORKERS = 4;
/** Rounds of the soak, over all workers. */
const SOAK_ROUNDS = positiveNumberFromEnv("SOAK_ROUNDS", 240);
const SOAK_SECONDS = positiveNumberFromEnv("SOAK_SECONDS", 15);
const HEADERS = { "content-type": "application/json", authorization: `token ${TOKEN}` };
const READY = /knowledge base service listening on (http:\/\/127\.0\.0\.1:\d+)/;

let dataDir: string;
const servers: ProbedServer[] = [];
let service: ProbedServer;

function serve(): Promise<ProbedServer> {
  const started = startProbedServer(["bin/toolgen.js", "kb", "serve", "--host", "127.0.0.1", "--port", "0", "--data", dataDir, "--token", TOKEN], READY);
  return started.then((server) => (servers.push(server), server));
}

beforeAll(async () => {
  dataDir = freshOutputDir("kb-load");
  service = await serve();
});
afterAll(() => {
  for (const { child } of servers) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

// ---- 1. load ---------------------------------------------------------------------------------

const ENGLISH = "river mountain forest ocean island bridge station market library museum garden harbor valley desert".split(" ");
const CHINESE = "知识 搜索 索引 文档 服务 城市 河流 森林 海洋 图书馆 博物馆 公园".split(" ");

/** 300 documents: English, Chinese and mixed, each with a `lang` and a `group` for filters. */
function corpus(): KnowledgeBaseDocument[] {
  return Array.from({ length: 300 }, (_, i) => {
    const lang = i % 3 === 0 ? "en" : i % 3 === 1 ? "zh" : "mixed";
    const en = Array.from({ length: 12 }, (_, k) => ENGLISH[(i * 7 + k * 3) % ENGLISH.length]).join(" ");
    const zh = Array.from({ length: 10 }, (_, k) => CHINESE[(i * 5 + k * 2) % CHINESE.length]).join("");
    const content = lang === "en" ? en : lang === "zh" ? zh : `${en} ${zh}`;
    return { id: `doc-${i}`, title: `${lang} ${i}`, content, metadata: { lang, group: i % 4 } };
  });
}

interface Search {
  name: string;
  body: Record<string, unknown>;
}

async function answerTo(url: string, body: Record<string, unknown>): Promise<{ errorCode: number; result: unknown }> {
  const answer = await fetch(`${url}/llm/knowledge/search`, { method: "POST", headers: HEADERS, body: JSON.stringify(body) });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { errorCode: number; result: unknown };
}

/** The search mix; each answer must equal (less logId and timestamp) the one given before the load. */
async function searchKinds(url: string, knowledgeBaseId: number): Promise<RequestKind[]> {
  const searches: Search[] = [
    { name: "search, two English words", body: { knowledgeBaseId, query: "river bridge", topK: 10 } },
    { name: "search, Chinese", body: { knowledgeBaseId, query: "图书馆服务", topK: 5 } },
    {
      name: "search, filtered",
      body: { knowledgeBaseId, query: "ocean 海洋", topK: 20, filterConditions: { bool: { filter: [{ term: { lang: "mixed" } }, { term: { group: 2 } }] } } },
    },
    { name: "search, unknown knowledge base (errorCode 1002)", body: { knowledgeBaseId: knowledgeBaseId + 1000, query: "river" } },
    { name: "search, topK 0 (errorCode 1001)", body: { knowledgeBaseId, query: "river", topK: 0 } },
  ];
  const kinds: RequestKind[] = [];
  for (const { name, body } of searches) {
    const { errorCode, result } = await answerTo(url, body);
    if (name.includes("errorCode")) expect(errorCode, name).toBe(Number(/errorCode (\d+)/.exec(name)![1]));
    else {
      expect(errorCode, name).toBe(0);
      expect((result as unknown[]).length, name).toBeGreaterThan(0);
    }
    const expected = JSON.stringify({ errorCode, result });
    kinds.push({
      name,
      method: "POST",
      path: "/llm/knowledge/search",
      headers: HEADERS,
      body: JSON.stringify(body),
      check: (status, text) => {
        if (status !== 200) return false;
        const { errorCode: code, result: hits } = JSON.parse(text) as { errorCode: number; result: unknown };
        return JSON.stringify({ errorCode: code, result: hits }) === expected;
      },
    });
  }
  return kinds;
}

function expectCleanRun(run: LoadRun, kinds: readonly RequestKind[]): void {
  expect({ errors: run.errors, timeouts: run.timeouts, non2xx: run.non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
  const wrong = Object.entries(run.kinds).filter(([, c]) => c.wrong > 0).map(([name, c]) => `${name}: ${c.wrong} wrong, e.g. ${c.samples.join(" | ")}`);
  expect(wrong).toEqual([]);
  for (const kind of kinds) expect(run.kinds[kind.name]!.answered, kind.name).toBeGreaterThan(0);
  expect(run.statusCodes).toEqual({ 200: run.requests });
}

describe.sequential("knowledge-base service under load", () => {
  test(
    `search: ${LOAD_SECONDS} s at 100 connections from a second process, every answer right, no errors, memory stable`,
    { timeout: (WARM_UP_SECONDS + LOAD_SECONDS) * 1000 + 60_000 },
    async () => {
      const kb = await KnowledgeBase.connect({ accessToken: TOKEN, baseUrl: service.url, knowledgeBaseName: "load" });
      await kb.addDocuments(corpus(), { batchSize: 100 });
      const kinds = await searchKinds(service.url, kb.id);

      await expectSteadyUnderLoad("knowledge base", service, kinds, expectCleanRun);

      // Still correct afterwards, through the client.
      expect((await kb.search("river bridge", { topK: 10 })).length).toBe(10);
      await kb.addDocuments([{ id: "after-load", title: "after", content: "written after the load zzafterload" }]);
      expect((await kb.search("zzafterload")).map((hit) => hit.id)).toEqual(["after-load"]);
    },
  );

  test(
    `soak: create / add / search from ${SOAK_WORKERS} workers, kill -9 mid-write, every acknowledged write survives`,
    { timeout: SOAK_SECONDS * 1000 + 90_000 },
    async () => {
      /** Acknowledged knowledge bases by name: their id and acknowledged documents (id -> content). */
      const acknowledged = new Map<string, { id: number; documents: Map<string, string> }>();
      const shared = await KnowledgeBase.connect({ accessToken: TOKEN, baseUrl: service.url, knowledgeBaseName: "soak-shared", timeoutMs: 10_000 });
      const sharedDocuments = new Map<string, string>();
      acknowledged.set("soak-shared", { id: shared.id, documents: sharedDocuments });

      const before = await service.memory(false);
      const started = Date.now();
      let nextRound = 0;
      let killed = false;
      const failures: unknown[] = [];
      let cutOff = 0;
      let checks = 0;
      let endSoak!: () => void;
      const soakEnded = new Promise<void>((resolve) => (endSoak = resolve));

      const record = (documents: Map<string, string>, batch: readonly KnowledgeBaseDocument[], ids: readonly (string | undefined)[]) =>
        ids.forEach((id, i) => {
          if (id !== undefined) documents.set(id, batch[i]!.content);
        });
      const add = async (kb: KnowledgeBase, documents: Map<string, string>, batch: KnowledgeBaseDocument[], threadCount: number) => {
        try {
          record(documents, batch, await kb.addDocuments(batch, { batchSize: 5, threadCount, timeoutMs: 10_000 }));
        } catch (error) {
          // Cut off by the kill: the batches acknowledged before it still count.
          if (error instanceof AddDocumentsError) record(documents, batch, error.documentIds);
          throw error;
        }
      };
      const round = async (r: number): Promise<void> => {
        const name = `soak-${r}`;
        const kb = await KnowledgeBase.connect({ accessToken: TOKEN, baseUrl: service.url, knowledgeBaseName: name, timeoutMs: 10_000 });
        const own = { id: kb.id, documents: new Map<string, string>() };
        acknowledged.set(name, own);
        const batch = Array.from({ length: 10 }, (_, i) => ({
          id: `r${r}-${i}`,
          title: `round ${r} document ${i}`,
          content: `soak round ${r} document soak${r}n${i} ${ENGLISH[(r + i) % ENGLISH.length]} ${CHINESE[(r * 3 + i) % CHINESE.length]}`,
        }));
        const sharedBatch = Array.from({ length: 2 }, (_, i) => ({ id: `shared-r${r}-${i}`, title: `shared ${r}`, content: `shared document shared${r}n${i}` }));
        // Both settle before the round ends, so every acknowledged batch is recorded before the check.
        const adds = await Promise.allSettled([add(kb, own.documents, batch, 2), add(shared, sharedDocuments, sharedBatch, 1)]);
        for (const outcome of adds) if (outcome.status === "rejected") throw outcome.reason;
        // Read what was just written, in its own knowledge base and in the shared one.
        const own7 = await kb.search(`soak${r}n7`, { topK: 3, timeoutMs: 10_000 });
        const shared1 = await shared.search(`shared${r}n1`, { topK: 3, timeoutMs: 10_000 });
        checks += 2;
        if (own7.map((h) => h.id).join() !== `r${r}-7` || shared1.map((h) => h.id).join() !== `shared-r${r}-1`) {
          throw new Error(`round ${r}: search after add found ${JSON.stringify([own7, shared1])}`);
        }
      };
      const worker = async (): Promise<void> => {
        for (;;) {
          if (killed || nextRound >= SOAK_ROUNDS || Date.now() - started >= SOAK_SECONDS * 1000) return endSoak();
          try {
            await round(nextRound++);
          } catch (error) {
            if (killed) cutOff++;
            else failures.push(error);
            return endSoak();
          }
        }
      };
      const workers = Array.from({ length: SOAK_WORKERS }, worker);
      let peakRss = before.rss;
      const sampler = (async () => {
        while (!killed) {
          peakRss = Math.max(peakRss, (await service.memory(false)).rss);
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      })().catch(() => {}); // the kill interrupts a sample

      await soakEnded; // the first worker out of rounds; the others are mid-round
      killed = true;
      service.child.kill("SIGKILL");
      expect((await service.exited).signal).toBe("SIGKILL");
      await Promise.all([...workers, sampler]);
      const seconds = (Date.now() - started) / 1000;
      if (failures.length > 0) throw new Error(`the soak failed before the kill: ${String(failures[0])}`, { cause: failures[0] });

      const documents = [...acknowledged.values()].reduce((n, kb) => n + kb.documents.size, 0);
      console.log(
        `knowledge base, soak: ${nextRound} rounds by ${SOAK_WORKERS} workers in ${seconds.toFixed(1)} s; ` +
          `${acknowledged.size} knowledge bases and ${documents} documents acknowledged, ${checks} read-after-write searches; ` +
          `RSS at the start ${mb(before.rss)}, peak ${mb(peakRss)}; killed with SIGKILL, cutting off ${cutOff} of ${SOAK_WORKERS - 1} workers mid-round`,
      );
      expect(nextRound).toBeGreaterThanOrEqual(SOAK_WORKERS);

      // A new service on the same directory: every acknowledged knowledge base and document.
      service = await serve();
      const missing: string[] = [];
      let verified = 0;
      for (const [name, { id, documents: written }] of acknowledged) {
        const kb = await KnowledgeBase.connect({ accessToken: TOKEN, baseUrl: service.url, knowledgeBaseId: id });
        try {
          const stored = new Map<string, string>();
          for (let offset = 0; ; offset += 1000) {
            const page = await kb.listDocuments({ offset, limit: 1000 });
            for (const d of page.documents) stored.set(d.id, d.content);
            if (page.documents.length < 1000) break;
          }
          for (const [docId, content] of written) if (stored.get(docId) !== content) missing.push(`${name}/${docId}`);
          // Each document's own word finds it: the index was committed with the document.
          const ids = [...written.keys()];
          for (let at = 0; at < ids.length; at += 50) {
            const chunk = ids.slice(at, at + 50);
            const words = chunk.map((docId) => written.get(docId)!.split(" ").find((w) => /^(soak|shared)\d+n\d+$/.test(w))!);
            const found = new Set((await kb.search(words.join(" "), { topK: 100 })).map((hit) => hit.id));
            for (const docId of chunk) if (!found.has(docId)) missing.push(`${name}/${docId} (search)`);
          }
          verified += written.size;
        } catch (error) {
          missing.push(`${name} (id ${id}): ${String(error)}`);
        }
      }
      expect(missing).toEqual([]);
      console.log(`knowledge base, after kill -9 and restart: ${acknowledged.size} knowledge bases, ${verified} documents present and found by search`);
      expect(verified).toBe(documents);

      service.child.kill("SIGTERM");
      expect(await service.exited).toEqual({ code: 0, signal: null });
      expect(service.output()).toContain("knowledge base service stopped");
    },
  );
});
