/**
 * Responses of one matched operation (OpenAPI 3.0 §4.7.16), matched by status as written. The
 * success responses' schemas are the generated function's result type, and their declared
 * headers the typed `headers` of `.withResponse()` (compare-headers.ts). A declared error answer
 * (non-2xx, or `default` beside a success) types `e.body` once `isToolCallError(e, tool, status)`
 * narrows on it, so its schema is compared in the same direction with `error-response-*` ids, and
 * removing it breaks the code that narrows on it. A status only `default` covered on one side is
 * compared with that `default`. Every response's media types count (the model lists them all
 * beside the one it chose), except those the stream rules judge (stream-answer.ts), and a
 * stream's schema is compared there, as its items.
 */
import { isSuccessStatus } from "../model/responses.js";
import { isJsonMediaType, responseKindOf } from "../model/media-type.js";
import { streamFormatOf } from "../model/stream-media.js";
import type { ResponseModel } from "../model/toolkit-model.js";
import { compareHeaders } from "./compare-headers.js";
import { code } from "./messages.js";
import { emit, emitSchemaChanges, type PairContext } from "./pair-context.js";
import { mediaTypeKey, streamCoverage } from "./stream-answer.js";

export function compareResponses(ctx: PairContext): void {
  const oldByStatus = new Map(ctx.old.responses.map((r) => [r.status.toUpperCase(), r]));
  const newByStatus = new Map(ctx.new.responses.map((r) => [r.status.toUpperCase(), r]));
  const oldSuccess = new Set(ctx.old.success.map((r) => r.status.toUpperCase()));
  const newSuccess = new Set(ctx.new.success.map((r) => r.status.toUpperCase()));
  const judgedAsStream = streamCoverage(ctx);
  // The `default` error answer of each side, which types every undeclared non-2xx status.
  const oldDefault = oldSuccess.has("DEFAULT") ? undefined : oldByStatus.get("DEFAULT");
  const newDefault = newSuccess.has("DEFAULT") ? undefined : newByStatus.get("DEFAULT");

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
      } else if (newDefault && key !== "DEFAULT") {
        emit(
          ctx,
          "response-non-success-status-into-default",
          { section: "response", status },
          `removed the error response with the status ${code(status)}: the ${code("default")} response now types it, so ${code(`isToolCallError(e, tool, ${status})`)} still compiles and narrows ${code("e.body")} to the ${code("default")} schema`,
        );
        compareErrorBodies(ctx, status, a, newDefault);
      } else {
        emit(
          ctx,
          "response-non-success-status-removed",
          { section: "response", status },
          `removed the error response with the status ${code(status)}: code that narrows on it with ${code(`isToolCallError(e, tool, ${key === "DEFAULT" ? "status" : status})`)} stops compiling${key === "DEFAULT" ? " for every status only `default` declared" : ""}`,
        );
      }
      continue;
    }
    const removed = a.mediaTypes.filter((m) => !b.mediaTypes.includes(m));
    const added = b.mediaTypes.filter((m) => !a.mediaTypes.includes(m));
    const renamed = renamedMediaTypes(removed, added);
    for (const [from, to] of renamed) {
      emit(
        ctx,
        `response-media-type-name-${mediaTypeMove(from, to)}`,
        { section: "response", status, mediaType: to },
        `the media type ${code(from)} of the response with the status ${code(status)} is now ${code(to)}: the generated client reads both the same way (${responseKindOf(to) === "json" ? "as JSON" : "by their Content-Type"}), into the same result type`,
      );
    }
    for (const mediaType of removed) {
      if (!renamed.has(mediaType) && !judgedAsStream.old.has(mediaTypeKey(status, mediaType))) {
        emit(
          ctx,
          "response-media-type-removed",
          { section: "response", status, mediaType },
          `removed the media type ${code(mediaType)} from the response with the status ${code(status)}`,
        );
      }
    }
    const renamedTo = new Set(renamed.values());
    for (const mediaType of added) {
      if (!renamedTo.has(mediaType) && !judgedAsStream.new.has(mediaTypeKey(b.status, mediaType)))
        emit(
          ctx,
          "response-media-type-added",
          { section: "response", status, mediaType },
          `added the media type ${code(mediaType)} to the response with the status ${code(status)}`,
        );
    }
    if (oldSuccess.has(key) && a.kind !== "stream" && b.kind !== "stream" && a.schema !== undefined && b.schema !== undefined) {
      emitSchemaChanges(
        ctx,
        { area: "response", status },
        { section: "response", status, ...(b.mediaType ? { mediaType: b.mediaType } : {}) },
        a.schema,
        b.schema,
      );
    }
    if (oldSuccess.has(key) && newSuccess.has(key)) compareHeaders(ctx, status, b.status);
    if (!oldSuccess.has(key) && !newSuccess.has(key)) compareErrorBodies(ctx, b.status, a, b);
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
        `added the error response with the status ${code(b.status)}`,
      );
      // Code that narrowed on this status got the old `default` body type; now it gets this one.
      if (oldDefault && key !== "DEFAULT") compareErrorBodies(ctx, b.status, oldDefault, b);
    }
  }
}

