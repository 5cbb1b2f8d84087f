/**
 * Streaming tools over real HTTP on 127.0.0.1: a `run` that is an async generator answers with an
 * event stream (read here with eventsource-parser, as a client would), or JSON lines by Accept;
 * items are checked one by one; failures before and after the first item; a caller that leaves
 * ends the generator; a slow reader holds it back; an idle stream gets keep-alive comments.
 */
import { Readable } from "node:stream";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { defineTool, jsonSchema, serveTools, type ToolServer } from "../../src/server/index.js";
import { lintDescription } from "./helpers.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const logged: string[] = [];

/** What the tools' generators did, for the tests to look at. */
const seen = { abortFinally: 0, abortPulled: 0, bigPulled: 0, invalidFinally: 0, errorFinally: 0 };

const count = defineTool({
  name: "Count",
  description: "Counts from one to n, one item each.",
  input: z.object({ n: z.int().min(0).max(100) }),
  output: z.object({ i: z.int(), text: z.string() }),
  run: async function* ({ n }) {
    for (let i = 1; i <= n; i++) yield { i, text: i === 2 ? 'line\nbreak\r\nand "quotes" \u2028 ✓' : `item ${i}` };
  },
});
const invalid = defineTool({
  name: "InvalidSecond",
  description: "Yields a good item, then one that does not match its output schema.",
  output: z.object({ i: z.int() }),
  run: async function* () {
    try {
      yield { i: 1 };
      yield { i: "two" } as unknown as { i: number };
      yield { i: 3 };
    } finally {
      seen.invalidFinally++;
    }
  },
});
const failsLater = defineTool({
  name: "FailsLater",
  description: "Yields twice, then throws.",
  output: z.object({ i: z.int() }),
  run: async function* () {
    try {
      yield { i: 1 };
      yield { i: 2 };
      throw new Error("secret stream detail");
    } finally {
      seen.errorFinally++;
    }
  },
});
const failsAtOnce = defineTool({
  name: "FailsAtOnce",
  description: "Throws before its first item.",
  output: z.object({ i: z.int() }),
  // eslint-disable-next-line require-yield
  run: async function* () {
    throw new Error("secret early detail");
  },
});
const invalidFirst = defineTool({
  name: "InvalidFirst",
  description: "Its first item does not match its output schema.",
  output: z.object({ i: z.int() }),
  run: async function* () {
    yield { i: 0.5 };
  },
});
const endless = defineTool({
  name: "Endless",
  description: "Yields every 10 ms until the caller leaves.",
  output: z.object({ i: z.int() }),
  run: async function* () {
    try {
      for (let i = 1; ; i++) {
        seen.abortPulled = i;
        yield { i };
        await sleep(10);
      }
    } finally {
      seen.abortFinally++;
    }
  },
});
const BIG = "x".repeat(256 * 1024);
const big = defineTool({
  name: "Big",
  description: "Yields 256 KiB items as fast as it is asked.",
  output: z.object({ i: z.int(), blob: z.string() }),
  run: async function* () {
    for (let i = 1; i <= 2000; i++) {
      seen.bigPulled = i;
      yield { i, blob: BIG };
    }
  },
});
const slow = defineTool({
  name: "Slow",
  description: "Waits before each of its two items.",
  input: jsonSchema<{ waitMs: number }>({ type: "object", required: ["waitMs"], properties: { waitMs: { type: "integer" } } }),
  output: jsonSchema<{ i: number }>({ type: "object", required: ["i"], properties: { i: { type: "integer" } } }),
  run: async function* ({ waitMs }) {
    for (let i = 1; i <= 2; i++) {
      await sleep(waitMs);
      yield { i };
    }
  },
});
const returnsIterable = defineTool({
  name: "ReturnsIterable",
  description: "A plain function that returns an async iterable.",
  output: z.object({ word: z.string() }),
  stream: true,
  run: () => Readable.from([{ word: "a" }, { word: "b" }]),
});
const undeclared = defineTool({
  name: "Undeclared",
  description: "Returns a generator without saying it streams.",
  output: z.object({ word: z.string() }),
  run: () => (async function* () {
    yield { word: "a" };
  })(),
});
const notIterable = defineTool({
  name: "NotIterable",
  description: "Says it streams, returns one value.",
  output: z.object({ word: z.string() }),
  stream: true,
  run: () => ({ word: "a" }),
});
const plain = defineTool({
  name: "Plain",
  description: "Answers JSON, as before.",
  output: z.object({ ok: z.boolean() }),
  run: async () => ({ ok: true }),
});
const tools = [count, invalid, failsLater, failsAtOnce, invalidFirst, endless, big, slow, returnsIterable, undeclared, notIterable, plain];

