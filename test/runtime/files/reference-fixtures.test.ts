/**
 * The reference's own file tests, replayed over real HTTP against a loopback server, through a
 * generated toolkit and through loadToolkit. The descriptions are the reference's fixtures, read
 * from ../shared/corpus/ernie at test time: openapis__file.yaml (v1–v8: base64 answer fields
 * plain, in lists, nested, in lists of objects; a file id sent as base64, alone and in a list)
 * and tests_test_file_in_tool__*.yaml (text2image plain, nested, nested in a list; getFile, a
 * download).
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REFERENCE_FILE_PROMPT } from "../../../src/runtime/files/files-options.js";
import type { Toolkit } from "../../../src/runtime/toolkit.js";
import { CORPUS } from "../../support/output-dir.js";
import { PDF, PNG, PNG2, startFileToolServer, type FileToolServer } from "./file-tool-server.js";
import { generatedToolkits, loadedToolkits, type Source } from "./toolkits.js";

const ERNIE = join(CORPUS, "ernie");
const LOCAL_ID = /^file-local-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let server: FileToolServer;
const ways: Record<string, Record<string, Toolkit>> = {};

beforeAll(async () => {
  server = await startFileToolServer();
  const sources: Source[] = [
    { key: "file", source: join(ERNIE, "openapis__file.yaml"), baseUrl: `${server.url}/ref` },
    { key: "plain", source: join(ERNIE, "tests_test_file_in_tool__TestPlainJsonFileParser.yaml"), baseUrl: `${server.url}/plain` },
    { key: "nest", source: join(ERNIE, "tests_test_file_in_tool__TestJsonNestFileParser.yaml"), baseUrl: `${server.url}/nest` },
    { key: "nestlist", source: join(ERNIE, "tests_test_file_in_tool__TestJsonNestListFileParser.yaml"), baseUrl: `${server.url}/nestlist` },
    { key: "pyyaml", source: join(ERNIE, "tests_test_file_in_tool__PYYAML_CONTENT.yaml"), baseUrl: `${server.url}/pyyaml` },
  ];
  ways.generated = await generatedToolkits("files/reference", sources);
  ways.loadToolkit = await loadedToolkits(sources);
}, 120_000);
afterAll(() => server.close());

/** The stored bytes behind an id the model got. */
async function bytesOf(toolkit: Toolkit, id: unknown): Promise<Buffer> {
  expect(id).toMatch(LOCAL_ID);
  return Buffer.from((await toolkit.files.get(id as string)).bytes);
}

