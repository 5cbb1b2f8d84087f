/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
import { type FileInfo, type FileStore, type NewFile, type StoredFile } from "./file-store.js";
/** 256 MiB: a dozen files at the default per-file limit (20 MiB), far from hurting a server process. */
export declare const DEFAULT_MEMORY_STORE_BYTES: number;
export interface MemoryFileStoreOptions {
    /** Bytes kept at most; the oldest files go first. Default 256 MiB. */
    readonly maxTotalBytes?: number;
}
export declare class MemoryFileStore implements FileStore {
    private readonly files;
    private total;
    private readonly maxTotalBytes;
    constructor(options?: MemoryFileStoreOptions);
    put(content: Uint8Array | Blob, file?: NewFile): Promise<FileInfo>;
    get(id: string): Promise<StoredFile>;
    info(id: string): Promise<FileInfo>;
    delete(id: string): Promise<boolean>;
    list(): Promise<FileInfo[]>;
    private find;
}
