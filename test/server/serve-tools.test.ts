/** The tool manager over real HTTP on 127.0.0.1: routes, every error case, load, shutdown. */
import { createServer } from "node:net";
import { parse } from "yaml";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { defineTool, jsonSchema, serveTools, type ToolServer } from "../../src/server/index.js";
import { createOrder } from "../../src/server/samples/rich-types.js";
import { wordListTools } from "../../src/server/samples/word-list.js";
import { rawRequest } from "./helpers.js";

let server: ToolServer;
let words: readonly string[];
const logged: string[] = [];

const broken = defineTool({
  name: "Broken",
  description: "Throws.",
  output: z.object({ ok: z.boolean() }),
  run: () => {
    throw new Error("secret stack detail");
  },
});
const rejecting = defineTool({
  name: "Rejecting",
  description: "Rejects asynchronously.",
  output: z.object({ ok: z.boolean() }),
  run: async () => Promise.reject(new Error("secret async detail")),
});
const liar = defineTool({
  name: "Liar",
  description: "Returns the wrong shape.",
  output: z.object({ count: z.number().describe("A number.") }),
  run: () => ({ count: "three" }) as unknown as { count: number },
});
const bigint = defineTool({
  name: "BigIntTool",
  description: "Returns something JSON cannot hold.",
  output: { type: "object" },
  run: () => ({ n: 1n }),
});
const strictJson = defineTool({
  name: "Strict",
  description: "A JSON Schema tool that refuses unknown fields.",
  input: jsonSchema<{ n: number; size?: number }>({
    type: "object",
    required: ["n"],
    properties: { n: { type: "integer" }, size: { type: "integer", default: 3 } },
    additionalProperties: false,
  }),
  output: { type: "object", required: ["n", "size"], properties: { n: { type: "integer" }, size: { type: "integer" } } },
  run: (input) => input,
});

beforeAll(async () => {
  const wordList = wordListTools();
  words = wordList.words;
  server = await serveTools([...wordList.tools, createOrder, broken, rejecting, liar, bigint, strictJson], {
    namespace: "WordBook",
    version: "v1",
    maxBodyBytes: 1024,
    logger: (message, error) => logged.push(`${message} ${error instanceof Error ? error.message : ""}`),
  });
});
afterAll(() => server.close());

