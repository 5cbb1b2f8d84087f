/**
 * Retries: on by default (2, exponential backoff with full jitter), for idempotent methods and for
 * requests that carry an idempotency key, on transient failures only; Retry-After and
 * retry-after-ms honoured up to maxDelayMs; abort ends a wait. Against a loopback server.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, expect, test, vi } from "vitest";
import type { OperationSpec } from "../../src/runtime/operation.js";
import { request, streamRequest } from "../../src/runtime/request.js";

interface Attempt {
  readonly at: number;
  readonly method: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
}

let server: Server;
let base: string;
let attempts: Attempt[] = [];
/** What the server does with attempt `n` (0-based) of the current test. */
let answer: (n: number, req: IncomingMessage, res: ServerResponse) => void = ok;

function ok(_n: number, _req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { "content-type": "application/json" }).end("{}");
}
/** The first `count` attempts get `status` with `headers`, the others 200. */
function failing(count: number, status = 503, headers: Record<string, string> = {}) {
  return (n: number, req: IncomingMessage, res: ServerResponse) => (n < count ? void res.writeHead(status, headers).end("busy") : ok(n, req, res));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const n = attempts.length;
      attempts.push({ at: performance.now(), method: req.method ?? "", headers: req.headers, body: Buffer.concat(chunks).toString() });
      answer(n, req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  attempts = [];
  answer = ok;
  vi.restoreAllMocks();
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});

const op = (method: string, path = "/x"): OperationSpec => ({ tool: "T/1/x", method, path, params: [], response: "json" });
/** An operation declaring an Idempotency-Key header (as the model marks it) and a JSON body. */
const keyed = (method: string, name = "Idempotency-Key"): OperationSpec => ({
  tool: "T/1/create",
  method,
  path: "/items",
  params: [{ key: name, name, in: "header" }],
  body: { mediaType: "application/json", encoding: "json", key: null, required: false },
  response: "json",
  idempotencyKey: name,
});
const config = () => ({ baseUrl: base, version: "" });
const fast = { minDelayMs: 1 };
const gaps = () => attempts.slice(1).map((a, i) => a.at - attempts[i]!.at);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test("on by default: 2 retries, the backoff doubling from 500 ms (full jitter: random below the ceiling)", async () => {
  answer = failing(10);
  vi.spyOn(Math, "random").mockReturnValue(0.99);
  await expect(request(config(), op("GET"), undefined)).rejects.toMatchObject({ code: "HTTP_STATUS", status: 503 });
  expect(attempts).toHaveLength(3);
  const [first, second] = gaps();
  // 0.99 of a 500 ms ceiling, then of 1 000 ms.
  expect(first).toBeGreaterThanOrEqual(480);
  expect(first).toBeLessThan(800);
  expect(second).toBeGreaterThanOrEqual(970);
  expect(second).toBeLessThan(1400);
});

test("with real jitter every wait stays below its ceiling, and a GET succeeds through transient answers", async () => {
  answer = (n, req, res) => (n < 4 ? void res.writeHead([500, 502, 504, 429][n]!).end() : ok(n, req, res));
  expect(await request(config(), op("GET"), undefined, { retry: { retries: 4, minDelayMs: 40 } })).toEqual({});
  expect(attempts).toHaveLength(5);
  gaps().forEach((gap, i) => expect(gap).toBeLessThan(40 * 2 ** i + 150));
});

test("408 is retried; 400, 404 and 425 are not", async () => {
  answer = failing(1, 408);
  expect(await request(config(), op("GET"), undefined, { retry: fast })).toEqual({});
  expect(attempts).toHaveLength(2);
  for (const status of [400, 404, 425]) {
    attempts = [];
    answer = failing(1, status);
    await expect(request(config(), op("GET"), undefined, { retry: fast })).rejects.toMatchObject({ status });
    expect(attempts).toHaveLength(1);
  }
});

test("gives up after the last retry with the last error", async () => {
  answer = failing(10);
  await expect(request(config(), op("DELETE"), undefined, { retry: { retries: 3, minDelayMs: 1 } })).rejects.toMatchObject({ status: 503 });
  expect(attempts).toHaveLength(4);
});

