/**
 * The service's shortcuts for small requests keep their answers and limits: a body that arrived
 * whole is taken from the stream's buffer (read-body.ts) under the same size limit, a search
 * answer written as JSON text is the text JSON.stringify makes of the answer's objects, log ids
 * drawn from a pool of random bytes stay distinct, and text of ASCII letters, digits and spaces
 * is cut into the words the segmenter finds.
 */
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBody } from "../../src/http-guard/read-body.js";
import { listDocuments, search, JsonText } from "../../src/knowledge-base/service/handlers.js";
import { JsonPieces, writeValue } from "../../src/knowledge-base/service/json-pieces.js";
import { LARGE_ANSWER_CHARACTERS } from "../../src/knowledge-base/service/large-answers.js";
import type { KnowledgeBaseStorage, ScoredDocument } from "../../src/knowledge-base/service/storage.js";
import { startKnowledgeBaseService, type KnowledgeBaseService } from "../../src/knowledge-base/index.js";
import { segmentWords } from "../../src/knowledge-base/service/segment.js";
import { seededRandom } from "../support/seeded-random.js";
import { BACKENDS } from "./backends.js";

describe("readBody", () => {
  const MAX_BYTES = 64;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((request, response) => {
      // Whether the body was read by 'data' events (else it was taken whole from the buffer).
      let streamed = false;
      const on = request.on;
      request.on = function (this: typeof request, event: string | symbol, listener: (...args: any[]) => void) {
        if (event === "data") streamed = true;
        return on.call(this, event, listener);
      } as typeof request.on;
      void readBody(request, { maxBytes: MAX_BYTES, timeoutMs: 500 }).then((read) => {
        response.setHeader("Connection", "close");
        response.end(JSON.stringify(read.kind === "body" ? { kind: read.kind, body: read.body.toString("utf8"), streamed } : { kind: read.kind, streamed }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Writes `pieces` on a raw socket, `pauseMs` apart; resolves to the answer's JSON body. */
  function exchange(pieces: readonly string[], pauseMs = 0): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      let answer = "";
      socket.on("data", (data) => (answer += data.toString("utf8")));
      socket.on("end", () => resolve(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))));
      socket.on("error", reject);
      void (async () => {
        for (const [index, piece] of pieces.entries()) {
          if (index > 0) await new Promise((wait) => setTimeout(wait, pauseMs));
          socket.write(piece);
        }
      })();
    });
  }

  const head = (headers: string) => `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`;

  it("takes a body that came with its headers", async () => {
    const body = '{"query":"知识"}';
    expect(await exchange([`${head(`Content-Length: ${Buffer.byteLength(body)}\r\n`)}${body}`])).toEqual({ kind: "body", body, streamed: false });
  });

  it("reads a body that comes after its headers", async () => {
    const body = '{"query":"later"}';
    expect(await exchange([head(`Content-Length: ${body.length}\r\n`), body.slice(0, 5), body.slice(5)], 30)).toEqual({ kind: "body", body, streamed: true });
  });

  it("refuses a chunked body over the limit, arrived whole or not", async () => {
    const body = "x".repeat(MAX_BYTES + 1);
    const chunked = `${head("Transfer-Encoding: chunked\r\n")}${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    expect(await exchange([chunked])).toMatchObject({ kind: "too-large" });
    expect(await exchange([head("Transfer-Encoding: chunked\r\n"), chunked.slice(chunked.indexOf("\r\n\r\n") + 4)], 30)).toMatchObject({ kind: "too-large" });
  });

  it("takes a chunked body at the limit", async () => {
    const body = "y".repeat(MAX_BYTES);
    expect(await exchange([`${head("Transfer-Encoding: chunked\r\n")}${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`])).toMatchObject({ kind: "body", body });
  });

  it("refuses a Content-Length over the limit before reading, and takes one at the limit whole", async () => {
    expect(await exchange([`${head(`Content-Length: ${MAX_BYTES + 1}\r\n`)}${"z".repeat(MAX_BYTES + 1)}`])).toEqual({ kind: "too-large", streamed: false });
    expect(await exchange([`${head(`Content-Length: ${MAX_BYTES}\r\n`)}${"z".repeat(MAX_BYTES)}`])).toEqual({ kind: "body", body: "z".repeat(MAX_BYTES), streamed: false });
  });

  it("still times out a body that never finishes", async () => {
    expect(await exchange([`${head("Content-Length: 10\r\n")}12345`])).toEqual({ kind: "timeout", streamed: true });
  });

  it("answers an empty body as empty", async () => {
    expect(await exchange([head("Content-Length: 0\r\n")])).toEqual({ kind: "body", body: "", streamed: false });
  });
});

/** The objects a search answer is the JSON text of. */
function answerObjects(hits: readonly ScoredDocument[], knowledgeBaseId: number) {
  return hits.map((hit) => ({
    fileId: hit.id,
    score: hit.score,
    source: {
      title: hit.title,
      doc: JSON.stringify({ _doc_id: hit.id, _id: hit.id, content_se: hit.content, knowledgeBaseId, title: hit.title, metadata: hit.metadata }),
      para: hit.content,
    },
  }));
}

describe("the search answer as JSON text", () => {
  it("is the text JSON.stringify makes of the answer's objects", async () => {
    const hits: ScoredDocument[] = [
      { id: 'a"b\\c', title: "标题 \u2028 \n", content: 'quote " backslash \\ tab \t 知识 🚀 lone \ud800 end', metadata: { source: "wiki", n: 1.5, nested: { list: [1, "二", null, true] } }, score: 3.25 },
      { id: "plain", title: "", content: "", metadata: {}, score: 1e-7 },
      { id: "zero", title: "t", content: "c", metadata: { "key with \"quotes\"": "v" }, score: 0.1 + 0.2 },
    ];
    const storage = { search: () => Promise.resolve(hits) } as unknown as KnowledgeBaseStorage;
    const result = await search(storage, { knowledgeBaseId: 7, query: "x" });
    expect(result).toBeInstanceOf(JsonText);
    const objects = answerObjects(hits, 7);
    expect((result as JsonText).text).toBe(JSON.stringify(objects));
    expect(JSON.parse((result as JsonText).text)).toEqual(objects);
  });

  it("over LARGE_ANSWER_CHARACTERS, is written in pieces, with the same bytes", async () => {
    // Contents past the 64 KiB pieces, with an emoji across a piece's end, escapes and lone surrogates.
    const long = (seed: number) => `${"x".repeat(65_535)}😀${'"\\\n\u2028 知识 \ud800 '.repeat(20_000 + seed)}\udc00${"y".repeat(seed)}`;
    const hits: ScoredDocument[] = [
      { id: 'a"b', title: "标题 \n", content: long(1), metadata: { source: "wiki", nested: { list: [1, "二", null] } }, score: 3.25 },
      { id: "small", title: "t", content: "c", metadata: {}, score: 1e-7 },
      { id: "second", title: "", content: long(70_000), metadata: { "k \"q\"": "\ud83d" }, score: 0.1 + 0.2 },
    ];
    expect(hits.reduce((sum, hit) => sum + hit.content.length, 0)).toBeGreaterThan(LARGE_ANSWER_CHARACTERS);
    const storage = { search: () => Promise.resolve(hits) } as unknown as KnowledgeBaseStorage;
    const result = await search(storage, { knowledgeBaseId: 7, query: "x" });
    expect(result).toBeInstanceOf(JsonPieces);
    const objects = answerObjects(hits, 7);
    expect((result as JsonPieces).concat().equals(Buffer.from(JSON.stringify(objects)))).toBe(true);

    const documents = hits.map(({ id, title, content, metadata }) => ({ id, title, content, metadata }));
    const listing = { total: 12, documents };
    const lister = { listDocuments: () => Promise.resolve(listing) } as unknown as KnowledgeBaseStorage;
    const listed = await listDocuments(lister, { knowledgeBaseId: 7 });
    expect(listed).toBeInstanceOf(JsonPieces);
    expect((listed as JsonPieces).concat().equals(Buffer.from(JSON.stringify(listing)))).toBe(true);
    // Below the threshold, the listing is the object itself.
    const smallListing = { total: 1, documents: [documents[1]!] };
    const smallLister = { listDocuments: () => Promise.resolve(smallListing) } as unknown as KnowledgeBaseStorage;
    expect(await listDocuments(smallLister, { knowledgeBaseId: 7 })).toBe(smallListing);
  });

  it("writeValue writes what JSON.stringify writes, for any plain data", async () => {
    const random = seededRandom(20261207);
    const CHARACTERS = ["a", " ", '"', "\\", "\n", "\u0001", "\u2028", "é", "知", "😀", "\ud800", "\udfff", "\u007f"];
    const text = (length: number) => Array.from({ length }, () => CHARACTERS[Math.floor(random() * CHARACTERS.length)]).join("");
    const value = (depth: number): unknown => {
      const kind = Math.floor(random() * (depth > 3 ? 5 : 8));
      if (kind === 0) return null;
      if (kind === 1) return random() < 0.5;
      if (kind === 2) return [0, -1.5, 1e21, 5e-324, Number.NaN, Number.POSITIVE_INFINITY][Math.floor(random() * 6)];
      if (kind === 3) return text(Math.floor(random() * 20));
      if (kind === 4) return text(random() < 0.1 ? 70_000 + Math.floor(random() * 70_000) : 3);
      if (kind === 5) return Array.from({ length: Math.floor(random() * 4) }, () => (random() < 0.1 ? undefined : value(depth + 1)));
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, () => [text(3), random() < 0.1 ? undefined : value(depth + 1)]));
    };
    for (let round = 0; round < 300; round++) {
      const data = value(0);
      const json = new JsonPieces({ pause: () => Promise.resolve() });
      await writeValue(json, data);
      expect(json.concat().toString("utf8")).toBe(JSON.stringify(data));
    }
  });

  it("is an empty list without hits", async () => {
    const storage = { search: () => Promise.resolve([]) } as unknown as KnowledgeBaseStorage;
    expect(((await search(storage, { knowledgeBaseId: 7, query: "x" })) as JsonText).text).toBe("[]");
  });
});

// The envelope is written the same whatever the backend: SQLite alone, without PostgreSQL's start-up.
describe.each(BACKENDS.filter((backend) => backend.name === "sqlite"))("$name backend: answers", (backend) => {
  let service: KnowledgeBaseService;

  beforeAll(async () => {
    await backend.setUp();
    service = await startKnowledgeBaseService({ ...(await backend.place()), tokens: [] });
  });
  afterAll(async () => {
    await service.close();
    await backend.tearDown();
  });

  const call = async (path: string, body: unknown) => {
    const response = await fetch(`${service.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    return (await response.json()) as { logId: string; errorCode: number; errorMsg: string; result: any; timestamp: number };
  };

  it("a search's envelope has every field, and log ids stay distinct past a refill of their pool", async () => {
    const created = await call("/llm/knowledge/create", { knowledgeBaseName: "fast-paths" });
    const knowledgeBaseId = created.result.knowledgeBaseId as number;
    await call("/llm/knowledge/documents/add", { knowledgeBaseId, documents: [{ id: "d1", title: "T", content: 'knowledge "quoted" 知识', metadata: { k: "v" } }] });
    const ids = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const answer = await call("/llm/knowledge/search", i % 2 === 0 ? { knowledgeBaseId, query: "knowledge" } : {});
      expect(Object.keys(answer)).toEqual(["logId", "errorCode", "errorMsg", "result", "timestamp"]);
      expect(answer.logId).toMatch(/^[0-9a-f]{32}$/);
      expect(typeof answer.timestamp).toBe("number");
      ids.add(answer.logId);
      if (i % 2 === 0) {
        expect(answer.errorCode).toBe(0);
        expect(answer.result).toHaveLength(1);
        expect(answer.result[0].fileId).toBe("d1");
        expect(answer.result[0].source.para).toBe('knowledge "quoted" 知识');
        expect(JSON.parse(answer.result[0].source.doc)).toEqual({ _doc_id: "d1", _id: "d1", content_se: 'knowledge "quoted" 知识', knowledgeBaseId, title: "T", metadata: { k: "v" } });
      } else {
        expect(answer.errorCode).toBe(1001);
        expect(answer.result).toBeNull();
      }
    }
    expect(ids.size).toBe(300);
  });
});

describe("segmentWords on ASCII letters, digits and spaces", () => {
  const segmenter = new Intl.Segmenter("zh", { granularity: "word" });
  const bySegmenter = (text: string) => [...segmenter.segment(text)].filter((s) => s.isWordLike).map((s) => s.segment);

  it("finds the segmenter's words", () => {
    const random = seededRandom(20261207);
    const alphabet = "abcXYZ019    ";
    for (let n = 0; n < 2000; n++) {
      const text = Array.from({ length: Math.floor(random() * 24) }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
      expect(segmentWords(text)).toEqual(bySegmenter(text));
    }
    for (const text of ["", " ", "knowledge", "  two  words ", "abc123 123abc 42", "Hello World"]) expect(segmentWords(text)).toEqual(bySegmenter(text));
  });

  it("leaves anything else to the segmenter", () => {
    expect(segmentWords("it's 3.5 e.g a_b")).toEqual(["it's", "3.5", "e.g", "a_b"]);
    expect(segmentWords("tab\tnewline\n")).toEqual(["tab", "newline"]);
  });
});
