/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Reading the answer. 2xx: JSON by Content-Type (an invalid body is an error, not data), text
 * for `text/*`, a Blob otherwise, `undefined` for no content. An HTML page where JSON was
 * promised (a proxy's error page with status 200) is an error too. Non-2xx: ToolCallError with
 * the body parsed when it is JSON.
 */
import type { OperationSpec } from "./operation.js";
/** A 2xx answer that cannot be handed back as data (a class, so no JSON body can imitate it). */
export declare class InvalidAnswer {
    readonly message: string;
    readonly body: unknown;
    constructor(message: string, body: unknown);
}
export declare function readBody(response: Response): Promise<{
    text?: string;
    blob?: Blob;
}>;
export declare function contentTypeOf(response: Response): string;
export declare function isJson(type: string): boolean;
/** Decodes a 2xx answer, or describes why it cannot be used. */
export declare function decodeSuccess(op: OperationSpec, response: Response, read: {
    text?: string;
    blob?: Blob;
}): unknown;
/** The body of an error answer: parsed JSON when it is JSON, else the text. */
export declare function errorBody(response: Response, read: {
    text?: string;
    blob?: Blob;
}): unknown;
export declare function snippet(text: string, max?: number): string;
