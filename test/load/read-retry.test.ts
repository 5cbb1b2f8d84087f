/**
 * A description read over HTTP survives one broken connection: a server that drops the socket of
 * a request before answering (as a kept-alive connection closed at the wrong moment does) gets the
 * GET again, once; one that always drops it is reported, with the place.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { lightFetch } from "../../src/load/light-fetch.js";
import { readDocumentText, type HttpSettings } from "../../src/load/read-document-text.js";

const BODY = "openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths: {}\n";
let server: Server;
let base: string;
const seen = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const count = (seen.get(req.url ?? "") ?? 0) + 1;
    seen.set(req.url ?? "", count);
    if (req.url === "/once" && count === 1) return void req.socket.destroy();
    if (req.url === "/always") return void req.socket.destroy();
    res.writeHead(200).end(BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe.each([
  ["the global fetch", fetch],
  ["lightFetch", lightFetch],
])("a connection broken before the answer (%s)", (_name, fetchImpl) => {
  const http: HttpSettings = { headers: {}, fetch: fetchImpl, timeoutMs: 5000, maxBytes: 1024 * 1024 };

  test("once: the GET is sent again and the document read", async () => {
    seen.delete("/once");
    expect((await readDocumentText(`${base}/once`, http)).text).toBe(BODY);
    expect(seen.get("/once")).toBe(2);
  });

  test("every time: reported after the second try, naming the URL", async () => {
    seen.delete("/always");
    await expect(readDocumentText(`${base}/always`, http)).rejects.toThrow(`${base}/always`);
    expect(seen.get("/always")).toBe(2);
  });
});
