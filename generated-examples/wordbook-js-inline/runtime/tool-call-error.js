/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Headers that name a request, in the order they are looked for; the first one present becomes
 * `requestId`: the common `x-request-id` and `request-id` (Stripe, OpenAI, Anthropic), AWS's
 * `x-amzn-requestid` and `x-amz-request-id`, `x-correlation-id`, GitHub's `x-github-request`
 * `-id`, Google's `x-cloud-trace-context`, Cloudflare's `cf-ray`.
 */
export const REQUEST_ID_HEADERS = [
    "x-request-id",
    "request-id",
    "x-amzn-requestid",
    "x-amz-request-id",
    "x-correlation-id",
    "x-github-request-id",
    "x-cloud-trace-context",
    "cf-ray",
];
/**
 * The brand every copy of the runtime sets on its errors (`Symbol.for` is one symbol across copies
 * and realms), so a generated client's inline runtime and `toolgen/runtime` recognise each other's
 * errors: `instanceof` and `isToolCallError` check it, not the class.
 */
const TOOL_CALL_ERROR = Symbol.for("toolgen.ToolCallError");
export class ToolCallError extends Error {
    /** True for an error of any copy of the runtime (TOOL_CALL_ERROR); a subclass checks its own prototype chain. */
    static [Symbol.hasInstance](value) {
        if (this !== ToolCallError)
            return Function.prototype[Symbol.hasInstance].call(this, value);
        return typeof value === "object" && value !== null && value[TOOL_CALL_ERROR] === true;
    }
    name = "ToolCallError";
    tool;
    code;
    method;
    url;
    status;
    /** The answer's body: parsed JSON when it was JSON, else text. */
    body;
    /** How long the server asked to wait before retrying (Retry-After), in ms. */
    retryAfterMs;
    /**
     * The server's id of this request, for reports and support tickets: the first of
     * REQUEST_ID_HEADERS the answer carries.
     */
    requestId;
    /**
     * The answer's headers, for an HTTP error (`code` "HTTP_STATUS"): a plain object keyed by the
     * lower-case header name (`e.headers?.["ratelimit-reset"]`), so the error can be logged,
     * serialised or sent between workers as it is; repeated headers are joined with ", " as
     * `Headers.get` joins them.
     */
    headers;
    constructor(message, init) {
        super(`${init.tool}: ${init.method} ${init.url} ${message}`, init.cause === undefined ? undefined : { cause: init.cause });
        this.tool = init.tool;
        this.code = init.code;
        this.method = init.method;
        this.url = init.url;
        if (init.status !== undefined)
            this.status = init.status;
        if (init.body !== undefined)
            this.body = init.body;
        if (init.retryAfterMs !== undefined)
            this.retryAfterMs = init.retryAfterMs;
        if (init.requestId !== undefined)
            this.requestId = init.requestId;
        if (init.headers !== undefined)
            this.headers = init.headers;
        Object.defineProperty(this, TOOL_CALL_ERROR, { value: true });
    }
}
/** A ToolCallError of any copy of the runtime. */
export function isToolCallError(error) {
    return error instanceof ToolCallError;
}
/** The answer's headers as a lower-case record, and its request id (REQUEST_ID_HEADERS). */
export function answerHeaders(headers) {
    const record = {};
    // Headers iterate with lower-case names, repeated ones already joined; set-cookie is left out (it names a session).
    headers.forEach((value, name) => {
        if (name !== "set-cookie")
            record[name] = value;
    });
    for (const name of REQUEST_ID_HEADERS) {
        const value = record[name];
        if (value)
            return { headers: record, requestId: value };
    }
    return { headers: record };
}
