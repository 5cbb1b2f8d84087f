/**
 * The JSON Schema 2020-12 keywords OpenAPI 3.1 brings (contains, not, if/then/else,
 * dependentRequired/dependentSchemas, prefixItems, propertyNames, patternProperties,
 * unevaluated*, contentSchema), one level deep, for compare-views.ts.
 */
import type { AddChange, ChildEdge } from "./local-comparison.js";
import type { Polarity, SchemaChangeKind } from "./schema-change.js";
import type { SchemaView } from "./schema-view.js";

/**
 * JSON Schema 2020-12 keywords (OpenAPI 3.1). A keyword that appears constrains (judged like a
 * bound set), one that disappears frees; where both sides have it, its subschemas are child pairs
 * judged by the same rules, except under `not` (the direction flips) and `if` (either way).
 */
export function compareKeywords2020(a: SchemaView, b: SchemaView, add: AddChange, children: ChildEdge[]): void {
  const keyword = (
    name: "contains" | "not" | "propertyNames" | "unevaluatedProperties" | "unevaluatedItems" | "contentSchema" | "then" | "else",
    added: SchemaChangeKind,
    removed: SchemaChangeKind,
    polarity?: Polarity,
  ) => {
    const x = a[name];
    const y = b[name];
    if (x === undefined && y === undefined) return;
    if (x === undefined) add(added);
    else if (y === undefined) add(removed);
    else children.push({ segment: name, old: x, new: y, ...(polarity ? { polarity } : {}) });
  };
  keyword("contains", "contains-added", "contains-removed");
  keyword("not", "not-added", "not-removed", "negated");
  keyword("propertyNames", "property-names-added", "property-names-removed");
  keyword("unevaluatedProperties", "unevaluated-properties-added", "unevaluated-properties-removed");
  keyword("unevaluatedItems", "unevaluated-items-added", "unevaluated-items-removed");
  keyword("contentSchema", "content-schema-added", "content-schema-removed");
  // then/else mean nothing without if: an if appearing or going takes its branches with it.
  const conditional = (v: SchemaView) => v.if !== undefined && (v.then !== undefined || v.else !== undefined);
  if (a.if !== undefined && b.if !== undefined) {
    children.push({ segment: "if", old: a.if, new: b.if, polarity: "either" });
    keyword("then", "then-added", "then-removed");
    keyword("else", "else-added", "else-removed");
  } else if (conditional(b) && a.if === undefined) add("if-added");
  else if (conditional(a) && b.if === undefined) add("if-removed");

  if (a.dependentRequired || b.dependentRequired) {
    const none: ReadonlySet<string> = new Set();
    const names = new Set([...(a.dependentRequired?.keys() ?? []), ...(b.dependentRequired?.keys() ?? [])]);
    for (const name of names) {
      const was = a.dependentRequired?.get(name) ?? none;
      const is = b.dependentRequired?.get(name) ?? none;
      for (const dependency of is) if (!was.has(dependency)) add("dependent-required-added", { from: name, to: dependency });
      for (const dependency of was) if (!is.has(dependency)) add("dependent-required-removed", { from: name, to: dependency });
    }
  }
  const keyed = (name: "dependentSchemas" | "patternProperties", added: SchemaChangeKind, removed: SchemaChangeKind) => {
    const x = a[name];
    const y = b[name];
    if (!x && !y) return;
    for (const [key, schema] of y ?? []) {
      const old = x?.get(key);
      if (old === undefined) add(added, { to: key });
      else children.push({ segment: `${name}[${key}]`, old, new: schema });
    }
    for (const key of x?.keys() ?? []) if (!y?.has(key)) add(removed, { to: key });
  };
  keyed("dependentSchemas", "dependent-schema-added", "dependent-schema-removed");
  keyed("patternProperties", "pattern-property-added", "pattern-property-removed");

  // prefixItems: position i holds prefixItems[i] where there is one, else what `items` says.
  if (a.prefixItems || b.prefixItems) {
    const length = Math.max(a.prefixItems?.length ?? 0, b.prefixItems?.length ?? 0);
    for (let i = 0; i < length; i++) {
      children.push({
        segment: `prefixItems[${i}]`,
        old: a.prefixItems?.[i] ?? a.items ?? true,
        new: b.prefixItems?.[i] ?? b.items ?? true,
      });
    }
  }
}
