/**
 * A small interpreter for the descriptor dialect (json-schema.ts). Nothing is compiled: the schema
 * was already normalised at build time (no `$ref`, one nullable form, numeric exclusive bounds),
 * and nothing is generated, evaluated or imported at run time (no `new Function`, no ajv).
 * docs/llm-tools.md has the measurements behind this choice.
 *
 * For speed, each schema object is read once into a `Node` (cached per schema object): one
 * hidden class for every node, so the walk's property reads stay monomorphic. Reading the
 * descriptor objects directly (each literal has its own shape) made every read megamorphic, which
 * cost about 15 µs per call once HTTP work between calls had evicted V8's lookup caches.
 *
 * Every problem carries the JSON path of the offending value (`$.items[0].name`) and a message
 * written for a model to act on. Two deliberate leniencies, both documented: `oneOf` is checked as
 * `anyOf` (real descriptions often have overlapping branches the server accepts), and unknown
 * `format`s pass.
 */
import { admitsNull, setOwn, typesOf, type JsonSchema, type JsonSchemaType } from "./json-schema.js";
import { ownValue } from "../own-property.js";
import { FILE_ID_PATTERN } from "../files/file-id.js";

export interface ValidationProblem {
  /** JSON path of the value, `$` being the whole arguments object. */
  readonly path: string;
  readonly message: string;
}

/** Stop collecting after this many problems: a model fixes the first ones and retries. */
const MAX_PROBLEMS = 20;

export function validateValue(schema: JsonSchema, value: unknown, path = "$"): ValidationProblem[] {
  const walk = new Walk(path, MAX_PROBLEMS);
  walk.check(nodeOf(schema), value);
  return walk.problems;
}

export function isValid(schema: JsonSchema, value: unknown): boolean {
  return isValidNode(nodeOf(schema), value);
}

function isValidNode(node: Node, value: unknown): boolean {
  const walk = new Walk("$", 1);
  walk.check(node, value);
  return walk.problems.length === 0;
}

const TYPE_BITS: Readonly<Record<JsonSchemaType, number>> = { string: 1, number: 2, integer: 4, boolean: 8, null: 16, array: 32, object: 64 };

/** A schema object as the walk reads it: every field present, in one shape. */
class Node {
  readonly source: JsonSchema;
  /** Bit set of admitted types (0: any type). */
  readonly types: number;
  readonly enumValues: readonly unknown[] | undefined;
  readonly hasConst: boolean;
  readonly constValue: unknown;
  readonly minLength: number | undefined;
  readonly maxLength: number | undefined;
  readonly pattern: RegExp | undefined;
  readonly format: ((text: string) => boolean) | undefined;
  readonly minimum: number | undefined;
  readonly maximum: number | undefined;
  readonly exclusiveMinimum: number | undefined;
  readonly exclusiveMaximum: number | undefined;
  readonly multipleOf: number | undefined;
  readonly int32: boolean;
  readonly properties: ReadonlyMap<string, Node> | undefined;
  readonly required: readonly string[] | undefined;
  /** `false`: closed; a Node: the schema of other properties; `undefined`: open. */
  readonly additional: Node | false | undefined;
  readonly minProperties: number | undefined;
  readonly maxProperties: number | undefined;
  readonly items: Node | undefined;
  readonly prefixItems: readonly Node[] | undefined;
  readonly minItems: number | undefined;
  readonly maxItems: number | undefined;
  readonly uniqueItems: boolean;
  readonly alternatives: readonly Node[] | undefined;
  readonly allOf: readonly Node[] | undefined;
  readonly not: Node | undefined;
  /** The schema admits `null` (so a `null` a model sends is meant, not "left out"). */
  readonly nullable: boolean;

