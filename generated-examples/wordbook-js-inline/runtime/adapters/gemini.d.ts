/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Google Gemini function declarations, as the `tools` entry `{ functionDeclarations: [...] }`.
 *
 * - Default: the schema goes in `parametersJsonSchema` (full JSON Schema, no `$schema`), which
 *   avoids every failure of the older `parameters` field (research §1.4: `additionalProperties`,
 *   type arrays, `oneOf` rejected). `responses` go in `responseJsonSchema` unless turned off.
 * - `schema: "openapi"` writes the older `parameters` / `response` fields instead, in the OpenAPI
 *   3.0 subset they accept: one upper-case `type` plus `nullable`, `anyOf` only, no
 *   `additionalProperties`, string enums only; whatever does not fit moves into descriptions.
 * - A tool without arguments has no `parameters` (Gemini rejects an OBJECT without properties).
 * - Names are wire names; descriptions carry example calls (Gemini has no examples field).
 */
import type { JsonSchema } from "../validation/json-schema.js";
import { type AdapterOptions, type ToolSource } from "./common.js";
export interface GeminiToolsOptions extends AdapterOptions {
    /** `json` (default): parametersJsonSchema / responseJsonSchema; `openapi`: parameters / response. */
    readonly schema?: "json" | "openapi";
    /** Declare the answer's schema too (default true). */
    readonly responses?: boolean;
    /** Append example calls to descriptions (default true). */
    readonly examples?: boolean;
}
/** The OpenAPI-subset Schema of Gemini's `parameters` field. */
export interface GeminiSchema {
    type?: "STRING" | "NUMBER" | "INTEGER" | "BOOLEAN" | "ARRAY" | "OBJECT" | "NULL";
    description?: string;
    format?: string;
    nullable?: boolean;
    enum?: string[];
    default?: unknown;
    properties?: Record<string, GeminiSchema>;
    required?: string[];
    items?: GeminiSchema;
    anyOf?: GeminiSchema[];
    minItems?: string;
    maxItems?: string;
    minLength?: string;
    maxLength?: string;
    minimum?: number;
    maximum?: number;
    pattern?: string;
}
export interface GeminiFunctionDeclaration {
    name: string;
    description: string;
    parameters?: GeminiSchema;
    parametersJsonSchema?: unknown;
    response?: GeminiSchema;
    responseJsonSchema?: unknown;
}
/** One entry of `config.tools` in `@google/genai`. */
export interface GeminiTool {
    functionDeclarations: GeminiFunctionDeclaration[];
}
export declare function toGeminiTools(source: ToolSource, options?: GeminiToolsOptions): GeminiTool[];
/** Our dialect -> Gemini's OpenAPI subset. Lossy only towards the description. */
export declare function toGeminiSchema(schema: JsonSchema): GeminiSchema;
