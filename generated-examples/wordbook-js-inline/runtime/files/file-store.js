/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Where the files a model passes to tools, and gets back from them, are kept. A model never sees
 * bytes: it sees an id (`file-local-<uuid>`, see file-id.ts) and hands that id to the next tool;
 * the toolkit swaps ids for content on the way out and content for ids on the way back.
 *
 * Pluggable: `MemoryFileStore` is the default, `DiskFileStore` (Node only, from `toolgen/runtime`)
 * keeps files in a folder, and an app can pass its own, for instance one that also resolves the
 * reference's remote ids (`file-<15 digits>`) from its file service.
 */
/** Why a file id cannot be used; `message` is written so a model can act on it. */
export class FileStoreError extends Error {
    code;
    id;
    name = "FileStoreError";
    constructor(code, id, message) {
        super(message);
        this.code = code;
        this.id = id;
    }
}
/** The standard errors, one wording for every store. */
export function fileStoreError(code, id) {
    const shown = JSON.stringify(id.length > 80 ? `${id.slice(0, 80)}…` : id);
    switch (code) {
        case "NOT_FOUND":
            return new FileStoreError(code, id, `names no stored file (${shown}): use an id exactly as an earlier tool result or the user gave it; files may also have been deleted or expired`);
        case "REMOTE_ID":
            return new FileStoreError(code, id, `is a remote file id (${shown}), which this application cannot fetch: pass a local file id (file-local-…) from an earlier tool result instead`);
        default:
            return new FileStoreError(code, id, `is not a file id (${shown}): pass the id of a stored file, file-local-<uuid>, as an earlier tool result gave it`);
    }
}
