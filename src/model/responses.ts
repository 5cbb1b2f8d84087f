/**
 * Responses Object (OpenAPI 3.0 §4.7.16): every declared response in document order, and the
 * success ones (2xx, or `default` when nothing else could be a success) that make the result type.
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { BadInputError } from "../load/bad-input-error.js";
import { escapePointerSegment, isObject, resolveLocal } from "./local-ref.js";
import { pickResponseMediaType, responseKindOf } from "./media-type.js";
import { isStreamMediaType, readStream } from "./stream-media.js";
import { readResponseHeaders } from "./response-headers.js";
import type { ResponseModel, SchemaNode, StreamModel } from "./toolkit-model.js";
import type { ResponseHeaderModel } from "./response-headers.js";
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
    const stream = content ? readStream(document, content, `${pointer}/content`) : undefined;
    // A stream beside another media type (OpenAI's JSON or event stream) leaves the other one the answer.
    const others = content ? Object.keys(content).filter((m) => !isStreamMediaType(m)) : [];
    const mediaType = others.length > 0 ? pickResponseMediaType(others) : stream?.mediaType;
    // 3.2: a Media Type Object may be a $ref (into components.mediaTypes).
    const media = content && mediaType !== undefined ? resolveLocal(document, content[mediaType], `${pointer}/content/${escapePointerSegment(mediaType)}`).value : undefined;
    const schema = isObject(media) ? (media.schema as SchemaNode | undefined) : undefined;
    const headers = readResponseHeaders(document, value.headers, `${pointer}/headers`);
    responses.push({
      status,
      // 3.2 makes `description` optional and adds a short `summary`, which stands in for it.
      ...(typeof value.description === "string" ? { description: value.description } : typeof value.summary === "string" ? { description: value.summary } : {}),
      ...(mediaType !== undefined ? { mediaType } : {}),
      mediaTypes: content ? Object.keys(content) : [],
      ...(schema !== undefined ? { schema } : {}),
      kind: stream !== undefined && others.length === 0 ? "stream" : responseKindOf(mediaType),
      ...(stream ? { stream } : {}),
      ...(headers.length > 0 ? { headers } : {}),
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

/**
 * JSON wins when any success answer is JSON; then text, binary; `stream` when every answer with
 * content is only a stream; `none` when none has content.
 */
export function responseKindOfAll(success: readonly ResponseModel[]): ResponseKind {
  const kinds = new Set(success.map((r) => r.kind));
  for (const kind of ["json", "text", "binary", "stream"] as const) if (kinds.has(kind)) return kind;
  return "none";
}

/**
 * The success answers' declared headers, by lower-case key: the first declaration's name and
 * type; required only when every success answer requires it.
 */
export function successHeaders(success: readonly ResponseModel[]): (ResponseHeaderModel & { readonly status: string })[] {
  const merged = new Map<string, ResponseHeaderModel & { status: string }>();
  for (const response of success) {
    for (const header of response.headers ?? []) if (!merged.has(header.key)) merged.set(header.key, { ...header, status: response.status });
  }
  return [...merged.values()].map((h) => ({ ...h, required: h.required && success.every((r) => r.headers?.some((o) => o.key === h.key && o.required)) }));
}

/** The stream of the first success answer that declares one. */
export function successStream(success: readonly ResponseModel[]): StreamModel | undefined {
  return success.find((r) => r.stream !== undefined)?.stream;
}
