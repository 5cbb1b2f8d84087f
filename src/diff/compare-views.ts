/**
 * Compares two schema views one level deep: the keywords of the schema itself, and the existence
 * and requiredness of its properties. Everything deeper (a property's own schema, items, union
 * branches) is returned as child edges that schema-graph.ts follows, so each pair of schemas is
 * compared once however many operations reach it. Unions are judged in compare-unions.ts, the
 * JSON Schema 2020-12 keywords in compare-keywords-2020.ts.
 */
import { BOUNDS, eitherAccess, type BoundKeyword, type PropertyAccess, type SchemaChange, type SchemaChangeKind } from "./schema-change.js";
import type { AccessOf, AddChange, ChildEdge, Covers, LocalComparison } from "./local-comparison.js";
import { compareKeywords2020 } from "./compare-keywords-2020.js";
import { compareUnions, compareWrapping, unionOf } from "./compare-unions.js";
import type { SchemaView } from "./schema-view.js";

export function compareViews(a: SchemaView, b: SchemaView, covers: Covers, accessOf: AccessOf): LocalComparison {
  const changes: SchemaChange[] = [];
  const children: ChildEdge[] = [];
  const add: AddChange = (kind, extra = {}) => changes.push({ kind, path: [], ...extra });

  if (a.kind !== "schema" || b.kind !== "schema") {
    // `{}` and `true` (or a missing `items`) both mean any value.
    const untyped = (v: SchemaView) => v.kind === "any" || (v.kind === "schema" && v.types === undefined);
    if (a.kind !== b.kind && !(untyped(a) && untyped(b))) {
      const widened = b.kind === "any" || a.kind === "never";
      add(widened ? "type-generalized" : "type-specialized", { from: typeText(a), to: typeText(b) });
    }
    return { changes, children };
  }

  // A schema wrapped in (or unwrapped from) a union: the branches are the change; comparing the
  // keywords of a union with those of a plain schema would only add noise.
  const aUnion = unionOf(a);
  const bUnion = unionOf(b);
  if ((aUnion === undefined) !== (bUnion === undefined)) {
    const covering = compareWrapping(a, b, covers, add);
    return covering === undefined ? { changes, children } : { changes, children, covering };
  }

  const typeChange = compareTypes(a.types, b.types);
  if (typeChange) {
    add(typeChange, { from: typeText(a), to: typeText(b) });
    // Nothing below an incompatible type change means anything any more, but a closed set of
    // values appearing or going is said beside it (the values themselves no longer compare).
    if (typeChange === "type-changed") {
      compareEnumPresence(a, b, add);
      return { changes, children };
    }
  }

  if (a.format !== b.format) {
    if (a.format === undefined) add("format-added", { to: b.format });
    else if (b.format === undefined) add("format-removed", { from: a.format });
    else add("format-changed", { from: a.format, to: b.format });
  }
  if (a.nullable !== b.nullable) add(b.nullable ? "became-nullable" : "became-not-nullable");

  if (a.enum && b.enum) {
    if (a.enum.size === 1 && b.enum.size === 1 && !a.enum.has(b.enum.keys().next().value!)) {
      // One allowed value replaced by another (`const`, or an enum of one): no old value survives,
      // and the generated literal type changes, so comparisons with the old one stop compiling.
      add("const-changed", { from: a.enum.values().next().value, to: b.enum.values().next().value });
    } else {
      for (const [key, value] of b.enum) if (!a.enum.has(key)) add("enum-value-added", { to: value });
      for (const [key, value] of a.enum) if (!b.enum.has(key)) add("enum-value-removed", { to: value });
    }
  } else compareEnumPresence(a, b, add);
  // x-extensible-enum lists the values accepted today; more may come. Only values dropped or
  // added while both sides have the list are changes (adding or dropping the list is no narrowing).
  if (a.extensibleEnum && b.extensibleEnum) {
    for (const [key, value] of b.extensibleEnum) if (!a.extensibleEnum.has(key)) add("x-extensible-enum-value-added", { to: value });
    for (const [key, value] of a.extensibleEnum) if (!b.extensibleEnum.has(key)) add("x-extensible-enum-value-removed", { to: value });
  }

  for (const keyword of Object.keys(BOUNDS) as BoundKeyword[]) {
    const from = a.bounds[keyword];
    const to = b.bounds[keyword];
    if (from === to) continue;
    const move = from === undefined ? "set" : to === undefined ? "unset" : to > from ? "increased" : "decreased";
    add(`${BOUNDS[keyword].name}-${move}`, { from, to });
  }
  if (a.multipleOf !== b.multipleOf) {
    add(a.multipleOf === undefined ? "multiple-of-set" : b.multipleOf === undefined ? "multiple-of-unset" : "multiple-of-changed", {
      from: a.multipleOf,
      to: b.multipleOf,
    });
  }
  if (a.uniqueItems !== b.uniqueItems) add(b.uniqueItems ? "unique-items-set" : "unique-items-unset");
  if (a.pattern !== b.pattern) {
    if (a.pattern === undefined) add("pattern-added", { to: b.pattern });
    else if (b.pattern === undefined) add("pattern-removed", { from: a.pattern });
    else add("pattern-changed", { from: a.pattern, to: b.pattern });
  }
  if (a.readOnly !== b.readOnly) add(b.readOnly ? "became-read-only" : "became-not-read-only");
  if (a.writeOnly !== b.writeOnly) add(b.writeOnly ? "became-write-only" : "became-not-write-only");
  if (!a.deprecated && b.deprecated) add("became-deprecated");
  if (a.default !== b.default) {
    if (a.default === undefined) add("default-added", { to: parseJson(b.default) });
    else if (b.default === undefined) add("default-removed", { from: parseJson(a.default) });
    else add("default-changed", { from: parseJson(a.default), to: parseJson(b.default) });
  }

  const aClosed = a.additionalProperties === false;
  const bClosed = b.additionalProperties === false;
  if (aClosed !== bClosed) add(bClosed ? "additional-properties-disallowed" : "additional-properties-allowed");
  else if (isSchemaObject(a.additionalProperties) && isSchemaObject(b.additionalProperties)) {
    children.push({ segment: "additionalProperties", old: a.additionalProperties, new: b.additionalProperties });
  }

  // readOnly properties are not sent and writeOnly ones do not arrive (OAS 3.0 §4.7.24, Schema
  // Object readOnly/writeOnly), so a change to one is marked for schema-rules.ts to leave out of
  // that direction; `required` on them "takes effect on the response only" (or the request only).
  // Asked only where a property changes here: most properties of a compared pair do not.
  for (const [name, oldSchema] of a.properties) {
    const newSchema = b.properties.get(name);
    if (newSchema === undefined) {
      changes.push({ kind: "property-removed", path: [name], required: a.required.has(name), ...marks(accessOf("old", oldSchema)) });
      continue;
    }
    const wasRequired = a.required.has(name);
    const isRequired = b.required.has(name);
    // Becoming required matters where the property now takes part; becoming optional, where it did.
    if (wasRequired !== isRequired) {
      const is = accessOf("new", newSchema);
      changes.push(
        isRequired
          ? { kind: "became-required", path: [name], ...marks(is) }
          : { kind: "became-optional", path: [name], ...marks(eitherAccess(accessOf("old", oldSchema), is)) },
      );
    }
    children.push({ segment: name, old: oldSchema, new: newSchema, property: true });
  }
  for (const [name, newSchema] of b.properties) {
    if (a.properties.has(name)) continue;
    changes.push({ kind: "property-added", path: [name], required: b.required.has(name), ...marks(accessOf("new", newSchema)) });
  }
  // `required` names with no property schema on either side (`then: {required: [x]}`).
  for (const name of b.required) {
    if (!a.required.has(name) && !a.properties.has(name) && !b.properties.has(name))
      changes.push({ kind: "became-required", path: [name] });
  }
  for (const name of a.required) {
    if (!b.required.has(name) && !a.properties.has(name) && !b.properties.has(name))
      changes.push({ kind: "became-optional", path: [name] });
  }

  if (a.items !== undefined || b.items !== undefined) {
    // A missing `items` is any item.
    children.push({ segment: "items", old: a.items ?? true, new: b.items ?? true });
  }

  compareKeywords2020(a, b, add, children);
  if (aUnion && bUnion) compareUnions(a, b, covers, add, children);
  return { changes, children };
}

