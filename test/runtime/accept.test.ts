/**
 * Accept: a call asks for the media types its operation's success answers declare (JSON first),
 * not always `application/json`: servers that answer PDF, audio, plain text or an event stream
 * refused the old header with 406. The answer is still decoded by the Content-Type it has. The
 * loopback server negotiates strictly, as Prism and many frameworks do.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { operationSpecOf } from "../../src/model/operation-spec.js";
import { request } from "../../src/runtime/request.js";
import { ToolCallError } from "../../src/runtime/tool-call-error.js";
import { modelOf } from "../model/tool-schema/support.js";

const answers = (...types: string[]) => ({
  "200": { description: "ok", content: Object.fromEntries(types.map((t) => [t, { schema: { type: "string" } }])) },
  "400": { description: "bad", content: { "application/problem+json": { schema: { type: "object" } } } },
});
const get = (operationId: string, responses: unknown) => ({ get: { operationId, responses } });

const model = modelOf({
  openapi: "3.0.3",
  info: { title: "Media", version: "1" },
  paths: {
    "/report": get("report", answers("application/pdf")),
    "/speech": get("speech", answers("audio/mpeg", "audio/ogg")),
    "/text": get("text", answers("text/plain; charset=utf-8")),
    "/events": get("events", answers("text/event-stream")),
    "/either": get("either", answers("application/pdf", "application/json")),
    "/json": get("json", answers("application/json")),
    "/odata": get("odata", answers("application/json;odata.metadata=minimal", "application/json;odata.metadata=full", "Application/JSON")),
    "/nothing": get("nothing", { "204": { description: "done" } }),
    "/odd": get("odd", answers("application/pdf", "bad type\r\nx-injected: 1", "a/b,c/d")),
  },
});
const specs = Object.fromEntries(model.operations.map((op) => [op.operationId!, operationSpecOf(op)]));

/** What each path answers with, in the server's order of preference. */
const OFFERS: Record<string, string[]> = {
  "/report": ["application/pdf"],
  "/speech": ["audio/ogg"],
  "/text": ["text/plain"],
  "/events": ["text/event-stream"],
  "/either": ["application/json", "application/pdf"],
  "/json": ["application/json"],
  "/nothing": [],
  "/odd": ["application/pdf"],
};
const BODIES: Record<string, string> = {
  "application/pdf": "%PDF-1.4 fake",
  "audio/ogg": "OggS fake",
  "text/plain": "plain words",
  "text/event-stream": "data: one\n\ndata: two\n\n",
  "application/json": '{"ok":true}',
};

let server: Server;
let base: string;
const accepts: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0]!;
    const accept = req.headers.accept ?? "";
    accepts.push(accept);
    const offers = OFFERS[path] ?? [];
    if (offers.length === 0) return void res.writeHead(204).end();
    const chosen = negotiate(accept, offers);
    if (!chosen) return void res.writeHead(406, { "content-type": "text/plain" }).end(`cannot produce ${offers.join(", ")} for ${accept}`);
    res.writeHead(200, { "content-type": chosen }).end(BODIES[chosen]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Strict negotiation: the offer with the highest q among the ranges that match it; q=0 or no match refuses. */
function negotiate(accept: string, offers: readonly string[]): string | undefined {
  const ranges = accept.split(",").map((part) => {
    const [range, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return { range: range!.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1 };
  });
  let best: { offer: string; q: number } | undefined;
  for (const offer of offers) {
    const [type] = offer.split("/");
    const q = Math.max(0, ...ranges.filter((r) => r.range === offer || r.range === `${type}/*` || r.range === "*/*").map((r) => r.q));
    if (q > 0 && (!best || q > best.q)) best = { offer, q };
  }
  return best?.offer;
}

const call = (id: string) => request({ baseUrl: base, version: "1" }, specs[id]!, undefined);

describe("Accept follows the declared success media types", () => {
  test("the header each operation sends: JSON first, the rest at q=0.9, JSON alone left to the default", () => {
    expect(specs.report!.accept).toBe("application/pdf");
    expect(specs.speech!.accept).toBe("audio/mpeg, audio/ogg");
    // Parameters dropped: a bare range matches every variant of the type.
    expect(specs.text!.accept).toBe("text/plain");
    expect(specs.odata!.accept).toBeUndefined();
    expect(specs.either!.accept).toBe("application/json, application/pdf;q=0.9");
    expect(specs.json!.accept).toBeUndefined();
    expect(specs.nothing!.accept).toBeUndefined();
    // Error answers' types (problem+json) are not what the call asks for.
    expect(specs.report!.accept).not.toContain("problem");
  });

  test("a declared type that cannot be written in a header is left out, never sent broken", () => {
    expect(specs.odd!.accept).toBe("application/pdf");
    expect(specs.odd!.accept).not.toMatch(/[\r\n]/);
  });

  test("binary answers come back as Blobs with their type", async () => {
    const pdf = await call("report");
    expect(pdf).toBeInstanceOf(Blob);
    expect((pdf as Blob).type).toBe("application/pdf");
    expect(await (pdf as Blob).text()).toBe("%PDF-1.4 fake");
    expect(accepts.at(-1)).toBe("application/pdf");
    expect(await (await call("speech") as Blob).text()).toBe("OggS fake");
  });

  test("text and event streams come back as text", async () => {
    expect(await call("text")).toBe("plain words");
    expect(await call("events")).toBe("data: one\n\ndata: two\n\n");
    expect(accepts.at(-1)).toBe("text/event-stream");
  });

  test("JSON where the server offers it first, decoded as JSON; no content stays undefined", async () => {
    expect(await call("either")).toEqual({ ok: true });
    expect(await call("json")).toEqual({ ok: true });
    expect(accepts.at(-1)).toBe("application/json");
    expect(await call("nothing")).toBeUndefined();
  });

  test("the answer is decoded by its actual Content-Type, whatever was asked", async () => {
    OFFERS["/either"] = ["application/pdf"];
    try {
      const answer = await call("either");
      expect(answer).toBeInstanceOf(Blob);
    } finally {
      OFFERS["/either"] = ["application/json", "application/pdf"];
    }
  });

  test("a server still refusing is an HTTP_STATUS error with its 406", async () => {
    const error = await request({ baseUrl: base, version: "1" }, { ...specs.report!, accept: "application/xml" }, undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolCallError);
    expect([(error as ToolCallError).code, (error as ToolCallError).status]).toEqual(["HTTP_STATUS", 406]);
  });
});
