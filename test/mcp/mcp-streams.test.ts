/**
 * Streaming tools through the MCP bridge (Streamable HTTP and stdio's shared server code): a
 * client that gives a progress token gets each item as a progress notification while the call
 * runs, and every client gets the items collected as the result, valid against the declared
 * output schema. The tool server is a loopback server publishing a description with an event
 * stream and a JSON-lines tool.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, expect, test } from "vitest";
import { loadToolkit } from "../../src/load-toolkit/load-toolkit.js";
import { serveMcpHttp, type McpHttpServer } from "../../src/mcp/serve.js";

const DESCRIPTION = `
openapi: 3.1.0
info: { title: Feeds, version: v1 }
paths:
  /ticks:
    get:
      operationId: ticks
      parameters: [{ name: n, in: query, required: true, schema: { type: integer } }]
      responses:
        "200":
          description: one event per tick
          content:
            text/event-stream:
              schema: { type: object, required: [tick], properties: { tick: { type: integer } } }
  /lines:
    get:
      operationId: lines
      responses:
        "200":
          description: JSON lines
          content:
            application/x-ndjson:
              itemSchema: { type: object, required: [line], properties: { line: { type: string } } }
`;

let toolServer: Server;
let bridge: McpHttpServer;

beforeAll(async () => {
  toolServer = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/.well-known/openapi.yaml") return void res.writeHead(200, { "content-type": "application/yaml" }).end(DESCRIPTION);
    if (url.pathname === "/ticks") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      const n = Number(url.searchParams.get("n"));
      for (let i = 1; i <= n; i++) res.write(`data: {"tick":${i}}\n\n`);
      return void res.end("data: [DONE]\n\n");
    }
    if (url.pathname === "/lines") return void res.writeHead(200, { "content-type": "application/x-ndjson" }).end('{"line":"a"}\n{"line":"b"}\n');
    if (url.pathname === "/.well-known/examples.yaml") return void res.writeHead(404).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => toolServer.listen(0, "127.0.0.1", r));
  const toolkit = await loadToolkit(`http://127.0.0.1:${(toolServer.address() as AddressInfo).port}`);
  bridge = await serveMcpHttp(toolkit, { port: 0 });
});
afterAll(async () => {
  await bridge.close();
  await new Promise<void>((r) => toolServer.close(() => r()));
});

async function connect(): Promise<Client> {
  const client = new Client({ name: "toolgen-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(bridge.url)));
  return client;
}

test("a streaming tool declares the array of its items as output", async () => {
  const client = await connect();
  try {
    const { tools } = await client.listTools();
    const ticks = tools.find((t) => t.title === "Feeds/v1/ticks");
    expect(ticks?.outputSchema).toMatchObject({ type: "object", properties: { result: { type: "array", items: { type: "object" } } }, required: ["result"] });
  } finally {
    await client.close();
  }
});

test("each item reaches a client with a progress token as it arrives; the result collects them", async () => {
  const client = await connect();
  try {
    const progress: { progress: number; message?: string | undefined }[] = [];
    const result = await client.callTool({ name: "Feeds__v1__ticks", arguments: { n: 3 } }, undefined, { onprogress: (p) => void progress.push(p) });
    expect(result.isError).toBeFalsy();
    const items = [{ data: { tick: 1 } }, { data: { tick: 2 } }, { data: { tick: 3 } }];
    expect(result.structuredContent).toEqual({ result: items });
    expect(progress.map((p) => p.progress)).toEqual([1, 2, 3]);
    expect(progress.map((p) => JSON.parse(p.message ?? "null"))).toEqual(items);
  } finally {
    await client.close();
  }
});

test("without a progress token the result alone; JSON lines typed by itemSchema", async () => {
  const client = await connect();
  try {
    const result = await client.callTool({ name: "Feeds__v1__lines", arguments: {} });
    expect(result.structuredContent).toEqual({ result: [{ line: "a" }, { line: "b" }] });
  } finally {
    await client.close();
  }
});
