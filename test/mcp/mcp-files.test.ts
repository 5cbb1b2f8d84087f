/**
 * Files through the MCP bridge, against the loopback file tool server: a binary answer comes back
 * as image content (image/*) or an embedded resource with a base64 blob, base64 answer fields too;
 * past the embedding budget a resource link that resources/read serves; a file id taken from one
 * result is accepted by the next call; a bad id is a tool error. Over streamable HTTP in-process,
 * and once over stdio through `toolgen mcp --files <dir>` (the built package: `npm test` builds first).
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveMcpHttp, type McpHttpServer } from "../../src/mcp/serve.js";
import { loadToolkit } from "../../src/load-toolkit/load-toolkit.js";
import { PDF, PNG, PNG2, startFileToolServer, type FileToolServer } from "../runtime/files/file-tool-server.js";

const LAUNCHER = join(import.meta.dirname, "fixtures/mcp-cli.mjs");
let server: FileToolServer;
beforeAll(async () => {
  server = await startFileToolServer();
});
afterAll(() => server.close());

type Content = { type: string; text?: string; data?: string; mimeType?: string; uri?: string; name?: string; size?: number; resource?: { uri: string; mimeType?: string; blob?: string } };

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: "toolgen-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

describe("streamable HTTP", () => {
  let http: McpHttpServer;
  let client: Client;
  beforeAll(async () => {
    http = await serveMcpHttp(await loadToolkit(server.url, { onWarning: () => {} }), { port: 0, maxEmbeddedFileBytes: 32 * 1024 });
    client = await connect(http.url);
  });
  afterAll(async () => {
    await client.close();
    await http.close();
  });

  test("file arguments are listed as file ids", async () => {
    const { tools } = await client.listTools();
    const upload = tools.find((t) => t.title === "Files/v1/upload")!;
    expect(upload.inputSchema.properties!.document).toMatchObject({ type: "string", pattern: expect.stringContaining("file-(local-") });
    expect((upload.inputSchema.properties!.document as { description: string }).description).toContain("a file id");
  });

  test("an image answer: the reference as structured content and text, the picture as image content", async () => {
    const result = await client.callTool({ name: "Files__v1__download", arguments: { kind: "png" } });
    expect(result.isError).toBeFalsy();
    const content = result.content as Content[];
    const reference = JSON.parse(content[0]!.text!) as { file: string };
    expect(result.structuredContent).toEqual(reference);
    expect(reference).toMatchObject({ filename: "download.png", mimeType: "image/png", size: PNG.length });
    expect(content.slice(1)).toEqual([{ type: "image", data: PNG.toString("base64"), mimeType: "image/png" }]);

    // The id the client got is accepted by the next call, in any session: the store is the bridge's.
    const other = await connect(http.url);
    try {
      const raw = await other.callTool({ name: "Files__v1__putRaw", arguments: { name: "again", body: reference.file } });
      expect(raw.structuredContent).toEqual({ contentType: "application/octet-stream", base64: PNG.toString("base64") });
      expect(server.requests.at(-1)!.body.equals(PNG)).toBe(true);
    } finally {
      await other.close();
    }
  });

  test("a document answer is an embedded resource with a base64 blob", async () => {
    const result = await client.callTool({ name: "Files__v1__download", arguments: { kind: "pdf" } });
    const content = result.content as Content[];
    const { file } = result.structuredContent as { file: string };
    expect(content.slice(1)).toEqual([{ type: "resource", resource: { uri: `toolgen://files/${file}`, mimeType: "application/pdf", blob: PDF.toString("base64") } }]);
  });

  test("base64 answer fields: images inline; what exceeds the budget as links that resources/read serves", async () => {
    const result = await client.callTool({ name: "Files__v1__b64", arguments: {} });
    const answer = result.structuredContent as Record<string, string>;
    const content = (result.content as Content[]).slice(1);
    expect(content).toEqual([
      { type: "image", data: PNG.toString("base64"), mimeType: "image/png" },
      { type: "image", data: PNG2.toString("base64"), mimeType: "image/png" },
      { type: "resource_link", uri: `toolgen://files/${answer.huge}`, name: "huge.bin", mimeType: "application/octet-stream", size: 64 * 1024 },
    ]);
    const read = await client.readResource({ uri: `toolgen://files/${answer.huge}` });
    expect(read.contents).toEqual([{ uri: `toolgen://files/${answer.huge}`, mimeType: "application/octet-stream", blob: Buffer.alloc(64 * 1024, 7).toString("base64") }]);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain(`toolgen://files/${answer.picture}`);
    await expect(client.readResource({ uri: "toolgen://files/file-local-00000000-0000-4000-8000-000000000000" })).rejects.toThrow(/names no stored file/);
  });

  test("an id that names no file is a tool error the model can act on; nothing reaches the server", async () => {
    const before = server.requests.length;
    const result = await client.callTool({ name: "Files__v1__upload", arguments: { document: "file-local-00000000-0000-4000-8000-000000000000" } });
    expect(result.isError).toBe(true);
    expect((result.content as Content[])[0]!.text).toMatch(/^Invalid arguments for tool "Files__v1__upload":\n- \$\.document: names no stored file/);
    expect(server.requests.length).toBe(before);
  });
});

test("stdio: toolgen mcp --files <dir> keeps the files in the folder", async () => {
  const dir = mkdtempSync(join(tmpdir(), "toolgen-mcp-files-"));
  const client = new Client({ name: "toolgen-test", version: "1.0.0" });
  try {
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [LAUNCHER, "mcp", server.url, "--files", dir], stderr: "pipe" }));
    const result = await client.callTool({ name: "Files__v1__download", arguments: { kind: "pdf" } });
    const { file } = result.structuredContent as { file: string };
    expect(readdirSync(dir).sort()).toEqual([file, `${file}.json`]);
    expect((result.content as Content[])[1]).toMatchObject({ type: "resource", resource: { blob: PDF.toString("base64") } });
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
