/**
 * A tool's JSON Schema (2020-12, draft-07 or already OpenAPI 3.0) rewritten as an OpenAPI 3.0
 * Schema Object (§4.7.24), the dialect of the published description, in the shape the most
 * limited loader still reads: the reference Python client resolves only one level of
 * `#/components/schemas` refs (a `$ref` on a property or on array items crashes it) and skips or
 * crashes on a property without `type` or `description`. So:
 *
 * - local `$ref`s are inlined; only a schema that refers to itself (a tree) is hoisted to
 *   `components.schemas` under a collision-free name, since it cannot be written out;
 * - what 3.0 lacks is rewritten: `type: [t, "null"]` and `anyOf: [..., {type: "null"}]` become
 *   `nullable: true`, `const` a one-value `enum`, numeric `exclusiveMinimum` the boolean form,
 *   tuples (`prefixItems`) an `items` union, `examples` one `example`;
 * - keywords 3.0 does not have (`$schema`, `$defs`, `propertyNames`, `if`, ...) are dropped, and so
 *   is what only zod adds as noise (a 300-character regex beside each string format, ±2^53 bounds
 *   on every integer), so the description validates as 3.0 and reads well to a model;
 * - every property gets a `description`, derived from its name when the author gave none.
 */
import type { JsonSchema } from "./define-tool.js";
import type { ComponentNames } from "./component-names.js";

export interface ConvertOptions {
  /** This schema's own component name: where a `$ref: "#"` (the root itself) points. */
  readonly name: string;
  readonly names: ComponentNames;
  readonly fromZod: boolean;
  /**
   * Drop `additionalProperties: false`. zod's output conversion closes every object, but the
   * server sends what `run` returned without stripping keys, so the description must not promise it.
   */
  readonly openObjects?: boolean;
}

export interface ConvertedSchema {
  readonly schema: JsonSchema;
  /** Self-referencing sub-schemas hoisted to `components.schemas`, in first-use order. */
  readonly components: ReadonlyArray<readonly [string, JsonSchema]>;
}

/** Keywords whose value is data, not a schema: never searched for `$ref`s, copied as they are. */
const VALUE_KEYWORDS = new Set(["enum", "const", "default", "example", "examples"]);

/** OpenAPI 3.0 Schema Object fields copied unchanged. */
const KEPT = new Set([
  "title", "description", "format", "default", "example", "enum",
  "multipleOf", "maximum", "minimum", "maxLength", "minLength", "pattern",
  "maxItems", "minItems", "uniqueItems", "maxProperties", "minProperties",
  "readOnly", "writeOnly", "deprecated", "xml", "externalDocs",
]);

/** Above this many schema nodes after inlining, the schema is refused instead of blowing up. */
const NODE_BUDGET = 50_000;

