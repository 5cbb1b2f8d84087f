/** The tool manager over real HTTP: routes, the published description, every error case, load. */
import { bundle, createConfig, lintDocument, makeDocumentFromString, BaseResolver } from "@redocly/openapi-core";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { defineTool, serveTools, type ToolServer } from "../../src/server/index.js";
import { wordListTools } from "../../src/server/samples/word-list.js";
import { richTypeTools } from "../../src/server/samples/rich-types.js";

let server: ToolServer;
let words: readonly string[];
const logged: string[] = [];
let release: () => void = () => {};

const slow = defineTool({
  name: "Slow",
  description: "Answers when the test lets it.",
  output: z.object({ done: z.boolean().describe("Always true.") }),
  run: () => new Promise<{ done: boolean }>((resolve) => (release = () => resolve({ done: true }))),
});
const broken = defineTool({
  name: "Broken",
  description: "Throws.",
  output: z.object({ ok: z.boolean() }),
  run: () => {
    throw new Error("secret stack detail");
  },
});
const liar = defineTool({
  name: "Liar",
  description: "Returns the wrong shape.",
  output: z.object({ count: z.number().describe("A number.") }),
  run: () => ({ count: "three" }) as unknown as { count: number },
});

beforeAll(async () => {
  const wordList = wordListTools();
  words = wordList.words;
  server = await serveTools([...wordList.tools, slow, broken, liar], {
    namespace: "WordBook",
    version: "v1",
    maxBodyBytes: 1024,
    logger: (message) => logged.push(message),
  });
});
afterAll(() => server.close());

