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
