/**
 * A tool server that misbehaves on purpose: answers far larger than anyone asked for, and
 * redirects to another origin. The caller's memory stays bounded (the cap holds while the body
 * streams, so the server is cut off) and no configured header or credential crosses origins.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { OperationSpec } from "../../src/runtime/operation.js";
import { request } from "../../src/runtime/request.js";
import { ToolCallError } from "../../src/runtime/tool-call-error.js";

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
}

const MiB = 1024 * 1024;
let home: Server;
let elsewhere: Server;
let homeUrl: string;
let elsewhereUrl: string;
const seenElsewhere: Seen[] = [];
const seenHome: Seen[] = [];
/** Bytes the huge-answer routes managed to write before the client hung up. */
let bytesWritten = 0;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function record(req: IncomingMessage, into: Seen[]): Promise<void> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      into.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString() });
      resolve();
    });
  });
}

beforeAll(async () => {
  elsewhere = createServer((req, res) => {
    void record(req, seenElsewhere).then(() => {
      if (req.url?.startsWith("/back")) return void res.writeHead(307, { location: `${homeUrl}/ok` }).end();
      res.writeHead(200, { "content-type": "application/json" }).end('{"landed":"elsewhere"}');
    });
  });
  elsewhereUrl = await listen(elsewhere);
  home = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0]!;
    void record(req, seenHome).then(() => {
      if (path === "/ok") return void res.writeHead(200, { "content-type": "application/json" }).end('{"landed":"home"}');
      if (path === "/to-elsewhere-307") return void res.writeHead(307, { location: `${elsewhereUrl}/target?x=1` }).end();
      if (path === "/to-elsewhere-303") return void res.writeHead(303, { location: `${elsewhereUrl}/see-other` }).end();
      if (path === "/via-elsewhere-and-back") return void res.writeHead(302, { location: `${elsewhereUrl}/back` }).end();
      if (path === "/same-origin") return void res.writeHead(308, { location: "/ok" }).end();
      if (path === "/loop") return void res.writeHead(302, { location: "/loop" }).end();
      if (path === "/to-file") return void res.writeHead(302, { location: "file:///etc/passwd" }).end();
      if (path === "/huge" || path === "/huge-error") {
        // Chunked, no Content-Length: only counting while reading can stop it.
        res.writeHead(path === "/huge" ? 200 : 500, { "content-type": "application/json" });
        const chunk = Buffer.alloc(MiB, 0x20);
        let sent = 0;
        const pump = (): void => {
          while (sent < 200) {
            sent++;
            bytesWritten += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          res.end();
        };
        res.on("close", () => (sent = Number.POSITIVE_INFINITY));
        res.write("[");
        return pump();
      }
      if (path === "/declared-huge") {
        res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(300 * MiB) });
        return void res.write(Buffer.alloc(64 * 1024));
      }
      res.writeHead(404).end();
    });
  });
  homeUrl = await listen(home);
});

afterAll(async () => {
  for (const server of [home, elsewhere]) {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
});

const op = (path: string, method = "POST"): OperationSpec => ({
  tool: "Hostile/v1/op",
  method,
  path,
  params: [
    { key: "X-Trace", name: "X-Trace", in: "header" },
    { key: "session", name: "session", in: "cookie" },
  ],
  body: { mediaType: "application/json", encoding: "json", key: null, required: false },
  response: "json",
});
const config = () => ({
  baseUrl: homeUrl,
  version: "v1",
  accessToken: "tok-SECRET-123456",
  headers: { "X-Api-Key": "key-SECRET-abcdef", "x-team": "blue" },
});
const input = { "X-Trace": "trace-1", session: "sess-SECRET-999", word: "hello" };

async function failure(promise: Promise<unknown>): Promise<ToolCallError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ToolCallError);
  return error as ToolCallError;
}

