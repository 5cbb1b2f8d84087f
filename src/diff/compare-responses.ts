/**
 * Responses of one matched operation (OpenAPI 3.0 §4.7.16), matched by status as written. Only
 * the success responses' schemas are compared: they are the generated function's result type,
 * while an error answer reaches the caller as `ToolCallError.body`, untyped. Every response's
 * media types count, read from the document because the model keeps only the chosen one.
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { escapePointerSegment, isObject, resolveLocal } from "../model/local-ref.js";
import { nodeAt } from "./node-at.js";
import type { OperationModel } from "../model/toolkit-model.js";
import { isSuccessStatus } from "../model/responses.js";
import { code } from "./messages.js";
import { emit, emitSchemaChanges, type PairContext } from "./pair-context.js";

export function compareResponses(ctx: PairContext): void {
  const oldByStatus = new Map(ctx.old.responses.map((r) => [r.status.toUpperCase(), r]));
  const newByStatus = new Map(ctx.new.responses.map((r) => [r.status.toUpperCase(), r]));
  const oldSuccess = new Set(ctx.old.success.map((r) => r.status.toUpperCase()));
  const newSuccess = new Set(ctx.new.success.map((r) => r.status.toUpperCase()));

  for (const [key, a] of oldByStatus) {
    const b = newByStatus.get(key);
    const status = a.status;
    if (!b) {
      if (oldSuccess.has(key)) {
        emit(
          ctx,
          "response-success-status-removed",
          { section: "response", status },
          `removed the success response with the status ${code(status)}: it is part of the generated function's result type`,
        );
      } else {
        emit(
          ctx,
          "response-non-success-status-removed",
          { section: "response", status },
          `removed the response with the status ${code(status)}`,
        );
      }
      continue;
    }
    const oldTypes = mediaTypes(ctx.oldModel.document, ctx.old, a.status);
    const newTypes = mediaTypes(ctx.newModel.document, ctx.new, b.status);
    for (const mediaType of oldTypes) {
      if (!newTypes.includes(mediaType)) {
        emit(
          ctx,
          "response-media-type-removed",
          { section: "response", status, mediaType },
          `removed the media type ${code(mediaType)} from the response with the status ${code(status)}`,
        );
      }
    }
    for (const mediaType of newTypes) {
      if (!oldTypes.includes(mediaType))
        emit(
          ctx,
          "response-media-type-added",
          { section: "response", status, mediaType },
          `added the media type ${code(mediaType)} to the response with the status ${code(status)}`,
        );
    }
    if (oldSuccess.has(key) && a.schema !== undefined && b.schema !== undefined) {
      emitSchemaChanges(
        ctx,
        { area: "response", status },
        { section: "response", status, ...(b.mediaType ? { mediaType: b.mediaType } : {}) },
        a.schema,
        b.schema,
      );
    }
  }
  for (const [key, b] of newByStatus) {
    if (oldByStatus.has(key)) continue;
    if (newSuccess.has(key) || isSuccessStatus(b.status)) {
      emit(
        ctx,
        "response-success-status-added",
        { section: "response", status: b.status },
        `added the success response with the status ${code(b.status)}`,
      );
    } else {
      emit(
        ctx,
        "response-non-success-status-added",
        { section: "response", status: b.status },
        `added the response with the status ${code(b.status)}`,
      );
    }
  }
}

/** Every media type the response declares, in document order. */
function mediaTypes(document: OpenApiDocument, op: OperationModel, status: string): string[] {
  const operation = nodeAt(document, op.pointer);
  if (!isObject(operation) || !isObject(operation.responses)) return [];
  const entry = operation.responses[status];
  if (entry === undefined) return [];
  const { value } = resolveLocal(document, entry, `${op.pointer}/responses/${escapePointerSegment(status)}`);
  return isObject(value) && isObject(value.content) ? Object.keys(value.content) : [];
}
