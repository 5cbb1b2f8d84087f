/**
 * A tool's description: the operation's description, else its summary (the reference's order),
 * else a sentence from method and path. Never empty: OpenAI rejects a missing description with
 * a 400 (langchain #8351) and ERNIE requires one. A deprecated operation says so first, so a model
 * prefers its replacement.
 */
import { wireMethod } from "../operation-methods.js";
import type { OperationModel } from "../toolkit-model.js";

export function toolDescriptionOf(op: OperationModel): string {
  const text = nonBlank(op.description) ?? nonBlank(op.summary) ?? `Calls ${wireMethod(op.method)} ${op.path}.`;
  return op.deprecated ? `Deprecated. ${text}` : text;
}

function nonBlank(text: string | undefined): string | undefined {
  return text !== undefined && text.trim() !== "" ? text.trim() : undefined;
}
