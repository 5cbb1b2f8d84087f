/**
 * The no-change skip for a description whose address redirects to another origin, where its
 * `$ref`'d documents live. The load holds those `$ref`s to the origin the description finally
 * came from; the check must hold them to the same one, or it finds them "outside" and the folder
 * is regenerated on every run although nothing changed.
 */
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { freshOutputDir } from "../support/output-dir.js";

async function toolgen(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { stdout: (l) => out.push(l), stderr: (l) => err.push(l), exitCode: () => {} });
  return { code, out, err };
}

const API = `openapi: 3.0.3
info:
  title: moved
  version: "1.0"
servers:
  - url: http://127.0.0.1:1
paths:
  /moved/1.0/ping:
    post:
      operationId: ping
      requestBody:
        content:
          application/json:
            schema:
              $ref: "common.yaml#/Text"
      responses:
        "200":
          description: ok
`;

const COMMON = `Text:
  type: object
  properties:
    text: { type: string }
`;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

describe("a description that redirects to another origin, with $refs there", () => {
  const gets: string[] = [];
  const files: Record<string, string> = { "/spec/openapi.yaml": API, "/spec/common.yaml": COMMON };
  // Where the description now lives, with an ETag on each document.
  const target = createServer((req, res) => {
    const body = files[req.url ?? ""];
    if (body === undefined) return void res.writeHead(404).end();
    gets.push(`${req.method} ${req.url}${req.headers["if-none-match"] !== undefined ? " if-none-match" : ""}`);
    const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 16)}"`;
    if (req.headers["if-none-match"] === etag) return void res.writeHead(304, { etag }).end();
    res.writeHead(200, { "content-type": "application/yaml", etag }).end(body);
  });
  let targetUrl: string;
  // The address the user gives: its description redirects to the other origin.
  const source = createServer((req, res) => {
    if (req.url === "/.well-known/openapi.yaml") return void res.writeHead(302, { location: `${targetUrl}/spec/openapi.yaml` }).end();
    res.writeHead(404).end();
  });
  let sourceUrl: string;

  beforeAll(async () => {
    targetUrl = await listen(target);
    sourceUrl = await listen(source);
  });
  afterAll(async () => {
    await close(source);
    await close(target);
  });

  test("an unchanged run is skipped, its $ref asked for with its ETag", async () => {
    const out = join(freshOutputDir("no-change/redirect"), "gen");
    const first = await toolgen([sourceUrl, "--out", out]);
    expect(first.code).toBe(0);
    expect(first.out).toEqual([expect.stringMatching(/^Generated 1 operations of "moved" 1\.0 into /)]);
    gets.length = 0;
    const again = await toolgen([sourceUrl, "--out", out]);
    expect(again.code).toBe(0);
    expect(again.out).toEqual([expect.stringMatching(/^Up to date: 1 operations of "moved" 1\.0 in .*gen\/ \(description, options and toolgen 0\.1\.0 unchanged; nothing written\)$/)]);
    expect(gets.sort()).toEqual(["GET /spec/common.yaml if-none-match", "GET /spec/openapi.yaml if-none-match"]);
  });
});
