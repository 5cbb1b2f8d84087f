/** Loading from files, over loopback HTTP (multi-file descriptions too) and from the hub. */
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, normalize } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BadInputError } from "../../src/load/bad-input-error.js";
import { loadDescription } from "../../src/load/load-description.js";
import { resolveSource } from "../../src/load/resolve-source.js";
import { CORPUS } from "../support/output-dir.js";

const DO_DIR = join(CORPUS, "specs/digital-ocean-api");
let server: Server;
let base: string;
const requests: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];

/** Serves the DigitalOcean folder under /do/.well-known/ (openapi.yaml = the entry file), and a word list with examples. */
beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    const path = decodeURIComponent((req.url ?? "").split("?")[0]!);
    if (path.startsWith("/do/.well-known/")) {
      const rel = path.slice("/do/.well-known/".length);
      const file = normalize(join(DO_DIR, rel === "openapi.yaml" ? "DigitalOcean-public.v2.yaml" : rel));
      if (!file.startsWith(DO_DIR) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": "application/yaml" });
      return void createReadStream(file).pipe(res);
    }
    if (path === "/wb/.well-known/openapi.yaml") return void res.writeHead(200).end(readWordbook());
    if (path === "/wb/.well-known/examples.yaml") return void res.writeHead(200).end(req.method === "HEAD" ? undefined : "examples:\n  - context: []\n");
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function readWordbook(): string {
  return "openapi: 3.0.1\ninfo: {title: W, version: v1}\npaths: {}\n";
}

function refs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refs(n, out));
  else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) if (k === "$ref" && typeof v === "string") out.push(v);
    else refs(v, out);
  }
  return out;
}

describe("multi-file descriptions", () => {
  test("DigitalOcean (2,034 files) loads the same from disk and over HTTP, with only local refs left", async () => {
    const fromDisk = await loadDescription(join(DO_DIR, "DigitalOcean-public.v2.yaml"));
    const overHttp = await loadDescription(`${base}/do`, { token: "t" });
    expect(overHttp.document).toEqual(fromDisk.document);
    const all = refs(fromDisk.document);
    expect(all.length).toBeGreaterThan(1000);
    expect(all.every((r) => r.startsWith("#/"))).toBe(true);
    const operations = Object.values(fromDisk.document.paths as Record<string, Record<string, unknown>>).flatMap((item) =>
      Object.keys(item).filter((k) => ["get", "put", "post", "delete", "patch", "head", "options", "trace"].includes(k)),
    );
    expect(operations).toHaveLength(408);
  });

  test("hey-api's full.yaml with its external-shared.json", async () => {
    const loaded = await loadDescription(join(CORPUS, "specs/heyapi-full-3.0/full.yaml"));
    expect(refs(loaded.document).every((r) => r.startsWith("#/"))).toBe(true);
    expect(loaded.openapiVersion).toBe("3.0");
  });

  test("the 13 MB GitHub JSON and the Stripe YAML", async () => {
    const github = await loadDescription(join(CORPUS, "specs/github-api.json"));
    expect(github.bytes).toBeGreaterThan(12_000_000);
    expect(github.sha256).toMatch(/^[0-9a-f]{64}$/);
    const stripe = await loadDescription(join(CORPUS, "specs/stripe-spec3-2023-09-12.yaml"));
    expect(Object.keys(stripe.document.paths as object).length).toBeGreaterThan(300);
  });
});

describe("tool server protocol", () => {
  test("GET openapi.yaml, HEAD then GET examples.yaml, the token on each", async () => {
    requests.length = 0;
    const loaded = await loadDescription(`${base}/wb/`, { token: "tok" });
    expect(loaded.examples).toEqual({ examples: [{ context: [] }] });
    expect(loaded.source.baseUrl).toBe(`${base}/wb`);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /wb/.well-known/openapi.yaml",
      "HEAD /wb/.well-known/examples.yaml",
      "GET /wb/.well-known/examples.yaml",
    ]);
    expect(requests.every((r) => r.headers.authorization === "token tok")).toBe(true);
  });

  test("no token: one warning, no Authorization header; a 404 for examples is fine", async () => {
    requests.length = 0;
    const warnings: string[] = [];
    const loaded = await loadDescription(`${base}/do`, { onWarning: (w) => warnings.push(w), env: {} });
    expect(loaded.examples).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/403/);
    expect(requests.some((r) => r.headers.authorization !== undefined)).toBe(false);
  });

  test("hub:<name> builds the hub address as the reference does", () => {
    expect(resolveSource("hub:text-moderation", {}).baseUrl).toBe("https://tool-text-moderation.aistudio-hub.baidu.com");
    expect(resolveSource("hub:ocr", { AISTUDIO_HUB_BASE_URL: "http://hub.local:8080/prefix" }).documentUrl).toBe(
      "http://tool-ocr.hub.local:8080/prefix/.well-known/openapi.yaml",
    );
  });

  test("hub:<name> loads through the hub address with the token from the environment", async () => {
    const urls: string[] = [];
    const fakeFetch: typeof fetch = async (input, init) => {
      urls.push(`${init?.method} ${String(input)} ${new Headers(init?.headers).get("authorization")}`);
      if (String(input).endsWith("openapi.yaml")) return new Response(readWordbook(), { status: 200 });
      return new Response(null, { status: 404 });
    };
    const loaded = await loadDescription("hub:wordbook", { fetch: fakeFetch, env: { EB_AGENT_ACCESS_TOKEN: "envtok" } });
    expect(loaded.source.kind).toBe("hub");
    expect(urls[0]).toBe("GET https://tool-wordbook.aistudio-hub.baidu.com/.well-known/openapi.yaml token envtok");
  });

  test("a URL naming the document itself is read as is", () => {
    const source = resolveSource("http://127.0.0.1:9/api/.well-known/openapi.json");
    expect([source.documentUrl, source.baseUrl]).toEqual(["http://127.0.0.1:9/api/.well-known/openapi.json", "http://127.0.0.1:9/api"]);
  });

  test("the size limit stops a body that is too large", async () => {
    const error = await loadDescription(`${base}/do`, { maxBytes: 1000, env: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadInputError);
    expect((error as Error).message).toMatch(/larger than the limit of 1000 bytes/);
  });
});
