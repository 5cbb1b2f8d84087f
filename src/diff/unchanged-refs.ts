/**
 * A fast path for what did not change, which is nearly everything between two releases: a `$ref`
 * whose target is the same JSON on both sides, and every `$ref` reachable from it likewise, is the
 * same schema (same JSON at every reachable node, same names, so the two graphs are identical). Such pairs are never compared property by property. Without this, diffing GitHub's
 * description against itself walks every schema of every operation.
 *
 * "Reachable" may be cyclic, so unchanged-ness is settled per strongly connected component
 * (Tarjan), as in schema-graph.ts.
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { getPointer, isObject } from "../model/local-ref.js";

interface RefInfo {
  /** Whether the target is the same JSON on both sides, `$ref` strings compared as strings. */
  readonly locallySame: boolean;
  /** `$ref`s inside the target (meaningful when locallySame). */
  readonly refs: readonly string[];
}

interface RefNode {
  readonly ref: string;
  same?: boolean;
  index?: number;
  low?: number;
  onStack?: boolean;
}

/**
 * Deep JSON equality that collects the `$ref` strings it passes, also inside an object both sides
 * share. Stops at the first difference (the refs are then incomplete, which does not matter: the
 * node is changed anyway). Walking both trees at once allocates nothing, unlike comparing
 * JSON.stringify texts.
 */
export function sameJson(a: unknown, b: unknown, refs: string[]): boolean {
  if (a === b) {
    // One object shared by both documents (documents built in memory, one from the other): the
    // same here, but a `$ref` inside may point at a target that differs between them.
    if (typeof a === "object" && a !== null) collectRefs(a, refs, new Set());
    return true;
  }
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i], refs)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const key in x) {
    if (!Object.hasOwn(x, key)) continue;
    count++;
    if (!Object.hasOwn(y, key)) return false;
    const value = x[key];
    if (key === "$ref" && typeof value === "string") {
      if (value !== y[key]) return false;
      refs.push(value);
    } else if (!sameJson(value, y[key], refs)) return false;
  }
  for (const key in y) if (Object.hasOwn(y, key)) count--;
  return count === 0;
}

/** Every `$ref` string inside a JSON value (a shared subtree can be reached twice: walked once). */
function collectRefs(value: object, refs: string[], walked: Set<object>): void {
  if (walked.has(value)) return;
  walked.add(value);
  if (Array.isArray(value)) {
    for (const item of value) if (typeof item === "object" && item !== null) collectRefs(item, refs, walked);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key === "$ref" && typeof item === "string") refs.push(item);
    else if (typeof item === "object" && item !== null) collectRefs(item, refs, walked);
  }
}

export class UnchangedRefs {
  private readonly infos = new Map<string, RefInfo>();
  private readonly nodes = new Map<string, RefNode>();
  private counter = 0;

  constructor(
    private readonly oldDocument: OpenApiDocument,
    private readonly newDocument: OpenApiDocument,
  ) {}

  /** True when both raw schemas are certainly the same (so comparing them would find nothing). */
  same(oldRaw: unknown, newRaw: unknown): boolean {
    if (isObject(oldRaw) && isObject(newRaw) && typeof oldRaw.$ref === "string" && typeof newRaw.$ref === "string") {
      return oldRaw.$ref === newRaw.$ref && this.sameRef(oldRaw.$ref);
    }
    const refs: string[] = [];
    return sameJson(oldRaw, newRaw, refs) && refs.every((ref) => this.sameRef(ref));
  }

  private info(ref: string): RefInfo {
    let info = this.infos.get(ref);
    if (!info) {
      const a = getPointer(this.oldDocument, ref);
      const b = getPointer(this.newDocument, ref);
      const refs: string[] = [];
      info = { locallySame: a !== undefined && sameJson(a, b, refs), refs };
      this.infos.set(ref, info);
    }
    return info;
  }

  private node(ref: string): RefNode {
    let node = this.nodes.get(ref);
    if (!node) this.nodes.set(ref, (node = { ref }));
    return node;
  }

  /** Tarjan over the `$ref` graph: a component is the same when every member is locally. */
  private sameRef(ref: string): boolean {
    const root = this.node(ref);
    if (root.same !== undefined) return root.same;
    const stack: RefNode[] = [];
    const frames: { node: RefNode; refs: readonly string[]; next: number }[] = [];
    const open = (node: RefNode) => {
      const info = this.info(node.ref);
      node.index = node.low = this.counter++;
      node.onStack = true;
      stack.push(node);
      // A node that differs locally is changed whatever it points to: no need to follow its refs.
      frames.push({ node, refs: info.locallySame ? info.refs : [], next: 0 });
    };
    open(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      if (frame.next < frame.refs.length) {
        const child = this.node(frame.refs[frame.next++]!);
        if (child.same !== undefined) continue;
        if (child.index === undefined) open(child);
        else if (child.onStack) frame.node.low = Math.min(frame.node.low!, child.index);
        continue;
      }
      frames.pop();
      const { node } = frame;
      const parent = frames[frames.length - 1]?.node;
      if (parent) parent.low = Math.min(parent.low!, node.low!);
      if (node.low !== node.index) continue;
      const members: RefNode[] = [];
      let member: RefNode;
      do {
        member = stack.pop()!;
        member.onStack = false;
        members.push(member);
      } while (member !== node);
      const inside = new Set(members);
      const same = members.every((m) => {
        const info = this.info(m.ref);
        return info.locallySame && info.refs.every((r) => inside.has(this.node(r)) || this.node(r).same === true);
      });
      for (const m of members) m.same = same;
    }
    return root.same!;
  }
}