test("a POST with a declared Idempotency-Key: one random key per call, the same on every attempt, the body sent again", async () => {
  answer = failing(2);
  expect(await request(config(), keyed("POST"), { name: "n" }, { retry: fast })).toEqual({});
  expect(attempts).toHaveLength(3);
  const key = attempts[0]!.headers["idempotency-key"];
  expect(key).toMatch(UUID);
  for (const a of attempts) {
    expect(a.headers["idempotency-key"]).toBe(key);
    expect(JSON.parse(a.body)).toEqual({ name: "n" });
  }
  attempts = [];
  answer = failing(1);
  await request(config(), keyed("POST"), { name: "n" }, { retry: fast });
  expect(attempts.map((a) => a.headers["idempotency-key"])).toEqual([attempts[0]!.headers["idempotency-key"], attempts[0]!.headers["idempotency-key"]]);
  expect(attempts[0]!.headers["idempotency-key"]).toMatch(UUID);
  expect(attempts[0]!.headers["idempotency-key"]).not.toBe(key);
});

test("the caller's own key is kept, as an input field or in headers (any case), and X-Idempotency-Key works alike", async () => {
  answer = failing(1);
  await request(config(), keyed("POST"), { "Idempotency-Key": "mine-1" }, { retry: fast });
  expect(attempts.map((a) => a.headers["idempotency-key"])).toEqual(["mine-1", "mine-1"]);
  attempts = [];
  answer = failing(1);
  await request(config(), keyed("POST"), {}, { retry: fast, headers: { "idempotency-KEY": "mine-2" } });
  expect(attempts.map((a) => a.headers["idempotency-key"])).toEqual(["mine-2", "mine-2"]);
  attempts = [];
  answer = failing(1);
  await request(config(), keyed("PATCH", "x-idempotency-key"), {}, { retry: fast });
  expect(attempts).toHaveLength(2);
  expect(attempts[0]!.headers["x-idempotency-key"]).toMatch(UUID);
  expect(attempts[1]!.headers["x-idempotency-key"]).toBe(attempts[0]!.headers["x-idempotency-key"]);
});

test("a POST or PATCH without a key is never retried; with a key the caller sends in headers it is", async () => {
  for (const method of ["POST", "PATCH"]) {
    attempts = [];
    answer = failing(1);
    await expect(request(config(), op(method), undefined, { retry: fast })).rejects.toMatchObject({ status: 503 });
    expect(attempts).toHaveLength(1);
  }
  // A caller who removes the declared header sends no key: not retried either.
  attempts = [];
  answer = failing(1);
  await expect(request(config(), keyed("POST"), {}, { retry: fast, headers: { "Idempotency-Key": undefined } })).rejects.toMatchObject({ status: 503 });
  expect(attempts).toHaveLength(1);
  expect(attempts[0]!.headers["idempotency-key"]).toBeUndefined();
  attempts = [];
  answer = failing(1);
  expect(await request(config(), op("POST"), undefined, { retry: fast, headers: { "Idempotency-Key": "k" } })).toEqual({});
  expect(attempts).toHaveLength(2);
});

test("Retry-After in seconds is waited", async () => {
  answer = failing(1, 503, { "retry-after": "1" });
  expect(await request(config(), op("GET"), undefined)).toEqual({});
  expect(gaps()[0]).toBeGreaterThanOrEqual(990);
  expect(gaps()[0]).toBeLessThan(1500);
});

test("Retry-After as an HTTP date is waited until that time", async () => {
  // An HTTP date has whole seconds: 2 s ahead, cut to the second, is 1 to 2 s away.
  answer = (n, req, res) => (n < 1 ? void res.writeHead(429, { "retry-after": new Date(Date.now() + 2000).toUTCString() }).end() : ok(n, req, res));
  expect(await request(config(), op("GET"), undefined)).toEqual({});
  expect(gaps()[0]).toBeGreaterThanOrEqual(900);
  expect(gaps()[0]).toBeLessThan(2500);
});

test("retry-after-ms wins over Retry-After", async () => {
  answer = failing(1, 503, { "retry-after-ms": "150", "retry-after": "30" });
  expect(await request(config(), op("GET"), undefined)).toEqual({});
  expect(gaps()[0]).toBeGreaterThanOrEqual(140);
  expect(gaps()[0]).toBeLessThan(900);
});

test("a wait past maxDelayMs (default 60 s) is not waited: the error is thrown at once with retryAfterMs", async () => {
  answer = failing(1, 429, { "retry-after": "120" });
  let started = performance.now();
  await expect(request(config(), op("GET"), undefined)).rejects.toMatchObject({ status: 429, retryAfterMs: 120_000 });
  expect(performance.now() - started).toBeLessThan(1000);
  expect(attempts).toHaveLength(1);
  attempts = [];
  answer = failing(1, 503, { "retry-after-ms": "500" });
  started = performance.now();
  await expect(request({ ...config(), retry: { maxDelayMs: 100 } }, op("GET"), undefined)).rejects.toMatchObject({ status: 503, retryAfterMs: 500 });
  expect(performance.now() - started).toBeLessThan(400);
  expect(attempts).toHaveLength(1);
});

