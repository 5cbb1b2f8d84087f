/**
 * An OpenAPI 3.2 description end to end: `query` with a body, `additionalOperations` (COPY and
 * PURGE), `in: querystring` as form fields and as JSON, `$self` as the base of a relative `$ref`
 * to a second file, a Media Type from `components.mediaTypes`, `dataValue` examples, a Response
 * `summary`, a deprecated security scheme. Generated with the CLI, the output (and an app using it,
 * with a wrong querystring field that must not compile) checked under tsc --strict, then every
 * operation called over real HTTP on 127.0.0.1, the generated functions, `toolkit.call`,
 * `loadToolkit` and the MCP bridge alike, asserting what went on the wire. `--check` agrees with
 * what it wrote.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { main } from "../../src/cli/main.js";
import { loadToolkit } from "../../src/load-toolkit/load-toolkit.js";
import { serveMcpHttp } from "../../src/mcp/serve.js";
import { startRecorder, type Recorded, type Recorder } from "../support/method-recorder.js";
import { freshOutputDir } from "../support/output-dir.js";
import { typecheck } from "../support/typecheck.js";

const DESCRIPTION = `openapi: 3.2.0
# Relative: resolved against this file's URL, it is the base of the $refs below (api/schemas.yaml).
$self: ./api/openapi.yaml
info: { title: Store32, version: v1 }
servers: [{ url: "http://127.0.0.1:1" }]
tags:
  - { name: items, summary: Items, kind: nav }
  - { name: admin, parent: items }
paths:
  /items:
    parameters:
      - { name: X-Trace, in: header, schema: { type: string } }
    query:
      operationId: searchItems
      tags: [items]
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "schemas.yaml#/Search" }
            examples:
              pens: { dataValue: { text: pen, limit: 2 } }
      responses:
        "200":
          summary: What the server received
          content:
            application/json: { $ref: "#/components/mediaTypes/Echo" }
  /items/{id}:
    parameters:
      - { name: id, in: path, required: true, schema: { type: string } }
    additionalOperations:
      COPY:
        operationId: copyItem
        security: [{ oldKey: [] }]
        parameters:
          - { name: Destination, in: header, required: true, schema: { type: string } }
        responses:
          "200":
            description: copied
            content:
              application/json: { $ref: "#/components/mediaTypes/Echo" }
      PURGE:
        responses: { "204": { summary: purged } }
  /search:
    get:
      operationId: searchForm
      parameters:
        - name: filter
          in: querystring
          required: true
          content:
            application/x-www-form-urlencoded:
              schema: { $ref: "schemas.yaml#/Filter" }
              examples:
                red: { dataValue: { color: red, sizes: [1, 2] }, serializedValue: "color=red&sizes=1&sizes=2" }
      responses:
        "200":
          description: ok
          content:
            application/json: { $ref: "#/components/mediaTypes/Echo" }
  /search-json:
    get:
      operationId: searchJson
      parameters:
        - name: selector
          in: querystring
          content:
            application/json:
              schema:
                type: object
                properties:
                  numbers: { type: array, items: { type: integer } }
                  flag: { type: [boolean, "null"] }
              examples:
                two:
                  dataValue: { numbers: [1, 2], flag: null }
                  serializedValue: '{"numbers":[1,2],"flag":null}'
      responses:
        "200":
          description: ok
          content:
            application/json: { $ref: "#/components/mediaTypes/Echo" }
components:
  mediaTypes:
    Echo:
      schema: { $ref: "schemas.yaml#/Echo" }
  securitySchemes:
    oldKey: { type: apiKey, in: header, name: X-Old-Key, deprecated: true }
`;

const SCHEMAS = `Search:
  type: object
  required: [text]
  properties:
    text: { type: string }
    limit: { type: integer }
Filter:
  type: object
  properties:
    color: { type: string }
    sizes: { type: array, items: { type: integer } }
Echo:
  type: object
  required: [method, url, path, query, body]
  properties:
    method: { type: string }
    url: { type: string }
    path: { type: string }
    query: { type: string }
    body: { type: string }
    contentType: { type: string }
`;

const APP = `import { copyItem, purgeItemsById, searchForm, searchItems, searchJson, type SearchItemsOutput } from "./index.js";
const found: SearchItemsOutput = await searchItems({ text: "pen", limit: 2, "X-Trace": "t" });
const method: string = found.method;
await copyItem({ id: "a", Destination: "/b" });
await purgeItemsById({ id: "a" });
await searchForm({ filter: { color: "red", sizes: [1, 2] } });
await searchJson({ selector: { numbers: [1], flag: null } });
await searchJson();
// @ts-expect-error a querystring field of the wrong type
await searchForm({ filter: { color: 1 } });
// @ts-expect-error a querystring field the content's schema does not have
await searchForm({ filter: { colour: "red" } });
// @ts-expect-error the form querystring is an object, not a string
await searchForm({ filter: "color=red" });
// @ts-expect-error JSON querystring: numbers are integers
await searchJson({ selector: { numbers: ["1"] } });
// @ts-expect-error the QUERY body's text is required
await searchItems({ limit: 2 });
// @ts-expect-error COPY's Destination header is required
await copyItem({ id: "a" });
export { method };
`;

let server: Recorder;
let spec: string;
let dir: string;
const messages: string[] = [];
const io = { stdout: () => {}, stderr: (line: string) => void messages.push(line), exitCode: () => {} };

beforeAll(async () => {
  server = await startRecorder(["QUERY", "COPY", "PURGE", "GET"]);
  dir = freshOutputDir("emit/openapi-32");
  mkdirSync(join(dir, "api"));
  spec = join(dir, "openapi.yaml");
  writeFileSync(spec, DESCRIPTION);
  writeFileSync(join(dir, "api/schemas.yaml"), SCHEMAS);
});
afterAll(() => server.close());

const last = (): Recorded => server.requests.at(-1)!;

describe("generated TypeScript", () => {
  test("compiles under tsc --strict; a wrong querystring field does not", async () => {
    const out = join(dir, "ts");
    expect(await main([spec, "--out", out], io), messages.join("\n")).toBe(0);
    expect(messages.some((m) => m.includes('security scheme "oldKey"') && m.includes("COPY /items/{id} uses it"))).toBe(true);
    // Nothing else of 3.2 (tags, dataValue, serializedValue, $self, mediaTypes, summary) is worth a warning.
    expect(messages.filter((m) => m.includes("warning")).length).toBe(1);
    writeFileSync(join(out, "app.ts"), APP);
    expect(await typecheck(out)).toBe("");
    expect(await main([spec, "--out", out, "--check"], io)).toBe(0);
  });
});

describe("calls over real HTTP", () => {
  let gen: any;
  beforeAll(async () => {
    const out = join(dir, "js");
    expect(await main([spec, "--out", out, "--emit", "js"], io), messages.join("\n")).toBe(0);
    gen = await import(pathToFileURL(join(out, "index.js")).href);
    gen.configure({ baseUrl: server.url, auth: { oldKey: "k" } });
  });

  test("QUERY sends its JSON body; the answer is typed by the Media Type from components.mediaTypes", async () => {
    const echo = await gen.searchItems({ text: "pen", limit: 2, "X-Trace": "t" });
    expect(echo).toMatchObject({ method: "QUERY", url: "/items?version=v1", body: '{"text":"pen","limit":2}', contentType: "application/json" });
    expect(last().headers["x-trace"]).toBe("t");
  });

  test("COPY and PURGE go out as written, COPY with the deprecated scheme's key", async () => {
    expect(await gen.copyItem({ id: "a b", Destination: "/b" })).toMatchObject({ method: "COPY", url: "/items/a%20b?version=v1", body: "" });
    expect(last().headers).toMatchObject({ destination: "/b", "x-old-key": "k" });
    expect(await gen.purgeItemsById({ id: "204" })).toBeUndefined();
    expect(last()).toMatchObject({ method: "PURGE", url: "/items/204?version=v1" });
  });

  test("querystring: form fields, or the JSON text as the whole query string, version= after it", async () => {
    expect((await gen.searchForm({ filter: { color: "dark red", sizes: [1, 2] } })).query).toBe("color=dark%20red&sizes=1&sizes=2&version=v1");
    expect((await gen.searchJson({ selector: { numbers: [1, 2], flag: null } })).url).toBe(
      "/search-json?%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D&version=v1",
    );
    expect((await gen.searchJson()).url).toBe("/search-json?version=v1");
  });

  test("a model's tool call: the querystring field is an object of its content's schema, checked before sending", async () => {
    const tool = gen.toolkit.tool("Store32/v1/searchForm");
    expect(tool.method).toBe("GET");
    expect(tool.parameters.properties.filter).toMatchObject({ type: "object", properties: { color: { type: "string" } } });
    expect((await gen.toolkit.call("Store32/v1/searchForm", '{"filter":{"color":"red"}}')).query).toBe("color=red&version=v1");
    await expect(gen.toolkit.call("Store32/v1/searchForm", { filter: { color: 1 } })).rejects.toThrow(/filter/);
    expect(gen.toolkit.tool("Store32/v1/items-{id}").method).toBe("PURGE");
    expect(gen.toolkit.tool("Store32/v1/copyItem").method).toBe("COPY");
  });

  test("loadToolkit reads the same description at run time and sends the same requests", async () => {
    const toolkit = await loadToolkit(spec, { baseUrl: server.url });
    expect(toolkit.tools.map((t) => `${t.method} ${t.path}`)).toEqual(["QUERY /items", "COPY /items/{id}", "PURGE /items/{id}", "GET /search", "GET /search-json"]);
    expect(await toolkit.call("Store32/v1/searchItems", { text: "x" })).toMatchObject({ method: "QUERY", body: '{"text":"x"}' });
    expect(await toolkit.call("Store32/v1/searchJson", { selector: { flag: true } })).toMatchObject({ url: "/search-json?%7B%22flag%22%3Atrue%7D&version=v1" });
  });

  test("the MCP bridge lists QUERY as read-only and calls it", async () => {
    const http = await serveMcpHttp(await loadToolkit(spec, { baseUrl: server.url }), { port: 0 });
    const client = new Client({ name: "toolgen-test", version: "1.0.0" });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
      const { tools } = await client.listTools();
      const search = tools.find((t) => t.title === "Store32/v1/searchItems")!;
      expect(search.annotations).toMatchObject({ readOnlyHint: true });
      expect(tools.find((t) => t.title === "Store32/v1/copyItem")!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
      const result = await client.callTool({ name: search.name, arguments: { text: "mcp" } });
      expect(result.structuredContent).toMatchObject({ method: "QUERY", body: '{"text":"mcp"}' });
    } finally {
      await client.close();
      await http.close();
    }
  });
});
