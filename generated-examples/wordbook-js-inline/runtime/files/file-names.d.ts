/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Names and media types of stored files. A name comes from a tool server (Content-Disposition)
 * or a description (a field name), so it is cleaned before a model, a multipart part or a
 * user's download sees it: no folder part (`../../etc/passwd` is `passwd`), no control
 * characters, a bounded length. A file without a name is named after where it came from plus the
 * extension of its type (`getImage.png`), never the reference's `tool-.png` or `testNone`.
 */
export declare const DEFAULT_MIME_TYPE = "application/octet-stream";
/** `type/subtype` in lower case without parameters, or the default for anything unusable. */
export declare function cleanMimeType(type: string | undefined): string;
/** The name without folders and control characters, at most 200 characters; `undefined` when nothing is left. */
export declare function cleanFilename(name: string | undefined): string | undefined;
/** `stem` plus the extension of `mimeType` (`.bin` for an unknown type). */
export declare function defaultFilename(stem: string, mimeType: string): string;
