/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
export { ItemTooLarge } from "./item-too-large.js";
export interface ParsedEvent {
    data: string;
    event?: string;
    id?: string;
    retry?: number;
}
export declare class EventStreamParser {
    private readonly limit;
    /** Whether the first character of the stream (a possible BOM) has been seen. */
    private started;
    /** The previous chunk ended in CR, so an LF opening the next one is the same line end. */
    private skipLf;
    /** That CR ended a line of the pending event, so its LF belongs to the event's count. */
    private skippedLfCounts;
    /** The unterminated line, as the chunks brought it: joined once, when its line end arrives. */
    private parts;
    private data;
    private hasData;
    private eventType;
    private lastId;
    private eventRetry;
    private lastRetry;
    /** Events dispatched before the current chunk. */
    private count;
    /** Exact UTF-8 bytes of the pending event that earlier chunks brought. */
    private eventBytes;
    private failure;
    /** What `push` returns: a new array each time, sized for as many events as the last chunk brought. */
    private out;
    /** Events `out` holds from the current chunk. */
    private size;
    /** `maxEventBytes`: the cap on one event's raw text in UTF-8 bytes (see the file's header); 0 or Infinity for none. */
    constructor(maxEventBytes: number);
    /** Events dispatched so far (1-based position of the next event = dispatched + 1). */
    get dispatched(): number;
    /** The last valid `retry` field of the stream so far (milliseconds), whether or not an event carried it. */
    get retry(): number | undefined;
    /**
     * Feeds one decoded text chunk; returns the events it completed, in order: a new array on each
     * call (empty when none), which the caller may keep.
     *
     * Throws ItemTooLarge when the pending event passes the cap, having held at most the cap plus
     * this chunk. If the same chunk completed events before that one, it returns them first and the
     * next `push` or `end` throws; after that the parser stays failed.
     */
    push(text: string): ParsedEvent[];
    private scan;
    /**
     * Adds the rest of the chunk, from `eventStart`, to the pending event's size: exactly, while the
     * text is at hand, so that later chunks add to an exact count.
     */
    private measureRest;
    /**
     * Ends the stream. As the spec says, an event without the blank line that dispatches it is
     * discarded; `incomplete` tells whether one was pending: a `data` field without its blank line,
     * or text after the last line end (an unterminated line). The parser is then ready for the
     * next connection's stream, keeping the last event ID, the retry value and the count of
     * dispatched events, as an EventSource keeps them when it reconnects. Throws the ItemTooLarge
     * a last `push` deferred.
     */
    end(): {
        incomplete: boolean;
    };
    private reset;
    private fail;
    /** "Process the field" for the non-blank line `text[start, end)`. */
    private line;
    /** "Dispatch the event" at a blank line: only when a `data` field came (the spec's non-empty data buffer). */
    private dispatch;
    private emit;
}
