/**
 * The spec's sample tool server on the tool manager: a word list. `AddWord` refuses a word that
 * is already stored and answers `message`, plus `prompt` on success; `GetWords` answers every word
 * in insertion order and a `prompt`. Each call of `wordListTools()` has its own in-memory list.
 */
import { z } from "zod";
import { defineTool } from "../define-tool.js";

export const WORD_LIST_NAMESPACE = "WordBook";
export const WORD_LIST_VERSION = "v1";

/**
 * `spelling: true` adds `SpellWord`, a streaming tool (an `async function*`) that answers a stored
 * word letter by letter: the demo and generated-examples/ show a stream with it.
 */
export function wordListTools(options: { readonly spelling?: boolean } = {}) {
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
  const spellWord = defineTool({
    name: "SpellWord",
    description: "Spells a stored word, one letter per event.",
    input: z.object({ word: z.string().min(1).describe("A word of the word list.") }),
    output: z.object({
      letter: z.string().describe("One letter of the word."),
      position: z.int().min(1).describe("Its position in the word, from 1."),
    }),
    run: async function* ({ word }) {
      if (!words.includes(word)) throw new Error(`"${word}" is not in the word list`);
      let position = 0;
      for (const letter of word) yield { letter, position: ++position };
    },
  });
  const tools = options.spelling ? [addWord, getWords, spellWord] : [addWord, getWords];
  return { tools, words: words as readonly string[] };
}
