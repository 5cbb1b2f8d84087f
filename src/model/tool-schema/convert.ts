/**
 * OpenAPI Schema Object (3.0 §4.7.24, 3.1 = JSON Schema 2020-12) -> the descriptor dialect of
 * src/runtime/validation/json-schema.ts: `$ref`-free, finite, one nullable form.
 *
 * - `$ref`s are inlined. A `$ref` met again while it is still being expanded (a cycle) is cut
 *   there: the cut keeps the target's type and says in its description that it is recursive, so
 *   the schema stays finite and validation of that branch becomes permissive, never wrong.
 * - A budget bounds the size (tool descriptors are sent to a model on every request): past
 *   `maxDepth` levels of nesting, or once `maxNodes` schema nodes were written, a compound
 *   subschema (object, array, combinator) is summarised as its type plus description. Cutting
 *   only ever loosens a schema, so it never makes valid arguments fail validation.
 * - `nullable: true` (3.0) and `type: [T, "null"]` (3.1) both become the 3.1 form.
 * - Kept: type, description, enum, const, default, format, pattern, bounds, properties, required,
 *   additionalProperties, items, prefixItems, allOf/anyOf/oneOf/not, deprecated. Dropped: title,
 *   example(s), xml, externalDocs, discriminator, readOnly/writeOnly (a readOnly property is
 *   removed from request schemas, a writeOnly one from response schemas), every `x-` extension.
 * - An `allOf` of plain objects is merged into one object (models and OpenAI strict mode read
 *   that far better); anything else stays an `allOf`.
 */
import type { OpenApiDocument } from "../../load/loaded-description.js";
import { setOwn, type JsonSchema, type JsonSchemaType } from "../../runtime/validation/json-schema.js";
import { getPointer, isObject } from "../local-ref.js";
import { leftOutOf, type Direction } from "../read-write-only.js";
import type { Draft } from "./draft-schema.js";
import { dropUndeclaredRequired, mergeAllOf } from "./merge-all-of.js";

type Raw = Record<string, unknown>;

export interface SchemaBudget {
  /** Levels of properties / items kept before a compound subschema is summarised. */
  readonly maxDepth: number;
  /** Schema nodes written for one root schema before compound subschemas are summarised. */
  readonly maxNodes: number;
}

export interface ConvertOptions {
  readonly document: OpenApiDocument;
  /** `request` drops readOnly properties; `response` drops writeOnly ones. */
  readonly direction: Direction;
  readonly budget: SchemaBudget;
}

const TYPES = new Set<JsonSchemaType>(["string", "number", "integer", "boolean", "object", "array", "null"]);
const NUMERIC_KEYS = ["minLength", "maxLength", "minimum", "maximum", "multipleOf", "minProperties", "maxProperties", "minItems", "maxItems"] as const;
const COMBINATORS = ["anyOf", "oneOf", "allOf"] as const;
/** Keys beside a `$ref` that annotate it rather than add constraints. */
const REF_ANNOTATIONS = new Set(["$ref", "description", "summary", "default", "deprecated", "nullable", "readOnly", "writeOnly", "example", "examples", "title"]);
/** A guard against pathological nesting of combinators (depth counts only properties and items). */
const MAX_STACK = 200;

/** Converts one root schema; each call has its own budget and cycle stack. */
export function convertSchema(node: unknown, options: ConvertOptions): JsonSchema {
  return new Conversion(options).run(node);
}

/**
 * The same if it fits the budget whole; `undefined` as soon as the budget would cut anything. The
 * caller then converts again with another budget, so the rest of a large schema is not walked for
 * an answer that is thrown away (most of GitHub's responses are that large).
 */
export function convertSchemaWhole(node: unknown, options: ConvertOptions): JsonSchema | undefined {
  try {
    return new Conversion(options, true).run(node);
  } catch (error) {
    if (error === ABANDONED) return undefined;
    throw error;
  }
}

/**
 * The same as convertSchema, also saying why the budget cut: `nodes` once any compound subschema
 * was summarised because `maxNodes` were written, else `depth` if one was because of `maxDepth`.
 */
export function convertSchemaWithCut(node: unknown, options: ConvertOptions): { schema: JsonSchema; cut: "none" | "depth" | "nodes" } {
  const conversion = new Conversion(options);
  const schema = conversion.run(node);
  return { schema, cut: conversion.cut };
}

/** Thrown through a conversion that would cut, to stop it where it stands. */
const ABANDONED = new Error("conversion abandoned at the budget");

class Conversion {
  private nodes = 0;
  cut: "none" | "depth" | "nodes" = "none";
  private readonly refs: string[] = [];
  private stack = 0;

  /** `abandonOnCut`: the first cut throws ABANDONED instead. */
  constructor(
    private readonly options: ConvertOptions,
    private readonly abandonOnCut = false,
  ) {}

  run(node: unknown): JsonSchema {
    return this.convert(node, 0);
  }

