/**
 * The JSON shape a parameter's schema declares (scalar, array or object), so the runtime can
 * refuse a value of another shape before any request: an object where a string is declared would
 * otherwise be serialised as `k,v` text and sent. Only a schema that says one thing gets a shape;
 * unions, untyped and contradictory schemas get none and are not checked.
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import type { ValueShape } from "../runtime/operation.js";
import { isObject, resolveLocal } from "./local-ref.js";

const SHAPES: Readonly<Record<string, ValueShape>> = {
  string: "scalar",
  number: "scalar",
  integer: "scalar",
  boolean: "scalar",
  array: "array",
  object: "object",
};

export function valueShapeOf(document: OpenApiDocument, schema: unknown, seen = new Set<unknown>()): ValueShape | undefined {
  let value: unknown;
  try {
    value = resolveLocal(document, schema, "#").value;
  } catch {
    return undefined;
  }
  if (!isObject(value) || seen.has(value)) return undefined;
  seen.add(value);
  if (value.oneOf !== undefined || value.anyOf !== undefined || value.not !== undefined) return undefined;
  const types = (Array.isArray(value.type) ? value.type : [value.type]).filter((t) => t !== "null" && t !== undefined);
  const declared = new Set(types.map((t) => (typeof t === "string" ? SHAPES[t] : undefined)));
  // 3.0 descriptions often leave out `type` where the keywords leave no doubt.
  if (types.length === 0 && (isObject(value.properties) || isObject(value.additionalProperties))) declared.add("object");
  if (types.length === 0 && value.items !== undefined) declared.add("array");
  if (Array.isArray(value.allOf)) for (const part of value.allOf) declared.add(valueShapeOf(document, part, seen));
  declared.delete(undefined);
  return declared.size === 1 ? [...declared][0] : undefined;
}
