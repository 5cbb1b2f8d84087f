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
 * The parser of a `text/event-stream` answer (server-sent events): WHATWG HTML, "9.2.6 Interpreting
 * an event stream" (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation),
 * fed text the caller has already decoded from UTF-8 chunk by chunk.
 *
 * Where the spec leaves the shape of the result to the EventSource object, this parser reports:
 *  - `event`: the event type, or undefined for the default type "message" (an absent or empty
 *    `event` field).
 *  - `id`: the last event ID as EventSource's `lastEventId` reports it: the last `id` field seen so
 *    far in the stream, in this event or any earlier one (the spec never resets that buffer), ""
 *    once an empty `id` field cleared it, absent only while no `id` field has come.
 *  - `retry`: the value of the last valid `retry` field parsed while this event was being assembled,
 *    that is since the previous dispatched event, including in blocks that dispatched nothing (a
 *    lone `retry: 5000` block, as servers send it, shows up on the next event). The
 *    `retry` getter keeps the last value seen, dispatched or not, as the spec's reconnection time.
 *
 * The cap (`maxEventBytes`) counts the UTF-8 bytes of one event's raw text: every line from the
 * first after the blank line that ended the previous event (or the start of the stream, after a
 * BOM) up to the current position, with field names, comments, unknown fields and each line end as
 * sent (CRLF counts 2), and the unterminated line still arriving; not the blank line that
 * dispatches it. A block that dispatches nothing (only comments, only an id) is counted the same
 * way, and its count restarts at its blank line. So an endless line, or an endless series of lines
 * without a blank one, fails as soon as it passes the cap, whatever the chunking.
 */
import { ItemTooLarge } from "./item-too-large.js";
import { utf8Length } from "./utf8-length.js";

export { ItemTooLarge } from "./item-too-large.js";

export interface ParsedEvent {
  data: string;
  event?: string;
  id?: string;
  retry?: number;
}

const LF = 10;
const SPACE = 32;
const COLON = 58;
const BOM = 0xfeff;

export class EventStreamParser {
  private readonly limit: number;
  /** Whether the first character of the stream (a possible BOM) has been seen. */
  private started = false;
  /** The previous chunk ended in CR, so an LF opening the next one is the same line end. */
  private skipLf = false;
  /** That CR ended a line of the pending event, so its LF belongs to the event's count. */
  private skippedLfCounts = false;
  /** The unterminated line, as the chunks brought it: joined once, when its line end arrives. */
  private parts: string[] = [];
  private data = "";
  private hasData = false;
  private eventType: string | undefined;
  private lastId: string | undefined;
  private eventRetry: number | undefined;
  private lastRetry: number | undefined;
  /** Events dispatched before the current chunk. */
  private count = 0;
  /** Exact UTF-8 bytes of the pending event that earlier chunks brought. */
  private eventBytes = 0;
  private failure: ItemTooLarge | undefined;
  /** What `push` returns: a new array each time, sized for as many events as the last chunk brought. */
  private out: ParsedEvent[] = [];
  /** Events `out` holds from the current chunk. */
  private size = 0;

  /** `maxEventBytes`: the cap on one event's raw text in UTF-8 bytes (see the file's header); 0 or Infinity for none. */
  constructor(maxEventBytes: number) {
    this.limit = maxEventBytes > 0 ? maxEventBytes : Infinity;
  }

  /** Events dispatched so far (1-based position of the next event = dispatched + 1). */
  get dispatched(): number {
    return this.count;
  }

  /** The last valid `retry` field of the stream so far (milliseconds), whether or not an event carried it. */
  get retry(): number | undefined {
    return this.lastRetry;
  }

  /**
   * Feeds one decoded text chunk; returns the events it completed, in order: a new array on each
   * call (empty when none), which the caller may keep.
   *
   * Throws ItemTooLarge when the pending event passes the cap, having held at most the cap plus
   * this chunk. If the same chunk completed events before that one, it returns them first and the
   * next `push` or `end` throws; after that the parser stays failed.
   */
  push(text: string): ParsedEvent[] {
    if (this.failure) throw this.failure;
    // Growing an array event by event cost a tenth of the time of a chunk of small events, and
    // one array reused for every chunk cost as much: storing new events into an old array is
    // what a generational collector charges most for. Chunks of one stream bring similar counts.
    this.out = new Array<ParsedEvent>(Math.min(this.size, 16384));
    this.size = 0;
    this.scan(text);
    this.count += this.size;
    const out = this.out;
    out.length = this.size;
    if (this.failure && this.size === 0) throw this.failure;
    return out;
  }

