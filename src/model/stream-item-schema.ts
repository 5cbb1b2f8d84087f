/**
 * The schema of ONE item of a stream, as the runtime hands it over (stream-media.ts has the rules),
 * written as a plain JSON Schema with the document's local `$ref`s: the generated item types,
 * the tools' `responses` and the diff all read it.
 *
 * - JSON lines and sequences: `itemSchema`, else the `items` of an array `schema`, else `schema`;
 * - event streams with `itemSchema`: the envelope, with each JSON `data` (its own or a `oneOf`
 *   branch's) replaced by its `contentSchema`, since the runtime hands `data` over decoded;
 * - event streams without: the envelope `{ data, event?, id?, retry? }` around `schema` (or a
 *   string, when the events' data is text).
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import type { StreamFormat } from "../runtime/operation.js";
import { isObject, resolveLocal } from "./local-ref.js";
import { isJsonContent } from "./stream-media.js";

type Json = Record<string, unknown>;

/** The item schema of a sequential media type's Media Type Object (`schema`, `itemSchema`). */
export function streamItemSchema(document: OpenApiDocument, media: { readonly schema?: unknown; readonly itemSchema?: unknown }, format: StreamFormat): unknown {
  return format === "event-stream" ? eventItem(document, media) : lineItem(document, media);
}

function lineItem(document: OpenApiDocument, media: { readonly schema?: unknown; readonly itemSchema?: unknown }): unknown {
  if (media.itemSchema !== undefined) return media.itemSchema;
  if (media.schema === undefined) return {};
  const { value } = safeResolve(document, media.schema);
  if (isObject(value) && value.type === "array") return value.items ?? {};
  return media.schema;
}

function eventItem(document: OpenApiDocument, media: { readonly schema?: unknown; readonly itemSchema?: unknown }): unknown {
  if (media.itemSchema !== undefined) return decodedEnvelope(document, media.itemSchema, 0);
  const data = dataOf(document, media.schema);
  return {
    type: "object",
    required: ["data"],
    properties: { data, event: { type: "string" }, id: { type: "string" }, retry: { type: "integer", minimum: 0 } },
  };
}

/** `schema` as the decoded data: a JSON string schema's `contentSchema`, text as a string. */
function dataOf(document: OpenApiDocument, schema: unknown): unknown {
  if (schema === undefined) return { type: "string" };
  const { value } = safeResolve(document, schema);
  if (!isObject(value)) return schema;
  if (value.type === "string") return isJsonContent(value) ? (value.contentSchema ?? {}) : { type: "string" };
  return schema;
}

/**
 * The envelope (or a union of envelopes) with JSON `data` decoded. References to envelopes are
 * inlined as shallow copies so the component itself keeps saying `data` is a string; depth is
 * bounded because envelopes nest a level or two, never recursively.
 */
function decodedEnvelope(document: OpenApiDocument, node: unknown, depth: number): unknown {
  if (depth > 8) return node;
  const { value } = safeResolve(document, node);
  if (!isObject(value)) return node;
  let changed = false;
  const copy: Json = { ...value };
  if (isObject(value.properties) && value.properties.data !== undefined) {
    const { value: data } = safeResolve(document, value.properties.data);
    if (isJsonContent(data)) {
      copy.properties = { ...value.properties, data: (data as Json).contentSchema ?? {} };
      changed = true;
    }
  }
  for (const key of ["oneOf", "anyOf", "allOf"] as const) {
    const branches = value[key];
    if (!Array.isArray(branches)) continue;
    const decoded = branches.map((branch) => decodedEnvelope(document, branch, depth + 1));
    if (decoded.some((branch, i) => branch !== branches[i])) {
      copy[key] = decoded;
      changed = true;
    }
  }
  return changed ? copy : node;
}


/** Local resolution that leaves a broken reference as it is (the model reports those). */
function safeResolve(document: OpenApiDocument, node: unknown): { value: unknown } {
  try {
    return resolveLocal(document, node, "#");
  } catch {
    return { value: node };
  }
}
