/**
 * Transports for the MCP bridge: stdio (what desktop clients launch) and, optionally, streamable
 * HTTP in stateless mode (one MCP server per request; the tool server holds any state).
 *
 * On both, what the SDK would answer unlike the specification is answered before it: a message
 * that is no JSON-RPC request (invalid-messages.ts; over stdio, stdio-line-check.ts) and a request
 * whose params do not match the MCP schema (malformed-requests.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createHostCheck } from "../http-guard/host-check.js";
import { parseJsonBody } from "../http-guard/json-body.js";
import { readBody } from "../http-guard/read-body.js";
import { parseRequestTarget } from "../http-guard/request-target.js";
import { applyServerLimits, resolveLimits, serverOptions, type ServerLimits } from "../http-guard/server-limits.js";
import type { Toolkit } from "../runtime/toolkit.js";
import { invalidMessageAnswer, type JsonRpcErrorAnswer } from "./invalid-messages.js";
import { answerMalformedRequests } from "./malformed-requests.js";
import { createMcpServer, type McpServerOptions } from "./mcp-server.js";
import { checkedLines } from "./stdio-line-check.js";

/** Serves over stdin/stdout; resolves when the client closes the connection. */
export async function serveMcpStdio(toolkit: Toolkit, options: McpServerOptions = {}): Promise<void> {
  const server = createMcpServer(toolkit, options);
  const input = process.stdin.pipe(checkedLines((answer) => void process.stdout.write(`${JSON.stringify(answer)}\n`)));
  const transport = new StdioServerTransport(input, process.stdout);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    // The SDK transport does not notice stdin ending by itself.
    process.stdin.once("end", () => void server.close());
  });
  await server.connect(transport);
  answerMalformedRequests(transport);
  await closed;
}

export interface McpHttpServer {
  /** The MCP endpoint, `http://host:port/mcp`. */
  readonly url: string;
  close(): Promise<void>;
}

export interface McpHttpOptions extends McpServerOptions {
  readonly port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  readonly host?: string;
  /**
   * Host names served besides IP addresses, `localhost` and the listen host (DNS-rebinding
   * protection, see the README's Security section); `["*"]` serves any Host.
   */
  readonly allowedHosts?: readonly string[];
  /** Timeouts, connection cap and JSON depth; each defaults to `DEFAULT_SERVER_LIMITS`. */
  readonly limits?: Partial<ServerLimits>;
  /** Largest JSON-RPC request body in bytes (default 4 MiB); a larger one gets 413. */
  readonly maxBodyBytes?: number;
}

export const DEFAULT_MCP_MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Serves streamable HTTP at `/mcp`, stateless: POST only. The bridge offers no server-initiated
 * stream, so `GET /mcp` is 405 as the MCP spec allows (an event stream nobody writes to would hold
 * a socket forever). The body is read and parsed here, within the shared limits (size, deadline,
 * depth), and handed to the SDK already parsed.
 */
export async function serveMcpHttp(given: Toolkit, options: McpHttpOptions = {}): Promise<McpHttpServer> {
  // Once, not per request: each request gets a server of its own, and all must share one store.
  const { files, ...perRequest } = options;
  const toolkit = files !== undefined ? given.withFiles(files) : given;
  const host = options.host ?? "127.0.0.1";
  const limits = resolveLimits(options.limits);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MCP_MAX_BODY_BYTES;
  let checkHost: ReturnType<typeof createHostCheck> = () => ({ ok: false, status: 421, message: "not listening yet" });
  const http = createServer(serverOptions(limits), (req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(`toolgen mcp: internal error on ${req.method} ${req.url}: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) refuse(res, 500, "internal error; the details are in the server's log");
      else res.destroy();
    });
  });
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    req.on("error", () => {}); // a client that vanishes mid-request is not the server's failure
    const verdict = checkHost(req.headers);
    if (!verdict.ok) return refuse(res, verdict.status, verdict.message);
    const target = parseRequestTarget(req.url);
    if (target === undefined) return refuse(res, 400, "the request target is not a path this server can read");
    if (target.path !== "/mcp") {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "the MCP endpoint is /mcp" }));
      return;
    }
    if (req.method !== "POST") {
      res.setHeader("allow", "POST");
      return refuse(res, 405, "this MCP server is stateless: send every message as a POST; it offers no event stream and no session to delete");
    }
    const type = req.headers["content-type"] ?? "";
    if (!/^application\/json\s*(;|$)/i.test(type)) return refuse(res, 415, "send JSON-RPC messages with Content-Type: application/json");
    const read = await readBody(req, { maxBytes: maxBodyBytes, timeoutMs: limits.bodyTimeoutMs });
    if (read.kind === "aborted") return;
    if (read.kind === "too-large") return refuse(res, 413, `the request body is larger than ${maxBodyBytes} bytes`);
    if (read.kind === "timeout") return refuse(res, 408, `the request body did not arrive within ${limits.bodyTimeoutMs} ms`);
    const parsed = parseJsonBody(read.body.toString("utf8"), limits.maxJsonDepth);
    if (!parsed.ok) return refuse(res, 400, parsed.message, -32700);
    // The SDK's transport would answer any of these 400 with -32700, though the JSON parsed.
    const invalid = (Array.isArray(parsed.value) ? parsed.value : [parsed.value]).map(invalidMessageAnswer).find((a) => a !== undefined);
    if (invalid !== undefined) return answerError(res, invalid.error.code === -32602 ? 200 : 400, invalid);

    const server = createMcpServer(toolkit, perRequest);
    // Stateless mode is spelled `sessionIdGenerator: undefined` in the SDK, which its option type
    // does not admit under exactOptionalPropertyTypes. The Host and Origin checks ran above (the
    // same for all three servers), so the SDK's own copy of them stays off. A call that asks for
    // progress is answered as an event stream, the only way its notifications can reach the client
    // before the result; every other message gets plain JSON.
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined as unknown as () => string,
      enableJsonResponse: !asksForProgress(parsed.value),
    });
    res.on("close", () => {
      transport.close().catch(() => {});
      server.close().catch(() => {});
    });
    await server.connect(transport);
    answerMalformedRequests(transport);
    await transport.handleRequest(req, res, parsed.value);
  }
  applyServerLimits(http, limits);
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 0, host, () => {
      http.off("error", reject);
      resolve();
    });
  });
  const { port } = http.address() as AddressInfo;
  checkHost = createHostCheck({ listenHost: host, port, ...(options.allowedHosts !== undefined ? { allowedHosts: options.allowedHosts } : {}) });
  const shown = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** A JSON-RPC error answer without an id (the request was never read as a message), then close. */
function refuse(res: ServerResponse, status: number, message: string, code = -32600): void {
  answerError(res, status, { jsonrpc: "2.0", error: { code, message }, id: null });
}

/**
 * A JSON-RPC error answer, then close. A request read but for its params is answered 200, as the
 * SDK answers those it reads; anything unreadable 400, as the streamable HTTP transport asks.
 */
function answerError(res: ServerResponse, status: number, answer: JsonRpcErrorAnswer): void {
  const text = JSON.stringify(answer);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), connection: "close" }).end(text);
}

/** A JSON-RPC request (or a batch holding one) whose params carry `_meta.progressToken`. */
function asksForProgress(message: unknown): boolean {
  if (Array.isArray(message)) return message.some(asksForProgress);
  if (typeof message !== "object" || message === null) return false;
  const params = (message as { params?: { _meta?: { progressToken?: unknown } } }).params;
  const token = params?._meta?.progressToken;
  return typeof token === "string" || typeof token === "number";
}
