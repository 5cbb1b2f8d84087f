/**
 * The stream of one matched operation (model/stream-media.ts). The generated function returns a
 * stream exactly when the operation's responseKind is `stream`; otherwise a declared stream is
 * what `fn.stream()` asks for. So the function switching between an answer and a stream breaks
 * its callers either way, a stream appearing beside the answer only adds `fn.stream()`, and one
 * removed from beside it breaks the callers of `fn.stream()`.
 *
 * The items' payloads are compared as result schemas (the server writes, the client reads), with
 * the schema comparison the response bodies use; an event stream's kinds are matched by their
 * `event` const, and a kind added or removed is judged like an enum value of a result.
 */
import type { ChangeLocation } from "./change.js";
import type { OperationModel, StreamFormat, StreamModel } from "../model/toolkit-model.js";
import { code, placeText, type SchemaPlace } from "./messages.js";
import { emit, emitSchemaChanges, type PairContext } from "./pair-context.js";
import { streamResponse } from "./stream-answer.js";
import { streamPayload, type PayloadPart } from "./stream-payload.js";

const FORMAT_TEXT: Readonly<Record<StreamFormat, string>> = {
  "event-stream": "an event stream",
  "json-lines": "JSON lines",
  "json-seq": "a JSON text sequence",
};

export function compareStream(ctx: PairContext): void {
  const a = ctx.old;
  const b = ctx.new;
  const wasStream = a.responseKind === "stream";
  const isStream = b.responseKind === "stream";
  const fn = b.functionName;
  if (!wasStream && isStream && b.stream) {
    const location = where(b, b.stream);
    emit(
      ctx,
      "response-became-stream",
      location,
      `the ${location.status} response is now only a stream (${code(b.stream.mediaType)}): the generated function ${code(fn)} returns its items one by one instead of ${a.responseKind === "none" ? "nothing" : "the answer"}, so code that reads the old result breaks`,
    );
  } else if (wasStream && !isStream && a.stream) {
    const gone = b.stream === undefined;
    emit(
      ctx,
      "response-became-not-stream",
      where(b, b.stream ?? a.stream, a),
      `the answer is no longer only a stream: the generated function ${code(fn)} returns ${b.responseKind === "none" ? "nothing" : "one answer"} instead of the items of ${code(a.stream.mediaType)}${
        gone ? "" : ` (${code(`${fn}.stream()`)} asks for them now)`
      }, so code that iterates over its result breaks`,
    );
  } else if (!a.stream && b.stream) {
    const location = where(b, b.stream);
    emit(
      ctx,
      "response-stream-added",
      location,
      `added the stream ${code(b.stream.mediaType)} beside the ${location.status} answer: ${code(fn)} still returns the answer, and ${code(`${fn}.stream()`)} asks for the stream`,
    );
  } else if (a.stream && !b.stream) {
    const location = where(a, a.stream);
    emit(
      ctx,
      "response-stream-removed",
      location,
      `removed the stream ${code(a.stream.mediaType)} from the ${location.status} response: ${code(`${a.functionName}.stream()`)} goes away, so code that calls it stops compiling`,
    );
  }
  if (a.stream && b.stream) compareStreams(ctx, a.stream, b.stream);
}

/** The response and media type of `stream` in `op` (or, when it is not there, in `fallback`). */
function where(op: OperationModel, stream: StreamModel, fallback?: OperationModel): ChangeLocation {
  const status = (streamResponse(op, stream) ?? (fallback && streamResponse(fallback, stream)))?.status;
  return { section: "response", ...(status !== undefined ? { status } : {}), mediaType: stream.mediaType };
}

/** Two streams: their format, then their payloads. */
function compareStreams(ctx: PairContext, a: StreamModel, b: StreamModel): void {
  const location = where(ctx.new, b);
  const events = b.format === "event-stream";
  // Between an event stream and lines every item changes shape (the envelope comes or goes), so
  // the payload turning JSON or text on the way is part of that one change.
  const reshaped = (a.format === "event-stream") !== events;
  if (a.format !== b.format) {
    const formats = `the ${location.status} stream is now ${FORMAT_TEXT[b.format]} (${code(b.mediaType)}) instead of ${FORMAT_TEXT[a.format]} (${code(a.mediaType)})`;
    if (!reshaped) {
      emit(
        ctx,
        "response-stream-format-changed",
        location,
        `${formats}: the generated client reads either by the Content-Type that arrives into the same items, but clients generated before ask for the old media type`,
      );
    } else if (events) {
      emit(
        ctx,
        "response-stream-lines-became-events",
        location,
        `${formats}: each item is now an event \`{ data, event?, id?, retry? }\` with the value in \`data\`, so code that reads the values breaks`,
      );
    } else {
      emit(
        ctx,
        "response-stream-events-became-lines",
        location,
        `${formats}: each item is now the value itself instead of an event with the value in \`data\` (and no event names or ids), so code that reads \`data\` breaks`,
      );
    }
  }
  const was = streamPayload(ctx.oldModel.document, a);
  const is = streamPayload(ctx.newModel.document, b);
  const place = (event?: string): SchemaPlace => ({
    area: "response",
    ...(location.status !== undefined ? { status: location.status } : {}),
    stream: { events, ...(event !== undefined ? { event } : {}) },
  });
  if (!was.events || !is.events) {
    const whole = { ...location, ...(events ? { property: "data" } : {}) };
    if (!reshaped || was.whole.json === is.whole.json) comparePart(ctx, whole, place(), was.whole, is.whole);
    return;
  }
  for (const name of is.events.keys()) {
    if (was.events.has(name)) continue;
    emit(
      ctx,
      "response-stream-event-added",
      { ...location, property: `event[${name}]` },
      `added the event ${code(name)} to the ${location.status} stream: exhaustive switches over the generated event type miss it`,
      { direction: "response", subject: name },
    );
  }
  for (const [name, part] of was.events) {
    const partner = is.events.get(name);
    if (partner === undefined) {
      emit(
        ctx,
        "response-stream-event-removed",
        { ...location, property: `event[${name}]` },
        `removed the event ${code(name)} from the ${location.status} stream: it no longer arrives`,
        { direction: "response", subject: name },
      );
    } else {
      comparePart(ctx, { ...location, property: `event[${name}]/data` }, place(name), part, partner);
    }
  }
}

/** One payload on both sides: JSON turned text (or back), else its schema as a result's. */
function comparePart(ctx: PairContext, location: ChangeLocation, place: SchemaPlace, a: PayloadPart, b: PayloadPart): void {
  if (a.json !== b.json) {
    emit(
      ctx,
      b.json ? "response-stream-data-became-json" : "response-stream-data-became-text",
      location,
      `${capitalize(placeText(place, []))} is now ${b.json ? "JSON, decoded" : "plain text, handed over as it arrives"} instead of ${
        a.json ? "decoded JSON" : "plain text"
      }: the generated item type changes, so code that reads it breaks`,
      { direction: "response" },
    );
    return;
  }
  emitSchemaChanges(ctx, place, location, a.schema, b.schema);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
