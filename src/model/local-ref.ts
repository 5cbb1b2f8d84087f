/**
 * Local `$ref` resolution over the bundled document (RFC 6901 JSON Pointer; OpenAPI 3.0 §4.7.23
 * Reference Object). Load guarantees every `$ref` left is local and resolves.
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { BadInputError } from "../load/bad-input-error.js";
import { encodePointerSegment, resolvePointer } from "../load/json-pointer.js";

type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Kept under this name for the model's callers; the encoding lives with the loader's pointers. */
export const escapePointerSegment = encodePointerSegment;

export function getPointer(document: OpenApiDocument, pointer: string): unknown {
  return pointer.startsWith("#") ? resolvePointer(document, pointer.slice(1)) : undefined;
}

/**
 * Follows `$ref` chains from `node` until a non-reference object. Returns the object and the
 * pointer it was found at (the last `$ref` followed, or `at` when `node` is not a reference).
 */
export function resolveLocal(document: OpenApiDocument, node: unknown, at: string): { value: unknown; pointer: string } {
  let value = node;
  let pointer = at;
  const seen = new Set<string>();
  while (isObject(value) && typeof value.$ref === "string") {
    const ref = value.$ref;
    if (seen.has(ref)) throw new BadInputError(`$ref cycle through "${ref}"`, at);
    seen.add(ref);
    const target = getPointer(document, ref);
    if (target === undefined) throw new BadInputError(`$ref "${ref}" points nowhere`, pointer);
    value = target;
    pointer = ref;
  }
  return { value, pointer };
}