export function toOpenApi30(root: JsonSchema, options: ConvertOptions): ConvertedSchema {
  const cyclic = findCyclicPointers(root);
  const hoisted = new Map<string, string>(); // pointer -> component name
  const components: Array<readonly [string, JsonSchema]> = [];
  let budget = NODE_BUDGET;

  const refTo = (pointer: string): JsonSchema => {
    if (pointer === "#") return { $ref: `#/components/schemas/${options.name}` };
    let name = hoisted.get(pointer);
    if (name === undefined) {
      name = options.names.allocate(componentNameFor(pointer, options.name));
      hoisted.set(pointer, name);
      const slot: [string, JsonSchema] = [name, {}];
      components.push(slot);
      slot[1] = convert(resolvePointer(root, pointer));
    }
    return { $ref: `#/components/schemas/${name}` };
  };

  const convert = (node: unknown): JsonSchema => {
    if (--budget < 0) throw new TypeError(`the schema has more than ${NODE_BUDGET} nodes once its $refs are inlined`);
    if (node === true || node === undefined) return {};
    if (node === false) return { not: {} };
    if (typeof node !== "object" || node === null || Array.isArray(node)) throw new TypeError(`${JSON.stringify(node)} is not a schema`);
    const input = node as JsonSchema;
    const out: JsonSchema = {};

    if (typeof input.$ref === "string") {
      const pointer = localPointer(input.$ref);
      const siblings = convert(withoutKey(input, "$ref"));
      if (!cyclic.has(pointer)) return { ...convert(resolvePointer(root, pointer)), ...siblings };
      // In 3.0 a `$ref` ignores its siblings, so they go beside an allOf.
      return Object.keys(siblings).length === 0 ? refTo(pointer) : { allOf: [refTo(pointer)], ...siblings };
    }

    for (const [key, value] of Object.entries(input)) {
      if (key.startsWith("x-") || KEPT.has(key)) out[key] = value;
      else if (key === "type") Object.assign(out, typeOf(value));
      else if (key === "nullable" && value === true) out.nullable = true;
      else if (key === "const") out.enum = [value];
      else if (key === "examples" && Array.isArray(value) && value.length > 0 && input.example === undefined) out.example = value[0];
      else if (key === "exclusiveMinimum" || key === "exclusiveMaximum") Object.assign(out, exclusiveBound(key, value, input));
      else if (key === "properties" && isObject(value)) out.properties = convertProperties(value);
      else if (key === "required" && Array.isArray(value) && value.length > 0) out.required = [...new Set(value.filter((v) => typeof v === "string"))];
      else if (key === "additionalProperties") {
        if (value !== false || !options.openObjects) out.additionalProperties = typeof value === "boolean" ? value : convert(value);
      }
      else if (key === "items" && !Array.isArray(value)) {
        if (!Array.isArray(input.prefixItems)) out.items = convert(value); // else: the tuple's rest, handled with prefixItems
      }
      else if ((key === "items" && Array.isArray(value)) || key === "prefixItems") Object.assign(out, tupleItems(value, input));
      else if (key === "allOf" && Array.isArray(value)) out.allOf = value.map(convert);
      else if ((key === "anyOf" || key === "oneOf") && Array.isArray(value)) Object.assign(out, unionOf(key, value));
      else if (key === "not") out.not = convert(value);
      else if (key === "discriminator" && isObject(value) && typeof value.propertyName === "string") out.discriminator = { propertyName: value.propertyName };
      // Anything else ($schema, $id, $defs, definitions, $comment, propertyNames, patternProperties,
      // contains, if/then/else, dependentRequired, unevaluated*, content*) has no 3.0 meaning.
    }

    if (Array.isArray(out.enum) && out.enum.includes(null)) out.nullable = true;
    if (out.enum !== undefined && out.type === undefined && out.anyOf === undefined) {
      const kinds = new Set((out.enum as unknown[]).filter((v) => v !== null).map(jsonTypeOf));
      if (kinds.size === 1) out.type = [...kinds][0];
    }
    if (out.type === "array" && out.items === undefined) out.items = {};
    if (options.fromZod) {
      // zod writes its own regex beside every format, and ±(2^53-1) bounds on every integer.
      if (typeof out.format === "string" && out.pattern !== undefined) delete out.pattern;
      if (out.minimum === Number.MIN_SAFE_INTEGER) delete out.minimum;
      if (out.maximum === Number.MAX_SAFE_INTEGER) delete out.maximum;
    }
    return ordered(out);
  };

  const convertProperties = (properties: JsonSchema): JsonSchema =>
    Object.fromEntries(
      Object.entries(properties).map(([name, child]) => {
        let schema = convert(child);
        if (typeof schema.description !== "string" || schema.description.trim() === "") {
          const description = describeName(name);
          schema = schema.$ref !== undefined ? { allOf: [schema], description } : ordered({ ...schema, description });
        }
        return [name, schema];
      }),
    );

  const unionOf = (key: "anyOf" | "oneOf", branches: readonly unknown[]): JsonSchema => {
    const rest = branches.filter((b) => !isNullSchema(b));
    if (rest.length === branches.length) return { [key]: rest.map(convert) };
    // `X | null`: 3.0 says it with `nullable` beside X's own keywords.
    if (rest.length === 1) {
      const only = convert(rest[0]);
      return only.$ref !== undefined ? { allOf: [only], nullable: true } : { ...only, nullable: true };
    }
    return { [key]: rest.map(convert), nullable: true };
  };

  const tupleItems = (prefix: unknown, input: JsonSchema): JsonSchema => {
    if (!Array.isArray(prefix)) return {};
    const rest = Array.isArray(input.items) ? input.additionalItems : input.prefixItems === prefix ? input.items : undefined;
    const schemas = [...prefix, ...(rest !== undefined && rest !== false ? [rest] : [])].map(convert);
    const unique = [...new Map(schemas.map((s) => [JSON.stringify(s), s])).values()];
    const out: JsonSchema = { items: unique.length === 1 ? unique[0]! : unique.length === 0 ? {} : { anyOf: unique } };
    if (rest === false && input.maxItems === undefined) out.maxItems = prefix.length;
    return out;
  };

  const schema = convert(root);
  return { schema, components };
}

/** One key order for every schema, whatever the source's: the YAML reads the same for zod and JSON Schema tools. */
const KEY_ORDER = [
  "$ref", "type", "format", "nullable", "title", "description", "enum", "default", "example",
  "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf",
  "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems", "items",
  "minProperties", "maxProperties", "properties", "required", "additionalProperties",
  "allOf", "anyOf", "oneOf", "not", "discriminator",
];
const RANK = new Map(KEY_ORDER.map((key, index) => [key, index]));

function ordered(schema: JsonSchema): JsonSchema {
  const keys = Object.keys(schema);
  const sorted = [...keys].sort((a, b) => (RANK.get(a) ?? KEY_ORDER.length) - (RANK.get(b) ?? KEY_ORDER.length));
  return sorted.every((key, i) => key === keys[i]) ? schema : Object.fromEntries(sorted.map((key) => [key, schema[key]]));
}

