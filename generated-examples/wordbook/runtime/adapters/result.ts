/**
 * Handing a tool's outcome back to a model. The result goes back as the server sent it: text as
 * is, anything else as JSON with every field kept, including a `prompt` field, which by the
 * reference's convention steers the model's final answer and must reach it untouched.
 */
import { ToolInputError } from "../validation/tool-input-error.js";

export function toolResultText(result: unknown): string {
  if (typeof result === "string") return result;
  if (result === undefined) return "null";
  return JSON.stringify(result) ?? "null";
}

/**
 * The text to send back when a call failed. A ToolInputError's message is already written for a
 * model to retry; other errors say that the call failed and why, without a stack trace.
 */
export function toolErrorText(error: unknown): string {
  if (error instanceof ToolInputError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `The tool call failed: ${message}`;
}
