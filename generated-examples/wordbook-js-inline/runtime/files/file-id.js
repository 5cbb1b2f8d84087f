/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * File ids as the reference (ERNIE SDK) writes them, so ids a model saw in the reference's
 * prompts, examples or earlier turns keep working: `file-local-<uuid>` for a file this process
 * keeps, `file-<15 digits>` for one kept remotely (AI Studio's file service). The reference
 * recognises a local id by the UUID's shape, not its version (its own tests use a v1 UUID), and
 * lets a model wrap an id in `<file>…</file>`, as its agent prompts do.
 */
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/**
 * The `pattern` of every argument that takes a file id (see model/tool-schema/file-arguments.ts).
 * Kept as one string so the validator can recognise it and say "must be a file id" instead of
 * quoting the expression.
 */
export const FILE_ID_PATTERN = `^(<file>)?file-(local-${UUID}|[0-9]{15})(</file>)?$`;
const LOCAL = new RegExp(`^file-local-${UUID}$`);
const REMOTE = /^file-[0-9]{15}$/;
/** A fresh local id: `file-local-` and a random (v4) UUID in lower case. */
export function newLocalFileId() {
    return `file-local-${crypto.randomUUID().toLowerCase()}`;
}
export function isLocalFileId(text) {
    return LOCAL.test(text);
}
export function isRemoteFileId(text) {
    return REMOTE.test(text);
}
/** The id inside `<file>…</file>`, or the text itself. */
export function unwrapFileId(text) {
    const trimmed = text.trim();
    return trimmed.startsWith("<file>") && trimmed.endsWith("</file>") ? trimmed.slice(6, -7).trim() : trimmed;
}
