/**
 * examples.yaml in the reference's format (reference-implementation.md §5):
 *
 *   examples:
 *     - context:
 *         - { role: user, content: "…" }
 *         - { role: bot, plugin: { operationId: addWord, thoughts: "…", requestArguments: { word: x } } }
 *     - context:                     # a negative example: the bot calls nothing
 *         - { role: user, content: "…" }
 *         - { role: bot, plugin: { thoughts: "…" } }
 *
 * Checked strictly, entry by entry, because a few-shot example with a typo teaches a model the
 * typo: anything malformed is a BadInputError naming the entry (`examples[2].context[1].role`).
 * Differences from the reference, on purpose: `assistant` is accepted beside `bot` (the
 * reference matched any role containing "bot"), and empty `requestArguments` mean `{}` (the
 * reference sent the string "null", which its own argument parser then rejected).
 */
import { BadInputError } from "../../load/bad-input-error.js";
import { isObject } from "../local-ref.js";

export type RawExampleMessage =
  | { readonly role: "user"; readonly content: string }
  | {
      readonly role: "bot";
      readonly thoughts?: string;
      /** As written in the file; absent for a turn that calls nothing. */
      readonly operationId?: string;
      readonly arguments: Readonly<Record<string, unknown>>;
    };

export interface RawConversation {
  /** Position in the file's `examples` list, for error messages. */
  readonly index: number;
  readonly messages: readonly RawExampleMessage[];
}

/** `undefined` (no examples.yaml) gives no conversations; anything else must be well formed. */
export function parseExamples(raw: unknown, where = "examples.yaml"): RawConversation[] {
  if (raw === undefined) return [];
  const fail = (path: string, message: string): never => {
    throw new BadInputError(`${path}: ${message}`, where);
  };
  if (!isObject(raw)) return fail("examples.yaml", "expected a mapping with an `examples` list");
  const list = raw.examples;
  if (list === undefined || list === null) return fail("examples", "missing: expected a list of { context: [...] }");
  if (!Array.isArray(list)) return fail("examples", "expected a list of { context: [...] }");

  return list.map((entry, index): RawConversation => {
    const at = `examples[${index}]`;
    if (!isObject(entry) || !Array.isArray(entry.context)) return fail(at, "expected { context: [messages] }");
    if (entry.context.length === 0) return fail(`${at}.context`, "is empty");
    const messages = entry.context.map((message, m) => parseMessage(message, `${at}.context[${m}]`, fail));
    return { index, messages };
  });
}

function parseMessage(message: unknown, at: string, fail: (path: string, message: string) => never): RawExampleMessage {
  if (!isObject(message)) return fail(at, "expected { role, content } or { role, plugin }");
  const role = message.role;
  if (role === "user") {
    const content = message.content;
    if (typeof content === "string") return { role: "user", content };
    if (typeof content === "number" || typeof content === "boolean") return { role: "user", content: String(content) };
    return fail(`${at}.content`, "a user message needs its text in `content`");
  }
  if (role === "bot" || role === "assistant") {
    const plugin = message.plugin;
    if (!isObject(plugin)) return fail(`${at}.plugin`, "a bot message needs `plugin: { operationId?, thoughts?, requestArguments? }`");
    const { operationId, thoughts, requestArguments } = plugin;
    if (operationId !== undefined && operationId !== null && (typeof operationId !== "string" || operationId === "")) {
      return fail(`${at}.plugin.operationId`, "must be the operationId of the tool the bot calls");
    }
    if (thoughts !== undefined && thoughts !== null && typeof thoughts !== "string") return fail(`${at}.plugin.thoughts`, "must be text");
    if (requestArguments !== undefined && requestArguments !== null && !isObject(requestArguments)) {
      return fail(`${at}.plugin.requestArguments`, "must be a mapping of argument names to values");
    }
    if (typeof operationId !== "string" && isObject(requestArguments) && Object.keys(requestArguments).length > 0) {
      return fail(`${at}.plugin.requestArguments`, "given without an operationId: which tool do they belong to?");
    }
    return {
      role: "bot",
      ...(typeof thoughts === "string" ? { thoughts } : {}),
      ...(typeof operationId === "string" ? { operationId } : {}),
      arguments: isObject(requestArguments) ? requestArguments : {},
    };
  }
  return fail(`${at}.role`, `unknown role ${JSON.stringify(role)} (expected user or bot)`);
}
