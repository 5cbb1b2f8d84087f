/**
 * The types document (src/model/types-document/): what each step rewrites, what it must leave
 * alone, and that a description needing nothing is neither copied nor changed.
 */
import { describe, expect, test } from "vitest";
import type { OpenApiDocument } from "../../src/load/loaded-description.js";
import { RECURSIVE_ARRAY } from "../../src/model/types-document/recursive-arrays.js";
import { typesDocumentOf } from "../../src/model/types-document/types-document.js";

type Json = Record<string, any>;

const doc = (schemas: Json, paths: Json = {}): OpenApiDocument =>
  ({ openapi: "3.1.0", info: { title: "T", version: "1" }, paths, components: { schemas } }) as OpenApiDocument;

describe("deep $refs", () => {
  test("each target moves to a named component, is left as a $ref, and every ref (and discriminator mapping) follows", () => {
    const source = doc({
      X: { allOf: [{ type: "object", properties: { a: { type: "string" } } }], properties: { y: { type: "array", items: { type: "integer" } } } },
      Uses: {
        type: "object",
        properties: { first: { $ref: "#/components/schemas/X/allOf/0" }, item: { $ref: "#/components/schemas/X/properties/y/items" }, y: { $ref: "#/components/schemas/X/properties/y" } },
      },
      Pick: { oneOf: [{ $ref: "#/components/schemas/X/allOf/0" }], discriminator: { propertyName: "a", mapping: { one: "#/components/schemas/X/allOf/0" } } },
    });
    const before = structuredClone(source);
    const { document } = typesDocumentOf(source);
    const schemas = (document as Json).components.schemas;
    expect(source).toEqual(before);
    expect(Object.keys(schemas)).toEqual(["X", "Uses", "Pick", "X_y_items", "X_allOf_0", "X_y"]);
    expect(schemas.X.allOf[0]).toEqual({ $ref: "#/components/schemas/X_allOf_0" });
    // The deeper target was moved first, so its ancestor carries the $ref to it.
    expect(schemas.X_y).toEqual({ type: "array", items: { $ref: "#/components/schemas/X_y_items" } });
    expect(schemas.X_y_items).toEqual({ type: "integer" });
    expect(schemas.Uses.properties).toEqual({
      first: { $ref: "#/components/schemas/X_allOf_0" },
      item: { $ref: "#/components/schemas/X_y_items" },
      y: { $ref: "#/components/schemas/X_y" },
    });
    expect(schemas.Pick.discriminator.mapping.one).toBe("#/components/schemas/X_allOf_0");
  });

  test("a parameter's and a path's schema are hoisted; a taken name gets a suffix; a $ref to a $ref is followed", () => {
    const source = {
      ...doc({
        parameters_P: { type: "boolean" },
        Wrapper: { type: "object", properties: { inner: { $ref: "#/components/schemas/Inner" } } },
        Inner: { type: "string" },
        A: { type: "object", properties: { p: { $ref: "#/components/parameters/P/schema" }, w: { $ref: "#/components/schemas/Wrapper/properties/inner" } } },
        B: { $ref: "#/paths/~1m/get/responses/200/content/application~1json/schema/properties/paging" },
      }, { "/m": { get: { responses: { "200": { description: "", content: { "application/json": { schema: { type: "object", properties: { paging: { type: "integer" } } } } } } } } } }),
    };
    (source as Json).components.parameters = { P: { name: "p", in: "query", schema: { type: "integer" } } };
    const { document } = typesDocumentOf(source as OpenApiDocument);
    const schemas = (document as Json).components.schemas;
    expect(schemas.A.properties.p).toEqual({ $ref: "#/components/schemas/parameters_P_2" });
    expect(schemas.parameters_P_2).toEqual({ type: "integer" });
    expect((document as Json).components.parameters.P.schema).toEqual({ $ref: "#/components/schemas/parameters_P_2" });
    expect(schemas.A.properties.w).toEqual({ $ref: "#/components/schemas/Inner" });
    expect(schemas.B).toEqual({ $ref: "#/components/schemas/m_get_200_application_json_paging" });
  });

  test("refs to non-schemas (an example value, a whole response) and refs inside example data are left as written", () => {
    const source = doc({
      X: { type: "object", example: { id: 1 }, properties: { id: { type: "integer" } } },
      Y: { type: "object", properties: { e: { type: "object", example: { $ref: "#/components/schemas/X/properties/id" } } }, default: { $ref: "#/components/schemas/X/example" } },
    });
    const { document, warnings } = typesDocumentOf(source);
    expect(document).toBe(source);
    expect(warnings).toEqual([]);
  });
});

