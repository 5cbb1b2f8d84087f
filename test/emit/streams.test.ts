/**
 * Streamed answers end to end: a description with every kind of stream (a FastAPI-style 3.1
 * `itemSchema` of event kinds, an event stream typed by `schema` alone as opencode writes it,
 * OpenAI's JSON-or-stream answer ending in `[DONE]`, JSON lines) is generated, type-checked under
 * tsc --strict with an app that must and must not compile, and called against a loopback server
 * that cuts every answer into hostile chunks (1 to 7 bytes, splitting CRLF and UTF-8 sequences).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { generateFrom, typecheckWith } from "../support/generated-module.js";
import { seededRandom } from "../support/seeded-random.js";

const description = {
  openapi: "3.1.0",
  info: { title: "Streams", version: "v1" },
  servers: [{ url: "http://127.0.0.1:1" }],
  paths: {
    "/chat": {
      post: {
        operationId: "chat",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: { type: "object", required: ["prompt"], properties: { prompt: { type: "string" }, stream: { type: "boolean" } } },
            },
          },
        },
        responses: {
          "200": {
            description: "OpenAI style: the whole completion, or its chunks",
            content: {
              "application/json": { schema: { $ref: "#/components/schemas/Completion" } },
              "text/event-stream": { schema: { $ref: "#/components/schemas/Chunk" } },
            },
          },
        },
      },
    },
    "/progress": {
      get: {
        operationId: "progress",
        parameters: [{ name: "job", in: "query", required: true, schema: { type: "string" } }],
        responses: {
          "200": {
            description: "FastAPI style: itemSchema with event kinds",
            content: {
              "text/event-stream": {
                itemSchema: {
                  oneOf: [
                    {
                      type: "object",
                      required: ["event", "data"],
                      properties: {
                        event: { const: "delta" },
                        data: { type: "string", contentMediaType: "application/json", contentSchema: { $ref: "#/components/schemas/Delta" } },
                        id: { type: "string" },
                      },
                    },
                    {
                      type: "object",
                      required: ["event", "data"],
                      properties: {
                        event: { const: "done" },
                        data: { type: "string", contentMediaType: "application/json", contentSchema: { $ref: "#/components/schemas/Done" } },
                      },
                    },
                  ],
                },
              },
            },
          },
          "404": { description: "no such job", content: { "application/json": { schema: { type: "object" } } } },
        },
      },
    },
    "/feed": {
      get: {
        operationId: "feed",
        responses: {
          "200": { description: "opencode style: schema types each event's data", content: { "text/event-stream": { schema: { $ref: "#/components/schemas/FeedEvent" } } } },
        },
      },
    },
    "/logs": {
      get: {
        operationId: "logs",
        parameters: [{ name: "mode", in: "query", schema: { type: "string" } }],
        responses: {
          "200": { description: "JSON lines", content: { "application/jsonl": { schema: { type: "array", items: { $ref: "#/components/schemas/LogLine" } } } } },
        },
      },
    },
    "/ticks": {
      get: {
        operationId: "ticks",
        responses: { "200": { description: "plain text events", content: { "text/event-stream": { schema: { type: "string" } } } } },
      },
    },
  },
  components: {
    schemas: {
      Completion: { type: "object", required: ["text"], properties: { text: { type: "string" } } },
      Chunk: {
        type: "object",
        required: ["id", "delta"],
        properties: { id: { type: "string" }, delta: { type: "object", properties: { content: { type: "string" } } } },
      },
      Delta: { type: "object", required: ["text"], properties: { text: { type: "string" } } },
      Done: { type: "object", required: ["total"], properties: { total: { type: "integer" } } },
      FeedEvent: { type: "object", required: ["type"], properties: { type: { type: "string" }, n: { type: "integer" } } },
      LogLine: { type: "object", required: ["level", "msg"], properties: { level: { type: "string" }, msg: { type: "string" } } },
    },
  },
};

let server: Server;
let base: string;
const random = seededRandom(31);
const seen: { url: string; lastEventId: string | undefined; accept: string | undefined }[] = [];
let closedEarly = 0;

/** Writes `text` in chunks of 1 to 7 bytes, cutting line ends and UTF-8 sequences anywhere. */
async function hostile(res: ServerResponse, text: string): Promise<void> {
  const bytes = Buffer.from(text, "utf8");
  for (let at = 0; at < bytes.length; ) {
    const size = 1 + Math.floor(random() * 7);
    res.write(bytes.subarray(at, at + size));
    at += size;
    if (random() < 0.1) await new Promise((r) => setTimeout(r, 1));
  }
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? "/", "http://x");
  seen.push({ url: url.pathname + url.search, lastEventId: req.headers["last-event-id"] as string | undefined, accept: req.headers.accept });
  const sse = () => res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
  void (async () => {
    switch (url.pathname) {
      case "/chat": {
        let body = "";
        for await (const chunk of req) body += chunk;
        const { stream } = JSON.parse(body) as { stream?: boolean };
        if (!stream) return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ text: "héllo wörld" }));
        sse();
        const words = ["hé", "llo", " wö", "rld 🌍"];
        const events = words.map((w, i) => `data: ${JSON.stringify({ id: "c1", delta: { content: w } })}${i % 2 ? "\r\n\r\n" : "\n\n"}`);
        await hostile(res, `\uFEFF: keep-alive\r\n\r\n${events.join("")}data: [DONE]\n\n`);
        return void res.end();
      }
      case "/progress": {
        if (url.searchParams.get("job") !== "j1") return void res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "no job" }));
        sse();
        await hostile(res, `event: delta\nid: 1\ndata: {"text":\ndata: "a"}\n\nevent: delta\ndata: {"text":"b"}\n\n: comment\nunknown: field\n\nevent: done\nretry: 1000\ndata: {"total":2}\n\n`);
        return void res.end();
      }
      case "/feed": {
        sse();
        if (req.headers["last-event-id"] === undefined) {
          await hostile(res, `id: 1\ndata: {"type":"a","n":1}\n\nid: 2\ndata: {"type":"b","n":2}\n\ndata: {"type":"cut`);
          // The connection breaks mid-event (once what was written has left): NETWORK, or a reconnection when asked.
          await new Promise((r) => res.write("", r));
          return void res.destroy();
        }
        await hostile(res, `retry: 5\ndata: {"type":"c","n":3}\n\n`);
        return void res.end();
      }
      case "/logs": {
        res.writeHead(200, { "content-type": "application/jsonl" });
        const mode = url.searchParams.get("mode");
        if (mode === "broken") await hostile(res, `{"level":"info","msg":"one"}\n{"level":"info","msg":"two"}\n{"level":"oops"\n{"level":"info","msg":"never"}\n`);
        else if (mode === "wrong") await hostile(res, `{"level":"info","msg":"fine"}\n{"level":1,"msg":"wrong"}\n`);
        else if (mode === "forever") {
          req.socket.on("close", () => closedEarly++);
          for (let i = 0; !res.destroyed && i < 100_000; i++) {
            if (!res.write(`{"level":"debug","msg":"${i}"}\n`)) await new Promise((r) => res.once("drain", r));
          }
        } else if (mode === "big") await hostile(res, `{"level":"info","msg":"small"}\n{"level":"info","msg":"${"x".repeat(5000)}"}\n`);
        else if (mode === "slow") {
          res.write(`{"level":"info","msg":"first"}\n`);
          await new Promise((r) => setTimeout(r, 2000));
        } else await hostile(res, `{"level":"info","msg":"a"}\r\n\r\n{"level":"warn","msg":"ünïcode"}\n\n{"level":"error","msg":"last, no line end"}`);
        return void res.end();
      }
      case "/ticks": {
        sse();
        await hostile(res, `data: one\n\ndata: two\ndata: lines\n\n`);
        return void res.end();
      }
    }
    res.writeHead(404).end();
  })().catch(() => res.destroy());
}

