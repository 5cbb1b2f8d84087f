/**
 * One schema as the comparison sees it: `$ref`s followed (OpenAPI 3.0 §4.7.23, local only after
 * bundling), `allOf` parts merged into one object view (what oasdiff's --flatten-allof does, so a
 * property moved between a schema and its allOf parts is not reported as removed and added), and
 * the 3.0 and 3.1 spellings of the same thing made equal (`nullable: true` = `type: [T, "null"]`,
 * `const: x` = `enum: [x]`).
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { isObject, resolveLocal } from "../model/local-ref.js";
import { BOUNDS, type BoundKeyword } from "./schema-change.js";

type Json = Record<string, unknown>;

export interface SchemaView {
  /** The resolved schema object (identity is what pairs and memoisation key on). */
  readonly node: object;
  /** `any`: true or `{}`; `never`: false. */
  readonly kind: "schema" | "any" | "never";
  /** Declared or implied types without "null"; `undefined` means any type. */
  readonly types?: ReadonlySet<string>;
  readonly nullable: boolean;
  readonly format?: string;
  /** Enum values (null excluded: that is `nullable`) keyed by their JSON text. */
  readonly enum?: ReadonlyMap<string, unknown>;
  /** `x-extensible-enum` values (Zalando's open enum), keyed like `enum`. */
  readonly extensibleEnum?: ReadonlyMap<string, unknown>;
  readonly bounds: Readonly<Partial<Record<BoundKeyword, number>>>;
  readonly multipleOf?: number;
  readonly uniqueItems: boolean;
  readonly pattern?: string;
  readonly readOnly: boolean;
  readonly writeOnly: boolean;
  readonly deprecated: boolean;
  /** JSON text of the default, when there is one. */
  readonly default?: string;
  /** Raw (possibly `$ref`) property schemas, own first, then allOf parts in order. */
  readonly properties: ReadonlyMap<string, unknown>;
  readonly required: ReadonlySet<string>;
  readonly items?: unknown;
  /** `false`, `true`, a schema, or undefined (= allowed). */
  readonly additionalProperties?: unknown;
  readonly oneOf?: readonly unknown[];
  readonly anyOf?: readonly unknown[];
  // JSON Schema 2020-12 (OpenAPI 3.1). Subschemas raw; a boolean that makes the keyword no
  // constraint (`then: true`, `not: false`) is left out, as if the keyword were absent.
  readonly contains?: unknown;
  readonly if?: unknown;
  readonly then?: unknown;
  readonly else?: unknown;
  readonly not?: unknown;
  readonly dependentRequired?: ReadonlyMap<string, ReadonlySet<string>>;
  readonly dependentSchemas?: ReadonlyMap<string, unknown>;
  readonly prefixItems?: readonly unknown[];
  readonly propertyNames?: unknown;
  readonly patternProperties?: ReadonlyMap<string, unknown>;
  readonly unevaluatedProperties?: unknown;
  readonly unevaluatedItems?: unknown;
  readonly contentSchema?: unknown;
}

/** Stand-ins for the boolean schemas of 3.1, so they have an identity like every other schema. */
const TRUE_SCHEMA = Object.freeze({});
const FALSE_SCHEMA = Object.freeze({ not: {} });

/** Follows `$ref`s. Booleans become the stand-in objects. */
export function resolveSchema(document: OpenApiDocument, raw: unknown): object {
  if (raw === true || raw === undefined || raw === null) return TRUE_SCHEMA;
  if (raw === false) return FALSE_SCHEMA;
  if (!isObject(raw)) return TRUE_SCHEMA;
  if (typeof raw.$ref !== "string") return raw;
  const { value } = resolveLocal(document, raw, "#");
  return isObject(value) ? value : value === false ? FALSE_SCHEMA : TRUE_SCHEMA;
}

/** The `$ref` target's last segment, or undefined for an inline schema. */
export function refName(raw: unknown): string | undefined {
  if (!isObject(raw) || typeof raw.$ref !== "string") return undefined;
  const last = raw.$ref.split("/").pop() ?? raw.$ref;
  return last.replaceAll("~1", "/").replaceAll("~0", "~");
}

export class SchemaViews {
  private readonly cache = new WeakMap<object, SchemaView>();
  constructor(readonly document: OpenApiDocument) {}

