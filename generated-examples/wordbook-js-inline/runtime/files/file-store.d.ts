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
export interface FileInfo {
    readonly id: string;
    /** A name without any folder part; never empty. */
    readonly filename: string;
    /** The media type, `application/octet-stream` when nothing better is known. */
    readonly mimeType: string;
    /** Bytes. */
    readonly size: number;
}
export interface StoredFile extends FileInfo {
    /** May be the store's own buffer (MemoryFileStore does not copy on read): read it, never change it. */
    readonly bytes: Uint8Array<ArrayBuffer>;
}
export interface NewFile {
    readonly filename?: string;
    readonly mimeType?: string;
}
export interface FileStore {
    /** Keeps the bytes under a new local id; returns what it kept (the name and type it settled on). */
    put(bytes: Uint8Array | Blob, file?: NewFile): Promise<FileInfo>;
    /** The file's content and metadata; throws FileStoreError when there is no such file. */
    get(id: string): Promise<StoredFile>;
    /** The metadata alone, so a size limit can be checked before the content is read. Throws like `get`. */
    info(id: string): Promise<FileInfo>;
    /** True when there was such a file. */
    delete(id: string): Promise<boolean>;
    /** Every file kept, oldest first. */
    list(): Promise<FileInfo[]>;
}
export type FileStoreErrorCode = 
/** Well formed, but this store has no such file (never had it, deleted, or evicted). */
"NOT_FOUND"
/** The reference's remote form `file-<15 digits>`: kept by a file service this store cannot reach. */
 | "REMOTE_ID"
/** Not a file id at all. */
 | "INVALID_ID";
/** Why a file id cannot be used; `message` is written so a model can act on it. */
export declare class FileStoreError extends Error {
    readonly code: FileStoreErrorCode;
    readonly id: string;
    readonly name = "FileStoreError";
    constructor(code: FileStoreErrorCode, id: string, message: string);
}
/** The standard errors, one wording for every store. */
export declare function fileStoreError(code: FileStoreErrorCode, id: string): FileStoreError;
