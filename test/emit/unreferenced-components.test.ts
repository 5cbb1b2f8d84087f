import { expect, test } from "vitest";
import { withoutUnreferencedComponents } from "../../src/emit/unreferenced-components.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function document(extra: Record<string, unknown> = {}, schemas: Record<string, unknown> = {}) {
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/pets": {
        get: { responses: { "200": { description: "ok", content: { "application/json": { schema: ref("Pet") } } } } },
      },
    },
    ...extra,
    components: {
      schemas: { Pet: { type: "object", properties: { owner: ref("Owner") } }, Owner: { type: "string" }, ...schemas },
    },
  };
}

const schemaNames = (doc: Record<string, unknown>) => Object.keys((doc.components as { schemas: object }).schemas);

test("a description whose components are all referred to is returned as it is", () => {
  const doc = document();
  expect(withoutUnreferencedComponents(doc)).toBe(doc);
});

test("a schema only an x- extension, an example or nothing refers to is left out; the original is not changed", () => {
  const doc = document(
    { "x-webhooks": { push: { post: { requestBody: { content: { "application/json": { schema: ref("PushEvent") } } } } } } },
    { PushEvent: { type: "object" }, Orphan: { type: "string" }, Sample: { type: "string" } },
  );
  const pets = doc.paths["/pets"].get.responses["200"].content["application/json"] as Record<string, unknown>;
  pets.example = { $ref: "#/components/schemas/Sample" };
  const pruned = withoutUnreferencedComponents(doc);
  expect(schemaNames(pruned)).toEqual(["Pet", "Owner"]);
  expect(schemaNames(doc)).toEqual(["Pet", "Owner", "PushEvent", "Orphan", "Sample"]);
});

test("OpenAPI 3.1 webhooks, discriminator mappings (by reference and by bare name) and pointers into a schema keep their targets", () => {
  const doc = document(
    { webhooks: { ping: { post: { requestBody: { content: { "application/json": { schema: ref("Ping") } } } } } } },
    {
      Ping: { type: "object", properties: { pet: { $ref: "#/components/schemas/Animal/properties/kind" } } },
      Animal: {
        type: "object",
        properties: { kind: { type: "string" } },
        discriminator: { propertyName: "kind", mapping: { cat: "#/components/schemas/Cat", dog: "Dog" } },
      },
      Cat: { type: "object" },
      Dog: { type: "object" },
      Unused: { type: "object" },
    },
  );
  expect(schemaNames(withoutUnreferencedComponents(doc))).toEqual(["Pet", "Owner", "Ping", "Animal", "Cat", "Dog"]);
});

test("responses, parameters and headers are pruned too; a section that is not typed by reference is kept whole", () => {
  const doc = {
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    paths: {
      "/a": {
        parameters: [{ $ref: "#/components/parameters/Used" }],
        get: { responses: { "404": { $ref: "#/components/responses/NotFound" } } },
      },
    },
    components: {
      parameters: { Used: { name: "q", in: "query", schema: ref("Query") }, Unused: { name: "u", in: "query" } },
      responses: {
        NotFound: { description: "no", headers: { "X-Trace": { $ref: "#/components/headers/Trace" } } },
        Gone: { description: "gone" },
      },
      headers: { Trace: { schema: { type: "string" } }, Other: { schema: { type: "string" } } },
      securitySchemes: { key: { type: "apiKey", name: "k", in: "header" } },
      callbacks: { hook: { "{$request.body#/url}": { post: { requestBody: { content: { "application/json": { schema: ref("Event") } } } } } } },
      schemas: { Query: { type: "string" }, Event: { type: "object" }, Unused: { type: "object" } },
    },
  };
  const components = withoutUnreferencedComponents(doc).components as Record<string, object>;
  expect(Object.keys(components)).toEqual(["parameters", "responses", "headers", "securitySchemes", "callbacks", "schemas"]);
  expect(Object.keys(components.parameters!)).toEqual(["Used"]);
  expect(Object.keys(components.responses!)).toEqual(["NotFound"]);
  expect(Object.keys(components.headers!)).toEqual(["Trace"]);
  expect(Object.keys(components.schemas!)).toEqual(["Query", "Event"]);
  expect(components.securitySchemes).toBe(doc.components.securitySchemes);
});

test("a cycle between schemas no operation refers to keeps neither", () => {
  const doc = document({}, { A: { properties: { b: ref("B") } }, B: { properties: { a: ref("A") } } });
  expect(schemaNames(withoutUnreferencedComponents(doc))).toEqual(["Pet", "Owner"]);
});