/** An enum where there was none (`became-enum`), or none where there was one (`enum-removed`). */
function compareEnumPresence(a: SchemaView, b: SchemaView, add: AddChange): void {
  if (!a.enum && b.enum) add("became-enum", { to: [...b.enum.values()] });
  else if (a.enum && !b.enum) add("enum-removed", { from: [...a.enum.values()] });
}

/** The marks a change to a property with this access carries (absent when false). */
function marks(access: PropertyAccess): Pick<SchemaChange, "readOnly" | "writeOnly"> {
  return { ...(access.readOnly ? { readOnly: true as const } : {}), ...(access.writeOnly ? { writeOnly: true as const } : {}) };
}

/** `integer` is a subset of `number` (JSON Schema: an integer is a number with no fraction). */
function typesCover(wide: ReadonlySet<string>, narrow: ReadonlySet<string>): boolean {
  for (const t of narrow) if (!wide.has(t) && !(t === "integer" && wide.has("number"))) return false;
  return true;
}

function compareTypes(a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined): SchemaChangeKind | undefined {
  if (!a && !b) return undefined;
  if (!a) return "type-specialized";
  if (!b) return "type-generalized";
  const widens = typesCover(b, a);
  const narrows = typesCover(a, b);
  if (widens && narrows) return undefined;
  if (widens) return "type-generalized";
  if (narrows) return "type-specialized";
  return "type-changed";
}

/** `integer/int32`, `string`, `array<object>`, `any`, like oasdiff's messages. */
function typeText(view: SchemaView): string {
  if (view.kind === "any") return "any";
  if (view.kind === "never") return "nothing";
  if (!view.types || view.types.size === 0) return "any";
  const text = [...view.types].sort().join("|");
  return view.format !== undefined ? `${text}/${view.format}` : text;
}

function isSchemaObject(value: unknown): boolean {
  return typeof value === "object" && value !== null;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined || text === "undefined") return undefined;
  return JSON.parse(text) as unknown;
}
