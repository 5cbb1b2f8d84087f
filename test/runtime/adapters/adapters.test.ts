/** Provider adapters: shapes, names, strict mode and its fallback, description limits, examples. */
import { describe, expect, test, vi } from "vitest";
import { toAiSdkTools } from "../../../src/runtime/adapters/ai-sdk.js";
import { toAnthropicTools } from "../../../src/runtime/adapters/anthropic.js";
import { toErnieFunctions } from "../../../src/runtime/adapters/ernie.js";
import { toGeminiTools } from "../../../src/runtime/adapters/gemini.js";
import { toOpenAITools } from "../../../src/runtime/adapters/openai.js";
import { toStrictSchema } from "../../../src/runtime/adapters/openai-strict.js";
import { createToolkit } from "../../../src/runtime/create-toolkit.js";
import type { ToolEntry } from "../../../src/runtime/toolkit.js";
import type { JsonSchema } from "../../../src/runtime/validation/json-schema.js";
import { ToolInputError } from "../../../src/runtime/validation/tool-input-error.js";

const addWord: ToolEntry = {
  name: "单词本/v1/addWord",
  wireName: "xfbe7be__v1__addWord",
  functionName: "addWord",
  description: "Adds a word.",
  method: "POST",
  path: "/add_word",
  inputless: false,
  parameters: {
    type: "object",
    properties: {
      word: { type: "string", description: "The word.", minLength: 1 },
      lang: { type: "string", enum: ["en", "de"] },
      note: { type: ["string", "null"], format: "markdown" },
      tags: { type: "array", items: { oneOf: [{ type: "string" }, { type: "integer" }] } },
    },
    required: ["word", "note"],
    additionalProperties: false,
  },
  responses: { type: "object", properties: { message: { type: "string" } }, required: ["message"] },
  examples: [
    {
      messages: [
        { role: "user", content: "Add hello" },
        { role: "assistant", thoughts: "add it", call: { name: "单词本/v1/addWord", arguments: { word: "hello" } } },
        { role: "user", content: "And world" },
        { role: "assistant", call: { name: "单词本/v1/addWord", arguments: { word: "world" } } },
      ],
    },
  ],
  run: vi.fn(async (input: unknown) => ({ message: "ok", input })),
};
const patchMap: ToolEntry = {
  name: "单词本/v1/setMeta",
  wireName: "xfbe7be__v1__setMeta",
  functionName: "setMeta",
  description: "x".repeat(2000),
  method: "PATCH",
  path: "/meta",
  inputless: false,
  parameters: { type: "object", properties: { meta: { type: "object", additionalProperties: { type: "string" } } }, additionalProperties: false },
  examples: [],
  run: vi.fn(async () => ({})),
};
const listWords: ToolEntry = {
  name: "单词本/v1/listWords",
  wireName: "xfbe7be__v1__listWords",
  functionName: "listWords",
  description: "Lists.",
  method: "GET",
  path: "/list",
  inputless: true,
  parameters: { type: "object", properties: {}, additionalProperties: false },
  responses: { type: "array", items: { type: "string" } },
  examples: [],
  run: vi.fn(async () => ["a"]),
};
const toolkit = createToolkit({ title: "单词本", version: "v1", tools: [addWord, patchMap, listWords] });

