/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Reads an answer's body with a size cap that holds while it streams: a tool server that sends
 * 300 MiB (by mistake or on purpose) is cut off at the cap, before the body is buffered, instead
 * of filling the caller's memory (and, in the MCP bridge, the model's context) with it. Text
 * types come back as text, anything else (and anything when `binary` is set) as a Blob, as
 * `decodeSuccess` expects.
 */
import { contentTypeOf, isJson } from "./decode-response.js";
/** 32 MiB: far above any JSON a model or an app reads whole, far below what hurts a process. */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
/** The body passed the cap; what was read of it is dropped. */
export class BodyTooLarge {
    limit;
    constructor(limit) {
        this.limit = limit;
    }
}
export async function readCappedBody(response, limit, binary = false) {
    const type = contentTypeOf(response);
    const asText = !binary && (isJson(type) || type.startsWith("text/") || type === "" || type.includes("xml") || type.includes("html"));
    if (!(limit > 0) || limit === Infinity)
        return asText ? { text: await response.text() } : { blob: await response.blob() };
    const declared = Number(response.headers.get("content-length") ?? Number.NaN);
    if (declared > limit) {
        await response.body?.cancel().catch(() => { });
        return new BodyTooLarge(limit);
    }
    const chunks = [];
    let size = 0;
    if (response.body) {
        const reader = response.body.getReader();
        for (;;) {
            const { done, value } = await reader.read();
            if (done)
                break;
            size += value.byteLength;
            if (size > limit) {
                await reader.cancel().catch(() => { });
                return new BodyTooLarge(limit);
            }
            chunks.push(value);
        }
    }
    if (!asText)
        return { blob: new Blob(chunks, { type: response.headers.get("content-type") ?? "" }) };
    const decoder = new TextDecoder();
    let text = "";
    for (const chunk of chunks)
        text += decoder.decode(chunk, { stream: true });
    return { text: text + decoder.decode() };
}
