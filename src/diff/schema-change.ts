/**
 * What the schema comparison can find between two schemas, independent of where the schema sits
 * (parameter, request body, response) and of the direction. The rule id and level come later
 * (schema-rules.ts), so one comparison of a shared component serves every operation that reaches
 * it, in both directions.
 */

/** Numeric and size bounds. `min`/`max` are `minimum`/`maximum` (oasdiff's naming). */
export const BOUNDS = {
  minimum: { name: "min", lower: true },
  maximum: { name: "max", lower: false },
  exclusiveMinimum: { name: "exclusive-min", lower: true },
  exclusiveMaximum: { name: "exclusive-max", lower: false },
  minLength: { name: "min-length", lower: true },
  maxLength: { name: "max-length", lower: false },
  minItems: { name: "min-items", lower: true },
  maxItems: { name: "max-items", lower: false },
  minProperties: { name: "min-properties", lower: true },
  maxProperties: { name: "max-properties", lower: false },
  minContains: { name: "min-contains", lower: true },
  maxContains: { name: "max-contains", lower: false },
} as const;

export type BoundKeyword = keyof typeof BOUNDS;
export type BoundName = (typeof BOUNDS)[BoundKeyword]["name"];
export type BoundMove = "increased" | "decreased" | "set" | "unset";

/** Whether a bound's move lets fewer values through (narrowing) or more (widening). */
export function boundNarrows(lower: boolean, move: BoundMove): boolean {
  if (move === "set") return true;
  if (move === "unset") return false;
  return lower ? move === "increased" : move === "decreased";
}

export type SchemaChangeKind =
  | "type-changed"
  | "type-generalized"
  | "type-specialized"
  | "format-changed"
  | "format-added"
  | "format-removed"
  | "enum-value-added"
  | "enum-value-removed"
  | "became-enum"
  | "enum-removed"
  | "const-changed"
  | "x-extensible-enum-value-added"
  | "x-extensible-enum-value-removed"
  | `${BoundName}-${BoundMove}`
  | "multiple-of-set"
  | "multiple-of-changed"
  | "multiple-of-unset"
  | "unique-items-set"
  | "unique-items-unset"
  | "pattern-added"
  | "pattern-changed"
  | "pattern-removed"
  | "property-added"
  | "property-removed"
  | "became-required"
  | "became-optional"
  | "became-nullable"
  | "became-not-nullable"
  | "became-read-only"
  | "became-not-read-only"
  | "became-write-only"
  | "became-not-write-only"
  | "default-added"
  | "default-changed"
  | "default-removed"
  | "one-of-added"
  | "one-of-removed"
  | "any-of-added"
  | "any-of-removed"
  | "additional-properties-disallowed"
  | "additional-properties-allowed"
  | "became-deprecated"
  // oneOf judged by whether old values still match exactly one branch (compare-views.ts).
  | "wrapped-in-one-of"
  | "one-of-branches-overlap"
  // JSON Schema 2020-12 (OpenAPI 3.1) keywords appearing or disappearing; their subschemas are
  // compared as child pairs like `items`.
  | "contains-added"
  | "contains-removed"
  | "if-added"
  | "if-removed"
  | "then-added"
  | "then-removed"
  | "else-added"
  | "else-removed"
  | "dependent-required-added"
  | "dependent-required-removed"
  | "dependent-schema-added"
  | "dependent-schema-removed"
  | "property-names-added"
  | "property-names-removed"
  | "pattern-property-added"
  | "pattern-property-removed"
  | "unevaluated-properties-added"
  | "unevaluated-properties-removed"
  | "unevaluated-items-added"
  | "unevaluated-items-removed"
  | "content-schema-added"
  | "content-schema-removed"
  | "not-added"
  | "not-removed"
  // What a change under `not` (direction flipped) or under `if` (either direction) amounts to;
  // schema-rules.ts derives these from the change found there.
  | "not-schema-widened"
  | "not-schema-narrowed"
  | "not-schema-changed"
  | "if-schema-changed";

/**
 * How a change bears on the schema it was found under: `negated` under `not` (an odd number of
 * them), `either` under an `if` (the condition decides between `then` and `else`, so a change
 * there can move values either way). Absent: as found.
 */
export type Polarity = "negated" | "either";

/** The polarity of a child reached through an edge of polarity `edge` from one of `parent`. */
export function composePolarity(parent: Polarity | undefined, edge: Polarity | undefined): Polarity | undefined {
  if (edge === undefined) return parent;
  if (parent === undefined) return edge;
  if (parent === "either" || edge === "either") return "either";
  return undefined; // not inside not
}

export interface SchemaChange {
  readonly kind: SchemaChangeKind;
  /** Property path from the compared root (`[]` is the root itself). */
  readonly path: readonly string[];
  /** Old value (type text, bound, default, …) where it helps the message. */
  readonly from?: unknown;
  /** New value, or the single value added/removed (enum value, oneOf branch). */
  readonly to?: unknown;
  /** For property-added (new side) and property-removed (old side): was it required. */
  readonly required?: boolean;
  /** Set when the change sits under `not` or `if` (see Polarity). */
  readonly polarity?: Polarity;
  /**
   * The change is to a readOnly property itself (added, removed, its requiredness): such a
   * property is not sent (OAS 3.0 §4.7.24, Schema Object readOnly/writeOnly), so no request rule
   * applies. Set by compare-views.ts; changes below such a property schema-graph.ts leaves out.
   */
  readonly readOnly?: true;
  /** The same for a writeOnly property: it never arrives, so no response rule applies. */
  readonly writeOnly?: true;
  /**
   * The pair of schemas (resolved, old and new document) the change was found at, and the pairs
   * above it up to the compared roots: where the change is in each file (finding-places.ts).
   */
  readonly at?: SchemaPairPath;
}

export interface SchemaPairPath {
  readonly old: object;
  readonly new: object;
  readonly parent?: SchemaPairPath;
}

/** Whether a property schema is readOnly / writeOnly (on itself, or one `$ref` away). */
export interface PropertyAccess {
  readonly readOnly: boolean;
  readonly writeOnly: boolean;
}

/** readOnly / writeOnly on either side of a property pair. */
export function eitherAccess(was: PropertyAccess, is: PropertyAccess): PropertyAccess {
  return { readOnly: was.readOnly || is.readOnly, writeOnly: was.writeOnly || is.writeOnly };
}