  of(raw: unknown): SchemaView {
    return this.ofNode(resolveSchema(this.document, raw));
  }

  ofNode(node: object): SchemaView {
    let view = this.cache.get(node);
    if (!view) {
      view = this.build(node, new Set());
      this.cache.set(node, view);
    }
    return view;
  }

  private build(node: object, seen: Set<object>): SchemaView {
    if (node === TRUE_SCHEMA) return emptyView(node, "any");
    if (node === FALSE_SCHEMA) return emptyView(node, "never");
    const s = node as Json;
    seen.add(node);
    // allOf parts, themselves merged; a part that loops back to an ancestor is skipped.
    const parts: SchemaView[] = [];
    if (Array.isArray(s.allOf)) {
      for (const part of s.allOf) {
        const resolved = resolveSchema(this.document, part);
        if (seen.has(resolved)) continue;
        parts.push(this.cache.get(resolved) ?? this.build(resolved, new Set(seen)));
      }
    }
    const own = ownView(node, s);
    if (parts.length === 0) return own;
    return mergeAllOf(own, parts);
  }
}

function emptyView(node: object, kind: "any" | "never"): SchemaView {
  return {
    node,
    kind,
    nullable: kind === "any",
    bounds: {},
    uniqueItems: false,
    readOnly: false,
    writeOnly: false,
    deprecated: false,
    properties: new Map(),
    required: new Set(),
  };
}

const EMPTY_PROPERTIES: ReadonlyMap<string, unknown> = new Map();
const EMPTY_REQUIRED: ReadonlySet<string> = new Set();
const BOUND_KEYWORDS = Object.keys(BOUNDS) as BoundKeyword[];

// Written imperatively: this runs once per schema object of both documents.
function ownView(node: object, s: Json): SchemaView {
  const view: Record<string, unknown> = { node, kind: "schema" };
  let types: Set<string> | undefined;
  let nullable = s.nullable === true;
  const type = s.type;
  if (typeof type === "string") types = new Set([type]);
  else if (Array.isArray(type)) {
    types = new Set();
    for (const t of type) if (typeof t === "string") types.add(t);
    if (types.has("null") && types.size > 1) {
      types.delete("null");
      nullable = true;
    }
  }
  const properties = isObject(s.properties) ? new Map(Object.entries(s.properties)) : EMPTY_PROPERTIES;
  // A schema without `type` but with object or array keywords is that type in practice.
  if (!types && properties.size > 0) types = new Set(["object"]);
  if (!types && s.items !== undefined) types = new Set(["array"]);
  if (types) view.types = types;
  const values = Array.isArray(s.enum) ? s.enum : "const" in s ? [s.const] : undefined;
  if (values) {
    const enumValues = new Map<string, unknown>();
    for (const v of values) {
      if (v === null) nullable = true;
      else enumValues.set(jsonKey(v), v);
    }
    view.enum = enumValues;
  }
  const extensible = s["x-extensible-enum"];
  if (Array.isArray(extensible)) view.extensibleEnum = new Map(extensible.map((v) => [jsonKey(v), v]));
  view.nullable = nullable;
  if (typeof s.format === "string") view.format = s.format;
  const bounds: Partial<Record<BoundKeyword, number>> = {};
  for (const keyword of BOUND_KEYWORDS) {
    const value = s[keyword];
    // 3.0's boolean exclusiveMinimum/exclusiveMaximum only qualify minimum/maximum: not a bound.
    if (typeof value === "number") bounds[keyword] = value;
  }
  view.bounds = bounds;
  if (typeof s.multipleOf === "number") view.multipleOf = s.multipleOf;
  view.uniqueItems = s.uniqueItems === true;
  // An empty pattern matches every string: no constraint, the same as no pattern.
  if (typeof s.pattern === "string" && s.pattern !== "") view.pattern = s.pattern;
  view.readOnly = s.readOnly === true;
  view.writeOnly = s.writeOnly === true;
  view.deprecated = s.deprecated === true;
  if ("default" in s) view.default = JSON.stringify(s.default) ?? "undefined";
  view.properties = properties;
  view.required = Array.isArray(s.required) ? new Set(s.required.filter((r): r is string => typeof r === "string")) : EMPTY_REQUIRED;
  if (s.items !== undefined) view.items = s.items;
  if (s.additionalProperties !== undefined) view.additionalProperties = s.additionalProperties;
  if (Array.isArray(s.oneOf)) view.oneOf = s.oneOf;
  if (Array.isArray(s.anyOf)) view.anyOf = s.anyOf;
  for (const keyword of SUBSCHEMA_KEYWORDS) {
    const value = s[keyword];
    if (value !== undefined && value !== NO_CONSTRAINT[keyword]) view[keyword] = value;
  }
  if (isObject(s.dependentRequired)) {
    const dependencies = new Map<string, ReadonlySet<string>>();
    for (const [name, list] of Object.entries(s.dependentRequired)) {
      if (Array.isArray(list)) dependencies.set(name, new Set(list.filter((d): d is string => typeof d === "string")));
    }
    view.dependentRequired = dependencies;
  }
  if (isObject(s.dependentSchemas)) view.dependentSchemas = new Map(Object.entries(s.dependentSchemas));
  if (isObject(s.patternProperties)) view.patternProperties = new Map(Object.entries(s.patternProperties));
  if (Array.isArray(s.prefixItems)) view.prefixItems = s.prefixItems;
  return view as unknown as SchemaView;
}

