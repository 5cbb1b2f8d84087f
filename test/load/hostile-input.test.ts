/**
 * Descriptions come from servers the user does not control: they must not exhaust the machine
 * (YAML alias bombs) or make toolgen read local files or other hosts through `$ref`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BadInputError } from "../../src/load/bad-input-error.js";
import { loadDescription } from "../../src/load/load-description.js";
import { freshOutputDir } from "../support/output-dir.js";

function billionLaughs(levels: number): string {
  const lines = ["openapi: 3.0.0", "info: {title: T, version: '1'}", "paths: {}", "x-bomb:", "  a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"];
  for (let i = 1; i < levels; i++) lines.push(`  a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(", ")}]`);
  return lines.join("\n") + "\n";
}

const ref = (target: string) =>
  `openapi: 3.0.0\ninfo: {title: T, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: '${target}'}\n`;

let server: Server;
let other: Server;
let base: string;
let otherBase: string;
const otherHits: string[] = [];
let bounceTo = "";

beforeAll(async () => {
  other = createServer((req, res) => {
    otherHits.push(req.url ?? "");
    res.writeHead(200).end("type: string\n");
  });
  await new Promise<void>((r) => other.listen(0, "127.0.0.1", r));
  otherBase = `http://localhost:${(other.address() as AddressInfo).port}`;
  server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    const bodies: Record<string, string> = {
      "/file-ref/.well-known/openapi.yaml": ref("file:///etc/passwd"),
      "/other-host/.well-known/openapi.yaml": ref(`${otherBase}/schema.yaml`),
      "/same/.well-known/openapi.yaml": ref("./schema.yaml"),
      "/same/.well-known/schema.yaml": "type: string\n",
      "/metadata/.well-known/openapi.yaml": ref("http://169.254.169.254/latest/meta-data.yaml"),
      "/bounce/.well-known/openapi.yaml": ref("./hop.yaml"),
      "/bomb/.well-known/openapi.yaml": billionLaughs(10),
    };
    if (path === "/bounce/.well-known/hop.yaml") {
      // A same-origin $ref that redirects where the $ref itself could not point.
      const to = new URL(req.url ?? "", "http://x").searchParams.get("to") ?? bounceTo;
      return void res.writeHead(302, { location: to }).end();
    }
    const body = bodies[path ?? ""];
    res.writeHead(body ? 200 : 404).end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await new Promise<void>((r) => other.close(() => r()));
});

async function refused(promise: Promise<unknown>): Promise<string> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BadInputError);
  return (error as Error).message;
}

describe("resource limits", () => {
  test("a billion-laughs YAML is refused without expanding it", async () => {
    expect(await refused(loadDescription(`${base}/bomb`, { env: {} }))).toMatch(/expands to more than/);
  });

  test("a normal YAML with anchors and aliases still loads", async () => {
    const dir = freshOutputDir("hostile/aliases");
    writeFileSync(join(dir, "openapi.yaml"), "openapi: 3.0.0\ninfo: {title: T, version: '1'}\nx-shared: &s {type: string}\npaths: {}\ncomponents:\n  schemas:\n    A: *s\n    B: *s\n");
    const loaded = await loadDescription(join(dir, "openapi.yaml"));
    expect((loaded.document.components as { schemas: Record<string, unknown> }).schemas.B).toEqual({ type: "string" });
  });
});

describe("nesting and $ref chains", () => {
  /** A request and response body of `depth` nested arrays (every stage walks schemas recursively). */
  function nestedDescription(depth: number): Record<string, unknown> {
    let deep: unknown = { type: "string" };
    for (let i = 0; i < depth; i++) deep = { type: "array", items: deep };
    const body = { content: { "application/json": { schema: { $ref: "#/components/schemas/Deep" } } } };
    return {
      openapi: "3.0.3",
      info: { title: "T", version: "1" },
      paths: { "/x": { post: { operationId: "x", requestBody: body, responses: { "200": { description: "ok", ...body } } } } },
      components: { schemas: { Deep: deep } },
    };
  }

  test("JSON nested past 100 levels is refused with the pointer, before any stage can overflow its stack", async () => {
    const dir = freshOutputDir("hostile/deep-json");
    // 600 levels used to end in "internal error: Maximum call stack size exceeded" inside openapi-typescript.
    writeFileSync(join(dir, "openapi.json"), JSON.stringify(nestedDescription(600)));
    expect(await refused(loadDescription(join(dir, "openapi.json")))).toMatch(/openapi\.json#\/components\/schemas\/Deep\/items\/…\/items\/items\/items: nests deeper than 100 levels; refused$/);
  });

  test("YAML nested past 100 levels is refused the same way (js-yaml's own limit), with line and column", async () => {
    const dir = freshOutputDir("hostile/deep-yaml");
    writeFileSync(join(dir, "openapi.yaml"), `# flow-style YAML\n${JSON.stringify(nestedDescription(600))}`);
    expect(await refused(loadDescription(join(dir, "openapi.yaml")))).toMatch(/openapi\.yaml:2:\d+: YAML syntax error: nesting exceeded maxDepth \(100\)/);
  });

  test("nesting within the limit and a chain of 2,000 $refs both generate", async () => {
    const dir = freshOutputDir("hostile/chain");
    writeFileSync(join(dir, "deep.json"), JSON.stringify(nestedDescription(80)));
    const { generate } = await import("../../src/generate.js");
    await generate(join(dir, "deep.json"), { out: join(dir, "deep-out"), format: false });
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i++) schemas[`S${i}`] = { type: "object", properties: { next: { $ref: `#/components/schemas/S${i + 1}` } } };
    schemas.S2000 = { type: "string" };
    const chain = { ...nestedDescription(1), components: { schemas: { ...schemas, Deep: { $ref: "#/components/schemas/S0" } } } };
    writeFileSync(join(dir, "chain.json"), JSON.stringify(chain));
    const result = await generate(join(dir, "chain.json"), { out: join(dir, "chain-out"), format: false });
    expect(result.model.operations).toHaveLength(1);
  });
});

