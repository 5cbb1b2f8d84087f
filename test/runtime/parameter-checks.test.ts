/**
 * Parameter values that cannot be sent as the description asks are refused with a ToolCallError
 * of code INVALID_INPUT before any network I/O (a plain TypeError used to escape for a `null`
 * path parameter, and an object where a string is declared went out as `k,v` text). The specs
 * come from a description through the model, as generated code gets them.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { operationSpecOf } from "../../src/model/operation-spec.js";
import type { OperationSpec } from "../../src/runtime/operation.js";
import { request } from "../../src/runtime/request.js";
import { ToolCallError } from "../../src/runtime/tool-call-error.js";
import { modelOf } from "../model/tool-schema/support.js";

const model = modelOf({
  openapi: "3.0.3",
  info: { title: "Shop", version: "1" },
  paths: {
    "/items/{id}": {
      get: {
        operationId: "getItem",
        parameters: [
          { name: "id", in: "path", required: true, schema: { $ref: "#/components/schemas/Id" } },
          { name: "fields", in: "query", schema: { type: "array", items: { type: "string" } } },
          { name: "filter", in: "query", style: "deepObject", schema: { type: "object", properties: { a: { type: "string" } } } },
          { name: "q", in: "query", required: true, schema: { type: "string", nullable: true } },
          { name: "X-Tenant", in: "header", required: true, schema: { type: "string" } },
          { name: "session", in: "cookie", schema: { type: "string" } },
          { name: "raw", in: "query", content: { "application/json": { schema: { type: "string" } } } },
          { name: "any", in: "query", schema: { oneOf: [{ type: "string" }, { type: "object" }] } },
        ],
        responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
      },
    },
  },
  components: { schemas: { Id: { type: "integer" } } },
});
const spec: OperationSpec = operationSpecOf(model.operations[0]!);

let server: Server;
let base: string;
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ url: req.url, tenant: req.headers["x-tenant"] ?? null }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const valid = { id: 7, q: "x", "X-Tenant": "t1" };

async function refusal(input: Record<string, unknown>): Promise<ToolCallError> {
  const before = requests;
  const error = await request({ baseUrl: base, version: "1" }, spec, input).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ToolCallError);
  expect(requests, "nothing may reach the server").toBe(before);
  const e = error as ToolCallError;
  expect(e.code).toBe("INVALID_INPUT");
  expect(e.message).toContain("Shop/1/getItem");
  return e;
}

describe("parameter values are checked before anything is sent", () => {
  test("a valid input goes through", async () => {
    const answer = (await request({ baseUrl: base, version: "1" }, spec, { ...valid, filter: { a: "b" }, fields: ["a", "b"], raw: "r", any: { k: 1 } })) as { url: string; tenant: string };
    expect(answer.url).toContain("/items/7?");
    expect(answer.tenant).toBe("t1");
  });

  test.each([
    ["null", null, /path parameter "id" is required, got null/],
    ["undefined", undefined, /path parameter "id" is required and was not given/],
    ["an object where an integer is declared (via $ref)", { n: 7 }, /path parameter "id" must be a string, number or boolean, got an object/],
    ["an array where an integer is declared", [7], /must be a string, number or boolean, got an array/],
    ["an empty string, which changes the route", "", /must not be empty/],
    ["NaN", Number.NaN, /cannot be sent: got NaN/],
  ])("path parameter: %s", async (_label, id, message) => {
    expect((await refusal({ ...valid, id })).message).toMatch(message);
  });

  test("query: a required one missing or null; a scalar where an array or object is declared", async () => {
    expect((await refusal({ id: 7, "X-Tenant": "t1" })).message).toMatch(/query parameter "q" is required/);
    // Nullable in the schema, but a required query parameter needs a value on the wire.
    expect((await refusal({ ...valid, q: null })).message).toMatch(/query parameter "q" is required, got null/);
    expect((await refusal({ ...valid, fields: "a" })).message).toMatch(/query parameter "fields" must be an array, got a string/);
    expect((await refusal({ ...valid, filter: "a" })).message).toMatch(/query parameter "filter" must be an object/);
  });

  test("header and cookie: null for a required one, or a wrong shape; left out is allowed (the app may supply it as a header)", async () => {
    expect((await refusal({ ...valid, "X-Tenant": null })).message).toMatch(/header parameter "X-Tenant" is required, got null/);
    expect((await refusal({ ...valid, "X-Tenant": { a: 1 } })).message).toMatch(/header parameter "X-Tenant" must be a string/);
    expect((await refusal({ ...valid, session: ["a"] })).message).toMatch(/cookie parameter "session" must be a string/);
    const answer = (await request({ baseUrl: base, version: "1", headers: { "x-tenant": "from-config" } }, spec, { id: 7, q: "x" })) as { tenant: string };
    expect(answer.tenant).toBe("from-config");
  });

  test("a value that is no JSON value at all is refused in any location", async () => {
    expect((await refusal({ ...valid, session: () => 1 })).message).toMatch(/cookie parameter "session" cannot be sent: got a function/);
    expect((await refusal({ ...valid, any: new Blob(["x"]) })).message).toMatch(/query parameter "any" cannot be sent: got a Blob instance/);
  });

  test("parameters declared as JSON text (content) or as a union take any shape", async () => {
    const answer = (await request({ baseUrl: base, version: "1" }, spec, { ...valid, raw: { a: [1] }, any: "s" })) as { url: string };
    expect(answer.url).toContain("raw=%7B%22a%22%3A%5B1%5D%7D");
  });

  test("the check is the same for every call path: the input of toolkit-style calls without options", async () => {
    const error = await request({ baseUrl: base, version: "1" }, spec, undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolCallError);
    expect((error as ToolCallError).code).toBe("INVALID_INPUT");
  });
});
