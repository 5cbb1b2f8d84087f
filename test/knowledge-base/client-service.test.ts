/** The client against the local service on each backend, over real HTTP on 127.0.0.1. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startKnowledgeBaseService, type KnowledgeBaseService } from "../../src/knowledge-base/index.js";
import { AddDocumentsError, KnowledgeBase, type KnowledgeBaseDocument } from "../../templates/knowledge-base.js";
import { BACKENDS } from "./backends.js";
import { catchError } from "./support.js";

describe.each(BACKENDS)("$name backend", (backend) => {
  const TOKEN = "test-token-9f3a";
  let service: KnowledgeBaseService;

  beforeAll(async () => {
    await backend.setUp();
    service = await startKnowledgeBaseService({ ...(await backend.place()), tokens: [TOKEN, "second-token"] });
  });
  afterAll(async () => {
    await service.close();
    await backend.tearDown();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  function connect(options: Parameters<typeof KnowledgeBase.connect>[0] = {}): Promise<KnowledgeBase> {
    return KnowledgeBase.connect({ accessToken: TOKEN, baseUrl: service.url, ...options });
  }

  const DOCUMENTS: KnowledgeBaseDocument[] = [
    {
      id: "law-1",
      title: "城市管理执法办法.pdf",
      content: "住房和城乡建设部规章城市管理执法办法",
      metadata: { lang: "zh", year: 2017, tags: ["law", "city"] },
    },
    {
      id: "law-2",
      title: "城市管理执法办法.pdf",
      content: "城市管理执法主管部门应当定期开展执法人员的培训和考核。",
      metadata: { lang: "zh", year: 2017, public: true },
    },
    {
      id: "law-3",
      title: "食品安全法.pdf",
      content: "食品生产经营者应当依照法律、法规和食品安全标准从事生产经营活动。",
      metadata: { lang: "zh", year: 2015 },
    },
    {
      id: "fox",
      title: "fox.txt",
      content: "The quick brown fox jumps over the lazy dog.",
      metadata: { lang: "en", year: 2020, public: true },
    },
    {
      id: "dogs",
      title: "dogs.txt",
      content: "Dogs are loyal companions; training dogs takes patience.",
      metadata: { lang: "en", year: 2021, tags: ["pets"] },
    },
    {
      id: "cats",
      title: "cats.txt",
      content: "Cats sleep most of the day and ignore their owners.",
      metadata: { lang: "en", year: 2021, public: false },
    },
    {
      id: "mixed",
      title: "notes.md",
      content: "Meeting notes: 讨论了城市规划 and the budget for 2024.",
      metadata: { lang: "mixed", year: "2024" },
    },
  ];

  describe("create, add, search", () => {
    let kb: KnowledgeBase;

    beforeAll(async () => {
      kb = await connect({ knowledgeBaseName: "client-service" });
      // Seven documents in batches of two: four requests, at most two in flight.
      let inFlight = 0;
      let maxInFlight = 0;
      let requests = 0;
      const countingFetch: typeof fetch = async (input, init) => {
        requests += 1;
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          await new Promise((resolve) => setTimeout(resolve, 20));
          return await fetch(input, init);
        } finally {
          inFlight -= 1;
        }
      };
      const counted = await connect({ knowledgeBaseId: kb.id, fetch: countingFetch });
      const ids = await counted.addDocuments(DOCUMENTS, { batchSize: 2, threadCount: 2 });
      expect(ids).toEqual(DOCUMENTS.map((d) => d.id));
      expect(requests).toBe(4);
      expect(maxInFlight).toBe(2);
    });

    it("creates a knowledge base with an integer id; the same name gives the same id", async () => {
      expect(Number.isSafeInteger(kb.id)).toBe(true);
      const again = await connect({ knowledgeBaseName: "client-service" });
      expect(again.id).toBe(kb.id);
      const other = await connect({ knowledgeBaseName: "another" });
      expect(other.id).not.toBe(kb.id);
    });

    it("uses a given id without any request", async () => {
      const calls: string[] = [];
      const spy: typeof fetch = (input, init) => {
        calls.push(String(input));
        return fetch(input, init);
      };
      const byId = await connect({ knowledgeBaseId: kb.id, fetch: spy });
      expect(byId.id).toBe(kb.id);
      expect(calls).toEqual([]);
    });

    it("stores every document of every batch, each batch's documents in their order", async () => {
      const { total, documents } = await kb.listDocuments();
      expect(total).toBe(DOCUMENTS.length);
      const listed = documents.map((d) => d.id);
      expect([...listed].sort()).toEqual(DOCUMENTS.map((d) => d.id).sort());
      // Two batches in flight together are stored in whichever order the service takes them (on
      // PostgreSQL their rows may even interleave); within one batch the input's order holds.
      for (let first = 0; first < DOCUMENTS.length; first += 2) {
        const positions = DOCUMENTS.slice(first, first + 2).map((d) => listed.indexOf(d.id!));
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      }
      expect(documents.find((d) => d.id === "law-1")).toEqual({ ...DOCUMENTS[0] });
    });

    it("lists documents in the order one request at a time added them", async () => {
      const scratch = await connect({ knowledgeBaseName: "client-service-order" });
      const ids = await scratch.addDocuments(DOCUMENTS, { batchSize: 2, threadCount: 1 });
      expect(ids).toEqual(DOCUMENTS.map((d) => d.id));
      expect((await scratch.listDocuments()).documents.map((d) => d.id)).toEqual(DOCUMENTS.map((d) => d.id));
    });

    it("searches English with BM25 ranking, inflections included", async () => {
      const hits = await kb.search("dog");
      expect(hits.map((h) => h.id)).toEqual(["dogs", "fox"]); // "dogs" twice beats "dog" once
      for (const hit of hits) expect(hit.score).toBeGreaterThan(0);
      expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
      expect(hits[1]).toEqual({ id: "fox", title: "fox.txt", content: DOCUMENTS[3]!.content, score: hits[1]!.score });
    });

    it("searches Chinese by words, not only by whole character runs", async () => {
      // 培训 and 考核 are words inside one unbroken run of Han characters.
      const hits = await kb.search("执法人员培训");
      expect(hits[0]?.id).toBe("law-2");
      expect(hits.map((h) => h.id)).toContain("law-1"); // shares 执法
      // law-3 shares only the character 法 (法律, 法规), which matches as a character: below both.
      expect(hits.map((h) => h.id).slice(0, 2).sort()).toEqual(["law-1", "law-2"]);
      expect((await kb.search("食品安全")).map((h) => h.id)).toEqual(["law-3"]);
      // Mixed-language documents answer both languages.
      expect((await kb.search("城市规划")).map((h) => h.id)).toContain("mixed");
      expect((await kb.search("budget")).map((h) => h.id)).toEqual(["mixed"]);
    });

    it("keeps the service's order and honours topK", async () => {
      const all = await kb.search("城市 执法 dogs fox cats");
      expect(all.length).toBeGreaterThan(3);
      const scores = all.map((h) => h.score);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      const top2 = await kb.search("城市 执法 dogs fox cats", { topK: 2 });
      expect(top2).toEqual(all.slice(0, 2));
    });

    it("filters on title", async () => {
      const hits = await kb.search("城市 执法", { filters: { title: "城市管理执法办法.pdf" } });
      expect(hits.map((h) => h.id).sort()).toEqual(["law-1", "law-2"]);
      expect(await kb.search("dog", { filters: { title: "cats.txt" } })).toEqual([]);
    });

    it("filters on metadata: strings, numbers, booleans, array elements, several terms", async () => {
      const ids = async (
        query: string,
        filters: Record<string, string | number | boolean> | Map<string, string | number | boolean>,
      ) => (await kb.search(query, { filters, topK: 50 })).map((h) => h.id).sort();
      const everything = "城市 执法 食品 dog dogs cats fox notes budget";
      expect(await ids(everything, { lang: "en" })).toEqual(["cats", "dogs", "fox"]);
      expect(await ids(everything, { year: 2021 })).toEqual(["cats", "dogs"]);
      expect(await ids(everything, { year: 2024 })).toEqual([]); // "2024" is a string: JSON types differ
      expect(await ids(everything, { year: "2024" })).toEqual(["mixed"]);
      expect(await ids(everything, { public: true })).toEqual(["fox", "law-2"]);
      expect(await ids(everything, { public: false })).toEqual(["cats"]);
      expect(await ids(everything, { tags: "law" })).toEqual(["law-1"]);
      expect(
        await ids(
          everything,
          new Map<string, string | number>([
            ["lang", "zh"],
            ["year", 2017],
          ]),
        ),
      ).toEqual(["law-1", "law-2"]);
      expect(await ids(everything, { lang: "zh", title: "食品安全法.pdf" })).toEqual(["law-3"]);
    });

    it("replaces a document added again with the same id", async () => {
      const scratch = await connect({ knowledgeBaseName: "replace" });
      await scratch.addDocuments([{ id: "d", title: "t", content: "alpha" }]);
      await scratch.addDocuments([{ id: "d", title: "t", content: "beta" }]);
      expect(await scratch.search("alpha")).toEqual([]);
      expect((await scratch.search("beta")).map((h) => h.content)).toEqual(["beta"]);
      expect((await scratch.listDocuments()).total).toBe(1);
    });

    it("lists pages and deletes documents", async () => {
      const scratch = await connect({ knowledgeBaseName: "list-delete" });
      const ids = await scratch.addDocuments(
        Array.from({ length: 5 }, (_, i) => ({ title: `doc ${i}`, content: `word${i} shared` })),
        { batchSize: 5 },
      );
      expect(new Set(ids).size).toBe(5);
      const page = await scratch.listDocuments({ offset: 1, limit: 2 });
      expect(page.total).toBe(5);
      expect(page.documents.map((d) => d.id)).toEqual(ids.slice(1, 3));
      expect(await scratch.deleteDocuments([ids[0]!, ids[1]!, "no-such-id"])).toBe(2);
      expect((await scratch.search("shared")).map((h) => h.id).sort()).toEqual(ids.slice(2).sort());
      expect((await scratch.listDocuments()).total).toBe(3);
    });
  });

  describe("addDocuments failures", () => {
    it("names the failed batch and its document range, and drops nothing silently", async () => {
      const kb = await connect({ knowledgeBaseName: "failing-batch" });
      let adds = 0;
      const failThird: typeof fetch = async (input, init) => {
        if (String(input).endsWith("/documents/add") && ++adds === 3) {
          return new Response("storage unavailable", { status: 503 });
        }
        return fetch(input, init);
      };
      const flaky = await connect({ knowledgeBaseId: kb.id, fetch: failThird });
      const documents = Array.from({ length: 10 }, (_, i) => ({ id: `doc-${i}`, title: "t", content: `text ${i}` }));
      const error = await catchError(flaky.addDocuments(documents, { batchSize: 2, threadCount: 1 }));
      expect(error).toBeInstanceOf(AddDocumentsError);
      const failure = error as AddDocumentsError;
      expect(failure.message).toBe(
        "addDocuments: batch 2 (documents 4..5) failed: request error: storage unavailable; " +
          "4 of 10 documents were added, 2 failed, 4 were not sent",
      );
      expect(failure.code).toBe(503);
      expect(failure.failures.map((f) => [f.batch, f.firstDocument, f.lastDocument, f.error.code])).toEqual([[2, 4, 5, 503]]);
      expect(failure.documentIds).toEqual(["doc-0", "doc-1", "doc-2", "doc-3", ...Array(6).fill(undefined)]);
      expect(failure.notSent).toBe(4);
      // What the error says was added is exactly what the service holds.
      expect((await kb.listDocuments()).documents.map((d) => d.id)).toEqual(["doc-0", "doc-1", "doc-2", "doc-3"]);
    });

    it("with several threads, finishes the batches in flight and reports all of it", async () => {
      const kb = await connect({ knowledgeBaseName: "failing-threads" });
      let adds = 0;
      const failFirst: typeof fetch = async (input, init) => {
        if (String(input).endsWith("/documents/add") && ++adds === 1) {
          return new Response(JSON.stringify({ errorCode: 1001, errorMsg: "injected" }), { status: 200 });
        }
        return fetch(input, init);
      };
      const flaky = await connect({ knowledgeBaseId: kb.id, fetch: failFirst });
      const documents = Array.from({ length: 9 }, (_, i) => ({ id: `d${i}`, title: "t", content: `text ${i}` }));
      const error = (await catchError(flaky.addDocuments(documents, { batchSize: 3, threadCount: 2 }))) as AddDocumentsError;
      expect(error.code).toBe(1001);
      expect(error.message).toMatch(/^addDocuments: batch 0 \(documents 0\.\.2\) failed: injected; /);
      const stored = (await kb.listDocuments()).documents.map((d) => d.id);
      expect(error.documentIds.filter((id) => id !== undefined)).toEqual(stored);
      const accounted = stored.length + 3 + error.notSent;
      expect(accounted).toBe(9);
    });

    it("checks every document before sending any", async () => {
      const kb = await connect({ knowledgeBaseName: "invalid-docs" });
      const bad = [{ title: "ok", content: "fine" }, { title: "bad" }] as unknown as KnowledgeBaseDocument[];
      const error = await catchError(kb.addDocuments(bad));
      expect(error.code).toBe("INVALID_ARGUMENT");
      expect(error.message).toBe("documents[1]: content must be a string; nothing was sent");
      expect((await kb.listDocuments()).total).toBe(0);
      expect(await kb.addDocuments([])).toEqual([]);
      expect((await catchError(kb.addDocuments([], { batchSize: 0 }))).code).toBe("INVALID_ARGUMENT");
      expect((await catchError(kb.addDocuments([], { threadCount: 1.5 }))).code).toBe("INVALID_ARGUMENT");
    });
  });

  describe("the spec's error table", () => {
    it("non-200: 'request error: <response text>' with the HTTP status as code", async () => {
      const wrongToken = await KnowledgeBase.connect({ accessToken: "wrong", baseUrl: service.url, knowledgeBaseId: 1 });
      const error = await catchError(wrongToken.search("anything"));
      expect(error.code).toBe(403);
      expect(error.message).toMatch(/^request error: \{.*"errorCode":403,"errorMsg":"missing or invalid access token/);
      const create = await catchError(
        KnowledgeBase.connect({ accessToken: "wrong", baseUrl: service.url, knowledgeBaseName: "x" }),
      );
      expect(create.code).toBe(403);
      expect(create.message.startsWith("request error: ")).toBe(true);
    });

    it("200 with errorCode != 0: errorMsg and errorCode", async () => {
      const missing = await connect({ knowledgeBaseId: 987654 });
      const error = await catchError(missing.search("anything"));
      expect(error.message).toBe("knowledge base 987654 does not exist");
      expect(error.code).toBe(1002);
      expect((await catchError(missing.addDocuments([{ title: "t", content: "c" }]))).code).toBe(1002);
    });

    it("no token: asks for an access token argument or EB_AGENT_ACCESS_TOKEN", async () => {
      vi.stubEnv("EB_AGENT_ACCESS_TOKEN", undefined);
      const error = await catchError(KnowledgeBase.connect({ baseUrl: service.url, knowledgeBaseId: 1 }));
      expect(error.message).toBe(
        "Please ensure that either an access_token is provided or the EB_AGENT_ACCESS_TOKEN is set up as an environment variable.",
      );
      expect(error.code).toBe("NO_ACCESS_TOKEN");
    });

    it("neither name nor id: asks for one of them", async () => {
      const error = await catchError(connect());
      expect(error.message).toBe("You must provide either a `knowledge_base_name` or a `knowledge_base_id`.");
      expect(error.code).toBe("NO_KNOWLEDGE_BASE");
    });

    it("takes the token from EB_AGENT_ACCESS_TOKEN and the address from AISTUDIO_BASE_URL", async () => {
      vi.stubEnv("EB_AGENT_ACCESS_TOKEN", "second-token");
      vi.stubEnv("AISTUDIO_BASE_URL", `${service.url}/`);
      const kb = await KnowledgeBase.connect({ knowledgeBaseName: "from-env" });
      expect(await kb.search("nothing here")).toEqual([]);
    });

    it("never shows the token in errors or when the client is printed", async () => {
      const { inspect } = await import("node:util");
      const kb = await connect({ knowledgeBaseId: 424242 });
      expect(inspect(kb, { depth: 5 })).not.toContain(TOKEN);
      expect(JSON.stringify(kb)).not.toContain(TOKEN);
      const error = await catchError(kb.search("x"));
      expect(`${error.message} ${inspect(error)}`).not.toContain(TOKEN);
    });
  });
});
