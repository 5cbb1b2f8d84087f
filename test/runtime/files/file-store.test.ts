/**
 * The file stores and the pieces under them: ids in the reference's two forms, the memory store
 * (bounded, oldest out first) and the disk store (survives a restart, refuses ids that are not
 * ids before they become paths), base64 both ways, Content-Disposition, and that the portable
 * runtime copied into generated code carries the memory store but not the disk store.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { inlineRuntimeFiles } from "../../../src/emit/inline-runtime.js";
import { base64ToBytes, bytesToBase64 } from "../../../src/runtime/files/base64.js";
import { downloadOf } from "../../../src/runtime/files/content-disposition.js";
import { DiskFileStore } from "../../../src/runtime/files/disk-file-store.js";
import { FILE_ID_PATTERN, isLocalFileId, isRemoteFileId, newLocalFileId, unwrapFileId } from "../../../src/runtime/files/file-id.js";
import { FileStoreError, type FileStore } from "../../../src/runtime/files/file-store.js";
import { MemoryFileStore } from "../../../src/runtime/files/memory-file-store.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "toolgen-files-"));
  dirs.push(dir);
  return dir;
}

async function code(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FileStoreError);
  return (error as FileStoreError).code;
}

test("ids: new ones are file-local-<lower-case v4 uuid>; the reference's local (any UUID) and remote forms are recognised", () => {
  const id = newLocalFileId();
  expect(id).toMatch(/^file-local-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(newLocalFileId()).not.toBe(id);
  // The ids of the reference's own tests (test_schema.py): a v1 UUID, and 15 digits.
  expect(isLocalFileId("file-local-609f02c0-98c3-11ee-a72b-fa2020087eb4")).toBe(true);
  expect(isRemoteFileId("file-123456789012345")).toBe(true);
  for (const other of ["12345", "123", "file-12345678901234", "file-1234567890123456", "file-local-609F02C0-98c3-11ee-a72b-fa2020087eb4", ` ${id}`]) {
    expect(isLocalFileId(other) || isRemoteFileId(other), other).toBe(false);
  }
  const pattern = new RegExp(FILE_ID_PATTERN);
  expect([id, "file-123456789012345", `<file>${id}</file>`].every((t) => pattern.test(t))).toBe(true);
  expect(["report.pdf", "", "file-local-x", `${id}x`].some((t) => pattern.test(t))).toBe(false);
  expect(unwrapFileId(`<file>${id}</file>`)).toBe(id);
});

describe.each([
  ["MemoryFileStore", () => new MemoryFileStore()],
  ["DiskFileStore", () => new DiskFileStore(join(tempDir(), "files"))],
] as [string, () => FileStore][])("%s", (_name, make) => {
  test("put, info, get, list, delete", async () => {
    const store = make();
    expect(await store.list()).toEqual([]);
    const source = new Uint8Array([1, 2, 3]);
    const a = await store.put(source, { filename: "dir/../a.bin", mimeType: "Application/Octet-Stream; x=1" });
    source[0] = 9; // the store kept a copy
    expect(a).toEqual({ id: expect.stringMatching(/^file-local-/), filename: "a.bin", mimeType: "application/octet-stream", size: 3 });
    const b = await store.put(new Blob(["hi"], { type: "text/plain" }));
    expect(b).toMatchObject({ filename: "file.txt", mimeType: "text/plain", size: 2 });
    expect(await store.info(a.id)).toEqual(a);
    expect([...(await store.get(a.id)).bytes]).toEqual([1, 2, 3]);
    expect((await store.list()).map((f) => f.id)).toEqual([a.id, b.id]);
    expect(await store.delete(a.id)).toBe(true);
    expect(await store.delete(a.id)).toBe(false);
    expect(await code(store.get(a.id))).toBe("NOT_FOUND");
    expect((await store.list()).map((f) => f.id)).toEqual([b.id]);
  });

  test("errors say what is wrong with the id, in words a model can act on", async () => {
    const store = make();
    expect(await code(store.info("file-local-00000000-0000-4000-8000-000000000000"))).toBe("NOT_FOUND");
    expect(await code(store.get("file-123456789012345"))).toBe("REMOTE_ID");
    const invalid = await store.info("../../etc/passwd").catch((e: FileStoreError) => e);
    expect(invalid).toMatchObject({ code: "INVALID_ID", message: 'is not a file id ("../../etc/passwd"): pass the id of a stored file, file-local-<uuid>, as an earlier tool result gave it' });
  });
});

test("MemoryFileStore drops the oldest files past its byte budget", async () => {
  const store = new MemoryFileStore({ maxTotalBytes: 10 });
  const a = await store.put(new Uint8Array(4));
  const b = await store.put(new Uint8Array(4));
  const c = await store.put(new Uint8Array(4));
  expect((await store.list()).map((f) => f.id)).toEqual([b.id, c.id]);
  expect(await code(store.get(a.id))).toBe("NOT_FOUND");
  // A file larger than the whole budget is still kept: it is the newest.
  const d = await store.put(new Uint8Array(20));
  expect((await store.list()).map((f) => f.id)).toEqual([d.id]);
});

test("DiskFileStore: another instance on the same folder sees the files; only ids become paths", async () => {
  const dir = join(tempDir(), "shared");
  const first = new DiskFileStore(dir);
  const put = await first.put(new TextEncoder().encode("kept"), { filename: "note.txt", mimeType: "text/plain" });
  const second = new DiskFileStore(dir);
  expect(await second.info(put.id)).toEqual(put);
  expect(new TextDecoder().decode((await second.get(put.id)).bytes)).toBe("kept");
  expect(readdirSync(dir).sort()).toEqual([put.id, `${put.id}.json`].sort());
  writeFileSync(join(dir, "stray.json"), "{}"); // not a file of the store
  expect((await second.list()).map((f) => f.id)).toEqual([put.id]);
  expect(await new DiskFileStore(join(dir, "absent")).list()).toEqual([]);
});

test("base64: round trip of every byte value and of 1 MiB; URL-safe and unpadded accepted; anything else is not base64", () => {
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  expect(bytesToBase64(all)).toBe(Buffer.from(all).toString("base64"));
  expect([...base64ToBytes(bytesToBase64(all))!]).toEqual([...all]);
  const large = Uint8Array.from({ length: 1024 * 1024 + 7 }, (_, i) => (i * 31) % 251);
  const text = bytesToBase64(large);
  expect(text).toBe(Buffer.from(large).toString("base64"));
  expect(Buffer.from(base64ToBytes(text)!).equals(Buffer.from(large))).toBe(true);
  expect([...base64ToBytes("-_8")!]).toEqual([0xfb, 0xff]);
  expect([...base64ToBytes("AQID\nBA==")!]).toEqual([1, 2, 3, 4]);
  for (const bad of ["not base64!", "A", "AB=C", "ü"]) expect(base64ToBytes(bad), bad).toBeUndefined();
});

test("Content-Disposition: attachment or a filename is a download; filename* wins; names are cleaned", () => {
  expect(downloadOf(null)).toBeUndefined();
  expect(downloadOf("inline")).toBeUndefined();
  expect(downloadOf("attachment")).toEqual({});
  expect(downloadOf('attachment; filename="a \\"b\\".txt"')).toEqual({ filename: 'a "b".txt' });
  expect(downloadOf("attachment; filename=plain.txt; filename*=UTF-8''%E2%82%AC%20rates.txt")).toEqual({ filename: "€ rates.txt" });
  expect(downloadOf("inline; filename=\"../../etc/passwd\"")).toEqual({ filename: "passwd" });
  expect(downloadOf('attachment; filename="semi;colon.txt"')).toEqual({ filename: "semi;colon.txt" });
  expect(downloadOf("attachment; filename*=ISO-8859-1''x.txt; filename=\"fallback.txt\"")).toEqual({ filename: "fallback.txt" });
});

test("the runtime copied into generated code has the memory store, not the disk store, and no Node import", () => {
  const files = inlineRuntimeFiles("ts");
  expect(files.map((f) => f.path)).toEqual(["runtime.ts"]);
  expect(files[0]!.content).toContain("//#region files/memory-file-store.ts\n");
  expect(files[0]!.content).not.toContain("files/disk-file-store.ts");
  for (const file of files) expect(file.content, file.path).not.toMatch(/from\s+"node:/);
});
