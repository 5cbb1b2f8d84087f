/**
 * The JSON pointer of an object of a bundled document, found by identity. The comparison works on
 * the objects themselves (a pair of schemas is a pair of objects); where a finding is in the file
 * is the pointer of such an object, searched breadth-first from an object whose pointer is known
 * (the operation, or the schema above it), following `$ref`s, so a schema reached through a
 * reference is named where it is written (`#/components/schemas/Pet`), not where it is used.
 * Every object passed on the way is remembered: the searches of one diff share their work.
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { encodePointerSegment } from "../load/json-pointer.js";
import { getPointer } from "../model/local-ref.js";

/** How many objects one search may visit before it gives up (a place is then named less exactly). */
const SEARCH_BUDGET = 20_000;

/** Literal data: no schema or structural object the diff names is ever inside it. */
const DATA_KEYS = new Set(["example", "examples", "default", "enum", "const", "x-examples"]);

export class NodePointers {
  private readonly known = new WeakMap<object, string>();
  /** Objects a whole search did not find (a stand-in for a missing schema is in no document). */
  private readonly missing = new WeakSet<object>();

  constructor(private readonly document: OpenApiDocument) {}

  /** `#/…` pointer of `target`, searched from `from`, which sits at `fromPointer`. */
  find(target: object, from: unknown, fromPointer: string): string | undefined {
    const known = this.known.get(target);
    if (known !== undefined) return known;
    if (this.missing.has(target)) return undefined;
    const visited = new Set<object>();
    const queue: [unknown, string][] = [[from, fromPointer]];
    for (let i = 0; i < queue.length && visited.size < SEARCH_BUDGET; i++) {
      const [node, pointer] = queue[i]!;
      if (typeof node !== "object" || node === null || visited.has(node)) continue;
      visited.add(node);
      if (!this.known.has(node)) this.known.set(node, pointer);
      if (node === target) return pointer;
      if (Array.isArray(node)) {
        node.forEach((item, index) => queue.push([item, `${pointer}/${index}`]));
        continue;
      }
      const record = node as Record<string, unknown>;
      if (typeof record.$ref === "string" && record.$ref.startsWith("#")) {
        queue.push([getPointer(this.document, record.$ref), record.$ref]);
        continue;
      }
      for (const key of Object.keys(record)) {
        if (!DATA_KEYS.has(key)) queue.push([record[key], `${pointer}/${encodePointerSegment(key)}`]);
      }
    }
    this.missing.add(target);
    return undefined;
  }
}
