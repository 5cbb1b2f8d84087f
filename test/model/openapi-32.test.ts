/**
 * OpenAPI 3.2 in the model: `query` and `additionalOperations` are operations like the others (in
 * order, sent as QUERY and as the key written), `in: querystring` is one input field that owns the
 * query string, a Media Type `$ref` into `components.mediaTypes` is followed, a Response's
 * `summary` stands in for its description, a deprecated security scheme is warned and still
 * applied; and the types document is 3.1-shaped for openapi-typescript (openapi-32-shape.ts).
 */
import { describe, expect, test } from "vitest";
import type { LoadedDescription } from "../../src/load/loaded-description.js";
import { openapiVersionOf } from "../../src/load/parse-document.js";
import { buildModel } from "../../src/model/build-model.js";
import { operationSpecOf } from "../../src/model/operation-spec.js";
import { buildToolDescriptors } from "../../src/model/tool-schema/tool-descriptors.js";
import type { ToolkitModel } from "../../src/model/toolkit-model.js";
import { typesPlace } from "../../src/model/types-document/openapi-32-shape.js";
import { typesDocumentOf } from "../../src/model/types-document/types-document.js";

type Json = Record<string, any>;

function modelOf(document: Json): ToolkitModel {
  const version = openapiVersionOf(document, "x.yaml");
  const loaded: LoadedDescription = {
    source: { kind: "file", input: "x.yaml", documentUrl: "file:///x.yaml" },
    document,
    openapiVersion: version === "2.0" ? "3.0" : version,
    sha256: "0",
    bytes: 0,
    documents: [],
    inputsSha256: "",
  };
  return buildModel(loaded);
}

const ok = { "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/Item" } } } } };
const json = (schema: unknown) => ({ "application/json": { schema } });

const DESCRIPTION: Json = {
  openapi: "3.2.0",
  info: { title: "Store", version: "v1" },
  servers: [{ url: "http://127.0.0.1:1" }],
  paths: {
    "/items/{id}": {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      additionalOperations: {
        PURGE: { responses: { "204": { summary: "purged" } } },
        COPY: { operationId: "copyItem", parameters: [{ name: "Destination", in: "header", required: true, schema: { type: "string" } }], responses: ok },
        // Not operations: 3.2 gives POST its field; not a token; fetch refuses CONNECT.
        post: { responses: ok },
        "BAD METHOD": { responses: ok },
        connect: { responses: ok },
      },
      query: {
        operationId: "queryItem",
        requestBody: { required: true, content: json({ type: "object", required: ["text"], properties: { text: { type: "string" } } }) },
        responses: { "200": { summary: "the items found", content: { "application/json": { $ref: "#/components/mediaTypes/ItemList" } } } },
      },
      get: { operationId: "getItem", security: [{ oldKey: [] }], responses: ok },
    },
    "/search": {
      get: {
        operationId: "searchForm",
        parameters: [
          {
            name: "filter",
            in: "querystring",
            required: true,
            content: {
              "application/x-www-form-urlencoded": {
                schema: { type: "object", properties: { color: { type: "string" }, sizes: { type: "array", items: { type: "integer" } } } },
              },
            },
          },
        ],
        responses: ok,
      },
    },
    "/search-json": {
      parameters: [{ $ref: "#/components/parameters/JsonQuery" }],
      get: { operationId: "searchJson", security: [{ oldKey: [] }], responses: ok },
    },
  },
  components: {
    schemas: { Item: { type: "object", properties: { id: { type: "string" } } } },
    mediaTypes: { ItemList: { schema: { type: "array", items: { $ref: "#/components/schemas/Item" } } } },
    parameters: {
      JsonQuery: {
        name: "selector",
        in: "querystring",
        content: { "application/json": { $ref: "#/components/mediaTypes/Selector" } },
      },
    },
    securitySchemes: { oldKey: { type: "apiKey", in: "header", name: "X-Old", deprecated: true } },
  },
};
DESCRIPTION.components.mediaTypes.Selector = { schema: { type: "object", properties: { numbers: { type: "array", items: { type: "integer" } } } } };

