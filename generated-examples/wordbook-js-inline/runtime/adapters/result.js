/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Handing a tool's outcome back to a model. The result goes back as the server sent it: text as
 * is, anything else as JSON with every field kept, including a `prompt` field, which by the
 * reference's convention steers the model's final answer and must reach it untouched.
 */
import { ToolInputError } from "../validation/tool-input-error.js";
import { ToolCallError } from "../tool-call-error.js";
/** Characters of an error answer's body `toolErrorText` passes on beyond the message's own snippet. */
export const ERROR_BODY_TEXT_LIMIT = 2_000;
export function toolResultText(result) {
    if (typeof result === "string")
        return result;
    if (result === undefined)
        return "null";
    return JSON.stringify(result) ?? "null";
}
/**
 * The text to send back when a call failed. A ToolInputError's message is already written for a
 * model to retry; other errors say that the call failed and why, without a stack trace. An error
 * answer's decoded body (a 422's field list, a 409's reason) goes with it, up to
 * ERROR_BODY_TEXT_LIMIT characters, when the message's one-line snippet did not already hold it all.
 */
export function toolErrorText(error) {
    if (error instanceof ToolInputError)
        return error.message;
    const message = error instanceof Error ? error.message : String(error);
    const body = error instanceof ToolCallError && error.code === "HTTP_STATUS" ? bodyText(error.body) : "";
    if (body && !message.includes(body)) {
        const bounded = body.length > ERROR_BODY_TEXT_LIMIT ? `${body.slice(0, ERROR_BODY_TEXT_LIMIT)}…` : body;
        return `The tool call failed: ${message}\nThe answer's body: ${bounded}`;
    }
    return `The tool call failed: ${message}`;
}
function bodyText(body) {
    if (typeof body === "string")
        return body.trim();
    if (body === undefined || body === null || (typeof Blob !== "undefined" && body instanceof Blob))
        return "";
    return JSON.stringify(body) ?? "";
}
