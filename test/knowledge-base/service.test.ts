/** The local service over raw HTTP, on each backend: access control, HTTP errors, envelope error codes, limits. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ServiceErrorCode as ErrorCode,
  MAX_TOP_K,
  MAX_QUERY_LENGTH,
  MAX_METADATA_DEPTH,
  startKnowledgeBaseService,
  type KnowledgeBaseService,
} from "../../src/knowledge-base/index.js";
import { queryGrams, queryWords, searchedGrams } from "../../src/knowledge-base/service/query-words.js";
import { toMatchExpression } from "../../src/knowledge-base/service/sqlite/match-expression.js";
import { characterGrams, segmentWords, toGramText } from "../../src/knowledge-base/service/segment.js";
import { BACKENDS } from "./backends.js";

describe.each(BACKENDS)("$name backend", (backend) => {
  const TOKEN = "service-token";
  let service: KnowledgeBaseService;

  beforeAll(async () => {
    await backend.setUp();
    service = await startKnowledgeBaseService({ ...(await backend.place()), tokens: [TOKEN] });
  });
  afterAll(async () => {
    await service.close();
    await backend.tearDown();
  });

  interface Answer {
    status: number;
    json: { errorCode: number; errorMsg: string; result: any; logId?: string; timestamp?: number };
  }

  async function call(
    path: string,
    body: unknown,
    init: { token?: string | null; method?: string; raw?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    const token = init.token === undefined ? TOKEN : init.token;
    if (token !== null) headers.Authorization = `token ${token}`;
    const method = init.method ?? "POST";
    const response = await fetch(`${service.url}${path}`, {
      method,
      headers,
      ...(method === "GET" ? {} : { body: init.raw ?? JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as Answer["json"] };
  }

  async function createKb(name: string): Promise<number> {
    const answer = await call("/llm/knowledge/create", { knowledgeBaseName: name });
    expect(answer.json.errorCode).toBe(0);
    return answer.json.result.knowledgeBaseId as number;
  }

  describe("access control", () => {
    it("answers 403 without a valid Authorization: token <t>", async () => {
      for (const token of [null, "wrong", `${TOKEN}x`, ""]) {
        const answer = await call("/llm/knowledge/create", { knowledgeBaseName: "x" }, { token });
        expect(answer.status).toBe(403);
        expect(answer.json.errorCode).toBe(403);
      }
      const bearer = await fetch(`${service.url}/llm/knowledge/create`, {
        method: "POST",
        headers: { Authorization: `Bearer ${TOKEN}` },
        body: "{}",
      });
      expect(bearer.status).toBe(403);
      expect((await call("/llm/knowledge/create", { knowledgeBaseName: "ok" })).status).toBe(200);
    });

    it("accepts any request when no tokens are configured", async () => {
      const open = await startKnowledgeBaseService({ ...(await backend.place()), tokens: [] });
      try {
        const response = await fetch(`${open.url}/llm/knowledge/create`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: '{"knowledgeBaseName":"a"}',
        });
        expect(response.status).toBe(200);
      } finally {
        await open.close();
      }
    });
  });

  describe("HTTP-level errors", () => {
    it("400 for malformed JSON", async () => {
      const answer = await call("/llm/knowledge/search", null, { raw: '{"knowledgeBaseId": 1,' });
      expect(answer.status).toBe(400);
      expect(answer.json.errorCode).toBe(400);
      expect(answer.json.errorMsg).toMatch(/^malformed JSON in the request body/);
    });

    it("415 unless the body is declared as JSON (no cross-origin 'simple' requests)", async () => {
      for (const contentType of [undefined, "text/plain;charset=UTF-8", "application/x-www-form-urlencoded"]) {
        const response = await fetch(`${service.url}/llm/knowledge/create`, {
          method: "POST",
          headers: { Authorization: `token ${TOKEN}`, ...(contentType ? { "Content-Type": contentType } : {}) },
          body: '{"knowledgeBaseName":"x"}',
        });
        expect(response.status).toBe(415);
      }
      const charset = await fetch(`${service.url}/llm/knowledge/create`, {
        method: "POST",
        headers: { Authorization: `token ${TOKEN}`, "Content-Type": "application/json; charset=utf-8" },
        body: '{"knowledgeBaseName":"x"}',
      });
      expect(charset.status).toBe(200);
    });

    it("404 for an unknown path, 405 for another method", async () => {
      expect((await call("/llm/knowledge/nope", {})).status).toBe(404);
      const get = await call("/llm/knowledge/search", null, { method: "GET" });
      expect(get.status).toBe(405);
    });
  });

  describe("envelope errors (HTTP 200, errorCode != 0)", () => {
    it("1001 names the invalid field", async () => {
      const cases: [string, unknown, string][] = [
        ["/llm/knowledge/create", {}, "knowledgeBaseName must be a string"],
        ["/llm/knowledge/create", { knowledgeBaseName: "  " }, "knowledgeBaseName must not be empty"],
        ["/llm/knowledge/search", { query: "x" }, "knowledgeBaseId must be a non-negative integer"],
        ["/llm/knowledge/search", { knowledgeBaseId: 1 }, "query must be a string"],
        ["/llm/knowledge/search", { knowledgeBaseId: 1, query: "x", topK: 0 }, "topK must be an integer of at least 1"],
        [
          "/llm/knowledge/documents/add",
          { knowledgeBaseId: 1, documents: [{ title: "t" }] },
          "documents[0].content must be a string",
        ],
        [
          "/llm/knowledge/documents/add",
          { knowledgeBaseId: 1, documents: [{ content: "c", metadata: [1] }] },
          "documents[0].metadata must be an object",
        ],
        ["/llm/knowledge/documents/delete", { knowledgeBaseId: 1, documentIds: [1] }, "documentIds[0] must be a string"],
        ["/llm/knowledge/search", [1, 2], "the request body must be a JSON object"],
        // PostgreSQL's text and jsonb cannot hold U+0000: both backends refuse it where it is.
        ["/llm/knowledge/create", { knowledgeBaseName: "a\0b" }, "knowledgeBaseName holds the character U+0000 (NUL), which the knowledge base does not store"],
        ...(
          [
            [{ id: "a\0", content: "c" }, "documents[1].id"],
            [{ title: "t\0", content: "c" }, "documents[1].title"],
            [{ content: "c\0d" }, "documents[1].content"],
            [{ content: "c", metadata: { tags: ["x", "y\0"] } }, "documents[1].metadata.tags[1]"],
            [{ content: "c", metadata: { "team name": { lead: "\0" } } }, 'documents[1].metadata["team name"].lead'],
            [{ content: "c", metadata: { "k\0": 1 } }, 'documents[1].metadata["k\\u0000"] (its key)'],
          ] as const
        ).map(([document, where]): [string, unknown, string] => [
          "/llm/knowledge/documents/add",
          { knowledgeBaseId: 1, documents: [{ content: "fine" }, document] },
          `${where} holds the character U+0000 (NUL), which the knowledge base does not store`,
        ]),
      ];
      for (const [path, body, message] of cases) {
        const answer = await call(path, body);
        expect([answer.status, answer.json.errorCode, answer.json.errorMsg]).toEqual([200, ErrorCode.INVALID_ARGUMENT, message]);
        expect(answer.json.result).toBeNull();
      }
    });

    it("a NUL in a filter term or a deleted id finds nothing, as no stored text holds one", async () => {
      const id = await createKb("nul-reads");
      const added = await call("/llm/knowledge/documents/add", {
        knowledgeBaseId: id,
        documents: [{ id: "a", title: "t", content: "river stone", metadata: { k: "v" } }],
      });
      expect(added.json.errorCode).toBe(0);
      const search = async (...filter: object[]) =>
        (await call("/llm/knowledge/search", { knowledgeBaseId: id, query: "river", filterConditions: { bool: { filter } } })).json;
      expect((await search({ term: { k: "v" } })).result.map((hit: { fileId: string }) => hit.fileId)).toEqual(["a"]);
      for (const term of [{ k: "v\0" }, { "k\0": "v" }, { title: "t\0" }]) {
        expect(await search({ term: { k: "v" } }, { term })).toMatchObject({ errorCode: 0, result: [] });
      }
      const deleted = await call("/llm/knowledge/documents/delete", { knowledgeBaseId: id, documentIds: ["a\0", "b\0"] });
      expect([deleted.json.errorCode, deleted.json.result]).toEqual([0, { deleted: 0 }]);
      expect((await call("/llm/knowledge/search", { knowledgeBaseId: id, query: "river\0stone" })).json.errorCode).toBe(0);
    });

    it("1002 for an unknown knowledge base, on every endpoint", async () => {
      for (const path of ["search", "documents/add", "documents/list", "documents/delete"]) {
        const answer = await call(`/llm/knowledge/${path}`, { knowledgeBaseId: 99999, query: "x", documents: [], documentIds: [] });
        expect([answer.json.errorCode, answer.json.errorMsg]).toEqual([1002, "knowledge base 99999 does not exist"]);
      }
    });

    it("1003 for filterConditions the service does not understand", async () => {
      const id = await createKb("filters-invalid");
      const bad = [
        { must: [] },
        { bool: { filter: [{ match: { title: "x" } }] } },
        { bool: { filter: [{ term: { a: "x", b: "y" } }] } },
        { bool: { filter: [{ term: { a: ["x"] } }] } },
        { bool: { should: [] } },
      ];
      for (const filterConditions of bad) {
        const answer = await call("/llm/knowledge/search", { knowledgeBaseId: id, query: "x", filterConditions });
        expect(answer.json.errorCode).toBe(ErrorCode.INVALID_FILTER);
      }
      // ES's long form and a single clause without an array are understood.
      for (const filterConditions of [
        { bool: { filter: [{ term: { title: { value: "x" } } }] } },
        { bool: { filter: { term: { title: "x" } } } },
        null,
      ]) {
        const answer = await call("/llm/knowledge/search", { knowledgeBaseId: id, query: "x", filterConditions });
        expect(answer.json.errorCode).toBe(0);
      }
    });

    it("1004 for more than 1000 documents in one request", async () => {
      const id = await createKb("too-many");
      const documents = Array.from({ length: 1001 }, () => ({ content: "x" }));
      const answer = await call("/llm/knowledge/documents/add", { knowledgeBaseId: id, documents });
      expect(answer.json.errorCode).toBe(ErrorCode.TOO_MANY_DOCUMENTS);
    });
  });

  describe("protocol answers", () => {
    it("create answers the hosted envelope; a repeated name gives the existing knowledge base", async () => {
      const answer = await call("/llm/knowledge/create", { knowledgeBaseName: "envelope" });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ errorCode: 0, errorMsg: "", result: { knowledgeBaseName: "envelope" } });
      expect(Number.isInteger(answer.json.result.knowledgeBaseId)).toBe(true);
      expect(answer.json.logId).toMatch(/^[0-9a-f]{32}$/);
      expect(typeof answer.json.timestamp).toBe("number");
      const again = await call("/llm/knowledge/create", { knowledgeBaseName: "envelope" });
      expect(again.json.result.knowledgeBaseId).toBe(answer.json.result.knowledgeBaseId);
    });

    it("search hits carry fileId, score and source { title, doc (JSON with content_se), para }", async () => {
      const id = await createKb("hit-shape");
      const added = await call("/llm/knowledge/documents/add", {
        knowledgeBaseId: String(id), // a decimal string id is accepted too
        documents: [{ id: "h1", title: "标题", content: "知识库 搜索 示例", metadata: { k: "v" } }],
      });
      expect(added.json.result).toEqual({ documentIds: ["h1"] });
      const answer = await call("/llm/knowledge/search", { knowledgeBaseId: id, query: "搜索" });
      const [hit] = answer.json.result;
      expect(hit).toEqual({
        fileId: "h1",
        score: hit.score,
        source: { title: "标题", doc: hit.source.doc, para: "知识库 搜索 示例" },
      });
      expect(hit.score).toBeGreaterThan(0);
      expect(JSON.parse(hit.source.doc)).toEqual({
        _doc_id: "h1",
        _id: "h1",
        content_se: "知识库 搜索 示例",
        knowledgeBaseId: id,
        title: "标题",
        metadata: { k: "v" },
      });
    });

    it(`topK defaults to 10 and is capped at ${MAX_TOP_K}`, async () => {
      const id = await createKb("topk");
      const documents = Array.from({ length: 150 }, (_, i) => ({ content: `common word number ${i}` }));
      await call("/llm/knowledge/documents/add", { knowledgeBaseId: id, documents });
      expect((await call("/llm/knowledge/search", { knowledgeBaseId: id, query: "common" })).json.result).toHaveLength(10);
      expect((await call("/llm/knowledge/search", { knowledgeBaseId: id, query: "common", topK: 500 })).json.result).toHaveLength(
        MAX_TOP_K,
      );
      const list = await call("/llm/knowledge/documents/list", { knowledgeBaseId: id, limit: 5000 });
      expect(list.json.result.total).toBe(150);
      expect(list.json.result.documents).toHaveLength(150);
    });

    it("a query without words, or with FTS5 syntax, is just text", async () => {
      const id = await createKb("syntax");
      await call("/llm/knowledge/documents/add", { knowledgeBaseId: id, documents: [{ content: 'AND OR NOT "quoted" title:x' }] });
      for (const query of ["", "。，！", "*", '"', "NOT", "title:x", "a AND (b"]) {
        const answer = await call("/llm/knowledge/search", { knowledgeBaseId: id, query });
        expect(answer.json.errorCode).toBe(0);
      }
      expect((await call("/llm/knowledge/search", { knowledgeBaseId: id, query: "NOT" })).json.result).toHaveLength(1);
    });

    it("metadata keys with dots and quotes are literal keys", async () => {
      const id = await createKb("weird-keys");
      await call("/llm/knowledge/documents/add", {
        knowledgeBaseId: id,
        documents: [
          { id: "a", content: "same", metadata: { "a.b": 1, 'q"k': "v", nested: { x: "y" } } },
          { id: "b", content: "same", metadata: { a: { b: 1 } } },
        ],
      });
      const search = async (term: Record<string, unknown>) =>
        (
          await call("/llm/knowledge/search", {
            knowledgeBaseId: id,
            query: "same",
            filterConditions: { bool: { filter: [{ term }] } },
          })
        ).json.result.map((h: { fileId: string }) => h.fileId);
      expect(await search({ "a.b": 1 })).toEqual(["a"]);
      expect(await search({ 'q"k': "v" })).toEqual(["a"]);
      expect(await search({ nested: "y" })).toEqual([]); // objects never equal a scalar
    });

    it("keeps everything across a restart on the same data directory or database", async () => {
      const place = await backend.place();
      const first = await startKnowledgeBaseService({ ...place, tokens: [] });
      const post = (url: string, path: string, body: unknown) =>
        fetch(`${url}${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }).then((r) => r.json() as Promise<Answer["json"]>);
      const { result } = await post(first.url, "/llm/knowledge/create", { knowledgeBaseName: "restart" });
      await post(first.url, "/llm/knowledge/documents/add", {
        knowledgeBaseId: result.knowledgeBaseId,
        documents: [{ content: "persisted text" }],
      });
      await first.close();
      const second = await startKnowledgeBaseService({ ...place, tokens: [] });
      try {
        const again = await post(second.url, "/llm/knowledge/create", { knowledgeBaseName: "restart" });
        expect(again.result.knowledgeBaseId).toBe(result.knowledgeBaseId);
        const hits = await post(second.url, "/llm/knowledge/search", {
          knowledgeBaseId: result.knowledgeBaseId,
          query: "persisted",
        });
        expect(hits.result).toHaveLength(1);
      } finally {
        await second.close();
      }
    });
  });

  describe("the same answers on every backend", () => {
    const add = async (documents: unknown[]) => {
      const id = await createKb(`same-${Math.random()}`);
      const answer = await call("/llm/knowledge/documents/add", { knowledgeBaseId: id, documents });
      expect(answer.json.errorCode, answer.json.errorMsg).toBe(0);
      return { id, ids: answer.json.result.documentIds as string[] };
    };
    const hits = async (knowledgeBaseId: number, query: string, extra: Record<string, unknown> = {}) => {
      const answer = await call("/llm/knowledge/search", { knowledgeBaseId, query, ...extra });
      expect(answer.json.errorCode, answer.json.errorMsg).toBe(0);
      return answer.json.result as { fileId: string; score: number; source: { doc: string } }[];
    };
    const ids = async (knowledgeBaseId: number, query: string, extra: Record<string, unknown> = {}) =>
      (await hits(knowledgeBaseId, query, extra)).map((hit) => hit.fileId);

    it("English words match their inflections, stop words are words, diacritics fold, case folds", async () => {
      const { id } = await add([
        { id: "dogs", content: "The dogs were running in the park" },
        { id: "cafe", content: "A café near the station" },
        { id: "who", content: "The Who played loud" },
      ]);
      expect(await ids(id, "dog run")).toEqual(["dogs"]);
      expect(await ids(id, "cafe")).toEqual(["cafe"]);
      expect(await ids(id, "CAFÉ")).toEqual(["cafe"]);
      expect((await ids(id, "the")).sort()).toEqual(["cafe", "dogs", "who"]);
      expect(await ids(id, "who")).toEqual(["who"]);
    });

    it("words inside host names, e-mail addresses, paths and numbers are words (unicode61's rule on both)", async () => {
      const { id } = await add([
        { id: "mail", content: "write to alice@corp.org about example.com/docs/setup_guide, version 3.5" },
        { id: "other", content: "nothing to see" },
      ]);
      for (const query of ["example", "corp", "alice", "3", "setup", "guide", "3.5", "example.com", "alice@corp.org"]) {
        expect(await ids(id, query), query).toEqual(["mail"]);
      }
    });

    it("Chinese is found by its words, emoji by themselves", async () => {
      const { id } = await add([
        { id: "zh", title: "城市管理", content: "城市管理执法主管部门负责监督检查" },
        { id: "rocket", content: "launch day 🚀 tomorrow" },
        { id: "other", content: "nothing here" },
      ]);
      expect(await ids(id, "执法")).toEqual(["zh"]);
      expect(await ids(id, "主管部门")).toEqual(["zh"]);
      expect(await ids(id, "🚀")).toEqual(["rocket"]);
    });

    it("Chinese and Japanese are found by characters and pairs where the query's words are not the document's", async () => {
      const { id } = await add([
        { id: "panda", content: "大熊猫主要吃竹子" },
        { id: "tea", content: "泡绿茶不宜用沸水" },
        { id: "ja", content: "日本語教室に通う" },
        { id: "en", content: "pandas drink tea" },
      ]);
      // 熊猫 and 日本 are words of the query and inside the words 大熊猫 and 日本語 of the documents;
      // 泡茶 is nowhere in the text.
      expect(await ids(id, "熊猫")).toEqual(["panda"]);
      expect((await ids(id, "泡茶"))[0]).toBe("tea");
      expect(await ids(id, "日本")).toEqual(["ja"]);
      // A document without Chinese or Japanese ranks as it did: by its words alone.
      expect(await ids(id, "pandas tea")).toEqual(["en"]);
    });

    it("ranks documents with more of the words first, titles above contents, ties in insertion order, scores > 0", async () => {
      const { id } = await add([
        { id: "one", content: "apple" },
        { id: "two", content: "apple banana" },
        { id: "tie-a", content: "cherry" },
        { id: "tie-b", content: "cherry" },
        { id: "in-title", title: "durian", content: "fruit" },
        { id: "in-content", title: "fruit", content: "durian" },
      ]);
      expect(await ids(id, "apple banana")).toEqual(["two", "one"]);
      expect(await ids(id, "cherry")).toEqual(["tie-a", "tie-b"]);
      expect(await ids(id, "durian")).toEqual(["in-title", "in-content"]);
      for (const hit of await hits(id, "apple banana cherry durian")) expect(hit.score).toBeGreaterThan(0);
    });

    it("a document added again under its id is found by its new words only, at its old place", async () => {
      const { id } = await add([
        { id: "a", title: "first", content: "walrus 海象 ferry" },
        { id: "b", content: "walrus lagoon" },
      ]);
      const filter = { filterConditions: { bool: { filter: [{ term: { kind: "x" } }] } } };
      await call("/llm/knowledge/documents/add", { knowledgeBaseId: id, documents: [{ id: "a", title: "second", content: "penguin 企鹅 ferry", metadata: { kind: "x" } }] });
      expect(await ids(id, "walrus")).toEqual(["b"]);
      expect(await ids(id, "海象")).toEqual([]);
      expect(await ids(id, "first")).toEqual([]);
      expect(await ids(id, "penguin")).toEqual(["a"]);
      expect(await ids(id, "企鹅")).toEqual(["a"]);
      expect(await ids(id, "second walrus")).toEqual(["a", "b"]);
      expect(await ids(id, "ferry walrus", filter)).toEqual(["a"]);
      // The same words again change nothing.
      await call("/llm/knowledge/documents/add", { knowledgeBaseId: id, documents: [{ id: "a", title: "second", content: "penguin 企鹅 ferry" }] });
      expect(await ids(id, "penguin 企鹅")).toEqual(["a"]);
      const listed = await call("/llm/knowledge/documents/list", { knowledgeBaseId: id });
      expect(listed.json.result.documents.map((d: { id: string }) => d.id)).toEqual(["a", "b"]);
    });

    it("deleted documents are found no more, with or without a filter; the others still are", async () => {
      const { id } = await add([
        { id: "gone", content: "harbour crane 码头 it's", metadata: { port: true } },
        { id: "kept", content: "harbour 码头 it's", metadata: { port: true } },
        { id: "other", content: "inland" },
      ]);
      const port = { filterConditions: { bool: { filter: [{ term: { port: true } }] } } };
      expect(await ids(id, "crane")).toEqual(["gone"]);
      const deleted = await call("/llm/knowledge/documents/delete", { knowledgeBaseId: id, documentIds: ["gone", "never-there"] });
      expect(deleted.json.errorCode, deleted.json.errorMsg).toBe(0);
      expect(await ids(id, "crane")).toEqual([]);
      expect(await ids(id, "harbour crane")).toEqual(["kept"]);
      expect(await ids(id, "码头")).toEqual(["kept"]);
      expect(await ids(id, "it's")).toEqual(["kept"]);
      expect(await ids(id, "crane harbour", port)).toEqual(["kept"]);
      await call("/llm/knowledge/documents/delete", { knowledgeBaseId: id, documentIds: ["kept", "other"] });
      expect(await ids(id, "harbour inland 码头 it's")).toEqual([]);
    });

    it("a rarer word weighs more, and adding or deleting documents changes how rare a word is", async () => {
      // Same title and length everywhere: only how many documents hold each word differs.
      const doc = (docId: string, word: string) => ({ id: docId, title: "note", content: `${word} pear pear` });
      const { id } = await add([doc("kiwi", "kiwi"), doc("mango", "mango"), doc("k1", "kiwi"), doc("k2", "kiwi"), doc("k3", "kiwi")]);
      // kiwi in 4 of 5 documents, mango in 1: the mango document first, whichever comes first in the query.
      expect((await ids(id, "kiwi mango")).slice(0, 2)).toEqual(["mango", "kiwi"]);
      expect((await ids(id, "mango kiwi")).slice(0, 2)).toEqual(["mango", "kiwi"]);
      await call("/llm/knowledge/documents/delete", { knowledgeBaseId: id, documentIds: ["k1", "k2", "k3"] });
      await call("/llm/knowledge/documents/add", { knowledgeBaseId: id, documents: [doc("m1", "mango"), doc("m2", "mango"), doc("m3", "mango")] });
      // Now kiwi is the rare one.
      expect((await ids(id, "kiwi mango"))[0]).toEqual("kiwi");
      expect((await ids(id, "mango kiwi"))[0]).toEqual("kiwi");
    });

    it("a word of several tokens matches as a phrase, beside other words and under a filter", async () => {
      const { id } = await add([
        { id: "phrase", content: "it's late", metadata: { tag: "t" } },
        { id: "apart", content: "s it late", metadata: { tag: "t" } },
        { id: "version", content: "release 3.5 is out", metadata: { tag: "u" } },
      ]);
      expect(await ids(id, "it's")).toEqual(["phrase"]);
      expect(await ids(id, "3.5")).toEqual(["version"]);
      expect((await ids(id, "it's 3.5")).sort()).toEqual(["phrase", "version"]);
      expect((await ids(id, "it's late"))[0]).toEqual("phrase");
      expect((await ids(id, "it's late")).sort()).toEqual(["apart", "phrase"]);
      const tagged = (tag: string) => ({ filterConditions: { bool: { filter: [{ term: { tag } }] } } });
      expect(await ids(id, "it's 3.5", tagged("t"))).toEqual(["phrase"]);
      expect(await ids(id, "it's 3.5", tagged("u"))).toEqual(["version"]);
    });

    it("an id named twice in one request: the later document, at the earlier place", async () => {
      const { id, ids: added } = await add([
        { id: "x", content: "first version" },
        { id: "y", content: "middle" },
        { id: "x", content: "second version" },
      ]);
      expect(added).toEqual(["x", "y", "x"]);
      const listed = await call("/llm/knowledge/documents/list", { knowledgeBaseId: id });
      expect(listed.json.result.total).toBe(2);
      expect(listed.json.result.documents.map((d: { id: string; content: string }) => [d.id, d.content])).toEqual([
        ["x", "second version"],
        ["y", "middle"],
      ]);
    });

    it("metadata comes back as it was sent (key order, types), filters keep JSON types apart", async () => {
      const metadata = { zeta: 1, alpha: [true, "1", 2.5], mid: { deep: null }, "": "empty key" };
      const { id } = await add([
        { id: "m", content: "typed", metadata },
        { id: "n", content: "typed", metadata: { alpha: 1, zeta: "1" } },
      ]);
      const listed = await call("/llm/knowledge/documents/list", { knowledgeBaseId: id });
      const stored = listed.json.result.documents[0].metadata as Record<string, unknown>;
      expect(Object.keys(stored)).toEqual(Object.keys(metadata));
      expect(stored).toEqual(metadata);
      const filtered = (term: Record<string, unknown>) => ids(id, "typed", { filterConditions: { bool: { filter: [{ term }] } } });
      expect(await filtered({ zeta: 1 })).toEqual(["m"]);
      expect(await filtered({ zeta: "1" })).toEqual(["n"]);
      expect(await filtered({ alpha: true })).toEqual(["m"]);
      expect(await filtered({ alpha: "1" })).toEqual(["m"]);
      expect(await filtered({ alpha: 1 })).toEqual(["n"]);
      expect(await filtered({ alpha: 2.5 })).toEqual(["m"]);
      expect(await filtered({ "": "empty key" })).toEqual(["m"]);
      expect(await filtered({ title: "" })).toEqual(["m", "n"]);
    });

    it("filters: JSON types, array elements, odd keys, unicode values, several terms, title beside metadata", async () => {
      const { id } = await add([
        {
          id: "a",
          title: "one",
          content: "fruit",
          metadata: { n: 0, s: "0", b: false, tags: ["x", 1, true, ["deep"], { o: 1 }, null], "key with space": "v", 键: "值", "ключ.точка": "é", e: "", wide: "ABC" },
        },
        { id: "b", title: "two", content: "fruit", metadata: { n: 1.5, s: "", b: true, tags: [], "key with space": "V", 键: "值值", "ключ.точка": "e\u0301", e: null, wide: "ＡＢＣ" } },
        { id: "c", title: "three", content: "fruit", metadata: { n: 2, s: "false", b: "false", tags: "x", big: 1e21, neg: -2.25, emoji: "🚀", deep: ["deep"], title: "one", "": 0 } },
        { id: "d", title: "four", content: "fruit secretvalue", metadata: { tag: "secretvalue", 0: "zero" } },
      ]);
      const filtered = (...terms: Record<string, unknown>[]) => ids(id, "fruit", { filterConditions: { bool: { filter: terms.map((term) => ({ term })) } } });
      // Types: 0, "0", false, "" and "false" are five different values.
      expect(await filtered({ n: 0 })).toEqual(["a"]);
      expect(await filtered({ n: false })).toEqual([]);
      expect(await filtered({ n: "0" })).toEqual([]);
      expect(await filtered({ s: "0" })).toEqual(["a"]);
      expect(await filtered({ s: 0 })).toEqual([]);
      expect(await filtered({ s: "" })).toEqual(["b"]);
      expect(await filtered({ s: false })).toEqual([]);
      expect(await filtered({ b: false })).toEqual(["a"]);
      expect(await filtered({ b: 0 })).toEqual([]);
      expect(await filtered({ b: "false" })).toEqual(["c"]);
      expect(await filtered({ b: true })).toEqual(["b"]);
      expect(await filtered({ n: 1.5 })).toEqual(["b"]);
      expect(await filtered({ neg: -2.25 })).toEqual(["c"]);
      expect(await filtered({ big: 1e21 })).toEqual(["c"]);
      expect(await filtered({ "": 0 })).toEqual(["c"]);
      expect(await filtered({ 0: "zero" })).toEqual(["d"]);
      expect(await filtered({ e: "" })).toEqual(["a"]);
      // Arrays: an element matches, by type; nested arrays and objects never do; a scalar matches itself.
      expect(await filtered({ tags: "x" })).toEqual(["a", "c"]);
      expect(await filtered({ tags: 1 })).toEqual(["a"]);
      expect(await filtered({ tags: "1" })).toEqual([]);
      expect(await filtered({ tags: true })).toEqual(["a"]);
      expect(await filtered({ tags: "deep" })).toEqual([]);
      expect(await filtered({ deep: "deep" })).toEqual(["c"]);
      // Keys and values compare exactly: case, width, composed and decomposed accents, CJK prefixes.
      expect(await filtered({ "key with space": "v" })).toEqual(["a"]);
      expect(await filtered({ "key with space": "V" })).toEqual(["b"]);
      expect(await filtered({ 键: "值" })).toEqual(["a"]);
      expect(await filtered({ "ключ.точка": "é" })).toEqual(["a"]);
      expect(await filtered({ "ключ.точка": "e\u0301" })).toEqual(["b"]);
      expect(await filtered({ wide: "ABC" })).toEqual(["a"]);
      expect(await filtered({ emoji: "🚀" })).toEqual(["c"]);
      // Several terms: all must hold, on one key or several, with the title too.
      expect(await filtered({ tags: "x" }, { b: false })).toEqual(["a"]);
      expect(await filtered({ tags: "x" }, { b: "false" })).toEqual(["c"]);
      expect(await filtered({ tags: "x" }, { tags: 1 }, { tags: true })).toEqual(["a"]);
      expect(await filtered({ s: "0" }, { s: "" })).toEqual([]);
      expect(await filtered({ title: "one" }, { tags: "x" })).toEqual(["a"]);
      expect(await filtered({ title: "three" }, { tags: "x" })).toEqual(["c"]);
      // A term on "title" is the document's title, never a metadata key of that name.
      expect(await filtered({ title: "one" })).toEqual(["a"]);
      // Metadata is not searched as text: a query for a metadata value finds only the text that has it.
      expect(await ids(id, "secretvalue")).toEqual(["d"]);
      expect(await ids(id, "deep")).toEqual([]);
    });

    it("filters follow replaced and deleted documents", async () => {
      const { id } = await add([
        { id: "a", content: "fruit", metadata: { n: 1, tags: ["x", "y"] } },
        { id: "b", content: "fruit", metadata: { n: 1, tags: "x" } },
      ]);
      const filtered = (term: Record<string, unknown>) => ids(id, "fruit", { filterConditions: { bool: { filter: [{ term }] } } });
      expect(await filtered({ tags: "y" })).toEqual(["a"]);
      await call("/llm/knowledge/documents/add", { knowledgeBaseId: id, documents: [{ id: "a", content: "fruit", metadata: { n: 2, tags: ["z"] } }] });
      expect(await filtered({ tags: "y" })).toEqual([]);
      expect(await filtered({ tags: "z" })).toEqual(["a"]);
      expect(await filtered({ n: 1 })).toEqual(["b"]);
      expect(await filtered({ n: 2 })).toEqual(["a"]);
      await call("/llm/knowledge/documents/delete", { knowledgeBaseId: id, documentIds: ["b"] });
      expect(await filtered({ n: 1 })).toEqual([]);
      expect(await filtered({ tags: "x" })).toEqual([]);
    });

    it("refuses a query over the length limit and metadata nested too deep with 400, before touching the database", async () => {
      const id = await createKb(`limits-${Math.random()}`);
      const long = await call("/llm/knowledge/search", { knowledgeBaseId: id, query: "a".repeat(MAX_QUERY_LENGTH + 1) });
      expect(long.status).toBe(400);
      expect(long.json.errorMsg).toBe(`query is ${MAX_QUERY_LENGTH + 1} characters long; at most ${MAX_QUERY_LENGTH} are accepted`);
      expect((await call("/llm/knowledge/search", { knowledgeBaseId: id, query: "a ".repeat(MAX_QUERY_LENGTH / 2) })).status).toBe(200);
      let deep: unknown = "bottom";
      for (let level = 0; level < MAX_METADATA_DEPTH; level++) deep = { level: deep };
      const accepted = await call("/llm/knowledge/documents/add", { knowledgeBaseId: id, documents: [{ content: "deep", metadata: deep }] });
      expect(accepted.json.errorCode).toBe(0);
      const refused = await call("/llm/knowledge/documents/add", { knowledgeBaseId: id, documents: [{ content: "x" }, { content: "deeper", metadata: { more: deep } }] });
      expect(refused.status).toBe(400);
      expect(refused.json.errorMsg).toBe(`documents[1].metadata nests deeper than ${MAX_METADATA_DEPTH} levels`);
      expect((await call("/llm/knowledge/documents/list", { knowledgeBaseId: id })).json.result.total).toBe(1);
    });

    it("GET /health answers without a token or the database; GET /ready asks the database", async () => {
      const health = await fetch(`${service.url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok", storage: backend.kind });
      const ready = await fetch(`${service.url}/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ready", storage: backend.kind });
      expect((await fetch(`${service.url}/health`, { method: "POST" })).status).toBe(405);
      // Only the exact paths are probes: anything else still needs the token.
      expect((await fetch(`${service.url}/health?x=1`)).status).toBe(403);
    });
  });
});

describe("segmentation", () => {
  it("cuts Chinese runs into words and keeps English words", () => {
    expect(segmentWords("城市管理执法主管部门")).toEqual(["城市", "管理", "执法", "主管", "部门"]);
    expect(segmentWords("Hello, world! it's 3.5")).toEqual(["Hello", "world", "it's", "3.5"]);
    expect(segmentWords("ＡＢＣ１２３")).toEqual(["ABC123"]); // NFKC: full-width to ASCII
  });

  it("gives the characters and neighbouring pairs of Chinese and Japanese runs, nothing for other scripts", () => {
    expect(characterGrams("大熊猫 and 茶")).toEqual(["大", "大熊", "熊", "熊猫", "猫", "茶"]);
    expect(characterGrams("カレーを食べる")).toEqual(["カ", "カレ", "レ", "レー", "ー", "ーを", "を", "を食", "食", "食べ", "べ", "べる", "る"]);
    expect(characterGrams("ｶﾚｰ")).toEqual(characterGrams("カレー")); // NFKC: half-width katakana
    expect(characterGrams("hello สวัสดี 안녕")).toEqual([]);
    expect(toGramText("泡茶")).toBe("泡 泡茶 茶");
    expect(queryGrams("茶 茶茶")).toEqual(["茶", "茶茶"]);
  });

  it("searches the pairs some document has, and the characters in none of them", () => {
    const indexed = new Set(["熊猫", "退休"]);
    const found = (pair: string) => indexed.has(pair);
    expect(searchedGrams(queryGrams("大熊猫"), found)).toEqual(["熊猫", "大"]);
    expect(searchedGrams(queryGrams("退休金"), found)).toEqual(["退休", "金"]);
    expect(searchedGrams(queryGrams("泡茶"), found)).toEqual(["泡", "茶"]);
    expect(searchedGrams(queryGrams("茶"), found)).toEqual(["茶"]);
  });

  it("builds an OR of quoted words; FTS5 operators lose their meaning", () => {
    expect(toMatchExpression(queryWords('Dogs AND "cats"'))).toBe('"dogs" OR "and" OR "cats"');
    expect(toMatchExpression(queryWords("执法人员 执法"))).toBe('"执法" OR "人员"');
    expect(toMatchExpression(queryWords("？！"))).toBeUndefined();
  });
});
