import { describe, expect, test } from "vitest";
import { buildModel } from "../../src/model/build-model.js";
import { BadInputError } from "../../src/load/bad-input-error.js";
import type { LoadedDescription } from "../../src/load/loaded-description.js";

function load(document: Record<string, unknown>, baseUrl?: string): LoadedDescription {
  return {
    source: baseUrl
      ? { kind: "url", input: baseUrl, documentUrl: `${baseUrl}/.well-known/openapi.yaml`, baseUrl }
      : { kind: "file", input: "x.yaml", documentUrl: "file:///x.yaml" },
    document,
    openapiVersion: "3.0",
    sha256: "0",
    bytes: 0,
    documents: [],
    inputsSha256: "",
  };
}

const ok = { "200": { description: "ok" } };

describe("names", () => {
  test("collisions after normalisation resolve in document order; tool names keep raw ids", () => {
    const model = buildModel(
      load({
        openapi: "3.0.3",
        info: { title: "T", version: "1" },
        paths: {
          "/a": { get: { operationId: "get_user", responses: ok }, post: { operationId: "getUser", responses: ok } },
          "/b": { get: { operationId: "GetUser", responses: ok }, put: { operationId: "toolkit", responses: ok } },
          "/c": { delete: { operationId: "delete", responses: ok } },
        },
      }),
    );
    expect(model.operations.map((o) => o.functionName)).toEqual(["getUser", "getUser2", "getUser3", "toolkit2", "delete_"]);
    expect(model.operations.map((o) => o.toolName)).toEqual(["T/1/get_user", "T/1/getUser", "T/1/GetUser", "T/1/toolkit", "T/1/delete"]);
    expect(new Set(model.operations.map((o) => o.typeName)).size).toBe(5);
  });

  test("operations without operationId get the reference's fallback, made unique per method", () => {
    const model = buildModel(
      load({
        openapi: "3.0.3",
        info: { title: "T", version: "v1" },
        paths: {
          "/users/{id}/posts/": { get: { responses: ok }, post: { responses: ok } },
          "/reports": { get: { responses: ok } },
          "/": { get: { responses: ok } },
        },
      }),
    );
    expect(model.operations.map((o) => o.toolName)).toEqual([
      "T/v1/users-{id}-posts-get",
      "T/v1/users-{id}-posts-post",
      "T/v1/reports",
      "T/v1/get",
    ]);
    expect(model.operations.map((o) => o.functionName)).toEqual(["getUsersByIdPosts", "postUsersByIdPosts", "getReports", "get"]);
  });

  test("duplicate operationIds keep every tool addressable and warn", () => {
    const model = buildModel(
      load({
        openapi: "3.0.3",
        info: { title: "T", version: "1" },
        paths: { "/a": { get: { operationId: "x", responses: ok } }, "/b": { get: { operationId: "x", responses: ok } } },
      }),
    );
    expect(model.operations.map((o) => o.toolName)).toEqual(["T/1/x", "T/1/x_2"]);
    expect(model.warnings.join("\n")).toMatch(/operationId "x" is used more than once/);
  });
});

describe("input shape", () => {
  const doc = {
    openapi: "3.0.3",
    info: { title: "T", version: "1" },
    paths: {
      "/items/{id}": {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        put: {
          operationId: "put",
          parameters: [
            { name: "id", in: "query", schema: { type: "string" } },
            { name: "Accept", in: "header", schema: { type: "string" } },
          ],
          requestBody: {
            required: true,
            content: { "application/json": { schema: { type: "object", required: ["name"], properties: { name: { type: "string" } } } } },
          },
          responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
        },
        post: {
          operationId: "post",
          requestBody: {
            content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } },
          },
          responses: { "204": { description: "none" } },
        },
        patch: {
          operationId: "patch",
          requestBody: { required: true, content: { "application/json": { schema: { type: "array", items: {} } } } },
          responses: ok,
        },
      },
    },
  };

  test("parameters by name, a colliding name gets its location; Accept headers are ignored", () => {
    const put = buildModel(load(doc)).operations[0]!;
    expect(put.parameters.map((p) => [p.key, p.in])).toEqual([
      ["id", "path"],
      ["id_query", "query"],
    ]);
    expect(put.body?.key).toBeNull();
    expect(put.inputOptional).toBe(false);
  });

  test("a body property that collides with a parameter moves the body under `body`", () => {
    const post = buildModel(load(doc)).operations[1]!;
    expect(post.body?.key).toBe("body");
    expect(post.responseKind).toBe("none");
  });

  test("a non-object body goes under `body`", () => {
    const patch = buildModel(load(doc)).operations[2]!;
    expect(patch.body?.key).toBe("body");
  });
});

describe("base address and errors", () => {
  test("a server source wins over servers[]; a file uses servers[0] with variable defaults", () => {
    const document = {
      openapi: "3.0.3",
      info: { title: "T", version: "1" },
      servers: [{ url: "https://{region}.example.com/v2/", variables: { region: { default: "eu" } } }],
      paths: {},
    };
    expect(buildModel(load(document)).serverUrl).toBe("https://eu.example.com/v2");
    expect(buildModel(load(document, "http://127.0.0.1:9")).serverUrl).toBe("http://127.0.0.1:9");
  });

  test("an info.title that is not a string names the pointer (an empty one is accepted: info-fields.test.ts)", () => {
    expect(() => buildModel(load({ openapi: "3.0.3", info: { title: { en: "T" }, version: "1" }, paths: {} }))).toThrow(BadInputError);
    expect(() => buildModel(load({ openapi: "3.0.3", info: { title: { en: "T" }, version: "1" }, paths: {} }))).toThrow(
      /^#\/info\/title: info\.title must be a string, not an object$/,
    );
  });
});
