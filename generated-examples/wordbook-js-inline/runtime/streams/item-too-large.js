/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * The one error the streamed-answer parsers throw: one item (an event of a text/event-stream,
 * a line of JSON Lines, a record of a JSON text sequence) grew past the caller's cap. The cap is
 * per item, not per stream: an endless stream of small items is fine, one endless item is not,
 * because a parser has to hold an item whole before it can hand it over.
 */
export class ItemTooLarge extends Error {
    limit;
    position;
    unit;
    constructor(
    /** The cap, in UTF-8 bytes. */
    limit, 
    /** 1-based index of the item that passed the cap (record 0 is text before a sequence's first RS). */
    position, unit) {
        super(`${unit} ${position} of the streamed answer is larger than ${limit} bytes`);
        this.limit = limit;
        this.position = position;
        this.unit = unit;
        this.name = "ItemTooLarge";
    }
}
