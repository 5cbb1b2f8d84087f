/**
 * One matched pair of operations: its identity (moved, renamed, function renamed), its lifecycle
 * (deprecated, reactivated), then parameters, body, responses, the stream and security.
 */
import { wireMethod } from "../model/operation-methods.js";
import { compareBody } from "./compare-body.js";
import { compareParameters } from "./compare-parameters.js";
import { compareResponses } from "./compare-responses.js";
import { compareSecurity } from "./compare-security.js";
import { compareStream } from "./compare-stream.js";
import { operationRef } from "./findings.js";
import { code } from "./messages.js";
import { emit, type PairContext } from "./pair-context.js";
import { sunsetOf } from "./sunset.js";
import { renameReason } from "./tool-identity.js";

export function compareOperation(ctx: PairContext, moved: boolean, renamesSummarized: boolean): void {
  const a = ctx.old;
  const b = ctx.new;
  const location = { section: "operation" as const };
  if (moved) {
    emit(
      ctx,
      "endpoint-moved",
      location,
      `${wireMethod(a.method)} ${a.path} moved to ${wireMethod(b.method)} ${b.path} (same operationId ${code(b.operationId)}): clients generated before call the old address; regenerate`,
      { previous: operationRef(a) },
    );
  }
  if (a.toolName !== b.toolName && !renamesSummarized) {
    emit(
      ctx,
      "tool-renamed",
      location,
      `the tool ${code(a.toolName)} is now ${code(b.toolName)} because ${renameReason(ctx.oldModel, ctx.newModel, { old: a, new: b, moved })}${
        a.functionName !== b.functionName ? `, and the function ${code(a.functionName)} is now ${code(b.functionName)}` : ""
      }: prompts, stored tool calls and code that use the old name break`,
    );
  } else if (a.functionName !== b.functionName && !renamesSummarized) {
    emit(
      ctx,
      "client-function-renamed",
      location,
      `the generated function ${code(a.functionName)} is now ${code(b.functionName)}: imports of the old name stop compiling`,
    );
  }
  if (!a.deprecated && b.deprecated) {
    const sunset = sunsetOf(ctx.newModel.document, b.pointer);
    if (sunset !== undefined)
      emit(
        ctx,
        "endpoint-deprecated-with-sunset",
        location,
        `${wireMethod(b.method)} ${b.path} is deprecated and goes away on ${sunset}; move callers off it`,
      );
    else emit(ctx, "endpoint-deprecated", location, `${wireMethod(b.method)} ${b.path} is deprecated; move callers off it`);
  } else if (a.deprecated && !b.deprecated) {
    emit(ctx, "endpoint-reactivated", location, `${wireMethod(b.method)} ${b.path} is no longer deprecated`);
  }
  compareParameters(ctx);
  compareBody(ctx);
  compareResponses(ctx);
  compareStream(ctx);
  compareSecurity(ctx);
}
