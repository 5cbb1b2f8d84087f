/**
 * The request body of a GET or HEAD operation, which the generated client never sends: `fetch`
 * refuses a body on these methods (and HTTP gives one no meaning, RFC 9110 §9.3.1, §9.3.2), so the
 * model gives such an operation no body input and its tool no body fields (src/model/request-body.ts).
 * The body the description declares is still what the server asks of every request:
 *
 * - one added as required, or made required, is a body no call of the generated client or of the
 *   tool carries, so every call is rejected: breaking;
 * - its schema and media types are the server's contract for the clients that do send a GET body
 *   (curl, most HTTP libraries outside a browser), so they are compared as any request body's;
 * - one removed takes nothing from anybody (the generated client never sent it), and one made
 *   optional lets the generated client's calls through again.
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { escapePointerSegment, isObject, resolveLocal } from "../model/local-ref.js";
import { pickRequestMediaType } from "../model/media-type.js";
import type { OperationModel } from "../model/toolkit-model.js";
import { code } from "./messages.js";
import { nodeAt } from "./node-at.js";
import { emit, emitSchemaChanges, type PairContext } from "./pair-context.js";

/** A requestBody as declared, read from the document (the model has none for these methods). */
interface DeclaredBody {
  readonly required: boolean;
  readonly mediaTypes: readonly string[];
  /** The media type a client would send, chosen as for any other body. */
  readonly mediaType?: string;
  readonly schema?: unknown;
}

export function compareUnsentBody(ctx: PairContext): void {
  const a = declaredBody(ctx.oldModel.document, ctx.old);
  const b = declaredBody(ctx.newModel.document, ctx.new);
  if (!b) return;
  const method = ctx.new.method.toUpperCase();
  const unsent = `a ${method} request carries no body from the generated client (fetch refuses one), so every call is rejected`;
  if (!a || a.required !== b.required) {
    if (b.required) {
      if (!a) emit(ctx, "request-body-added-required", { section: "body" }, `added a required request body: ${unsent}`);
      else emit(ctx, "request-body-became-required", { section: "body" }, `the request body became required: ${unsent}`);
    } else if (!a) {
      emit(ctx, "request-body-added-optional", { section: "body" }, `added an optional request body (the generated client sends no ${method} body)`);
    } else {
      emit(ctx, "request-body-became-optional", { section: "body" }, "the request body became optional: calls of the generated client, which sends none, are no longer rejected");
    }
  }
  if (!a) return;
  const others = `clients that send a ${method} body`;
  for (const mediaType of a.mediaTypes) {
    if (!b.mediaTypes.includes(mediaType))
      emit(ctx, "request-body-media-type-removed", { section: "body", mediaType }, `removed the media type ${code(mediaType)} from the request body: ${others} in it are rejected`);
  }
  for (const mediaType of b.mediaTypes) {
    if (!a.mediaTypes.includes(mediaType))
      emit(ctx, "request-body-media-type-added", { section: "body", mediaType }, `added the media type ${code(mediaType)} to the request body`);
  }
  if (a.schema !== undefined && b.schema !== undefined && b.mediaType !== undefined) {
    emitSchemaChanges(ctx, { area: "body", unsentBy: method }, { section: "body", mediaType: b.mediaType }, a.schema, b.schema);
  }
}

function declaredBody(document: OpenApiDocument, op: OperationModel): DeclaredBody | undefined {
  const operation = nodeAt(document, op.pointer);
  if (!isObject(operation) || operation.requestBody === undefined) return undefined;
  const { value, pointer } = resolveLocal(document, operation.requestBody, `${op.pointer}/requestBody`);
  if (!isObject(value)) return undefined;
  const content = isObject(value.content) ? value.content : {};
  const mediaTypes = Object.keys(content);
  const mediaType = pickRequestMediaType(mediaTypes);
  if (mediaType === undefined) return { required: value.required === true, mediaTypes };
  // 3.2: a Media Type Object may be a $ref (into components.mediaTypes).
  const { value: media } = resolveLocal(document, content[mediaType], `${pointer}/content/${escapePointerSegment(mediaType)}`);
  const schema = isObject(media) ? media.schema : undefined;
  return { required: value.required === true, mediaTypes, mediaType, ...(schema !== undefined ? { schema } : {}) };
}