describe("OpenAI", () => {
  test("Chat Completions: wire names, strict where expressible, optional fields nullable and required", () => {
    const warnings: string[] = [];
    const [tool, map, list] = toOpenAITools(toolkit, { onWarning: (w) => warnings.push(w) });
    expect(tool!.type).toBe("function");
    expect(tool!.function.name).toBe("xfbe7be__v1__addWord");
    expect(tool!.function.strict).toBe(true);
    expect(tool!.function.parameters).toEqual({
      type: "object",
      properties: {
        word: { type: "string", description: "The word. {minLength: 1}" },
        lang: { type: ["string", "null"], enum: ["en", "de", null] },
        note: { type: ["string", "null"], description: "{format: markdown}" },
        tags: { type: ["array", "null"], items: { anyOf: [{ type: "string" }, { type: "integer" }] } },
      },
      required: ["word", "lang", "note", "tags"],
      additionalProperties: false,
    });
    expect(tool!.function.description).toBe('Adds a word.\n\nExamples:\n- "Add hello" -> xfbe7be__v1__addWord({"word":"hello"})\n- "And world" -> xfbe7be__v1__addWord({"word":"world"})');
    // An open map cannot be strict: sent non-strict with a warning.
    expect(map!.function.strict).toBe(false);
    expect(map!.function.parameters).toBe(patchMap.parameters);
    expect(warnings).toEqual([expect.stringMatching(/^toOpenAITools: "xfbe7be__v1__setMeta" is sent with strict: false; .*\$\.meta: is an open object/)]);
    expect([...map!.function.description].length).toBeLessThanOrEqual(1024);
    expect(map!.function.description.endsWith("…")).toBe(true);
    expect(list!.function.parameters).toEqual({ type: "object", properties: {}, required: [], additionalProperties: false });
  });

  test("the nulls a strict model writes for optional fields are dropped before validation", async () => {
    await toolkit.call("xfbe7be__v1__addWord", '{"word":"a","lang":null,"note":null,"tags":null}');
    expect(vi.mocked(addWord.run).mock.calls.at(-1)![0]).toEqual({ word: "a", note: null });
  });

  test("Responses API shape; strict always explicit; strict: false opts out everywhere", () => {
    const [tool] = toOpenAITools(toolkit, { api: "responses", strict: false, onWarning: () => {} });
    expect(tool).toEqual({ type: "function", name: "xfbe7be__v1__addWord", description: expect.any(String), parameters: addWord.parameters, strict: false });
  });

  test("more than 128 tools is a warning (the API's limit), not an error", () => {
    const many = { tools: Array.from({ length: 130 }, (_, i) => ({ ...listWords, wireName: `t${i}` })) };
    const warnings: string[] = [];
    expect(toOpenAITools(many, { onWarning: (w) => warnings.push(w) })).toHaveLength(130);
    expect(warnings[0]).toMatch(/130 tools; OpenAI accepts at most 128/);
  });

  test("strict conversion refuses what strict mode cannot express", () => {
    const cases: [JsonSchema, RegExp][] = [
      [{ type: "object", properties: { a: {} } }, /\$\.a: accepts any value/],
      [{ type: "object", properties: { a: { type: "array" } } }, /without an item schema/],
      [{ type: "object", properties: { a: { not: { type: "string" } } } }, /uses "not"/],
      [{ type: "object", properties: { a: { type: "object" } } }, /open object/],
    ];
    for (const [schema, reason] of cases) {
      const result = toStrictSchema(schema);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(reason);
    }
  });
});

describe("Anthropic", () => {
  test("name, description with examples, input_schema as is", () => {
    const [tool] = toAnthropicTools(toolkit);
    expect(tool).toEqual({ name: "xfbe7be__v1__addWord", description: expect.stringContaining("Examples:"), input_schema: addWord.parameters });
  });

  test("input_examples and strict on request", () => {
    const warnings: string[] = [];
    const [tool, map] = toAnthropicTools(toolkit, { examples: "input_examples", strict: true, onWarning: (w) => warnings.push(w) });
    expect(tool!.description).toBe("Adds a word.");
    expect(tool!.input_examples).toEqual([{ word: "hello" }, { word: "world" }]);
    expect(tool!.strict).toBe(true);
    expect(tool!.input_schema.properties).toMatchObject({ word: { type: "string", description: "The word. {minLength: 1}" }, tags: { items: { anyOf: expect.any(Array) } } });
    expect(map!.strict).toBeUndefined();
    expect(warnings).toHaveLength(1);
  });
});

