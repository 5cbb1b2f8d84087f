/**
 * The request body of one matched operation (OpenAPI 3.0 §4.7.13). The schema compared is the one
 * of the media type the generated client sends (the model's choice), since that is the only one
 * its types and its requests use; every media type still counts for added/removed. A GET or HEAD
 * body, which the client never sends, is compare-unsent-body.ts's.
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { isObject, resolveLocal } from "../model/local-ref.js";
import { methodCarriesBody } from "../model/request-body.js";
import type { OperationModel } from "../model/toolkit-model.js";
import { compareUnsentBody } from "./compare-unsent-body.js";
import { code } from "./messages.js";
import { nodeAt } from "./node-at.js";
import { emit, emitSchemaChanges, type PairContext } from "./pair-context.js";

export function compareBody(ctx: PairContext): void {
  if (!methodCarriesBody(ctx.old.method) && !methodCarriesBody(ctx.new.method)) {
    compareUnsentBody(ctx);
    return;
  }
  const a = ctx.old.body;
  const b = ctx.new.body;
  if (!a && !b) {
    compareContentLess(ctx);
    return;
  }
  if (!a) {
    if (b!.required)
      emit(ctx, "request-body-added-required", { section: "body" }, "added a required request body: every call must now send it");
    else emit(ctx, "request-body-added-optional", { section: "body" }, "added an optional request body");
    return;
  }
  if (!b) {
    emit(
      ctx,
      "request-body-removed",
      { section: "body" },
      "removed the request body: its fields leave the generated input type, so calls that pass them stop compiling",
    );
    return;
  }
  if (a.required !== b.required) {
    if (b.required)
      emit(ctx, "request-body-became-required", { section: "body" }, "the request body became required: calls that omit it are rejected");
    else emit(ctx, "request-body-became-optional", { section: "body" }, "the request body became optional");
  }
  for (const mediaType of a.mediaTypes) {
    if (!b.mediaTypes.includes(mediaType)) {
      emit(
        ctx,
        "request-body-media-type-removed",
        { section: "body", mediaType },
        `removed the media type ${code(mediaType)} from the request body${mediaType === a.mediaType ? ": it is the one the generated client sends" : ""}`,
      );
    }
  }
  for (const mediaType of b.mediaTypes) {
    if (!a.mediaTypes.includes(mediaType))
      emit(
        ctx,
        "request-body-media-type-added",
        { section: "body", mediaType },
        `added the media type ${code(mediaType)} to the request body`,
      );
  }
  if (a.key !== b.key) {
    const describe = (key: string | null) => (key === null ? "sit at the top level of the input" : `go under ${code(key)}`);
    emit(
      ctx,
      "request-body-key-changed",
      { section: "body" },
      `the request body's fields used to ${describe(a.key)} of the generated function and now ${describe(b.key)}: calls built the old way stop compiling`,
    );
  }
  if (a.schema !== undefined && b.schema !== undefined) {
    emitSchemaChanges(ctx, { area: "body" }, { section: "body", mediaType: b.mediaType }, a.schema, b.schema);
  }
}

/**
 * A Request Body Object without `content` (or with an empty one) gives the model no body: the
 * generated function has no body input and sends none. Such a body that is (or becomes) required
 * is one no call of the client satisfies. Removing one changes nothing the client sends.
 */
function compareContentLess(ctx: PairContext): void {
  const a = contentLessBody(ctx.oldModel.document, ctx.old);
  const b = contentLessBody(ctx.newModel.document, ctx.new);
  if (!b || b.required === a?.required) return;
  const consequence = "it declares no content, so the generated client sends no body and every call is rejected";
  if (!a) {
    if (b.required) emit(ctx, "request-body-added-required", { section: "body" }, `added a required request body: ${consequence}`);
    else emit(ctx, "request-body-added-optional", { section: "body" }, "added an optional request body that declares no content");
  } else if (b.required) {
    emit(ctx, "request-body-became-required", { section: "body" }, `the request body became required: ${consequence}`);
  } else {
    emit(ctx, "request-body-became-optional", { section: "body" }, "the request body (declared without content) became optional");
  }
}

/** GET and HEAD bodies (the model gives them no input) are compare-unsent-body.ts's. */
function contentLessBody(document: OpenApiDocument, op: OperationModel): { required: boolean } | undefined {
  if (op.body || !methodCarriesBody(op.method)) return undefined;
  const operation = nodeAt(document, op.pointer);
  if (!isObject(operation) || operation.requestBody === undefined) return undefined;
  const { value } = resolveLocal(document, operation.requestBody, `${op.pointer}/requestBody`);
  return isObject(value) ? { required: value.required === true } : undefined;
}