  constructor(schema: JsonSchema) {
    this.source = schema;
    let types = 0;
    for (const t of typesOf(schema) ?? []) types |= ownValue(TYPE_BITS, t) ?? 0;
    this.types = types;
    this.enumValues = schema.enum;
    this.hasConst = Object.hasOwn(schema, "const");
    this.constValue = schema.const;
    this.minLength = schema.minLength;
    this.maxLength = schema.maxLength;
    this.pattern = schema.pattern !== undefined ? patternOf(schema.pattern) : undefined;
    // Own entries only: a format named `constructor` or `hasOwnProperty` is unknown, not a method.
    this.format = schema.format !== undefined ? ownValue(FORMAT_CHECKS, schema.format) : undefined;
    this.minimum = schema.minimum;
    this.maximum = schema.maximum;
    this.exclusiveMinimum = schema.exclusiveMinimum;
    this.exclusiveMaximum = schema.exclusiveMaximum;
    this.multipleOf = schema.multipleOf !== undefined && schema.multipleOf > 0 ? schema.multipleOf : undefined;
    this.int32 = schema.format === "int32";
    this.properties = schema.properties ? new Map(Object.entries(schema.properties).map(([k, v]) => [k, nodeOf(v)])) : undefined;
    this.required = schema.required?.length ? schema.required : undefined;
    const additional = schema.additionalProperties;
    this.additional = additional === false ? false : typeof additional === "object" ? nodeOf(additional) : undefined;
    this.minProperties = schema.minProperties;
    this.maxProperties = schema.maxProperties;
    this.items = schema.items ? nodeOf(schema.items) : undefined;
    this.prefixItems = schema.prefixItems?.map(nodeOf);
    this.minItems = schema.minItems;
    this.maxItems = schema.maxItems;
    this.uniqueItems = schema.uniqueItems === true;
    this.alternatives = (schema.anyOf ?? schema.oneOf)?.map(nodeOf);
    this.allOf = schema.allOf?.map(nodeOf);
    this.not = schema.not ? nodeOf(schema.not) : undefined;
    this.nullable = admitsNull(schema);
  }
}

const nodes = new WeakMap<JsonSchema, Node>();

/** The Node of a schema object, read once and kept as long as the schema lives. */
function nodeOf(schema: JsonSchema): Node {
  let node = nodes.get(schema);
  if (node === undefined) {
    node = new Node(schema);
    nodes.set(schema, node);
  }
  return node;
}

/**
 * Removes `null` from properties that are optional and do not admit `null`, at any depth (see
 * arguments.ts for why). Returns the value itself when nothing changes.
 */
export function dropOptionalNulls(schema: JsonSchema, value: unknown): unknown {
  return dropNulls(nodeOf(schema), value);
}

function dropNulls(node: Node, value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const items = node.items;
    if (items === undefined) return value;
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const next = dropNulls(items, value[i]);
      if (next !== value[i]) (out ??= [...value])[i] = next;
    }
    return out ?? value;
  }
  const properties = node.properties;
  if (properties === undefined) return value;
  const record = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const name in record) {
    if (!Object.hasOwn(record, name)) continue;
    const property = properties.get(name);
    if (property === undefined) continue;
    const item = record[name];
    if (item === null) {
      if (!property.nullable && !(node.required?.includes(name) ?? false)) {
        out ??= { ...record };
        delete out[name];
      }
      continue;
    }
    const next = dropNulls(property, item);
    if (next !== item) setOwn((out ??= { ...record }), name, next);
  }
  return out ?? value;
}

/**
 * One validation: the path is a stack of keys turned into text only when a problem is reported,
 * and a schema node that passes allocates nothing.
 */
class Walk {
  readonly problems: ValidationProblem[] = [];
  private readonly keys: (string | number)[] = [];

  constructor(
    private readonly root: string,
    private readonly limit: number,
  ) {}

  private path(): string {
    let text = this.root;
    for (const key of this.keys) text = typeof key === "number" ? `${text}[${key}]` : childPath(text, key);
    return text;
  }

  private report(message: string): void {
    if (this.problems.length < this.limit) this.problems.push({ path: this.path(), message });
  }

  private child(key: string | number, node: Node, value: unknown): void {
    this.keys.push(key);
    this.check(node, value);
    this.keys.pop();
  }

  check(node: Node, value: unknown): void {
    if (this.problems.length >= this.limit) return;
    if (node.types !== 0 && (node.types & typeBitsOf(value)) === 0) {
      this.report(`must be ${(typesOf(node.source) ?? []).map(typeNoun).join(" or ")}, got ${describe(value)}`);
      return;
    }
    if (node.enumValues !== undefined && !includesValue(node.enumValues, value)) {
      this.report(`must be one of ${listValues(node.enumValues)}, got ${describe(value)}`);
      return;
    }
    if (node.hasConst && !deepEqual(node.constValue, value)) {
      this.report(`must be ${JSON.stringify(node.constValue)}, got ${describe(value)}`);
      return;
    }

    if (typeof value === "string") this.string(node, value);
    else if (typeof value === "number") this.number(node, value);
    else if (Array.isArray(value)) this.array(node, value);
    else if (typeof value === "object" && value !== null) this.object(node, value as Record<string, unknown>);

    if (node.alternatives !== undefined) this.alternatives(node.alternatives, value);
    if (node.allOf !== undefined) for (const part of node.allOf) this.check(part, value);
    if (node.not !== undefined && isValidNode(node.not, value)) this.report("matches a shape that is not allowed here");
  }

