/**
 * OpenAI strict mode (Structured Outputs for function calling): the model's arguments are then
 * guaranteed to match the schema, but only a subset of JSON Schema is accepted (research §1.2):
 * every object closed (`additionalProperties: false`) with every property in `required`, optional
 * fields written as nullable, `anyOf` but no `oneOf`/`allOf`/`not`, arrays with `items`, at most
 * 10 levels of nesting and 5,000 properties, and only some constraint keywords.
 *
 * `toStrictSchema` rewrites a descriptor schema into that subset or says why it cannot:
 * - optional property -> required and nullable (the `null`s a model then writes are removed again
 *   by toolkit.call before validation: dropOptionalNulls);
 * - `oneOf` -> `anyOf`;
 * - constraint keywords strict mode lacks (minLength, maxLength, uniqueItems, default, formats
 *   outside its list, …) move into the description as `{key: value}` text, the way the Anthropic
 *   SDK does it, so the model still reads them and toolkit.call still enforces them;
 * - open objects (maps, free-form `object`), schemas accepting any value, `not`, an `allOf` that
 *   could not be merged, tuples: not expressible, so the caller falls back to `strict: false`.
 */
import type { JsonSchema } from "../validation/json-schema.js";
import { setOwn } from "../validation/json-schema.js";
import { childPath } from "../validation/validate.js";

type Draft = { -readonly [K in keyof JsonSchema]: JsonSchema[K] };

const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5000;
const MAX_ENUM_VALUES = 1000;
const STRICT_FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);
/** Kept as keywords in strict mode. */
const SUPPORTED = new Set([
  "type",
  "description",
  "enum",
  "const",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "anyOf",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
]);

export type StrictResult = { readonly ok: true; readonly schema: JsonSchema } | { readonly ok: false; readonly reason: string };

export function toStrictSchema(schema: JsonSchema): StrictResult {
  const counts = { properties: 0, enumValues: 0 };
  try {
    return { ok: true, schema: strict(schema, "$", 1, counts) };
  } catch (error) {
    if (error instanceof NotStrictExpressible) return { ok: false, reason: error.message };
    throw error;
  }
}

class NotStrictExpressible extends Error {}

function strict(schema: JsonSchema, path: string, depth: number, counts: { properties: number; enumValues: number }): Draft {
  if (depth > MAX_DEPTH) throw new NotStrictExpressible(`${path}: nested deeper than ${MAX_DEPTH} levels`);
  if (schema.not !== undefined) throw new NotStrictExpressible(`${path}: uses "not"`);
  if (schema.allOf !== undefined) throw new NotStrictExpressible(`${path}: uses "allOf"`);
  if (schema.prefixItems !== undefined) throw new NotStrictExpressible(`${path}: is a tuple (prefixItems)`);

  const out: Draft = {};
  const notes: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (value === undefined) continue;
    if (key === "format" && typeof value === "string" && !STRICT_FORMATS.has(value)) notes.push(`format: ${value}`);
    else if (key === "deprecated") notes.push("deprecated");
    else if (!SUPPORTED.has(key) && key !== "oneOf") notes.push(`${key}: ${JSON.stringify(value)}`);
  }

  if (schema.type !== undefined) out.type = schema.type;
  if (schema.description !== undefined || notes.length > 0) {
    out.description = [schema.description, notes.length ? `{${notes.join(", ")}}` : undefined].filter(Boolean).join(" ");
  }
  if (schema.enum !== undefined) {
    counts.enumValues += schema.enum.length;
    if (counts.enumValues > MAX_ENUM_VALUES) throw new NotStrictExpressible(`${path}: more than ${MAX_ENUM_VALUES} enum values in all`);
    out.enum = schema.enum;
  }
  if (Object.hasOwn(schema, "const")) out.const = schema.const;
  if (schema.format !== undefined && STRICT_FORMATS.has(schema.format)) out.format = schema.format;
  for (const key of ["pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems"] as const) {
    if (schema[key] !== undefined) (out as Record<string, unknown>)[key] = schema[key];
  }

  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined) {
    out.anyOf = alternatives.map((a, i) => strict(a, `${path}.anyOf[${i}]`, depth, counts));
  }

  const types = schema.type === undefined ? [] : typeof schema.type === "string" ? [schema.type] : schema.type;
  const isObject = types.includes("object") || schema.properties !== undefined;
  const isArray = types.includes("array") || schema.items !== undefined;

  if (isObject) {
    if (schema.properties === undefined || (schema.additionalProperties !== undefined && schema.additionalProperties !== false)) {
      throw new NotStrictExpressible(`${path}: is an open object (its keys are not all declared)`);
    }
    const required = new Set(schema.required ?? []);
    const properties: Record<string, JsonSchema> = {};
    for (const [name, property] of Object.entries(schema.properties)) {
      counts.properties++;
      if (counts.properties > MAX_PROPERTIES) throw new NotStrictExpressible(`more than ${MAX_PROPERTIES} properties in all`);
      const converted = strict(property, childPath(path, name), depth + 1, counts);
      setOwn(properties, name, required.has(name) ? converted : nullable(converted));
    }
    out.properties = properties;
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  }
  if (isArray) {
    if (schema.items === undefined) throw new NotStrictExpressible(`${path}: is an array without an item schema`);
    out.items = strict(schema.items, `${path}[]`, depth + 1, counts);
  }
  if (schema.type === undefined && out.anyOf === undefined && out.enum === undefined && !Object.hasOwn(out, "const") && !isObject && !isArray) {
    throw new NotStrictExpressible(`${path}: accepts any value`);
  }
  return out;
}

/** An optional property as strict mode wants it: required, and `null` meaning "left out". */
function nullable(schema: Draft): Draft {
  if (schema.type !== undefined) {
    const types = typeof schema.type === "string" ? [schema.type] : [...schema.type];
    if (types.includes("null")) return schema;
    const out: Draft = { ...schema, type: [...types, "null"] };
    if (out.enum !== undefined && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  if (schema.anyOf !== undefined) {
    return schema.anyOf.some((a) => a.type === "null") ? schema : { ...schema, anyOf: [...schema.anyOf, { type: "null" }] };
  }
  if (schema.enum !== undefined) return schema.enum.includes(null) ? schema : { ...schema, enum: [...schema.enum, null] };
  const { description, ...rest } = schema;
  return { ...(description !== undefined ? { description } : {}), anyOf: [rest, { type: "null" }] };
}
