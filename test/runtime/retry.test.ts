/** Retries: off by default, idempotent methods only, transient failures only. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { OperationSpec } from "../../src/runtime/operation.js";
import { request } from "../../src/runtime/request.js";

let server: Server;
let base: string;
let hits = 0;
let failuresLeft = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    if ((req.url ?? "").startsWith("/bad")) return void res.writeHead(400).end("bad");
    if (failuresLeft-- > 0) return void res.writeHead(503, { "retry-after": "0" }).end("busy");
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const op = (method: string, path = "/x"): OperationSpec => ({ tool: "T/1/x", method, path, params: [], response: "json" });
const config = () => ({ baseUrl: base, version: "1" });
const retry = { retries: 3, minDelayMs: 1, maxDelayMs: 5 };

test("off by default: one attempt", async () => {
  hits = 0;
  failuresLeft = 1;
  await expect(request(config(), op("GET"), undefined)).rejects.toMatchObject({ status: 503, retryAfterMs: 0 });
  expect(hits).toBe(1);
});

test("a GET is retried through transient 503s", async () => {
  hits = 0;
  failuresLeft = 2;
  expect(await request(config(), op("GET"), undefined, { retry })).toEqual({});
  expect(hits).toBe(3);
});

test("gives up after the last retry with the last error", async () => {
  hits = 0;
  failuresLeft = 10;
  await expect(request(config(), op("DELETE"), undefined, { retry })).rejects.toMatchObject({ status: 503 });
  expect(hits).toBe(4);
});

test("POST is never retried, nor is a 400", async () => {
  hits = 0;
  failuresLeft = 1;
  await expect(request(config(), op("POST"), undefined, { retry })).rejects.toMatchObject({ status: 503 });
  expect(hits).toBe(1);
  hits = 0;
  await expect(request(config(), op("GET", "/bad"), undefined, { retry })).rejects.toMatchObject({ status: 400 });
  expect(hits).toBe(1);
});
