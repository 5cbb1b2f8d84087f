/**
 * openapi-typescript's `scanDiscriminators`, run over a view of the document that holds only
 * what it acts on. The scan walks the whole document twice, allocating a new path array at every
 * value (on GitHub's description 110 ms of its own and much of a generation's garbage), but it
 * acts on three kinds of objects only:
 *
 * - objects with a `discriminator` that has a `propertyName` (it records them, and patches the
 *   schemas their `oneOf` and `mapping` name);
 * - objects with an `allOf` list (it records them, and may patch them);
 * - the schemas it patches, which it finds with `resolveRef`: a pointer, then any `$ref` chain.
 *
 * The view has those objects themselves, at their own places, and of every object above them a
 * copy with only the keys that lead to them, in the document's order (arrays keep their length,
 * with holes), so the scan sees the same objects at the same paths in the same order, builds the
 * same result, and patches the same objects. Everything else is left out and never walked.
 */
import type { OpenAPI3, OpenAPITSOptions } from "openapi-typescript";
import { isObject } from "../model/local-ref.js";
import { parseRef, scanDiscriminators } from "./openapi-typescript-transform.js";

type Json = Record<string, unknown>;
type Discriminators = ReturnType<typeof scanDiscriminators>;

/** What the scan would find on `document`; nothing to scan (no discriminator) is answered at once. */
export function scanDiscriminatorsInView(document: Json, options: OpenAPITSOptions): Discriminators {
  const kept = new PathTrie();
  const refs: string[] = [];
  let discriminated = false;
  const path: string[] = [];
  // Depth first like the scan's walk; a path is recorded only for an object it acts on.
  const visit = (node: unknown): void => {
    if (typeof node !== "object" || node === null) return;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        path.push(String(i));
        visit(node[i]);
        path.pop();
      }
      return;
    }
    const object = node as Json;
    const discriminator = object.discriminator;
    const scanned = isObject(discriminator) && Boolean(discriminator.propertyName);
    if (scanned) {
      discriminated = true;
      if (Array.isArray(object.oneOf)) for (const item of object.oneOf) if (isObject(item) && typeof item.$ref === "string") refs.push(item.$ref);
      if (isObject(discriminator.mapping)) for (const ref of Object.values(discriminator.mapping)) if (typeof ref === "string" && ref !== "") refs.push(ref);
    }
    if (scanned || Array.isArray(object.allOf)) kept.addWhole(path);
    for (const key of Object.keys(object)) {
      path.push(key);
      visit(object[key]);
      path.pop();
    }
  };
  visit(document);
  if (!discriminated) return { objects: {}, refsHandled: [] };
  for (const ref of refs) for (const target of resolvedPaths(document, ref)) kept.addWhole(target);
  return scanDiscriminators(kept.view(document) as unknown as OpenAPI3, options);
}

/**
 * The paths `resolveRef` goes through for `ref`: the pointer, then each `$ref` it lands on, as
 * openapi-typescript follows them (a key is followed while its value is truthy).
 */
function resolvedPaths(document: Json, ref: string): string[][] {
  const paths: string[][] = [];
  const seen = new Set<string>();
  let next: string | undefined = ref;
  while (next !== undefined && !seen.has(next)) {
    seen.add(next);
    const pointer = parseRef(next).pointer;
    if (pointer.length === 0) break;
    let node: unknown = document;
    for (const key of pointer) {
      if (typeof node === "object" && node !== null && (node as Json)[key]) node = (node as Json)[key];
      else return paths;
    }
    paths.push(pointer);
    next = isObject(node) && typeof node.$ref === "string" ? node.$ref : undefined;
  }
  return paths;
}

/** Paths into a document, each kept whole below its end; `view` copies what lies above them. */
class PathTrie {
  private readonly root: TrieNode = { children: new Map(), whole: false };

  addWhole(path: readonly string[]): void {
    let node = this.root;
    for (const key of path) {
      if (node.whole) return;
      let child = node.children.get(key);
      if (child === undefined) {
        child = { children: new Map(), whole: false };
        node.children.set(key, child);
      }
      node = child;
    }
    node.whole = true;
    node.children.clear();
  }

  view(document: Json): unknown {
    return viewOf(document, this.root);
  }
}

interface TrieNode {
  readonly children: Map<string, TrieNode>;
  whole: boolean;
}

function viewOf(original: unknown, node: TrieNode): unknown {
  if (node.whole || typeof original !== "object" || original === null) return original;
  if (Array.isArray(original)) {
    const copy: unknown[] = new Array(original.length);
    for (const [key, child] of node.children) {
      const index = Number(key);
      if (Number.isInteger(index) && index >= 0 && index < original.length) copy[index] = viewOf(original[index], child);
    }
    return copy;
  }
  const copy: Json = {};
  // In the original's key order, which is the scan's order.
  for (const key of Object.keys(original)) {
    const child = node.children.get(key);
    if (child !== undefined) copy[key] = viewOf((original as Json)[key], child);
  }
  return copy;
}
