/**
 * What a stream's items carry, as the schema comparison can take it: the payload each item hands
 * the caller, read by the typing rules of model/stream-media.ts. JSON lines and sequences: the
 * item (`itemSchema`, else `schema`, whose `items` when it is `type: array`). Event streams: each
 * event's decoded `data` (the envelope's `data` property, through its `contentSchema` when it
 * declares JSON; without `itemSchema`, the `schema` itself), and kind by kind when the envelope is
 * a union whose branches each give `event` a `const`.
 *
 * The schemas handed on are the document's own nodes (or a `oneOf` of them), so the comparison
 * resolves them in the real document: a shared component reached only through a stream is paired,
 * fast-pathed when unchanged, and reported like any other.
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { isObject } from "../model/local-ref.js";
import { isJsonContent } from "../model/stream-media.js";
import type { StreamModel } from "../model/toolkit-model.js";
import { unionOf } from "./compare-unions.js";
import { resolveSchema, SchemaViews } from "./schema-view.js";

export interface PayloadPart {
  /** A raw schema of the document (or a `oneOf` of such); `true` when nothing constrains it. */
  readonly schema: unknown;
  /** Decoded from JSON; false when an event's data is handed over as the text that arrived. */
  readonly json: boolean;
}

export interface StreamPayload {
  /** The payload kind by kind, keyed by the `event` const, when every kind of event has one. */
  readonly events?: ReadonlyMap<string, PayloadPart>;
  /** The payload of any item: the one schema, or the union of the kinds'. */
  readonly whole: PayloadPart;
}

const ANY: PayloadPart = { schema: true, json: true };

const viewsByDocument = new WeakMap<OpenApiDocument, SchemaViews>();

function viewsOf(document: OpenApiDocument): SchemaViews {
  let views = viewsByDocument.get(document);
  if (!views) viewsByDocument.set(document, (views = new SchemaViews(document)));
  return views;
}

export function streamPayload(document: OpenApiDocument, stream: StreamModel): StreamPayload {
  if (stream.format !== "event-stream") return { whole: lineItem(document, stream) };
  if (stream.itemSchema !== undefined) return envelopePayload(document, stream.itemSchema);
  return { whole: dataPart(document, stream.schema, stream.jsonData) };
}

/** A line (or sequence record): the itemSchema, else the schema, or its `items` for an array. */
function lineItem(document: OpenApiDocument, stream: StreamModel): PayloadPart {
  if (stream.itemSchema !== undefined) return { schema: stream.itemSchema, json: true };
  if (stream.schema === undefined) return ANY;
  const node = resolveSchema(document, stream.schema);
  if (isObject(node) && node.type === "array") return { schema: node.items ?? true, json: true };
  return { schema: stream.schema, json: true };
}

/**
 * An event's `data` as the caller gets it. JSON data is its `contentSchema` (any JSON without
 * one); text is the data schema itself (a string, perhaps with a pattern or an enum).
 */
function dataPart(document: OpenApiDocument, data: unknown, json: boolean): PayloadPart {
  if (data === undefined) return { schema: true, json };
  if (!json) return { schema: data, json };
  const node = resolveSchema(document, data);
  // Without itemSchema, `schema` is the decoded data itself unless it is a string that says its
  // text is JSON (then its contentSchema is).
  if (isObject(node) && node.type === "string" && isJsonContent(node)) return { schema: node.contentSchema ?? true, json };
  return { schema: data, json };
}

/** The data of one envelope (an item schema, or one branch of it), JSON by its own declaration. */
function envelopeData(document: OpenApiDocument, data: unknown): PayloadPart {
  if (data === undefined) return { schema: true, json: false };
  const node = resolveSchema(document, data);
  if (!isJsonContent(node)) return { schema: data, json: false };
  return { schema: (node as Record<string, unknown>).contentSchema ?? true, json: true };
}

function envelopePayload(document: OpenApiDocument, itemSchema: unknown): StreamPayload {
  const views = viewsOf(document);
  const envelope = views.of(itemSchema);
  const ownData = envelope.properties.get("data");
  const branches = unionOf(envelope) ?? [itemSchema];
  const kinds: [string, PayloadPart][] = [];
  const parts: PayloadPart[] = [];
  let everyKindNamed = true;
  for (const branch of branches) {
    const view = views.of(branch);
    const part = envelopeData(document, view.properties.get("data") ?? ownData);
    parts.push(part);
    const names = eventNames(views, view.properties.get("event") ?? envelope.properties.get("event"));
    if (names.length === 0) everyKindNamed = false;
    for (const name of names) kinds.push([name, part]);
  }
  const whole = unionPart(parts);
  if (!everyKindNamed) return { whole };
  // One name on several branches (the same event with several shapes): their union.
  const events = new Map<string, PayloadPart>();
  for (const [name] of kinds) {
    if (!events.has(name)) events.set(name, unionPart(kinds.filter(([other]) => other === name).map(([, part]) => part)));
  }
  return { events, whole };
}

/** The string values an `event` property is restricted to (`const`, or an enum of strings). */
function eventNames(views: SchemaViews, event: unknown): string[] {
  if (event === undefined) return [];
  const values = views.of(event).enum;
  if (!values || values.size === 0) return [];
  const names = [...values.values()];
  return names.every((name) => typeof name === "string") ? (names as string[]) : [];
}

/** One part as it is; several as the `oneOf` of their schemas, JSON when any is (as the model says). */
function unionPart(parts: readonly PayloadPart[]): PayloadPart {
  if (parts.length === 1) return parts[0]!;
  return { schema: { oneOf: parts.map((part) => part.schema) }, json: parts.some((part) => part.json) };
}
