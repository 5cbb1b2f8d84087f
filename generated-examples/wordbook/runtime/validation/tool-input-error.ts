// @ts-nocheck
/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * A model's tool call that cannot be sent: unknown tool, arguments that are not JSON, or
 * arguments that do not match the tool's `parameters`. Thrown before any request, so nothing
 * reached the tool server. `message` is written to be handed back to the model as the tool's
 * result, so it can correct itself and call again; `problems` has the same content as data.
 */
import type { ValidationProblem } from "./validate.js";

export type ToolInputErrorCode =
  | "UNKNOWN_TOOL"
  | "INVALID_JSON"
  | "INVALID_ARGUMENTS"
  /** `toolkit.stream` named a tool whose answer is no stream. */
  | "NOT_STREAMING";

/** The brand of every copy of the runtime's ToolInputError (see ToolCallError's). */
const TOOL_INPUT_ERROR = Symbol.for("toolgen.ToolInputError");

export class ToolInputError extends Error {
  /** True for an error of any copy of the runtime (TOOL_INPUT_ERROR); a subclass checks its own prototype chain. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== ToolInputError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && (value as { [TOOL_INPUT_ERROR]?: unknown })[TOOL_INPUT_ERROR] === true;
  }

  override readonly name = "ToolInputError";
  /** The tool name as the model gave it. */
  readonly tool: string;
  readonly code: ToolInputErrorCode;
  /** Each problem with the JSON path of the offending value (`$` is the arguments object). */
  readonly problems: readonly ValidationProblem[];

  constructor(tool: string, code: ToolInputErrorCode, problems: readonly ValidationProblem[], message?: string) {
    super(message ?? ToolInputError.format(tool, problems));
    this.tool = tool;
    this.code = code;
    this.problems = problems;
    Object.defineProperty(this, TOOL_INPUT_ERROR, { value: true });
  }

  /** The retry message: one line per problem, then what to do. */
  static format(tool: string, problems: readonly ValidationProblem[]): string {
    const lines = problems.map((p) => `- ${p.path}: ${p.message}`);
    return `Invalid arguments for tool "${tool}":\n${lines.join("\n")}\nFix these and call "${tool}" again.`;
  }
}

/** A ToolInputError of any copy of the runtime. */
export function isToolInputError(error: unknown): error is ToolInputError {
  return error instanceof ToolInputError;
}
