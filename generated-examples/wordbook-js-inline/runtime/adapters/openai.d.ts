/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * OpenAI function tools, for Chat Completions (`tools: [{ type: "function", function }]`) and the
 * Responses API (`tools: [{ type: "function", name, … }]`).
 *
 * - Names are wire names (`^[A-Za-z0-9_-]{1,64}$` is OpenAI's rule); toolkit.call accepts them.
 * - Strict mode is used wherever the schema can be expressed in it (openai-strict.ts); a tool
 *   that cannot is sent with `strict: false` and a warning. `strict` is always sent explicitly:
 *   the Responses API treats a missing `strict` as true and rewrites the schema itself.
 * - Descriptions are capped at 1,024 characters (the API answers 400 beyond that); example calls
 *   from examples.yaml are appended while they fit, since OpenAI has no examples field.
 * - More than 128 tools in one request is refused by the API: that is a warning here, so a
 *   caller can still select tools afterwards.
 */
import { type AdapterOptions, type ToolSource } from "./common.js";
export declare const OPENAI_DESCRIPTION_LIMIT = 1024;
export declare const OPENAI_TOOL_LIMIT = 128;
export interface OpenAIToolsOptions extends AdapterOptions {
    /** `chat` (default): Chat Completions shape; `responses`: Responses API shape. */
    readonly api?: "chat" | "responses";
    /** Use strict mode where the schema allows it (default true); false sends every tool non-strict. */
    readonly strict?: boolean;
    /** Append example calls to descriptions (default true). */
    readonly examples?: boolean;
}
/** Chat Completions: assignable to `ChatCompletionTool` / `ChatCompletionFunctionTool` of `openai`. */
export interface OpenAIChatTool {
    type: "function";
    function: {
        name: string;
        description: string;
        parameters: Record<string, unknown>;
        strict: boolean;
    };
}
/** Responses API: assignable to `FunctionTool` of `openai`. */
export interface OpenAIResponsesTool {
    type: "function";
    name: string;
    description: string;
    parameters: Record<string, unknown>;
    strict: boolean;
}
export declare function toOpenAITools(source: ToolSource, options?: OpenAIToolsOptions & {
    readonly api?: "chat";
}): OpenAIChatTool[];
export declare function toOpenAITools(source: ToolSource, options: OpenAIToolsOptions & {
    readonly api: "responses";
}): OpenAIResponsesTool[];
