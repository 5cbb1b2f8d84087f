/**
 * Sentences for schema findings: what changed, where, and what it means for code generated from
 * the old description. Values are shown in backticks like oasdiff's messages.
 */
import type { Direction, Level } from "./change.js";
import { BOUNDS, type SchemaChange } from "./schema-change.js";
import { directionOf, type SchemaArea } from "./schema-rules.js";

export interface SchemaPlace {
  readonly area: SchemaArea;
  readonly parameter?: { readonly name: string; readonly in: string };
  readonly status?: string;
  /** For `header`: the header's name as the new side writes it (the old side when it was removed). */
  readonly header?: string;
  /** A stream's payload (compare-stream.ts) rather than the response body. */
  readonly stream?: StreamPlace;
  /** For `body`: the method of a GET or HEAD operation, whose body the generated client never sends. */
  readonly unsentBy?: string;
}

export interface StreamPlace {
  /** The payload is an event's `data` (an event stream), not the whole item (JSON lines, sequences). */
  readonly events: boolean;
  /** The event kind (its `event` const), when the payload is compared kind by kind. */
  readonly event?: string;
}

export function code(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return "`" + text.replaceAll("`", "'") + "`";
}

function list(values: unknown): string {
  if (Array.isArray(values) && values.length === 0) return "an empty enum (no value at all)";
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
      if (place.stream) return streamPlaceText(place.status, place.stream, property);
      return path.length === 0 ? `the ${place.status} response body` : `the response property ${code(property)} (status ${place.status})`;
    case "header":
      return path.length === 0
        ? `the header ${code(place.header)} of the ${place.status} response`
        : `${code(property)} of the header ${code(place.header)} (status ${place.status})`;
    case "error":
      return path.length === 0
        ? `the ${place.status} error response body`
        : `the error response property ${code(property)} (status ${place.status})`;
  }
}

/** "the data of the `delta` events of the 200 stream", "the stream property `text` (items of the 200 stream)". */
function streamPlaceText(status: string | undefined, stream: StreamPlace, property: string): string {
  const events = stream.event !== undefined ? `${code(stream.event)} events` : "events";
  if (property === "") return `${stream.events ? `the data of the ${events}` : "each item"} of the ${status} stream`;
  return `the stream property ${code(property)} (${stream.events ? `data of the ${events}` : "items"} of the ${status} stream)`;
}

/** `min-length` -> `minLength`: the keyword a bound's change kind is named after. */
const BOUND_WORDS: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(BOUNDS).map(([keyword, { name }]) => [name, keyword]));

export function schemaMessage(place: SchemaPlace, change: SchemaChange, level: Level): string {
  const where = placeText(place, change.path);
  const direction = directionOf(place.area);
  const reader = place.area === "error" ? `code that reads ${code("e.body")} after ${code(`isToolCallError(e, tool, ${place.status === "default" ? "status" : place.status})`)}` : undefined;
  const unsent = place.unsentBy === undefined ? "" : ` (the generated client sends no ${place.unsentBy} body; this is for the clients that do)`;
  return `${fact(where, change, direction)}${polarityText(change)}${consequence(direction, level, change, reader)}${unsent}`;
}

