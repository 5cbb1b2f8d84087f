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
import { setOwn } from "../validation/json-schema.js";
import { describeWithExamples, selectTools, Warnings, type AdapterOptions, type ToolSource } from "./common.js";

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

export function toGeminiTools(source: ToolSource, options?: GeminiToolsOptions & { readonly schema?: "json" }): GeminiTool[];
export function toGeminiTools<T = GeminiTypeName>(
  source: ToolSource,
  options: GeminiToolsOptions<T> & { readonly schema: "openapi" },
): GeminiTool<GeminiOpenApiFunctionDeclaration<T>>[];
export function toGeminiTools(source: ToolSource, options: GeminiToolsOptions<unknown> = {}): GeminiTool<GeminiFunctionDeclaration | GeminiOpenApiFunctionDeclaration<unknown>>[] {
  const warnings = new Warnings("toGeminiTools", options.onWarning);
  const openapi = options.schema === "openapi";
  const declarations = selectTools(source, options).map((tool) => {
    const out: GeminiFunctionDeclaration & GeminiOpenApiFunctionDeclaration<unknown> = {
      name: tool.wireName,
      description: describeWithExamples(tool, tool.wireName, options.maxDescription, options.examples !== false),
    };
    if (Object.keys(tool.parameters.properties).length > 0) {
      if (openapi) out.parameters = toGeminiSchema(tool.parameters, options.types);
      else out.parametersJsonSchema = tool.parameters;
    }
    if (options.responses !== false && tool.responses !== undefined) {
      if (openapi) out.response = toGeminiSchema(tool.responses, options.types);
      else out.responseJsonSchema = tool.responses;
    }
    return out;
  });
  warnings.flush();
  return [{ functionDeclarations: declarations }];
}

const UPPER = { string: "STRING", number: "NUMBER", integer: "INTEGER", boolean: "BOOLEAN", array: "ARRAY", object: "OBJECT", null: "NULL" } as const;
const TYPE_NAMES: Readonly<Record<GeminiTypeName, GeminiTypeName>> = { STRING: "STRING", NUMBER: "NUMBER", INTEGER: "INTEGER", BOOLEAN: "BOOLEAN", ARRAY: "ARRAY", OBJECT: "OBJECT", NULL: "NULL" };

/** Our dialect -> Gemini's OpenAPI subset. Lossy only towards the description. */
export function toGeminiSchema<T = GeminiTypeName>(schema: JsonSchema, typeValues?: Readonly<Record<GeminiTypeName, T>>): GeminiSchema<T> {
  // Without values given, T is its default, GeminiTypeName, and the names are the values.
  const typeOf = typeValues ?? (TYPE_NAMES as Readonly<Record<GeminiTypeName, T>>);
  const convert = (part: JsonSchema) => toGeminiSchema(part, typeOf);
  const out: GeminiSchema<T> = {};
  const notes: string[] = [];
  const types = schema.type === undefined ? [] : typeof schema.type === "string" ? [schema.type] : [...schema.type];
  const nonNull = types.filter((t) => t !== "null");
  const nullable = types.includes("null") || schema.enum?.includes(null) === true;
  let alternatives = schema.anyOf ?? schema.oneOf;
  if (nonNull.length === 1) out.type = typeOf[UPPER[nonNull[0]!]];
  else if (nonNull.length > 1) alternatives = nonNull.map((t) => ({ type: t }));
  if (nullable) out.nullable = true;
  if (schema.format !== undefined) out.format = schema.format;
  if (schema.enum !== undefined) {
    const values = schema.enum.filter((v) => v !== null);
    if (values.every((v) => typeof v === "string")) {
      out.enum = values as string[];
      out.type ??= typeOf.STRING;
    } else notes.push(`one of ${values.map((v) => JSON.stringify(v)).join(", ")}`);
  }
  if (Object.hasOwn(schema, "const")) {
    if (typeof schema.const === "string") {
      out.enum = [schema.const];
      out.type ??= typeOf.STRING;
    } else notes.push(`always ${JSON.stringify(schema.const)}`);
  }
  if (schema.default !== undefined) out.default = schema.default;
  if (schema.pattern !== undefined) out.pattern = schema.pattern;
  if (schema.minimum !== undefined) out.minimum = schema.minimum;
  if (schema.maximum !== undefined) out.maximum = schema.maximum;
  if (schema.exclusiveMinimum !== undefined) notes.push(`greater than ${schema.exclusiveMinimum}`);
  if (schema.exclusiveMaximum !== undefined) notes.push(`less than ${schema.exclusiveMaximum}`);
  // The proto declares these int64, which JSON carries as strings.
  if (schema.minLength !== undefined) out.minLength = String(schema.minLength);
  if (schema.maxLength !== undefined) out.maxLength = String(schema.maxLength);
  if (schema.minItems !== undefined) out.minItems = String(schema.minItems);
  if (schema.maxItems !== undefined) out.maxItems = String(schema.maxItems);
  if (schema.multipleOf !== undefined) notes.push(`a multiple of ${schema.multipleOf}`);
  if (schema.uniqueItems) notes.push("no repeated items");
  if (schema.properties !== undefined) {
    const properties: Record<string, GeminiSchema<T>> = {};
    for (const [name, property] of Object.entries(schema.properties)) setOwn(properties, name, convert(property));
    out.properties = properties;
    out.type ??= typeOf.OBJECT;
    if (schema.required?.length) out.required = [...schema.required];
  } else if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
    out.type ??= typeOf.OBJECT;
    notes.push("an object with any keys");
  }
  if (schema.items !== undefined) out.items = convert(schema.items);
  if (alternatives !== undefined) out.anyOf = alternatives.map(convert);
  if (schema.allOf !== undefined) {
    // Gemini has no allOf: the parts' properties are offered together.
    const merged = schema.allOf.map(convert);
    for (const part of merged) {
      if (part.properties) out.properties = { ...out.properties, ...part.properties };
      if (part.required) out.required = [...new Set([...(out.required ?? []), ...part.required])];
      if (out.type === undefined && part.type !== undefined) out.type = part.type;
    }
  }
  if (schema.not !== undefined) notes.push("with exclusions the server checks");
  const description = [schema.description, notes.length ? `(${notes.join("; ")})` : undefined].filter(Boolean).join(" ");
  if (description) out.description = description;
  return out;
}
