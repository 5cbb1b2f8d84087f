/**
 * The request field that asks for the stream. OpenAI's description (and the OpenAI-compatible
 * servers that copy it) declares a JSON answer and an event stream on the same 200, and the
 * request body's boolean `stream` decides which one comes. `fn.stream(input)` sets that field to
 * `true` when the caller did not, so asking for the stream is one call, not two things to match.
 * Only a flat JSON body's own boolean property named `stream` counts (allOf parts included).
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { isObject, resolveLocal } from "./local-ref.js";
import type { BodyModel } from "./toolkit-model.js";

const FLAG = "stream";

export function streamRequestFlag(document: OpenApiDocument, body: BodyModel | undefined): string | undefined {
  if (!body || body.key !== null || body.encoding !== "json" || !body.propertyNames.includes(FLAG)) return undefined;
  return isBooleanProperty(document, body.schema, 0) ? FLAG : undefined;
}

function isBooleanProperty(document: OpenApiDocument, node: unknown, depth: number): boolean {
  if (depth > 8) return false;
  let value: unknown;
  try {
    value = resolveLocal(document, node, "#").value;
  } catch {
    return false;
  }
  if (!isObject(value)) return false;
  if (isObject(value.properties) && value.properties[FLAG] !== undefined) {
    const { value: flag } = resolveLocal(document, value.properties[FLAG], "#");
    const type = isObject(flag) ? flag.type : undefined;
    return type === "boolean" || (Array.isArray(type) && type.includes("boolean"));
  }
  return Array.isArray(value.allOf) && value.allOf.some((part) => isBooleanProperty(document, part, depth + 1));
}
