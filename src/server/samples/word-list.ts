/**
 * The spec's sample tool server on the tool manager: a word list. `AddWord` refuses a word that
 * is already stored and answers `message`, plus `prompt` on success; `GetWords` answers every word
 * in insertion order and a `prompt`. Each call of `wordListTools()` has its own in-memory list.
 */
import { z } from "zod";
import { defineTool } from "../define-tool.js";

export const WORD_LIST_NAMESPACE = "WordBook";
export const WORD_LIST_VERSION = "v1";

export function wordListTools() {
  const words: string[] = [];
  const addWord = defineTool({
    name: "AddWord",
    description: "Adds one word to the end of the word list. A word already in the list is not added twice.",
    input: z.object({ word: z.string().min(1).describe("The word to add to the word list.") }),
    output: z.object({
      message: z.string().describe("What happened."),
      prompt: z.string().optional().describe("Only after a successful add: how the model should phrase its answer."),
    }),
    examples: [
      { user: 'Please add the word "serendipity" to my word list.', thoughts: "The user wants to add a word.", arguments: { word: "serendipity" } },
    ],
    run: ({ word }) => {
      if (words.includes(word)) return { message: `"${word}" is already in the word list.` };
      words.push(word);
      return { message: `Added "${word}" to the word list.`, prompt: "Tell the user the word was added and offer to quiz them on it." };
    },
  });
  const getWords = defineTool({
    name: "GetWords",
    description: "Lists every word in the word list, in the order they were added.",
    output: z.object({
      words: z.array(z.string()).describe("Every stored word, in insertion order."),
      prompt: z.string().describe("How the model should phrase its answer."),
    }),
    examples: [{ user: "Which words have I saved so far?", thoughts: "The user wants to see the word list.", arguments: {} }],
    run: () => ({ words: [...words], prompt: "List the words for the user in the order given." }),
  });
  return { tools: [addWord, getWords], words: words as readonly string[] };
}
