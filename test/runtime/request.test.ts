/** `request()` against a real loopback server: faults, cancellation, encoding of the version. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { OperationSpec } from "../../src/runtime/operation.js";
import { request } from "../../src/runtime/request.js";
import { ToolCallError } from "../../src/runtime/tool-call-error.js";

let server: Server;
let base: string;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? "");
    const path = (req.url ?? "").split("?")[0];
    if (path === "/ok") return void res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    if (path === "/bad-json") return void res.writeHead(200, { "content-type": "application/json" }).end("{not json");
    if (path === "/html") return void res.writeHead(200, { "content-type": "text/html" }).end("<html><body>Gateway login</body></html>");
    if (path === "/never") return; // never answers
    if (path === "/half") {
      res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
      res.write('{"partial":');
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    if (path === "/reset") return void req.socket.destroy();
    if (path === "/text-error") return void res.writeHead(502, { "content-type": "text/plain" }).end("upstream down");
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});

const op = (path: string): OperationSpec => ({ tool: "T/v 1/op", method: "GET", path, params: [], response: "json" });
const config = () => ({ baseUrl: base, version: "v 1/2", accessToken: "s3cret-token" });

async function failure(path: string, options = {}): Promise<ToolCallError> {
  const error = await request(config(), op(path), undefined, options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ToolCallError);
  const e = error as ToolCallError;
  expect(e.message).toContain("T/v 1/op");
  expect(e.message).not.toContain("s3cret-token");
  return e;
}

describe("request", () => {
  test("the version is URL-encoded and last; base paths and slashes join cleanly", async () => {
    expect(await request({ ...config(), baseUrl: `${base}/` }, op("/ok"), undefined)).toEqual({ ok: true });
    expect(seen.at(-1)).toBe("/ok?version=v%201%2F2");
  });

  test("invalid JSON and an HTML page in a 200 are INVALID_RESPONSE", async () => {
    expect((await failure("/bad-json")).code).toBe("INVALID_RESPONSE");
    const html = await failure("/html");
    expect(html.code).toBe("INVALID_RESPONSE");
    expect(html.message).toMatch(/HTML/);
  });

  test("a text error body is kept as text", async () => {
    const e = await failure("/text-error");
    expect([e.code, e.status, e.body]).toEqual(["HTTP_STATUS", 502, "upstream down"]);
  });

  test("timeout, abort, reset, a body cut off, and a refused connection", async () => {
    expect((await failure("/never", { timeoutMs: 100 })).code).toBe("TIMEOUT");
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect((await failure("/never", { signal: controller.signal, timeoutMs: 0 })).code).toBe("ABORTED");
    expect((await failure("/reset")).code).toBe("NETWORK");
    expect((await failure("/half")).code).toBe("NETWORK");
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const refused = await request({ ...config(), baseUrl: `http://127.0.0.1:${port}` }, op("/ok"), undefined).catch((e: ToolCallError) => e);
    expect((refused as ToolCallError).code).toBe("NETWORK");
    expect((refused as ToolCallError).message).toMatch(/ECONNREFUSED/);
  });

  test("an already aborted signal sends nothing", async () => {
    const count = seen.length;
    expect((await failure("/ok", { signal: AbortSignal.abort() })).code).toBe("ABORTED");
    expect(seen.length).toBe(count);
  });
});
