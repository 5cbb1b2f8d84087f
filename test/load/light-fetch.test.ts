/**
 * The fetch the no-change check uses instead of the global one (src/load/light-fetch.ts): it must
 * answer read-document-text's requests as the global fetch does (a 304, a compressed 200, a
 * redirect left for the caller, a HEAD, a time limit), and a remote no-change run must not load
 * undici, which is what it exists to avoid.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { lightFetch } from "../../src/load/light-fetch.js";
import { probe, readConditionally, readDocumentText, type HttpSettings } from "../../src/load/read-document-text.js";
import { descriptionWith, startDescriptionServer } from "../support/description-server.js";
import { freshOutputDir, REPO_ROOT } from "../support/output-dir.js";

const BODY = "openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths: {}\n";
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/gzip") return void res.writeHead(200, { "content-encoding": "gzip", etag: '"g"' }).end(gzipSync(BODY));
    if (req.url === "/etag") return void (req.headers["if-none-match"] === '"e"' ? res.writeHead(304, { etag: '"e"' }).end() : res.writeHead(200, { etag: '"e"' }).end(BODY));
    if (req.url === "/moved") return void res.writeHead(302, { location: "/etag" }).end();
    if (req.url === "/slow") return; // never answers
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const http = (timeoutMs = 5000): HttpSettings => ({ headers: {}, fetch: lightFetch, timeoutMs, maxBytes: 1024 * 1024 });

describe("lightFetch through read-document-text", () => {
  test("a gzip body arrives decompressed, with its ETag", async () => {
    const text = await readDocumentText(`${base}/gzip`, http());
    expect(text.text).toBe(BODY);
    expect(text.etag).toBe('"g"');
  });

  test("a conditional GET: 304 with the ETag, the document without", async () => {
    expect(await readConditionally(`${base}/etag`, http(), { etag: '"e"' })).toEqual({ notModified: true, url: `${base}/etag` });
    const fresh = await readConditionally(`${base}/etag`, http(), { etag: '"old"' });
    expect(fresh.notModified ? undefined : fresh.text.text).toBe(BODY);
  });

  test("a redirect is followed by the caller, through its guard", async () => {
    const seen: string[] = [];
    const text = await readDocumentText(`${base}/moved`, http(), async (url) => void seen.push(url));
    expect(seen).toEqual([`${base}/etag`]);
    expect(text.text).toBe(BODY);
  });

  test("HEAD probes, and a 404 is an error naming the URL", async () => {
    expect(await probe(`${base}/etag`, http())).toBe(true);
    expect(await probe(`${base}/none`, http())).toBe(false);
    await expect(readDocumentText(`${base}/none`, http())).rejects.toThrow(/answered 404/);
  });

  test("a server that does not answer is given up on after the time limit", async () => {
    await expect(readDocumentText(`${base}/slow`, http(200))).rejects.toThrow(/did not answer within 200 ms/);
  });
});

const run = (args: string[]) => promisify(execFile)(process.execPath, args, { encoding: "utf8" });

describe("a remote no-change run", () => {
  test("skips without loading undici (the global fetch)", { timeout: 120_000 }, async () => {
    const description = await startDescriptionServer(descriptionWith("alpha", ["summarize"]));
    try {
      const dir = freshOutputDir("light-fetch/no-undici");
      const cli = [join(REPO_ROOT, "bin/toolgen.js"), description.url, "--out", join(dir, "gen")];
      // Asynchronously: the description server runs in this process.
      await run(cli);
      const log = join(dir, "builtins.log");
      const recorder = join(dir, "record-builtins.mjs");
      // process.moduleLoadList names every internal module Node loaded, undici's bundle included.
      writeFileSync(recorder, `import { writeFileSync } from "node:fs";\nprocess.on("exit", () => writeFileSync(${JSON.stringify(log)}, process.moduleLoadList.join("\\n")));\n`);
      expect((await run(["--import", recorder, ...cli])).stdout).toMatch(/^Up to date: /);
      expect(description.notModified).toBe(1);
      const loaded = readFileSync(log, "utf8").split("\n");
      expect(loaded.some((name) => name.includes("http"))).toBe(true);
      expect(loaded.filter((name) => name.includes("undici"))).toEqual([]);
    } finally {
      await description.close();
    }
  });
});

test("a URL with a user name or password is refused, as fetch refuses it", async () => {
  await expect(lightFetch("http://ann:secret@127.0.0.1:1/x", { method: "GET", headers: {}, redirect: "manual" })).rejects.toThrow(/user name or password/);
  await expect(fetch("http://ann:secret@127.0.0.1:1/x")).rejects.toThrow(TypeError);
});
