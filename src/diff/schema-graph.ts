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
 *
 * The walk also carries the polarity of the path (under `not`, under `if`), so that the same pair
 * reached inside and outside a `not` is judged in both ways (schema-rules.ts).
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { compareViews } from "./compare-views.js";
import type { AccessOf, ChildEdge } from "./local-comparison.js";
import { composePolarity, eitherAccess, type Polarity, type PropertyAccess, type SchemaChange, type SchemaPairPath } from "./schema-change.js";
import { narrowsRequest } from "./schema-rules.js";
import { resolveSchema, SchemaViews } from "./schema-view.js";
import { UnchangedRefs } from "./unchanged-refs.js";

interface PairNode {
  readonly old: object;
  readonly new: object;
  changes?: SchemaChange[];
  children?: { readonly segment: string; readonly pair: PairNode; readonly polarity?: Polarity; readonly access?: Access }[];
  /** Whether this pair or anything below it changed; set once its component is finished. */
  dirty?: boolean;
  // Tarjan bookkeeping.
  index?: number;
  low?: number;
  onStack?: boolean;
}

/** Bits: 1 below a readOnly property (no request rule applies), 2 below a writeOnly one (no response rule). */
type Access = number;
const READ_ONLY = 1;
const WRITE_ONLY = 2;

/** How many schema pairs one covers() question may compare before it answers "not certain". */
const COVER_BUDGET = 64;

interface CoverSearch {
  budget: number;
  /** Pairs being checked further up: met again, they are assumed to cover. */
  readonly assumed: Map<object, Set<object>>;
}

/** Changes of a property's own flag, by the access bit they concern. */
const ACCESS_CHANGES: Partial<Record<SchemaChange["kind"], Access>> = {
  "became-read-only": READ_ONLY,
  "became-not-read-only": READ_ONLY,
  "became-write-only": WRITE_ONLY,
  "became-not-write-only": WRITE_ONLY,
};

function accessBits(flags: { readonly readOnly?: boolean; readonly writeOnly?: boolean }): Access {
  return (flags.readOnly ? READ_ONLY : 0) | (flags.writeOnly ? WRITE_ONLY : 0);
}

export class SchemaComparer {
  private readonly oldViews: SchemaViews;
  private readonly newViews: SchemaViews;
  private readonly pairs = new Map<object, Map<object, PairNode>>();
  private readonly unchanged: UnchangedRefs;
  private readonly covered = new Map<object, Map<object, boolean>>();
  private counter = 0;
  private readonly accessOf: AccessOf;

  constructor(
    readonly oldDocument: OpenApiDocument,
    readonly newDocument: OpenApiDocument,
  ) {
    this.oldViews = new SchemaViews(oldDocument);
    this.newViews = new SchemaViews(newDocument);
    this.unchanged = new UnchangedRefs(oldDocument, newDocument);
    this.accessOf = (side, schema) => {
      const [document, views] = side === "old" ? [oldDocument, this.oldViews] : [newDocument, this.newViews];
      const view = views.ofNode(resolveSchema(document, schema));
      // OpenAPI 3.1 allows the flag beside a $ref.
      const raw = typeof schema === "object" && schema !== null ? (schema as PropertyAccess) : undefined;
      return { readOnly: view.readOnly || raw?.readOnly === true, writeOnly: view.writeOnly || raw?.writeOnly === true };
    };
  }

  /**
   * Every change between two (possibly `$ref`) schemas, with paths from these roots, as seen from
   * one side: in a request, readOnly properties are not sent, so nothing about them or below
   * them is a change (OAS 3.0 §4.7.24, Schema Object readOnly/writeOnly), and in a response the
   * same holds for writeOnly ones. Only a property's own flag changing (became-read-only) is
   * still reported.
   */
  compare(oldSchema: unknown, newSchema: unknown, side: "request" | "response" = "request"): SchemaChange[] {
    const root = this.pair(oldSchema, newSchema);
    if (!root) return [];
    this.settle(root);
    if (!root.dirty) return [];
    const hidden: Access = side === "request" ? READ_ONLY : WRITE_ONLY;
    const out: SchemaChange[] = [];
    const report = (change: SchemaChange, path: readonly string[], polarity: Polarity | undefined, at: SchemaPairPath) => {
      const { readOnly: _readOnly, writeOnly: _writeOnly, ...plain } = change;
      out.push({ ...plain, path: path.length === 0 ? change.path : [...path, ...change.path], ...(polarity ? { polarity } : {}), at });
    };
    // Per pair, the polarities it was reached with (a pair can sit both inside and outside a `not`).
    const seen = new Map<PairNode, Set<Polarity | undefined>>([[root, new Set([undefined])]]);
    // Breadth first: every change is reported at the shortest path that reaches it.
    const queue: { node: PairNode; path: readonly string[]; polarity?: Polarity; at: SchemaPairPath }[] = [
      { node: root, path: [], at: { old: root.old, new: root.new } },
    ];
    for (let i = 0; i < queue.length; i++) {
      const { node, path, polarity, at } = queue[i]!;
      for (const change of node.changes!) if ((accessBits(change) & hidden) === 0) report(change, path, polarity, at);
      for (const child of node.children!) {
        const { pair } = child;
        if (!pair.dirty) continue;
        const childPolarity = composePolarity(polarity, child.polarity);
        if (((child.access ?? 0) & hidden) !== 0) {
          // A property hidden on this side: only its flag changing (it became, or stopped being,
          // readOnly) is a change here.
          for (const change of pair.changes!) {
            if (ACCESS_CHANGES[change.kind] === hidden && change.path.length === 0)
              report(change, [...path, child.segment], childPolarity, { old: pair.old, new: pair.new, parent: at });
          }
          continue;
        }
        let reached = seen.get(pair);
        if (!reached) seen.set(pair, (reached = new Set()));
        if (reached.has(childPolarity)) continue;
        reached.add(childPolarity);
        queue.push({
          node: pair,
          path: [...path, child.segment],
          ...(childPolarity ? { polarity: childPolarity } : {}),
          at: { old: pair.old, new: pair.new, parent: at },
        });
      }
    }
    return out;
  }

