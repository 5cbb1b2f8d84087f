/** `parameters` (the flat input as the model sees it), `responses`, description, fixed values. */
import { describe, expect, test } from "vitest";
import { descriptorsOf } from "./support.js";

const ok = { "200": { description: "ok" } };
const json = (schema: unknown) => ({ content: { "application/json": { schema } } });

const document = {
  openapi: "3.0.3",
  info: { title: "Shop", version: "1" },
  paths: {
    "/items/{id}": {
      parameters: [{ name: "id", in: "path", required: true, description: "Item id.", schema: { type: "integer", minimum: 1 } }],
      get: {
        operationId: "getItem",
        summary: "Read an item",
        parameters: [
          { name: "fields", in: "query", schema: { type: "array", items: { type: "string", enum: ["name", "price"] } } },
          { name: "X-Trace", in: "header", schema: { type: "string" } },
          { name: "X-Tenant", in: "header", required: true, description: "Which shop.", schema: { type: "string" }, "x-toolgen-model": true },
          { name: "session", in: "cookie", schema: { type: "string" } },
          { name: "id", in: "query", description: "Shadow id.", schema: { type: "string" } },
        ],
        responses: {
          "200": { description: "The item.", ...json({ $ref: "#/components/schemas/Item" }) },
          "404": { description: "No such item.", ...json({ type: "object", properties: { error: { type: "string" } } }) },
        },
      },
      put: {
        operationId: "putItem",
        description: "Replaces an item.",
        requestBody: { required: true, ...json({ $ref: "#/components/schemas/Item" }) },
        responses: { "204": { description: "Done." } },
      },
    },
    "/items": {
      post: {
        operationId: "createItem",
        requestBody: { required: true, ...json({ $ref: "#/components/schemas/Item" }) },
        responses: { "201": { description: "Created.", ...json({ $ref: "#/components/schemas/Item" }) } },
      },
    },
    "/batch": {
      post: {
        requestBody: { required: true, description: "The items.", ...json({ type: "array", items: { $ref: "#/components/schemas/Item" } }) },
        responses: { "200": { description: "Text.", content: { "text/plain": { schema: { type: "string" } } } } },
      },
    },
    "/legacy": {
      post: { operationId: "legacy", deprecated: true, responses: ok },
    },
    "/fixed": {
      post: {
        operationId: "fixed",
        requestBody: {
          required: true,
          ...json({ type: "object", required: ["key", "q"], properties: { key: { type: "string", "x-ebagent-fixed-value": "k-1" }, q: { type: "string" } } }),
        },
        responses: { "200": { description: "ok", ...json({ type: "object", "x-ebagent-prompt": "Answer briefly.", properties: { a: { type: "string" } } }) } },
      },
    },
    "/maps": {
      post: {
        operationId: "maps",
        requestBody: { required: true, ...json({ type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "string" } }) },
        responses: ok,
      },
    },
  },
  components: {
    schemas: {
      Item: {
        type: "object",
        required: ["name"],
        properties: {
          id: { type: "integer", readOnly: true },
          name: { type: "string", description: "Display name." },
          price: { type: "number", nullable: true, exclusiveMinimum: true, minimum: 0 },
          tags: { type: "array", items: { type: "string" }, uniqueItems: true },
          active: { type: "boolean", default: true },
        },
      },
    },
  },
};

const { tools } = descriptorsOf(document);
const byId = Object.fromEntries(tools.map((t) => [t.name.split("/").pop(), t]));

describe("parameters", () => {
  test("path and query parameters by input key; headers and cookies only when opted in", () => {
    const p = byId.getItem!.parameters;
    expect(Object.keys(p.properties)).toEqual(["id", "fields", "X-Tenant", "id_query"]);
    expect(p.required).toEqual(["id", "X-Tenant"]);
    expect(p.additionalProperties).toBe(false);
    expect(p.properties.id).toEqual({ type: "integer", description: "Item id.", minimum: 1 });
    expect(p.properties.id_query!.description).toBe('Shadow id. (the query parameter "id")');
    expect(p.properties.fields).toEqual({ type: "array", items: { type: "string", enum: ["name", "price"] } });
  });

  test("a flat body's properties are the input; readOnly ones are left out", () => {
    const p = byId.createItem!.parameters;
    expect(Object.keys(p.properties)).toEqual(["name", "price", "tags", "active"]);
    expect(p.required).toEqual(["name"]);
    expect(p.properties.price).toEqual({ type: ["number", "null"], exclusiveMinimum: 0 });
    expect(p.properties.active).toEqual({ type: "boolean", default: true });
    expect(p.properties.tags).toEqual({ type: "array", items: { type: "string" }, uniqueItems: true });
  });

  test("a body colliding with a parameter goes under `body` (the model stage decides), readOnly still out", () => {
    const p = byId.putItem!.parameters;
    expect(Object.keys(p.properties)).toEqual(["id", "body"]);
    expect(Object.keys(p.properties.body!.properties!)).toEqual(["name", "price", "tags", "active"]);
  });

  test("a non-object body goes under `body`, with the request body's description", () => {
    const tool = tools.find((t) => t.path === "/batch")!;
    expect(tool.name).toBe("Shop/1/batch");
    expect(tool.parameters.required).toEqual(["body"]);
    expect(tool.parameters.properties.body!.description).toBe("The items.");
    expect(tool.parameters.properties.body!.items!.required).toEqual(["name"]);
  });

  test("an open-map body keeps the root open with its value schema", () => {
    expect(byId.maps!.parameters.additionalProperties).toEqual({ type: "string" });
  });

  test("x-ebagent-fixed-value: hidden from the model, recorded to be sent", () => {
    const tool = byId.fixed!;
    expect(Object.keys(tool.parameters.properties)).toEqual(["q"]);
    expect(tool.parameters.required).toEqual(["q"]);
    expect(tool.fixed).toEqual({ key: "k-1" });
    expect(tool.prompt).toBe("Answer briefly.");
  });

  test("no input: an empty closed object", () => {
    expect(byId.legacy!.parameters).toEqual({ type: "object", properties: {}, additionalProperties: false });
  });
});

describe("responses and description", () => {
  test("the 2xx schema only; text is a string; no body, no schema", () => {
    expect(byId.getItem!.responses).toEqual({
      type: "object",
      required: ["name"],
      properties: {
        id: { type: "integer" },
        name: { type: "string", description: "Display name." },
        price: { type: ["number", "null"], exclusiveMinimum: 0 },
        tags: { type: "array", items: { type: "string" }, uniqueItems: true },
        active: { type: "boolean", default: true },
      },
    });
    expect(tools.find((t) => t.path === "/batch")!.responses).toEqual({ type: "string" });
    expect(byId.putItem!.responses).toBeUndefined();
  });

  test("description, else summary, else a sentence from method and path; deprecated says so", () => {
    expect(byId.putItem!.description).toBe("Replaces an item.");
    expect(byId.getItem!.description).toBe("Read an item");
    expect(tools.find((t) => t.path === "/batch")!.description).toBe("Calls POST /batch.");
    expect(byId.legacy!.description).toBe("Deprecated. Calls POST /legacy.");
    expect(byId.legacy!.deprecated).toBe(true);
    expect(byId.getItem!.method).toBe("GET");
    expect(byId.getItem!.path).toBe("/items/{id}");
  });
});
