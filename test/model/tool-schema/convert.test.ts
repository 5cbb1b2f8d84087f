/** Schema conversion: $ref-free, cycle-safe, one nullable form, keywords kept, budget. */
import { describe, expect, test } from "vitest";
import { convertSchema } from "../../../src/model/tool-schema/convert.js";
import type { JsonSchema } from "../../../src/runtime/validation/json-schema.js";
import { validateValue } from "../../../src/runtime/validation/validate.js";

const budget = { maxDepth: 10, maxNodes: 1000 };
const convert = (schema: unknown, document: Record<string, unknown> = {}, direction: "request" | "response" = "request"): JsonSchema =>
  convertSchema(schema, { document, direction, budget });

describe("nullable", () => {
  test("3.0 nullable: true and 3.1 type arrays end in the same form", () => {
    expect(convert({ type: "string", nullable: true })).toEqual({ type: ["string", "null"] });
    expect(convert({ type: ["string", "null"] })).toEqual({ type: ["string", "null"] });
  });

  test("a nullable enum admits null; a nullable schema without type becomes anyOf with null", () => {
    expect(convert({ type: "string", enum: ["a", "b"], nullable: true })).toEqual({ type: ["string", "null"], enum: ["a", "b", null] });
    const document = { components: { schemas: { A: { type: "object", properties: { x: { type: "integer" } } } } } };
    const schema = convert({ allOf: [{ $ref: "#/components/schemas/A" }], nullable: true, description: "maybe an A" }, document);
    expect(schema).toEqual({ type: ["object", "null"], description: "maybe an A", properties: { x: { type: "integer" } } });
    const union = convert({ oneOf: [{ type: "string" }, { type: "integer" }], nullable: true });
    expect(union).toEqual({ anyOf: [{ oneOf: [{ type: "string" }, { type: "integer" }] }, { type: "null" }] });
    expect(validateValue(union, null)).toEqual([]);
  });
});

describe("$ref", () => {
  const document = {
    components: {
      schemas: {
        Node: {
          type: "object",
          description: "A tree node.",
          required: ["name"],
          properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/components/schemas/Node" } } },
        },
        A: { type: "object", properties: { b: { $ref: "#/components/schemas/B" } } },
        B: { type: "object", properties: { a: { $ref: "#/components/schemas/A" } }, nullable: true },
        Pet: { type: "object", properties: { id: { type: "integer", readOnly: true }, name: { type: "string" }, secret: { type: "string", writeOnly: true } }, required: ["id", "name"] },
      },
    },
  };

  test("inlined, and a cycle is cut at its first repeat with a description saying so", () => {
    const schema = convert({ $ref: "#/components/schemas/Node" }, document);
    expect(JSON.stringify(schema)).not.toContain("$ref");
    expect(schema.properties!.children!.items).toEqual({
      type: "object",
      description: "A tree node. (Recursive: the same shape as the enclosing Node; not repeated here.)",
    });
    expect(validateValue(schema, { name: "a", children: [{ name: "b", children: [{ name: "c", children: [{ anything: 1 }] }] }] })).toEqual([]);
    expect(validateValue(schema, { children: [] })).toEqual([{ path: "$.name", message: "is required but missing" }]);
  });

  test("mutual recursion is cut too, keeping nullability", () => {
    const schema = convert({ $ref: "#/components/schemas/A" }, document);
    expect(schema.properties!.b!.type).toEqual(["object", "null"]);
    expect(schema.properties!.b!.properties!.a).toEqual({
      type: "object",
      description: "Recursive: the same shape as the enclosing A; not repeated here.",
    });
    const fromB = convert({ $ref: "#/components/schemas/B" }, document);
    expect(fromB.properties!.a!.properties!.b).toEqual({
      type: ["object", "null"],
      description: "Recursive: the same shape as the enclosing B; not repeated here.",
    });
  });

  test("a description beside a $ref describes that use", () => {
    expect(convert({ $ref: "#/components/schemas/Node", description: "The root." }, document).description).toBe("The root.");
  });

  test("readOnly properties leave request schemas, writeOnly ones leave response schemas", () => {
    const request = convert({ $ref: "#/components/schemas/Pet" }, document, "request");
    expect(Object.keys(request.properties!)).toEqual(["name", "secret"]);
    expect(request.required).toEqual(["name"]);
    const response = convert({ $ref: "#/components/schemas/Pet" }, document, "response");
    expect(Object.keys(response.properties!)).toEqual(["id", "name"]);
  });
});

