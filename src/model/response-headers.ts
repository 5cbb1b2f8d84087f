/**
 * Declared headers of a response (OpenAPI 3.0 §4.7.17 Response Object `headers`, §4.7.21 Header
 * Object), as `fn().withResponse()` reads and types them: keyed in lower case (RFC 9110 §5.1: names
 * are case-insensitive; the first spelling wins), `$ref`s into `components.headers` followed, a
 * `Content-Type` entry ignored as the specification says. The value type comes from the header's
 * `schema` (or the schema of its one `content` media type, read as JSON).
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { escapePointerSegment, isObject, resolveLocal } from "./local-ref.js";
import type { HeaderValueType } from "../runtime/operation.js";

export interface ResponseHeaderModel {
  /** As written in the description (openapi-typescript's key in `paths`). */
  readonly name: string;
  /** Lower case: the key of `withResponse().headers`. */
  readonly key: string;
  readonly required: boolean;
  /** How the runtime reads the value (runtime/call-promise.ts). */
  readonly type: HeaderValueType;
}

export function readResponseHeaders(document: OpenApiDocument, node: unknown, at: string): ResponseHeaderModel[] {
  if (!isObject(node)) return [];
  const headers: ResponseHeaderModel[] = [];
  const seen = new Set<string>();
  for (const [name, entry] of Object.entries(node)) {
    const key = name.toLowerCase();
    if (key === "content-type" || seen.has(key)) continue;
    const { value, pointer } = resolveLocal(document, entry, `${at}/${escapePointerSegment(name)}`);
    if (!isObject(value)) continue;
    seen.add(key);
    headers.push({ name, key, required: value.required === true, type: headerType(document, value, pointer) });
  }
  return headers;
}

function headerType(document: OpenApiDocument, header: Record<string, unknown>, at: string): HeaderValueType {
  if (header.schema === undefined && isObject(header.content)) {
    const [mediaType] = Object.keys(header.content);
    return mediaType !== undefined && /json/i.test(mediaType) ? "json" : "string";
  }
  const schema = resolveLocal(document, header.schema, `${at}/schema`).value;
  const type = scalarType(schema);
  if (type !== "array") return type;
  const items = isObject(schema) ? resolveLocal(document, schema.items, `${at}/schema/items`).value : undefined;
  const item = scalarType(items);
  return item === "array" || item === "json" ? "string[]" : `${item}[]`;
}

function scalarType(schema: unknown): "integer" | "number" | "boolean" | "string" | "array" | "json" {
  if (!isObject(schema)) return "string";
  const declared = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (declared === "integer" || declared === "number" || declared === "boolean" || declared === "array") return declared;
  if (declared === "object") return "json";
  return "string";
}
