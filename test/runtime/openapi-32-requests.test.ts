/**
 * What the runtime puts on the wire for OpenAPI 3.2's additions, through Node's fetch (undici) to
 * a real loopback server: QUERY with a body, methods of `additionalOperations` as written (COPY,
 * PURGE, a lower-case one), and an `in: querystring` parameter as form fields, JSON text or a
 * string, with `version=` still last. Run against Node's HTTP server and against a plain TCP one
 * (which reads any method: an older Node 20's parser refuses QUERY).
 */
import { METHODS } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { OperationSpec, ParameterSpec } from "../../src/runtime/operation.js";
import { request } from "../../src/runtime/request.js";
import { ToolCallError } from "../../src/runtime/tool-call-error.js";
import { startRecorder, type Recorder } from "../support/method-recorder.js";

const METHODS_SENT = ["QUERY", "COPY", "PURGE", "purge"];

const op = (method: string, path: string, extra: Partial<OperationSpec> = {}): OperationSpec => ({
  tool: "T/v1/op",
  method,
  path,
  params: [],
  response: "json",
  ...extra,
});
const querystring = (extra: Partial<ParameterSpec> = {}): ParameterSpec => ({ key: "q", name: "q", in: "querystring", ...extra });

test("Node's HTTP parser: which of the methods sent it knows (the recorder falls back to TCP for the others)", () => {
  // Recorded, not required: QUERY is in llhttp 9.2+ (this Node's), never lower-case `purge`.
  expect(METHODS.includes("COPY") && METHODS.includes("PURGE")).toBe(true);
  expect(METHODS.includes("purge")).toBe(false);
});

describe.each([
  ["Node's HTTP server", false],
  ["a plain TCP server", true],
] as const)("against %s", (_, raw) => {
  let server: Recorder;
  beforeAll(async () => {
    // `purge` in lower case is no method Node parses: the HTTP server gets the upper-case ones only.
    server = await startRecorder(raw ? METHODS_SENT : ["QUERY", "COPY", "PURGE"], { raw });
  });
  afterAll(() => server.close());
  const call = (spec: OperationSpec, input?: object) => request({ baseUrl: server.url, version: "v1" }, spec, input);
  const last = () => server.requests.at(-1)!;

  test("QUERY carries its JSON body", async () => {
    const spec = op("QUERY", "/items", { body: { mediaType: "application/json", encoding: "json", key: null, required: true } });
    await call(spec, { text: "pen", limit: 2 });
    expect(last()).toMatchObject({ method: "QUERY", path: "/items", query: "version=v1", body: '{"text":"pen","limit":2}', contentType: "application/json" });
  });

  test("additionalOperations methods go out as written", async () => {
    await call(op("COPY", "/items/{id}", { params: [{ key: "id", name: "id", in: "path" }], response: "none" }), { id: "a b" });
    expect(last()).toMatchObject({ method: "COPY", url: "/items/a%20b?version=v1", body: "" });
    await call(op("PURGE", "/items/204", { response: "none" }));
    expect(last()).toMatchObject({ method: "PURGE", url: "/items/204?version=v1" });
    if (raw) {
      await call(op("purge", "/items/204", { response: "none" }));
      expect(last().method).toBe("purge");
    }
  });

  test("a form querystring: the object's fields are the query string, version last", async () => {
    const spec = op("GET", "/search", { params: [querystring({ required: true, shape: "object" })] });
    await call(spec, { q: { color: "dark red", sizes: [1, 2], range: { min: 3 }, skip: undefined } });
    // Nested members as form query parameters send them: repeated keys, brackets.
    expect(last().query).toBe("color=dark%20red&sizes=1&sizes=2&range[min]=3&version=v1");
    await call(spec, { q: {} });
    expect(last().query).toBe("version=v1");
  });

  test("a JSON querystring is the JSON text, percent-encoded as one piece (the specification's own example)", async () => {
    await call(op("GET", "/foo", { params: [querystring({ json: true })] }), { q: { numbers: [1, 2], flag: null } });
    expect(last().url).toBe("/foo?%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D&version=v1");
  });

  test("a string querystring (application/jsonpath, text/plain) is percent-encoded as it is", async () => {
    await call(op("GET", "/foo", { params: [querystring({ shape: "scalar" })] }), { q: "$.a.b[1:1]" });
    expect(last().url).toBe("/foo?%24.a.b%5B1%3A1%5D&version=v1");
  });

  test("a required querystring left out, or one of the wrong shape, is refused before anything is sent", async () => {
    const before = server.requests.length;
    const spec = op("GET", "/search", { params: [querystring({ required: true, shape: "object" })] });
    const missing = await call(spec, {}).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ToolCallError);
    expect((missing as ToolCallError).message).toContain('querystring parameter "q" is required and was not given');
    const wrong = await call(spec, { q: "color=red" }).catch((e: unknown) => e);
    expect((wrong as ToolCallError).message).toContain('querystring parameter "q" must be an object, got a string');
    expect(server.requests.length).toBe(before);
  });
});
