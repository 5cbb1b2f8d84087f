/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/** Characters of an error answer's body `toolErrorText` passes on beyond the message's own snippet. */
export declare const ERROR_BODY_TEXT_LIMIT = 2000;
export declare function toolResultText(result: unknown): string;
/**
 * The text to send back when a call failed. A ToolInputError's message is already written for a
 * model to retry; other errors say that the call failed and why, without a stack trace. An error
 * answer's decoded body (a 422's field list, a 409's reason) goes with it, up to
 * ERROR_BODY_TEXT_LIMIT characters, when the message's one-line snippet did not already hold it all.
 */
export declare function toolErrorText(error: unknown): string;