  private string(node: Node, value: string): void {
    // Lengths count code points, as JSON Schema does, not UTF-16 units.
    if (node.minLength !== undefined || node.maxLength !== undefined) {
      const length = /[\uD800-\uDFFF]/.test(value) ? [...value].length : value.length;
      if (node.minLength !== undefined && length < node.minLength) this.report(`must have at least ${node.minLength} characters, got ${length}`);
      if (node.maxLength !== undefined && length > node.maxLength) this.report(`must have at most ${node.maxLength} characters, got ${length}`);
    }
    if (node.pattern !== undefined && !node.pattern.test(value)) {
      if (node.source.pattern === FILE_ID_PATTERN) this.report(`must be a file id (file-local-<uuid>), as an earlier tool result or the user gave it, got ${describe(value)}`);
      else this.report(`must match the pattern ${node.source.pattern}, got ${describe(value)}`);
    }
    if (node.format !== undefined && !node.format(value)) {
      const format = node.source.format!;
      this.report(`must be a valid ${format} (${ownValue(FORMAT_HINTS, format) ?? format}), got ${describe(value)}`);
    }
  }

  private number(node: Node, value: number): void {
    if (node.minimum !== undefined && value < node.minimum) this.report(`must be at least ${node.minimum}, got ${value}`);
    if (node.maximum !== undefined && value > node.maximum) this.report(`must be at most ${node.maximum}, got ${value}`);
    if (node.exclusiveMinimum !== undefined && value <= node.exclusiveMinimum) this.report(`must be greater than ${node.exclusiveMinimum}, got ${value}`);
    if (node.exclusiveMaximum !== undefined && value >= node.exclusiveMaximum) this.report(`must be less than ${node.exclusiveMaximum}, got ${value}`);
    if (node.multipleOf !== undefined) {
      const quotient = value / node.multipleOf;
      if (Math.abs(quotient - Math.round(quotient)) > 1e-9) this.report(`must be a multiple of ${node.multipleOf}, got ${value}`);
    }
    if (node.int32 && (value < -2147483648 || value > 2147483647)) this.report(`must fit in 32 bits, got ${value}`);
  }

  private array(node: Node, value: readonly unknown[]): void {
    if (node.minItems !== undefined && value.length < node.minItems) this.report(`must have at least ${node.minItems} items, got ${value.length}`);
    if (node.maxItems !== undefined && value.length > node.maxItems) this.report(`must have at most ${node.maxItems} items, got ${value.length}`);
    if (node.uniqueItems) {
      const duplicate = value.findIndex((item, i) => value.findIndex((other) => deepEqual(item, other)) !== i);
      if (duplicate >= 0) this.report(`must not repeat items; item ${duplicate} repeats an earlier one`);
    }
    const prefix = node.prefixItems;
    for (let i = 0; i < value.length; i++) {
      const item = prefix !== undefined && i < prefix.length ? prefix[i] : node.items;
      if (item !== undefined) this.child(i, item, value[i]);
    }
  }

  private object(node: Node, value: Record<string, unknown>): void {
    const properties = node.properties;
    if (node.required !== undefined) {
      for (const name of node.required) {
        if (value[name] === undefined || !Object.hasOwn(value, name)) {
          this.keys.push(name);
          this.report("is required but missing");
          this.keys.pop();
        }
      }
    }
    const additional = node.additional;
    let unknown: string[] | undefined;
    let count = 0;
    for (const name in value) {
      if (!Object.hasOwn(value, name)) continue;
      const item = value[name];
      if (item === undefined) continue;
      count++;
      const property = properties?.get(name);
      if (property !== undefined) this.child(name, property, item);
      else if (additional === false) (unknown ??= []).push(name);
      else if (additional !== undefined) this.child(name, additional, item);
    }
    if (unknown !== undefined) {
      const allowed = properties ? [...properties.keys()] : [];
      for (const name of unknown) {
        this.keys.push(name);
        this.report(allowed.length ? `is not a known argument here; the allowed ones are ${allowed.join(", ")}` : "is not a known argument; this takes no arguments here");
        this.keys.pop();
      }
    }
    if (node.minProperties !== undefined && count < node.minProperties) this.report(`must have at least ${node.minProperties} properties, got ${count}`);
    if (node.maxProperties !== undefined && count > node.maxProperties) this.report(`must have at most ${node.maxProperties} properties, got ${count}`);
  }

