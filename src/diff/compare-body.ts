/**
 * The request body of one matched operation (OpenAPI 3.0 §4.7.13). The schema compared is the one
 * of the media type the generated client sends (the model's choice), since that is the only one
 * its types and its requests use; every media type still counts for added/removed.
 */
import { code } from "./messages.js";
import { emit, emitSchemaChanges, type PairContext } from "./pair-context.js";

export function compareBody(ctx: PairContext): void {
  const a = ctx.old.body;
  const b = ctx.new.body;
  if (!a && !b) return;
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
