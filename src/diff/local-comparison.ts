/**
 * The vocabulary of comparing one pair of schemas one level deep (compare-views.ts and the
 * keyword families it hands on to, compare-unions.ts and compare-keywords-2020.ts): what such a
 * comparison finds, the deeper pairs it leaves to schema-graph.ts, and the questions it may ask
 * schema-graph.ts back.
 */
import type { Polarity, PropertyAccess, SchemaChange, SchemaChangeKind } from "./schema-change.js";

export interface ChildEdge {
  /** Path segment: a property name, `items`, `additionalProperties`, `oneOf[Dog]`, `not`. */
  readonly segment: string;
  readonly old: unknown;
  readonly new: unknown;
  /** `negated` under `not`, `either` under `if`; absent when the child bears on values as it is. */
  readonly polarity?: Polarity;
  /**
   * A property's schema. One that is readOnly (writeOnly) on either side hides everything below
   * it from requests (responses): schema-graph.ts asks, for the edges it follows.
   */
  readonly property?: true;
}

export interface LocalComparison {
  readonly changes: SchemaChange[];
  readonly children: ChildEdge[];
  /**
   * When a plain schema became a union: how many new branches (counted up to 2) certainly accept
   * every value the old schema accepted.
   */
  covering?: number;
}

/**
 * Whether the new schema (raw, in the new document) certainly accepts every value the old one
 * (raw, in the old document) accepts. Supplied by schema-graph.ts.
 */
export type Covers = (oldSchema: unknown, newSchema: unknown) => boolean;

/** Whether a property schema (raw, in the old or the new document) is readOnly / writeOnly. */
export type AccessOf = (side: "old" | "new", schema: unknown) => PropertyAccess;

/** Records a change of the schema compared itself (an empty path). */
export type AddChange = (kind: SchemaChangeKind, extra?: Partial<SchemaChange>) => void;
