/** The validator: problems with JSON paths and messages a model can act on. */
import { describe, expect, test } from "vitest";
import { checkArguments, dropOptionalNulls, parseArguments } from "../../../src/runtime/validation/arguments.js";
import type { JsonSchema } from "../../../src/runtime/validation/json-schema.js";
import { ToolInputError } from "../../../src/runtime/validation/tool-input-error.js";
import { validateValue } from "../../../src/runtime/validation/validate.js";

const item: JsonSchema = {
  type: "object",
  required: ["name", "count"],
  additionalProperties: false,
  properties: {
    name: { type: "string", minLength: 1, maxLength: 5 },
    count: { type: "integer", minimum: 1, exclusiveMaximum: 10 },
    kind: { type: "string", enum: ["a", "b"] },
    when: { type: "string", format: "date-time" },
    tags: { type: "array", items: { type: "string", pattern: "^[a-z]+$" }, maxItems: 2, uniqueItems: true },
    note: { type: ["string", "null"] },
    owner: { type: "object", required: ["id"], properties: { id: { type: "integer" } } },
    "odd key": { type: "boolean" },
  },
};

describe("validateValue", () => {
  test("a valid value has no problems", () => {
    expect(validateValue(item, { name: "pen", count: 3, kind: "a", when: "2024-01-31T09:30:00Z", tags: ["x", "y"], note: null, owner: { id: 1 } })).toEqual([]);
  });

  test("every problem with its JSON path", () => {
    const problems = validateValue(item, {
      count: "3",
      kind: "c",
      when: "2024-01-31",
      tags: ["X", "y", "y"],
      owner: {},
      "odd key": "yes",
      extra: 1,
    });
    expect(problems).toEqual([
      { path: "$.name", message: "is required but missing" },
      { path: "$.count", message: 'must be an integer, got the string "3"' },
      { path: "$.kind", message: 'must be one of "a", "b", got the string "c"' },
      { path: "$.when", message: 'must be a valid date-time (RFC 3339, e.g. 2024-01-31T09:30:00Z), got the string "2024-01-31"' },
      { path: "$.tags", message: "must have at most 2 items, got 3" },
      { path: "$.tags", message: "must not repeat items; item 2 repeats an earlier one" },
      { path: "$.tags[0]", message: 'must match the pattern ^[a-z]+$, got the string "X"' },
      { path: "$.owner.id", message: "is required but missing" },
      { path: '$["odd key"]', message: 'must be true or false, got the string "yes"' },
      { path: "$.extra", message: "is not a known argument here; the allowed ones are name, count, kind, when, tags, note, owner, odd key" },
    ]);
  });

  test("bounds and lengths", () => {
    expect(validateValue(item.properties!.count!, 10)).toEqual([{ path: "$", message: "must be less than 10, got 10" }]);
    expect(validateValue(item.properties!.count!, 0)).toEqual([{ path: "$", message: "must be at least 1, got 0" }]);
    expect(validateValue(item.properties!.name!, "")).toEqual([{ path: "$", message: "must have at least 1 characters, got 0" }]);
    // Lengths count code points.
    expect(validateValue(item.properties!.name!, "😀😀😀😀😀")).toEqual([]);
  });

  test("anyOf/oneOf: the alternative of the same type explains the problem; oneOf is read as anyOf", () => {
    const schema: JsonSchema = { oneOf: [{ type: "string" }, { type: "object", required: ["id"], properties: { id: { type: "integer" } } }] };
    expect(validateValue(schema, "x")).toEqual([]);
    expect(validateValue(schema, {})).toEqual([{ path: "$.id", message: "is required but missing" }]);
    expect(validateValue(schema, 3)).toEqual([{ path: "$", message: "must match one of 2 alternatives (a string; an object with id), got 3" }]);
    const overlapping: JsonSchema = { oneOf: [{ type: "object" }, { type: "object", properties: { a: { type: "string" } } }] };
    expect(validateValue(overlapping, { a: "x" })).toEqual([]);
  });

  test("allOf, not, const, nullable enum", () => {
    expect(validateValue({ allOf: [{ type: "string" }, { maxLength: 2 }] }, "abc")).toEqual([{ path: "$", message: "must have at most 2 characters, got 3" }]);
    expect(validateValue({ not: { type: "null" } }, null)).toEqual([{ path: "$", message: "matches a shape that is not allowed here" }]);
    expect(validateValue({ const: "v1" }, "v2")).toEqual([{ path: "$", message: 'must be "v1", got the string "v2"' }]);
    expect(validateValue({ type: ["string", "null"], enum: ["a", null] }, null)).toEqual([]);
  });

  test("formats: checked when unambiguous, others pass", () => {
    expect(validateValue({ type: "string", format: "date" }, "2024-02-30")).toHaveLength(1);
    expect(validateValue({ type: "string", format: "date" }, "2024-02-29")).toEqual([]);
    expect(validateValue({ type: "string", format: "email" }, "a@b.co")).toEqual([]);
    expect(validateValue({ type: "string", format: "uuid" }, "not-a-uuid")).toHaveLength(1);
    expect(validateValue({ type: "string", format: "x-custom" }, "anything")).toEqual([]);
    expect(validateValue({ type: "integer", format: "int32" }, 2 ** 31)).toHaveLength(1);
  });

  test("a pattern JavaScript cannot compile is skipped, not fatal", () => {
    expect(validateValue({ type: "string", pattern: "(?<!unsupported" }, "x")).toEqual([]);
  });
});

