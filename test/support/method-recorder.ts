/**
 * A loopback server on 127.0.0.1 that records what each request put on the wire (method exactly
 * as sent, path, query string, body text) and answers with that record as JSON, or with 204 for
 * a path ending in `/204`. It is Node's HTTP server when its parser knows every method asked for
 * (`http.METHODS`: QUERY came with llhttp 9; an older Node 20 refuses it with a 400 before any
 * handler runs), else a plain TCP server reading HTTP/1.1 itself, which takes any method token.
 */
import { createServer as createHttpServer, METHODS } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from "node:net";

export interface Recorded {
  readonly method: string;
  /** The request target as sent: path and query. */
  readonly url: string;
  readonly path: string;
  /** The query string without `?`, as sent (not decoded). */
  readonly query: string;
  readonly body: string;
  readonly contentType?: string;
  /** Every header, by lower-case name. */
  readonly headers: Readonly<Record<string, string>>;
}

export interface Recorder {
  readonly url: string;
  readonly requests: Recorded[];
  /** Which server answers: Node's HTTP parser, or the plain TCP one. */
  readonly kind: "http" | "raw";
  close(): Promise<void>;
}

/** `methods`: the methods the tests send; `raw`: use the TCP server even when Node could parse them. */
export async function startRecorder(methods: readonly string[], options: { raw?: boolean } = {}): Promise<Recorder> {
  const requests: Recorded[] = [];
  const raw = options.raw === true || methods.some((m) => !METHODS.includes(m));
  const server: Server = raw ? createTcpServer((socket) => serveRaw(socket, requests)) : httpServer(requests);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    kind: raw ? "raw" : "http",
    close: () =>
      new Promise<void>((resolve) => {
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

function record(method: string, url: string, body: string, headers: Record<string, string>): Recorded {
  const at = url.indexOf("?");
  const contentType = headers["content-type"];
  return { method, url, path: at < 0 ? url : url.slice(0, at), query: at < 0 ? "" : url.slice(at + 1), body, ...(contentType !== undefined ? { contentType } : {}), headers };
}

function answer(entry: Recorded): { status: number; body: string } {
  return entry.path.endsWith("/204") ? { status: 204, body: "" } : { status: 200, body: JSON.stringify(entry) };
}

function httpServer(requests: Recorded[]): Server {
  return createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
      const entry = record(req.method ?? "", req.url ?? "", Buffer.concat(chunks).toString("utf8"), headers);
      requests.push(entry);
      const { status, body } = answer(entry);
      res.writeHead(status, status === 204 ? {} : { "content-type": "application/json" }).end(body);
    });
  }) as unknown as Server;
}

/** One request per connection (the answer says `connection: close`); Content-Length or chunked bodies. */
function serveRaw(socket: Socket, requests: Recorded[]): void {
  let buffer = Buffer.alloc(0);
  let done = false;
  socket.on("data", (chunk: Buffer) => {
    if (done) return;
    buffer = Buffer.concat([buffer, chunk]);
    const end = buffer.indexOf("\r\n\r\n");
    if (end < 0) return;
    const [line = "", ...headerLines] = buffer.subarray(0, end).toString("latin1").split("\r\n");
    const headers = new Map(headerLines.map((h) => [h.slice(0, h.indexOf(":")).trim().toLowerCase(), h.slice(h.indexOf(":") + 1).trim()]));
    const body = bodyOf(buffer.subarray(end + 4), headers);
    if (body === undefined) return;
    done = true;
    const [method = "", target = ""] = line.split(" ");
    const entry = record(method, target, body.toString("utf8"), Object.fromEntries(headers));
    requests.push(entry);
    const { status, body: text } = answer(entry);
    const type = status === 204 ? "" : "content-type: application/json\r\n";
    socket.end(`HTTP/1.1 ${status} ${status === 204 ? "No Content" : "OK"}\r\n${type}content-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  });
  socket.on("error", () => {});
}

/** The body once it has all arrived, else undefined. */
function bodyOf(rest: Buffer, headers: Map<string, string>): Buffer | undefined {
  if (headers.get("transfer-encoding")?.toLowerCase() === "chunked") {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = rest.indexOf("\r\n", at);
      if (lineEnd < 0) return undefined;
      const size = parseInt(rest.subarray(at, lineEnd).toString("latin1"), 16);
      if (size === 0) return Buffer.concat(parts);
      if (rest.length < lineEnd + 2 + size + 2) return undefined;
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
  }
  const length = Number(headers.get("content-length") ?? 0);
  return rest.length >= length ? rest.subarray(0, length) : undefined;
}
