/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
export interface JsonText {
    text: string;
    /** 1-based line (record) number; 0 only for text before a sequence's first RS. */
    line: number;
}
export declare class JsonLinesParser {
    private readonly limit;
    private readonly separator;
    private readonly unit;
    /** The unterminated line, as the chunks brought it: joined once, when its end arrives. */
    private parts;
    /** Number of the line (record) being assembled. */
    private current;
    /** Exact UTF-8 bytes of the pending line that earlier chunks brought. */
    private pendingBytes;
    private failure;
    /** `maxLineBytes`: the cap on one line (record) in UTF-8 bytes (see the file's header); 0 or Infinity for none. */
    constructor(maxLineBytes: number, separator: "line" | "record");
    /**
     * Returns the complete non-blank lines (records), trimmed of surrounding whitespace incl. \r, in
     * order; each with its 1-based line (record) number. A new array on each call.
     *
     * Throws ItemTooLarge when the pending line passes the cap, having held at most the cap plus
     * this chunk. If the same chunk completed lines before that one, it returns them first and the
     * next `push` or `end` throws; after that the parser stays failed.
     */
    push(text: string): JsonText[];
    /**
     * Ends the stream: the last line if the stream ended without a line end (non-blank), else
     * undefined; for records, the last record. Throws the ItemTooLarge a last `push` deferred.
     */
    end(): JsonText | undefined;
    private fail;
}
