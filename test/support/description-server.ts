/**
 * A real HTTP server on 127.0.0.1 that publishes a description the test can change: serves
 * `/.well-known/openapi.yaml` (and `examples.yaml` when set) with an ETag, answers 304 to a
 * matching If-None-Match, and counts what it was asked, so tests can see polling and headers.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface DescriptionServer {
  readonly url: string;
  description: string;
  examples: string | undefined;
  /** Every request: method, path and headers. */
  readonly requests: { method: string; path: string; headers: IncomingHttpHeaders }[];
  notModified: number;
  close(): Promise<void>;
}

export async function startDescriptionServer(description: string): Promise<DescriptionServer> {
  const state = {
    description,
    examples: undefined as string | undefined,
    requests: [] as DescriptionServer["requests"],
    notModified: 0,
  };
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    state.requests.push({ method: req.method ?? "", path, headers: req.headers });
    const body = path === "/.well-known/openapi.yaml" ? state.description : path === "/.well-known/examples.yaml" ? state.examples : undefined;
    if (body === undefined) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 16)}"`;
    if (req.headers["if-none-match"] === etag) {
      state.notModified += 1;
      res.writeHead(304, { etag }).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/yaml", etag, "content-length": Buffer.byteLength(body) });
    res.end(req.method === "HEAD" ? undefined : body);
  });
  server.keepAliveTimeout = 500;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as DescriptionServer;
}

/** A small description with one operation per name, served at `serverUrl`. */
export function descriptionWith(title: string, operations: readonly string[], serverUrl = "http://127.0.0.1:1"): string {
  const paths = operations
    .map(
      (id) => `  /${title}/1.0/${id}:
    post:
      operationId: ${id}
      summary: ${id}
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                text: { type: string, description: what to ${id} }
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  result: { type: string }`,
    )
    .join("\n");
  return `openapi: 3.0.3
info:
  title: ${title}
  version: "1.0"
servers:
  - url: ${serverUrl}
paths:
${paths}
`;
}
