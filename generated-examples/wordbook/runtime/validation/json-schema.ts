// @ts-nocheck
/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * The JSON Schema dialect of tool descriptors: a `$ref`-free subset of draft 2020-12 that the
 * model stage writes (src/model/tool-schema) and every consumer reads: the run-time validator,
 * the provider adapters and the MCP bridge. Keeping it one closed vocabulary is what lets the
 * validator stay a small interpreter and the adapters stay pure rewrites.
 *
 * Normal forms the model stage guarantees, so consumers never check alternatives:
 * - no `$ref`, `$defs`, `$schema`, `definitions`; recursion is cut (see tool-schema/convert.ts);
 * - nullability is `type: [T, "null"]` (OpenAPI 3.0 `nullable: true` and 3.1 type arrays both end
 *   here), or `anyOf: [S, { type: "null" }]` when `S` has no single type;
 * - `exclusiveMinimum` / `exclusiveMaximum` are numbers (the 3.0 boolean form is rewritten);
 * - booleans schemas are objects (`{}` accepts anything, `{ not: {} }` nothing).
 */

export type JsonSchemaType = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

export interface JsonSchema {
  readonly type?: JsonSchemaType | readonly JsonSchemaType[];
  readonly description?: string;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly default?: unknown;
  readonly deprecated?: boolean;
  readonly format?: string;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly minProperties?: number;
  readonly maxProperties?: number;
  readonly items?: JsonSchema;
  readonly prefixItems?: readonly JsonSchema[];
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly not?: JsonSchema;
}

/** The root of a tool's `parameters`: always an object schema. */
export interface JsonObjectSchema extends JsonSchema {
  readonly type: "object";
  readonly properties: Readonly<Record<string, JsonSchema>>;
}

/** The types a schema admits, as a list (`undefined`: any type). */
export function typesOf(schema: JsonSchema): readonly JsonSchemaType[] | undefined {
  const { type } = schema;
  if (type === undefined) return undefined;
  return typeof type === "string" ? [type] : type;
}

/** True when the schema explicitly admits `null`. */
export function admitsNull(schema: JsonSchema): boolean {
  const types = typesOf(schema);
  if (types?.includes("null")) return true;
  if (schema.enum?.includes(null)) return true;
  if (schema.const === null) return true;
  return (schema.anyOf ?? schema.oneOf ?? []).some(admitsNull);
}

/** Re-exported for the adapters, which write schemas keyed by property names. */
export { setOwn } from "../own-property.js";
