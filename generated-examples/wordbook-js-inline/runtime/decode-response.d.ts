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
