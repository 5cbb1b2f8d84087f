/**
 * The client against recorded and fault-injecting servers: the reference's samples, the exact
 * requests it sends, and every way an answer can go wrong.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { KnowledgeBase } from "../../templates/knowledge-base.js";
import { CORPUS } from "../support/output-dir.js";
import { catchError, ok, startFakeService, type FakeAnswer, type FakeService, type RecordedRequest } from "./support.js";

const samples = JSON.parse(
  readFileSync(join(CORPUS, "ernie/tests_test_baizhong_search__knowledge_api_samples.json"), "utf8"),
) as { EXAMPLE_RESPONSE: unknown; SEARCH_RESULTS: unknown; KNOWLEDGEBASE_RESPONESE: unknown };
const agentSamples = JSON.parse(
  readFileSync(join(CORPUS, "ernie/tests_agents_common_util__knowledge_api_samples.json"), "utf8"),
) as { EXAMPLE_RESPONSE: unknown; NO_EXAMPLE_RESPONSE: unknown };

const servers: FakeService[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function fake(answer: (request: RecordedRequest) => FakeAnswer): Promise<FakeService> {
  const server = await startFakeService(answer);
  servers.push(server);
  return server;
}

function connectTo(server: FakeService, options: Parameters<typeof KnowledgeBase.connect>[0] = {}): Promise<KnowledgeBase> {
  return KnowledgeBase.connect({ accessToken: "tok-123", baseUrl: server.url, knowledgeBaseId: 7, ...options });
}

describe("the reference's recorded samples", () => {
  it("converts EXAMPLE_RESPONSE to exactly SEARCH_RESULTS", async () => {
    const server = await fake(() => ({ body: samples.EXAMPLE_RESPONSE }));
    const kb = await connectTo(server);
    expect(await kb.search("城市管理")).toStrictEqual(samples.SEARCH_RESULTS);
  });

  it("reads the id of the create sample (a string there) as the integer 123456", async () => {
    const server = await fake(() => ({ body: samples.KNOWLEDGEBASE_RESPONESE }));
    const kb = await connectTo(server, { knowledgeBaseId: undefined, knowledgeBaseName: "test" });
    expect(kb.id).toBe(123456);
  });

  it("handles the agent samples, including an empty result", async () => {
    let answer = agentSamples.EXAMPLE_RESPONSE;
    const server = await fake(() => ({ body: answer }));
    const kb = await connectTo(server);
    expect(await kb.search("q")).toStrictEqual(samples.SEARCH_RESULTS);
    answer = agentSamples.NO_EXAMPLE_RESPONSE;
    expect(await kb.search("q")).toEqual([]);
  });
});

describe("request shapes", () => {
  it("create: POST /llm/knowledge/create with exactly {knowledgeBaseName}, token and JSON headers", async () => {
    const server = await fake(() => ok({ knowledgeBaseId: 42, knowledgeBaseName: "docs" }));
    const kb = await connectTo(server, { knowledgeBaseId: undefined, knowledgeBaseName: "docs" });
    expect(kb.id).toBe(42);
    const [request] = server.requests;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("/llm/knowledge/create");
    expect(request?.body).toBe('{"knowledgeBaseName":"docs"}');
    expect(request?.headers.authorization).toBe("token tok-123");
    expect(request?.headers["content-type"]).toBe("application/json");
  });

  it("search without filters: no filterConditions field, topK defaults to 10", async () => {
    const server = await fake(() => ok([]));
    const kb = await connectTo(server);
    await kb.search("what is this");
    expect(server.requests[0]?.url).toBe("/llm/knowledge/search");
    expect(server.requests[0]?.body).toBe('{"knowledgeBaseId":7,"query":"what is this","topK":10}');
    expect(server.requests[0]?.headers.authorization).toBe("token tok-123");
    expect(server.requests[0]?.headers["content-type"]).toBe("application/json");
    await kb.search("q", { topK: 3, filters: {} });
    expect(server.requests[1]?.body).toBe('{"knowledgeBaseId":7,"query":"q","topK":3}');
  });

  it("search with filters: one term per entry, in iteration order, values kept", async () => {
    const server = await fake(() => ok([]));
    const kb = await connectTo(server);
    await kb.search("q", { topK: 5, filters: { title: "a.pdf", lang: "zh", year: 2017, public: true } });
    expect(server.requests[0]?.body).toBe(
      '{"knowledgeBaseId":7,"query":"q","topK":5,"filterConditions":{"bool":{"filter":[' +
        '{"term":{"title":"a.pdf"}},{"term":{"lang":"zh"}},{"term":{"year":2017}},{"term":{"public":true}}]}}}',
    );
    await kb.search("q", {
      filters: new Map<string, string>([
        ["zeta", "z"],
        ["alpha", "a"],
      ]),
    });
    expect(JSON.parse(server.requests[1]!.body).filterConditions).toEqual({
      bool: { filter: [{ term: { zeta: "z" } }, { term: { alpha: "a" } }] },
    });
    expect(Object.keys(JSON.parse(server.requests[1]!.body).filterConditions.bool.filter[0].term)).toEqual(["zeta"]);
  });

  it("document endpoints: add, list, delete", async () => {
    const server = await fake((request) => {
      if (request.url.endsWith("/add")) return ok({ documentIds: ["a", "b"] });
      if (request.url.endsWith("/list")) return ok({ total: 0, documents: [] });
      return ok({ deleted: 1 });
    });
    const kb = await connectTo(server);
    await kb.addDocuments(
      [
        { id: "a", title: "A", content: "x", metadata: { k: 1 } },
        { title: "B", content: "y" },
      ],
      { batchSize: 2 },
    );
    await kb.listDocuments({ offset: 4, limit: 2 });
    await kb.deleteDocuments(["a"]);
    expect(server.requests.map((r) => [r.url, r.body])).toEqual([
      [
        "/llm/knowledge/documents/add",
        '{"knowledgeBaseId":7,"documents":[{"title":"A","content":"x","id":"a","metadata":{"k":1}},{"title":"B","content":"y"}]}',
      ],
      ["/llm/knowledge/documents/list", '{"knowledgeBaseId":7,"offset":4,"limit":2}'],
      ["/llm/knowledge/documents/delete", '{"knowledgeBaseId":7,"documentIds":["a"]}'],
    ]);
  });

  it("keeps a path prefix of the base address and drops trailing slashes", async () => {
    const server = await fake(() => ok([]));
    const kb = await KnowledgeBase.connect({ accessToken: "t", baseUrl: `${server.url}/prefix//`, knowledgeBaseId: 1 });
    await kb.search("q");
    expect(server.requests[0]?.url).toBe("/prefix/llm/knowledge/search");
  });
});

describe("answers that go wrong", () => {
  it("non-200: 'request error: <text>' with the status as code, whatever the body", async () => {
    const server = await fake(() => ({ status: 502, body: "Bad Gateway <html>" }));
    const error = await catchError((await connectTo(server)).search("q"));
    expect(error.message).toBe("request error: Bad Gateway <html>");
    expect(error.code).toBe(502);
    // Only 200 is success, as in the reference.
    const created = await fake(() => ({ status: 201, body: { errorCode: 0, result: [] } }));
    expect((await catchError((await connectTo(created)).search("q"))).code).toBe(201);
  });

  it("200 with errorCode != 0: errorMsg and errorCode, on create and on search", async () => {
    const server = await fake(() => ({ body: { errorCode: 17, errorMsg: "quota exceeded", result: null } }));
    const search = await catchError((await connectTo(server)).search("q"));
    expect([search.message, search.code]).toEqual(["quota exceeded", 17]);
    const create = await catchError(connectTo(server, { knowledgeBaseId: undefined, knowledgeBaseName: "n" }));
    expect([create.message, create.code]).toEqual(["quota exceeded", 17]);
  });

  it("a hit whose source.doc is not JSON is an error naming the hit", async () => {
    const good = { score: 1, fileId: "f1", source: { title: "t", doc: '{"content_se":"fine"}' } };
    const bad = { score: 0.5, fileId: "f2", source: { title: "t", doc: "{not json" } };
    const server = await fake(() => ok([good, bad]));
    const error = await catchError((await connectTo(server)).search("q"));
    expect(error.code).toBe("INVALID_HIT");
    expect(error.message).toMatch(/^search hit 1 \(fileId f2\): source\.doc is not valid JSON \(/);
  });

  it("a hit without content_se or with a non-string doc is named too", async () => {
    const server = await fake(() => ok([{ score: 1, fileId: 99, source: { title: "t", doc: '{"para":"x"}' } }]));
    const error = await catchError((await connectTo(server)).search("q"));
    expect(error.message).toBe("search hit 0 (fileId 99): source.doc has no string content_se");
    const noDoc = await fake(() => ok([{ score: 1, fileId: "x", source: {} }]));
    expect((await catchError((await connectTo(noDoc)).search("q"))).message).toBe(
      "search hit 0 (fileId x): source.doc is not a string",
    );
  });

  it("200 that is not the envelope: INVALID_RESPONSE", async () => {
    const html = await fake(() => ({ body: "<html>login</html>" }));
    expect((await catchError((await connectTo(html)).search("q"))).code).toBe("INVALID_RESPONSE");
    const notArray = await fake(() => ok({ hits: [] }));
    expect((await catchError((await connectTo(notArray)).search("q"))).code).toBe("INVALID_RESPONSE");
    const badId = await fake(() => ok({ knowledgeBaseId: "abc" }));
    expect((await catchError(connectTo(badId, { knowledgeBaseId: undefined, knowledgeBaseName: "n" }))).code).toBe(
      "INVALID_RESPONSE",
    );
  });

  it("times out with code TIMEOUT, aborts with code ABORTED", async () => {
    const server = await fake(() => ({ hang: true }));
    const kb = await connectTo(server, { timeoutMs: 100 });
    const timeout = await catchError(kb.search("q"));
    expect(timeout.code).toBe("TIMEOUT");
    expect(timeout.message).toBe("knowledge base request /llm/knowledge/search timed out after 100 ms");
    expect((await catchError(kb.search("q", { timeoutMs: 50 }))).code).toBe("TIMEOUT");

    const controller = new AbortController();
    const pending = kb.search("q", { signal: controller.signal, timeoutMs: 0 });
    setTimeout(() => controller.abort(), 30);
    expect((await catchError(pending)).code).toBe("ABORTED");
    expect((await catchError(kb.search("q", { signal: AbortSignal.abort() }))).code).toBe("ABORTED");
    const connectAborted = await catchError(
      KnowledgeBase.connect({ accessToken: "t", baseUrl: server.url, knowledgeBaseName: "n", signal: AbortSignal.timeout(30) }),
    );
    expect(connectAborted.code).toBe("ABORTED");
  });

  it("an unreachable service is a NETWORK error", async () => {
    const server = await fake(() => ok([]));
    const url = server.url;
    await server.close();
    servers.length = 0;
    const kb = await KnowledgeBase.connect({ accessToken: "t", baseUrl: url, knowledgeBaseId: 1 });
    const error = await catchError(kb.search("q"));
    expect(error.code).toBe("NETWORK");
    expect(error.message).toContain(`knowledge base request /llm/knowledge/search to ${url} failed:`);
  });

  it("a service that echoes the token does not get it into the error", async () => {
    const server = await fake((request) => ({ status: 401, body: `bad header ${request.headers.authorization}` }));
    const error = await catchError((await connectTo(server)).search("q"));
    expect(error.message).toBe("request error: bad header token ***");
  });

  it("rejects unusable arguments before sending anything", async () => {
    const server = await fake(() => ok([]));
    const kb = await connectTo(server);
    expect((await catchError(kb.search("q", { topK: 0 }))).code).toBe("INVALID_ARGUMENT");
    expect((await catchError(kb.search(42 as unknown as string))).code).toBe("INVALID_ARGUMENT");
    expect((await catchError(connectTo(server, { knowledgeBaseId: 1.5 }))).code).toBe("INVALID_ARGUMENT");
    expect((await catchError(connectTo(server, { baseUrl: "ftp://x" }))).code).toBe("INVALID_ARGUMENT");
    expect(server.requests).toEqual([]);
  });
});
