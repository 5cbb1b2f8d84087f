/** toolkit.call: validated dispatch by canonical or wire name, before any request is made. */
import { describe, expect, test, vi } from "vitest";
import { createToolkit } from "../../../src/runtime/create-toolkit.js";
import type { ToolEntry } from "../../../src/runtime/toolkit.js";
import { ToolInputError } from "../../../src/runtime/validation/tool-input-error.js";

function entries() {
  const addWord = vi.fn(async (input: unknown) => ({ message: "added", input }));
  const getWords = vi.fn(async () => ({ words: ["a"], prompt: "Answer in one line." }));
  const search = vi.fn(async (input: unknown) => ({ hits: [], input }));
  const tools: ToolEntry[] = [
    {
      name: "单词本/v1/addWord",
      wireName: "xfbe7be__v1__addWord",
      functionName: "addWord",
      description: "Adds a word.",
      method: "POST",
      path: "/add_word",
      inputless: false,
      parameters: { type: "object", properties: { word: { type: "string" } }, required: ["word"], additionalProperties: false },
      examples: [],
      prompt: "Say it was added.",
      run: addWord,
    },
    {
      name: "单词本/v1/getWords",
      wireName: "xfbe7be__v1__getWords",
      functionName: "getWords",
      description: "Lists words.",
      method: "GET",
      path: "/get_words",
      inputless: true,
      parameters: { type: "object", properties: {}, additionalProperties: false },
      examples: [],
      prompt: "Never used: the server sends its own.",
      run: getWords,
    },
    {
      name: "单词本/v1/search",
      wireName: "xfbe7be__v1__search",
      functionName: "search",
      description: "Searches.",
      method: "GET",
      path: "/search",
      inputless: false,
      parameters: { type: "object", properties: { q: { type: "string" }, limit: { type: "integer" } }, additionalProperties: false },
      examples: [],
      fixed: { key: "k-1" },
      run: search,
    },
  ];
  return { tools, addWord, getWords, search, toolkit: createToolkit({ title: "单词本", version: "v1", tools }) };
}

describe("toolkit.call", () => {
  test("accepts the canonical name, the wire name and the function name; args as object or JSON text", async () => {
    const { toolkit, addWord } = entries();
    await toolkit.call("单词本/v1/addWord", { word: "a" });
    await toolkit.call("xfbe7be__v1__addWord", '{"word":"b"}');
    await toolkit.call("addWord", { word: "c" }, { timeoutMs: 5 });
    // The options reach the function as given, plus the one that makes a download come back as a
    // file (the model path stores it; see src/runtime/files/).
    const files = { attachmentsAsFiles: true };
    expect(addWord.mock.calls).toEqual([[{ word: "a" }, files], [{ word: "b" }, files], [{ word: "c" }, { timeoutMs: 5, ...files }]]);
    expect(toolkit.tool("xfbe7be__v1__addWord")?.name).toBe("单词本/v1/addWord");
  });

  test("invalid arguments throw ToolInputError and nothing is called", async () => {
    const { toolkit, addWord } = entries();
    const error = await toolkit.call("xfbe7be__v1__addWord", '{"word": 7, "lang": "en"}').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolInputError);
    expect((error as ToolInputError).message).toContain('Invalid arguments for tool "xfbe7be__v1__addWord":\n- $.word: must be a string, got 7\n- $.lang: is not a known argument here');
    await expect(toolkit.call("addWord", "{not json")).rejects.toMatchObject({ code: "INVALID_JSON" });
    await expect(toolkit.call("addWord", {})).rejects.toThrow("$.word: is required but missing");
    expect(addWord).not.toHaveBeenCalled();
  });

  test("unknown names throw with the known names, in the style the model used", async () => {
    const { toolkit } = entries();
    await expect(toolkit.call("单词本/v1/nope", {})).rejects.toThrow('Unknown tool "单词本/v1/nope". Known tools: 单词本/v1/addWord, 单词本/v1/getWords, 单词本/v1/search.');
    const error = (await toolkit.call("nope", {}).catch((e: unknown) => e)) as ToolInputError;
    expect(error).toBeInstanceOf(ToolInputError);
    expect(error.code).toBe("UNKNOWN_TOOL");
    expect(error.message).toBe('Unknown tool "nope". Known tools: xfbe7be__v1__addWord, xfbe7be__v1__getWords, xfbe7be__v1__search.');
  });

  test("a call without a name (Gemini's SDK types FunctionCall.name as optional) is an unknown tool", async () => {
    const { toolkit, addWord } = entries();
    const functionCall: { name?: string; args?: Record<string, unknown> } = { args: { word: "a" } };
    await expect(toolkit.call(functionCall.name, functionCall.args)).rejects.toMatchObject({ code: "UNKNOWN_TOOL", message: expect.stringMatching(/^Unknown tool "undefined". Known tools: xfbe7be__v1__addWord, /) });
    expect(() => toolkit.check(functionCall.name, functionCall.args)).toThrow(ToolInputError);
    expect(addWord).not.toHaveBeenCalled();
  });

  test("an inputless tool gets only the options; empty or null arguments are fine, others are not", async () => {
    const { toolkit, getWords } = entries();
    await toolkit.call("getWords", "null", { timeoutMs: 1 });
    await toolkit.call("getWords");
    expect(getWords.mock.calls).toEqual([[{ timeoutMs: 1, attachmentsAsFiles: true }], [{ attachmentsAsFiles: true }]]);
    await expect(toolkit.call("getWords", { all: true })).rejects.toThrow("$.all: is not a known argument; this takes no arguments here");
  });

  test("a prompt in the result passes through untouched; x-ebagent-prompt fills in only when absent", async () => {
    const { toolkit } = entries();
    expect(await toolkit.call("getWords")).toEqual({ words: ["a"], prompt: "Answer in one line." });
    expect(await toolkit.call("addWord", { word: "x" })).toEqual({ message: "added", input: { word: "x" }, prompt: "Say it was added." });
  });

  test("fixed values are merged in after validation; optional nulls are dropped", async () => {
    const { toolkit, search } = entries();
    await toolkit.call("search", { q: "x", limit: null });
    expect(search.mock.calls[0]![0]).toEqual({ q: "x", key: "k-1" });
    expect(toolkit.check("search", '{"q":"y"}')).toEqual({ q: "y", key: "k-1" });
  });
});
