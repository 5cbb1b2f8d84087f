/**
 * readOnly / writeOnly. A readOnly property is not sent and a writeOnly one does not
 * arrive (OAS 3.0 §4.7.24 (Schema Object, readOnly/writeOnly)), and the generated types leave them out of request and result types
 * respectively: so nothing about a readOnly property is a request change and nothing about a
 * writeOnly one a response change. Only the flag itself changing is.
 */
import { describe, expect, test } from "vitest";
import { both, diffDocs, lines } from "./support.js";

/** One component `Pet`, the POST body and its 200 response. */
const api = (pet: unknown, extra: Record<string, unknown> = {}) => both(pet, extra, { name: "Pet", path: "/pets", operationId: "addPet" });

const pet = (properties: Record<string, unknown>, required: string[] = ["name"]) => ({
  type: "object",
  required,
  properties: { name: { type: "string" }, ...properties },
});

const found = (before: unknown, after: unknown, extraBefore = {}, extraAfter = extraBefore) =>
  lines(diffDocs(api(before, extraBefore), api(after, extraAfter)));

describe("readOnly properties are not part of requests", () => {
  test("a new required readOnly property is no new required input (only the answer gains it)", () => {
    expect(found(pet({}), pet({ id: { type: "string", readOnly: true } }, ["name", "id"]))).toEqual([
      "info response-required-property-added POST /pets | response 200 application/json id",
    ]);
  });

  test("control: the same property without readOnly is a breaking new required input", () => {
    expect(found(pet({}), pet({ id: { type: "string" } }, ["name", "id"]))).toContain(
      "breaking new-required-request-property POST /pets | body application/json id",
    );
  });

  test("a readOnly property becoming required breaks no caller; in the answer it is info", () => {
    expect(found(pet({ id: { type: "string", readOnly: true } }), pet({ id: { type: "string", readOnly: true } }, ["name", "id"]))).toEqual([
      "info response-property-became-required POST /pets | response 200 application/json id",
    ]);
  });

  test("readOnly one $ref away (the flag on the referenced schema) counts too", () => {
    const ids = { Id: { type: "string", readOnly: true } };
    expect(found(pet({}), pet({ id: { $ref: "#/components/schemas/Id" } }, ["name", "id"]), ids)).toEqual([
      "info response-required-property-added POST /pets | response 200 application/json id",
    ]);
  });

  test("a readOnly property removed, or narrowed inside, is only a response change", () => {
    const before = pet({ id: { type: "string", readOnly: true }, meta: { type: "object", readOnly: true, properties: { n: { type: "integer" } } } });
    const after = pet({ meta: { type: "object", readOnly: true, properties: { n: { type: "integer", maximum: 5 } } } });
    expect(found(before, after)).toEqual([
      "warning response-optional-property-removed POST /pets | response 200 application/json id",
      "info response-property-max-set POST /pets | response 200 application/json meta/n",
    ]);
  });

  test("a property that becomes readOnly leaves the request type: breaking in the request, info in the answer", () => {
    expect(found(pet({ id: { type: "string" } }), pet({ id: { type: "string", readOnly: true } }))).toEqual([
      "breaking request-property-became-read-only POST /pets | body application/json id",
      "info response-property-became-read-only POST /pets | response 200 application/json id",
    ]);
  });

  test("a readOnly property that stops being readOnly and becomes required is a new required input", () => {
    expect(found(pet({ id: { type: "string", readOnly: true } }), pet({ id: { type: "string" } }, ["name", "id"]))).toEqual([
      "breaking request-property-became-required POST /pets | body application/json id",
      "info request-property-became-not-read-only POST /pets | body application/json id",
      "info response-property-became-not-read-only POST /pets | response 200 application/json id",
      "info response-property-became-required POST /pets | response 200 application/json id",
    ]);
  });
});

describe("writeOnly properties are not part of responses", () => {
  test("a writeOnly property removed is only a request change", () => {
    expect(found(pet({ password: { type: "string", writeOnly: true } }, ["name", "password"]), pet({}))).toEqual([
      "breaking request-property-removed POST /pets | body application/json password",
    ]);
  });

  test("control: the same property without writeOnly is also removed from the answer", () => {
    expect(found(pet({ password: { type: "string" } }, ["name", "password"]), pet({}))).toContain(
      "breaking response-required-property-removed POST /pets | response 200 application/json password",
    );
  });

  test("a writeOnly property widened (type generalized) is info in the request and nothing in the answer", () => {
    expect(found(pet({ code: { type: "integer", writeOnly: true } }), pet({ code: { type: "number", writeOnly: true } }))).toEqual([
      "info request-property-type-generalized POST /pets | body application/json code",
    ]);
  });

  test("a required property that becomes writeOnly stops arriving: warning in the answer", () => {
    expect(found(pet({ secret: { type: "string" } }, ["name", "secret"]), pet({ secret: { type: "string", writeOnly: true } }, ["name", "secret"]))).toEqual([
      "warning response-property-became-write-only POST /pets | response 200 application/json secret",
      "info request-property-became-write-only POST /pets | body application/json secret",
    ]);
  });

  test("a writeOnly property becoming optional is no missing answer field", () => {
    expect(found(pet({ password: { type: "string", writeOnly: true } }, ["name", "password"]), pet({ password: { type: "string", writeOnly: true } }))).toEqual([
      "info request-property-became-optional POST /pets | body application/json password",
    ]);
  });
});