describe.each(["generated", "loadToolkit"])("%s", (way) => {
  const toolkit = (key: string) => ways[way]![key]!;

  test("file_v1: a list of base64 fields becomes a list of ids with the same bytes; other fields pass", async () => {
    const result = (await toolkit("file").call("title/v1/file_v1", {})) as { file: string[]; not_file_field: string };
    expect(result.not_file_field).toBe("kept");
    expect(result.file).toHaveLength(2);
    expect(await bytesOf(toolkit("file"), result.file[0])).toEqual(PNG);
    expect(await bytesOf(toolkit("file"), result.file[1])).toEqual(PNG2);
    const info = await toolkit("file").files.info(result.file[0]!);
    expect(info).toMatchObject({ filename: "file.png", mimeType: "image/png", size: PNG.length });
  });

  test("file_v2 to v6: plain, nested, in lists of objects, two fields; unknown fields pass through", async () => {
    const kit = toolkit("file");
    const v2 = (await kit.call("title/v1/file_v2")) as { file: string };
    expect(await bytesOf(kit, v2.file)).toEqual(PNG);
    const v3 = (await kit.call("title/v1/file_v3")) as { file: { file: string } };
    expect(await bytesOf(kit, v3.file.file)).toEqual(PNG);
    const v4 = (await kit.call("title/v1/file_v4")) as { file: { file: string; not_file_field: string }[] };
    expect(v4.file.map((f) => f.not_file_field)).toEqual(["a", "b"]);
    expect(await bytesOf(kit, v4.file[1]!.file)).toEqual(PNG2);
    const v5 = (await kit.call("title/v1/file_v5")) as { file: { file: { file: string; not_file_field: string }[] } };
    expect(v5.file.file[0]!.not_file_field).toBe("c");
    expect(await bytesOf(kit, v5.file.file[0]!.file)).toEqual(PNG);
    const v6 = (await kit.call("title/v1/file_v6")) as { first_file: string; second_file: string; unknown_field: string };
    expect(await bytesOf(kit, v6.first_file)).toEqual(PNG);
    expect(await bytesOf(kit, v6.second_file)).toEqual(PNG2);
    expect(v6.unknown_field).toBe("passes through");
  });

  test("file_v7: a file id goes out as base64 and comes back as a new id with the same bytes", async () => {
    const kit = toolkit("file");
    const { id } = await kit.files.put(PNG, { filename: "in.png", mimeType: "image/png" });
    const result = (await kit.call("title/v1/file_v7", { first_file: id })) as { second_file: string };
    expect(JSON.parse(server.requests.at(-1)!.body.toString("utf8"))).toEqual({ first_file: PNG.toString("base64") });
    expect(result.second_file).not.toBe(id);
    expect(await bytesOf(kit, result.second_file)).toEqual(PNG);
    // The reference's agents write ids inside <file> tags; they are understood too.
    await kit.call("title/v1/file_v7", { first_file: `<file>${id}</file>` });
    expect(JSON.parse(server.requests.at(-1)!.body.toString("utf8"))).toEqual({ first_file: PNG.toString("base64") });
  });

  test("file_v8: a list of ids goes out as a list of base64 strings; {} comes back as {}", async () => {
    const kit = toolkit("file");
    const a = await kit.files.put(PNG);
    const b = await kit.files.put(PNG2);
    expect(await kit.call("title/v1/file_v8", JSON.stringify({ file: [a.id, b.id] }))).toEqual({});
    expect(JSON.parse(server.requests.at(-1)!.body.toString("utf8"))).toEqual({ file: [PNG.toString("base64"), PNG2.toString("base64")] });
  });

  test("text2image: b64_img plain, nested in an object, nested in a list of objects", async () => {
    const plain = (await toolkit("plain").call("文生图/v2.0/text2image")) as { error_code: number; b64_img: string };
    expect(plain.error_code).toBe(0);
    expect(await bytesOf(toolkit("plain"), plain.b64_img)).toEqual(PNG);
    expect(await toolkit("plain").files.info(plain.b64_img)).toMatchObject({ filename: "b64_img.png", mimeType: "image/png" });
    const nest = (await toolkit("nest").call("文生图/v2.0/text2image")) as { image: { b64_img: string } };
    expect(await bytesOf(toolkit("nest"), nest.image.b64_img)).toEqual(PNG);
    const list = (await toolkit("nestlist").call("文生图/v2.0/text2image")) as { data: { b64_img: string }[] };
    expect(await bytesOf(toolkit("nestlist"), list.data[0]!.b64_img)).toEqual(PNG);
    expect(await bytesOf(toolkit("nestlist"), list.data[1]!.b64_img)).toEqual(PNG2);
  });

  test("getFile: a download becomes a stored file the model sees as { file, filename, mimeType, size }", async () => {
    const kit = toolkit("pyyaml");
    const result = (await kit.call("TestRemoteTool/v1/getFile")) as Record<string, unknown>;
    expect(result).toEqual({ file: expect.stringMatching(LOCAL_ID), filename: "file.npy", mimeType: "application/octet-stream", size: PDF.length });
    expect(await bytesOf(kit, result.file)).toEqual(PDF);
    expect(server.requests.at(-1)).toMatchObject({ method: "GET", path: "/pyyaml/get_file" });
    // No prompt unless the app asks for one; the reference's own is available as a constant.
    expect(result).not.toHaveProperty("prompt");
    const withPrompt = (await kit.withFiles({ prompt: REFERENCE_FILE_PROMPT }).call("TestRemoteTool/v1/getFile")) as Record<string, unknown>;
    expect(withPrompt.prompt).toBe(REFERENCE_FILE_PROMPT);
  });

  test("the parameters tell the model it passes a file id; responses say a file id comes back", () => {
    const v7 = toolkit("file").tool("title/v1/file_v7")!;
    expect(v7.parameters.properties.first_file).toEqual({
      type: "string",
      description: "string (a file id, file-local-…, from an earlier tool result or the user; the tool is sent the file's content)",
      pattern: "^(<file>)?file-(local-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9]{15})(</file>)?$",
    });
    expect(v7.files).toEqual({ input: [{ path: ["first_file"], send: "base64" }], output: [{ path: ["second_file"], mimeType: "image/png" }] });
    expect((v7.responses as { properties: Record<string, unknown> }).properties.second_file).toEqual({
      type: "string",
      description: "string (a file id, file-local-…: the application keeps the file; pass the id on to other tools or to the user)",
    });
    expect(toolkit("file").tool("title/v1/file_v8")!.files).toEqual({ input: [{ path: ["file", 0], send: "base64" }] });
  });
});

test("a generated toolkit and loadToolkit give identical descriptors", () => {
  for (const key of Object.keys(ways.generated!)) {
    const strip = (kit: Toolkit) => kit.tools.map(({ run: _run, ...descriptor }) => descriptor);
    expect(strip(ways.generated![key]!)).toEqual(strip(ways.loadToolkit![key]!));
  }
});
