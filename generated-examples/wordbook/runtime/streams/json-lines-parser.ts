// @ts-nocheck
/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * The splitter of a streamed answer made of JSON texts one after another, fed text the caller has
 * already decoded from UTF-8 chunk by chunk. It only splits: parsing each text, and deciding what a
 * text that fails means, is the caller's.
 *
 *  - `"line"`: JSON Lines (https://jsonlines.org, `application/jsonl`) and NDJSON
 *    (`application/x-ndjson`): one JSON text a line, lines ending in LF (a CR before it is
 *    whitespace, so CRLF works). Blank lines are skipped but keep their number.
 *  - `"record"`: JSON text sequences (RFC 7464, `application/json-seq`): each JSON text begins
 *    with RS (U+001E) and runs to the next RS; its usual trailing LF is whitespace. A JSON text may
 *    itself hold line ends, so per section 2.1 only RS delimits: a record is complete when the
 *    next RS arrives, and the last one when the stream ends (`end`). Record n is the text after
 *    the n-th RS; text before the first RS, which a valid sequence lacks, comes as record 0 so
 *    that the caller can tell. Empty records (RS RS) are skipped, as section 2.1 says, keeping
 *    their number.
 *
 * Texts come back trimmed of JSON whitespace (space, tab, CR, LF) and nothing else: a no-break
 * space or a BOM around a text is left for the JSON parser to reject.
 *
 * The cap (`maxLineBytes`) counts the UTF-8 bytes of one line or record as sent, whitespace and a
 * line's CR included, its LF or RS not; a line that never ends fails as soon as it passes the cap.
 */
import { ItemTooLarge } from "./item-too-large.js";
import { utf8Length } from "./utf8-length.js";

export interface JsonText {
  text: string;
  /** 1-based line (record) number; 0 only for text before a sequence's first RS. */
  line: number;
}

export class JsonLinesParser {
  private readonly limit: number;
  private readonly separator: string;
  private readonly unit: "line" | "record";
  /** The unterminated line, as the chunks brought it: joined once, when its end arrives. */
  private parts: string[] = [];
  /** Number of the line (record) being assembled. */
  private current: number;
  /** Exact UTF-8 bytes of the pending line that earlier chunks brought. */
  private pendingBytes = 0;
  private failure: ItemTooLarge | undefined;

  /** `maxLineBytes`: the cap on one line (record) in UTF-8 bytes (see the file's header); 0 or Infinity for none. */
  constructor(maxLineBytes: number, separator: "line" | "record") {
    this.limit = maxLineBytes > 0 ? maxLineBytes : Infinity;
    this.unit = separator;
    this.separator = separator === "line" ? "\n" : "\u001e";
    this.current = separator === "line" ? 1 : 0;
  }

  /**
   * Returns the complete non-blank lines (records), trimmed of surrounding whitespace incl. \r, in
   * order; each with its 1-based line (record) number. A new array on each call.
   *
   * Throws ItemTooLarge when the pending line passes the cap, having held at most the cap plus
   * this chunk. If the same chunk completed lines before that one, it returns them first and the
   * next `push` or `end` throws; after that the parser stays failed.
   */
  push(text: string): JsonText[] {
    if (this.failure) throw this.failure;
    const out: JsonText[] = [];
    const limit = this.limit;
    const limited = limit !== Infinity;
    const length = text.length;
    let pos = 0;
    let end = text.indexOf(this.separator);
    while (end !== -1) {
      if (limited && this.pendingBytes + 3 * (end - pos) > limit && this.pendingBytes + utf8Length(text, pos, end, limit - this.pendingBytes) > limit) {
        return this.fail(out);
      }
      let item: JsonText | undefined;
      if (this.parts.length > 0) {
        this.parts.push(text.slice(pos, end));
        const whole = this.parts.join("");
        this.parts.length = 0;
        item = trimmed(whole, 0, whole.length, this.current);
      } else item = trimmed(text, pos, end, this.current);
      if (item) out.push(item);
      this.current++;
      this.pendingBytes = 0;
      pos = end + 1;
      end = text.indexOf(this.separator, pos);
    }
    if (pos < length) {
      this.parts.push(pos === 0 ? text : text.slice(pos));
      if (limited) {
        this.pendingBytes += utf8Length(text, pos, length, limit - this.pendingBytes);
        if (this.pendingBytes > limit) return this.fail(out);
      }
    }
    return out;
  }

  /**
   * Ends the stream: the last line if the stream ended without a line end (non-blank), else
   * undefined; for records, the last record. Throws the ItemTooLarge a last `push` deferred.
   */
  end(): JsonText | undefined {
    if (this.failure) throw this.failure;
    if (this.parts.length === 0) return undefined;
    const whole = this.parts.join("");
    this.parts = [];
    this.pendingBytes = 0;
    return trimmed(whole, 0, whole.length, this.current);
  }

  private fail(out: JsonText[]): JsonText[] {
    this.failure = new ItemTooLarge(this.limit, this.current, this.unit);
    this.parts = [];
    if (out.length > 0) return out;
    throw this.failure;
  }
}

/** `text[start, end)` without JSON whitespace around it (RFC 8259 section 2), or undefined if nothing is left. */
function trimmed(text: string, start: number, end: number, line: number): JsonText | undefined {
  while (start < end && isJsonWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isJsonWhitespace(text.charCodeAt(end - 1))) end--;
  if (start === end) return undefined;
  return { text: start === 0 && end === text.length ? text : text.slice(start, end), line };
}

function isJsonWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}
