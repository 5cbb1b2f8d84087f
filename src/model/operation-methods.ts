/**
 * Which fields of a Path Item are operations, and the HTTP method each one sends. OpenAPI 3.0 and
 * 3.1 have the eight fixed fields (`get` … `trace`); 3.2 adds `query` (the HTTP QUERY method, a
 * safe request with a body) and `additionalOperations`, a map from any other method name to an
 * Operation Object whose key "is the HTTP method with the same capitalization that is to be sent
 * in the request" (3.2, Path Item Object). Every walk over a description's operations (the model,
 * the types document's request and answer sides, its 3.2 step) takes them from here, so all of
 * them see the same operations in the same order: the fixed fields, then `query`, then
 * `additionalOperations` in document order. They are read in 3.0 and 3.1 documents too, where
 * the fields have no other meaning.
 */
import { isObject } from "./local-ref.js";
import { HTTP_METHODS, type OperationMethod } from "./toolkit-model.js";

type Json = Record<string, unknown>;

export interface PathItemOperation {
  /** As the description spells it: `get`, `query`, `COPY`. */
  readonly method: OperationMethod;
  /** Where the operation sits in its path item: `["get"]`, `["additionalOperations", "COPY"]`. */
  readonly place: readonly string[];
  readonly operation: unknown;
}

/** The fields whose operations have a method of their own; `additionalOperations` may not repeat them. */
const FIELD_METHODS: ReadonlySet<string> = new Set([...HTTP_METHODS, "query"]);

/** An HTTP method is a token (RFC 9110 §9.1, §5.6.2); fetch refuses anything else. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Methods fetch refuses to send whatever the case (Fetch standard, "forbidden method"). */
const FORBIDDEN = new Set(["CONNECT", "TRACK"]);

/**
 * The operations of a path item, present ones only (any value, checked by the caller), in order.
 * `skip` hears of each `additionalOperations` entry that cannot be an operation: a method that a
 * fixed field is for (3.2 forbids `POST` there, as `post` is its field), a name that is no HTTP
 * token, or one fetch refuses to send.
 */
export function pathItemOperations(item: Json, skip?: (method: string, reason: string) => void): PathItemOperation[] {
  const found: PathItemOperation[] = [];
  for (const method of HTTP_METHODS) if (item[method] !== undefined) found.push({ method, place: [method], operation: item[method] });
  if (item.query !== undefined) found.push({ method: "query", place: ["query"], operation: item.query });
  const more = item.additionalOperations;
  if (!isObject(more)) return found;
  for (const [method, operation] of Object.entries(more)) {
    if (method.startsWith("x-")) continue;
    const reason = unusableMethod(method);
    if (reason !== undefined) skip?.(method, reason);
    else found.push({ method, place: ["additionalOperations", method], operation });
  }
  return found;
}

function unusableMethod(method: string): string | undefined {
  if (FIELD_METHODS.has(method.toLowerCase())) return `the path item's \`${method.toLowerCase()}\` field is for ${method.toUpperCase()}`;
  if (!TOKEN.test(method)) return "it is not an HTTP method name (a token of RFC 9110)";
  if (FORBIDDEN.has(method.toUpperCase())) return `fetch refuses to send ${method.toUpperCase()}`;
  return undefined;
}

/**
 * The method sent on the wire: a fixed field's or `query`'s in upper case (`GET`, `QUERY`), an
 * `additionalOperations` key exactly as written (HTTP methods are case-sensitive).
 */
export function wireMethod(method: OperationMethod): string {
  return FIELD_METHODS.has(method) ? method.toUpperCase() : method;
}

/** Sort rank of a method: the fixed fields in OpenAPI order, then QUERY, then the others. */
export function methodRank(method: OperationMethod): number {
  const fixed = HTTP_METHODS.indexOf(method as (typeof HTTP_METHODS)[number]);
  if (fixed >= 0) return fixed;
  return method === "query" ? HTTP_METHODS.length : HTTP_METHODS.length + 1;
}

/** `item` with the operation at `place` replaced by `operation` (copies on the way, `item` unchanged). */
export function withOperationAt(item: Json, place: readonly string[], operation: unknown): Json {
  const [field, method] = place;
  if (method === undefined) return { ...item, [field!]: operation };
  return { ...item, [field!]: { ...(item[field!] as Json), [method]: operation } };
}
