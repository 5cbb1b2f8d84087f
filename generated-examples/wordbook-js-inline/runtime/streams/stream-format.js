/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
const FORMATS = new Map([
    ["text/event-stream", "event-stream"],
    ["application/jsonl", "json-lines"],
    ["application/x-ndjson", "json-lines"],
    ["application/x-jsonlines", "json-lines"],
    ["application/json-seq", "json-seq"],
    ["application/geo+json-seq", "json-seq"],
]);
/** The stream format of a media type or Content-Type value (parameters ignored), if it is one. */
export function streamFormatOf(mediaType) {
    return FORMATS.get(mediaType.split(";")[0].trim().toLowerCase());
}
