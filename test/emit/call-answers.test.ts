/**
 * Typed error answers (`isToolCallError(e, tool, status?)`), the
 * answer around the result (`fn().withResponse()` with the declared headers typed and read),
 * `requestId` and `headers` on HTTP errors, errors recognised across copies of the runtime, and a
 * wrapper `fetch` as the hook for tracing and custom headers. A generated module, type-checked
 * under tsc --strict with an app that must and must not compile, called against a loopback server.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { generateFrom, typecheckWith } from "../support/generated-module.js";
import * as packageRuntime from "../../src/runtime/portable.js";

const json = (schema: unknown) => ({ "application/json": { schema } });

const description = {
  openapi: "3.0.3",
  info: { title: "Calls", version: "v1" },
  servers: [{ url: "http://127.0.0.1:1" }],
  paths: {
    "/things": {
      post: {
        operationId: "createThing",
        requestBody: { required: true, content: json({ type: "object", required: ["name"], properties: { name: { type: "string" } } }) },
        responses: {
          "201": {
            description: "created",
            headers: {
              "X-Rate-Limit": { required: true, schema: { type: "integer" } },
              "X-Tags": { schema: { type: "array", items: { type: "string" } } },
              "X-Beta": { schema: { type: "boolean" } },
              Remaining: { $ref: "#/components/headers/Remaining" },
            },
            content: json({ type: "object", required: ["id"], properties: { id: { type: "string" } } }),
          },
          "409": { description: "exists", content: json({ type: "object", required: ["reason"], properties: { reason: { type: "string" } } }) },
          "422": { description: "invalid", content: json({ type: "object", required: ["fields"], properties: { fields: { type: "array", items: { type: "string" } } } }) },
          "5XX": { description: "server", content: json({ type: "object", required: ["retryIn"], properties: { retryIn: { type: "integer" } } }) },
        },
      },
    },
    "/things/{id}": {
      get: {
        operationId: "getThing",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": { description: "found", content: json({ type: "object", required: ["id"], properties: { id: { type: "string" } } }) },
          default: { description: "any error", content: json({ type: "object", required: ["message"], properties: { message: { type: "string" } } }) },
        },
      },
      delete: {
        operationId: "deleteThing",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "204": { description: "deleted" },
          "4XX": { description: "a client error", content: json({ type: "object", required: ["error"], properties: { error: { type: "string" } } }) },
        },
      },
    },
    "/ping": {
      get: {
        operationId: "ping",
        parameters: [{ name: "flaky", in: "query", schema: { type: "boolean" } }],
        responses: { "200": { description: "pong", content: json({ type: "object", properties: { trace: { type: "string" } } }) } },
      },
    },
  },
  components: { headers: { Remaining: { schema: { type: "integer" } } } },
};

let server: Server;
let base: string;
let gen: any;
let out: string;
const traces: (string | undefined)[] = [];
let pingFailures = 0;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://x");
  if (url.pathname === "/things" && req.method === "POST") {
    let text = "";
    for await (const chunk of req) text += chunk;
    const { name } = JSON.parse(text) as { name: string };
    if (name === "dup") return send(res, 409, { reason: "exists" }, { "x-request-id": "req-1", "x-other": "o" });
    if (name === "bad") return send(res, 422, { fields: ["name"] }, { "request-id": "req-2" });
    if (name === "boom") return send(res, 503, { retryIn: 3 });
    if (name === "teapot") return send(res, 418, { short: "and stout" });
    return send(res, 201, { id: "t1" }, { "X-Rate-Limit": "42", "x-tags": "a, b", "x-beta": "true", remaining: "7", "x-undeclared": "u" });
  }
  if (url.pathname.startsWith("/things/")) {
    const id = decodeURIComponent(url.pathname.slice("/things/".length));
    if (req.method === "DELETE") return id === "missing" ? send(res, 404, { error: "gone" }) : send(res, 500, { error: "broken" });
    if (id === "missing") return send(res, 404, { message: "nope" }, { "cf-ray": "ray-9" });
    return send(res, 200, { id });
  }
  if (url.pathname === "/ping") {
    const trace = req.headers["x-trace"] as string | undefined;
    traces.push(trace);
    if (url.searchParams.get("flaky") !== null && pingFailures++ < 2) return send(res, 503, { message: "later" });
    return send(res, 200, { trace });
  }
  res.writeHead(404).end();
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({ out } = await generateFrom("call-answers", description));
  gen = await import(join(out, "index.ts"));
  gen.configure({ baseUrl: base });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function rejection(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("resolved");
}

describe("types", () => {
  test("the guard narrows status and body to the declared error answers; undeclared statuses, wrong fields and names do not compile; withResponse types the declared headers", async () => {
    const app = `
import { createThing, getThing, ping, isToolCallError, ToolCallError, type CreateThingHeaders, type CreateThingOutput } from "./toolgen/index.js";
export async function use(e: unknown): Promise<void> {
  if (isToolCallError(e, "createThing", 409)) {
    const status: 409 = e.status;
    const reason: string = e.body.reason;
    // @ts-expect-error a 409 body has no fields
    e.body.fields;
    void status, reason;
  }
  if (isToolCallError(e, "Calls/v1/createThing", 422)) {
    const fields: string[] = e.body.fields;
    void fields;
  }
  if (isToolCallError(e, "createThing", 503)) {
    const retryIn: number = e.body.retryIn;
    void retryIn;
  }
  if (isToolCallError(e, "createThing")) {
    const status: number = e.status;
    // @ts-expect-error the 5XX range is declared too
    const only: 409 | 422 = e.status;
    if ("reason" in e.body) void (e.body.reason satisfies string);
    void status, only;
  }
  if (isToolCallError(e, "getThing", 404)) {
    const message: string = e.body.message;
    void message;
  }
  if (isToolCallError(e, "getThing")) void (e.body.message satisfies string);
  if (isToolCallError(e, "deleteThing", 404)) void (e.body.error satisfies string);
  if (isToolCallError(e, "deleteThing")) {
    const status: number = e.status;
    // @ts-expect-error a 4XX answer's status is no 5xx
    const server: 500 = e.status;
    void status, server;
  }
  // @ts-expect-error deleteThing declares 4XX only
  isToolCallError(e, "deleteThing", 500);
  // @ts-expect-error createThing declares no 404 (nor default)
  isToolCallError(e, "createThing", 404);
  // @ts-expect-error no tool of this name
  isToolCallError(e, "createThingg");
  // @ts-expect-error ping declares no error answer
  isToolCallError(e, "ping");
  if (isToolCallError(e)) {
    const id: string | undefined = e.requestId;
    const limit: string | undefined = e.headers?.["ratelimit-remaining"];
    const any: ToolCallError = e;
    void id, limit, any;
  }

  const result: CreateThingOutput = await createThing({ name: "x" });
  const { data, headers, response } = await createThing({ name: "x" }).withResponse();
  const limit: number = headers["x-rate-limit"];
  const tags: string[] | undefined = headers["x-tags"];
  const beta: boolean | undefined = headers["x-beta"];
  const remaining: number | undefined = headers.remaining;
  // @ts-expect-error an integer header is a number
  const text: string = headers["x-rate-limit"];
  // @ts-expect-error not a declared header (response.headers has it)
  headers["x-undeclared"];
  const declared: CreateThingHeaders = headers;
  const id: string = data.id;
  const status: number = response.status;
  const pong = await ping().withResponse();
  // @ts-expect-error ping declares no headers
  pong.headers["x-trace"];
  const found = await getThing({ id: "a" }).then((t) => t.id);
  void result, limit, tags, beta, remaining, text, declared, id, status, found;
}
`;
    expect(await typecheckWith(join(out, ".."), app)).toBe("");
  });
});

describe("on the wire", () => {
  test("a declared 409: the guard with its tool (canonical or function name) and status, requestId and headers", async () => {
    const e = await rejection(gen.createThing({ name: "dup" }));
    expect(e).toMatchObject({ code: "HTTP_STATUS", status: 409, body: { reason: "exists" }, requestId: "req-1" });
    expect(e.headers["x-other"]).toBe("o");
    expect(e.headers["content-type"]).toBe("application/json");
    expect(gen.isToolCallError(e)).toBe(true);
    expect(gen.isToolCallError(e, "createThing")).toBe(true);
    expect(gen.isToolCallError(e, "createThing", 409)).toBe(true);
    expect(gen.isToolCallError(e, "Calls/v1/createThing", 409)).toBe(true);
    expect(gen.isToolCallError(e, "createThing", 422)).toBe(false);
    expect(gen.isToolCallError(e, "getThing")).toBe(false);
    expect(gen.isToolCallError(e, "nothing")).toBe(false);
  });

  test("4XX and 5XX ranges and a default answer match; an undeclared status does not", async () => {
    const boom = await rejection(gen.createThing({ name: "boom" }));
    expect(boom).toMatchObject({ status: 503, body: { retryIn: 3 } });
    expect(boom.requestId).toBeUndefined();
    expect(gen.isToolCallError(boom, "createThing", 503)).toBe(true);
    expect(gen.isToolCallError(boom, "createThing")).toBe(true);
    const bad = await rejection(gen.createThing({ name: "bad" }));
    expect(bad.requestId).toBe("req-2");
    expect(gen.isToolCallError(bad, "createThing", 422)).toBe(true);
    const teapot = await rejection(gen.createThing({ name: "teapot" }));
    expect(gen.isToolCallError(teapot)).toBe(true);
    expect(gen.isToolCallError(teapot, "createThing")).toBe(false);
    const missing = await rejection(gen.getThing({ id: "missing" }));
    expect(missing).toMatchObject({ status: 404, body: { message: "nope" }, requestId: "ray-9" });
    expect(gen.isToolCallError(missing, "getThing", 404)).toBe(true);
    expect(gen.isToolCallError(missing, "getThing")).toBe(true);
    expect(gen.isToolCallError(missing, "getThing", 500)).toBe(false);
    const gone = await rejection(gen.deleteThing({ id: "missing" }));
    expect(gen.isToolCallError(gone, "deleteThing", 404)).toBe(true);
    expect(gen.isToolCallError(gone, "deleteThing")).toBe(true);
    const broken = await rejection(gen.deleteThing({ id: "x" }));
    expect(broken.status).toBe(500);
    expect(gen.isToolCallError(broken, "deleteThing")).toBe(false);
  });

  test("withResponse: the result, the declared headers by their types in lower case, the Response; awaiting the call gives the result", async () => {
    const call = gen.createThing({ name: "x" });
    expect(call).toBeInstanceOf(Promise);
    const { data, headers, response } = await call.withResponse();
    expect(data).toEqual({ id: "t1" });
    expect(headers).toEqual({ "x-rate-limit": 42, "x-tags": ["a", "b"], "x-beta": true, remaining: 7 });
    expect(response.status).toBe(201);
    expect(response.headers.get("x-undeclared")).toBe("u");
    expect(await call).toEqual({ id: "t1" });
    expect(await gen.createThing({ name: "y" }).then((t: { id: string }) => t.id)).toBe("t1");
    expect((await gen.ping().withResponse()).headers).toEqual({});
  });

  test("withResponse rejects as the call does", async () => {
    const e = await rejection(gen.createThing({ name: "dup" }).withResponse());
    expect(gen.isToolCallError(e, "createThing", 409)).toBe(true);
  });
});

describe("across copies of the runtime", () => {
  test("an error of the generated module's inline runtime is instanceof toolgen/runtime's classes, and the other way round", async () => {
    const e = await rejection(gen.createThing({ name: "dup" }));
    expect(e).toBeInstanceOf(gen.ToolCallError);
    expect(gen.ToolCallError).not.toBe(packageRuntime.ToolCallError);
    expect(e).toBeInstanceOf(packageRuntime.ToolCallError);
    expect(packageRuntime.isToolCallError(e)).toBe(true);
    const own = new packageRuntime.ToolCallError("failed", { tool: "Calls/v1/createThing", code: "HTTP_STATUS", method: "POST", url: "/things", status: 409, body: { reason: "r" } });
    expect(own).toBeInstanceOf(gen.ToolCallError);
    expect(gen.isToolCallError(own, "createThing", 409)).toBe(true);
    const input = new packageRuntime.ToolInputError("t", "UNKNOWN_TOOL", []);
    expect(input).toBeInstanceOf(gen.ToolInputError);
    expect(gen.isToolInputError(input)).toBe(true);
    expect(new gen.ToolInputError("t", "UNKNOWN_TOOL", [])).toBeInstanceOf(packageRuntime.ToolInputError);
    expect(input).not.toBeInstanceOf(packageRuntime.ToolCallError);
    expect({ name: "ToolCallError" }).not.toBeInstanceOf(packageRuntime.ToolCallError);
    class Special extends packageRuntime.ToolCallError {}
    expect(own).not.toBeInstanceOf(Special);
    expect(new Special("x", { tool: "t", code: "NETWORK", method: "GET", url: "/" })).toBeInstanceOf(Special);
  });
});

describe("hooks: a wrapper fetch", () => {
  test("adds a header to every call and sees each attempt, retries included (docs/calls.md)", async () => {
    const attempts: { url: string; status: number }[] = [];
    const tracing: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("x-trace", "trace-1");
      const response = await fetch(input, { ...init, headers });
      attempts.push({ url: String(input), status: response.status });
      return response;
    };
    traces.length = 0;
    expect(await gen.ping(undefined, { fetch: tracing })).toEqual({ trace: "trace-1" });
    expect(traces).toEqual(["trace-1"]);
    expect(attempts).toEqual([{ url: `${base}/ping?version=v1`, status: 200 }]);
    // A GET that fails twice with 503 is retried: each attempt passes through the wrapper.
    traces.length = 0;
    attempts.length = 0;
    pingFailures = 0;
    expect(await gen.ping({ flaky: true }, { fetch: tracing, retry: { retries: 2, minDelayMs: 1 } })).toEqual({ trace: "trace-1" });
    expect(attempts.map((a) => a.status)).toEqual([503, 503, 200]);
    expect(traces).toEqual(["trace-1", "trace-1", "trace-1"]);
  });
});

describe("--emit js", () => {
  test("operations.js/.d.ts give the same guard and withResponse", async () => {
    const js = await generateFrom("call-answers-js", description, ["--emit", "js"]);
    const app = `
import { createThing, isToolCallError } from "./toolgen/index.js";
export async function use(e: unknown): Promise<void> {
  if (isToolCallError(e, "createThing", 409)) void (e.body.reason satisfies string);
  // @ts-expect-error createThing declares no 404
  isToolCallError(e, "createThing", 404);
  const { headers } = await createThing({ name: "x" }).withResponse();
  const limit: number = headers["x-rate-limit"];
  // @ts-expect-error not a declared header
  headers["x-undeclared"];
  void limit;
}
`;
    expect(await typecheckWith(join(js.out, ".."), app)).toBe("");
    const mod = await import(join(js.out, "index.js"));
    mod.configure({ baseUrl: base });
    expect((await mod.createThing({ name: "x" }).withResponse()).headers["x-rate-limit"]).toBe(42);
    const e = await rejection(mod.createThing({ name: "dup" }));
    expect(mod.isToolCallError(e, "createThing", 409)).toBe(true);
    expect(e).toBeInstanceOf(gen.ToolCallError);
  });
});

describe("model tools", () => {
  test("toolErrorText keeps the decoded body: whole when short (in the message), bounded when long", () => {
    const short = new packageRuntime.ToolCallError('answered 422: {"fields":["name"]}', { tool: "t", code: "HTTP_STATUS", method: "POST", url: "/", status: 422, body: { fields: ["name"] } });
    expect(gen.toolErrorText(short)).toBe('The tool call failed: t: POST / answered 422: {"fields":["name"]}');
    const fields = Array.from({ length: 500 }, (_, i) => `field${i}`);
    const long = new packageRuntime.ToolCallError("answered 422: …", { tool: "t", code: "HTTP_STATUS", method: "POST", url: "/", status: 422, body: { fields } });
    const text: string = gen.toolErrorText(long);
    expect(text).toContain(`\nThe answer's body: {"fields":["field0","field1",`);
    expect(text.length).toBeLessThan(2_200);
    expect(text.endsWith("…")).toBe(true);
  });
});