const JSON_TYPE = { "content-type": "application/json" };
const post = (path: string, body: string | object, query = "?version=v1") =>
  fetch(`${server.url}${path}${query}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("routes", () => {
  test("a tool answers with what run returns; a tool without input takes {} or an empty body", async () => {
    const added = await post("/WordBook/v1/AddWord", { word: "alpha" });
    expect(added.status).toBe(200);
    expect(added.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await added.json()).toEqual({ message: 'Added "alpha" to the word list.', prompt: expect.any(String) });
    expect(await (await post("/WordBook/v1/AddWord", { word: "alpha" })).json()).toEqual({ message: '"alpha" is already in the word list.' });
    expect(await (await post("/WordBook/v1/GetWords", {})).json()).toEqual({ words: ["alpha"], prompt: expect.any(String) });
    expect((await post("/WordBook/v1/GetWords", "")).status).toBe(200);
  });

  test("zod input: defaults filled and unknown keys stripped before run; JSON Schema input: defaults filled", async () => {
    const order = { customer: { name: "Ada", email: null }, items: [{ sku: "pen", quantity: 2, unitPrice: 1.5 }], priority: "low", extra: "ignored" };
    expect(await (await post("/WordBook/v1/CreateOrder", order)).json()).toMatchObject({ tags: [], giftWrap: false, total: 3 });
    expect(await (await post("/WordBook/v1/Strict", { n: 1 })).json()).toEqual({ n: 1, size: 3 });
  });

  test("GET and HEAD of the description and the examples; other methods 405", async () => {
    const description = await fetch(`${server.url}/.well-known/openapi.yaml`);
    expect(description.headers.get("content-type")).toBe("application/yaml; charset=utf-8");
    const text = await description.text();
    expect(parse(text).paths["/WordBook/v1/AddWord"].post.operationId).toBe("AddWord");
    // The reference client appends ?version= to the description's address too.
    expect(await (await fetch(`${server.url}/.well-known/openapi.yaml?version=v1`)).text()).toBe(text);
    const head = await fetch(`${server.url}/.well-known/openapi.yaml`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBe(Buffer.byteLength(text));
    expect((await fetch(`${server.url}/.well-known/examples.yaml`, { method: "HEAD" })).status).toBe(200);
    expect((await fetch(`${server.url}/.well-known/openapi.yaml`, { method: "POST" })).status).toBe(405);
    const get = await fetch(`${server.url}/WordBook/v1/AddWord?version=v1`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });

  test("the description and examples carry an ETag; If-None-Match gets a 304 without a body (toolgen --watch polls this way)", async () => {
    for (const path of ["/.well-known/openapi.yaml", "/.well-known/examples.yaml"]) {
      const first = await fetch(`${server.url}${path}`);
      const etag = first.headers.get("etag");
      expect(etag).toMatch(/^"[\w-]{22}"$/);
      await first.text();
      const again = await fetch(`${server.url}${path}`, { headers: { "if-none-match": etag! } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      const other = await fetch(`${server.url}${path}`, { headers: { "if-none-match": '"something-else"' } });
      expect(other.status).toBe(200);
      expect((await other.text()).length).toBeGreaterThan(0);
    }
  });

  test("examples.yaml in the reference format; 404 (also to HEAD) when no tool has examples", async () => {
    const examples = parse(await (await fetch(`${server.url}/.well-known/examples.yaml`)).text());
    expect(examples.examples).toEqual([
      {
        context: [
          { role: "user", content: 'Please add the word "serendipity" to my word list.' },
          { role: "bot", plugin: { operationId: "AddWord", thoughts: "The user wants to add a word.", requestArguments: { word: "serendipity" } } },
        ],
      },
      {
        context: [
          { role: "user", content: "Which words have I saved so far?" },
          { role: "bot", plugin: { operationId: "GetWords", thoughts: "The user wants to see the word list.", requestArguments: {} } },
        ],
      },
    ]);
    const bare = await serveTools([broken], { namespace: "N", version: "1" });
    try {
      expect((await fetch(`${bare.url}/.well-known/examples.yaml`, { method: "HEAD" })).status).toBe(404);
      const get = await fetch(`${bare.url}/.well-known/examples.yaml`);
      expect(get.status).toBe(404);
      expect(await get.json()).toEqual({ error: "not found", message: "no tool of this server has examples" });
    } finally {
      await bare.close();
    }
  });

  test("a namespace outside ASCII: the description writes the path encoded, the server matches it decoded", async () => {
    const own = await serveTools(wordListTools().tools, { namespace: "单词本", version: "v1" });
    try {
      const doc = parse(await (await fetch(`${own.url}/.well-known/openapi.yaml`)).text());
      expect(doc.info.title).toBe("单词本");
      const path = Object.keys(doc.paths)[0]!;
      expect(path).toBe(`/${encodeURIComponent("单词本")}/v1/AddWord`);
      const answer = await fetch(`${own.url}${path}?version=v1`, { method: "POST", headers: JSON_TYPE, body: JSON.stringify({ word: "词" }) });
      expect(answer.status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe("errors", () => {
  test("malformed JSON: 400", async () => {
    const malformed = await post("/WordBook/v1/AddWord", "{word:");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "invalid JSON", message: expect.stringMatching(/not valid JSON/) });
  });

  test("a missing, mistyped, nested or unknown field: 400 naming each field", async () => {
    const missing = await post("/WordBook/v1/AddWord", {});
    expect(missing.status).toBe(400);
    const missingBody = await missing.json();
    expect(missingBody).toMatchObject({ error: "invalid input", issues: [{ path: "/word" }] });
    expect(missingBody.message).toMatch(/^AddWord: \/word: /);
    expect((await (await post("/WordBook/v1/AddWord", { word: 42 })).json()).issues).toEqual([{ path: "/word", message: expect.stringMatching(/string/) }]);
    const nested = await (await post("/WordBook/v1/CreateOrder", { customer: { name: "A", email: null }, items: [{ sku: "x", quantity: 0, unitPrice: 1 }], priority: "now" })).json();
    expect(nested.issues.map((i: { path: string }) => i.path).sort()).toEqual(["/items/0/quantity", "/priority"]);
    const json = await (await post("/WordBook/v1/Strict", { n: "1", extra: true })).json();
    expect(json.issues).toEqual(expect.arrayContaining([{ path: "/n", message: "must be integer" }, { path: "/extra", message: "is not allowed" }]));
    expect((await post("/WordBook/v1/GetWords", "[]")).status).toBe(400);
  });

  test("a wrong or missing version: 400 saying which version is served", async () => {
    const wrong = await post("/WordBook/v1/AddWord", { word: "x" }, "?version=v2");
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: "wrong version", message: "this server serves version v1; not v2" });
    const missing = await post("/WordBook/v1/AddWord", { word: "x" }, "");
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe("this server serves version v1; add ?version=v1 to the address");
    expect(words).not.toContain("x");
  });

  test("an unknown tool or path: 404 listing what there is", async () => {
    const unknown = await post("/WordBook/v1/Nope", {});
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toMatch(/no tool "Nope"; this server has AddWord, GetWords/);
    expect((await post("/Other/v1/AddWord", {})).status).toBe(404);
    expect((await fetch(`${server.url}/%E0%A4%A`)).status).toBe(404);
  });

  test("a body over the limit: 413, by declared length or while streaming, without reading it all", async () => {
    const declared = await post("/WordBook/v1/AddWord", { word: "x".repeat(5000) });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: "payload too large", message: "the request body is larger than 1024 bytes" });
    // Chunked, no length: the answer comes while the client is still sending, which then stops.
    const chunk = Buffer.alloc(600, 97);
    const streamed = await rawRequest(`${server.url}/WordBook/v1/AddWord?version=v1`, { headers: { "transfer-encoding": "chunked", "content-type": "application/json" }, chunks: Array.from({ length: 200 }, () => chunk) });
    expect(streamed.status).toBe(413);
    expect(streamed.headers.connection).toBe("close");
    // Expect: 100-continue: refused before a byte of the body is sent.
    const early = await rawRequest(`${server.url}/WordBook/v1/AddWord?version=v1`, { headers: { expect: "100-continue", "content-length": 5000 }, chunks: [Buffer.alloc(5000)] });
    expect(early.status).toBe(413);
    const fine = await rawRequest(`${server.url}/WordBook/v1/AddWord?version=v1`, { headers: { expect: "100-continue", "content-type": "application/json" }, chunks: ['{"word":"continued"}'] });
    expect(fine.status).toBe(200);
  });

  test("a client that goes away mid-body is not the server's problem", async () => {
    await rawRequest(`${server.url}/WordBook/v1/AddWord?version=v1`, { headers: { "content-length": 500 }, chunks: ["{", '"word"'], abortAfter: 1 });
    expect((await post("/WordBook/v1/AddWord", { word: "after-abort" })).status).toBe(200);
  });

  test("a handler that throws or rejects: 500, a generic message, the error logged, no stack in the answer", async () => {
    for (const name of ["Broken", "Rejecting"]) {
      const response = await post(`/WordBook/v1/${name}`, {});
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ error: "internal error", message: `${name} failed; the details are in the server's log` });
      expect(text).not.toMatch(/secret|at .*\.[jt]s/);
    }
    expect(logged).toEqual(expect.arrayContaining(["tool Broken failed secret stack detail", "tool Rejecting failed secret async detail"]));
  });

  test("a result of the wrong shape, or one JSON cannot hold: 500, logged naming the tool and the field", async () => {
    const response = await post("/WordBook/v1/Liar", {});
    expect(response.status).toBe(500);
    expect((await response.json()).message).toBe("Liar returned an invalid result; the details are in the server's log");
    expect(logged.some((l) => l.startsWith("tool Liar returned a result that does not match its output schema: /count: "))).toBe(true);
    expect((await post("/WordBook/v1/BigIntTool", {})).status).toBe(500);
    expect(logged.some((l) => l.startsWith("tool BigIntTool returned a result that cannot be written as JSON"))).toBe(true);
  });
});

