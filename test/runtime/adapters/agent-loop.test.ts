/**
 * An agent loop end to end: a scripted model (Chat Completions style) answers with tool calls:
 * valid arguments, then invalid ones, then a call by a mapped provider name. Each call goes
 * through toolkit.call to a loopback tool server and the result (or the retry message) is fed
 * back as the tool message the model reads next.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { startWordListServer } from "./word-list-server.js";
import { toErnieFunctions } from "../../../src/runtime/adapters/ernie.js";
import { toOpenAITools, type OpenAIChatTool } from "../../../src/runtime/adapters/openai.js";
import { toolErrorText, toolResultText } from "../../../src/runtime/adapters/result.js";
import { loadToolkit } from "../../../src/load-toolkit/load-toolkit.js";
import type { Toolkit } from "../../../src/runtime/toolkit.js";

type Message =
  | { role: "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[] }
  | { role: "tool"; tool_call_id: string; content: string };

type Turn = (messages: readonly Message[], tools: readonly OpenAIChatTool[]) => Extract<Message, { role: "assistant" }>;

let server: Awaited<ReturnType<typeof startWordListServer>>;
let toolkit: Toolkit;

beforeAll(async () => {
  server = await startWordListServer();
  toolkit = await loadToolkit(server.url);
});
afterAll(() => server.close());

const call = (id: string, name: string, args: string): Extract<Message, { role: "assistant" }> => ({
  role: "assistant",
  content: null,
  tool_calls: [{ id, type: "function", function: { name, arguments: args } }],
});
const lastTool = (messages: readonly Message[]) => messages.at(-1) as Extract<Message, { role: "tool" }>;

async function runAgent(script: Turn[], question: string): Promise<Message[]> {
  const tools = toOpenAITools(toolkit);
  const messages: Message[] = [{ role: "user", content: question }];
  for (const turn of script) {
    const reply = turn(messages, tools);
    messages.push(reply);
    for (const toolCall of reply.tool_calls ?? []) {
      let content: string;
      try {
        content = toolResultText(await toolkit.call(toolCall.function.name, toolCall.function.arguments));
      } catch (error) {
        content = toolErrorText(error);
      }
      messages.push({ role: "tool", tool_call_id: toolCall.id, content });
    }
    if (!reply.tool_calls) break;
  }
  return messages;
}

test("valid call -> invalid arguments, corrected from the retry message -> mapped name -> final answer", async () => {
  const addWord = "WordBook__v1__AddWord";
  const getWords = "WordBook__v1__GetWords";
  const script: Turn[] = [
    (_messages, tools) => {
      // What the model is given: provider-valid names, strict schemas, descriptions with examples.
      expect(tools.map((t) => t.function.name)).toEqual([addWord, getWords]);
      expect(tools.every((t) => t.function.strict)).toBe(true);
      expect(tools[0]!.function.description).toContain('Examples:\n- "Please add the word \\"serendipity\\" to my word list." -> WordBook__v1__AddWord({"word":"serendipity"})');
      return call("1", addWord, '{"word":"serendipity"}');
    },
    (messages) => {
      const result = JSON.parse(lastTool(messages).content);
      expect(result.message).toBe('Added "serendipity" to the word list.');
      // The server's prompt reaches the model untouched.
      expect(result.prompt).toBe("Tell the user the word was added and offer to quiz them on it.");
      return call("2", addWord, '{"words": ["ephemeral"]}');
    },
    (messages) => {
      const retry = lastTool(messages).content;
      expect(retry).toBe(
        'Invalid arguments for tool "WordBook__v1__AddWord":\n- $.word: is required but missing\n- $.words: is not a known argument here; the allowed ones are word\nFix these and call "WordBook__v1__AddWord" again.',
      );
      expect(server.words).toEqual(["serendipity"]); // nothing was sent
      return call("3", addWord, '{"word":"ephemeral"}');
    },
    (messages) => {
      expect(JSON.parse(lastTool(messages).content).message).toBe('Added "ephemeral" to the word list.');
      // A name the provider saw: the wire name maps back to WordBook/v1/GetWords.
      return call("4", getWords, "{}");
    },
    (messages) => {
      const listed = JSON.parse(lastTool(messages).content);
      expect(listed).toEqual({ words: ["serendipity", "ephemeral"], prompt: "List the words for the user in the order given." });
      return { role: "assistant", content: `Your words: ${listed.words.join(", ")}.` };
    },
  ];
  const messages = await runAgent(script, "Add serendipity and ephemeral, then show my words.");
  expect(messages.at(-1)).toEqual({ role: "assistant", content: "Your words: serendipity, ephemeral." });
  expect(messages.filter((m) => m.role === "tool")).toHaveLength(4);
});

test("an unknown tool name goes back to the model with the known names", async () => {
  const messages = await runAgent([() => call("1", "WordBook__v1__DeleteWord", "{}"), (m) => ({ role: "assistant", content: lastTool(m).content })], "Delete it");
  expect(lastTool(messages.slice(0, -1)).content).toBe('Unknown tool "WordBook__v1__DeleteWord". Known tools: WordBook__v1__AddWord, WordBook__v1__GetWords.');
});

test("ERNIE style: functions by canonical name, a function_call answered by name", async () => {
  const functions = toErnieFunctions(toolkit);
  expect(functions.map((f) => f.name)).toEqual(["WordBook/v1/AddWord", "WordBook/v1/GetWords"]);
  expect(functions[0]!.examples).toEqual([
    { role: "user", content: 'Please add the word "serendipity" to my word list.' },
    { role: "assistant", content: "", function_call: { name: "WordBook/v1/AddWord", thoughts: "The user wants to add a word.", arguments: '{"word": "serendipity"}' } },
  ]);
  const functionCall = { name: "WordBook/v1/AddWord", arguments: '{"word": "zephyr"}' };
  const result = await toolkit.call(functionCall.name, functionCall.arguments);
  expect(toolResultText(result)).toContain('"prompt":"Tell the user the word was added');
  expect(server.words).toContain("zephyr");
});