/** `type: "string"` as it is; `type: ["string", "null"]` as `type` + `nullable`; several as an anyOf. */
function typeOf(value: unknown): JsonSchema {
  if (typeof value === "string") return value === "null" ? { nullable: true, enum: [null] } : { type: value };
  if (!Array.isArray(value)) return {};
  const types = value.filter((t): t is string => typeof t === "string" && t !== "null");
  const out: JsonSchema = types.length < value.length ? { nullable: true } : {};
  if (types.length === 1) out.type = types[0];
  else if (types.length > 1) out.anyOf = types.map((t) => ({ type: t }));
  return out;
}

/** 2020-12 `exclusiveMinimum: 3` is 3.0's `minimum: 3, exclusiveMinimum: true`. */
function exclusiveBound(key: "exclusiveMinimum" | "exclusiveMaximum", value: unknown, input: JsonSchema): JsonSchema {
  if (typeof value === "boolean") return value ? { [key]: true } : {};
  if (typeof value !== "number") return {};
  const bound = key === "exclusiveMinimum" ? "minimum" : "maximum";
  const other = input[bound];
  // When both are given, the stricter one wins; an inclusive bound that is stricter stays as it is.
  if (typeof other === "number" && (bound === "minimum" ? other > value : other < value)) return {};
  return { [bound]: value, [key]: true };
}

function isNullSchema(value: unknown): boolean {
  return isObject(value) && value.type === "null" && Object.keys(value).every((k) => k === "type" || k === "description" || k === "title");
}

function jsonTypeOf(value: unknown): string {
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** `unitPrice`, `unit_price` -> "The unit price." */
export function describeName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_\-.\s]+/g, " ")
    .trim()
    .toLowerCase();
  return `The ${words || name}.`;
}

function componentNameFor(pointer: string, owner: string): string {
  const last = decodeSegment(pointer.split("/").pop() ?? "");
  // zod names the definitions it invents `__schema0`, `__schema1`, ...: tie them to their tool.
  if (/^_*schema\d*$/i.test(last) || last === "") return `${owner}_${last.replace(/^_+/, "") || "Schema"}`;
  return last;
}

function localPointer(ref: string): string {
  if (!ref.startsWith("#")) throw new TypeError(`$ref "${ref}" is not local: a tool schema must be self-contained`);
  return ref === "#" || ref === "#/" ? "#" : ref;
}

function resolvePointer(root: JsonSchema, pointer: string): unknown {
  let node: unknown = root;
  for (const raw of pointer.slice(1).split("/").slice(1)) {
    const segment = decodeSegment(raw);
    if (Array.isArray(node) && /^\d+$/.test(segment)) node = node[Number(segment)];
    else if (isObject(node) && Object.hasOwn(node, segment)) node = node[segment];
    else throw new TypeError(`$ref "${pointer}" points at nothing in the schema`);
  }
  return node;
}

function decodeSegment(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // not percent-encoded: use it as it is
  }
  return text.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** The pointers of schemas that can reach themselves through `$ref`s: those must stay `$ref`s. */
function findCyclicPointers(root: JsonSchema): Set<string> {
  const edges = new Map<string, string[]>();
  const refsUnder = (pointer: string): string[] => {
    let found = edges.get(pointer);
    if (found === undefined) {
      found = [];
      edges.set(pointer, found);
      collectRefs(resolvePointer(root, pointer), found);
    }
    return found;
  };
  const cyclic = new Set<string>();
  const all = new Set<string>(["#"]);
  for (let frontier = ["#"]; frontier.length > 0; ) {
    const next: string[] = [];
    for (const p of frontier) for (const q of refsUnder(p)) {
      if (all.has(q)) continue;
      all.add(q);
      next.push(q);
    }
    frontier = next;
  }
  for (const start of all) {
    const seen = new Set<string>();
    const stack = [...refsUnder(start)];
    while (stack.length > 0) {
      const p = stack.pop()!;
      if (p === start) {
        cyclic.add(start);
        break;
      }
      if (seen.has(p)) continue;
      seen.add(p);
      stack.push(...refsUnder(p));
    }
  }
  return cyclic;
}

function collectRefs(node: unknown, into: string[]): void {
  if (Array.isArray(node)) {
    for (const item of node) collectRefs(item, into);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === "$ref" && typeof value === "string") into.push(localPointer(value));
    else if (key === "properties" && isObject(value)) for (const child of Object.values(value)) collectRefs(child, into);
    else if (!VALUE_KEYWORDS.has(key) && key !== "$defs" && key !== "definitions") collectRefs(value, into);
  }
}

function withoutKey(node: JsonSchema, key: string): JsonSchema {
  const { [key]: _dropped, ...rest } = node;
  return rest;
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