describe("where $refs may point", () => {
  test("a description fetched over HTTP cannot read local files, even with --allow-external-refs", async () => {
    expect(await refused(loadDescription(`${base}/file-ref`, { env: {} }))).toMatch(/may not read local files, even with --allow-external-refs/);
    expect(await refused(loadDescription(`${base}/file-ref`, { env: {}, allowExternalRefs: true }))).toMatch(/may not read local files/);
  });

  test("nor a private address that is not the source's host, even with --allow-external-refs (nothing is requested)", async () => {
    const message = await refused(loadDescription(`${base}/metadata`, { env: {}, allowExternalRefs: true }));
    expect(message).toMatch(/http:\/\/169\.254\.169\.254 is a private address \(169\.254\.169\.254\) that is not the source's own host; refused even with --allow-external-refs/);
  });

  test("a redirect from a same-origin $ref is held to the same rules", async () => {
    bounceTo = `${otherBase}/schema.yaml`;
    const hits = otherHits.length;
    expect(await refused(loadDescription(`${base}/bounce`, { env: {} }))).toMatch(/is not the origin the description came from/);
    bounceTo = "http://10.1.2.3/internal.yaml";
    expect(await refused(loadDescription(`${base}/bounce`, { env: {}, allowExternalRefs: true }))).toMatch(/10\.1\.2\.3 is a private address/);
    bounceTo = "file:///etc/passwd";
    expect(await refused(loadDescription(`${base}/bounce`, { env: {}, allowExternalRefs: true }))).toMatch(/may not read local files/);
    expect(otherHits.length).toBe(hits);
  });

  test("public hosts are reachable with the flag; names that resolve to private addresses are not", async () => {
    const { checkRefScope } = await import("../../src/load/ref-scope.js");
    const dns: Record<string, string[]> = { "api.example.com": ["93.184.215.14"], "cdn.example.net": ["151.101.1.1"], "metadata.example.net": ["169.254.169.254"], "intranet.example.net": ["fd12:3456::1"] };
    const resolve = async (host: string) => dns[host] ?? [];
    await expect(checkRefScope("https://cdn.example.net/s.yaml", "https://api.example.com/openapi.yaml", true, resolve)).resolves.toBeUndefined();
    await expect(checkRefScope("https://metadata.example.net/s.yaml", "https://api.example.com/openapi.yaml", true, resolve)).rejects.toThrow(/private address \(169\.254\.169\.254\)/);
    await expect(checkRefScope("https://intranet.example.net/s.yaml", "https://api.example.com/openapi.yaml", true, resolve)).rejects.toThrow(/private address \(fd12:3456::1\)/);
    // A private source may use its own host's other ports.
    await expect(checkRefScope("http://10.0.0.5:8081/s.yaml", "http://10.0.0.5:8080/openapi.yaml", true, async (h) => [h])).resolves.toBeUndefined();
  });

  test("nor reach another host, unless allowed", async () => {
    expect(await refused(loadDescription(`${base}/other-host`, { env: {} }))).toMatch(/not the origin/);
    expect(otherHits).toEqual([]);
    const allowed = await loadDescription(`${base}/other-host`, { env: {}, allowExternalRefs: true });
    expect(otherHits).toEqual(["/schema.yaml"]);
    expect(JSON.stringify(allowed.document)).not.toContain(otherBase);
  });

  test("same-origin relative refs load", async () => {
    const loaded = await loadDescription(`${base}/same`, { env: {} });
    expect(JSON.stringify(loaded.document)).toContain('"#/components/schemas/schema"');
  });

  test("a file description cannot reach outside its folder", async () => {
    const dir = freshOutputDir("hostile/outside");
    mkdirSync(join(dir, "api"));
    writeFileSync(join(dir, "secret.yaml"), "type: string\n");
    writeFileSync(join(dir, "api/openapi.yaml"), ref("../secret.yaml"));
    expect(await refused(loadDescription(join(dir, "api/openapi.yaml")))).toMatch(/outside the description's folder/);
    await expect(loadDescription(join(dir, "api/openapi.yaml"), { allowExternalRefs: true })).resolves.toBeTruthy();
  });
});
