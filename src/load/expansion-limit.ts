/**
 * YAML aliases make a parsed document a graph, not a tree: ten levels of ten aliases each (the
 * "billion laughs") are a few hundred bytes of text but a billion nodes to any walker that follows
 * them. Every later stage walks the document, so the expanded size is measured once here, in time
 * proportional to the distinct nodes (sizes are memoised per object), and a document past the
 * limit is refused before anything walks it.
 */
import { BadInputError } from "./bad-input-error.js";
import { MAX_NESTING_DEPTH } from "./nesting-limit.js";

/** ~10x the GitHub description (about 2.4 million nodes). */
export const DEFAULT_MAX_NODES = 25_000_000;

export function checkExpandedSize(document: unknown, where: string, maxNodes = DEFAULT_MAX_NODES): void {
  const sizes = new Map<object, number>();
  const size = (node: unknown, depth: number): number => {
    if (typeof node !== "object" || node === null) return 1;
    const known = sizes.get(node);
    if (known !== undefined) return known;
    // Aliases inside aliases can nest deeper than js-yaml's own limit allows in plain text.
    if (depth > MAX_NESTING_DEPTH) throw new BadInputError(`nests deeper than ${MAX_NESTING_DEPTH} levels (through YAML aliases); refused`, where);
    sizes.set(node, Infinity); // a cycle (only possible through aliases) counts as unbounded
    let total = 1;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      total += size(child, depth + 1);
      if (total > maxNodes) break;
    }
    sizes.set(node, total);
    return total;
  };
  const total = size(document, 0);
  if (total > maxNodes) {
    throw new BadInputError(
      `the description expands to more than ${maxNodes.toLocaleString("en")} nodes (YAML aliases repeated inside each other?); refused`,
      where,
    );
  }
}
