/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * One request sent and its answer's headers received: the seam between sending (request.ts) and
 * reading, whole (request.ts) or item by item (streams/tool-stream.ts).
 */
import { networkReason } from "./network-reason.js";
import { ToolCallError } from "./tool-call-error.js";
/** A failure while sending or reading, as the error the caller sees. */
export function transportError(exchange, error) {
    if (error instanceof ToolCallError)
        return error;
    if (exchange.timedOut())
        return exchange.fail(`got no complete answer within ${exchange.timeoutMs} ms`, "TIMEOUT", { cause: error });
    if (exchange.controller.signal.aborted)
        return exchange.fail("was aborted", "ABORTED", { cause: error });
    return exchange.fail(`failed: ${networkReason(error)}`, "NETWORK", { cause: error });
}