describe("output validation settings", () => {
  const previous = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = previous;
  });

  test("off when asked, and off by default when NODE_ENV is production: the result goes out as returned", async () => {
    for (const options of [{ validateOutput: false }, {}]) {
      process.env.NODE_ENV = "production";
      const own = await serveTools([liar], { namespace: "N", version: "1", ...options });
      try {
        expect(await (await fetch(`${own.url}/N/1/Liar?version=1`, { method: "POST", headers: JSON_TYPE, body: "{}" })).json()).toEqual({ count: "three" });
      } finally {
        await own.close();
      }
    }
  });
});

describe("definitions are checked when the server starts", () => {
  test("an example the input schema refuses, two tools with one name, a non-object schema, a bad namespace, a taken port", async () => {
    const badExample = defineTool({
      name: "Add",
      description: "Adds.",
      input: z.object({ a: z.number() }),
      output: z.object({ sum: z.number() }),
      examples: [{ user: "add", arguments: { a: "one" as unknown as number } }],
      run: ({ a }) => ({ sum: a }),
    });
    await expect(serveTools([badExample], { namespace: "N", version: "1" })).rejects.toThrow(/tool Add: example 1 has arguments its input schema refuses: \/a: /);
    await expect(serveTools([broken, broken], { namespace: "N", version: "1" })).rejects.toThrow(/two tools are named "Broken"/);
    const stringInput = defineTool({ name: "S", description: "d", input: z.string(), output: z.object({}), run: () => ({}) });
    await expect(serveTools([stringInput], { namespace: "N", version: "1" })).rejects.toThrow(/tool S: the input schema must describe a JSON object .*not "string"/);
    const arrayOutput = defineTool({ name: "A", description: "d", output: { type: "array" }, run: () => [] });
    await expect(serveTools([arrayOutput], { namespace: "N", version: "1" })).rejects.toThrow(/tool A: the output schema must describe a JSON object/);
    await expect(serveTools([broken], { namespace: "a/b", version: "1" })).rejects.toThrow(/namespace "a\/b"/);
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      await expect(serveTools([broken], { namespace: "N", version: "1", port })).rejects.toMatchObject({ code: "EADDRINUSE", message: expect.stringMatching(/port is in use/) });
    } finally {
      blocker.close();
    }
  });

  test("defineTool refuses a name no model accepts, a missing description or output", () => {
    const base = { description: "d", output: { type: "object" }, run: () => ({}) };
    expect(() => defineTool({ ...base, name: "has space" })).toThrow(/must match/);
    expect(() => defineTool({ ...base, name: "x".repeat(65) })).toThrow(/must match/);
    expect(() => defineTool({ ...base, name: "Ok", description: " " })).toThrow(/description is required/);
    expect(() => defineTool({ name: "Ok", description: "d", run: () => ({}) } as never)).toThrow(/output schema is required/);
  });
});