describe("keywords", () => {
  test("kept: enum, format, default, bounds, pattern, descriptions; dropped: title, example, xml, extensions", () => {
    const schema = convert({
      type: "integer",
      title: "Count",
      description: "How many.",
      format: "int32",
      default: 10,
      minimum: 1,
      maximum: 100,
      multipleOf: 1,
      example: 5,
      xml: { name: "c" },
      "x-internal": true,
    });
    expect(schema).toEqual({ type: "integer", description: "How many.", default: 10, format: "int32", minimum: 1, maximum: 100, multipleOf: 1 });
    expect(convert({ type: "string", pattern: "^a+$", minLength: 1, maxLength: 9, enum: ["a", "aa"] })).toEqual({
      type: "string",
      enum: ["a", "aa"],
      pattern: "^a+$",
      minLength: 1,
      maxLength: 9,
    });
  });

  test("3.0 boolean exclusive bounds become 2020-12 numbers", () => {
    expect(convert({ type: "number", minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: false })).toEqual({
      type: "number",
      maximum: 1,
      exclusiveMinimum: 0,
    });
  });

  test("an allOf of objects is merged; other combinators are kept; a missing object type is added", () => {
    const document = { components: { schemas: { Base: { type: "object", required: ["id"], properties: { id: { type: "string" } } } } } };
    expect(convert({ allOf: [{ $ref: "#/components/schemas/Base" }, { properties: { extra: { type: "boolean" } } }] }, document)).toEqual({
      type: "object",
      properties: { id: { type: "string" }, extra: { type: "boolean" } },
      required: ["id"],
    });
    const union = convert({ oneOf: [{ type: "string" }, { type: "object", properties: { a: { type: "string" } } }] });
    expect(union.oneOf).toHaveLength(2);
    expect(convert({ properties: { a: { type: "string" } } }).type).toBe("object");
    const open = convert({ allOf: [{ type: "object", additionalProperties: { type: "string" } }, { type: "object", properties: { a: {} } }] });
    expect(open.allOf).toHaveLength(2);
  });

  test("a property named __proto__ stays an own property", () => {
    const schema = convert({ type: "object", properties: JSON.parse('{"__proto__": {"type": "string"}}') });
    expect(Object.hasOwn(schema.properties!, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(schema.properties)).toBe(Object.prototype);
  });
});

describe("budget", () => {
  test("past maxDepth a compound subschema is summarised as its type and description", () => {
    const deep = { type: "object", properties: { a: { type: "object", description: "Level a.", properties: { b: { type: "object", properties: { c: { type: "string" } } } } } } };
    const schema = convertSchema(deep, { document: {}, direction: "response", budget: { maxDepth: 1, maxNodes: 100 } });
    expect(schema.properties!.a).toEqual({ type: "object", description: "Level a.", properties: { b: { type: "object", description: "(details not shown)" } } });
  });

  test("past maxNodes compound subschemas are summarised; scalars beside them stay", () => {
    const wide = { type: "object", properties: Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`p${i}`, { type: "object", properties: { x: { type: "string" } } }])) };
    const schema = convertSchema(wide, { document: {}, direction: "response", budget: { maxDepth: 10, maxNodes: 3 } });
    expect(schema.properties!.p0!.properties).toBeDefined();
    expect(schema.properties!.p4).toEqual({ type: "object", description: "(details not shown)" });
  });
});
