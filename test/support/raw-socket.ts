/**
 * HTTP written byte by byte on a socket, for what no HTTP client will send: request targets that
 * do not parse, bodies that never finish, headers that never end, foreign Host headers.
 */
import { connect, type Socket } from "node:net";

export interface SocketAnswer {
  /** Everything the server wrote before it closed or `waitMs` ran out. */
  readonly text: string;
  /** The status of the first answer, or 0 when none came. */
  readonly status: number;
  /** Whether the server closed the connection (rather than the wait running out). */
  readonly closedByServer: boolean;
  /** Milliseconds from the first write to the close (or to the end of the wait). */
  readonly elapsedMs: number;
}

/** Sends `parts` (with `gapMs` between them), then reads until the server closes or `waitMs` passes. */
export function sendRaw(url: string, parts: readonly (string | Buffer)[], options: { waitMs?: number; gapMs?: number } = {}): Promise<SocketAnswer> {
  const { hostname, port } = new URL(url);
  const waitMs = options.waitMs ?? 5_000;
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(port), hostname.replace(/^\[|\]$/g, ""));
    const chunks: Buffer[] = [];
    const started = performance.now();
    let settled = false;
    const finish = (closedByServer: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString("utf8");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ text, status, closedByServer, elapsedMs: performance.now() - started });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("close", () => finish(true));
    socket.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" || error.code === "EPIPE" ? finish(true) : reject(error)));
    socket.on("connect", async () => {
      for (const [i, part] of parts.entries()) {
        if (settled || socket.destroyed) return;
        if (i > 0 && options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
        socket.write(part);
      }
    });
  });
}

/** A request with a JSON body and a correct Content-Length. */
export function jsonRequest(path: string, host: string, body: string, extra = ""): string {
  return `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n${extra}\r\n${body}`;
}
