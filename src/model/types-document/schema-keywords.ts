/**
 * The keywords under which a Schema Object holds other schemas (OpenAPI 3.0 §4.7.24, and the JSON
 * Schema 2020-12 vocabulary OpenAPI 3.1 adds), by the shape of what they hold: one schema, a map
 * of named schemas, or a list of schemas.
 */
import { isObject } from "../local-ref.js";

type Json = Record<string, unknown>;

const SINGLE = new Set([
  "items",
  "additionalProperties",
  "not",
  "contains",
  "if",
  "then",
  "else",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
  "additionalItems",
  "contentSchema",
]);
const MAP = new Set(["properties", "patternProperties", "dependentSchemas", "$defs", "definitions"]);
const LIST = new Set(["allOf", "anyOf", "oneOf", "prefixItems", "items"]);

/**
 * Members whose schemas openapi-typescript prints inside an object type literal (`{ a: …;
 * [key: string]: … }`), where a reference back to the enclosing schema is resolved lazily.
 */
const INSIDE_OBJECT_LITERAL = new Set(["properties", "additionalProperties", "patternProperties"]);

/**
 * How many pointer segments from `at` on name a subschema (`properties/name` is 2, `items` is 1),
 * or 0 when `segments[at]` is not a subschema keyword of this node.
 */
export function subschemaStep(node: unknown, segments: readonly string[], at: number): number {
  const keyword = segments[at];
  if (keyword === undefined || !isObject(node)) return 0;
  const value = node[keyword];
  if (SINGLE.has(keyword) && (isObject(value) || typeof value === "boolean")) return 1;
  if (MAP.has(keyword) && isObject(value) && at + 1 < segments.length) return 2;
  if (LIST.has(keyword) && Array.isArray(value) && /^\d+$/.test(segments[at + 1] ?? "")) return 2;
  return 0;
}

export interface Subschema {
  readonly value: unknown;
  /** The pointer segments from the parent schema to this one. */
  readonly segments: readonly string[];
  /** Whether openapi-typescript prints it inside the parent's object type literal. */
  readonly insideObjectLiteral: boolean;
}

/** Every direct subschema of `schema`, in keyword order. */
export function subschemasOf(schema: unknown): Subschema[] {
  if (!isObject(schema)) return [];
  const found: Subschema[] = [];
  for (const keyword of Object.keys(schema)) {
    const value = schema[keyword];
    const insideObjectLiteral = INSIDE_OBJECT_LITERAL.has(keyword);
    if (SINGLE.has(keyword) && (isObject(value) || typeof value === "boolean")) {
      found.push({ value, segments: [keyword], insideObjectLiteral });
    } else if (MAP.has(keyword) && isObject(value)) {
      for (const [name, child] of Object.entries(value)) found.push({ value: child, segments: [keyword, name], insideObjectLiteral });
    } else if (LIST.has(keyword) && Array.isArray(value)) {
      value.forEach((child, index) => found.push({ value: child, segments: [keyword, String(index)], insideObjectLiteral }));
    }
  }
  return found;
}

/** Whether the schema's own type admits `null` (3.0 `nullable`, 3.1 `type: [..., "null"]`). */
export function admitsNullByType(schema: Json): boolean {
  return schema.nullable === true || schema.type === "null" || (Array.isArray(schema.type) && schema.type.includes("null"));
}
