/**
 * Anthropic Messages API tools: `{ name, description, input_schema, input_examples?, strict? }`.
 *
 * - Names are wire names (the API's rule is `^[a-zA-Z0-9_-]{1,64}$` in the guide, 128 in the
 *   reference; 64 satisfies both).
 * - Examples: appended to the description by default; `examples: "input_examples"` sends the
 *   arguments of each example call in the `input_examples` field instead, which some platforms
 *   only accept with a beta header (research §1.3).
 * - `strict: true` sends grammar-constrained tools where the schema fits Anthropic's subset:
 *   `oneOf` becomes `anyOf`, every object is closed, keywords outside the subset move into the
 *   description; an open object or a recursive cut falls back to non-strict with a warning.
 * - No description limit is documented; `maxDescription` caps it when wanted.
 */
import type { JsonSchema } from "../validation/json-schema.js";
import { setOwn } from "../validation/json-schema.js";
import { describeWithExamples, exampleCalls, selectTools, truncate, Warnings, type AdapterOptions, type ToolSource } from "./common.js";

export interface AnthropicToolsOptions extends AdapterOptions {
  /** Where examples go: `description` (default), `input_examples`, or nowhere (`false`). */
  readonly examples?: "description" | "input_examples" | false;
  /** Send `strict: true` where the schema fits Anthropic's strict subset (default false). */
  readonly strict?: boolean;
}

/** Assignable to `Tool` of `@anthropic-ai/sdk`. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: { type: "object"; properties?: unknown; required?: string[]; [key: string]: unknown };
  input_examples?: Array<Record<string, unknown>>;
  strict?: boolean;
}

export function toAnthropicTools(source: ToolSource, options: AnthropicToolsOptions = {}): AnthropicTool[] {
  const warnings = new Warnings("toAnthropicTools", options.onWarning);
  const where = options.examples ?? "description";
  const result = selectTools(source, options).map((tool): AnthropicTool => {
    let schema: JsonSchema = tool.parameters;
    let strict = false;
    if (options.strict === true) {
      try {
        schema = anthropicStrict(tool.parameters, "$");
        strict = true;
      } catch (error) {
        if (!(error instanceof NotAnthropicExpressible)) throw error;
        warnings.add(`"${tool.wireName}" is sent without strict; ${error.message}`);
      }
    }
    const description =
      where === "description" ? describeWithExamples(tool, tool.wireName, options.maxDescription, true) : truncate(tool.description, options.maxDescription);
    const out: AnthropicTool = { name: tool.wireName, description, input_schema: schema as AnthropicTool["input_schema"] };
    if (where === "input_examples") {
      const inputs = exampleCalls(tool).map((call) => ({ ...call.arguments }));
      if (inputs.length > 0) out.input_examples = inputs;
    }
    if (strict) out.strict = true;
    return out;
  });
  warnings.flush();
  return result;
}

class NotAnthropicExpressible extends Error {}

const KEPT = new Set(["type", "description", "enum", "const", "properties", "required", "additionalProperties", "items", "anyOf", "allOf", "format"]);
const ANTHROPIC_FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"]);

/** The subset `@anthropic-ai/sdk`'s transform-json-schema produces, written against our dialect. */
function anthropicStrict(schema: JsonSchema, path: string): JsonSchema {
  if (schema.not !== undefined || schema.prefixItems !== undefined) throw new NotAnthropicExpressible(`${path} uses ${schema.not ? "not" : "prefixItems"}`);
  const out: Record<string, unknown> = {};
  const notes: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (value === undefined) continue;
    if (key === "format" && !ANTHROPIC_FORMATS.has(String(value))) notes.push(`format: ${String(value)}`);
    else if (key === "minItems" && (value === 0 || value === 1)) out.minItems = value;
    else if (!KEPT.has(key) && key !== "oneOf") notes.push(`${key}: ${JSON.stringify(value)}`);
    else if (KEPT.has(key) && !["properties", "items", "anyOf", "allOf", "additionalProperties", "description"].includes(key)) out[key] = value;
  }
  if (schema.enum?.some((v) => typeof v === "object" && v !== null)) throw new NotAnthropicExpressible(`${path} has a non-primitive enum value`);
  const description = [schema.description, notes.length ? `{${notes.join(", ")}}` : undefined].filter(Boolean).join(" ");
  if (description) out.description = description;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) out.anyOf = alternatives.map((a, i) => anthropicStrict(a, `${path}.anyOf[${i}]`));
  if (schema.allOf) out.allOf = schema.allOf.map((a, i) => anthropicStrict(a, `${path}.allOf[${i}]`));
  if (schema.items) out.items = anthropicStrict(schema.items, `${path}[]`);
  const types = schema.type === undefined ? [] : typeof schema.type === "string" ? [schema.type] : schema.type;
  if (types.includes("object") || schema.properties !== undefined) {
    if (schema.properties === undefined || (schema.additionalProperties !== undefined && schema.additionalProperties !== false)) {
      throw new NotAnthropicExpressible(`${path} is an open object`);
    }
    const properties: Record<string, JsonSchema> = {};
    for (const [name, property] of Object.entries(schema.properties)) setOwn(properties, name, anthropicStrict(property, `${path}.${name}`));
    out.properties = properties;
    out.additionalProperties = false;
  }
  return out as JsonSchema;
}
