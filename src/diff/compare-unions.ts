/**
 * oneOf and anyOf, one level deep (compare-views.ts calls these). Branches pair up as child edges;
 * branches left over were added or removed. A oneOf is also judged by whether old values still
 * match exactly one branch, as far as Covers can tell: two new branches that each accept an old
 * value make oneOf reject it.
 */
import type { AddChange, ChildEdge, Covers } from "./local-comparison.js";
import { refName, type SchemaView } from "./schema-view.js";

/** The branches of a oneOf (or else an anyOf), raw; `undefined` for a plain schema. */
export function unionOf(view: SchemaView): readonly unknown[] | undefined {
  return view.oneOf ?? view.anyOf;
}

/**
 * A plain schema wrapped in a union, or a union unwrapped to a plain schema: every branch is
 * added (removed). For a wrapping, returns how many new branches (counted up to 2) certainly
 * accept every old value: a value must match exactly one oneOf branch, so when two do, every old
 * value matches both and is rejected.
 */
export function compareWrapping(a: SchemaView, b: SchemaView, covers: Covers, add: AddChange): number | undefined {
  const aUnion = unionOf(a);
  const bUnion = unionOf(b);
  if (bUnion) for (const [label] of branchLabels(bUnion)) add(b.oneOf ? "one-of-added" : "any-of-added", { to: label });
  if (aUnion) for (const [label] of branchLabels(aUnion)) add(a.oneOf ? "one-of-removed" : "any-of-removed", { to: label });
  if (!bUnion) return undefined;
  const covering = countCovering(a.node, bUnion, covers);
  if (b.oneOf && covering >= 2) add("wrapped-in-one-of");
  return covering;
}

/** Two unions: branches paired, added and removed, and a oneOf's new overlaps. */
export function compareUnions(a: SchemaView, b: SchemaView, covers: Covers, add: AddChange, children: ChildEdge[]): void {
  let added: unknown[] = [];
  if (a.oneOf && b.oneOf) added = compareBranches("one-of", a.oneOf, b.oneOf, add, children);
  if (a.anyOf && b.anyOf) compareBranches("any-of", a.anyOf, b.anyOf, add, children);
  if (a.oneOf && !b.oneOf && b.anyOf) compareBranches("any-of", a.oneOf, b.anyOf, add, children);
  if (a.anyOf && !a.oneOf && b.oneOf) added = compareBranches("one-of", a.anyOf, b.oneOf, add, children);
  // A oneOf gained branches, or was an anyOf: an old value that two new branches both accept
  // is now rejected. Approximated (see Covers): an old branch some of whose values match two new
  // branches is found only when each of the two accepts the whole old branch, and branches
  // widened in place (no branch added) are not checked against each other.
  if (b.oneOf && b.oneOf.length >= 2 && (added.length > 0 || !a.oneOf)) {
    for (const [label, branch] of branchLabels(unionOf(a)!)) {
      // In a oneOf that was one already, only an added branch can newly take an old value twice.
      if (a.oneOf && countCovering(branch, added, covers) === 0) continue;
      if (countCovering(branch, b.oneOf, covers) >= 2) add("one-of-branches-overlap", { to: label });
    }
  }
}

/** How many of the branches certainly accept every value of `schema`, counted up to 2. */
function countCovering(schema: unknown, branches: readonly unknown[], covers: Covers): number {
  let count = 0;
  for (const branch of branches) if (covers(schema, branch) && ++count === 2) break;
  return count;
}

/**
 * Branches pair by `$ref` target first (the same named schema), then inline branches by their
 * order among the inline ones; what is left over was added or removed. Returns the added branches.
 */
function compareBranches(
  keyword: "one-of" | "any-of",
  oldBranches: readonly unknown[],
  newBranches: readonly unknown[],
  add: AddChange,
  children: ChildEdge[],
): unknown[] {
  const oldLabels = branchLabels(oldBranches);
  const newLabels = branchLabels(newBranches);
  const name = keyword === "one-of" ? "oneOf" : "anyOf";
  const unmatchedNew = new Map(newLabels);
  const unmatchedOld: [string, unknown][] = [];
  for (const [label, schema] of oldLabels) {
    const partner = unmatchedNew.get(label);
    if (partner !== undefined && refName(schema) !== undefined) {
      children.push({ segment: `${name}[${label}]`, old: schema, new: partner });
      unmatchedNew.delete(label);
    } else {
      unmatchedOld.push([label, schema]);
    }
  }
  const inlineNew = [...unmatchedNew].filter(([, s]) => refName(s) === undefined);
  const stillOld: [string, unknown][] = [];
  for (const [label, schema] of unmatchedOld) {
    const partner = refName(schema) === undefined ? inlineNew.shift() : undefined;
    if (partner) {
      children.push({ segment: `${name}[${partner[0]}]`, old: schema, new: partner[1] });
      unmatchedNew.delete(partner[0]);
    } else {
      stillOld.push([label, schema]);
    }
  }
  for (const [label] of stillOld) add(`${keyword}-removed`, { to: label });
  for (const [label] of unmatchedNew) add(`${keyword}-added`, { to: label });
  return [...unmatchedNew.values()];
}

/** `Dog` for a `$ref` to …/Dog, `#2` for the third (inline) branch. */
function branchLabels(branches: readonly unknown[]): Map<string, unknown> {
  const labels = new Map<string, unknown>();
  branches.forEach((branch, index) => {
    let label = refName(branch) ?? `#${index}`;
    if (labels.has(label)) label = `${label}#${index}`;
    labels.set(label, branch);
  });
  return labels;
}
