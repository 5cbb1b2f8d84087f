/**
 * The MCP bridge: the official SDK's client launches `toolgen mcp <url>` over stdio, lists the
 * tools and calls them against a loopback tool server; the same over streamable HTTP in-process.
 * (Runs the built package: `npm test` builds first.)
 */
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startWordListServer } from "../runtime/adapters/word-list-server.js";
import { serveMcpHttp } from "../../src/mcp/serve.js";
import { loadToolkit } from "../../src/load-toolkit/load-toolkit.js";

const LAUNCHER = join(import.meta.dirname, "fixtures/mcp-cli.mjs");
let server: Awaited<ReturnType<typeof startWordListServer>>;

beforeAll(async () => {
  server = await startWordListServer();
});
afterAll(() => server.close());

describe("toolgen mcp <url> over stdio", () => {
  let client: Client;
  const stderr: string[] = [];

  beforeAll(async () => {
    client = new Client({ name: "toolgen-test", version: "1.0.0" });
    const transport = new StdioClientTransport({ command: process.execPath, args: [LAUNCHER, "mcp", server.url], stderr: "pipe" });
    transport.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk.toString("utf8")));
    await client.connect(transport);
  });
  afterAll(() => client.close());

  test("lists every tool: wire name, canonical title, JSON Schemas, annotations", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => [t.name, t.title])).toEqual([
      ["WordBook__v1__AddWord", "WordBook/v1/AddWord"],
      ["WordBook__v1__GetWords", "WordBook/v1/GetWords"],
    ]);
    const [addWord, getWords] = tools;
    expect(addWord!.inputSchema).toEqual({
      type: "object",
      properties: { word: { type: "string", description: "The word to add to the word list.", minLength: 1 } },
      required: ["word"],
      additionalProperties: false,
    });
    expect(addWord!.outputSchema).toMatchObject({ type: "object", required: ["message"] });
    expect(addWord!.description).toContain("Adds one word to the end of the word list.");
    expect(addWord!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(getWords!.annotations).toMatchObject({ readOnlyHint: false, title: "WordBook/v1/GetWords" });
    // stderr is its own pipe: its line may arrive after the protocol's answers.
    await vi.waitFor(() => expect(stderr.join("")).toContain('serving 2 tools of "WordBook" v1 over stdio'));
  });

  test("a call reaches the tool server; the answer comes back as structured content and text", async () => {
    const result = await client.callTool({ name: "WordBook__v1__AddWord", arguments: { word: "mcp" } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ message: 'Added "mcp" to the word list.', prompt: "Tell the user the word was added and offer to quiz them on it." });
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(result.structuredContent);
    expect(server.words).toContain("mcp");
    const list = await client.callTool({ name: "WordBook__v1__GetWords", arguments: {} });
    expect((list.structuredContent as { words: string[] }).words).toContain("mcp");
  });

  test("invalid arguments are a tool error a model can act on, and nothing reaches the server", async () => {
    const before = [...server.words];
    const result = await client.callTool({ name: "WordBook__v1__AddWord", arguments: { word: 42 } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]!.text).toBe(
      'Invalid arguments for tool "WordBook__v1__AddWord":\n- $.word: must be a string, got 42\nFix these and call "WordBook__v1__AddWord" again.',
    );
    expect(server.words).toEqual(before);
  });
});

test("streamable HTTP: the same tools over /mcp", async () => {
  const toolkit = await loadToolkit(server.url);
  const http = await serveMcpHttp(toolkit, { port: 0 });
  const client = new Client({ name: "toolgen-test", version: "1.0.0" });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["WordBook__v1__AddWord", "WordBook__v1__GetWords"]);
    const result = await client.callTool({ name: "WordBook__v1__GetWords", arguments: {} });
    expect(result.structuredContent).toMatchObject({ prompt: "List the words for the user in the order given." });
  } finally {
    await client.close();
    await http.close();
  }
});