describe("operations", () => {
  const model = modelOf(DESCRIPTION);
  const byName = new Map(model.operations.map((op) => [op.functionName, op]));

  test("fixed methods first, then query, then additionalOperations in document order; each sends its own method", () => {
    expect(model.openapiVersion).toBe("3.2");
    expect(model.operations.filter((op) => op.path === "/items/{id}").map((op) => [op.method, operationSpecOf(op).method, op.pointer])).toEqual([
      ["get", "GET", "#/paths/~1items~1{id}/get"],
      ["query", "QUERY", "#/paths/~1items~1{id}/query"],
      ["PURGE", "PURGE", "#/paths/~1items~1{id}/additionalOperations/PURGE"],
      ["COPY", "COPY", "#/paths/~1items~1{id}/additionalOperations/COPY"],
    ]);
  });

  test("a method is sent exactly as the additionalOperations key spells it", () => {
    const lower = modelOf({ ...DESCRIPTION, paths: { "/x": { additionalOperations: { purge: { responses: ok } } } } });
    expect(operationSpecOf(lower.operations[0]!).method).toBe("purge");
    expect(lower.operations[0]!.functionName).toBe("purgeX");
  });

  test("names without operationId come from the method, and QUERY keeps its body", () => {
    expect(byName.get("purgeItemsById")?.method).toBe("PURGE");
    // Three fallbacks would share the reference's id `items-{id}`… only PURGE lacks an operationId here.
    expect(byName.get("purgeItemsById")?.toolName).toBe("Store/v1/items-{id}");
    const query = byName.get("queryItem")!;
    expect(query.body?.key).toBeNull();
    expect(query.body?.propertyNames).toEqual(["text"]);
    expect(operationSpecOf(query).body).toEqual({ mediaType: "application/json", encoding: "json", key: null, required: true });
  });

  test("additionalOperations entries that cannot be operations are left out with a warning naming each", () => {
    const left = model.warnings.filter((w) => w.includes("additionalOperations"));
    expect(left).toEqual([
      "#/paths/~1items~1{id}/additionalOperations/post: left out, the path item's `post` field is for POST",
      "#/paths/~1items~1{id}/additionalOperations/BAD METHOD: left out, it is not an HTTP method name (a token of RFC 9110)",
      "#/paths/~1items~1{id}/additionalOperations/connect: left out, fetch refuses to send CONNECT",
    ]);
  });

  test("a Media Type $ref into components.mediaTypes is followed; a Response's summary stands in for its description", () => {
    const query = byName.get("queryItem")!;
    expect(query.success[0]).toMatchObject({ status: "200", description: "the items found", kind: "json" });
    expect(query.success[0]!.schema).toEqual({ type: "array", items: { $ref: "#/components/schemas/Item" } });
    expect(byName.get("purgeItemsById")!.responses[0]!.description).toBe("purged");
  });

  test("a stream's Media Type from components.mediaTypes keeps its itemSchema", () => {
    const streamed = structuredClone(DESCRIPTION);
    streamed.components.mediaTypes.Lines = { itemSchema: { $ref: "#/components/schemas/Item" } };
    streamed.paths["/items/{id}"].query.responses["200"].content = { "application/jsonl": { $ref: "#/components/mediaTypes/Lines" } };
    const query = modelOf(streamed).operations.find((o) => o.functionName === "queryItem")!;
    expect(query.responseKind).toBe("stream");
    expect(query.stream).toMatchObject({ format: "json-lines", itemSchema: { $ref: "#/components/schemas/Item" } });
  });

  test("a deprecated security scheme is applied and warned once, naming the operations that use it", () => {
    expect(byName.get("getItem")!.security).toEqual([["oldKey"]]);
    expect(model.warnings.filter((w) => w.includes("deprecated"))).toEqual([
      'security scheme "oldKey" (#/components/securitySchemes/oldKey) is deprecated, and GET /items/{id}, GET /search-json use it: it is still applied; move to another scheme when the server offers one',
    ]);
  });
});

describe("querystring parameters", () => {
  const model = modelOf(DESCRIPTION);
  const op = (name: string) => model.operations.find((o) => o.functionName === name)!;

  test("one input field, typed by its content's schema: form fields or JSON text", () => {
    const form = op("searchForm");
    expect(form.parameters).toMatchObject([{ key: "filter", in: "querystring", required: true, json: false, shape: "object" }]);
    expect(operationSpecOf(form).params).toEqual([{ key: "filter", name: "filter", in: "querystring", required: true, shape: "object" }]);
    const jsonQuery = op("searchJson");
    // Through a parameter $ref and a media type $ref.
    expect(jsonQuery.parameters).toMatchObject([{ key: "selector", in: "querystring", required: false, json: true, pointer: "#/components/parameters/JsonQuery" }]);
    expect(jsonQuery.parameters[0]!.schema).toEqual({ type: "object", properties: { numbers: { type: "array", items: { type: "integer" } } } });
    expect(operationSpecOf(jsonQuery).params).toEqual([{ key: "selector", name: "selector", in: "querystring", json: true }]);
  });

  test("the model's tool parameters show the field as an object of the content's schema", () => {
    const tools = buildToolDescriptors(model).tools;
    const form = tools.find((t) => t.name === "Store/v1/searchForm")!;
    expect(form.parameters).toEqual({
      type: "object",
      properties: { filter: { type: "object", properties: { color: { type: "string" }, sizes: { type: "array", items: { type: "integer" } } } } },
      required: ["filter"],
      additionalProperties: false,
    });
    expect(tools.find((t) => t.name === "Store/v1/searchJson")!.parameters.properties.selector).toMatchObject({ type: "object" });
  });

  test("beside an in: query parameter, or twice, it is refused with the parameter's pointer", () => {
    const withQuery = structuredClone(DESCRIPTION);
    withQuery.paths["/search"].parameters = [{ name: "page", in: "query", schema: { type: "integer" } }];
    expect(() => modelOf(withQuery)).toThrow(
      '#/paths/~1search/get/parameters/0: the in: querystring parameter "filter" is the whole query string, so in: query parameters ("page", #/paths/~1search/parameters/0) cannot be beside it',
    );
    const twice = structuredClone(DESCRIPTION);
    twice.paths["/search-json"].get.parameters = [{ name: "other", in: "querystring", content: { "text/plain": { schema: { type: "string" } } } }];
    expect(() => modelOf(twice)).toThrow(
      '#/paths/~1search-json/get/parameters/0: two in: querystring parameters ("selector" and "other"), but the query string can only be one of them',
    );
  });

  test("without content it cannot be written and is left out with a warning", () => {
    const bare = structuredClone(DESCRIPTION);
    bare.paths["/search"].get.parameters = [{ name: "q", in: "querystring", schema: { type: "string" } }];
    const model = modelOf(bare);
    expect(model.operations.find((o) => o.functionName === "searchForm")!.parameters).toEqual([]);
    expect(model.warnings).toContain(
      '#/paths/~1search/get/parameters/0: the querystring parameter "q" has no content (a media type saying how the query string is written); it is left out',
    );
  });
});

