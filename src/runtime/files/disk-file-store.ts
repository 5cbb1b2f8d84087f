/**
 * A file store in a folder, for files that must outlive the process or be shared by processes on
 * one machine (for instance an MCP bridge restarted between a model's turns). Node only, so it is
 * exported from `toolgen/runtime` but kept out of portable.ts, which generated code copies.
 *
 * Layout: `<dir>/<id>` holds the bytes and `<dir>/<id>.json` the name, type and size. Both are
 * written to a temporary name and renamed, content first, so a reader sees a file whole or not
 * at all. Ids are checked against the local form before they become paths, so no id can name a
 * file outside the folder.
 */
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { newLocalFileId, isLocalFileId, isRemoteFileId } from "./file-id.js";
import { cleanFilename, cleanMimeType, defaultFilename } from "./file-names.js";
import { fileStoreError, type FileInfo, type FileStore, type NewFile, type StoredFile } from "./file-store.js";

export class DiskFileStore implements FileStore {
  constructor(readonly dir: string) {}

  async put(content: Uint8Array | Blob, file: NewFile = {}): Promise<FileInfo> {
    const bytes = content instanceof Blob ? new Uint8Array(await content.arrayBuffer()) : content;
    const id = newLocalFileId();
    const mimeType = cleanMimeType(file.mimeType ?? (content instanceof Blob ? content.type : undefined));
    const info: FileInfo = { id, filename: cleanFilename(file.filename) ?? defaultFilename("file", mimeType), mimeType, size: bytes.byteLength };
    await mkdir(this.dir, { recursive: true });
    await writeAtomically(join(this.dir, id), bytes);
    await writeAtomically(join(this.dir, `${id}.json`), JSON.stringify({ filename: info.filename, mimeType, size: info.size }));
    return info;
  }

  async get(id: string): Promise<StoredFile> {
    const info = await this.info(id);
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = new Uint8Array(await readFile(join(this.dir, id)));
    } catch (error) {
      throw missing(error, id);
    }
    return { ...info, size: bytes.byteLength, bytes };
  }

  async info(id: string): Promise<FileInfo> {
    this.check(id);
    let text: string;
    try {
      text = await readFile(join(this.dir, `${id}.json`), "utf8");
    } catch (error) {
      throw missing(error, id);
    }
    const info = infoFrom(id, text);
    if (info === undefined) throw fileStoreError("NOT_FOUND", id);
    return info;
  }

  async delete(id: string): Promise<boolean> {
    if (!isLocalFileId(id)) return false;
    const existed = await stat(join(this.dir, `${id}.json`)).then(
      () => true,
      () => false,
    );
    // Metadata first: once it is gone, the id is unknown even if removing the content fails.
    await rm(join(this.dir, `${id}.json`), { force: true });
    await rm(join(this.dir, id), { force: true });
    return existed;
  }

  async list(): Promise<FileInfo[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const found: { info: FileInfo; time: bigint }[] = [];
    for (const name of names) {
      const id = name.endsWith(".json") ? name.slice(0, -5) : "";
      if (!isLocalFileId(id)) continue;
      try {
        const path = join(this.dir, name);
        // Nanoseconds: two files written within one millisecond still list in the order they came.
        const [text, stats] = await Promise.all([readFile(path, "utf8"), stat(path, { bigint: true })]);
        const info = infoFrom(id, text);
        if (info) found.push({ info, time: stats.mtimeNs });
      } catch {
        // Deleted while listing.
      }
    }
    return found.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0)).map((f) => f.info);
  }

  private check(id: string): void {
    if (!isLocalFileId(id)) throw fileStoreError(isRemoteFileId(id) ? "REMOTE_ID" : "INVALID_ID", id);
  }
}

async function writeAtomically(path: string, data: Uint8Array | string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

function missing(error: unknown, id: string): unknown {
  return (error as NodeJS.ErrnoException).code === "ENOENT" ? fileStoreError("NOT_FOUND", id) : error;
}

function infoFrom(id: string, text: string): FileInfo | undefined {
  try {
    const meta = JSON.parse(text) as { filename?: unknown; mimeType?: unknown; size?: unknown };
    if (typeof meta.size !== "number") return undefined;
    const mimeType = cleanMimeType(typeof meta.mimeType === "string" ? meta.mimeType : undefined);
    const filename = cleanFilename(typeof meta.filename === "string" ? meta.filename : undefined) ?? defaultFilename("file", mimeType);
    return { id, filename, mimeType, size: meta.size };
  } catch {
    return undefined;
  }
}