let server: ToolServer;
beforeAll(async () => {
  server = await serveTools(tools, {
    namespace: "Streams",
    version: "v1",
    keepAliveMs: 100,
    logger: (message, error) => logged.push(`${message} ${error instanceof Error ? error.message : ""}`),
  });
});
afterAll(() => server.close());

const call = (tool: string, body: object = {}, headers: Record<string, string> = {}, signal?: AbortSignal) =>
  fetch(`${server.url}/Streams/v1/${tool}?version=v1`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });

interface Read {
  readonly events: EventSourceMessage[];
  readonly comments: string[];
}

/** Reads a whole event stream with eventsource-parser. */
async function readEvents(response: Response): Promise<Read> {
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event), onComment: (comment) => comments.push(comment) });
  const decoder = new TextDecoder();
  const reader = response.body!.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) parser.feed(decoder.decode(chunk.value, { stream: true }));
  return { events, comments };
}

describe("event streams", () => {
  test("items arrive in order as data events, with the stream headers; CR and LF inside an item survive", async () => {
    const response = await call("Count", { n: 3 });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const { events } = await readEvents(response);
    expect(events.map((e) => e.event)).toEqual([undefined, undefined, undefined]);
    expect(events.map((e) => JSON.parse(e.data))).toEqual([
      { i: 1, text: "item 1" },
      { i: 2, text: 'line\nbreak\r\nand "quotes" \u2028 ✓' },
      { i: 3, text: "item 3" },
    ]);
  });

  test("no items: 200 and an empty stream; input is validated before anything streams (400 JSON)", async () => {
    const empty = await call("Count", { n: 0 });
    expect(empty.status).toBe(200);
    expect((await readEvents(empty)).events).toEqual([]);
    const bad = await call("Count", { n: "three" });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await bad.json()).toMatchObject({ error: "invalid input", issues: [{ path: "/n" }] });
  });

  test("an invalid item ends the stream with an error event, the generator is return()ed, the log names the item", async () => {
    const before = seen.invalidFinally;
    const { events } = await readEvents(await call("InvalidSecond"));
    expect(events).toHaveLength(2);
    expect(JSON.parse(events[0]!.data)).toEqual({ i: 1 });
    expect(events[1]!.event).toBe("error");
    expect(JSON.parse(events[1]!.data)).toEqual({ error: "internal error", message: "InvalidSecond yielded an invalid item; the details are in the server's log" });
    await expect.poll(() => seen.invalidFinally).toBe(before + 1);
    expect(logged.some((line) => line.startsWith("tool InvalidSecond yielded item 2 that does not match its output schema: /i:"))).toBe(true);
  });

  test("a throw after the first item: an error event with the JSON error body, no stack trace, then the end", async () => {
    const { events } = await readEvents(await call("FailsLater"));
    expect(events.map((e) => e.event ?? "message")).toEqual(["message", "message", "error"]);
    expect(JSON.parse(events[2]!.data)).toEqual({ error: "internal error", message: "FailsLater failed; the details are in the server's log" });
    expect(events[2]!.data).not.toContain("secret");
    expect(logged).toContain("tool FailsLater failed after 2 items secret stream detail");
  });

  test("a failure before the first item is the plain JSON 500", async () => {
    const thrown = await call("FailsAtOnce");
    expect(thrown.status).toBe(500);
    expect(thrown.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await thrown.json()).toEqual({ error: "internal error", message: "FailsAtOnce failed; the details are in the server's log" });
    const invalidItem = await call("InvalidFirst");
    expect(invalidItem.status).toBe(500);
    expect(await invalidItem.json()).toEqual({ error: "internal error", message: "InvalidFirst yielded an invalid item; the details are in the server's log" });
  });

  test("a plain function returning an async iterable (stream: true) streams too; one that does not say so streams and is logged once", async () => {
    const { events } = await readEvents(await call("ReturnsIterable"));
    expect(events.map((e) => JSON.parse(e.data))).toEqual([{ word: "a" }, { word: "b" }]);
    for (let i = 0; i < 2; i++) expect((await readEvents(await call("Undeclared"))).events.map((e) => e.data)).toEqual(['{"word":"a"}']);
    expect(logged.filter((line) => line.startsWith("tool Undeclared returned an async iterable"))).toHaveLength(1);
    // The other way round: published as a stream, a single value is not what the description promised.
    const single = await call("NotIterable");
    expect(single.status).toBe(500);
    expect(await single.json()).toEqual({ error: "internal error", message: "NotIterable returned an invalid result; the details are in the server's log" });
    expect(logged).toContain("tool NotIterable is published as a stream, but run returned a value that is not an async iterable ");
  });

  test("a non-streaming tool is unchanged: JSON with a length", async () => {
    const response = await call("Plain", {}, { accept: "text/event-stream" });
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-length")).toBe("11");
    expect(await response.json()).toEqual({ ok: true });
  });
});

