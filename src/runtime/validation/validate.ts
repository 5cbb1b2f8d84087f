/**
 * A small interpreter for the descriptor dialect (json-schema.ts). Validators are not compiled:
 * the schema was already normalised at build time (no `$ref`, one nullable form, numeric
 * exclusive bounds), so walking it directly costs about as much as running compiled code on the
 * small objects models send, and nothing is generated, evaluated or imported at run time (no
 * `new Function`, no ajv). docs/llm-tools.md has the measurements behind this choice.
 *
 * Every problem carries the JSON path of the offending value (`$.items[0].name`) and a message
 * written for a model to act on. Two deliberate leniencies, both documented: `oneOf` is checked as
 * `anyOf` (real descriptions often have overlapping branches the server accepts), and unknown
 * `format`s pass.
 */
import { typesOf, type JsonSchema, type JsonSchemaType } from "./json-schema.js";

export interface ValidationProblem {
  /** JSON path of the value, `$` being the whole arguments object. */
  readonly path: string;
  readonly message: string;
}

/** Stop collecting after this many problems: a model fixes the first ones and retries. */
const MAX_PROBLEMS = 20;

export function validateValue(schema: JsonSchema, value: unknown, path = "$"): ValidationProblem[] {
  const walk = new Walk(path, MAX_PROBLEMS);
  walk.check(schema, value);
  return walk.problems;
}

export function isValid(schema: JsonSchema, value: unknown): boolean {
  const walk = new Walk("$", 1);
  walk.check(schema, value);
  return walk.problems.length === 0;
}

/**
 * One validation. Written for speed on the small objects models send, since it runs on every
 * call: the path is a stack of keys turned into text only when a problem is reported, and a
 * schema node that passes allocates nothing.
 */
class Walk {
  readonly problems: ValidationProblem[] = [];
  private readonly keys: (string | number)[] = [];

  constructor(
    private readonly root: string,
    private readonly limit: number,
  ) {}

  private get full(): boolean {
    return this.problems.length >= this.limit;
  }

  private path(): string {
    let text = this.root;
    for (const key of this.keys) text = typeof key === "number" ? `${text}[${key}]` : childPath(text, key);
    return text;
  }

  private report(message: string): void {
    if (!this.full) this.problems.push({ path: this.path(), message });
  }

  private child(key: string | number, schema: JsonSchema, value: unknown): void {
    this.keys.push(key);
    this.check(schema, value);
    this.keys.pop();
  }