describe("load and shutdown", () => {
  test("200 parallel AddWord calls, distinct and repeated words: all answered, every word stored exactly once", async () => {
    const batch = Array.from({ length: 200 }, (_, i) => `w${i % 150}`);
    const responses = await Promise.all(batch.map((word) => post("/WordBook/v1/AddWord", { word })));
    expect(responses.map((r) => r.status)).toEqual(batch.map(() => 200));
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ message: string }>));
    expect(bodies.filter((b) => b.message.startsWith("Added"))).toHaveLength(150);
    const stored = words.filter((w) => /^w\d+$/.test(w));
    expect(stored).toHaveLength(150);
    expect(new Set(stored)).toEqual(new Set(batch));
  });

  test("close() lets a request in flight finish, then refuses connections", async () => {
    let release: () => void = () => {};
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const slow = defineTool({
      name: "Slow",
      description: "Answers when the test lets it.",
      output: z.object({ done: z.boolean() }),
      run: () => {
        started();
        return new Promise<{ done: boolean }>((resolve) => (release = () => resolve({ done: true })));
      },
    });
    const own = await serveTools([slow], { namespace: "S", version: "1" });
    const pending = fetch(`${own.url}/S/1/Slow?version=1`, { method: "POST", headers: JSON_TYPE, body: "{}" });
    await running;
    let closed = false;
    const closing = own.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(false); // still waiting for the request in flight
    await expect(fetch(`${own.url}/.well-known/openapi.yaml`)).rejects.toThrow(); // no new connections
    release();
    const response = await pending;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
  });

  test("close() does not wait for idle keep-alive connections", async () => {
    const own = await serveTools(wordListTools().tools, { namespace: "K", version: "1" });
    for (let i = 0; i < 3; i++) expect((await fetch(`${own.url}/K/1/GetWords?version=1`, { method: "POST", headers: JSON_TYPE, body: "{}" })).status).toBe(200);
    const started = performance.now();
    await own.close();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test("close() cuts off a request still running after closeTimeoutMs, and says so in the log", async () => {
    const log: string[] = [];
    const hung = defineTool({ name: "Hung", description: "Never answers.", output: { type: "object" }, run: () => new Promise<never>(() => {}) });
    const own = await serveTools([hung], { namespace: "H", version: "1", closeTimeoutMs: 200, logger: (m) => log.push(m) });
    const pending = fetch(`${own.url}/H/1/Hung?version=1`, { method: "POST", headers: JSON_TYPE, body: "{}" }).catch((e: Error) => e);
    await new Promise((r) => setTimeout(r, 50));
    await own.close();
    expect(await pending).toBeInstanceOf(Error);
    expect(log).toEqual(["tool server: 1 requests still running 200 ms after close(); cutting them off"]);
  });
});
