/**
 * The tool manager against clients that mean harm: request targets `new URL()` cannot
 * parse, a web page posting a form or text/plain (no CORS preflight) or reading answers through
 * DNS rebinding, bodies that never finish, too many connections, JSON nested past any stack, and
 * numbers JSON cannot carry, in and out, through both validators (zod and ajv).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { defineTool, jsonSchema, serveTools, type ToolServer } from "../../src/server/index.js";
import { jsonRequest, sendRaw } from "../support/raw-socket.js";

const logged: string[] = [];
let runs = 0;
let server: ToolServer;
let host: string;

type Node = { next?: Node | undefined };
const zodNode: z.ZodType<Node> = z.lazy(() => z.object({ next: zodNode.optional() }));
const tools = [
  defineTool({ name: "Touch", description: "Counts its runs.", output: z.object({ runs: z.number() }), run: () => ({ runs: ++runs }) }),
  defineTool({ name: "ZodDeep", description: "Recursive zod input.", input: z.object({ node: zodNode }), output: z.object({ ok: z.boolean() }), run: () => ({ ok: true }) }),
  defineTool({
    name: "AjvDeep",
    description: "Recursive JSON Schema input.",
    input: jsonSchema<{ node: unknown }>({ type: "object", properties: { node: { $ref: "#/$defs/node" } }, $defs: { node: { type: "object", properties: { next: { $ref: "#/$defs/node" } } } } }),
    output: { type: "object" },
    run: () => ({ ok: true }),
  }),
  defineTool({ name: "ZodNumber", description: "n in, n out.", input: z.object({ n: z.number() }), output: z.object({ n: z.number() }), run: ({ n }) => ({ n }) }),
  defineTool({
    name: "AjvNumber",
    description: "n in, n out.",
    input: jsonSchema<{ n: number }>({ type: "object", required: ["n"], properties: { n: { type: "number" } } }),
    output: { type: "object", properties: { n: { type: "number" } } },
    run: ({ n }) => ({ n }),
  }),
  defineTool({ name: "ZodInfinity", description: "Returns Infinity.", output: z.object({ n: z.number() }), run: () => ({ n: Infinity }) }),
  defineTool({ name: "AjvInfinity", description: "Returns Infinity.", output: { type: "object", properties: { n: { type: "number" } } }, run: () => ({ n: Infinity }) }),
  defineTool({ name: "UntypedNaN", description: "Returns NaN deep inside, no schema on it.", output: { type: "object" }, run: () => ({ a: [{ b: NaN }] }) }),
];

beforeAll(async () => {
  server = await serveTools(tools, {
    namespace: "H",
    version: "v1",
    limits: { bodyTimeoutMs: 400, headersTimeoutMs: 400, maxConnections: 20 },
    logger: (message, error) => logged.push(`${message}${error instanceof Error ? ` ${error.stack ?? error.message}` : ""}`),
  });
  host = new URL(server.url).host;
});
afterAll(() => server.close());

const call = (tool: string, body: string, headers: Record<string, string> = { "content-type": "application/json" }) =>
  fetch(`${server.url}/H/v1/${tool}?version=v1`, { method: "POST", headers, body });

describe("request targets", () => {
  test.each([
    ["an absolute form with a broken IPv6 host", "POST http://[::1 HTTP/1.1"],
    ["an absolute form with a port above 65535", "POST http://127.0.0.1:99999/H/v1/Touch?version=v1 HTTP/1.1"],
    ["the asterisk form", "OPTIONS * HTTP/1.1"],
    ["a scheme that is not HTTP", "GET mailto:a@b HTTP/1.1"],
  ])("%s: 400, and the server keeps serving", async (_, line) => {
    const answer = await sendRaw(server.url, [`${line}\r\nHost: ${host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`]);
    // Node's parser refuses some of these itself; the rest reach the handler, which must not throw.
    expect(answer.status).toBe(400);
    expect((await call("Touch", "{}")).status).toBe(200);
  });

  test("the absolute form of a good address is served like the path", async () => {
    const answer = await sendRaw(server.url, [jsonRequest(`${server.url}/H/v1/Touch?version=v1`, host, "{}")]);
    expect(answer.status).toBe(200);
  });

  test("%2F never acts as a separator", async () => {
    const before = runs;
    expect((await call("..%2Fv1%2FTouch", "{}")).status).toBe(404);
    const encoded = await fetch(`${server.url}/H%2Fv1%2FTouch?version=v1`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(encoded.status).toBe(404);
    expect(runs).toBe(before);
  });
});

describe("cross-site requests", () => {
  test("text/plain, a form, and a body without a type: 415, and the tool does not run", async () => {
    const before = runs;
    for (const headers of [{ "content-type": "text/plain" }, { "content-type": "application/x-www-form-urlencoded" }, { "content-type": "multipart/form-data; boundary=x" }]) {
      const answer = await call("Touch", "{}", headers);
      expect(answer.status, headers["content-type"]).toBe(415);
      expect((await answer.json()).message).toMatch(/Content-Type: application\/json/);
    }
    // A form with no fields still has a type; fetch's no-cors POST of a string is text/plain.
    expect((await call("Touch", "", { "content-type": "application/x-www-form-urlencoded" })).status).toBe(415);
    const untyped = await sendRaw(server.url, [`POST /H/v1/Touch?version=v1 HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`]);
    expect(untyped.status).toBe(415);
    expect(runs).toBe(before);
  });

  test("no body and no type is a tool without input; JSON with charset or +json is fine", async () => {
    expect((await fetch(`${server.url}/H/v1/Touch?version=v1`, { method: "POST" })).status).toBe(200);
    expect((await call("Touch", "{}", { "content-type": "application/json; charset=utf-8" })).status).toBe(200);
    expect((await call("Touch", "{}", { "content-type": "application/merge-patch+json" })).status).toBe(200);
  });

  test("a foreign Host (DNS rebinding) gets 421 and no answer from the tool", async () => {
    const before = runs;
    const answer = await sendRaw(server.url, [jsonRequest("/H/v1/Touch?version=v1", `attacker.example:${new URL(server.url).port}`, "{}")]);
    expect(answer.status).toBe(421);
    expect(answer.text).toMatch(/--allow-host/);
    expect(answer.text).not.toMatch(/"runs"/);
    const description = await sendRaw(server.url, [`GET /.well-known/openapi.yaml HTTP/1.1\r\nHost: rebind.attacker.example\r\nConnection: close\r\n\r\n`]);
    expect(description.status).toBe(421);
    expect(runs).toBe(before);
    for (const name of ["localhost", "127.0.0.1", "[::1]", "app.localhost"]) {
      expect((await sendRaw(server.url, [jsonRequest("/H/v1/Touch?version=v1", `${name}:1`, "{}")])).status, name).toBe(200);
    }
  });

  test("an Origin other than the server's own gets 403; its own origin is served", async () => {
    const before = runs;
    for (const origin of ["https://evil.example", "null", `http://127.0.0.1:${Number(new URL(server.url).port) + 1}`]) {
      expect((await call("Touch", "{}", { "content-type": "application/json", origin })).status, origin).toBe(403);
    }
    expect(runs).toBe(before);
    expect((await call("Touch", "{}", { "content-type": "application/json", origin: server.url })).status).toBe(200);
  });

  test("allowedHosts serves more names, and * serves any", async () => {
    for (const [allowedHosts, status] of [[["tools.internal"], 200], [["*"], 200], [[], 421]] as const) {
      const own = await serveTools(tools, { namespace: "H", version: "v1", allowedHosts });
      try {
        const answer = await sendRaw(own.url, [jsonRequest("/H/v1/Touch?version=v1", "tools.internal:80", "{}")]);
        expect(answer.status, JSON.stringify(allowedHosts)).toBe(status);
      } finally {
        await own.close();
      }
    }
  });
});

describe("held resources", () => {
  test("a body that never finishes: 408 after bodyTimeoutMs and the socket closes", async () => {
    const answer = await sendRaw(server.url, [`POST /H/v1/Touch?version=v1 HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"wo`], { waitMs: 5_000 });
    expect(answer.status).toBe(408);
    expect(answer.closedByServer).toBe(true);
    expect(answer.elapsedMs).toBeLessThan(4_000);
  });

  test("a body trickled a byte at a time is cut off at the deadline too", async () => {
    const bytes = Array.from({ length: 40 }, () => " ");
    const answer = await sendRaw(server.url, [`POST /H/v1/Touch?version=v1 HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 41\r\n\r\n`, ...bytes], { gapMs: 50, waitMs: 5_000 });
    expect(answer.status).toBe(408);
    expect(answer.closedByServer).toBe(true);
  });

  test("headers that never end: the socket is closed", async () => {
    const answer = await sendRaw(server.url, [`POST /H/v1/Touch?version=v1 HTTP/1.1\r\nHost: ${host}\r\nX-Slow: a`], { waitMs: 5_000 });
    expect(answer.closedByServer).toBe(true);
    expect(answer.elapsedMs).toBeLessThan(4_000);
  });

  test("connections past maxConnections are closed at once; the server serves again when they go", async () => {
    const { connect } = await import("node:net");
    const port = Number(new URL(server.url).port);
    const held = await Promise.all(
      Array.from({ length: 20 }, () => new Promise<import("node:net").Socket>((resolve) => {
        const socket = connect(port, "127.0.0.1", () => resolve(socket));
        socket.on("error", () => {});
      })),
    );
    await new Promise((r) => setTimeout(r, 100));
    const extra = await sendRaw(server.url, [jsonRequest("/H/v1/Touch?version=v1", host, "{}")], { waitMs: 2_000 });
    expect(extra.status).toBe(0);
    expect(extra.closedByServer).toBe(true);
    for (const socket of held) socket.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect((await call("Touch", "{}")).status).toBe(200);
  });
});

describe("JSON the validators cannot take", () => {
  const nested = (depth: number) => `{"node":${'{"next":'.repeat(depth)}{}${"}".repeat(depth)}}`;

  test.each(["ZodDeep", "AjvDeep"])("%s: 1,000 and 10,000 levels get 400 naming the limit, nothing in the log", async (tool) => {
    const count = logged.length;
    for (const depth of [1_000, 10_000]) {
      const answer = await call(tool, nested(depth));
      expect(answer.status).toBe(400);
      expect((await answer.json()).message).toBe("the request body nests deeper than 64 levels of arrays and objects");
    }
    expect((await call(tool, nested(40))).status).toBe(200);
    expect(logged.slice(count)).toEqual([]);
  });

  test("brackets inside strings do not count", async () => {
    expect((await call("ZodNumber", JSON.stringify({ n: 1, s: "[".repeat(500) }))).status).toBe(200);
  });

  test.each(["ZodNumber", "AjvNumber"])("%s: 1e400 and -1e400 in input get 400; large finite numbers pass", async (tool) => {
    for (const literal of ["1e400", "-1e400", "1".repeat(400)]) {
      const answer = await call(tool, `{"n": ${literal}}`);
      expect(answer.status, literal).toBe(400);
      expect((await answer.json()).message).toMatch(/too large for JSON/);
    }
    expect(await (await call(tool, '{"n": 1.7e308}')).json()).toEqual({ n: 1.7e308 });
    expect(await (await call(tool, '{"n": 1e-400}')).json()).toEqual({ n: 0 });
  });

  test.each(["ZodInfinity", "AjvInfinity", "UntypedNaN"])("%s: a non-finite number in a result is a 500 and a log line, never null", async (tool) => {
    const count = logged.length;
    const answer = await call(tool, "{}");
    expect(answer.status).toBe(500);
    expect((await answer.json()).message).toBe(`${tool} returned an invalid result; the details are in the server's log`);
    expect(logged.slice(count).join("\n")).toMatch(new RegExp(`tool ${tool} returned a result`));
  });

  test("with output validation off, a non-finite number is still refused", async () => {
    const own = await serveTools(tools, { namespace: "H", version: "v1", validateOutput: false, logger: (m) => logged.push(m) });
    try {
      const count = logged.length;
      for (const tool of ["ZodInfinity", "AjvInfinity"]) {
        const answer = await fetch(`${own.url}/H/v1/${tool}?version=v1`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
        expect(answer.status).toBe(500);
      }
      expect(logged.slice(count)).toEqual([
        "tool ZodInfinity returned a result that cannot be written as JSON: /n is Infinity, which JSON has no number for",
        "tool AjvInfinity returned a result that cannot be written as JSON: /n is Infinity, which JSON has no number for",
      ]);
    } finally {
      await own.close();
    }
  });
});
