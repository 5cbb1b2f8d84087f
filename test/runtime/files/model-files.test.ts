/**
 * Files on the model path with toolgen's own description (file-tool-server.ts), through a
 * generated toolkit (inline runtime, tsc --strict) and through loadToolkit over HTTP: a multipart
 * part and a repeated part with the stored name and type, raw binary bodies (a declared type and
 * a media range), byte and binary fields in JSON at depth, downloads with and without
 * Content-Disposition, base64 answer fields, and the errors a model gets for a missing, remote or
 * malformed id or a file over the size limit, with nothing sent.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Toolkit } from "../../../src/runtime/toolkit.js";
import { MemoryFileStore } from "../../../src/runtime/files/memory-file-store.js";
import { PDF, PNG, PNG2, startFileToolServer, type FileToolServer } from "./file-tool-server.js";
import { generatedToolkits, loadedToolkits } from "./toolkits.js";

const LOCAL_ID = /^file-local-[0-9a-f-]{36}$/;
let server: FileToolServer;
const ways: Record<string, Toolkit> = {};

beforeAll(async () => {
  server = await startFileToolServer();
  const sources = [{ key: "files", source: server.url }];
  ways.generated = (await generatedToolkits("files/own", sources)).files!;
  ways.loadToolkit = (await loadedToolkits(sources)).files!;
}, 120_000);
afterAll(() => server.close());

/** Rejects with what `call` threw; the generated toolkit's errors are its inline runtime's classes, so they are read by name. */
async function failure(promise: Promise<unknown>): Promise<{ name: string; code: string; message: string; problems?: { path: string; message: string }[] }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as never;
}

