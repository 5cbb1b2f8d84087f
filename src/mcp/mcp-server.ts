/**
 * A toolkit as a Model Context Protocol server (spec 2025-11-25, official TypeScript SDK). The
 * low-level `Server` is used rather than `McpServer.registerTool`, which only takes zod shapes:
 * the descriptors already hold JSON Schema, sent as is.
 *
 * - tools/list: `name` is the wire name (Claude Desktop and most clients accept only
 *   `^[a-zA-Z0-9_-]{1,64}$`), `title` the canonical `<title>/<version>/<operationId>`,
 *   `inputSchema` the tool's `parameters`, `outputSchema` its `responses` (wrapped as
 *   `{ result }` when not an object, since MCP requires an object), annotations from the method
 *   and the operation's `x-mcp-annotations` (tool-annotations.ts).
 * - tools/call: a name that is no tool of the toolkit is a protocol error, `-32602`, as the
 *   specification's error handling section says. A known tool goes through `toolkit.call`, so
 *   arguments are validated before any HTTP request.
 *   A tool whose answer is a stream answers its items collected into an array; a client that gave
 *   a progress token also gets each item as it arrives, as a progress notification whose
 *   `message` is the item's JSON.
 *   The answer comes back as `structuredContent` plus the same JSON as text (the spec's advice for
 *   older clients). Invalid arguments and failed calls are tool errors (`isError: true`) whose
 *   text a model can act on, not protocol errors.
 * - With an outputSchema declared, an answer that does not match it is reported as a tool error
 *   naming the mismatch (the SDK's client would otherwise reject the result with a protocol
 *   error); `outputSchema: false` leaves schemas out when a server's answers stray from them.
 * - Files: arguments take file ids like any toolkit call; a result naming files carries their
 *   content too (file-content.ts), and the stored files are resources (file-resources.ts).
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { describeWithExamples } from "../runtime/adapters/common.js";
import { toolErrorText, toolResultText } from "../runtime/adapters/result.js";
import type { CallOptions } from "../runtime/options.js";
import type { Toolkit, ToolEntry } from "../runtime/toolkit.js";
import type { JsonSchema } from "../runtime/validation/json-schema.js";
import { validateValue } from "../runtime/validation/validate.js";
import type { FileStore } from "../runtime/files/file-store.js";
import type { FilesOptions } from "../runtime/files/files-options.js";
import { DEFAULT_MAX_EMBEDDED_FILE_BYTES, fileContents } from "./file-content.js";
import { serveFileResources } from "./file-resources.js";
import { toolAnnotations } from "./tool-annotations.js";

export interface McpServerOptions {
  /** Declare `outputSchema` for tools with a response schema (default true). */
  readonly outputSchema?: boolean;
  /** Options for every call to the tool server (headers, token, timeout, …). */
  readonly callOptions?: CallOptions;
  /** Server name reported to clients (default `toolgen <title>`). */
  readonly name?: string;
  /** Where files are kept, or the file options (default: the toolkit's own store, in memory). */
  readonly files?: FileStore | FilesOptions;
  /** File content embedded in one tool result, in bytes (default 5 MiB); larger files go as resource links. */
  readonly maxEmbeddedFileBytes?: number;
}

interface Listed {
  readonly tool: Tool;
  readonly entry: ToolEntry;
  /** The schema the structured content is checked against, and whether the result is wrapped. */
  readonly output?: { readonly schema: JsonSchema; readonly wrapped: boolean };
}

export function createMcpServer(given: Toolkit, options: McpServerOptions = {}): Server {
  const toolkit = options.files !== undefined ? given.withFiles(options.files) : given;
  const maxEmbedded = options.maxEmbeddedFileBytes ?? DEFAULT_MAX_EMBEDDED_FILE_BYTES;
  const listed = new Map<string, Listed>();
  for (const entry of toolkit.tools) listed.set(entry.wireName, listTool(entry, options.outputSchema !== false));

  const server = new Server(
    { name: options.name ?? `toolgen ${toolkit.title}`, version: toolkit.version },
    {
      capabilities: { tools: {}, resources: {} },
      instructions: `Tools of "${toolkit.title}"${toolkit.version === "" ? "" : ` ${toolkit.version}`}. Each tool's title is its canonical name.`,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...listed.values()].map((l) => l.tool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const name = request.params.name;
    // Any name toolkit.call takes (wire, canonical or function name) is a tool.
    const entry = toolkit.tool(name);
    if (entry === undefined) throw invalidParams(`Unknown tool: ${JSON.stringify(name)} (tools/list names this server's tools)`);
    const found = listed.get(entry.wireName);
    let result: unknown;
    try {
      // By the name the client used, so a retry message names the tool as the model knows it.
      const progressToken = request.params._meta?.progressToken;
      // A streaming tool's items reach a client that asked for progress as they arrive; the result collects them.
      const onStreamItem =
        progressToken === undefined
          ? undefined
          : (item: unknown, index: number) =>
              void extra.sendNotification({ method: "notifications/progress", params: { progressToken, progress: index + 1, message: toolResultText(item) } }).catch(() => {});
      result = await toolkit.call(name, request.params.arguments ?? {}, { ...options.callOptions, signal: extra.signal, ...(onStreamItem ? { onStreamItem } : {}) });
    } catch (error) {
      return { isError: true, content: [{ type: "text", text: toolErrorText(error) }] };
    }
    const files = await fileContents(result, () => toolkit.files, maxEmbedded);
    const answer = callResult(result, found?.output);
    return files.length > 0 && !answer.isError ? { ...answer, content: [...answer.content, ...files] } : answer;
  });
  serveFileResources(server, () => toolkit.files);
  return server;
}

/**
 * A JSON-RPC error the SDK sends with this code and message as they are (an McpError's message
 * would start "MCP error -32602: ").
 */
function invalidParams(message: string): Error {
  return Object.assign(new Error(message), { code: ErrorCode.InvalidParams });
}

function listTool(entry: ToolEntry, declareOutput: boolean): Listed {
  const tool: Tool = {
    name: entry.wireName,
    title: entry.name,
    description: describeWithExamples(entry, entry.wireName, undefined, true),
    inputSchema: entry.parameters as Tool["inputSchema"],
    annotations: toolAnnotations(entry),
  };
  if (!declareOutput || entry.responses === undefined) return { tool, entry };
  const responses = entry.responses;
  const wrapped = responses.type !== "object";
  const schema: JsonSchema = wrapped ? { type: "object", properties: { result: responses }, required: ["result"] } : responses;
  return { tool: { ...tool, outputSchema: schema as Tool["outputSchema"] }, entry, output: { schema, wrapped } };
}

function callResult(result: unknown, output: Listed["output"]): CallToolResult {
  if (result instanceof Blob) return { content: [{ type: "text", text: `The tool answered ${result.size} bytes of ${result.type || "binary data"}.` }] };
  const text = toolResultText(result);
  if (output === undefined) {
    const isObject = typeof result === "object" && result !== null && !Array.isArray(result);
    return { content: [{ type: "text", text }], ...(isObject ? { structuredContent: result as Record<string, unknown> } : {}) };
  }
  const structured = (output.wrapped ? { result: result ?? null } : result) as Record<string, unknown>;
  const problems = validateValue(output.schema, structured);
  if (problems.length > 0) {
    const list = problems.map((p) => `- ${p.path}: ${p.message}`).join("\n");
    return {
      isError: true,
      content: [{ type: "text", text: `The tool server's answer does not match its declared output schema:\n${list}\nThe answer was: ${text}` }],
    };
  }
  return { content: [{ type: "text", text }], structuredContent: structured };
}