  check(schema: JsonSchema, value: unknown): void {
    if (this.full) return;
    const { type } = schema;
    if (type !== undefined && !matchesType(value, type)) {
      const types = typeof type === "string" ? [type] : type;
      this.report(`must be ${types.map(typeNoun).join(" or ")}, got ${describe(value)}`);
      return;
    }
    if (schema.enum !== undefined && !includesValue(schema.enum, value)) {
      this.report(`must be one of ${listValues(schema.enum)}, got ${describe(value)}`);
      return;
    }
    if ((schema.const !== undefined || Object.hasOwn(schema, "const")) && !deepEqual(schema.const, value)) {
      this.report(`must be ${JSON.stringify(schema.const)}, got ${describe(value)}`);
      return;
    }

    if (typeof value === "string") this.string(schema, value);
    else if (typeof value === "number") this.number(schema, value);
    else if (Array.isArray(value)) this.array(schema, value);
    else if (typeof value === "object" && value !== null) this.object(schema, value as Record<string, unknown>);

    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives !== undefined) this.alternatives(alternatives, value);
    if (schema.allOf !== undefined) for (const part of schema.allOf) this.check(part, value);
    if (schema.not !== undefined && isValid(schema.not, value)) this.report("matches a shape that is not allowed here");
  }

  private string(schema: JsonSchema, value: string): void {
    // Lengths count code points, as JSON Schema does, not UTF-16 units.
    if (schema.minLength !== undefined || schema.maxLength !== undefined) {
      const length = /[\uD800-\uDFFF]/.test(value) ? [...value].length : value.length;
      if (schema.minLength !== undefined && length < schema.minLength) this.report(`must have at least ${schema.minLength} characters, got ${length}`);
      if (schema.maxLength !== undefined && length > schema.maxLength) this.report(`must have at most ${schema.maxLength} characters, got ${length}`);
    }
    if (schema.pattern !== undefined) {
      const regex = patternOf(schema.pattern);
      if (regex !== undefined && !regex.test(value)) this.report(`must match the pattern ${schema.pattern}, got ${describe(value)}`);
    }
    if (schema.format !== undefined) {
      const test = FORMATS[schema.format];
      if (test !== undefined && !test(value)) this.report(`must be a valid ${schema.format} (${FORMAT_HINTS[schema.format] ?? schema.format}), got ${describe(value)}`);
    }
  }

  private number(schema: JsonSchema, value: number): void {
    if (schema.minimum !== undefined && value < schema.minimum) this.report(`must be at least ${schema.minimum}, got ${value}`);
    if (schema.maximum !== undefined && value > schema.maximum) this.report(`must be at most ${schema.maximum}, got ${value}`);
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) this.report(`must be greater than ${schema.exclusiveMinimum}, got ${value}`);
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) this.report(`must be less than ${schema.exclusiveMaximum}, got ${value}`);
    if (schema.multipleOf !== undefined && schema.multipleOf > 0) {
      const quotient = value / schema.multipleOf;
      if (Math.abs(quotient - Math.round(quotient)) > 1e-9) this.report(`must be a multiple of ${schema.multipleOf}, got ${value}`);
    }
    if (schema.format === "int32" && (value < -2147483648 || value > 2147483647)) this.report(`must fit in 32 bits, got ${value}`);
  }

  private array(schema: JsonSchema, value: readonly unknown[]): void {
    if (schema.minItems !== undefined && value.length < schema.minItems) this.report(`must have at least ${schema.minItems} items, got ${value.length}`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) this.report(`must have at most ${schema.maxItems} items, got ${value.length}`);
    if (schema.uniqueItems === true) {
      const duplicate = value.findIndex((item, i) => value.findIndex((other) => deepEqual(item, other)) !== i);
      if (duplicate >= 0) this.report(`must not repeat items; item ${duplicate} repeats an earlier one`);
    }
    const prefix = schema.prefixItems;
    for (let i = 0; i < value.length; i++) {
      const itemSchema = prefix !== undefined && i < prefix.length ? prefix[i] : schema.items;
      if (itemSchema !== undefined) this.child(i, itemSchema, value[i]);
    }
  }

  private object(schema: JsonSchema, value: Record<string, unknown>): void {
    const properties = schema.properties;
    if (schema.required !== undefined) {
      for (const name of schema.required) {
        if (value[name] === undefined || !Object.hasOwn(value, name)) {
          this.keys.push(name);
          this.report("is required but missing");
          this.keys.pop();
        }
      }
    }
    const additional = schema.additionalProperties;
    let unknown: string[] | undefined;
    let count = 0;
    for (const name in value) {
      if (!Object.hasOwn(value, name)) continue;
      const item = value[name];
      if (item === undefined) continue;
      count++;
      const propertySchema = properties !== undefined && Object.hasOwn(properties, name) ? properties[name] : undefined;
      if (propertySchema !== undefined) this.child(name, propertySchema, item);
      else if (additional === false) (unknown ??= []).push(name);
      else if (typeof additional === "object") this.child(name, additional, item);
    }
    if (unknown !== undefined) {
      const allowed = Object.keys(properties ?? {});
      for (const name of unknown) {
        this.keys.push(name);
        this.report(allowed.length ? `is not a known argument here; the allowed ones are ${allowed.join(", ")}` : "is not a known argument; this takes no arguments here");
        this.keys.pop();
      }
    }
    if (schema.minProperties !== undefined && count < schema.minProperties) this.report(`must have at least ${schema.minProperties} properties, got ${count}`);
    if (schema.maxProperties !== undefined && count > schema.maxProperties) this.report(`must have at most ${schema.maxProperties} properties, got ${count}`);
  }

  /**
   * A value matching no alternative. When exactly one alternative admits the value's JSON type,
   * its problems are the useful ones (the model meant that branch); otherwise one summary line.
   */
  private alternatives(alternatives: readonly JsonSchema[], value: unknown): void {
    if (alternatives.length === 0) return;
    for (const alternative of alternatives) if (isValid(alternative, value)) return;
    const sameType = alternatives.filter((a) => a.type === undefined || matchesType(value, a.type));
    if (sameType.length === 1) {
      this.check(sameType[0]!, value);
      return;
    }
    const shapes = alternatives.map(shapeOf);
    this.report(`must match one of ${alternatives.length} alternatives (${[...new Set(shapes)].join("; ")}), got ${describe(value)}`);
  }
}

function matchesType(value: unknown, type: JsonSchemaType | readonly JsonSchemaType[]): boolean {
  if (typeof type === "string") return hasType(value, type);
  for (const t of type) if (hasType(value, t)) return true;
  return false;
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

function hasType(value: unknown, type: JsonSchemaType): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return isPlainObject(value);
  }
}

function typeNoun(type: JsonSchemaType): string {
  return { string: "a string", number: "a number", integer: "an integer", boolean: "true or false", null: "null", array: "an array", object: "an object" }[type];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
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
const FORMATS: Readonly<Record<string, (text: string) => boolean>> = {
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
