/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Base64 both ways with web-standard `btoa`/`atob` only (portable.ts's rule: no Buffer), in
 * chunks so a 20 MiB file never builds one 20 MiB argument list.
 */
const CHUNK = 0x8000;
export function bytesToBase64(bytes) {
    let out = "";
    // A multiple of 3 bytes per chunk, so no chunk but the last is padded.
    const step = CHUNK - (CHUNK % 3);
    for (let i = 0; i < bytes.length; i += step) {
        out += btoa(String.fromCharCode(...bytes.subarray(i, i + step)));
    }
    return out;
}
/**
 * The bytes of standard or URL-safe base64 (padding optional, whitespace ignored), or `undefined`
 * when the text is not base64: then it is not file content, and is left as it came.
 */
export function base64ToBytes(text) {
    const compact = text.replace(/\s+/g, "").replace(/-/g, "+").replace(/_/g, "/");
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.replace(/=+$/, "").length % 4 === 1)
        return undefined;
    const bare = compact.replace(/=+$/, "");
    const bytes = new Uint8Array(Math.floor((bare.length * 3) / 4));
    let written = 0;
    // Four characters decode to three bytes, so chunks of a multiple of 4 decode independently.
    const step = CHUNK * 4;
    for (let i = 0; i < bare.length; i += step) {
        const piece = bare.slice(i, i + step);
        let binary;
        try {
            binary = atob(piece.padEnd(Math.ceil(piece.length / 4) * 4, "="));
        }
        catch {
            return undefined;
        }
        for (let j = 0; j < binary.length; j++)
            bytes[written++] = binary.charCodeAt(j);
    }
    return bytes;
}
