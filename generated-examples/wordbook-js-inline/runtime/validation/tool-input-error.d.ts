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
export type ToolInputErrorCode = "UNKNOWN_TOOL" | "INVALID_JSON" | "INVALID_ARGUMENTS"
/** `toolkit.stream` named a tool whose answer is no stream. */
 | "NOT_STREAMING";
export declare class ToolInputError extends Error {
    /** True for an error of any copy of the runtime (TOOL_INPUT_ERROR); a subclass checks its own prototype chain. */
    static [Symbol.hasInstance](value: unknown): boolean;
    readonly name = "ToolInputError";
    /** The tool name as the model gave it. */
    readonly tool: string;
    readonly code: ToolInputErrorCode;
    /** Each problem with the JSON path of the offending value (`$` is the arguments object). */
    readonly problems: readonly ValidationProblem[];
    constructor(tool: string, code: ToolInputErrorCode, problems: readonly ValidationProblem[], message?: string);
    /** The retry message: one line per problem, then what to do. */
    static format(tool: string, problems: readonly ValidationProblem[]): string;
}
/** A ToolInputError of any copy of the runtime. */
export declare function isToolInputError(error: unknown): error is ToolInputError;