  private scan(text: string): void {
    const length = text.length;
    let pos = 0;
    if (!this.started) {
      if (length === 0) return;
      this.started = true;
      if (text.charCodeAt(0) === BOM) pos = 1;
    }
    const limit = this.limit;
    const limited = limit !== Infinity;
    if (this.skipLf && pos < length) {
      this.skipLf = false;
      if (text.charCodeAt(pos) === LF) {
        pos++;
        if (this.skippedLfCounts && ++this.eventBytes > limit) return this.fail();
      }
    }
    // Where the part of the pending event that this chunk brought starts: measured only when
    // 3 bytes a character could pass the cap, and at the end of the chunk.
    let eventStart = pos;
    let lf = text.indexOf("\n", pos);
    let cr = text.indexOf("\r", pos);

    if (this.parts.length > 0) {
      // The line the previous chunks left unterminated: complete it, or add this chunk to it.
      const eol = lf === -1 ? cr : cr === -1 || lf < cr ? lf : cr;
      if (eol === -1) {
        if (pos < length) this.parts.push(pos === 0 ? text : text.slice(pos));
        this.measureRest(text, eventStart);
        return;
      }
      let next = eol + 1;
      if (eol === cr) {
        if (next === length) {
          this.skipLf = true;
          this.skippedLfCounts = true;
        } else if (text.charCodeAt(next) === LF) next++;
      }
      if (limited && this.eventBytes + 3 * (next - eventStart) > limit) {
        this.eventBytes += utf8Length(text, eventStart, next, limit - this.eventBytes);
        eventStart = next;
        if (this.eventBytes > limit) return this.fail();
      }
      this.parts.push(text.slice(pos, eol));
      const line = this.parts.join("");
      this.parts.length = 0;
      this.line(line, 0, line.length);
      pos = next;
      if (lf !== -1 && lf < pos) lf = text.indexOf("\n", pos);
      if (cr !== -1 && cr < pos) cr = text.indexOf("\r", pos);
    }

    for (;;) {
      let eol: number;
      if (lf === -1) {
        if (cr === -1) break;
        eol = cr;
      } else eol = cr === -1 || lf < cr ? lf : cr;
      let next = eol + 1;
      if (eol === cr) {
        if (next === length) {
          this.skipLf = true;
          this.skippedLfCounts = eol !== pos;
        } else if (text.charCodeAt(next) === LF) next++;
      }

      if (eol === pos) {
        this.dispatch();
        this.eventBytes = 0;
        eventStart = next;
      } else {
        if (limited && this.eventBytes + 3 * (next - eventStart) > limit) {
          this.eventBytes += utf8Length(text, eventStart, next, limit - this.eventBytes);
          eventStart = next;
          if (this.eventBytes > limit) return this.fail();
        }
        if (
          text.charCodeAt(pos) === 100 && // d
          text.charCodeAt(pos + 1) === 97 && // a
          text.charCodeAt(pos + 2) === 116 && // t
          text.charCodeAt(pos + 3) === 97 && // a
          text.charCodeAt(pos + 4) === COLON
        ) {
          // The line nearly every event consists of, without the general field split.
          const value = text.slice(text.charCodeAt(pos + 5) === SPACE ? pos + 6 : pos + 5, eol);
          if (this.hasData) this.data = this.data + "\n" + value;
          else if (eol === lf && next < length && text.charCodeAt(next) === LF) {
            // A one-line event and its blank line: dispatched at once, without the data buffer.
            this.emit(value);
            this.eventType = undefined;
            this.eventBytes = 0;
            next++;
            eventStart = next;
          } else {
            this.data = value;
            this.hasData = true;
          }
        } else this.line(text, pos, eol);
      }

      pos = next;
      if (lf !== -1 && lf < pos) lf = text.indexOf("\n", pos);
      if (cr !== -1 && cr < pos) cr = text.indexOf("\r", pos);
    }

    if (pos < length) this.parts.push(pos === 0 ? text : text.slice(pos));
    this.measureRest(text, eventStart);
  }

