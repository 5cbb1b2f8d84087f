/**
 * Every object of the document that the types are written from: Reference Objects (`$ref`) and
 * schemas alike. Example values, defaults, enums and `x-` extensions are data, not description
 * structure, so a `$ref` or `allOf` inside them is never touched; under a map of names
 * (`properties`, `paths`, `content` …) every key is a name, even `example` or `x-foo`.
 */
import { isDataKey, MAPS_OF_MAPS, NAME_MAPS } from "../description-structure.js";
import { isObject } from "../local-ref.js";

type Json = Record<string, unknown>;

/**
 * Calls `visit` on every object reachable from `document` through description structure, depth
 * first, in key order.
 */
export function forEachDescriptionObject(document: unknown, visit: (node: Json) => void): void {
  if (remembered !== undefined && remembered.root === document) {
    remembered.objects ??= collected(document);
    for (const node of remembered.objects) visit(node);
    return;
  }
  walk(document, visit);
}

/**
 * Runs `run` with the description objects of `root` listed once and reused by every
 * forEachDescriptionObject over it: the types document's steps plan on the model's document nine
 * times and most descriptions (GitHub's among them) need no change, so all nine walks are of one
 * unchanged document (150 ms on GitHub's). Only `root` is remembered, which nothing changes: a
 * step changes a copy.
 */
export function withDescriptionObjectsRemembered<T>(root: unknown, run: () => T): T {
  const outer = remembered;
  remembered = { root };
  try {
    return run();
  } finally {
    remembered = outer;
  }
}

let remembered: { readonly root: unknown; objects?: Json[] } | undefined;

function collected(document: unknown): Json[] {
  const objects: Json[] = [];
  walk(document, (node) => objects.push(node));
  return objects;
}

/** The walk itself allocates nothing per key: two parallel stacks, keys instead of entries. */
function walk(document: unknown, visit: (node: Json) => void): void {
  const nodes: unknown[] = [document];
  // Whether the node on `nodes` at the same depth is a map of names (its values are visited).
  const nameMaps: boolean[] = [false];
  while (nodes.length > 0) {
    const node = nodes.pop();
    const names = nameMaps.pop()!;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) {
        nodes.push(node[i]);
        nameMaps.push(false);
      }
      continue;
    }
    if (!isObject(node)) continue;
    if (!names) visit(node);
    const keys = Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const child = node[key];
      if (typeof child !== "object" || child === null) continue;
      if (!names && isDataKey(key)) continue;
      nodes.push(child);
      // A map of names holds objects to visit; the map itself is not a description object.
      nameMaps.push(!names && (NAME_MAPS.has(key) || MAPS_OF_MAPS.has(key)) && !Array.isArray(child));
    }
  }
}
