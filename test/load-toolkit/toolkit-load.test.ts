/**
 * loadToolkit: the toolkit shape at run time without code generation, sharing load and model
 * with the generator and importing none of the generator's dependencies.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startWordListServer } from "../runtime/adapters/word-list-server.js";
import { loadToolkit } from "../../src/load-toolkit/load-toolkit.js";
import { ToolInputError } from "../../src/runtime/validation/tool-input-error.js";
import { paginate, type PagedFunction } from "../../src/runtime/paginate.js";
import { CORPUS, REPO_ROOT, freshOutputDir } from "../support/output-dir.js";

let server: Awaited<ReturnType<typeof startWordListServer>>;
beforeAll(async () => {
  server = await startWordListServer();
});
afterAll(() => server.close());

/** Every module reachable from `entry` by static or dynamic import: local files and packages. */
function importGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/(?:import|export)\s[^"';]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^import\s+["']([^"']+)["']/gm)) {
      const specifier = match[1] ?? match[2] ?? match[3]!;
      if (/^import\s+type\s/.test(match[0]) || /^export\s+type\s/.test(match[0])) continue; // erased
      if (specifier.startsWith(".")) visit(resolve(dirname(file), specifier.replace(/\.js$/, ".ts")));
      else packages.add(specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!);
    }
  };
  visit(entry);
  return { files, packages };
}

test("imports none of the generator's dependencies", () => {
  const { files, packages } = importGraph(join(REPO_ROOT, "src/load-toolkit/load-toolkit.ts"));
  for (const forbidden of ["openapi-typescript", "prettier", "typescript"]) expect(packages).not.toContain(forbidden);
  const emitted = [...files].filter((f) => f.includes("/src/emit/")).map((f) => f.slice(f.indexOf("/src/")));
  expect(emitted).toEqual([]);
  // Only a YAML parser beside Node's own modules, and the Swagger 2.0 converter, which
  // src/load/swagger2.ts imports dynamically, only when a 2.0 description is loaded.
  for (const name of packages) if (!name.startsWith("node:")) expect(["js-yaml", "yaml", "swagger2openapi"]).toContain(name);
  const swagger2 = readFileSync(join(REPO_ROOT, "src/load/swagger2.ts"), "utf8");
  expect(swagger2).not.toMatch(/from\s+["']swagger2openapi["']/);
});

test("from a base address: descriptors, examples, validated calls over HTTP", async () => {
  const warnings: string[] = [];
  const toolkit = await loadToolkit(server.url, { onWarning: (w) => warnings.push(w) });
  expect(toolkit.title).toBe("WordBook");
  expect(toolkit.tools.map((t) => [t.name, t.wireName, t.functionName, t.method, t.path])).toEqual([
    ["WordBook/v1/AddWord", "WordBook__v1__AddWord", "addWord", "POST", "/WordBook/v1/AddWord"],
    ["WordBook/v1/GetWords", "WordBook__v1__GetWords", "getWords", "POST", "/WordBook/v1/GetWords"],
  ]);
  expect(toolkit.tools[0]!.examples).toHaveLength(1);
  expect(toolkit.examples).toEqual([]);
  await expect(toolkit.call("WordBook__v1__AddWord", {})).rejects.toBeInstanceOf(ToolInputError);
  expect(await toolkit.call("WordBook__v1__AddWord", { word: "loaded" })).toMatchObject({ message: 'Added "loaded" to the word list.' });
  expect(server.words).toEqual(["loaded"]);
  expect(warnings).toEqual(["no access token (--token or EB_AGENT_ACCESS_TOKEN): the server may answer 403"]);
});

test("the token and headers given for loading are sent on calls; baseUrl redirects calls", async () => {
  const seen: { url: string; headers: Headers }[] = [];
  const recording: typeof fetch = async (input, init) => {
    seen.push({ url: String(input), headers: new Headers(init?.headers) });
    return fetch(input, init);
  };
  const toolkit = await loadToolkit(server.url, { token: "secret", headers: { "x-app": "a" }, fetch: recording });
  await toolkit.call("WordBook/v1/GetWords");
  const call = seen.at(-1)!;
  expect(call.url).toBe(`${server.url}/WordBook/v1/GetWords?version=v1`);
  expect(call.headers.get("authorization")).toBe("token secret");
  expect(call.headers.get("x-app")).toBe("a");

  const elsewhere = await loadToolkit(server.url, { baseUrl: "http://127.0.0.1:9/", fetch: recording, onWarning: () => {} });
  await elsewhere.call("WordBook/v1/GetWords").catch(() => undefined);
  expect(seen.at(-1)!.url).toBe("http://127.0.0.1:9/WordBook/v1/GetWords?version=v1");
});

test("from a file: servers[0].url is the default address; examples beside it are read", async () => {
  const toolkit = await loadToolkit(join(CORPUS, "ernie/openapi.yaml"));
  expect(toolkit.tools).toHaveLength(4);
  expect(toolkit.tools.every((t) => t.examples.length === 1)).toBe(true);
  const seen: string[] = [];
  const noNetwork: typeof fetch = async (input) => {
    seen.push(String(input));
    return new Response(JSON.stringify({ message: "ok" }), { headers: { "content-type": "application/json" } });
  };
  const local = await loadToolkit(join(CORPUS, "ernie/openapi.yaml"), { fetch: noNetwork });
  expect(await local.call("单词本/v1/deleteWord", '{"word":"x"}')).toEqual({ message: "ok" });
  expect(seen).toEqual(["http://127.0.0.1:8081/delete_word?version=v1"]);
});

test("a paged operation's run carries paged: paginate walks it with the toolkit's options", async () => {
  const items = Array.from({ length: 5 }, (_, i) => ({ id: i }));
  const asked: string[] = [];
  const pages = createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    asked.push(`${url.pathname}${url.search} ${req.headers["x-app"]}`);
    const page = Number(url.searchParams.get("page") ?? 1);
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(items.slice((page - 1) * 2, page * 2)));
  });
  await new Promise<void>((r) => pages.listen(0, "127.0.0.1", r));
  try {
    const dir = freshOutputDir("load-toolkit-paged");
    const item = { type: "object", properties: { id: { type: "integer" } } };
    const description = {
      openapi: "3.0.3",
      info: { title: "Paged", version: "1" },
      servers: [{ url: `http://127.0.0.1:${(pages.address() as AddressInfo).port}` }],
      paths: {
        "/items": {
          get: {
            operationId: "listItems",
            parameters: [
              { name: "page", in: "query", schema: { type: "integer" } },
              { name: "per_page", in: "query", schema: { type: "integer", default: 2 } },
            ],
            responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "array", items: item } } } } },
          },
        },
        "/items/{id}": {
          get: {
            operationId: "getItem",
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
            responses: { "200": { description: "ok", content: { "application/json": { schema: item } } } },
          },
        },
      },
    };
    writeFileSync(join(dir, "paged.json"), JSON.stringify(description));
    const toolkit = await loadToolkit(join(dir, "paged.json"), { headers: { "x-app": "a" } });
    const [list, get] = toolkit.tools;
    expect(get!.run.paged).toBeUndefined();
    const seen: unknown[] = [];
    for await (const x of paginate(list!.run as PagedFunction<undefined, { id: number }[], "">)) seen.push(x.id);
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    expect(asked).toEqual(["/items?version=1 a", "/items?page=2&version=1 a", "/items?page=3&version=1 a"]);
  } finally {
    pages.close();
  }
});
