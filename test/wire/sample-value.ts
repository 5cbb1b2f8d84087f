/**
 * A valid value for a tool-descriptor schema (src/runtime/validation/json-schema.ts), chosen
 * deterministically from a seed: what a well-behaved caller would send. Enums, consts and valid
 * defaults are taken as they are; formats get a canonical example; patterns are sampled by a
 * small regex walker (sample-pattern.ts). Two fillings: `full` fills every property at the top level
 * and one level down, so optional parameters and body fields go over the wire too (deeper, only
 * required ones); `minimal` fills only what `required` asks for, so a lost `required` shows.
 */
import { isValid } from "../../src/runtime/validation/validate.js";
import type { JsonSchema, JsonSchemaType } from "../../src/runtime/validation/json-schema.js";
import { samplePattern } from "./sample-pattern.js";
export { seededRandom } from "../support/seeded-random.js";

export type Filling = "full" | "minimal";

const MAX_DEPTH = 8;

export function sampleValue(schema: JsonSchema, random: () => number, filling: Filling = "full"): unknown {
  return new Sampler(random, filling).value(schema, 0);
}

class Sampler {
  constructor(
    private readonly random: () => number,
    private readonly filling: Filling,
  ) {}

  value(schema: JsonSchema, depth: number): unknown {
    const random = this.random;
    if (schema.const !== undefined) return schema.const;
    if (schema.enum !== undefined) {
      const values = schema.enum.filter((v) => v !== null);
      return values.length > 0 ? values[Math.floor(random() * values.length)] : null;
    }
    // An empty default is left alone: a server reads an empty query value as a missing one.
    if (schema.default !== undefined && schema.default !== null && schema.default !== "" && isValid(schema, schema.default)) return schema.default;
    const alternatives = schema.oneOf ?? schema.anyOf;
    if (alternatives) return this.alternative(schema, alternatives, schema.oneOf !== undefined, depth);
    if (schema.allOf) {
      const { allOf, ...outer } = schema;
      return this.value(allOf.reduce<JsonSchema>(mergeShallow, outer), depth);
    }
    switch (pickType(schema)) {
      case "string":
        return sampleString(schema, random);
      case "integer":
        return sampleNumber(schema, "integer", random);
      case "number":
        return sampleNumber(schema, "number", random);
      case "boolean":
        return true;
      case "null":
        return null;
      case "array":
        return this.array(schema, depth);
      case "object":
        return this.object(schema, depth);
      default:
        return "x";
    }
  }

  /**
   * The first branch whose sample satisfies the whole schema; for `oneOf`, also no other branch
   * (Prism checks `oneOf` strictly, unlike the descriptor validator).
   */
  private alternative(schema: JsonSchema, branches: readonly JsonSchema[], exclusive: boolean, depth: number): unknown {
    const { oneOf: _oneOf, anyOf: _anyOf, ...outer } = schema;
    let fallback: unknown;
    for (const branch of branches) {
      if (pickType(branch) === "null" && branches.length > 1) continue;
      const merged = mergeShallow(outer, branch);
      for (let attempt = 0; attempt < 3; attempt++) {
        const value = this.value(merged, depth);
        fallback ??= value;
        if (!isValid(schema, value)) continue;
        if (exclusive && branches.filter((b) => isValid(b, value)).length !== 1) continue;
        return value;
      }
    }
    return fallback;
  }

  private array(schema: JsonSchema, depth: number): unknown[] {
    if (schema.prefixItems) return schema.prefixItems.map((item) => this.value(item, depth + 1));
    // Two items where allowed, so separators and repeated keys go over the wire.
    const count = Math.min(Math.max(schema.minItems ?? (this.filling === "full" ? 2 : 1), 1), schema.maxItems ?? 2);
    const items = schema.items ?? {};
    const out: unknown[] = [];
    for (let attempt = 0; out.length < count && attempt < count * 5; attempt++) {
      const value = this.value(items, depth + 1);
      if (schema.uniqueItems && out.some((v) => JSON.stringify(v) === JSON.stringify(value))) continue;
      out.push(value);
    }
    return out;
  }

  private object(schema: JsonSchema, depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const required = new Set(schema.required ?? []);
    const optional = this.filling === "full" && depth <= 1;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (!required.has(name) && (!optional || property.deprecated || depth >= MAX_DEPTH)) continue;
      out[name] = this.value(property, depth + 1);
    }
    for (const name of required) {
      if (Object.hasOwn(out, name)) continue;
      const extra = typeof schema.additionalProperties === "object" ? schema.additionalProperties : {};
      out[name] = this.value(extra, depth + 1);
    }
    return out;
  }
}

function pickType(schema: JsonSchema): JsonSchemaType | undefined {
  const types = schema.type === undefined ? [] : typeof schema.type === "string" ? [schema.type] : [...schema.type];
  const concrete = types.filter((t) => t !== "null");
  if (concrete.length > 0) return concrete[0];
  if (types.length > 0) return "null";
  if (schema.properties || schema.additionalProperties !== undefined || schema.required) return "object";
  if (schema.items || schema.prefixItems) return "array";
  return undefined;
}

/** Two schemas as one: properties and required joined, other keys from the later one. */
function mergeShallow(a: JsonSchema, b: JsonSchema): JsonSchema {
  const merged: Record<string, unknown> = { ...a, ...b };
  if (a.properties || b.properties) merged.properties = { ...a.properties, ...b.properties };
  if (a.required || b.required) merged.required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])];
  if (a.type !== undefined && b.type === undefined) merged.type = a.type;
  return merged as JsonSchema;
}

const FORMATS: Record<string, (random: () => number) => string> = {
  "date-time": () => "2024-05-06T07:08:09Z",
  date: () => "2024-05-06",
  time: () => "07:08:09Z",
  email: () => "ada@example.com",
  uri: () => "https://example.com/a",
  url: () => "https://example.com/a",
  "uri-reference": () => "/a/b",
  hostname: () => "example.com",
  ipv4: () => "192.0.2.7",
  ipv6: () => "2001:db8::7",
  uuid: (random) => uuid(random),
  byte: () => "dG9vbGdlbg==",
  binary: () => "toolgen",
  int64: () => "7",
};

function sampleString(schema: JsonSchema, random: () => number): string {
  if (schema.pattern !== undefined) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const value = samplePattern(schema.pattern, random, schema.minLength ?? 0, schema.maxLength);
      if (value !== undefined && isValid(schema, value)) return value;
    }
  }
  const format = schema.format !== undefined ? FORMATS[schema.format] : undefined;
  if (format) return format(random);
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min, 12);
  let text = `s${Math.floor(random() * 1e6).toString(36)}`;
  while (text.length < min) text += "x";
  return text.slice(0, Math.max(min, Math.min(max, text.length)));
}

function sampleNumber(schema: JsonSchema, type: "integer" | "number", random: () => number): number {
  let low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (type === "integer" ? 1 : 0.5) : undefined);
  let high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (type === "integer" ? 1 : 0.5) : undefined);
  low ??= high !== undefined ? Math.min(1, high) : 1;
  high ??= low + 100;
  let value = low + Math.floor(random() * Math.max(1, Math.min(high - low, 100)));
  if (type === "integer") value = Math.ceil(value);
  if (schema.multipleOf) value = Math.ceil(value / schema.multipleOf) * schema.multipleOf;
  return Math.min(value, high);
}

function uuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = "4";
  hex[16] = "89ab"[Math.floor(random() * 4)]!;
  const h = hex.join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