/** Keywords whose value is one subschema, kept raw in the view under the same name. */
const SUBSCHEMA_KEYWORDS = [
  "contains",
  "if",
  "then",
  "else",
  "not",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contentSchema",
] as const;

/**
 * The boolean schema that makes each keyword no constraint at all. Not always `true`: `not: true`
 * excludes every value, `not: false` none; `contains: true` asks for at least one item; `if: true`
 * always applies `then` and `if: false` always `else`.
 */
const NO_CONSTRAINT: Readonly<Partial<Record<(typeof SUBSCHEMA_KEYWORDS)[number], boolean>>> = {
  then: true,
  else: true,
  not: false,
  propertyNames: true,
  unevaluatedProperties: true,
  unevaluatedItems: true,
  contentSchema: true,
};

function jsonKey(value: unknown): string {
  return typeof value === "string" ? `"${value}"` : JSON.stringify(value);
}

/** The schema's own keywords win; a keyword it lacks comes from the first part that has it. */
function mergeAllOf(own: SchemaView, parts: readonly SchemaView[]): SchemaView {
  const pick = <K extends keyof SchemaView>(key: K): SchemaView[K] | undefined => {
    if (own[key] !== undefined) return own[key];
    for (const part of parts) if (part[key] !== undefined) return part[key];
    return undefined;
  };
  const properties = new Map(own.properties);
  const required = new Set(own.required);
  const bounds = { ...own.bounds };
  for (const part of parts) {
    for (const [name, schema] of part.properties) if (!properties.has(name)) properties.set(name, schema);
    for (const name of part.required) required.add(name);
    for (const [keyword, value] of Object.entries(part.bounds) as [BoundKeyword, number][]) {
      if (bounds[keyword] === undefined) bounds[keyword] = value;
    }
  }
  let types = own.types ?? parts.find((p) => p.types)?.types;
  if (!types && properties.size > 0) types = new Set(["object"]);
  const merged: Record<string, unknown> = {
    node: own.node,
    kind: parts.some((p) => p.kind === "never") ? "never" : "schema",
    nullable: own.nullable || (own.types === undefined && parts.every((p) => p.nullable)),
    bounds,
    uniqueItems: own.uniqueItems || parts.some((p) => p.uniqueItems),
    readOnly: own.readOnly || parts.some((p) => p.readOnly),
    writeOnly: own.writeOnly || parts.some((p) => p.writeOnly),
    deprecated: own.deprecated || parts.some((p) => p.deprecated),
    properties,
    required,
  };
  if (types) merged.types = types;
  for (const key of [
    "format",
    "enum",
    "extensibleEnum",
    "multipleOf",
    "pattern",
    "default",
    "items",
    "additionalProperties",
    "oneOf",
    "anyOf",
    ...SUBSCHEMA_KEYWORDS,
    "dependentRequired",
    "dependentSchemas",
    "patternProperties",
    "prefixItems",
  ] as const) {
    const value = pick(key);
    if (value !== undefined) merged[key] = value;
  }
  return merged as unknown as SchemaView;
}