  /**
   * Adds the rest of the chunk, from `eventStart`, to the pending event's size: exactly, while the
   * text is at hand, so that later chunks add to an exact count.
   */
  private measureRest(text: string, eventStart: number): void {
    const limit = this.limit;
    if (limit !== Infinity && eventStart < text.length) {
      this.eventBytes += utf8Length(text, eventStart, text.length, limit - this.eventBytes);
      if (this.eventBytes > limit) this.fail();
    }
  }

  /**
   * Ends the stream. As the spec says, an event without the blank line that dispatches it is
   * discarded; `incomplete` tells whether one was pending: a `data` field without its blank line,
   * or text after the last line end (an unterminated line). The parser is then ready for the
   * next connection's stream, keeping the last event ID, the retry value and the count of
   * dispatched events, as an EventSource keeps them when it reconnects. Throws the ItemTooLarge
   * a last `push` deferred.
   */
  end(): { incomplete: boolean } {
    if (this.failure) throw this.failure;
    const incomplete = this.hasData || this.parts.length > 0;
    this.reset();
    return { incomplete };
  }

  private reset(): void {
    this.started = false;
    this.skipLf = false;
    this.skippedLfCounts = false;
    this.parts = [];
    this.data = "";
    this.hasData = false;
    this.eventType = undefined;
    this.eventRetry = undefined;
    this.eventBytes = 0;
  }

  private fail(): void {
    this.failure = new ItemTooLarge(this.limit, this.count + this.size + 1, "event");
    this.reset();
  }

  /** "Process the field" for the non-blank line `text[start, end)`. */
  private line(text: string, start: number, end: number): void {
    const first = text.charCodeAt(start);
    if (first === COLON) return;
    // The two fields that come with events most, without slicing out the line and its name. (The
    // character at `end` is a line end or past the text, so no check below reads the next line.)
    if (
      first === 101 && // e
      text.charCodeAt(start + 1) === 118 && // v
      text.charCodeAt(start + 2) === 101 && // e
      text.charCodeAt(start + 3) === 110 && // n
      text.charCodeAt(start + 4) === 116 && // t
      text.charCodeAt(start + 5) === COLON
    ) {
      const value = text.slice(text.charCodeAt(start + 6) === SPACE ? start + 7 : start + 6, end);
      this.eventType = value === "" ? undefined : value;
      return;
    }
    if (first === 105 && text.charCodeAt(start + 1) === 100 && text.charCodeAt(start + 2) === COLON) {
      // i, d
      const value = text.slice(text.charCodeAt(start + 3) === SPACE ? start + 4 : start + 3, end);
      if (!value.includes("\0")) this.lastId = value;
      return;
    }
    // A slice first, so that looking for the colon never scans past the line.
    const line = start === 0 && end === text.length ? text : text.slice(start, end);
    const colon = line.indexOf(":");
    let field: string;
    let value: string;
    if (colon === -1) {
      field = line;
      value = "";
    } else {
      field = line.slice(0, colon);
      value = line.slice(line.charCodeAt(colon + 1) === SPACE ? colon + 2 : colon + 1);
    }
    switch (field) {
      case "data":
        if (this.hasData) this.data = this.data + "\n" + value;
        else {
          this.data = value;
          this.hasData = true;
        }
        break;
      case "event":
        this.eventType = value === "" ? undefined : value;
        break;
      case "id":
        if (!value.includes("\0")) this.lastId = value;
        break;
      case "retry":
        if (isDigits(value)) {
          this.lastRetry = Number(value);
          this.eventRetry = this.lastRetry;
        }
        break;
    }
  }

  /** "Dispatch the event" at a blank line: only when a `data` field came (the spec's non-empty data buffer). */
  private dispatch(): void {
    if (this.hasData) {
      this.emit(this.data);
      this.data = "";
      this.hasData = false;
    }
    this.eventType = undefined;
  }

  private emit(data: string): void {
    const type = this.eventType;
    const id = this.lastId;
    // Whole literals for the common shapes: properties added after a literal go to a separate
    // property array, one more allocation per event (30 bytes of 285 for an event with a type
    // and an id, measured).
    let event: ParsedEvent;
    if (this.eventRetry === undefined) {
      if (id === undefined) event = type === undefined ? { data } : { data, event: type };
      else event = type === undefined ? { data, id } : { data, event: type, id };
    } else {
      event = { data, retry: this.eventRetry };
      if (type !== undefined) event.event = type;
      if (id !== undefined) event.id = id;
      this.eventRetry = undefined;
    }
    this.out[this.size++] = event;
  }
}

function isDigits(value: string): boolean {
  if (value === "") return false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}
