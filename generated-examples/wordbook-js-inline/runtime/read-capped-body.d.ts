/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/** 32 MiB: far above any JSON a model or an app reads whole, far below what hurts a process. */
export declare const DEFAULT_MAX_RESPONSE_BYTES: number;
/** The body passed the cap; what was read of it is dropped. */
export declare class BodyTooLarge {
    readonly limit: number;
    constructor(limit: number);
}
export declare function readCappedBody(response: Response, limit: number, binary?: boolean): Promise<{
    text?: string;
    blob?: Blob;
} | BodyTooLarge>;