  /**
   * `part`: the node is one part of an `allOf`, so a `required` name may be defined by another
   * part; names are filtered against the properties only once the parts are merged.
   */
  private convert(node: unknown, depth: number, part = false): Draft {
    if (node === true || node === undefined) return {};
    if (node === false) return { not: {} };
    if (!isObject(node)) return {};
    if (typeof node.$ref === "string") return this.reference(node, depth, part);
    if (this.stack > MAX_STACK) return summary(node, "nesting too deep to show");
    const compound = isCompound(node);
    if (compound && (depth > this.options.budget.maxDepth || this.nodes >= this.options.budget.maxNodes)) {
      if (this.abandonOnCut) throw ABANDONED;
      this.cut = this.nodes >= this.options.budget.maxNodes || this.cut === "nodes" ? "nodes" : "depth";
      return summary(node, "details not shown");
    }
    this.nodes++;
    this.stack++;
    try {
      return this.schema(node, depth, part);
    } finally {
      this.stack--;
    }
  }

  private reference(node: Raw, depth: number, part: boolean): Draft {
    const ref = node.$ref as string;
    const target = getPointer(this.options.document, ref);
    const siblings = Object.keys(node).filter((k) => !REF_ANNOTATIONS.has(k) && !k.startsWith("x-"));
    let out: Draft;
    if (this.refs.includes(ref)) {
      out = recursionStub(target, ref);
    } else {
      this.refs.push(ref);
      try {
        out = this.convert(target, depth, part || siblings.length > 0);
      } finally {
        this.refs.pop();
      }
    }
    if (siblings.length > 0) {
      // OpenAPI 3.1: a $ref with constraints beside it means both apply.
      const rest: Raw = Object.fromEntries(siblings.map((k) => [k, node[k]]));
      out = mergeAllOf({ allOf: [out, this.convert(rest, depth, true)] });
      if (!part) out = dropUndeclaredRequired(out);
    }
    // Annotations written beside a $ref describe this use of the target (common in 3.0 too).
    const description = textOf(node.description) ?? textOf(node.summary);
    if (description !== undefined) out = { ...out, description };
    if (node.default !== undefined) out = { ...out, default: node.default };
    if (node.deprecated === true) out = { ...out, deprecated: true };
    if (node.nullable === true) out = withNull(out);
    return out;
  }

  private schema(node: Raw, depth: number, part: boolean): Draft {
    const out: Draft = {};
    const type = typeOf(node);
    if (type !== undefined) out.type = type;
    const description = textOf(node.description);
    if (description !== undefined) out.description = description;
    if (Array.isArray(node.enum)) out.enum = [...node.enum];
    if (Object.hasOwn(node, "const")) out.const = node.const;
    if (node.default !== undefined) out.default = node.default;
    if (node.deprecated === true) out.deprecated = true;
    if (typeof node.format === "string") out.format = node.format;
    if (typeof node.pattern === "string") out.pattern = node.pattern;
    // Indexed loops: for…of over a constant array allocates an iterator per node in code V8 has
    // not optimised yet, and most of a generation runs before it has.
    for (let i = 0; i < NUMERIC_KEYS.length; i++) {
      const key = NUMERIC_KEYS[i]!;
      const value = node[key];
      if (typeof value === "number" && Number.isFinite(value)) out[key] = value;
    }
    exclusiveBound(node, out, "exclusiveMinimum", "minimum");
    exclusiveBound(node, out, "exclusiveMaximum", "maximum");
    if (node.uniqueItems === true) out.uniqueItems = true;

    if (isObject(node.properties)) {
      const properties: Record<string, JsonSchema> = {};
      for (const name of Object.keys(node.properties)) {
        const child = node.properties[name];
        if (this.hiddenProperty(child)) continue;
        setOwn(properties, name, this.convert(child, depth + 1));
      }
      out.properties = properties;
    }
    if (Array.isArray(node.required)) {
      const names = node.required.filter((r): r is string => typeof r === "string");
      if (names.length > 0) out.required = [...new Set(names)];
    }
    if (typeof node.additionalProperties === "boolean") out.additionalProperties = node.additionalProperties;
    else if (isObject(node.additionalProperties)) out.additionalProperties = this.convert(node.additionalProperties, depth + 1);

    if (Array.isArray(node.items)) {
      // Draft-4 tuple form (not valid OpenAPI, but seen): the 2020-12 spelling is prefixItems.
      out.prefixItems = node.items.map((item) => this.convert(item, depth + 1));
    } else if (node.items !== undefined) {
      out.items = this.convert(node.items, depth + 1);
    }
    if (Array.isArray(node.prefixItems)) out.prefixItems = node.prefixItems.map((item) => this.convert(item, depth + 1));

    for (let i = 0; i < COMBINATORS.length; i++) {
      const key = COMBINATORS[i]!;
      const list = node[key];
      if (Array.isArray(list) && list.length > 0) out[key] = list.map((item) => this.convert(item, depth, key === "allOf"));
    }
    if (node.not !== undefined) out.not = this.convert(node.not, depth);

    // OpenAPI 3.0 descriptions often leave out `type: object` / `type: array`; models and
    // providers need it, and the intent is never in doubt when there is nothing else.
    if (out.type === undefined && !out.anyOf && !out.oneOf && !out.allOf && out.enum === undefined && !Object.hasOwn(out, "const")) {
      if (out.properties || out.additionalProperties !== undefined || out.required) out.type = "object";
      else if (out.items || out.prefixItems) out.type = "array";
    }

    let result: Draft = out.allOf ? mergeAllOf(out) : out;
    // Merge first, then filter: a name required in one part and defined in another stays required;
    // one whose property was removed (readOnly in a request) or never defined goes.
    if (!part) result = dropUndeclaredRequired(result);
    if (node.nullable === true) result = withNull(result);
    return result;
  }

