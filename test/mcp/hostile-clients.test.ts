/**
 * The MCP bridge over HTTP against hostile clients and a hostile tool server: a request
 * target that used to end the process, event streams nobody closes, bodies that never finish or
 * nest too deep, foreign Host and Origin headers, and a tool answering 200 MiB.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveMcpHttp, type McpHttpServer } from "../../src/mcp/serve.js";
import { loadToolkit } from "../../src/load-toolkit/load-toolkit.js";
import { jsonRequest, sendRaw } from "../support/raw-socket.js";

const MiB = 1024 * 1024;
const DESCRIPTION = `openapi: 3.0.3
info: { title: Hostile, version: v1, description: A tool server that misbehaves. }
paths:
  /Hostile/v1/Huge:
    post:
      operationId: Huge
      description: Answers 200 MiB.
      responses: { "200": { description: ok, content: { application/json: { schema: { type: object } } } } }
  /Hostile/v1/Small:
    post:
      operationId: Small
      description: Answers a little.
      responses: { "200": { description: ok, content: { application/json: { schema: { type: object, properties: { ok: { type: boolean } } } } } } }
`;

let toolServer: Server;
let bridge: McpHttpServer;
let bytesWritten = 0;

beforeAll(async () => {
  toolServer = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    req.resume();
    if (path === "/.well-known/openapi.yaml") return void res.writeHead(200, { "content-type": "application/yaml" }).end(DESCRIPTION);
    if (path === "/Hostile/v1/Small") return void res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    if (path === "/Hostile/v1/Huge") {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(MiB, 0x20);
      let sent = 0;
      const pump = (): void => {
        while (sent < 200) {
          sent++;
          bytesWritten += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      res.on("close", () => (sent = Number.POSITIVE_INFINITY));
      res.write("[");
      return pump();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => toolServer.listen(0, "127.0.0.1", r));
  const toolkit = await loadToolkit(`http://127.0.0.1:${(toolServer.address() as AddressInfo).port}`);
  bridge = await serveMcpHttp(toolkit, { port: 0, limits: { bodyTimeoutMs: 400 } });
});

afterAll(async () => {
  await bridge.close();
  toolServer.closeAllConnections();
  await new Promise<void>((r) => toolServer.close(() => r()));
});

const host = () => new URL(bridge.url).host;
const INITIALIZE = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
const ACCEPT = "Accept: application/json, text/event-stream\r\n";

async function stillServes(): Promise<void> {
  const answer = await sendRaw(bridge.url, [jsonRequest("/mcp", host(), INITIALIZE, ACCEPT)]);
  expect(answer.status).toBe(200);
  expect(answer.text).toMatch(/"protocolVersion"/);
}

describe("request targets", () => {
  test.each([
    ["an absolute form with a broken IPv6 host", "POST http://[::1 HTTP/1.1"],
    ["an absolute form with a port above 65535", "POST http://127.0.0.1:99999/mcp HTTP/1.1"],
    ["the asterisk form", "OPTIONS * HTTP/1.1"],
  ])("%s: 400, and the bridge keeps serving", async (_, line) => {
    const answer = await sendRaw(bridge.url, [`${line}\r\nHost: ${host()}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`]);
    expect(answer.status).toBe(400);
    await stillServes();
  });
});

describe("held resources", () => {
  test("GET /mcp is 405 (no event stream to hold open), and so is DELETE", async () => {
    for (const method of ["GET", "DELETE"]) {
      const answer = await sendRaw(bridge.url, [`${method} /mcp HTTP/1.1\r\nHost: ${host()}\r\nAccept: text/event-stream\r\nConnection: close\r\n\r\n`], { waitMs: 3_000 });
      expect(answer.status, method).toBe(405);
      expect(answer.text).toMatch(/allow: POST/i);
      expect(answer.closedByServer).toBe(true);
    }
  });

  test("a body that never finishes: 408 after the deadline and the socket closes", async () => {
    const answer = await sendRaw(bridge.url, [`POST /mcp HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\n${ACCEPT}Content-Length: 900\r\n\r\n{"jsonrpc"`], { waitMs: 5_000 });
    expect(answer.status).toBe(408);
    expect(answer.closedByServer).toBe(true);
  });

  test("a JSON-RPC body nested 10,000 levels: 400 parse error naming the limit", async () => {
    const deep = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"Hostile__v1__Small","arguments":${"[".repeat(10_000)}${"]".repeat(10_000)}}}`;
    const answer = await sendRaw(bridge.url, [jsonRequest("/mcp", host(), deep, ACCEPT)]);
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/"code":-32700/);
    expect(answer.text).toMatch(/nests deeper than 64 levels/);
    await stillServes();
  });
});

describe("who may call", () => {
  test("a foreign Host gets 421, a foreign Origin 403, a form post 415", async () => {
    expect((await sendRaw(bridge.url, [jsonRequest("/mcp", "attacker.example", INITIALIZE, ACCEPT)])).status).toBe(421);
    expect((await sendRaw(bridge.url, [jsonRequest("/mcp", host(), INITIALIZE, `${ACCEPT}Origin: https://evil.example\r\n`)])).status).toBe(403);
    const form = await sendRaw(bridge.url, [`POST /mcp HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: text/plain\r\nContent-Length: ${INITIALIZE.length}\r\nConnection: close\r\n\r\n${INITIALIZE}`]);
    expect(form.status).toBe(415);
  });
});

describe("a tool server that answers 200 MiB", () => {
  test("the call is a tool error naming the cap; the tool server is cut off and memory stays bounded", async () => {
    const client = new Client({ name: "toolgen-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(bridge.url)));
    try {
      global.gc?.();
      const before = process.memoryUsage().rss;
      bytesWritten = 0;
      const result = await client.callTool({ name: "Hostile__v1__Huge", arguments: {} });
      expect(result.isError).toBe(true);
      expect((result.content as { text: string }[])[0]!.text).toMatch(/larger than 33554432 bytes/);
      await new Promise((r) => setTimeout(r, 100));
      expect(bytesWritten).toBeLessThan(100 * MiB);
      expect(process.memoryUsage().rss - before).toBeLessThan(256 * MiB);
      const small = await client.callTool({ name: "Hostile__v1__Small", arguments: {} });
      expect(small.structuredContent).toEqual({ ok: true });
    } finally {
      await client.close();
    }
  });
});
