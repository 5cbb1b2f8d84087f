/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Names and media types of stored files. A name comes from a tool server (Content-Disposition)
 * or a description (a field name), so it is cleaned before a model, a multipart part or a
 * user's download sees it: no folder part (`../../etc/passwd` is `passwd`), no control
 * characters, a bounded length. A file without a name is named after where it came from plus the
 * extension of its type (`getImage.png`), never the reference's `tool-.png` or `testNone`.
 */
const EXTENSIONS = {
    "image/png": ".png",
    "image/jpeg": ".jpg",
    "image/gif": ".gif",
    "image/webp": ".webp",
    "image/bmp": ".bmp",
    "image/svg+xml": ".svg",
    "image/tiff": ".tiff",
    "audio/mpeg": ".mp3",
    "audio/mp3": ".mp3",
    "audio/wav": ".wav",
    "audio/x-wav": ".wav",
    "audio/ogg": ".ogg",
    "video/mp4": ".mp4",
    "video/webm": ".webm",
    "application/pdf": ".pdf",
    "application/json": ".json",
    "application/zip": ".zip",
    "application/xml": ".xml",
    "text/plain": ".txt",
    "text/csv": ".csv",
    "text/html": ".html",
    "text/markdown": ".md",
};
export const DEFAULT_MIME_TYPE = "application/octet-stream";
const MAX_NAME_LENGTH = 200;
/** `type/subtype` in lower case without parameters, or the default for anything unusable. */
export function cleanMimeType(type) {
    const base = (type ?? "").split(";")[0].trim().toLowerCase();
    return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(base) ? base : DEFAULT_MIME_TYPE;
}
/** The name without folders and control characters, at most 200 characters; `undefined` when nothing is left. */
export function cleanFilename(name) {
    if (name === undefined)
        return undefined;
    // eslint-disable-next-line no-control-regex
    const last = name.replace(/[\u0000-\u001f\u007f]/g, "").split(/[/\\]/).pop().trim();
    if (last === "" || last === "." || last === "..")
        return undefined;
    const chars = [...last];
    return chars.length > MAX_NAME_LENGTH ? chars.slice(chars.length - MAX_NAME_LENGTH).join("") : last;
}
/** `stem` plus the extension of `mimeType` (`.bin` for an unknown type). */
export function defaultFilename(stem, mimeType) {
    const clean = cleanFilename(stem.replace(/[^\p{L}\p{N}._-]+/gu, "_")) ?? "file";
    return `${clean}${Object.hasOwn(EXTENSIONS, mimeType) ? EXTENSIONS[mimeType] : ".bin"}`;
}