const post = (path: string, body: string | object, query = "?version=v1") =>
  fetch(`${server.url}${path}${query}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("routes", () => {
  test("tools answer with what run returns; a tool without input takes {}", async () => {
    const added = await post("/WordBook/v1/AddWord", { word: "alpha" });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ message: 'Added "alpha" to the word list.', prompt: expect.any(String) });
    const again = await (await post("/WordBook/v1/AddWord", { word: "alpha" })).json();
    expect(again).toEqual({ message: '"alpha" is already in the word list.' });
    expect(await (await post("/WordBook/v1/GetWords", {})).json()).toMatchObject({ words: ["alpha"] });
    expect((await post("/WordBook/v1/GetWords", "")).status).toBe(200);
  });

  test("the description is YAML, OpenAPI 3.0.3, and passes Redocly's recommended rules", async () => {
    const response = await fetch(`${server.url}/.well-known/openapi.yaml`);
    expect(response.headers.get("content-type")).toMatch(/yaml/);
    const text = await response.text();
    const doc = parse(text);
    expect(doc.openapi).toBe("3.0.3");
    expect(Object.keys(doc.info).sort()).toEqual(["title", "version"]);
    expect(doc.info).toEqual({ title: "WordBook", version: "v1" });
    expect(doc.servers).toEqual([{ url: server.url }]);
    const add = doc.paths["/WordBook/v1/AddWord"].post;
    expect(add.operationId).toBe("AddWord");
    expect(add.parameters).toBeUndefined();
    expect(add.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/AddWordInput" });
    expect(add.responses["200"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/AddWordOutput" });
    const config = await createConfig({ extends: ["recommended"], rules: { "operation-4xx-response": "off", "security-defined": "off", "info-license": "off" } });
    const document = makeDocumentFromString(text, "/openapi.yaml");
    const problems = await lintDocument({ document, config: config.styleguide, externalRefResolver: new BaseResolver() });
    expect(problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect((await bundle({ doc: document, config })).problems.filter((p) => p.severity === "error")).toEqual([]);
  });

  test("every property has a description (the reference client's loader needs one)", async () => {
    const rich = await serveTools(richTypeTools, { namespace: "Shop", version: "1" });
    try {
      const doc = parse(await (await fetch(`${rich.url}/.well-known/openapi.yaml`)).text());
      const missing: string[] = [];
      const walk = (schema: Record<string, unknown>, at: string) => {
        for (const [name, prop] of Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>)) {
          if (!prop.$ref && typeof prop.description !== "string") missing.push(`${at}.${name}`);
          walk(prop, `${at}.${name}`);
          if (prop.items) walk(prop.items as Record<string, unknown>, `${at}.${name}[]`);
        }
      };
      for (const [name, schema] of Object.entries(doc.components.schemas as Record<string, Record<string, unknown>>)) walk(schema, name);
      expect(missing).toEqual([]);
    } finally {
      await rich.close();
    }
  });

  test("examples.yaml in the reference format; 404 when no tool has examples", async () => {
    expect((await fetch(`${server.url}/.well-known/examples.yaml`, { method: "HEAD" })).status).toBe(200);
    const examples = parse(await (await fetch(`${server.url}/.well-known/examples.yaml`)).text());
    expect(examples.examples[0].context).toEqual([
      { role: "user", content: 'Please add the word "serendipity" to my word list.' },
      { role: "bot", plugin: { operationId: "AddWord", thoughts: "The user wants to add a word.", requestArguments: { word: "serendipity" } } },
    ]);
    const bare = await serveTools([slow], { namespace: "N", version: "1" });
    expect((await fetch(`${bare.url}/.well-known/examples.yaml`, { method: "HEAD" })).status).toBe(404);
    await bare.close();
  });
});

describe("errors", () => {
  test("malformed JSON, a missing field and a mistyped field: 400 naming the field", async () => {
    const malformed = await post("/WordBook/v1/AddWord", "{word:");
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error).toBe("invalid JSON");
    const missing = await post("/WordBook/v1/AddWord", {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: "invalid input", issues: [{ path: "/word" }] });
    const mistyped = await (await post("/WordBook/v1/AddWord", { word: 42 })).json();
    expect(mistyped.message).toMatch(/\/word/);
  });

  test("a wrong or missing version: 400 saying which version is served", async () => {
    const wrong = await post("/WordBook/v1/AddWord", { word: "x" }, "?version=v2");
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toMatch(/serves version v1/);
    expect((await post("/WordBook/v1/AddWord", { word: "x" }, "")).status).toBe(400);
  });

  test("unknown tool 404, wrong method 405, body over the limit 413", async () => {
    const unknown = await post("/WordBook/v1/Nope", {});
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toMatch(/AddWord/);
    expect((await fetch(`${server.url}/WordBook/v1/AddWord?version=v1`)).status).toBe(405);
    expect((await post("/WordBook/v1/AddWord", { word: "x".repeat(5000) })).status).toBe(413);
  });

  test("a handler that throws: 500, generic message, error logged, no stack in the answer", async () => {
    const response = await post("/WordBook/v1/Broken", {});
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toMatch(/secret stack detail|at .*\.ts/);
    expect(logged.some((l) => l.includes("Broken"))).toBe(true);
  });

  test("a handler returning the wrong shape is caught and named", async () => {
    const response = await post("/WordBook/v1/Liar", {});
    expect(response.status).toBe(500);
    expect(logged.some((l) => l.includes("Liar") && l.includes("/count"))).toBe(true);
  });
});

describe("load and shutdown", () => {
  test("200 parallel AddWord calls: every word stored exactly once", async () => {
    const batch = Array.from({ length: 200 }, (_, i) => `w${i % 150}`);
    const responses = await Promise.all(batch.map((word) => post("/WordBook/v1/AddWord", { word })));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const stored = words.filter((w) => w.startsWith("w"));
    expect(stored).toHaveLength(150);
    expect(new Set(stored).size).toBe(150);
  });

  test("close() lets a request in flight finish", async () => {
    const own = await serveTools([slow], { namespace: "S", version: "1" });
    const pending = fetch(`${own.url}/S/1/Slow?version=1`, { method: "POST", body: "{}" });
    await new Promise((r) => setTimeout(r, 50));
    const closed = own.close();
    release();
    const response = await pending;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closed;
    await expect(fetch(`${own.url}/.well-known/openapi.yaml`)).rejects.toThrow();
  });
});
