/**
 * The MCP bridge's answers where the specification names a JSON-RPC error or a result, sent as raw
 * JSON-RPC: lines written to `toolgen mcp <url>`'s stdin (the built package, as clients launch it)
 * and POSTs to `serveMcpHttp`'s /mcp, so no SDK client smooths over what goes on the wire.
 *
 * - a `tools/call` naming no tool: `-32602`, not a tool result with `isError`;
 * - malformed params (`initialize` without `protocolVersion`, `tools/call` without `name`,
 *   `params` that is no object …): `-32602` with one line naming the field, not `-32603` with the
 *   validator's issue list, nor, over stdio, no answer at all;
 * - a message that is no JSON-RPC request: `-32600`; text that is no JSON: `-32700`;
 * - `resources/templates/list`: an empty list, since the `resources` capability is declared;
 * - the tools' annotations: GET read-only; POST additive; PUT, PATCH and DELETE destructive, PUT
 *   and DELETE idempotent; an operation's `x-mcp-annotations` overriding them.
 *
 * The official conformance suite sends none of these requests: its scenarios that apply to a
 * bridge run in conformance.test.ts (over HTTP only, the transport they speak).
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadToolkit } from "../../src/load-toolkit/load-toolkit.js";
import { serveMcpHttp, type McpHttpServer } from "../../src/mcp/serve.js";
import { startDescriptionServer, type DescriptionServer } from "../support/description-server.js";

const LAUNCHER = join(import.meta.dirname, "fixtures/mcp-cli.mjs");

const ok = `responses: { "200": { description: ok } }`;
const DESCRIPTION = `openapi: 3.0.3
info: { title: Notes, version: v1 }
paths:
  /notes:
    get: { operationId: listNotes, ${ok} }
    post: { operationId: addNote, ${ok} }
  /notes/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    put: { operationId: replaceNote, ${ok} }
    patch: { operationId: editNote, ${ok} }
    delete: { operationId: deleteNote, ${ok} }
  /notes/search:
    post: { operationId: searchNotes, x-mcp-annotations: { readOnlyHint: true }, ${ok} }
  /tags/{tag}:
    parameters: [{ name: tag, in: path, required: true, schema: { type: string } }]
    put: { operationId: addTag, description: Adds the tag; one already there stays as it is., x-mcp-annotations: { destructiveHint: false }, ${ok} }
`;

interface Answer {
  readonly jsonrpc: "2.0";
  readonly id: number | string | null;
  readonly result?: Record<string, unknown>;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
}

/** Sends one JSON-RPC request and resolves to the answer with its id. */
type Send = (method: string, params?: unknown) => Promise<Answer>;
/** Sends one message as the text given and resolves to the answer with `id` (null: no id); over HTTP, with its status. */
type SendText = (text: string, id: number | null) => Promise<{ answer: Answer; status?: number }>;

const INITIALIZE = { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } };

let description: DescriptionServer;
let http: McpHttpServer;
let child: ChildProcessWithoutNullStreams;
let nextId = 1;
const waiting = new Map<number | string | null, (answer: Answer) => void>();
const stderr: string[] = [];

beforeAll(async () => {
  description = await startDescriptionServer(DESCRIPTION);
  http = await serveMcpHttp(await loadToolkit(description.url), { port: 0 });
  child = spawn(process.execPath, [LAUNCHER, "mcp", description.url]);
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk.toString("utf8")));
  createInterface({ input: child.stdout }).on("line", (line) => {
    const answer = JSON.parse(line) as Answer;
    waiting.get(answer.id)?.(answer);
  });
  const first = await overStdio("initialize", INITIALIZE);
  expect(first.result, stderr.join("")).toMatchObject({ protocolVersion: "2025-11-25", capabilities: { tools: {}, resources: {} } });
  child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
});

afterAll(async () => {
  child.stdin.end();
  await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once("exit", resolve)));
  await http.close();
  await description.close();
});