describe("Gemini", () => {
  test("parametersJsonSchema by default; no parameters for a tool without arguments", () => {
    const functionDeclarations = toGeminiTools(toolkit)[0]!.functionDeclarations;
    expect(functionDeclarations[0]).toMatchObject({ name: "xfbe7be__v1__addWord", parametersJsonSchema: addWord.parameters, responseJsonSchema: addWord.responses });
    expect(functionDeclarations[2]).toEqual({ name: "xfbe7be__v1__listWords", description: "Lists.", responseJsonSchema: listWords.responses });
  });

  test("the OpenAPI subset on request: one upper-case type plus nullable, anyOf, string enums", () => {
    const functionDeclarations = toGeminiTools(toolkit, { schema: "openapi" })[0]!.functionDeclarations;
    expect(functionDeclarations[0]!.parameters).toEqual({
      type: "OBJECT",
      properties: {
        word: { type: "STRING", description: "The word.", minLength: "1" },
        lang: { type: "STRING", enum: ["en", "de"] },
        note: { type: "STRING", nullable: true, format: "markdown" },
        tags: { type: "ARRAY", items: { anyOf: [{ type: "STRING" }, { type: "INTEGER" }] } },
      },
      required: ["word", "note"],
    });
    expect(JSON.stringify(functionDeclarations[1]!.parameters)).not.toContain("additionalProperties");
  });
});

describe("ERNIE", () => {
  test("canonical names, parameters, responses, whole conversations as flat messages", () => {
    const [fn, , list] = toErnieFunctions(toolkit);
    expect(fn).toEqual({
      name: "单词本/v1/addWord",
      description: "Adds a word.",
      parameters: addWord.parameters,
      responses: addWord.responses,
      examples: [
        { role: "user", content: "Add hello" },
        { role: "assistant", content: "", function_call: { name: "单词本/v1/addWord", thoughts: "add it", arguments: '{"word": "hello"}' } },
        { role: "user", content: "And world" },
        { role: "assistant", content: "", function_call: { name: "单词本/v1/addWord", arguments: '{"word": "world"}' } },
      ],
    });
    expect(list).toEqual({ name: "单词本/v1/listWords", description: "Lists.", parameters: { type: "object", properties: {}, additionalProperties: false }, responses: listWords.responses });
  });
});

describe("AI SDK", () => {
  test("a ToolSet keyed by wire name: branded JSON schema with our validation, execute through toolkit.call", async () => {
    const tools = toAiSdkTools(toolkit);
    expect(Object.keys(tools)).toEqual(["xfbe7be__v1__addWord", "xfbe7be__v1__setMeta", "xfbe7be__v1__listWords"]);
    const tool = tools.xfbe7be__v1__addWord!;
    const schema = tool.inputSchema as unknown as Record<symbol, unknown> & { jsonSchema: unknown };
    expect(schema[Symbol.for("vercel.ai.schema")]).toBe(true);
    expect(schema.jsonSchema).toBe(addWord.parameters);
    expect(tool.inputSchema.validate({ word: "a", note: null })).toEqual({ success: true, value: { word: "a", note: null } });
    const invalid = tool.inputSchema.validate({ note: null });
    expect(invalid.success).toBe(false);
    if (!invalid.success) expect(invalid.error).toBeInstanceOf(ToolInputError);
    expect(tool.inputExamples).toEqual([{ input: { word: "hello" } }, { input: { word: "world" } }]);
    expect(await tool.execute({ word: "x", note: null }, {})).toEqual({ message: "ok", input: { word: "x", note: null } });
  });

  test("the caller's jsonSchema is used when given", () => {
    const jsonSchema = vi.fn((schema: unknown, options: { validate: unknown }) => ({ wrapped: schema, validate: options.validate }));
    const tools = toAiSdkTools(toolkit, { jsonSchema, only: (t) => t.method === "GET" });
    expect(Object.keys(tools)).toEqual(["xfbe7be__v1__listWords"]);
    expect(tools.xfbe7be__v1__listWords!.inputSchema.wrapped).toBe(listWords.parameters);
  });
});
