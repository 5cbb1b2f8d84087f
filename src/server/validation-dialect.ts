/**
 * Plain JSON Schemas are validated by ajv's draft 2020-12 class, but authors write them in three
 * dialects: 2020-12 (what zod and most tools emit), draft-07 (most examples on the web) and the
 * OpenAPI 3.0 Schema Object (copied from a description). This rewrites the few keywords whose
 * meaning differs, so each dialect validates as its author meant, before ajv compiles it:
 * boolean `exclusiveMinimum`/`exclusiveMaximum` (3.0, draft-04) become numbers, array-form `items`
 * (draft-07 tuples) becomes `prefixItems`, and `$schema` is dropped so ajv does not look for a
 * meta-schema it was not given. `nullable` is left as it is: ajv implements it.
 */
import type { JsonSchema } from "./define-tool.js";

export function toDraft2020(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toDraft2020);
  if (typeof node !== "object" || node === null) return node;
  const input = node as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(input)) {
    if (key === "$schema") continue;
    if (key === "enum" || key === "const" || key === "default" || key === "example" || key === "examples") {
      out[key] = value; // values, not schemas: copied as they are
    } else if ((key === "exclusiveMinimum" || key === "exclusiveMaximum") && typeof value === "boolean") {
      const bound = key === "exclusiveMinimum" ? "minimum" : "maximum";
      if (value && typeof input[bound] === "number") out[key] = input[bound];
    } else if ((key === "minimum" || key === "maximum") && input[key === "minimum" ? "exclusiveMinimum" : "exclusiveMaximum"] === true) {
      continue; // carried by the exclusive keyword above
    } else if (key === "items" && Array.isArray(value)) {
      out.prefixItems = value.map(toDraft2020);
      if (input.additionalItems !== undefined) out.items = toDraft2020(input.additionalItems);
    } else if (key === "additionalItems" && Array.isArray(input.items)) {
      continue;
    } else if (key === "properties" || key === "$defs" || key === "definitions" || key === "patternProperties" || key === "dependentSchemas") {
      out[key] = typeof value === "object" && value !== null ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toDraft2020(v)])) : value;
    } else {
      out[key] = toDraft2020(value);
    }
  }
  return out;
}
