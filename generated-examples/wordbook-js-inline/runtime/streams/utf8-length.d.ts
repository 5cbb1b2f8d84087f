/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * The UTF-8 size of decoded text, which is what the parsers' per-item caps count: the cap is a
 * promise about the bytes a server sent, and JavaScript string lengths undercount them up to 3x.
 */
/**
 * UTF-8 bytes of `text` from `start` to `end`, or, once they pass `max`, some number above `max`
 * (a cap only needs to know it was passed, and a 10 MB line should not be walked to learn that).
 * Each UTF-16 surrogate counts 2, so a pair counts its 4 bytes even when a caller's chunking
 * splits it and the halves are measured apart (a lone surrogate, which no TextDecoder produces,
 * counts 2 as well).
 */
export declare function utf8Length(text: string, start: number, end: number, max?: number): number;
