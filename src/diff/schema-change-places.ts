/**
 * Which sides of a schema change have a node to point at, and which keyword inside the schema it
 * is: a type change points at `type` on both sides, an added property at the property on the new
 * side only, a removed enum value at that value on the old side only (an addition exists only in
 * the new file, a removal only in the old one).
 */
import { BOUNDS, type BoundKeyword, type SchemaChange } from "./schema-change.js";

export type Side = "old" | "new";

/** Path inside the schema object of each side where the change is; absent: that side has none. */
export type ChangeSpots = Partial<Record<Side, readonly string[]>>;

const KEYWORD_OF: Record<string, string> = {
  contains: "contains",
  if: "if",
  then: "then",
  else: "else",
  not: "not",
  "property-names": "propertyNames",
  "unevaluated-properties": "unevaluatedProperties",
  "unevaluated-items": "unevaluatedItems",
  "content-schema": "contentSchema",
  "dependent-required": "dependentRequired",
  "dependent-schema": "dependentSchemas",
  "pattern-property": "patternProperties",
  "one-of": "oneOf",
  "any-of": "anyOf",
  format: "format",
  pattern: "pattern",
  default: "default",
  "x-extensible-enum-value": "x-extensible-enum",
};

const BOUND_KEYWORD = new Map(Object.entries(BOUNDS).map(([keyword, { name }]) => [name as string, keyword as BoundKeyword]));

/**
 * `oldNode` and `newNode` are the schema objects the change was found at; the property a change
 * to a property's existence or requiredness names is the last segment of its path.
 */
export function changeSpots(change: SchemaChange, oldNode: object, newNode: object): ChangeSpots {
  const name = change.path.at(-1) ?? "";
  const both = (...keyword: string[]): ChangeSpots => ({ old: keyword, new: keyword });
  switch (change.kind) {
    case "property-added":
      return { new: ["properties", name] };
    case "property-removed":
      return { old: ["properties", name] };
    case "became-required":
      return { old: ["properties", name], new: listEntry(newNode, "required", name) };
    case "became-optional":
      return { old: listEntry(oldNode, "required", name), new: ["properties", name] };
    case "type-changed":
    case "type-generalized":
    case "type-specialized":
      return both("type");
    case "enum-value-added":
      return { new: listEntry(newNode, "enum", change.to) };
    case "enum-value-removed":
      return { old: listEntry(oldNode, "enum", change.to) };
    case "x-extensible-enum-value-added":
      return { new: listEntry(newNode, "x-extensible-enum", change.to) };
    case "x-extensible-enum-value-removed":
      return { old: listEntry(oldNode, "x-extensible-enum", change.to) };
    case "became-enum":
      return { new: ["enum"] };
    case "enum-removed":
      return { old: ["enum"] };
    case "const-changed":
      return { old: oneOfKeys(oldNode, "const", "enum"), new: oneOfKeys(newNode, "const", "enum") };
    case "became-nullable":
    case "became-not-nullable":
      return { old: oneOfKeys(oldNode, "nullable", "type"), new: oneOfKeys(newNode, "nullable", "type") };
    case "became-read-only":
    case "became-not-read-only":
      return both("readOnly");
    case "became-write-only":
    case "became-not-write-only":
      return both("writeOnly");
    case "became-deprecated":
      return { new: ["deprecated"] };
    case "unique-items-set":
      return { new: ["uniqueItems"] };
    case "unique-items-unset":
      return { old: ["uniqueItems"] };
    case "multiple-of-set":
      return { new: ["multipleOf"] };
    case "multiple-of-unset":
      return { old: ["multipleOf"] };
    case "multiple-of-changed":
      return both("multipleOf");
    case "additional-properties-allowed":
    case "additional-properties-disallowed":
      return both("additionalProperties");
    case "one-of-branches-overlap":
      return { new: ["oneOf"] };
    default:
      return bySuffix(change.kind);
  }
}

/** `<keyword>-added` / `-removed` / `-changed`, and bounds: `<bound>-set` / `-unset` / `-increased` / `-decreased`. */
function bySuffix(kind: string): ChangeSpots {
  const match = /^(.*)-(added|removed|changed|set|unset|increased|decreased)$/.exec(kind);
  if (!match) return { old: [], new: [] };
  const [, stem, move] = match as unknown as [string, string, string];
  const keyword = KEYWORD_OF[stem] ?? BOUND_KEYWORD.get(stem);
  if (keyword === undefined) return { old: [], new: [] };
  if (move === "added" || move === "set") return { new: [keyword] };
  if (move === "removed" || move === "unset") return { old: [keyword] };
  return { old: [keyword], new: [keyword] };
}

/** `[keyword, index]` of a value in a list keyword of the schema, else the keyword itself. */
function listEntry(node: object, keyword: string, value: unknown): readonly string[] {
  const list = (node as Record<string, unknown>)[keyword];
  if (!Array.isArray(list)) return [keyword];
  const text = JSON.stringify(value);
  const index = list.findIndex((item) => item === value || JSON.stringify(item) === text);
  return index === -1 ? [keyword] : [keyword, String(index)];
}

/** The first of these keywords the schema writes itself. */
function oneOfKeys(node: object, ...keywords: string[]): readonly string[] {
  return [keywords.find((k) => k in node) ?? keywords[0]!];
}