test("retries: 0 turns retries off per call and per client; per-call fields win", async () => {
  answer = failing(1);
  await expect(request(config(), op("GET"), undefined, { retry: { retries: 0 } })).rejects.toMatchObject({ status: 503 });
  expect(attempts).toHaveLength(1);
  attempts = [];
  answer = failing(1);
  await expect(request({ ...config(), retry: { retries: 0 } }, op("GET"), undefined)).rejects.toMatchObject({ status: 503 });
  expect(attempts).toHaveLength(1);
  attempts = [];
  answer = failing(1);
  expect(await request({ ...config(), retry: { retries: 0 } }, op("GET"), undefined, { retry: { retries: 1, minDelayMs: 1 } })).toEqual({});
  expect(attempts).toHaveLength(2);
});

test("an abort during the wait ends it at once with ABORTED, and no further attempt is made", async () => {
  answer = failing(5, 503, { "retry-after": "5" });
  const controller = new AbortController();
  const started = performance.now();
  setTimeout(() => controller.abort(), 100);
  await expect(request(config(), op("GET"), undefined, { signal: controller.signal })).rejects.toMatchObject({ code: "ABORTED", tool: "T/1/x" });
  expect(performance.now() - started).toBeLessThan(1000);
  await new Promise((r) => setTimeout(r, 50));
  expect(attempts).toHaveLength(1);
});

test("a refused connection is retried for a GET (NETWORK after the last)", async () => {
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((r) => closed.close(() => r()));
  let sent = 0;
  const counting: typeof fetch = (input, init) => {
    sent++;
    return fetch(input, init);
  };
  await expect(request({ baseUrl: `http://127.0.0.1:${port}`, version: "" }, op("GET"), undefined, { retry: fast, fetch: counting })).rejects.toMatchObject({ code: "NETWORK" });
  expect(sent).toBe(3);
});

test("a socket destroyed mid-request is retried for a GET and for a keyed POST, not for a plain POST", async () => {
  const destroyFirst = (n: number, req: IncomingMessage, res: ServerResponse) => (n === 0 ? void req.socket.destroy() : ok(n, req, res));
  answer = destroyFirst;
  expect(await request(config(), op("GET"), undefined, { retry: fast })).toEqual({});
  expect(attempts).toHaveLength(2);
  attempts = [];
  answer = destroyFirst;
  expect(await request(config(), keyed("POST"), { name: "n" }, { retry: fast })).toEqual({});
  expect(attempts).toHaveLength(2);
  expect(attempts[1]!.headers["idempotency-key"]).toBe(attempts[0]!.headers["idempotency-key"]);
  attempts = [];
  answer = destroyFirst;
  await expect(request(config(), op("POST"), undefined, { retry: fast })).rejects.toMatchObject({ code: "NETWORK" });
  expect(attempts).toHaveLength(1);
});

test("a timed-out attempt of a GET is retried (each attempt has its own timeoutMs); of a plain POST it is not", async () => {
  // The first attempt is never answered; the server closes it when the client gives up.
  const hangFirst = (n: number, req: IncomingMessage, res: ServerResponse) => (n === 0 ? void 0 : ok(n, req, res));
  answer = hangFirst;
  expect(await request(config(), op("GET"), undefined, { retry: fast, timeoutMs: 150 })).toEqual({});
  expect(attempts).toHaveLength(2);
  attempts = [];
  answer = hangFirst;
  await expect(request(config(), op("POST"), undefined, { retry: fast, timeoutMs: 150 })).rejects.toMatchObject({ code: "TIMEOUT" });
  expect(attempts).toHaveLength(1);
});

test("streams are never retried (the key is still filled)", async () => {
  answer = failing(1);
  const streaming: OperationSpec = { ...keyed("POST"), response: "stream", stream: { format: "json-lines", mediaType: "application/jsonl" } };
  await expect(streamRequest(config(), streaming, {}, { retry: fast })).rejects.toMatchObject({ status: 503 });
  expect(attempts).toHaveLength(1);
  expect(attempts[0]!.headers["idempotency-key"]).toMatch(UUID);
  attempts = [];
  answer = failing(1);
  await expect(streamRequest(config(), { ...op("GET"), response: "stream", stream: { format: "json-lines", mediaType: "application/jsonl" } }, undefined)).rejects.toMatchObject({ status: 503 });
  expect(attempts).toHaveLength(1);
});
