/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Base64 both ways with web-standard `btoa`/`atob` only (portable.ts's rule: no Buffer), in
 * chunks so a 20 MiB file never builds one 20 MiB argument list.
 */
export declare function bytesToBase64(bytes: Uint8Array): string;
/**
 * The bytes of standard or URL-safe base64 (padding optional, whitespace ignored), or `undefined`
 * when the text is not base64: then it is not file content, and is left as it came.
 */
export declare function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | undefined;
