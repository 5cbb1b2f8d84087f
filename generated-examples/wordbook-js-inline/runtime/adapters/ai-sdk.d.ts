/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Vercel AI SDK tools (`ai` 5+): a `ToolSet`, `{ [wireName]: { description, inputSchema, execute,
 * inputExamples? } }`, without depending on `ai` (ai 7 needs Node 22; toolgen supports 20).
 *
 * `inputSchema` is an AI SDK JSON schema object: by default one built here, branded the way
 * `jsonSchema()` brands it (`Symbol.for("vercel.ai.schema")`), which the SDK accepts at run time.
 * For the compile-time type of `ai`'s ToolSet, pass its `jsonSchema` in:
 *
 *   import { jsonSchema, generateText } from "ai";
 *   const tools = toAiSdkTools(toolkit, { jsonSchema });   // assignable to ToolSet
 *
 * The schema's `validate` runs toolkit validation, so invalid arguments come back to the model as
 * the SDK's tool-input error with our retry message; `execute` calls the tool through
 * `toolkit.call` with the SDK's abort signal. The keys are wire names: the SDK forwards them to
 * the provider unchanged.
 */
import type { Toolkit } from "../toolkit.js";
import { type AdapterOptions } from "./common.js";
export type AiSdkValidationResult = {
    success: true;
    value: unknown;
} | {
    success: false;
    error: Error;
};
/** What `jsonSchema()` of the AI SDK returns, structurally. */
export interface AiSdkSchema {
    readonly jsonSchema: unknown;
    readonly validate: (value: unknown) => AiSdkValidationResult;
    readonly _type: unknown;
}
export interface AiSdkToolsOptions<S> extends AdapterOptions {
    /** The `jsonSchema` function of `ai` (types the result as `ai`'s ToolSet). */
    readonly jsonSchema?: (schema: any, options: {
        validate: (value: unknown) => AiSdkValidationResult;
    }) => S;
    /** Pass example calls as `inputExamples` (default true). */
    readonly examples?: boolean;
    /** Forwarded as the tools' `strict` (the SDK passes it to providers that support it). */
    readonly strict?: boolean;
}
export interface AiSdkTool<S> {
    description: string;
    inputSchema: S;
    inputExamples?: Array<{
        input: Record<string, unknown>;
    }>;
    strict?: boolean;
    execute: (input: unknown, options: {
        abortSignal?: AbortSignal;
    }) => Promise<unknown>;
}
export declare function toAiSdkTools<S = AiSdkSchema>(toolkit: Toolkit, options?: AiSdkToolsOptions<S>): Record<string, AiSdkTool<S>>;