let gen: any;
let out: string;

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({ out } = await generateFrom("streams", description));
  gen = await import(join(out, "index.ts"));
  gen.configure({ baseUrl: base });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe("types", () => {
  test("items are typed by the stream's rules, and wrong fields and event names do not compile", async () => {
    const app = `
import { chat, progress, feed, logs, ticks, toolkit, type ProgressItem } from "./toolgen/index.js";
export async function use(): Promise<void> {
  const whole = await chat({ prompt: "x" });
  const text: string = whole.text;
  for await (const ev of await chat.stream({ prompt: "x", stream: true })) {
    const id: string = ev.data.id;
    const content: string | undefined = ev.data.delta.content;
    // @ts-expect-error a chunk has no such field
    ev.data.choices;
    void id, content;
  }
  for await (const ev of await progress({ job: "j1" })) {
    if (ev.event === "delta") {
      const t: string = ev.data.text;
      // @ts-expect-error a delta event has no total
      ev.data.total;
      void t;
    } else {
      const n: number = ev.data.total;
      void n;
    }
    // @ts-expect-error no event of this name is declared
    if (ev.event === "deltaa") void 0;
  }
  const item: ProgressItem = { event: "done", data: { total: 1 } };
  for await (const ev of await feed()) {
    const type: string = ev.data.type;
    const id: string | undefined = ev.id;
    const retry: number | undefined = ev.retry;
    void type, id, retry;
  }
  for await (const line of await logs({ mode: "x" }, { idleTimeoutMs: 10, reconnect: { retries: 1 } })) {
    const level: string = line.level;
    // @ts-expect-error a log line is no event envelope
    line.data;
    void level;
  }
  for await (const tick of await ticks()) {
    const data: string = tick.data;
    void data;
  }
  const items = await toolkit.call("Streams/v1/logs", {});
  const first: string | undefined = items[0]?.msg;
  const s = await toolkit.stream("logs", {});
  for await (const line of s) void line.msg;
  // @ts-expect-error chat.stream is the only streaming form of chat; feed has none
  void feed.stream;
  void text, item, first;
}
`;
    expect(await typecheckWith(join(out, ".."), app)).toBe("");
  });
});

