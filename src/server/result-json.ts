/**
 * A tool's result, or one item of its stream, as the JSON text to send. Every way a value can
 * fail to be the answer its tool promised is caught here, once for both kinds of answer: it
 * does not match `output` (checked in development), JSON cannot hold it (a BigInt, a cycle), or
 * JSON.stringify would silently change it (NaN and ±Infinity become null, and the caller would
 * get a different value than the tool gave, with a 200). The reason goes to the log only.
 */
import { describeIssues } from "./http-answers.js";
import { nonFiniteNumberAt } from "./non-finite.js";
import type { Logger } from "./tool-call.js";
import type { ToolRoute } from "./tool-routes.js";

/**
 * The JSON text, or undefined after logging why there is none. `what` names the value in the log
 * line: "returned a result" or "yielded item 3".
 */
export function resultJson(route: ToolRoute, value: unknown, log: Logger, what: string): string | undefined {
  const name = route.tool.name;
  if (route.validateOutput) {
    const result = route.validateOutput(value);
    if (!result.ok) {
      log(`tool ${name} ${what} that does not match its output schema: ${describeIssues(result.issues)}`);
      return undefined;
    }
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    log(`tool ${name} ${what} that cannot be written as JSON`, error);
    return undefined;
  }
  // Only a text holding null can hide a NaN or an Infinity, so only those values are walked.
  const nonFinite = text !== undefined && text.includes("null") ? nonFiniteNumberAt(value) : undefined;
  if (nonFinite !== undefined) {
    log(`tool ${name} ${what} that cannot be written as JSON: ${nonFinite.path || "(the whole value)"} is ${String(nonFinite.value)}, which JSON has no number for`);
    return undefined;
  }
  return text ?? "null";
}
