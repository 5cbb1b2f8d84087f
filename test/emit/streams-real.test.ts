/**
 * Streams on descriptions nobody here wrote, each called through a loopback server that speaks
 * the real wire format: OpenAI's chat completions (`openai.yaml`: JSON or an event stream on the
 * same 200, chunks then `data: [DONE]`), opencode's event feed (`opencode.yaml`: a union of
 * event kinds in each event's `data`), and a FastAPI 0.135 document (its own test suite's
 * snapshot of `EventSourceResponse`: `itemSchema` in a 3.1 document, JSON `data` by
 * `contentMediaType` + `contentSchema`), with FastAPI's comment, `event`, `id` and `retry` lines.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { freshOutputDir, CORPUS } from "../support/output-dir.js";
import { generateFrom, typecheckWith } from "../support/generated-module.js";

const quiet = { stdout: () => {}, stderr: () => {}, exitCode: () => {} };

let server: Server;
let base: string;
const bodies: unknown[] = [];

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  JSON.stringify({
    id: "chatcmpl-9xyz",
    object: "chat.completion.chunk",
    created: 1732780800,
    model: "gpt-4o-mini-2024-07-18",
    system_fingerprint: "fp_0ba0d124f1",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    void (async () => {
      let body = "";
      for await (const part of req) body += part;
      if (body) bodies.push(JSON.parse(body));
      if (url.pathname === "/chat/completions") {
        res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8" });
        for (const text of [chunk({ role: "assistant", content: "", refusal: null }), chunk({ content: "Hello" }), chunk({ content: " there" }), chunk({}, "stop")]) {
          res.write(`data: ${text}\n\n`);
        }
        return void res.end("data: [DONE]\n\n");
      }
      if (url.pathname === "/event") {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write(`data: ${JSON.stringify({ id: "e1", type: "file.edited", properties: { file: "src/a.ts" } })}\n\n`);
        res.write(": ping\n\n");
        return void res.end(`data: ${JSON.stringify({ id: "e2", type: "file.edited", properties: { file: "src/b.ts" } })}\n\n`);
      }
      if (url.pathname === "/items/stream") {
        res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", "x-accel-buffering": "no" });
        res.write(": stream of item updates\n\n");
        res.write('event: item_update\ndata: {"name":"Plumbus","description":null}\nid: 1\nretry: 5000\n\n');
        return void res.end('event: item_update\ndata: {"name":"Portal Gun","description":"x"}\nid: 2\nretry: 5000\n\n');
      }
      res.writeHead(404).end();
    })();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function generateCorpus(name: string, file: string): Promise<string> {
  const out = join(freshOutputDir(name), "toolgen");
  expect(await main([join(CORPUS, "specs", file), "--out", out], quiet)).toBe(0);
  return out;
}

test("OpenAI: createChatCompletion.stream() asks for the stream (stream: true) and yields typed chunks until [DONE]", async () => {
  const out = await generateCorpus("streams-openai", "openai.yaml");
  const app = `
import { createChatCompletion } from "./toolgen/index.js";
export async function reply(): Promise<string> {
  let text = "";
  for await (const ev of await createChatCompletion.stream({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] })) {
    const chunk: "chat.completion.chunk" = ev.data.object;
    text += ev.data.choices[0]?.delta.content ?? "";
    // @ts-expect-error a chunk's choice has a delta, not a message
    ev.data.choices[0]?.message;
    void chunk;
  }
  return text;
}
`;
  expect(await typecheckWith(join(out, ".."), app)).toBe("");
  const gen = await import(join(out, "index.ts"));
  const stream = await gen.createChatCompletion.stream(
    { model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] },
    { baseUrl: base, auth: { ApiKeyAuth: "sk-test" } },
  );
  let text = "";
  const finish: unknown[] = [];
  for await (const ev of stream) {
    text += ev.data.choices[0].delta.content ?? "";
    finish.push(ev.data.choices[0].finish_reason);
  }
  expect(text).toBe("Hello there");
  expect(finish).toEqual([null, null, null, "stop"]);
  expect(bodies.at(-1)).toMatchObject({ model: "gpt-4o-mini", stream: true });
});

test("opencode: the event feed's items are its event union, decoded", async () => {
  const out = await generateCorpus("streams-opencode", "opencode.yaml");
  const app = `
import { eventSubscribe } from "./toolgen/index.js";
export async function files(): Promise<string[]> {
  const edited: string[] = [];
  for await (const ev of await eventSubscribe()) {
    if (ev.data.type === "file.edited") edited.push(ev.data.properties.file);
  }
  return edited;
}
`;
  expect(await typecheckWith(join(out, ".."), app)).toBe("");
  const gen = await import(join(out, "index.ts"));
  const edited: string[] = [];
  for await (const ev of await gen.eventSubscribe({}, { baseUrl: base })) if (ev.data.type === "file.edited") edited.push(ev.data.properties.file);
  expect(edited).toEqual(["src/a.ts", "src/b.ts"]);
});

test("FastAPI 0.135: itemSchema in a 3.1 document types each event, its JSON data decoded", async () => {
  // FastAPI's own test suite's snapshot of docs_src/server_sent_events/tutorial001 (the first path).
  const fastapi = {
    openapi: "3.1.0",
    info: { title: "FastAPI", version: "0.1.0" },
    paths: {
      "/items/stream": {
        get: {
          summary: "Sse Items",
          operationId: "sse_items_items_stream_get",
          responses: {
            "200": {
              description: "Successful Response",
              content: {
                "text/event-stream": {
                  itemSchema: {
                    type: "object",
                    properties: {
                      data: { type: "string", contentMediaType: "application/json", contentSchema: { $ref: "#/components/schemas/Item" } },
                      event: { type: "string" },
                      id: { type: "string" },
                      retry: { type: "integer", minimum: 0 },
                    },
                    required: ["data"],
                  },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Item: {
          properties: { name: { type: "string", title: "Name" }, description: { anyOf: [{ type: "string" }, { type: "null" }], title: "Description" } },
          type: "object",
          required: ["name", "description"],
          title: "Item",
        },
      },
    },
  };
  const { out } = await generateFrom("streams-fastapi", fastapi);
  const app = `
import { sseItemsItemsStreamGet } from "./toolgen/index.js";
export async function names(): Promise<string[]> {
  const names: string[] = [];
  for await (const ev of await sseItemsItemsStreamGet()) {
    const description: string | null = ev.data.description;
    const retry: number | undefined = ev.retry;
    names.push(ev.data.name);
    // @ts-expect-error an Item has no price
    ev.data.price;
    void description, retry;
  }
  return names;
}
`;
  expect(await typecheckWith(join(out, ".."), app)).toBe("");
  const gen = await import(join(out, "index.ts"));
  const events: unknown[] = [];
  for await (const ev of await gen.sseItemsItemsStreamGet({ baseUrl: base })) events.push(ev);
  expect(events).toEqual([
    { event: "item_update", data: { name: "Plumbus", description: null }, id: "1", retry: 5000 },
    { event: "item_update", data: { name: "Portal Gun", description: "x" }, id: "2", retry: 5000 },
  ]);
});
