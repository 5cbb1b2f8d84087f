/**
 * Sentences for schema findings: what changed, where, and what it means for code generated from
 * the old description. Values are shown in backticks like oasdiff's messages.
 */
import type { Direction, Level } from "./change.js";
import type { SchemaChange } from "./schema-change.js";
import type { SchemaArea } from "./schema-rules.js";

export interface SchemaPlace {
  readonly area: SchemaArea;
  readonly parameter?: { readonly name: string; readonly in: string };
  readonly status?: string;
}

export function code(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return "`" + text.replaceAll("`", "'") + "`";
}

function list(values: unknown): string {
  return Array.isArray(values) ? values.map(code).join(", ") : code(values);
}

/** "the query parameter `id`", "the request property `data/name`", "the 200 response body". */
export function placeText(place: SchemaPlace, path: readonly string[]): string {
  const property = path.join("/");
  switch (place.area) {
    case "parameter": {
      const p = place.parameter!;
      return path.length === 0 ? `the ${p.in} parameter ${code(p.name)}` : `${code(property)} of the ${p.in} parameter ${code(p.name)}`;
    }
    case "body":
      return path.length === 0 ? "the request body" : `the request property ${code(property)}`;
    case "response":
      return path.length === 0 ? `the ${place.status} response body` : `the response property ${code(property)} (status ${place.status})`;
  }
}

const BOUND_WORDS: Record<string, string> = {
  min: "minimum",
  max: "maximum",
  "exclusive-min": "exclusiveMinimum",
  "exclusive-max": "exclusiveMaximum",
  "min-length": "minLength",
  "max-length": "maxLength",
  "min-items": "minItems",
  "max-items": "maxItems",
  "min-properties": "minProperties",
  "max-properties": "maxProperties",
};

export function schemaMessage(place: SchemaPlace, change: SchemaChange, level: Level): string {
  const where = placeText(place, change.path);
  const direction: Direction = place.area === "response" ? "response" : "request";
  return `${fact(where, change, direction)}${consequence(direction, level, change)}`;
}

function fact(where: string, c: SchemaChange, direction: Direction): string {
  const bound = /^(.*)-(increased|decreased|set|unset)$/.exec(c.kind);
  if (bound && BOUND_WORDS[bound[1]!]) {
    const word = BOUND_WORDS[bound[1]!]!;
    switch (bound[2]) {
      case "set":
        return `${where} now has ${word} ${code(c.to)}`;
      case "unset":
        return `${where} no longer has a ${word} (was ${code(c.from)})`;
      default:
        return `the ${word} of ${where} ${bound[2]} from ${code(c.from)} to ${code(c.to)}`;
    }
  }
  switch (c.kind) {
    case "type-changed":
      return `the type of ${where} changed from ${code(c.from)} to ${code(c.to)}`;
    case "type-generalized":
      return `the type of ${where} widened from ${code(c.from)} to ${code(c.to)}`;
    case "type-specialized":
      return `the type of ${where} narrowed from ${code(c.from)} to ${code(c.to)}`;
    case "format-changed":
      return `the format of ${where} changed from ${code(c.from)} to ${code(c.to)}`;
    case "format-added":
      return `${where} now has the format ${code(c.to)}`;
    case "format-removed":
      return `${where} no longer has the format ${code(c.from)}`;
    case "enum-value-added":
      return `added the enum value ${code(c.to)} to ${where}`;
    case "enum-value-removed":
      return `removed the enum value ${code(c.to)} from ${where}`;
    case "became-enum":
      return `${where} is now restricted to ${list(c.to)}`;
    case "enum-removed":
      return `${where} is no longer restricted to ${list(c.from)}`;
    case "const-changed":
      return `the only allowed value of ${where} changed from ${code(c.from)} to ${code(c.to)}`;
    case "x-extensible-enum-value-added":
      return `added the value ${code(c.to)} to the x-extensible-enum of ${where}`;
    case "x-extensible-enum-value-removed":
      return `removed the value ${code(c.to)} from the x-extensible-enum of ${where}`;
    case "multiple-of-set":
      return `${where} must now be a multiple of ${code(c.to)}`;
    case "multiple-of-changed":
      return `the multipleOf of ${where} changed from ${code(c.from)} to ${code(c.to)}`;
    case "multiple-of-unset":
      return `${where} no longer has to be a multiple of ${code(c.from)}`;
    case "unique-items-set":
      return `the items of ${where} must now be unique`;
    case "unique-items-unset":
      return `the items of ${where} no longer have to be unique`;
    case "pattern-added":
      return `added the pattern ${code(c.to)} to ${where}`;
    case "pattern-changed":
      return `the pattern of ${where} changed from ${code(c.from)} to ${code(c.to)}`;
    case "pattern-removed":
      return `removed the pattern ${code(c.from)} from ${where}`;
    case "property-added":
      return direction === "request"
        ? `added the new ${c.required ? "required" : "optional"} property ${where.replace(/^the (request )?property /, "")} to the request`
        : `added the ${c.required ? "required" : "optional"} property ${where.replace(/^the response property /, "")} to the response`;
    case "property-removed":
      return `removed the ${c.required ? "required" : "optional"} ${where.replace(/^the /, "")}`;
    case "became-required":
      return `${where} became required`;
    case "became-optional":
      return `${where} became optional`;
    case "became-nullable":
      return `${where} became nullable`;
    case "became-not-nullable":
      return `${where} is no longer nullable`;
    case "became-read-only":
      return `${where} became read-only`;
    case "became-not-read-only":
      return `${where} is no longer read-only`;
    case "became-write-only":
      return `${where} became write-only`;
    case "became-not-write-only":
      return `${where} is no longer write-only`;
    case "default-added":
      return `${where} now defaults to ${code(c.to)}`;
    case "default-changed":
      return `the default of ${where} changed from ${code(c.from)} to ${code(c.to)}`;
    case "default-removed":
      return `${where} no longer defaults to ${code(c.from)}`;
    case "one-of-added":
      return `added the oneOf branch ${code(c.to)} to ${where}`;
    case "one-of-removed":
      return `removed the oneOf branch ${code(c.to)} from ${where}`;
    case "any-of-added":
      return `added the anyOf branch ${code(c.to)} to ${where}`;
    case "any-of-removed":
      return `removed the anyOf branch ${code(c.to)} from ${where}`;
    case "additional-properties-disallowed":
      return `${where} no longer accepts properties it does not list`;
    case "additional-properties-allowed":
      return `${where} now accepts properties it does not list`;
    case "became-deprecated":
      return `${where} is deprecated`;
    default:
      return `${where}: ${c.kind}`;
  }
}

function consequence(direction: Direction, level: Level, change: SchemaChange): string {
  if (level === "info") return "";
  if (change.kind === "const-changed") {
    return direction === "request"
      ? ": calls that send the old value are rejected, and stop compiling once the client is regenerated"
      : ": the old value no longer arrives, and comparisons with it stop compiling once the client is regenerated";
  }
  if (direction === "request") {
    if (change.kind === "property-removed") return ": callers that still pass it stop compiling against the regenerated client";
    if (change.kind.startsWith("default-")) return ": calls that omit it now get different behaviour";
    return level === "breaking"
      ? ": requests that were valid before can be rejected; check what callers send"
      : ": requests that were valid before may be rejected at run time";
  }
  if (change.kind === "enum-value-added" || change.kind === "enum-removed") {
    return ": exhaustive switches over the generated type miss the new value";
  }
  return level === "breaking"
    ? ": code written against the old output type can break; update what reads it"
    : ": code that reads the old output may see values it does not expect";
}