  /** covers() with no assumptions, remembered (one oneOf can ask the same question for many operations). */
  private coversOnce(oldRaw: unknown, newRaw: unknown): boolean {
    const a = resolveSchema(this.oldDocument, oldRaw);
    const b = resolveSchema(this.newDocument, newRaw);
    let row = this.covered.get(a);
    if (!row) this.covered.set(a, (row = new Map()));
    let answer = row.get(b);
    if (answer === undefined) row.set(b, (answer = this.covers(oldRaw, newRaw)));
    return answer;
  }

  /**
   * Whether the new schema certainly accepts every value the old one accepts, as far as the
   * comparison can tell: nothing found between them, at any depth, narrows a request
   * (schema-rules.ts narrowsRequest). It judges oneOf (compare-views.ts), and errs towards "not
   * certain", which never makes a finding: subschemas under `not` and `if` must be unchanged, a
   * plain schema turned union needs a branch that covers it, and the search gives up after
   * COVER_BUDGET pairs. A pair met again on a cycle is assumed to cover (as for recursive types).
   * Keywords the comparison does not read (`discriminator`, formats' own rules) are not seen.
   */
  private covers(oldRaw: unknown, newRaw: unknown, state: CoverSearch = { budget: COVER_BUDGET, assumed: new Map() }): boolean {
    if (this.same(oldRaw, newRaw)) return true;
    const a = resolveSchema(this.oldDocument, oldRaw);
    const b = resolveSchema(this.newDocument, newRaw);
    let row = state.assumed.get(a);
    if (row?.has(b)) return true;
    if (state.budget-- <= 0) return false;
    if (!row) state.assumed.set(a, (row = new Set()));
    row.add(b);
    const local = compareViews(this.oldViews.ofNode(a), this.newViews.ofNode(b), (o, n) => this.covers(o, n, state), this.accessOf);
    if (local.covering === 0 || local.changes.some(narrowsRequest)) return false;
    // Below a readOnly property nothing is sent: nothing there can reject a request.
    return local.children.every((edge) =>
      (this.edgeAccess(edge) & READ_ONLY) !== 0
        ? true
        : edge.polarity === undefined
          ? this.covers(edge.old, edge.new, state)
          : this.same(edge.old, edge.new),
    );
  }

  /** A property edge's access bits: readOnly / writeOnly on either side (see ChildEdge.property). */
  private edgeAccess(edge: ChildEdge): Access {
    return edge.property ? accessBits(eitherAccess(this.accessOf("old", edge.old), this.accessOf("new", edge.new))) : 0;
  }

  /** Whether both sides are certainly the same schema (so comparing them would find nothing). */
  private same(oldRaw: unknown, newRaw: unknown): boolean {
    return (oldRaw === newRaw && this.oldDocument === this.newDocument) || this.unchanged.same(oldRaw, newRaw);
  }

  /** `undefined` when both sides are certainly the same schema: nothing to compare. */
  private pair(oldRaw: unknown, newRaw: unknown): PairNode | undefined {
    if (this.same(oldRaw, newRaw)) return undefined;
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
    const { changes, children } = compareViews(
      this.oldViews.ofNode(node.old),
      this.newViews.ofNode(node.new),
      (o, n) => this.coversOnce(o, n),
      this.accessOf,
    );
    node.changes = changes;
    node.children = [];
    for (const child of children) {
      const pair = this.pair(child.old, child.new);
      if (!pair) continue;
      const access = this.edgeAccess(child);
      node.children.push({ segment: child.segment, pair, ...(child.polarity ? { polarity: child.polarity } : {}), ...(access ? { access } : {}) });
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
