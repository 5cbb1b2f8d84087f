/**
 * The runtime's streaming call on its own (`streamRequest` + ToolStream), against a loopback
 * server writing each answer in one piece, so several items (and the failure after them) arrive
 * in the same chunk: positions named in errors, JSON text sequences, a too-large last item found
 * only when the stream ends, a 204, the answer's own Content-Type deciding the format.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { OperationSpec } from "../../../src/runtime/operation.js";
import { streamRequest } from "../../../src/runtime/request.js";

const ANSWERS: Record<string, { type: string; body: string; status?: number }> = {
  "/bad-third": { type: "text/event-stream", body: 'data: {"a":1}\n\ndata: {"a":2}\n\ndata: nope\n\ndata: {"a":4}\n\n' },
  "/seq": { type: "application/json-seq", body: '\u001e{"a":1}\n\u001e{"a":2}\n\u001e[3]\n' },
  "/big-last": { type: "application/jsonl", body: `{"a":1}\n{"a":"${"x".repeat(300)}"}` },
  "/empty": { type: "text/event-stream", body: "", status: 204 },
  "/lines-instead": { type: "application/x-ndjson", body: '{"a":1}\n' },
  "/json-instead": { type: "application/json", body: '{"a":1}' },
};

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const answer = ANSWERS[new URL(req.url ?? "/", "http://x").pathname];
    if (!answer) return void res.writeHead(404).end();
    res.writeHead(answer.status ?? 200, { "content-type": answer.type }).end(answer.body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const spec = (path: string, format: "event-stream" | "json-lines" | "json-seq" = "event-stream"): OperationSpec => ({
  tool: "T/1/s",
  method: "GET",
  path,
  params: [],
  response: "stream",
  stream: { format, mediaType: format === "event-stream" ? "text/event-stream" : format === "json-seq" ? "application/json-seq" : "application/jsonl", json: true },
});

async function drain(path: string, format?: "event-stream" | "json-lines" | "json-seq", maxResponseBytes?: number): Promise<{ items: unknown[]; error: unknown }> {
  const items: unknown[] = [];
  const stream = await streamRequest({ baseUrl: base, version: "" }, spec(path, format), undefined, maxResponseBytes === undefined ? {} : { maxResponseBytes });
  try {
    for await (const item of stream) items.push(item);
    return { items, error: undefined };
  } catch (error) {
    return { items, error };
  }
}

test("a non-JSON event is named by its own position, after the good events of its chunk", async () => {
  const { items, error } = await drain("/bad-third");
  expect(items).toEqual([{ data: { a: 1 } }, { data: { a: 2 } }]);
  expect(error).toMatchObject({ code: "INVALID_RESPONSE" });
  expect((error as Error).message).toContain("streamed event 3 whose data is not JSON: nope");
});

test("JSON text sequences: each RS-separated record, whatever JSON it is", async () => {
  expect((await drain("/seq", "json-seq")).items).toEqual([{ a: 1 }, { a: 2 }, [3]]);
});

test("an item past the cap found only at the stream's end still fails, after the good ones", async () => {
  const { items, error } = await drain("/big-last", "json-lines", 100);
  expect(items).toEqual([{ a: 1 }]);
  expect(error).toMatchObject({ code: "RESPONSE_TOO_LARGE" });
  expect((error as Error).message).toContain("line 2 larger than 100 bytes");
});

test("a 204 is an empty stream", async () => {
  expect(await drain("/empty")).toEqual({ items: [], error: undefined });
});

test("the answer's Content-Type decides the format; JSON where a stream was asked for is refused before iteration", async () => {
  expect((await drain("/lines-instead")).items).toEqual([{ a: 1 }]);
  await expect(streamRequest({ baseUrl: base, version: "" }, spec("/json-instead"), undefined)).rejects.toMatchObject({ code: "INVALID_RESPONSE" });
});

test("a ToolStream is iterated once; close() ends it", async () => {
  const stream = await streamRequest({ baseUrl: base, version: "" }, spec("/seq", "json-seq"), undefined);
  const iterator = stream[Symbol.asyncIterator]();
  expect(() => stream[Symbol.asyncIterator]()).toThrow(/iterated once/);
  expect(await iterator.next()).toEqual({ value: { a: 1 }, done: false });
  await stream.close();
  expect(await iterator.next()).toEqual({ value: undefined, done: true });
});
