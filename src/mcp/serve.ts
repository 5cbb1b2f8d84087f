/**
 * Transports for the MCP bridge: stdio (what desktop clients launch) and, optionally, streamable
 * HTTP in stateless mode (one MCP server per request; the tool server holds any state).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Toolkit } from "../runtime/toolkit.js";
import { createMcpServer, type McpServerOptions } from "./mcp-server.js";

/** Serves over stdin/stdout; resolves when the client closes the connection. */
export async function serveMcpStdio(toolkit: Toolkit, options: McpServerOptions = {}): Promise<void> {
  const server = createMcpServer(toolkit, options);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    // The SDK transport does not notice stdin ending by itself.
    process.stdin.once("end", () => void server.close());
  });
  await server.connect(transport);
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
}

/** Serves streamable HTTP at `/mcp`, with DNS-rebinding protection for the address it listens on. */
export async function serveMcpHttp(toolkit: Toolkit, options: McpHttpOptions = {}): Promise<McpHttpServer> {
  const host = options.host ?? "127.0.0.1";
  let allowedHosts: string[] = [];
  const http = createServer((req, res) => void handle(req, res));
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (new URL(req.url ?? "/", "http://localhost").pathname !== "/mcp") {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "the MCP endpoint is /mcp" }));
      return;
    }
    const server = createMcpServer(toolkit, options);
    // Stateless mode is spelled `sessionIdGenerator: undefined` in the SDK, which its option type
    // does not admit under exactOptionalPropertyTypes.
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined as unknown as () => string,
      enableJsonResponse: true,
      enableDnsRebindingProtection: true,
      allowedHosts,
    });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
    }
  }
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const shown = host.includes(":") ? `[${host}]` : host;
  allowedHosts = [`${shown}:${port}`, `localhost:${port}`, `127.0.0.1:${port}`];
  return {
    url: `http://${shown}:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
