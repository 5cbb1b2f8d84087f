/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * The one error every generated function rejects with. `code` says what kind of failure it was,
 * so callers (and agent loops) can decide whether to retry, report or give up.
 */
export type ToolCallErrorCode = "HTTP_STATUS" | "NETWORK" | "TIMEOUT" | "ABORTED" | "INVALID_RESPONSE" | "RESPONSE_TOO_LARGE"
/** The input cannot be sent as the description asks (a required parameter missing, a wrong shape); nothing was sent. */
 | "INVALID_INPUT"
/** A credential function (`auth: { scheme: () => token }`) failed or gave no usable value; nothing was sent. */
 | "AUTH";
export interface ToolCallErrorInit {
    readonly tool: string;
    readonly code: ToolCallErrorCode;
    readonly method: string;
    /** The request URL. Never holds a secret: tokens travel in headers only. */
    readonly url: string;
    readonly status?: number;
    readonly body?: unknown;
    readonly cause?: unknown;
    /** From the answer's Retry-After header. */
    readonly retryAfterMs?: number;
    /** The server's id of the request (REQUEST_ID_HEADERS), for an answer that carries one. */
    readonly requestId?: string;
    /** The answer's headers, for an HTTP error. */
    readonly headers?: Readonly<Record<string, string>>;
}
/**
 * Headers that name a request, in the order they are looked for; the first one present becomes
 * `requestId`: the common `x-request-id` and `request-id` (Stripe, OpenAI, Anthropic), AWS's
 * `x-amzn-requestid` and `x-amz-request-id`, `x-correlation-id`, GitHub's `x-github-request`
 * `-id`, Google's `x-cloud-trace-context`, Cloudflare's `cf-ray`.
 */
export declare const REQUEST_ID_HEADERS: readonly string[];
/**
 * The brand every copy of the runtime sets on its errors (`Symbol.for` is one symbol across copies
 * and realms), so a generated client's inline runtime and `toolgen/runtime` recognise each other's
 * errors: `instanceof` and `isToolCallError` check it, not the class.
 */
declare const TOOL_CALL_ERROR: unique symbol;
export declare class ToolCallError extends Error {
    /** True for an error of any copy of the runtime (TOOL_CALL_ERROR); a subclass checks its own prototype chain. */
    static [Symbol.hasInstance](value: unknown): boolean;
    readonly name = "ToolCallError";
    readonly tool: string;
    readonly code: ToolCallErrorCode;
    readonly method: string;
    readonly url: string;
    readonly status?: number;
    /** The answer's body: parsed JSON when it was JSON, else text. */
    readonly body?: unknown;
    /** How long the server asked to wait before retrying (Retry-After), in ms. */
    readonly retryAfterMs?: number;
    /**
     * The server's id of this request, for reports and support tickets: the first of
     * REQUEST_ID_HEADERS the answer carries.
     */
    readonly requestId?: string;
    /**
     * The answer's headers, for an HTTP error (`code` "HTTP_STATUS"): a plain object keyed by the
     * lower-case header name (`e.headers?.["ratelimit-reset"]`), so the error can be logged,
     * serialised or sent between workers as it is; repeated headers are joined with ", " as
     * `Headers.get` joins them.
     */
    readonly headers?: Readonly<Record<string, string>>;
    readonly [TOOL_CALL_ERROR]: true;
    constructor(message: string, init: ToolCallErrorInit);
}
/** A ToolCallError of any copy of the runtime. */
export declare function isToolCallError(error: unknown): error is ToolCallError;
/** The answer's headers as a lower-case record, and its request id (REQUEST_ID_HEADERS). */
export declare function answerHeaders(headers: Headers): {
    headers: Record<string, string>;
    requestId?: string;
};
export {};
