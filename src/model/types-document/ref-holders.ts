/**
 * Every object of the document that the types are written from: Reference Objects (`$ref`) and
 * schemas alike. Example values, defaults, enums and `x-` extensions are data, not description
 * structure, so a `$ref` or `allOf` inside them is never touched; under a map of names
 * (`properties`, `paths`, `content` …) every key is a name, even `example` or `x-foo`.
 */
import { isDataKey, MAPS_OF_MAPS, NAME_MAPS } from "../description-structure.js";
import { isObject } from "../local-ref.js";

type Json = Record<string, unknown>;

/** Calls `visit` on every object reachable from `document` through description structure. */
export function forEachDescriptionObject(document: unknown, visit: (node: Json) => void): void {
  const stack: { node: unknown; names: boolean }[] = [{ node: document, names: false }];
  while (stack.length > 0) {
    const { node, names } = stack.pop()!;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], names: false });
      continue;
    }
    if (!isObject(node)) continue;
    if (!names) visit(node);
    const entries = Object.entries(node);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (typeof child !== "object" || child === null) continue;
      if (!names && isDataKey(key)) continue;
      // A map of names holds objects to visit; the map itself is not a description object.
      stack.push({ node: child, names: !names && (NAME_MAPS.has(key) || MAPS_OF_MAPS.has(key)) && !Array.isArray(child) });
    }
  }
}