describe("JSON lines", () => {
  test.each([
    ["application/jsonl", "application/jsonl"],
    ["application/x-ndjson", "application/x-ndjson"],
    ["text/event-stream;q=0.5, application/jsonl", "application/jsonl"],
    ["application/x-ndjson;q=0.9, application/jsonl;q=0.8, */*;q=0.1", "application/x-ndjson"],
    ["*/*;q=0.2, application/*", "application/jsonl"],
  ])("Accept: %s answers %s, one JSON text and a newline per item", async (accept, type) => {
    const response = await call("Count", { n: 2 }, { accept });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(type);
    const text = await response.text();
    expect(text.endsWith("\n")).toBe(true);
    expect(text.slice(0, -1).split("\n").map((line) => JSON.parse(line))).toEqual([
      { i: 1, text: "item 1" },
      { i: 2, text: 'line\nbreak\r\nand "quotes" \u2028 ✓' },
    ]);
  });

  test.each([["*/*"], ["text/event-stream, application/jsonl"], ["application/json"], ["application/jsonl;q=0.5, text/*"]])(
    "Accept: %s stays an event stream",
    async (accept) => {
      const response = await call("Count", { n: 1 }, { accept });
      expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      await response.text();
    },
  );

  test('a failure after the first item is a last line {"error": {...}}', async () => {
    const lines = (await (await call("FailsLater", {}, { accept: "application/jsonl" })).text()).trimEnd().split("\n");
    expect(lines.map((line) => JSON.parse(line))).toEqual([{ i: 1 }, { i: 2 }, { error: { error: "internal error", message: "FailsLater failed; the details are in the server's log" } }]);
  });
});

