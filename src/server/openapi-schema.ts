/**
 * Tool schemas as OpenAPI 3.0 Schema Objects (§4.7.24), the dialect the reference client and
 * most validators read: zod through `z.toJSONSchema(..., { target: "openapi-3.0" })`, plain
 * JSON Schema through `toOpenApi30`, which rewrites what 3.0 lacks (`type: [t, "null"]` ->
 * `nullable`, `const` -> one-value `enum`, `$defs` -> `components.schemas`) and fills a
 * `description` on every property (the reference's loader expects one).
 */
import { z } from "zod";
import { isZodSchema, type JsonSchema, type SchemaInput } from "./define-tool.js";

export function toJsonSchema(schema: SchemaInput): JsonSchema {
  if (isZodSchema(schema)) return z.toJSONSchema(schema, { target: "openapi-3.0", unrepresentable: "any" }) as JsonSchema;
  return schema;
}

export interface ConvertedSchema {
  readonly schema: JsonSchema;
  /** Schemas that were under `$defs`/`definitions`, to be placed in `components.schemas`. */
  readonly definitions: Record<string, JsonSchema>;
}

/** `prefix` names hoisted definitions (`<Tool>Input_<def>`) so two tools never clash. */
export function toOpenApi30(source: JsonSchema, prefix: string): ConvertedSchema {
  const definitions: Record<string, JsonSchema> = {};
  const defs = { ...(source.$defs as Record<string, JsonSchema> | undefined), ...(source.definitions as Record<string, JsonSchema> | undefined) };
  const refName = (name: string) => `${prefix}_${name}`.replace(/[^A-Za-z0-9._-]/g, "_");
  const convert = (node: unknown, propertyName?: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => convert(n));
    if (typeof node !== "object" || node === null) return node;
    const input = node as JsonSchema;
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(input)) {
      if (key === "$schema" || key === "$id" || key === "$defs" || key === "definitions" || key === "$comment") continue;
      if (key === "$ref" && typeof value === "string") {
        const match = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(value);
        out.$ref = match ? `#/components/schemas/${refName(decodeURIComponent(match[1]!))}` : value;
      } else if (key === "properties" && typeof value === "object" && value !== null) {
        out.properties = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, convert(child, name)]));
      } else if (key === "const") {
        out.enum = [value];
      } else if (key === "examples" && Array.isArray(value)) {
        if (value.length > 0) out.example = value[0];
      } else if (key === "type" && Array.isArray(value)) {
        const types = value.filter((t) => t !== "null");
        if (types.length < value.length) out.nullable = true;
        if (types.length === 1) out.type = types[0];
        else if (types.length > 1) out.anyOf = types.map((t) => ({ type: t }));
      } else if ((key === "anyOf" || key === "oneOf") && Array.isArray(value) && value.some(isNullSchema)) {
        const rest = value.filter((v) => !isNullSchema(v));
        out.nullable = true;
        if (rest.length === 1) Object.assign(out, convert(rest[0]));
        else out[key] = rest.map((v) => convert(v));
      } else if (["items", "additionalProperties", "not"].includes(key) || key === "allOf" || key === "anyOf" || key === "oneOf") {
        out[key] = convert(value);
      } else {
        out[key] = value;
      }
    }
    if (propertyName !== undefined && out.description === undefined && out.$ref === undefined) {
      out.description = `The ${propertyName.replace(/[_-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()}.`;
    }
    return out;
  };
  for (const [name, def] of Object.entries(defs)) definitions[refName(name)] = convert(def) as JsonSchema;
  return { schema: convert(source) as JsonSchema, definitions };
}

function isNullSchema(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as JsonSchema).type === "null" && Object.keys(value).length === 1;
}
