/**
 * GET and HEAD operations that declare a request body: fetch refuses to send one (every call
 * failed as NETWORK) and HTTP gives it no meaning, so the body is left out of the function's
 * input and the tool's schema, with one warning naming the place. Other methods keep theirs.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { operationSpecOf } from "../../src/model/operation-spec.js";
import { buildToolDescriptors } from "../../src/model/tool-schema/tool-descriptors.js";
import { request } from "../../src/runtime/request.js";
import { modelOf } from "./tool-schema/support.js";

const body = {
  required: true,
  content: { "application/json": { schema: { type: "object", required: ["filter"], properties: { filter: { type: "string" } } } } },
};
const model = modelOf({
  openapi: "3.0.3",
  info: { title: "Search", version: "1" },
  paths: {
    "/search": {
      get: {
        operationId: "search",
        parameters: [{ name: "q", in: "query", schema: { type: "string" } }],
        requestBody: body,
        responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
      },
      head: { operationId: "probe", requestBody: body, responses: { "200": { description: "ok" } } },
      post: { operationId: "searchPost", requestBody: body, responses: { "200": { description: "ok" } } },
    },
  },
});
const byId = (id: string) => model.operations.find((op) => op.operationId === id)!;
const [search, probe, searchPost] = [byId("search"), byId("probe"), byId("searchPost")];

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ method: req.method, url: req.url })));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("a request body on GET or HEAD", () => {
  test("is left out of the model, with one warning per operation naming the place", () => {
    expect(search!.body).toBeUndefined();
    expect(probe!.body).toBeUndefined();
    expect(probe!.inputless).toBe(true);
    expect(search!.inputOptional).toBe(true);
    const warnings = model.warnings.filter((w) => w.includes("cannot carry a body"));
    expect(warnings).toEqual([
      expect.stringContaining("#/paths/~1search/get/requestBody"),
      expect.stringContaining("#/paths/~1search/head/requestBody"),
    ]);
  });

  test("the tool schema asks for no body field", () => {
    const { tools } = buildToolDescriptors(model);
    const tool = tools[model.operations.indexOf(search!)]!;
    expect(Object.keys(tool.parameters.properties)).toEqual(["q"]);
    expect(tool.parameters.required).toBeUndefined();
  });

  test("other methods keep their body", () => {
    expect(searchPost!.body?.key).toBeNull();
    expect(searchPost!.body?.required).toBe(true);
  });

  test("the call goes out (it used to fail as NETWORK: fetch refuses a GET body)", async () => {
    const answer = (await request({ baseUrl: base, version: "1" }, operationSpecOf(search!), { q: "x" })) as { method: string; url: string };
    expect(answer).toEqual({ method: "GET", url: "/search?q=x&version=1" });
    expect(await request({ baseUrl: base, version: "1" }, operationSpecOf(probe!), undefined)).toBeUndefined();
  });
});
