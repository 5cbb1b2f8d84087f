/**
 * A tool schema as plain JSON Schema, whichever way it was written. zod schemas are converted by
 * zod itself (draft 2020-12), through the schema's own `toJSONSchema` method when it has one, so a
 * tool built with the application's copy of zod converts with that copy. Input schemas use
 * `io: "input"` (a `.default()` field is optional for the caller; no `additionalProperties:
 * false`, since zod strips unknown keys rather than refusing them), output schemas `io: "output"`
 * (every field the handler returns, exactly).
 */
import { z } from "zod";
import { isZodSchema, type JsonSchema, type SchemaInput } from "./define-tool.js";

export type SchemaRole = "input" | "output";

export interface SourceSchema {
  readonly schema: JsonSchema;
  /** zod adds a long regex beside every string format; the description leaves those out. */
  readonly fromZod: boolean;
}

export function toJsonSchema(schema: SchemaInput, io: SchemaRole): SourceSchema {
  if (!isZodSchema(schema)) {
    if (typeof schema !== "object" || schema === null || Array.isArray(schema)) throw new TypeError("a schema must be a zod schema or a JSON Schema object");
    return { schema, fromZod: false };
  }
  // `unrepresentable: "any"`: a z.date() or a transform's output becomes `{}` (anything) in the
  // description instead of making the whole server refuse to start; zod still validates it.
  const params = { target: "draft-2020-12", io, unrepresentable: "any", cycles: "ref", reused: "inline" } as const;
  const own = (schema as { toJSONSchema?: (p: typeof params) => unknown }).toJSONSchema;
  const converted = typeof own === "function" ? own.call(schema, params) : z.toJSONSchema(schema, params);
  return { schema: converted as JsonSchema, fromZod: true };
}