describe("flow", () => {
  test("a caller that reads two events and leaves: the generator's finally runs, and it is pulled no further", async () => {
    const before = seen.abortFinally;
    const controller = new AbortController();
    const response = await call("Endless", {}, {}, controller.signal);
    const events: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (event) => events.push(event) });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    while (events.length < 2) {
      const { value } = await reader.read();
      parser.feed(decoder.decode(value, { stream: true }));
    }
    controller.abort();
    const left = Date.now();
    await expect.poll(() => seen.abortFinally, { timeout: 2_000, interval: 10 }).toBe(before + 1);
    expect(Date.now() - left).toBeLessThan(2_000);
    const pulled = seen.abortPulled;
    await sleep(100);
    expect(seen.abortPulled).toBe(pulled);
  });

  test("backpressure: a slow reader holds the generator back instead of the server buffering what it yields", async () => {
    const controller = new AbortController();
    const response = await call("Big", {}, {}, controller.signal);
    const reader = response.body!.getReader();
    await reader.read(); // one chunk, then nothing for a while
    await sleep(500);
    // 2000 items (500 MiB) would be pulled at once without it; the socket buffers hold a few MiB.
    const pulled = seen.bigPulled;
    expect(pulled).toBeLessThan(100);
    let bytes = 0;
    let events = 0;
    const parser = createParser({ onEvent: () => events++ });
    const decoder = new TextDecoder();
    while (events < 40) {
      const { value } = await reader.read();
      bytes += value!.byteLength;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    expect(bytes).toBeGreaterThan(40 * BIG.length);
    expect(seen.bigPulled).toBeGreaterThan(pulled); // reading lets it go on
    expect(seen.bigPulled).toBeLessThan(events + 100);
    controller.abort();
  });

  test("keep-alive: a quiet generator's event stream gets `: keep-alive` comments, before and between items", async () => {
    const text = await (await call("Slow", { waitMs: 350 })).text();
    // keepAliveMs is 100: about three comments before each item, at least one however busy the machine.
    expect(text).toMatch(/^(: keep-alive\n\n)+data: \{"i":1\}\n\n(: keep-alive\n\n)+data: \{"i":2\}\n\n$/);
    const { events, comments } = await readEvents(await call("Slow", { waitMs: 150 }));
    expect(events.map((e) => JSON.parse(e.data))).toEqual([{ i: 1 }, { i: 2 }]);
    expect(new Set(comments)).toEqual(new Set(["keep-alive"])); // what a client's parser sees
  });

  test("keep-alive: none for JSON lines, and none with keepAliveMs: 0", async () => {
    const lines = await (await call("Slow", { waitMs: 250 }, { accept: "application/jsonl" })).text();
    expect(lines).toBe('{"i":1}\n{"i":2}\n');
    const quiet = await serveTools([slow], { namespace: "Streams", version: "v1", keepAliveMs: 0 });
    try {
      const response = await fetch(`${quiet.url}/Streams/v1/Slow?version=v1`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"waitMs":250}' });
      expect(await response.text()).toBe('data: {"i":1}\n\ndata: {"i":2}\n\n');
    } finally {
      await quiet.close();
    }
  });

  test("keepAliveMs must be 0 or a whole number of milliseconds", async () => {
    await expect(serveTools([slow], { namespace: "S", version: "v1", keepAliveMs: -1 })).rejects.toThrow(/keepAliveMs/);
    await expect(serveTools([slow], { namespace: "S", version: "v1", keepAliveMs: 1.5 })).rejects.toThrow(/keepAliveMs/);
  });
});

describe("the description", () => {
  test("a streaming tool answers 200 with an event stream of its output and JSON lines of the same items; still valid OpenAPI 3.0", async () => {
    const text = await (await fetch(`${server.url}/.well-known/openapi.yaml`)).text();
    const doc = parse(text);
    const ok = doc.paths["/Streams/v1/Count"].post.responses["200"];
    expect(Object.keys(ok.content)).toEqual(["text/event-stream", "application/jsonl"]);
    expect(ok.content["text/event-stream"]).toEqual({ schema: { $ref: "#/components/schemas/CountOutput" } });
    expect(ok.content["application/jsonl"]).toEqual({ schema: { type: "array", items: { $ref: "#/components/schemas/CountOutput" } } });
    expect(ok.description).toMatch(/streamed/);
    expect(doc.paths["/Streams/v1/ReturnsIterable"].post.responses["200"].content["text/event-stream"]).toBeDefined();
    // What run gives is only known when it is called: a tool that does not say it streams is described as JSON.
    expect(Object.keys(doc.paths["/Streams/v1/Undeclared"].post.responses["200"].content)).toEqual(["application/json"]);
    expect(doc.paths["/Streams/v1/Plain"].post.responses["200"]).toEqual({ description: "The result of Plain.", content: { "application/json": { schema: { $ref: "#/components/schemas/PlainOutput" } } } });
    expect(await lintDescription(text, "recommended-strict")).toEqual([]);
    expect(await lintDescription(text, "minimal")).toEqual([]);
  });
});
