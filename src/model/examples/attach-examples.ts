/**
 * Few-shot conversations -> tools. A conversation is attached, whole and in order, to every tool
 * one of its bot turns calls (the reference cut conversations apart at each user turn, which
 * loses the context that made a call sensible); a conversation in which no tool is called is a
 * negative example and belongs to the toolkit. Calls are rewritten from the file's operationId
 * to the canonical tool name; wire names are the adapters' business.
 *
 * A call to an operationId the description does not have drops its conversation, with a warning
 * (a partial conversation would teach the wrong thing). When no call at all matches, the file
 * belongs to another server (a folder of descriptions sharing one examples.yaml, as the
 * reference's own fixtures do) and is ignored as a whole, negative examples included.
 */
import type { ExampleMessage, ToolExample } from "../../runtime/toolkit.js";
import type { RawConversation } from "./parse-examples.js";

export interface ExampleTarget {
  readonly operationId?: string;
  /** The last segment of the canonical name (the operationId, or the reference's fallback). */
  readonly toolId: string;
  readonly toolName: string;
}

export interface AttachedExamples {
  /** Parallel to the targets: the conversations calling each. */
  readonly perTool: readonly (readonly ToolExample[])[];
  /** Conversations calling no tool. */
  readonly negative: readonly ToolExample[];
  /** Conversations dropped, and why. */
  readonly warnings: readonly string[];
}

export function attachExamples(conversations: readonly RawConversation[], targets: readonly ExampleTarget[], where = "examples.yaml"): AttachedExamples {
  const byId = new Map<string, number>();
  targets.forEach((t, i) => void (t.operationId !== undefined && !byId.has(t.operationId) && byId.set(t.operationId, i)));
  targets.forEach((t, i) => void (!byId.has(t.toolId) && byId.set(t.toolId, i)));

  const perTool: ToolExample[][] = targets.map(() => []);
  const negative: ToolExample[] = [];
  const warnings: string[] = [];
  let matched = 0;
  let calling = 0;
  const converted: { example: ToolExample; called: Set<number> }[] = [];
  for (const conversation of conversations) {
    const called = new Set<number>();
    const unknown: string[] = [];
    const messages = conversation.messages.map((message): ExampleMessage => {
      if (message.role === "user") return { role: "user", content: message.content };
      const thoughts = message.thoughts !== undefined ? { thoughts: message.thoughts } : {};
      if (message.operationId === undefined) return { role: "assistant", ...thoughts };
      const target = byId.get(message.operationId);
      if (target === undefined) {
        unknown.push(message.operationId);
        return { role: "assistant", ...thoughts };
      }
      called.add(target);
      return { role: "assistant", ...thoughts, call: { name: targets[target]!.toolName, arguments: message.arguments } };
    });
    if (called.size > 0 || unknown.length > 0) calling++;
    if (unknown.length > 0) {
      warnings.push(`${where}: examples[${conversation.index}] is left out: it calls ${[...new Set(unknown)].map((u) => `"${u}"`).join(", ")}, which the description does not have`);
      continue;
    }
    if (called.size > 0) matched++;
    converted.push({ example: { messages }, called });
  }
  if (calling > 0 && matched === 0) {
    return { perTool, negative, warnings: [`${where} is ignored: none of its examples calls an operation of this description`] };
  }
  for (const { example, called } of converted) {
    if (called.size === 0) negative.push(example);
    for (const target of [...called].sort((a, b) => a - b)) perTool[target]!.push(example);
  }
  return { perTool, negative, warnings };
}
