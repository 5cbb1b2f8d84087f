/**
 * Which stream format a caller gets, from its `Accept` header: an event stream, unless it prefers
 * JSON lines (`application/jsonl` or `application/x-ndjson`) by q-value (RFC 9110 §12.5.1: the
 * most specific range that names a type gives its q; a type no range names is not acceptable).
 * Event streams are the default, for no `Accept`, for `*\/*`, for a tie, and for an `Accept` that
 * names neither format (`application/json` only): refusing with 406 would break callers that send
 * a generic header, and an event stream is what the description lists first.
 */
export interface StreamFormat {
  readonly kind: "event-stream" | "json-lines";
  readonly contentType: string;
}

export const EVENT_STREAM: StreamFormat = { kind: "event-stream", contentType: "text/event-stream; charset=utf-8" };
// JSON is UTF-8 by definition (RFC 8259), so these carry no charset.
const JSON_LINES: StreamFormat = { kind: "json-lines", contentType: "application/jsonl" };
const NDJSON: StreamFormat = { kind: "json-lines", contentType: "application/x-ndjson" };

interface Range {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
}

export function negotiateStreamFormat(accept: string | undefined): StreamFormat {
  if (accept === undefined || accept === "" || accept === "*/*") return EVENT_STREAM;
  const ranges = parseAccept(accept);
  const sse = qualityOf(ranges, "text", "event-stream");
  const jsonl = qualityOf(ranges, "application", "jsonl");
  const ndjson = qualityOf(ranges, "application", "x-ndjson");
  if (Math.max(jsonl, ndjson) <= sse) return EVENT_STREAM;
  // Answer with the name the caller preferred: a client that asked for x-ndjson may check for it.
  return ndjson > jsonl ? NDJSON : JSON_LINES;
}

function parseAccept(accept: string): Range[] {
  const ranges: Range[] = [];
  for (const part of accept.split(",")) {
    const [range = "", ...params] = part.split(";");
    const [type, subtype] = range.trim().toLowerCase().split("/");
    if (!type || !subtype) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split("=");
      if (key?.trim().toLowerCase() !== "q" || value === undefined) continue;
      const parsed = Number(value.trim());
      // An unreadable q is read as the default rather than as "not acceptable".
      if (Number.isFinite(parsed) && parsed >= 0 && parsed <= 1) q = parsed;
    }
    ranges.push({ type, subtype, q });
  }
  return ranges;
}

/** The q of the most specific range matching `type/subtype`: exact, then `type/*`, then `*\/*`; 0 when none. */
function qualityOf(ranges: readonly Range[], type: string, subtype: string): number {
  let best = -1;
  let q = 0;
  for (const range of ranges) {
    const specificity = range.type === type && range.subtype === subtype ? 2 : range.type === type && range.subtype === "*" ? 1 : range.type === "*" && range.subtype === "*" ? 0 : -1;
    if (specificity > best) {
      best = specificity;
      q = range.q;
    }
  }
  return q;
}