describe.each(["generated", "loadToolkit"])("%s", (way) => {
  const kit = () => ways[way]!;

  test("multipart: a file part and repeated parts carry the stored name and type", async () => {
    const doc = await kit().files.put(PDF, { filename: "report.pdf", mimeType: "application/pdf" });
    const page1 = await kit().files.put(PNG, { filename: "p1.png", mimeType: "image/png" });
    const page2 = await kit().files.put(PNG2, { filename: "p2.png", mimeType: "image/png" });
    const result = (await kit().call("Files/v1/upload", { document: doc.id, pages: [page1.id, page2.id], label: "L" })) as { parts: Record<string, string>[] };
    expect(result.parts).toEqual([
      { name: "document", filename: "report.pdf", type: "application/pdf", base64: PDF.toString("base64") },
      { name: "pages", filename: "p1.png", type: "image/png", base64: PNG.toString("base64") },
      { name: "pages", filename: "p2.png", type: "image/png", base64: PNG2.toString("base64") },
      { name: "label", text: "L" },
    ]);
    expect(server.requests.at(-1)!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
  });

  test("a binary body is the file's bytes: the declared type, or for a media range the file's own", async () => {
    const file = await kit().files.put(PNG, { filename: "x.png", mimeType: "image/png" });
    expect(await kit().call("Files/v1/putRaw", { name: "a", body: file.id })).toEqual({ contentType: "application/octet-stream", base64: PNG.toString("base64") });
    expect(await kit().call("Files/v1/postImage", { body: file.id })).toEqual({ contentType: "image/png", base64: PNG.toString("base64") });
  });

  test("JSON: byte and binary fields go as base64, in lists and maps too; other fields untouched", async () => {
    const a = await kit().files.put(PNG);
    const b = await kit().files.put(PNG2);
    const c = await kit().files.put(PDF);
    const sent = await kit().call("Files/v1/encode", { image: a.id, doc: c.id, note: a.id.replace("file-local-", ""), nested: { files: [b.id, a.id], byName: { x: c.id } } });
    expect(sent).toEqual({
      image: PNG.toString("base64"),
      doc: PDF.toString("base64"),
      note: a.id.replace("file-local-", ""),
      nested: { files: [PNG2.toString("base64"), PNG.toString("base64")], byName: { x: PDF.toString("base64") } },
    });
    expect(server.requests.at(-1)!.headers["content-type"]).toBe("application/json");
  });

  test("downloads: Content-Disposition names the file (filename* wins, folders dropped); a binary type without it is a file too", async () => {
    const pdf = (await kit().call("Files/v1/download", { kind: "pdf" })) as Record<string, unknown>;
    expect(pdf).toEqual({ file: expect.stringMatching(LOCAL_ID), filename: "résumé.pdf", mimeType: "application/pdf", size: PDF.length });
    expect(Buffer.from((await kit().files.get(pdf.file as string)).bytes)).toEqual(PDF);
    // A text download is still a download: the server said "save this".
    const csv = (await kit().call("Files/v1/download", { kind: "csv" })) as Record<string, unknown>;
    expect(csv).toMatchObject({ filename: "words.csv", mimeType: "text/csv", size: 19 });
    expect(Buffer.from((await kit().files.get(csv.file as string)).bytes).toString("utf8")).toBe("word,count\nhello,1\n");
    expect(await kit().call("Files/v1/download", { kind: "json" })).toMatchObject({ filename: "data.json", mimeType: "application/json", size: 7 });
    expect(await kit().call("Files/v1/download", { kind: "png" })).toMatchObject({ filename: "download.png", mimeType: "image/png", size: PNG.length });
    // `inline` without a name: shown, not saved; text stays text for the model to read.
    expect(await kit().call("Files/v1/download", { kind: "inline" })).toBe("just text");
  });

  test("typed functions are untouched: a download decodes by its media type", async () => {
    const run = kit().tool("Files/v1/download")!.run;
    expect(await run({ kind: "json" })).toEqual({ a: 1 });
    const blob = (await run({ kind: "png" })) as Blob;
    expect(blob).toBeInstanceOf(Blob);
    expect(Buffer.from(await blob.arrayBuffer())).toEqual(PNG);
  });

  test("base64 answer fields become ids (a data URL's type wins); invalid base64 and unmarked fields stay", async () => {
    const result = (await kit().call("Files/v1/b64")) as Record<string, string>;
    expect(result.picture).toMatch(LOCAL_ID);
    expect(await kit().files.info(result.picture!)).toMatchObject({ filename: "picture.png", mimeType: "image/png", size: PNG.length });
    expect(await kit().files.info(result.dataUrl!)).toMatchObject({ filename: "dataUrl.png", mimeType: "image/png", size: PNG2.length });
    expect(result.notBase64).toBe("not base64!");
    expect(result.plain).toBe(PNG.toString("base64"));
    expect(result.huge).toMatch(LOCAL_ID);
  });

  test("a missing, remote or malformed id is a ToolInputError naming the argument, and nothing is sent", async () => {
    const before = server.requests.length;
    const missing = "file-local-00000000-0000-4000-8000-000000000000";
    const error = await failure(kit().call("Files/v1/encode", { image: missing, nested: { files: ["file-123456789012345"] } }));
    expect(error.name).toBe("ToolInputError");
    expect(error.code).toBe("INVALID_ARGUMENTS");
    expect(error.message).toBe(
      [
        'Invalid arguments for tool "Files/v1/encode":',
        `- $.image: names no stored file ("${missing}"): use an id exactly as an earlier tool result or the user gave it; files may also have been deleted or expired`,
        '- $.nested.files[0]: is a remote file id ("file-123456789012345"), which this application cannot fetch: pass a local file id (file-local-…) from an earlier tool result instead',
        'Fix these and call "Files/v1/encode" again.',
      ].join("\n"),
    );
    const garbage = await failure(kit().call("Files/v1/upload", { document: "report.pdf" }));
    expect(garbage.problems).toEqual([{ path: "$.document", message: 'must be a file id (file-local-<uuid>), as an earlier tool result or the user gave it, got the string "report.pdf"' }]);
    // Base64 where an id belongs (what a model might try) is refused the same way.
    expect((await failure(kit().call("Files/v1/encode", { image: PNG.toString("base64") }))).problems![0]!.path).toBe("$.image");
    expect(server.requests.length).toBe(before);
  });

  test("size limit: a file too large to send is refused before any request; one too large to keep fails the call", async () => {
    const small = kit().withFiles({ store: kit().files, maxFileBytes: 1024 });
    const big = await kit().files.put(new Uint8Array(2048), { filename: "big.bin" });
    const before = server.requests.length;
    const error = await failure(small.call("Files/v1/putRaw", { name: "b", body: big.id }));
    expect(error.problems).toEqual([{ path: "$.body", message: "is a file of 2048 bytes (big.bin), more than the 1024 bytes a tool may be sent; pass a smaller file" }]);
    expect(server.requests.length).toBe(before);

    const download = await failure(small.call("Files/v1/download", { kind: "big" }));
    expect(download.name).toBe("ToolCallError");
    expect(download.code).toBe("RESPONSE_TOO_LARGE");
    expect(download.message).toContain("answered a file of 65536 bytes (big.bin), more than the 1024-byte limit for files");
    const field = await failure(small.call("Files/v1/b64"));
    expect(field.message).toContain("answered a file of 65536 bytes ($.huge of the answer)");
  });

  test("withFiles: another store, shared by the tools; the default store is the toolkit's own", async () => {
    const store = new MemoryFileStore();
    const other = kit().withFiles(store);
    expect(other.files).toBe(store);
    const result = (await other.call("Files/v1/download", { kind: "png" })) as { file: string };
    expect((await store.list()).map((f) => f.id)).toContain(result.file);
    await expect(kit().files.info(result.file)).rejects.toThrow(/names no stored file/);
  });
});