describe("the types document", () => {
  test("typesPlace: fixed methods stay, the others get a path of their own under post", () => {
    expect(typesPlace("/items", "get")).toEqual({ path: "/items", method: "get" });
    expect(typesPlace("/items", "query")).toEqual({ path: "QUERY /items", method: "post" });
    expect(typesPlace("/items", "COPY")).toEqual({ path: "COPY /items", method: "post" });
    expect(typesPlace("/items", "purge")).toEqual({ path: "purge /items", method: "post" });
  });

  test("3.2 is written 3.1-shaped: operations moved beside their path, refs follow, querystring as query, media type refs inlined", () => {
    const source = structuredClone(DESCRIPTION);
    // A reference into a moved operation, and one through a path item $ref.
    source.components.schemas.Text = { $ref: "#/paths/~1items~1{id}/query/requestBody/content/application~1json/schema/properties/text" };
    source.components.pathItems = { Shared: { additionalOperations: { LOCK: { responses: ok } } } };
    source.paths["/shared"] = { $ref: "#/components/pathItems/Shared" };
    source.$self = "https://example.com/openapi.yaml";
    const before = structuredClone(source);
    const { document } = typesDocumentOf(source) as { document: Json };
    expect(source).toEqual(before);

    expect(document.openapi).toBe("3.1.1");
    expect(document.$self).toBeUndefined();
    expect(Object.keys(document.paths)).toEqual(["/items/{id}", "QUERY /items/{id}", "PURGE /items/{id}", "COPY /items/{id}", "/search", "/search-json", "/shared", "LOCK /shared"]);
    const items = document.paths["/items/{id}"];
    expect(Object.keys(items)).toEqual(["parameters", "get"]);
    expect(document.paths["COPY /items/{id}"]).toEqual({ parameters: items.parameters, post: source.paths["/items/{id}"].additionalOperations.COPY });
    expect(document.paths["QUERY /items/{id}"].post.operationId).toBe("queryItem");
    expect(document.paths["QUERY /items/{id}"].post.responses["200"].content["application/json"]).toEqual(source.components.mediaTypes.ItemList);
    expect(document.paths["LOCK /shared"]).toEqual({ post: { responses: ok } });
    expect(document.components.pathItems.Shared).toEqual({});
    // The deep ref followed its operation, then was given a name by the deep-refs step.
    expect(document.components.schemas.Text).toEqual({ $ref: "#/components/schemas/QUERY_items_id_post_application_json_text" });
    expect(document.components.schemas.QUERY_items_id_post_application_json_text).toEqual({ type: "string" });
    // querystring -> query with the content's schema (through both $refs).
    expect(document.paths["/search"].get.parameters[0]).toEqual({
      name: "filter",
      in: "query",
      required: true,
      schema: source.paths["/search"].get.parameters[0].content["application/x-www-form-urlencoded"].schema,
    });
    expect(document.components.parameters.JsonQuery).toEqual({ name: "selector", in: "query", schema: source.components.mediaTypes.Selector.schema });
  });

  test("a 3.1 description without any of it is neither copied nor changed", () => {
    const plain = { openapi: "3.1.0", info: { title: "T", version: "1" }, paths: { "/a": { get: { parameters: [{ name: "q", in: "query", schema: { type: "string" } }], responses: ok } } } };
    expect(typesDocumentOf(plain as never).document).toBe(plain);
  });
});
