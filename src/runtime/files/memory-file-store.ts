/**
 * The default file store: files in this process's memory, gone when it exits. Bounded, because
 * a long-running agent keeps producing files: past `maxTotalBytes` the oldest files are dropped
 * (a later use of their id is then a clear "no stored file" error for the model). Web-standard
 * only (crypto.randomUUID, Blob), so it is part of the portable runtime.
 */
import { newLocalFileId, isLocalFileId, isRemoteFileId } from "./file-id.js";
import { cleanFilename, cleanMimeType, defaultFilename } from "./file-names.js";
import { fileStoreError, type FileInfo, type FileStore, type NewFile, type StoredFile } from "./file-store.js";

/** 256 MiB: a dozen files at the default per-file limit (20 MiB), far from hurting a server process. */
export const DEFAULT_MEMORY_STORE_BYTES = 256 * 1024 * 1024;

export interface MemoryFileStoreOptions {
  /** Bytes kept at most; the oldest files go first. Default 256 MiB. */
  readonly maxTotalBytes?: number;
}

export class MemoryFileStore implements FileStore {
  // A Map iterates in insertion order: the first entry is the oldest, the one evicted first.
  private readonly files = new Map<string, StoredFile>();
  private total = 0;
  private readonly maxTotalBytes: number;

  constructor(options: MemoryFileStoreOptions = {}) {
    this.maxTotalBytes = options.maxTotalBytes ?? DEFAULT_MEMORY_STORE_BYTES;
  }

  async put(content: Uint8Array | Blob, file: NewFile = {}): Promise<FileInfo> {
    // A copy: the caller may reuse its buffer, and a stored file must not change under its id.
    const bytes = content instanceof Blob ? new Uint8Array(await content.arrayBuffer()) : new Uint8Array(content);
    const id = newLocalFileId();
    const mimeType = cleanMimeType(file.mimeType ?? (content instanceof Blob ? content.type : undefined));
    const stored: StoredFile = { id, filename: cleanFilename(file.filename) ?? defaultFilename("file", mimeType), mimeType, size: bytes.byteLength, bytes };
    this.files.set(id, stored);
    this.total += stored.size;
    for (const [oldId, old] of this.files) {
      if (this.total <= this.maxTotalBytes || oldId === id) break;
      this.files.delete(oldId);
      this.total -= old.size;
    }
    return infoOf(stored);
  }

  async get(id: string): Promise<StoredFile> {
    return this.find(id);
  }

  async info(id: string): Promise<FileInfo> {
    return infoOf(this.find(id));
  }

  async delete(id: string): Promise<boolean> {
    const stored = this.files.get(id);
    if (stored === undefined) return false;
    this.files.delete(id);
    this.total -= stored.size;
    return true;
  }

  async list(): Promise<FileInfo[]> {
    return [...this.files.values()].map(infoOf);
  }

  private find(id: string): StoredFile {
    const stored = this.files.get(id);
    if (stored !== undefined) return stored;
    throw fileStoreError(isLocalFileId(id) ? "NOT_FOUND" : isRemoteFileId(id) ? "REMOTE_ID" : "INVALID_ID", id);
  }
}

function infoOf(file: FileInfo): FileInfo {
  return { id: file.id, filename: file.filename, mimeType: file.mimeType, size: file.size };
}
