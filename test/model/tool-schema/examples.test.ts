/** examples.yaml: validated entry by entry, conversations kept whole per tool, negatives at toolkit level. */
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { BadInputError } from "../../../src/load/bad-input-error.js";
import { CORPUS } from "../../support/output-dir.js";
import { descriptorsOf, descriptorsOfFile } from "./support.js";

const document = {
  openapi: "3.0.3",
  info: { title: "W", version: "v1" },
  paths: {
    "/add": { post: { operationId: "addWord", responses: { "200": { description: "ok" } } } },
    "/list": { get: { operationId: "getWords", responses: { "200": { description: "ok" } } } },
  },
};

describe("the reference's fixture", () => {
  test("every tool gets the whole conversation that calls it; the negative one stays at toolkit level", async () => {
    const { tools, examples, warnings } = await descriptorsOfFile(join(CORPUS, "ernie/openapi.yaml"));
    expect(warnings).toEqual([]);
    for (const tool of tools) {
      expect(tool.examples).toHaveLength(1);
      expect(tool.examples[0]!.messages).toHaveLength(10);
    }
    const add = tools.find((t) => t.name === "单词本/v1/addWord")!;
    expect(add.examples[0]!.messages.slice(0, 2)).toEqual([
      { role: "user", content: "请帮我添加一个单词Hello" },
      { role: "assistant", thoughts: "这是一个插入单词到单词本的需求", call: { name: "单词本/v1/addWord", arguments: { word: "Hello" } } },
    ]);
    // `requestArguments:` left empty means no arguments, not the string "null".
    expect(add.examples[0]!.messages[3]).toEqual({ role: "assistant", thoughts: "这是一个展示单词本的需求", call: { name: "单词本/v1/getWordbook", arguments: {} } });
    expect(examples).toEqual([
      { messages: [{ role: "user", content: "怎么养成记单词的习惯?" }, { role: "assistant", thoughts: "我不需要使用以上工具" }] },
    ]);
  });

  test("another fixture in the same folder ignores that examples.yaml (it names none of its operations)", async () => {
    const { tools, examples, warnings } = await descriptorsOfFile(join(CORPUS, "ernie/openapis__enum.yaml"));
    expect(tools.every((t) => t.examples.length === 0)).toBe(true);
    expect(examples).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/examples\.yaml is ignored/);
  });
});

describe("validation", () => {
  const conversation = (plugin: unknown) => ({ context: [{ role: "user", content: "hi" }, { role: "bot", plugin }] });

  test("no examples.yaml is fine", () => {
    const { tools, examples } = descriptorsOf(document);
    expect(tools.map((t) => t.examples)).toEqual([[], []]);
    expect(examples).toEqual([]);
  });

  test.each([
    [null, /expected a mapping/],
    [{ version: 1 }, /examples: missing/],
    [{ examples: {} }, /examples: expected a list/],
    [{ examples: [conversation({ operationId: "addWord" }), { context: [] }] }, /examples\[1\]\.context: is empty/],
    [{ examples: [{ context: [{ role: "system", content: "x" }] }] }, /examples\[0\]\.context\[0\]\.role: unknown role "system"/],
    [{ examples: [{ context: [{ role: "user" }] }] }, /examples\[0\]\.context\[0\]\.content/],
    [{ examples: [{ context: [{ role: "bot" }] }] }, /examples\[0\]\.context\[0\]\.plugin/],
    [{ examples: [conversation({ operationId: "addWord", requestArguments: [1] })] }, /examples\[0\]\.context\[1\]\.plugin\.requestArguments/],
    [{ examples: [conversation({ requestArguments: { word: "x" } })] }, /without an operationId/],
  ])("%j is refused naming the entry", (file, message) => {
    let error: unknown;
    try {
      descriptorsOf(document, file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BadInputError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toContain("examples.yaml");
  });

  test("a conversation calling an unknown operation is left out with a warning; the rest stays", () => {
    const file = {
      examples: [
        conversation({ operationId: "addWord", thoughts: "add", requestArguments: { word: "a" } }),
        conversation({ operationId: "removeWord", requestArguments: { word: "a" } }),
        { context: [{ role: "user", content: "thanks" }, { role: "assistant", plugin: { thoughts: "no tool needed" } }] },
      ],
    };
    const { tools, examples, warnings } = descriptorsOf(document, file);
    expect(tools[0]!.examples).toHaveLength(1);
    expect(tools[1]!.examples).toHaveLength(0);
    expect(examples).toHaveLength(1);
    expect(warnings).toEqual([expect.stringMatching(/examples\[1\] is left out: it calls "removeWord"/)]);
  });

  test("a conversation calling two tools is attached to both, once each", () => {
    const file = {
      examples: [
        {
          context: [
            { role: "user", content: "add a, list" },
            { role: "bot", plugin: { operationId: "addWord", requestArguments: { word: "a" } } },
            { role: "bot", plugin: { operationId: "addWord", requestArguments: { word: "b" } } },
            { role: "bot", plugin: { operationId: "getWords" } },
          ],
        },
      ],
    };
    const { tools } = descriptorsOf(document, file);
    expect(tools[0]!.examples).toHaveLength(1);
    expect(tools[1]!.examples).toHaveLength(1);
    expect(tools[0]!.examples[0]).toBe(tools[1]!.examples[0]);
  });
});
