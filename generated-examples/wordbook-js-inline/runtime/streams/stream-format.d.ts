/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * The sequential media types (OpenAPI 3.2 §4.14.1) the runtime reads item by item, by format.
 * The generator reads descriptions with the same table, so what it types as a stream is what the
 * runtime parses as one.
 */
import type { StreamFormat } from "../operation.js";
/** The stream format of a media type or Content-Type value (parameters ignored), if it is one. */
export declare function streamFormatOf(mediaType: string): StreamFormat | undefined;