describe("redirects", () => {
  test("a 307 to another origin resends method and body, but no configured header, token or header/cookie parameter", async () => {
    seenElsewhere.length = 0;
    expect(await request(config(), op("/to-elsewhere-307"), input, { headers: { "X-Call": "call-SECRET-777" } })).toEqual({ landed: "elsewhere" });
    expect(seenElsewhere).toHaveLength(1);
    const hop = seenElsewhere[0]!;
    expect(hop.method).toBe("POST");
    expect(hop.url).toBe("/target?x=1");
    expect(JSON.parse(hop.body)).toEqual({ word: "hello" });
    expect(hop.headers["content-type"]).toBe("application/json");
    for (const name of ["authorization", "x-api-key", "x-team", "x-call", "x-trace", "cookie"]) expect(hop.headers[name], name).toBeUndefined();
    expect(JSON.stringify(hop.headers)).not.toMatch(/SECRET/);
  });

  test("a 303 becomes a GET without body or content-type", async () => {
    seenElsewhere.length = 0;
    await request(config(), op("/to-elsewhere-303"), input);
    expect(seenElsewhere[0]).toMatchObject({ method: "GET", body: "" });
    expect(seenElsewhere[0]!.headers["content-type"]).toBeUndefined();
  });

  test("headers stripped at a cross-origin hop stay stripped when the chain comes back", async () => {
    seenHome.length = 0;
    expect(await request(config(), op("/via-elsewhere-and-back", "GET"), { "X-Trace": "t" })).toEqual({ landed: "home" });
    const back = seenHome.at(-1)!;
    expect(back.url).toBe("/ok");
    expect(back.headers["x-api-key"]).toBeUndefined();
    expect(back.headers.authorization).toBeUndefined();
  });

  test("a same-origin redirect keeps every header", async () => {
    seenHome.length = 0;
    expect(await request(config(), op("/same-origin"), input)).toEqual({ landed: "home" });
    const hop = seenHome.at(-1)!;
    expect(hop.headers["x-api-key"]).toBe("key-SECRET-abcdef");
    expect(hop.headers.authorization).toBe("token tok-SECRET-123456");
    expect(hop.headers.cookie).toBe("session=sess-SECRET-999");
    expect(JSON.parse(hop.body)).toEqual({ word: "hello" });
  });

  test("the chain is capped, maxRedirects can lower it, and non-HTTP targets are refused", async () => {
    seenHome.length = 0;
    const loop = await failure(request(config(), op("/loop", "GET"), undefined));
    expect(loop.code).toBe("NETWORK");
    expect(loop.message).toMatch(/redirected more than 5 times/);
    expect(seenHome).toHaveLength(6);
    seenHome.length = 0;
    expect((await failure(request(config(), op("/loop", "GET"), undefined, { maxRedirects: 1 }))).message).toMatch(/more than 1 times/);
    expect(seenHome).toHaveLength(2);
    expect((await failure(request(config(), op("/to-file", "GET"), undefined))).message).toMatch(/file: address, which is not followed/);
  });
});

describe("answer size", () => {
  test("a 200 MiB streamed answer is cut off at the cap before it is buffered", async () => {
    bytesWritten = 0;
    const before = process.memoryUsage().rss;
    const e = await failure(request(config(), op("/huge", "GET"), undefined, { maxResponseBytes: 4 * MiB }));
    expect(e.code).toBe("RESPONSE_TOO_LARGE");
    expect(e.message).toMatch(/larger than 4194304 bytes/);
    expect(e.status).toBe(200);
    // The server was stopped long before the end: the socket closed under it.
    await new Promise((r) => setTimeout(r, 100));
    expect(bytesWritten).toBeLessThan(64 * MiB);
    expect(process.memoryUsage().rss - before).toBeLessThan(128 * MiB);
  });

  test("the default cap (32 MiB) holds for error answers too", async () => {
    bytesWritten = 0;
    const e = await failure(request(config(), op("/huge-error", "GET"), undefined));
    expect(e.code).toBe("RESPONSE_TOO_LARGE");
    expect(e.message).toMatch(/answered 500 with a body larger than 33554432 bytes/);
  });

  test("a declared Content-Length over the cap is refused without reading", async () => {
    const e = await failure(request(config(), { ...op("/declared-huge", "GET"), response: "binary" }, undefined));
    expect(e.code).toBe("RESPONSE_TOO_LARGE");
  });

  test("maxResponseBytes 0 lifts the cap; answers under it are read as before", async () => {
    expect(await request(config(), op("/ok", "GET"), undefined, { maxResponseBytes: 0 })).toEqual({ landed: "home" });
    expect(await request(config(), op("/ok", "GET"), undefined, { maxResponseBytes: 17 })).toEqual({ landed: "home" });
    expect((await failure(request(config(), op("/ok", "GET"), undefined, { maxResponseBytes: 16 }))).code).toBe("RESPONSE_TOO_LARGE");
  });
});
