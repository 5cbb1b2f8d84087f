/**
 * The generated `toolkit.ts`: descriptors written at build time as literals, compiling under
 * tsc --strict (and as .js + .d.ts), identical to what loadToolkit builds at run time, and
 * dispatching validated calls to a loopback tool server.
 */
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { startWordListServer } from "../runtime/adapters/word-list-server.js";
import { literal } from "../../src/emit/ts-text.js";
import { loadDescription } from "../../src/load/load-description.js";
import { buildModel } from "../../src/model/build-model.js";
import { buildToolDescriptors } from "../../src/model/tool-schema/tool-descriptors.js";
import { loadToolkit } from "../../src/load-toolkit/load-toolkit.js";
import { CORPUS, freshOutputDir } from "../support/output-dir.js";
import { typecheck } from "../support/typecheck.js";

const quiet = { stdout: () => {}, stderr: () => {}, exitCode: () => {} };
let server: Awaited<ReturnType<typeof startWordListServer>>;
 
let gen: any;

beforeAll(async () => {
  server = await startWordListServer();
  const out = freshOutputDir("toolkit-word-list-js");
  expect(await main([server.url, "--out", out, "--emit", "js"], quiet)).toBe(0);
  gen = await import(pathToFileURL(join(out, "index.js")).href);
});
afterAll(() => server.close());

/** Descriptor fields only (no functions), for comparison. */
function data(tools: readonly Record<string, unknown>[]) {
  return tools.map(({ run: _run, ...rest }) => rest);
}

describe("generated toolkit.ts", () => {
  test("the reference's fixture with its examples compiles under tsc --strict, and an app can use the descriptors", async () => {
    const dir = freshOutputDir("toolkit-ernie-src");
    cpSync(join(CORPUS, "ernie/openapi.yaml"), join(dir, "openapi.yaml"));
    cpSync(join(CORPUS, "ernie/examples.yaml"), join(dir, "examples.yaml"));
    const out = join(dir, "gen");
    expect(await main([join(dir, "openapi.yaml"), "--out", out], quiet)).toBe(0);
    const source = readFileSync(join(out, "toolkit.ts"), "utf8");
    expect(source).toContain('wireName: "xfbe7be__v1__addWord"');
    expect(source).toContain("const example0: ToolEntry");
    writeFileSync(
      join(out, "app.ts"),
      `import { toolkit } from "./index.js";
const first = toolkit.tools[0];
export const names: string[] = toolkit.tools.map((t) => t.wireName);
export const required: readonly string[] | undefined = first?.parameters.required;
export const examples: number = toolkit.examples.length + (first?.examples.length ?? 0);
export const checked: Record<string, unknown> = toolkit.check("单词本/v1/addWord", { word: "x" });
`,
    );
    expect(await typecheck(out)).toBe("");
  });

  test("descriptors equal what loadToolkit builds at run time", async () => {
    const loaded = await loadToolkit(server.url);
    expect(data(gen.toolkit.tools)).toEqual(data(loaded.tools as unknown as Record<string, unknown>[]));
    expect(gen.toolkit.examples).toEqual(loaded.examples);
    expect(gen.toolkit.tools.map((t: { wireName: string }) => t.wireName)).toEqual(["WordBook__v1__AddWord", "WordBook__v1__GetWords"]);
    expect(gen.toolkit.tools[0].parameters).toEqual({
      type: "object",
      properties: { word: { type: "string", description: "The word to add to the word list.", minLength: 1 } },
      required: ["word"],
      additionalProperties: false,
    });
  });

  test("toolkit.call validates before any request, then calls the generated function", async () => {
    await expect(gen.toolkit.call("WordBook__v1__AddWord", { word: 3 })).rejects.toThrow("- $.word: must be a string, got 3");
    expect(server.words).toEqual([]);
    const added = await gen.toolkit.call("WordBook__v1__AddWord", '{"word":"hello"}');
    expect(added.message).toBe('Added "hello" to the word list.');
    expect(await gen.toolkit.call("WordBook/v1/GetWords")).toEqual({ words: ["hello"], prompt: "List the words for the user in the order given." });
  });
});

describe("a large toolkit", () => {
  test("schemas go in one JSON text; the module still compiles and holds the same descriptors", async () => {
    const dir = freshOutputDir("toolkit-large");
    const property = (i: number) => ({ type: "string", description: `Field ${i}: ${"a long explanation ".repeat(12)}`, maxLength: 100 });
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 150; i++) {
      paths[`/things${i}`] = {
        post: {
          operationId: `makeThing${i}`,
          requestBody: {
            required: true,
            content: { "application/json": { schema: { type: "object", required: ["f0"], properties: Object.fromEntries(Array.from({ length: 12 }, (_, j) => [`f${j}`, property(j)])) } } },
          },
          responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object", properties: { id: { type: "integer" } } } } } } },
        },
      };
    }
    const file = join(dir, "large.json");
    writeFileSync(file, JSON.stringify({ openapi: "3.0.3", info: { title: "Large", version: "1" }, servers: [{ url: "http://127.0.0.1:9" }], paths }));
    const ts = join(dir, "ts");
    const js = join(dir, "js");
    expect(await main([file, "--out", ts, "--no-format"], quiet)).toBe(0);
    expect(await main([file, "--out", js, "--emit", "js"], quiet)).toBe(0);
    const source = readFileSync(join(ts, "toolkit.ts"), "utf8");
    expect(source).toContain("= JSON.parse('{\"tools\":[");
    expect(source).not.toContain("const tool0: ToolEntry"); // no per-tool literals for tsc to check
    expect(await typecheck(ts)).toBe("");
    const large = await import(pathToFileURL(join(js, "index.js")).href);
    const expected = buildToolDescriptors(buildModel(await loadDescription(file)));
    expect(data(large.toolkit.tools).map(({ functionName: _f, inputless: _i, ...rest }) => rest)).toEqual(expected.tools);
    await expect(large.toolkit.call("makeThing3", { f0: "x".repeat(101) })).rejects.toThrow("$.f0: must have at most 100 characters, got 101");
  });
});

describe("literal()", () => {
  test("keys are identifiers or JSON strings; __proto__ stays an own property", () => {
    const text = literal(JSON.parse('{"a": 1, "b-c": "x\\u2028", "__proto__": {"type": "string"}, "n": null, "l": [true]}'));
    expect(text).toBe('{ a: 1, "b-c": "x\\u2028", ["__proto__"]: { type: "string" }, n: null, l: [true] }');
    const value = new Function(`return ${text};`)() as Record<string, unknown>;
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});