describe("nullable allOf bases, bare object parts, null beside oneOf", () => {
  test("a nullable base required under allOf gets a twin without null; a bare {type: object} part goes", () => {
    const source = doc({
      Base: { type: "object", nullable: true, properties: { a: { type: "string" } } },
      Base31: { type: ["object", "null"], properties: { b: { type: "string" } } },
      Get: { allOf: [{ $ref: "#/components/schemas/Base" }, { $ref: "#/components/schemas/Base31" }, { type: "object", description: "x" }], required: ["a", "b"], nullable: true },
      Free: { allOf: [{ $ref: "#/components/schemas/Base" }] },
    });
    const { document } = typesDocumentOf(source);
    const schemas = (document as Json).components.schemas;
    expect(schemas.Get.allOf).toEqual([{ $ref: "#/components/schemas/Base_nonNull" }, { $ref: "#/components/schemas/Base31_nonNull" }]);
    expect(schemas.Base_nonNull).toEqual({ type: "object", properties: { a: { type: "string" } } });
    expect(schemas.Base31_nonNull.type).toBe("object");
    expect(schemas.Get.nullable).toBe(true);
    // Without `required` openapi-typescript adds no WithRequired: nothing to do.
    expect(schemas.Free.allOf).toEqual([{ $ref: "#/components/schemas/Base" }]);
    expect(schemas.Base.nullable).toBe(true);
  });

  test('type "null" beside a oneOf with no null branch reads as "or null", with a warning; with a null branch it stays', () => {
    const source = doc({
      V: { type: "null", oneOf: [{ type: "string" }, { type: "integer" }] },
      W: { type: "null", anyOf: [{ type: "string" }, { type: ["integer", "null"] }] },
    });
    const { document, warnings } = typesDocumentOf(source);
    const schemas = (document as Json).components.schemas;
    expect(schemas.V).toEqual({ oneOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] });
    expect(schemas.W).toEqual((source as Json).components.schemas.W);
    expect(warnings).toEqual(['1 schema has type "null" beside a oneOf/anyOf that never admits null; typed as "null or one of the branches"']);
  });
});

describe("recursion through arrays", () => {
  test("arrays on a cycle printed outside object literals are marked; recursion through properties is not", () => {
    const source = doc({
      Json: { anyOf: [{ type: "string" }, { type: "object", additionalProperties: { $ref: "#/components/schemas/Json" } }, { type: "array", items: { $ref: "#/components/schemas/Json" } }] },
      A: { oneOf: [{ type: "string" }, { type: "array", items: { type: "array", items: { $ref: "#/components/schemas/B" } } }] },
      B: { oneOf: [{ type: "integer" }, { type: "array", items: { $ref: "#/components/schemas/A" } }] },
      Tree: { type: "object", properties: { children: { type: "array", items: { $ref: "#/components/schemas/Tree" } } } },
      List: { type: "array", items: { $ref: "#/components/schemas/Tree" } },
    });
    const { document, warnings } = typesDocumentOf(source);
    const schemas = (document as Json).components.schemas;
    expect(schemas.Json.anyOf[2][RECURSIVE_ARRAY]).toBe(true);
    expect(schemas.Json.anyOf[1][RECURSIVE_ARRAY]).toBeUndefined();
    // The outer array of A's branch is the one on the way to B.
    expect(schemas.A.oneOf[1][RECURSIVE_ARRAY]).toBe(true);
    expect(schemas.A.oneOf[1].items[RECURSIVE_ARRAY]).toBeUndefined();
    expect(schemas.B.oneOf[1][RECURSIVE_ARRAY]).toBe(true);
    expect(schemas.Tree.properties.children[RECURSIVE_ARRAY]).toBeUndefined();
    expect(schemas.List[RECURSIVE_ARRAY]).toBeUndefined();
    expect(warnings).toEqual([]);
    expect((source as Json).components.schemas.Json.anyOf[2][RECURSIVE_ARRAY]).toBeUndefined();
  });

  test("a cycle through unions or intersections alone is reported, since no array can break it", () => {
    const source = doc({ P: { oneOf: [{ $ref: "#/components/schemas/Q" }, { type: "string" }] }, Q: { allOf: [{ $ref: "#/components/schemas/P" }] } });
    const { document, warnings } = typesDocumentOf(source);
    expect(document).toBe(source);
    expect(warnings).toEqual(["schemas P, Q refer to themselves through unions or intersections alone; their types may not compile"]);
  });
});