const overStdio: Send = (method, params) => {
  const id = nextId++;
  const answered = new Promise<Answer>((resolve) => waiting.set(id, resolve));
  child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, ...(params !== undefined ? { params } : {}) })}\n`);
  return answered;
};

const overHttp: Send = async (method, params) => {
  const id = nextId++;
  const response = await fetch(http.url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id, method, ...(params !== undefined ? { params } : {}) }),
  });
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const answer = (await response.json()) as Answer;
  expect(answer.id).toBe(id);
  return answer;
};

const textOverStdio: SendText = async (text, id) => {
  const answered = new Promise<Answer>((resolve) => waiting.set(id, resolve));
  child.stdin.write(`${text}\n`);
  return { answer: await answered };
};

const textOverHttp: SendText = async (text) => {
  const response = await fetch(http.url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: text,
  });
  return { answer: (await response.json()) as Answer, status: response.status };
};

/** The error of an answer that must be an error and nothing else, its message on one line. */
function errorOf(answer: Answer): { code: number; message: string } {
  expect(answer.result).toBeUndefined();
  expect(answer.error).toBeDefined();
  expect(answer.error!.message).not.toContain("\n");
  return { code: answer.error!.code, message: answer.error!.message };
}

describe.each([
  ["stdio", () => overStdio, () => textOverStdio],
  ["streamable HTTP", () => overHttp, () => textOverHttp],
] as const)("over %s", (name, transport, text) => {
  test("a tools/call naming no tool is -32602, not a tool result", async () => {
    const answer = await transport()("tools/call", { name: "Notes__v1__nope", arguments: {} });
    expect(errorOf(answer)).toEqual({ code: -32602, message: `Unknown tool: "Notes__v1__nope" (tools/list names this server's tools)` });
    // Nothing reached the tool server: it was asked for its description only.
    expect(description.requests.filter((r) => !r.path.startsWith("/.well-known/"))).toEqual([]);
  });

  test("initialize without protocolVersion is -32602 with one line naming the field", async () => {
    const { protocolVersion: _, ...withoutVersion } = INITIALIZE;
    const answer = await transport()("initialize", withoutVersion);
    expect(errorOf(answer)).toEqual({ code: -32602, message: "Invalid params for initialize: params.protocolVersion: expected string, received undefined" });
    expect(errorOf(await transport()("initialize"))).toEqual({ code: -32602, message: "Invalid params for initialize: params: expected object, received undefined" });
  });

  test("tools/call without name, or with params of the wrong types, is -32602 listing each field", async () => {
    expect(errorOf(await transport()("tools/call", { arguments: {} }))).toEqual({
      code: -32602,
      message: "Invalid params for tools/call: params.name: expected string, received undefined",
    });
    expect(errorOf(await transport()("tools/call", { name: 5, arguments: [] }))).toEqual({
      code: -32602,
      message: "Invalid params for tools/call: params.name: expected string, received number; params.arguments: expected record, received array",
    });
  });

  test("resources/read without uri is -32602; a method the bridge does not serve stays -32601", async () => {
    expect(errorOf(await transport()("resources/read", {}))).toEqual({ code: -32602, message: "Invalid params for resources/read: params.uri: expected string, received undefined" });
    expect(errorOf(await transport()("prompts/get", { name: 5 }))).toEqual({ code: -32601, message: "Method not found" });
  });

  test("resources/templates/list answers an empty list", async () => {
    const answer = await transport()("resources/templates/list", {});
    expect(answer.error).toBeUndefined();
    expect(answer.result).toEqual({ resourceTemplates: [] });
  });

  test("annotations: GET read-only, POST additive, PUT/PATCH/DELETE destructive, x-mcp-annotations overriding", async () => {
    const answer = await transport()("tools/list", {});
    const tools = (answer.result as { tools: { title: string; annotations: unknown }[] }).tools;
    const annotations = Object.fromEntries(tools.map((t) => [t.title.replace("Notes/v1/", ""), t.annotations]));
    const title = (name: string) => ({ title: `Notes/v1/${name}` });
    expect(annotations).toEqual({
      listNotes: { ...title("listNotes"), readOnlyHint: true },
      addNote: { ...title("addNote"), readOnlyHint: false, destructiveHint: false },
      replaceNote: { ...title("replaceNote"), readOnlyHint: false, destructiveHint: true, idempotentHint: true },
      editNote: { ...title("editNote"), readOnlyHint: false, destructiveHint: true },
      deleteNote: { ...title("deleteNote"), readOnlyHint: false, destructiveHint: true, idempotentHint: true },
      searchNotes: { ...title("searchNotes"), readOnlyHint: true },
      addTag: { ...title("addTag"), readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    });
  });
  test("params that are not an object are -32602 with the request's id", async () => {
    const number = await text()('{"jsonrpc":"2.0","id":41,"method":"tools/call","params":5}', 41);
    expect(errorOf(number.answer)).toEqual({ code: -32602, message: "Invalid params for tools/call: params: expected object, received number" });
    expect(number.answer.id).toBe(41);
    const list = await text()('{"jsonrpc":"2.0","id":42,"method":"tools/list","params":[]}', 42);
    expect(errorOf(list.answer)).toEqual({ code: -32602, message: "Invalid params for tools/list: params: expected object, received array" });
    // Over HTTP the request was read, so it is answered like any other: 200.
    if (name === "streamable HTTP") expect([number.status, list.status]).toEqual([200, 200]);
  });

  test("a message that is no JSON-RPC request is -32600; text that is no JSON -32700; the server goes on", async () => {
    const noVersion = await text()('{"id":43,"method":"ping"}', 43);
    expect(errorOf(noVersion.answer)).toEqual({ code: -32600, message: 'Invalid Request: jsonrpc: expected "2.0"' });
    const stray = await text()('{"jsonrpc":"2.0","id":44,"method":"ping","extra":1}', 44);
    expect(errorOf(stray.answer)).toEqual({ code: -32600, message: 'Invalid Request: the message: Unrecognized key: "extra"' });
    const noMethod = await text()('{"jsonrpc":"2.0","method":7}', null);
    expect(errorOf(noMethod.answer)).toEqual({ code: -32600, message: "Invalid Request: method: expected string, received number" });
    const notJson = await text()("{not json", null);
    expect(errorOf(notJson.answer).code).toBe(-32700);
    if (name === "streamable HTTP") expect([noVersion.status, stray.status, noMethod.status, notJson.status]).toEqual([400, 400, 400, 400]);
    else expect(errorOf(notJson.answer).message).toBe("Parse error: the message is not JSON");
    expect((await transport()("ping")).result).toEqual({});
  });
});