/** What a change under `not` or `if` does to the schema above it (schema-rules.ts polarizedKind). */
function polarityText(change: SchemaChange): string {
  if (change.polarity === "either") return ", in an `if` condition: values can now meet the other of `then` and `else`";
  if (change.polarity !== "negated") return "";
  return ", under `not`: it changes which values are excluded";
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
        : `added the ${c.required ? "required" : "optional"} property ${where.replace(/^the (error response|response|stream) property /, "")} to the ${where.startsWith("the stream") ? "stream" : where.startsWith("the error") ? "error response" : "response"}`;
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
    case "wrapped-in-one-of":
      return `${where} became a oneOf of which at least two branches accept everything it accepted before, so every old value matches several branches and oneOf rejects it`;
    case "one-of-branches-overlap":
      return `at least two oneOf branches of ${where} accept every value of the old branch ${code(c.to)}, so those values match several branches and oneOf rejects them`;
    case "contains-added":
      return `${where} now has to contain an item matching a \`contains\` schema`;
    case "contains-removed":
      return `${where} no longer has to contain an item matching its \`contains\` schema`;
    case "if-added":
      return `${where} now has an \`if\` condition with \`then\`/\`else\` branches`;
    case "if-removed":
      return `${where} no longer has its \`if\` condition (nor its \`then\`/\`else\` branches)`;
    case "then-added":
    case "else-added":
    case "then-removed":
    case "else-removed": {
      const [keyword, move] = c.kind.split("-") as [string, string];
      return move === "added" ? `${where} now has an \`${keyword}\` branch` : `${where} no longer has its \`${keyword}\` branch`;
    }
    case "dependent-required-added":
      return `${where} now requires ${code(c.to)} whenever ${code(c.from)} is present`;
    case "dependent-required-removed":
      return `${where} no longer requires ${code(c.to)} whenever ${code(c.from)} is present`;
    case "dependent-schema-added":
      return `${where} now has a schema that applies whenever ${code(c.to)} is present`;
    case "dependent-schema-removed":
      return `${where} no longer has the schema that applied whenever ${code(c.to)} was present`;
    case "property-names-added":
      return `the property names of ${where} now have to match a \`propertyNames\` schema`;
    case "property-names-removed":
      return `the property names of ${where} no longer have to match a \`propertyNames\` schema`;
    case "pattern-property-added":
      return `${where} now constrains properties whose names match ${code(c.to)}`;
    case "pattern-property-removed":
      return `${where} no longer constrains properties whose names match ${code(c.to)}`;
    case "unevaluated-properties-added":
      return `${where} now constrains (or refuses) properties no other keyword evaluates (\`unevaluatedProperties\`)`;
    case "unevaluated-properties-removed":
      return `${where} no longer constrains properties no other keyword evaluates (\`unevaluatedProperties\`)`;
    case "unevaluated-items-added":
      return `${where} now constrains (or refuses) items no other keyword evaluates (\`unevaluatedItems\`)`;
    case "unevaluated-items-removed":
      return `${where} no longer constrains items no other keyword evaluates (\`unevaluatedItems\`)`;
    case "content-schema-added":
      return `the encoded content of ${where} now has to match a \`contentSchema\``;
    case "content-schema-removed":
      return `the encoded content of ${where} no longer has to match a \`contentSchema\``;
    case "not-added":
      return `${where} now excludes the values of a \`not\` schema`;
    case "not-removed":
      return `${where} no longer excludes the values of its \`not\` schema`;
    default:
      return `${where}: ${c.kind}`;
  }
}

/** `reader`: who reads the value when it is not the generated function's result (an error body). */
function consequence(direction: Direction, level: Level, change: SchemaChange, reader?: string): string {
  if (level === "info") return "";
  // Under `not` or `if` a change only moves which values validate: what is said below of a
  // property leaving the input type, a default or a literal type does not hold there.
  const plain = change.polarity === undefined;
  if (plain && change.kind === "const-changed") {
    return direction === "request"
      ? ": calls that send the old value are rejected, and stop compiling once the client is regenerated"
      : ": the old value no longer arrives, and comparisons with it stop compiling once the client is regenerated";
  }
  if (direction === "request") {
    if (plain && change.kind === "property-removed") return ": callers that still pass it stop compiling against the regenerated client";
    if (plain && change.kind.startsWith("default-")) return ": calls that omit it now get different behaviour";
    return level === "breaking"
      ? ": requests that were valid before can be rejected; check what callers send"
      : ": requests that were valid before may be rejected at run time";
  }
  if (plain && (change.kind === "enum-value-added" || change.kind === "enum-removed")) {
    return ": exhaustive switches over the generated type miss the new value";
  }
  if (reader !== undefined) {
    return level === "breaking"
      ? `: ${reader} can break against the regenerated error type; update it`
      : `: ${reader} may see values it does not expect`;
  }
  return level === "breaking"
    ? ": code written against the old output type can break; update what reads it"
    : ": code that reads the old output may see values it does not expect";
}
