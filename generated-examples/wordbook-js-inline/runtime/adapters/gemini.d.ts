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
 * - The result is assignable to `@google/genai`'s `Tool[]` without a cast (the SDK is not imported):
 *   the default declarations carry no `parameters` field at all, and `schema: "openapi"` takes the
 *   SDK's `Type` enum as `types`, since no string type can stand for a string enum's member.
 */
import type { JsonSchema } from "../validation/json-schema.js";
import { type AdapterOptions, type ToolSource } from "./common.js";
/** Gemini's schema type names; `@google/genai` declares the same strings as its `Type` enum. */
export type GeminiTypeName = "STRING" | "NUMBER" | "INTEGER" | "BOOLEAN" | "ARRAY" | "OBJECT" | "NULL";
export interface GeminiToolsOptions<T = GeminiTypeName> extends AdapterOptions {
    /** `json` (default): parametersJsonSchema / responseJsonSchema; `openapi`: parameters / response. */
    readonly schema?: "json" | "openapi";
    /** Declare the answer's schema too (default true). */
    readonly responses?: boolean;
    /** Append example calls to descriptions (default true). */
    readonly examples?: boolean;
    /**
     * With `schema: "openapi"`, the values written as `type`, by name. Pass the SDK's enum
     * (`import { Type } from "@google/genai"`) and the result is typed by it, so it is assignable to
     * the SDK's `Tool` without a cast: TypeScript lets no string stand for a string enum's member.
     * Default: the names themselves, which are the enum's values.
     */
    readonly types?: Readonly<Record<GeminiTypeName, T>>;
}
/** The OpenAPI-subset Schema of Gemini's `parameters` field, `type` typed as `T`. */
export interface GeminiSchema<T = GeminiTypeName> {
    type?: T;
    description?: string;
    format?: string;
    nullable?: boolean;
    enum?: string[];
    default?: unknown;
    properties?: Record<string, GeminiSchema<T>>;
    required?: string[];
    items?: GeminiSchema<T>;
    anyOf?: GeminiSchema<T>[];
    minItems?: string;
    maxItems?: string;
    minLength?: string;
    maxLength?: string;
    minimum?: number;
    maximum?: number;
    pattern?: string;
}
/** A declaration as written by default (JSON Schema only): assignable to the SDK's `FunctionDeclaration`. */
export interface GeminiFunctionDeclaration {
    name: string;
    description: string;
    parametersJsonSchema?: unknown;
    responseJsonSchema?: unknown;
}
/** A declaration as written with `schema: "openapi"`: assignable to the SDK's when `T` is its `Type`. */
export interface GeminiOpenApiFunctionDeclaration<T = GeminiTypeName> {
    name: string;
    description: string;
    parameters?: GeminiSchema<T>;
    response?: GeminiSchema<T>;
}
/** One entry of `config.tools` in `@google/genai` (its `Tool`). */
export interface GeminiTool<Declaration = GeminiFunctionDeclaration> {
    functionDeclarations: Declaration[];
}
export declare function toGeminiTools(source: ToolSource, options?: GeminiToolsOptions & {
    readonly schema?: "json";
}): GeminiTool[];
export declare function toGeminiTools<T = GeminiTypeName>(source: ToolSource, options: GeminiToolsOptions<T> & {
    readonly schema: "openapi";
}): GeminiTool<GeminiOpenApiFunctionDeclaration<T>>[];
/** Our dialect -> Gemini's OpenAPI subset. Lossy only towards the description. */
export declare function toGeminiSchema<T = GeminiTypeName>(schema: JsonSchema, typeValues?: Readonly<Record<GeminiTypeName, T>>): GeminiSchema<T>;
