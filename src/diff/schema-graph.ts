/**
 * Schema comparison over the graph of (old schema, new schema) pairs.
 *
 * Each pair is compared once (compare-views.ts) and remembers its child pairs. Whether anything
 * changed below a pair is computed once for the whole graph with Tarjan's strongly connected
 * components, so recursive schemas terminate and a large cluster of mutually recursive schemas
 * (Stripe's expandable objects) costs its size, not the number of paths through it. Collecting the
 * changes for one operation then walks only the pairs that changed, each once per operation: a
 * change inside a shared component is reported on every operation that reaches it, at the first
 * (shortest) property path that does.
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { compareViews } from "./compare-views.js";
import type { SchemaChange } from "./schema-change.js";
import { resolveSchema, SchemaViews } from "./schema-view.js";
import { UnchangedRefs } from "./unchanged-refs.js";

interface PairNode {
  readonly old: object;
  readonly new: object;
  changes?: SchemaChange[];
  children?: { readonly segment: string; readonly pair: PairNode }[];
  /** Whether this pair or anything below it changed; set once its component is finished. */
  dirty?: boolean;
  // Tarjan bookkeeping.
  index?: number;
  low?: number;
  onStack?: boolean;
}

export class SchemaComparer {
  private readonly oldViews: SchemaViews;
  private readonly newViews: SchemaViews;
  private readonly pairs = new Map<object, Map<object, PairNode>>();
  private readonly unchanged: UnchangedRefs;
  private counter = 0;

  constructor(
    readonly oldDocument: OpenApiDocument,
    readonly newDocument: OpenApiDocument,
  ) {
    this.oldViews = new SchemaViews(oldDocument);
    this.newViews = new SchemaViews(newDocument);
    this.unchanged = new UnchangedRefs(oldDocument, newDocument);
  }

  /** Every change between two (possibly `$ref`) schemas, with paths from these roots. */
  compare(oldSchema: unknown, newSchema: unknown): SchemaChange[] {
    const root = this.pair(oldSchema, newSchema);
    if (!root) return [];
    this.settle(root);
    if (!root.dirty) return [];
    const out: SchemaChange[] = [];
    const seen = new Set<PairNode>([root]);
    // Breadth first: every change is reported at the shortest path that reaches it.
    const queue: { node: PairNode; path: readonly string[] }[] = [{ node: root, path: [] }];
    for (let i = 0; i < queue.length; i++) {
      const { node, path } = queue[i]!;
      for (const change of node.changes!) out.push(path.length === 0 ? change : { ...change, path: [...path, ...change.path] });
      for (const { segment, pair } of node.children!) {
        if (!pair.dirty || seen.has(pair)) continue;
        seen.add(pair);
        queue.push({ node: pair, path: [...path, segment] });
      }
    }
    return out;
  }

  /** `undefined` when both sides are certainly the same schema: nothing to compare. */
  private pair(oldRaw: unknown, newRaw: unknown): PairNode | undefined {
    if (oldRaw === newRaw && this.oldDocument === this.newDocument) return undefined;
    if (this.unchanged.same(oldRaw, newRaw)) return undefined;
    const a = resolveSchema(this.oldDocument, oldRaw);
    const b = resolveSchema(this.newDocument, newRaw);
    let row = this.pairs.get(a);
    if (!row) this.pairs.set(a, (row = new Map()));
    let node = row.get(b);
    if (!node) row.set(b, (node = { old: a, new: b }));
    return node;
  }

  private expand(node: PairNode): void {
    if (node.children) return;
    const { changes, children } = compareViews(this.oldViews.ofNode(node.old), this.newViews.ofNode(node.new));
    node.changes = changes;
    node.children = [];
    for (const child of children) {
      const pair = this.pair(child.old, child.new);
      if (pair) node.children.push({ segment: child.segment, pair });
    }
  }

  /** Tarjan's SCC algorithm, iterative (deep schemas must not overflow the stack). */
  private settle(root: PairNode): void {
    if (root.dirty !== undefined) return;
    const stack: PairNode[] = [];
    const frames: { node: PairNode; next: number }[] = [];
    const open = (node: PairNode) => {
      this.expand(node);
      node.index = node.low = this.counter++;
      node.onStack = true;
      stack.push(node);
      frames.push({ node, next: 0 });
    };
    open(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const { node } = frame;
      const children = node.children!;
      if (frame.next < children.length) {
        const child = children[frame.next++]!.pair;
        if (child.dirty !== undefined) continue;
        if (child.index === undefined) open(child);
        else if (child.onStack) node.low = Math.min(node.low!, child.index);
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1]?.node;
      if (parent) parent.low = Math.min(parent.low!, node.low!);
      if (node.low !== node.index) continue;
      // `node` roots a component: pop it; it changed if any member changed locally or reaches a
      // changed pair outside the component (those are all settled by now).
      const members: PairNode[] = [];
      let member: PairNode;
      do {
        member = stack.pop()!;
        member.onStack = false;
        members.push(member);
      } while (member !== node);
      const inside = new Set(members);
      const dirty = members.some((m) => m.changes!.length > 0 || m.children!.some((c) => !inside.has(c.pair) && c.pair.dirty === true));
      for (const m of members) m.dirty = dirty;
    }
  }
}