describe("on the wire", () => {
  test("OpenAI's JSON-or-stream answer: the function returns JSON, .stream() the chunks until [DONE], through a BOM, comments, CRLF and split UTF-8", async () => {
    expect(await gen.chat({ prompt: "p" })).toEqual({ text: "héllo wörld" });
    const stream = await gen.chat.stream({ prompt: "p", stream: true });
    expect(stream.response.status).toBe(200);
    const events = await collect<{ data: { delta: { content: string } } }>(stream);
    expect(events.map((e) => e.data.delta.content).join("")).toBe("héllo wörld 🌍");
    expect(events[0]).toEqual({ data: { id: "c1", delta: { content: "hé" } } });
    const accept = seen.filter((s) => s.url.startsWith("/chat")).map((s) => s.accept);
    expect(accept[0]).toBe("application/json, text/event-stream;q=0.9");
    expect(accept[1]).toBe("text/event-stream, application/json;q=0.5");
  });

  test("itemSchema event kinds: multi-line data joined, id persisted, retry reported, comments and unknown fields ignored", async () => {
    const events = await collect(await gen.progress({ job: "j1" }));
    expect(events).toEqual([
      { event: "delta", data: { text: "a" }, id: "1" },
      { event: "delta", data: { text: "b" }, id: "1" },
      { event: "done", data: { total: 2 }, id: "1", retry: 1000 },
    ]);
  });

  test("an HTTP error status rejects the call itself, before any iteration", async () => {
    await expect(gen.progress({ job: "nope" })).rejects.toMatchObject({ code: "HTTP_STATUS", status: 404, body: { error: "no job" } });
  });

  test("a connection broken mid-stream throws NETWORK after every complete item", async () => {
    const got: unknown[] = [];
    const error = await (async () => {
      for await (const ev of await gen.feed()) got.push(ev);
    })().catch((e: unknown) => e);
    expect(got).toEqual([
      { data: { type: "a", n: 1 }, id: "1" },
      { data: { type: "b", n: 2 }, id: "2" },
    ]);
    expect(error).toMatchObject({ name: "ToolCallError", code: "NETWORK" });
  });

  test("reconnect sends Last-Event-ID and goes on; the id persists into events without one", async () => {
    seen.length = 0;
    const events = await collect(await gen.feed({ reconnect: { retries: 2, minDelayMs: 1 } }));
    expect(events).toEqual([
      { data: { type: "a", n: 1 }, id: "1" },
      { data: { type: "b", n: 2 }, id: "2" },
      { data: { type: "c", n: 3 }, id: "2", retry: 5 },
    ]);
    expect(seen.map((s) => s.lastEventId)).toEqual([undefined, "2"]);
  });

  test("JSON lines: blank lines and CRLF tolerated, a last line without its line end kept", async () => {
    expect(await collect(await gen.logs())).toEqual([
      { level: "info", msg: "a" },
      { level: "warn", msg: "ünïcode" },
      { level: "error", msg: "last, no line end" },
    ]);
  });

  test("a broken JSON line ends the iteration with INVALID_RESPONSE naming the line, after every good item", async () => {
    const got: unknown[] = [];
    const error = await (async () => {
      for await (const line of await gen.logs({ mode: "broken" })) got.push(line);
    })().catch((e: unknown) => e);
    expect(got).toHaveLength(2);
    expect(error).toMatchObject({ code: "INVALID_RESPONSE" });
    expect((error as Error).message).toContain("line 3");
  });

  test("maxResponseBytes caps each item, not the stream", async () => {
    const got: unknown[] = [];
    const error = await (async () => {
      for await (const line of await gen.logs({ mode: "big" }, { maxResponseBytes: 1000 })) got.push(line);
    })().catch((e: unknown) => e);
    expect(got).toEqual([{ level: "info", msg: "small" }]);
    expect(error).toMatchObject({ code: "RESPONSE_TOO_LARGE" });
    // The same limit lets a long stream of small items through.
    expect(await collect(await gen.logs({}, { maxResponseBytes: 100 }))).toHaveLength(3);
  });

  test("break closes the connection at once, and the server sees it", async () => {
    const before = closedEarly;
    let n = 0;
    for await (const line of await gen.logs({ mode: "forever" })) {
      void line;
      if (++n === 5) break;
    }
    await expect.poll(() => closedEarly, { timeout: 5000 }).toBe(before + 1);
  });

  test("a signal aborts the stream: the iteration throws ABORTED", async () => {
    const controller = new AbortController();
    let n = 0;
    const error = await (async () => {
      for await (const line of await gen.logs({ mode: "forever" }, { signal: controller.signal })) {
        void line;
        if (++n === 3) controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "ABORTED" });
  });

  test("idleTimeoutMs bounds the silence between items", async () => {
    const got: unknown[] = [];
    const error = await (async () => {
      for await (const line of await gen.logs({ mode: "slow" }, { idleTimeoutMs: 200 })) got.push(line);
    })().catch((e: unknown) => e);
    expect(got).toEqual([{ level: "info", msg: "first" }]);
    expect(error).toMatchObject({ code: "TIMEOUT" });
  });

  test("text events keep their data as text, multi-line data joined with \\n", async () => {
    expect(await collect(await gen.ticks())).toEqual([{ data: "one" }, { data: "two\nlines" }]);
  });

  test("toolkit.call collects a stream-only tool's items; past the bound it fails; toolkit.stream iterates", async () => {
    expect(await gen.toolkit.call("Streams/v1/logs", {})).toHaveLength(3);
    await expect(gen.toolkit.call("Streams/v1/logs", { mode: "forever" }, { maxStreamItems: 10 })).rejects.toMatchObject({ code: "RESPONSE_TOO_LARGE" });
    const stream = await gen.toolkit.stream("Streams/v1/progress", { job: "j1" });
    expect((await collect<{ event: string }>(stream)).map((e) => e.event)).toEqual(["delta", "delta", "done"]);
    // The body's boolean `stream` asks for the stream (OpenAI): .stream() sets it when the caller did not.
    expect(await collect(await gen.toolkit.stream("Streams/v1/chat", { prompt: "x" }))).toHaveLength(4);
    expect(await collect(await gen.chat.stream({ prompt: "x" }))).toHaveLength(4);
    // Items are checked against the item schema only when asked.
    expect(await gen.toolkit.call("Streams/v1/logs", { mode: "wrong" })).toHaveLength(2);
    await expect(gen.toolkit.call("Streams/v1/logs", { mode: "wrong" }, { validate: true })).rejects.toThrow(/streamed item 2 that does not match its schema: \$\.level/);
    const checked = await gen.toolkit.stream("Streams/v1/chat", { prompt: "x" }, { validate: true });
    expect(await collect(checked)).toHaveLength(4);
    const tools = gen.toolkit.tools as { name: string; stream?: string; responses?: { type?: string } }[];
    expect(tools.find((t) => t.name === "Streams/v1/logs")).toMatchObject({ stream: "only", responses: { type: "array" } });
    expect(tools.find((t) => t.name === "Streams/v1/chat")?.stream).toBe("also");
  });
});