  private hiddenProperty(child: unknown): boolean {
    return leftOutOf(this.options.direction, child, (ref) => getPointer(this.options.document, ref));
  }
}

function textOf(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

function typeOf(node: Raw): Draft["type"] {
  const { type } = node;
  if (typeof type === "string") return TYPES.has(type as JsonSchemaType) ? (type as JsonSchemaType) : undefined;
  if (Array.isArray(type)) {
    const types = [...new Set(type.filter((t): t is JsonSchemaType => TYPES.has(t as JsonSchemaType)))];
    if (types.length === 0) return undefined;
    return types.length === 1 ? types[0] : types;
  }
  return undefined;
}

/** 3.0 `exclusiveMinimum: true` + `minimum: n` -> `exclusiveMinimum: n` (2020-12). */
function exclusiveBound(node: Raw, out: Draft, key: "exclusiveMinimum" | "exclusiveMaximum", boundKey: "minimum" | "maximum"): void {
  const exclusive = node[key];
  const bound = node[boundKey];
  if (typeof exclusive === "number" && Number.isFinite(exclusive)) out[key] = exclusive;
  else if (exclusive === true && typeof bound === "number") {
    out[key] = bound;
    delete out[boundKey];
  }
}

function isCompound(node: Raw): boolean {
  return (
    node.type === "object" ||
    node.type === "array" ||
    (Array.isArray(node.type) && (node.type.includes("object") || node.type.includes("array"))) ||
    node.properties !== undefined ||
    node.items !== undefined ||
    isObject(node.additionalProperties) ||
    Array.isArray(node.allOf) ||
    Array.isArray(node.anyOf) ||
    Array.isArray(node.oneOf)
  );
}

/** A compound schema shown as its type and description only (budget exceeded). */
function summary(node: Raw, why: string): Draft {
  const out: Draft = {};
  let type = typeOf(node);
  if (type === undefined && (node.properties !== undefined || node.additionalProperties !== undefined)) type = "object";
  if (type === undefined && node.items !== undefined) type = "array";
  if (type !== undefined) out.type = type;
  const description = textOf(node.description);
  out.description = description ? `${description} (${why})` : `(${why})`;
  return node.nullable === true ? withNull(out) : out;
}

/** Where a `$ref` cycle closes: the target's type, and a description saying so. */
function recursionStub(target: unknown, ref: string): Draft {
  const name = decodeURIComponent(ref.slice(ref.lastIndexOf("/") + 1)).replaceAll("~1", "/").replaceAll("~0", "~");
  const out: Draft = {};
  let description = `Recursive: the same shape as the enclosing ${name}; not repeated here.`;
  if (isObject(target)) {
    const type = typeOf(target) ?? (target.properties !== undefined ? "object" : target.items !== undefined ? "array" : undefined);
    if (type !== undefined) out.type = type;
    const own = textOf(target.description);
    if (own) description = `${own} (${description})`;
    if (target.nullable === true) return withNull({ ...out, description });
  }
  out.description = description;
  return out;
}

/** Adds `null` to what a schema admits, in the one normal form. */
export function withNull(schema: Draft): Draft {
  const { type } = schema;
  if (type === undefined) {
    if (Object.keys(schema).every((k) => k === "description" || k === "default" || k === "deprecated")) return schema; // already any
    if (schema.enum !== undefined) return schema.enum.includes(null) ? schema : { ...schema, enum: [...schema.enum, null] };
    const { description, ...rest } = schema;
    if (rest.anyOf && Object.keys(rest).length === 1) {
      return rest.anyOf.some((a) => a.type === "null") ? schema : { ...schema, anyOf: [...rest.anyOf, { type: "null" }] };
    }
    return { ...(description !== undefined ? { description } : {}), anyOf: [rest, { type: "null" }] };
  }
  const types = typeof type === "string" ? [type] : [...type];
  const out: Draft = { ...schema };
  if (!types.includes("null")) out.type = [...types, "null"];
  if (out.enum !== undefined && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out;
}
