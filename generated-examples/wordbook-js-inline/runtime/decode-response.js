/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/** A 2xx answer that cannot be handed back as data (a class, so no JSON body can imitate it). */
export class InvalidAnswer {
    message;
    body;
    constructor(message, body) {
        this.message = message;
        this.body = body;
    }
}
export async function readBody(response) {
    const type = contentTypeOf(response);
    if (isJson(type) || type.startsWith("text/") || type === "" || type.includes("xml") || type.includes("html")) {
        return { text: await response.text() };
    }
    return { blob: await response.blob() };
}
export function contentTypeOf(response) {
    return (response.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
}
export function isJson(type) {
    return type === "application/json" || type.endsWith("+json");
}
/** Decodes a 2xx answer, or describes why it cannot be used. */
export function decodeSuccess(op, response, read) {
    const type = contentTypeOf(response);
    if (read.blob)
        return read.blob.size === 0 && op.response !== "binary" ? undefined : read.blob;
    const text = read.text ?? "";
    if (response.status === 204 || response.status === 205 || text === "")
        return undefined;
    if (isJson(type) || (type === "" && op.response === "json")) {
        try {
            return JSON.parse(text);
        }
        catch (error) {
            return new InvalidAnswer(`answered ${response.status} with invalid JSON: ${error.message}`, text.slice(0, 1000));
        }
    }
    if (op.response === "json" && type.includes("html")) {
        return new InvalidAnswer(`answered ${response.status} with an HTML page where JSON was expected: ${snippet(text)}`, text.slice(0, 1000));
    }
    return text;
}
/** The body of an error answer: parsed JSON when it is JSON, else the text. */
export function errorBody(response, read) {
    if (read.blob)
        return read.blob;
    const text = read.text ?? "";
    if (isJson(contentTypeOf(response))) {
        try {
            return JSON.parse(text);
        }
        catch {
            return text;
        }
    }
    return text;
}
export function snippet(text, max = 200) {
    const oneLine = text.replace(/\s+/g, " ").trim();
    return oneLine.length > max ? `${oneLine.slice(0, max)}…` : oneLine;
}
