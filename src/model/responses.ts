/**
 * Responses Object (OpenAPI 3.0 §4.7.16): every declared response in document order, and the
 * success ones (2xx, or `default` when nothing else could be a success) that make the result type.
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { BadInputError } from "../load/bad-input-error.js";
import { escapePointerSegment, isObject, resolveLocal } from "./local-ref.js";
import { pickResponseMediaType, responseKindOf } from "./media-type.js";
import type { ResponseModel, SchemaNode } from "./toolkit-model.js";
import type { ResponseKind } from "../runtime/operation.js";

export function readResponses(document: OpenApiDocument, node: unknown, at: string): ResponseModel[] {
  if (node === undefined) return [];
  if (!isObject(node)) throw new BadInputError("responses must be an object", at);
  const responses: ResponseModel[] = [];
  for (const [status, entry] of Object.entries(node)) {
    if (status.startsWith("x-")) continue;
    const { value, pointer } = resolveLocal(document, entry, `${at}/${escapePointerSegment(status)}`);
    if (!isObject(value)) throw new BadInputError(`response ${status} must be an object`, pointer);
    const content = isObject(value.content) ? value.content : undefined;
    const mediaType = content ? pickResponseMediaType(Object.keys(content)) : undefined;
    const media = content && mediaType !== undefined ? content[mediaType] : undefined;
    const schema = isObject(media) ? (media.schema as SchemaNode | undefined) : undefined;
    responses.push({
      status,
      ...(typeof value.description === "string" ? { description: value.description } : {}),
      ...(mediaType !== undefined ? { mediaType } : {}),
      mediaTypes: content ? Object.keys(content) : [],
      ...(schema !== undefined ? { schema } : {}),
      kind: responseKindOf(mediaType),
    });
  }
  return responses;
}

export function isSuccessStatus(status: string): boolean {
  return /^2(\d\d|XX)$/i.test(status);
}

export function successResponses(responses: readonly ResponseModel[]): ResponseModel[] {
  const success = responses.filter((r) => isSuccessStatus(r.status));
  if (success.length > 0) return success;
  return responses.filter((r) => r.status === "default");
}

/** JSON wins when any success answer is JSON; then text, binary; `none` when none has content. */
export function responseKindOfAll(success: readonly ResponseModel[]): ResponseKind {
  const kinds = new Set(success.map((r) => r.kind));
  for (const kind of ["json", "text", "binary"] as const) if (kinds.has(kind)) return kind;
  return "none";
}