describe("arguments", () => {
  test("objects, JSON text, blank and null are accepted; other values are refused for the model", () => {
    expect(parseArguments("t", { a: 1 })).toEqual({ a: 1 });
    expect(parseArguments("t", '{"a":1}')).toEqual({ a: 1 });
    expect(parseArguments("t", "  ")).toEqual({});
    expect(parseArguments("t", "null")).toEqual({});
    expect(parseArguments("t", undefined)).toEqual({});
    expect(() => parseArguments("t", "{a:1}")).toThrow(/\$: is not valid JSON/);
    expect(() => parseArguments("t", "[1]")).toThrow(/must be an object with the arguments by name, got an array of 1 item/);
  });

  test("nulls written for optional, non-nullable fields are dropped, nested too; required ones stay", () => {
    const cleaned = dropOptionalNulls(item, { name: null, count: 1, kind: null, note: null, owner: { id: 1 }, tags: null });
    expect(cleaned).toEqual({ name: null, count: 1, note: null, owner: { id: 1 } });
    const nested: JsonSchema = { type: "object", properties: { list: { type: "array", items: { type: "object", properties: { x: { type: "string" } } } } } };
    expect(dropOptionalNulls(nested, { list: [{ x: null }, { x: "y" }] })).toEqual({ list: [{}, { x: "y" }] });
  });

  test("checkArguments throws one ToolInputError listing every problem, with a retry instruction", () => {
    let error: ToolInputError | undefined;
    try {
      checkArguments("shop__1__addItem", item, '{"name":"pen","count":0,"colour":"red"}');
    } catch (e) {
      error = e as ToolInputError;
    }
    expect(error).toBeInstanceOf(ToolInputError);
    expect(error!.code).toBe("INVALID_ARGUMENTS");
    expect(error!.tool).toBe("shop__1__addItem");
    expect(error!.message).toBe(
      [
        'Invalid arguments for tool "shop__1__addItem":',
        "- $.count: must be at least 1, got 0",
        "- $.colour: is not a known argument here; the allowed ones are name, count, kind, when, tags, note, owner, odd key",
        'Fix these and call "shop__1__addItem" again.',
      ].join("\n"),
    );
    expect(error!.problems.map((p) => p.path)).toEqual(["$.count", "$.colour"]);
  });

  test("at most 20 problems are reported", () => {
    const many: JsonSchema = { type: "object", properties: {}, additionalProperties: false };
    const args = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    expect(validateValue(many, args)).toHaveLength(20);
  });
});

describe("Object.prototype's names are data", () => {
  // JSON.parse, as a model's arguments arrive: `__proto__` is an own key there.
  const schema: JsonSchema = JSON.parse(
    '{"type":"object","required":["constructor","__proto__"],"additionalProperties":false,"properties":{"constructor":{"type":"number"},"__proto__":{"type":"string"},"toString":{"type":"string"},"valueOf":{"type":["integer","null"]}}}',
  );

  test("a required constructor or __proto__ is missing unless the value has it as its own property", () => {
    expect(validateValue(schema, {})).toEqual([
      { path: "$.constructor", message: "is required but missing" },
      { path: "$.__proto__", message: "is required but missing" },
    ]);
    expect(validateValue(schema, JSON.parse('{"constructor":1,"__proto__":"p","toString":"t","valueOf":null}'))).toEqual([]);
  });

  test("a __proto__ value is checked against its schema, and an undeclared one is refused", () => {
    expect(validateValue(schema, JSON.parse('{"constructor":1,"__proto__":5}'))).toEqual([{ path: "$.__proto__", message: "must be a string, got 5" }]);
    const open: JsonSchema = { type: "object", properties: {}, additionalProperties: false };
    expect(validateValue(open, JSON.parse('{"__proto__":{"polluted":true}}'))).toEqual([
      { path: "$.__proto__", message: "is not a known argument; this takes no arguments here" },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("checkArguments keeps __proto__ an own property through dropping optional nulls", () => {
    const args = checkArguments("t", schema, '{"constructor":1,"__proto__":"p","toString":null}');
    expect(Object.hasOwn(args, "__proto__")).toBe(true);
    expect(JSON.stringify(args)).toBe('{"constructor":1,"__proto__":"p"}');
  });

  test("a format named like an Object.prototype member is an unknown format, which passes", () => {
    for (const format of ["constructor", "toString", "valueOf", "hasOwnProperty", "isPrototypeOf", "__proto__"]) {
      expect(validateValue({ type: "string", format }, "any text"), format).toEqual([]);
    }
  });
});
