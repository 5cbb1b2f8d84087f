/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
export class ToolCallError extends Error {
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
    }
}
export function isToolCallError(error) {
    return error instanceof ToolCallError;
}