  /**
   * A value matching no alternative. When exactly one alternative admits the value's JSON type,
   * its problems are the useful ones (the model meant that branch); otherwise one summary line.
   */
  private alternatives(alternatives: readonly Node[], value: unknown): void {
    if (alternatives.length === 0) return;
    for (const alternative of alternatives) if (isValidNode(alternative, value)) return;
    const bits = typeBitsOf(value);
    const sameType = alternatives.filter((a) => a.types === 0 || (a.types & bits) !== 0);
    if (sameType.length === 1) {
      this.check(sameType[0]!, value);
      return;
    }
    const shapes = alternatives.map((a) => shapeOf(a.source));
    this.report(`must match one of ${alternatives.length} alternatives (${[...new Set(shapes)].join("; ")}), got ${describe(value)}`);
  }
}

/** The type bits a value has (an integer is also a number). */
function typeBitsOf(value: unknown): number {
  switch (typeof value) {
    case "string":
      return 1;
    case "number":
      return Number.isInteger(value) ? 2 | 4 : Number.isFinite(value) ? 2 : 0;
    case "boolean":
      return 8;
    case "object":
      return value === null ? 16 : Array.isArray(value) ? 32 : 64;
    default:
      return 0;
  }
}

function includesValue(values: readonly unknown[], value: unknown): boolean {
  if (typeof value !== "object" || value === null) return values.includes(value);
  return values.some((e) => deepEqual(e, value));
}

function shapeOf(schema: JsonSchema): string {
  if (schema.enum !== undefined) return `one of ${listValues(schema.enum)}`;
  if (Object.hasOwn(schema, "const")) return JSON.stringify(schema.const);
  const types = typesOf(schema);
  if (types === undefined) return "any value";
  const noun = types.map(typeNoun).join(" or ");
  if (schema.properties !== undefined && schema.required?.length) return `${noun} with ${schema.required.join(", ")}`;
  return noun;
}

function typeNoun(type: JsonSchemaType): string {
  return { string: "a string", number: "a number", integer: "an integer", boolean: "true or false", null: "null", array: "an array", object: "an object" }[type];
}

/** A short rendering of a bad value for a message (long text is cut). */
export function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? "" : "s"}`;
  if (typeof value === "object") return "an object";
  if (typeof value === "string") {
    const shown = value.length > 60 ? `${JSON.stringify(value.slice(0, 57))}…` : JSON.stringify(value);
    return `the string ${shown}`;
  }
  return String(value);
}

function listValues(values: readonly unknown[]): string {
  const shown = values.slice(0, 25).map((v) => JSON.stringify(v));
  return values.length > shown.length ? `${shown.join(", ")}, … (${values.length} in all)` : shown.join(", ");
}

/** `$.a`, `$.a[0]`, `$["not an identifier"]`. */
export function childPath(path: string, key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

// Patterns come from the description; one bad pattern must not make a tool uncallable, so a
// pattern JavaScript cannot compile is skipped (the server still checks it).
const patterns = new Map<string, RegExp | undefined>();
function patternOf(source: string): RegExp | undefined {
  if (patterns.has(source)) return patterns.get(source);
  let regex: RegExp | undefined;
  try {
    regex = new RegExp(source, "u");
  } catch {
    try {
      regex = new RegExp(source);
    } catch {
      regex = undefined;
    }
  }
  patterns.set(source, regex);
  return regex;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar date in the first ten characters (`YYYY-MM-DD`, shape already checked) exists. */
function validDateAt(text: string): boolean {
  const digit = (i: number) => text.charCodeAt(i) - 48;
  const year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3);
  const month = digit(5) * 10 + digit(6);
  const day = digit(8) * 10 + digit(9);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return month >= 1 && month <= 12 && day >= 1 && day <= days;
}

/**
 * The formats checked: those whose meaning is unambiguous and which models commonly get wrong
 * (a date without its time zone, an e-mail without a domain). Anything else passes.
 */
const FORMAT_CHECKS: Readonly<Record<string, (text: string) => boolean>> = {
  "date-time": (t) => DATE_TIME.test(t) && validDateAt(t),
  date: (t) => DATE.test(t) && validDateAt(t),
  time: (t) => TIME.test(t),
  email: (t) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(t),
  uuid: (t) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(t),
  ipv4: (t) => /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(t),
  uri: (t) => /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/.test(t),
};

const FORMAT_HINTS: Readonly<Record<string, string>> = {
  "date-time": "RFC 3339, e.g. 2024-01-31T09:30:00Z",
  date: "YYYY-MM-DD",
  time: "HH:MM:SS with an optional zone",
  email: "name@example.com",
  uuid: "8-4-4-4-12 hex digits",
  ipv4: "four numbers 0-255 separated by dots",
  uri: "an absolute URI with a scheme, e.g. https://…",
};