/** A declared error answer's body, as `e.body` after narrowing on `status`: the response direction. */
function compareErrorBodies(ctx: PairContext, status: string, a: ResponseModel, b: ResponseModel): void {
  if (a.kind === "stream" || b.kind === "stream" || a.schema === undefined || b.schema === undefined) return;
  emitSchemaChanges(
    ctx,
    { area: "error", status },
    { section: "response", status, ...(b.mediaType ? { mediaType: b.mediaType } : {}) },
    a.schema,
    b.schema,
  );
}

interface ParsedMediaType {
  readonly text: string;
  readonly base: string;
  readonly type: string;
  readonly subtype: string;
  readonly suffix?: string;
  readonly params: string;
}

/** `application/problem+json; q=1` -> type `application`, subtype `problem`, suffix `json`, params `q=1`. */
function parseMediaType(text: string): ParsedMediaType {
  const [head, ...rest] = text.split(";");
  const base = head!.trim().toLowerCase();
  const [type = "", sub = ""] = base.split("/");
  const plus = sub.lastIndexOf("+");
  const params = rest
    .map((p) => p.trim().toLowerCase())
    .filter((p) => p !== "")
    .sort()
    .join(";");
  return plus > 0 ? { text, base, type, subtype: sub.slice(0, plus), suffix: sub.slice(plus + 1), params } : { text, base, type, subtype: sub, params };
}

/** Read as JSON by the runtime, and not a wildcard. */
function isJson(m: ParsedMediaType): boolean {
  return isJsonMediaType(m.base) && !m.base.includes("*");
}

/** How a removed and an added media type may pair, tried in this order. */
const READ_ALIKE: readonly ((a: ParsedMediaType, b: ParsedMediaType) => boolean)[] = [
  // One base type, other parameters.
  (a, b) => a.base === b.base,
  // Two JSON types (a pair with one base type was taken by the first pass).
  (a, b) => isJson(a) && isJson(b),
  // Two streams of one format (`application/x-ndjson` -> `application/jsonl`): read item by item alike.
  (a, b) => streamFormatOf(a.base) !== undefined && streamFormatOf(a.base) === streamFormatOf(b.base),
];

/**
 * Pairs each removed media type with an added one the runtime reads the same way (first the same
 * base type, then any other JSON type), so `application/json` -> `application/problem+json` for
 * the same answer is one media type renamed, not the JSON answer removed (oasdiff pairs them too,
 * as response-media-type-name-*).
 */
function renamedMediaTypes(removed: readonly string[], added: readonly string[]): Map<string, string> {
  const pairs = new Map<string, string>();
  if (removed.length === 0 || added.length === 0) return pairs;
  const olds = removed.map(parseMediaType);
  const free = added.map(parseMediaType);
  for (const alike of READ_ALIKE) {
    for (const from of olds) {
      if (pairs.has(from.text)) continue;
      const index = free.findIndex((to) => alike(from, to));
      if (index < 0) continue;
      pairs.set(from.text, free[index]!.text);
      free.splice(index, 1);
    }
  }
  return pairs;
}

/**
 * oasdiff's classification: parameters changed -> `changed`; the new type a structured-syntax
 * refinement of the old (`application/json` -> `application/problem+json`) -> `specialized`;
 * the reverse -> `generalized`; other JSON types -> `changed`.
 */
function mediaTypeMove(from: string, to: string): "changed" | "specialized" | "generalized" {
  const a = parseMediaType(from);
  const b = parseMediaType(to);
  if (a.params !== b.params || a.base === b.base) return "changed";
  const refines = (wide: ParsedMediaType, narrow: ParsedMediaType) =>
    wide.type === narrow.type && wide.suffix === undefined && narrow.suffix === wide.subtype;
  if (refines(a, b)) return "specialized";
  if (refines(b, a)) return "generalized";
  return "changed";
}
