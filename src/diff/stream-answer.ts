/**
 * Where an operation's stream sits among its responses, and which response media types the stream
 * rules (compare-stream.ts) judge, so compare-responses.ts does not report the same change a
 * second time as a media type removed or added: the stream's own media type on each side, and,
 * when the function starts or stops returning a stream, the answers that gave way to it.
 */
import type { OperationModel, ResponseModel, StreamModel } from "../model/toolkit-model.js";
import type { PairContext } from "./pair-context.js";

/** The success response that declares the operation's stream. */
export function streamResponse(op: OperationModel, stream: StreamModel): ResponseModel | undefined {
  return op.success.find((r) => r.stream === stream) ?? op.success.find((r) => r.stream?.pointer === stream.pointer);
}

export function mediaTypeKey(status: string, mediaType: string): string {
  return `${status.toUpperCase()} ${mediaType}`;
}

export interface StreamCoverage {
  /** `mediaTypeKey`s of the old side whose removal the stream rules report. */
  readonly old: ReadonlySet<string>;
  /** `mediaTypeKey`s of the new side whose addition the stream rules report. */
  readonly new: ReadonlySet<string>;
}

export function streamCoverage(ctx: PairContext): StreamCoverage {
  return {
    old: covered(ctx.old, ctx.new, ctx.old.responseKind !== "stream" && ctx.new.responseKind === "stream"),
    new: covered(ctx.new, ctx.old, ctx.old.responseKind === "stream" && ctx.new.responseKind !== "stream"),
  };
}

/**
 * `side`'s stream media type; and when the function's result switched to (from) a stream on the
 * `other` side, every media type of `side`'s success responses that are only a stream on `other`
 * (the JSON answer replaced by the stream is one change: response-became-stream).
 */
function covered(side: OperationModel, other: OperationModel, switched: boolean): Set<string> {
  const keys = new Set<string>();
  const carrier = side.stream && streamResponse(side, side.stream);
  if (carrier && side.stream) keys.add(mediaTypeKey(carrier.status, side.stream.mediaType));
  if (!switched) return keys;
  const otherKind = new Map(other.success.map((r) => [r.status.toUpperCase(), r.kind]));
  for (const response of side.success) {
    if (otherKind.get(response.status.toUpperCase()) !== "stream") continue;
    for (const mediaType of response.mediaTypes) keys.add(mediaTypeKey(response.status, mediaType));
  }
  return keys;
}
