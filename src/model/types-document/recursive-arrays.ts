/**
 * A schema that holds itself through an array and nothing else (a JSON value: `oneOf: [string,
 * number, {type: array, items: {$ref: Self}}]`; Vercel's `EdgeConfigItemValue`) is typed by
 * openapi-typescript as `Self: string | number | components["schemas"]["Self"][]`. TypeScript
 * resolves an indexed access in a property's type eagerly, so the property refers to itself and
 * the output does not compile (TS2502). A reference inside an object literal (`{ a: Self }`) is
 * resolved lazily and is fine.
 *
 * Here the model finds, in the graph of component schemas joined by the references that are
 * printed outside any object literal, every cycle, and marks each array on such a cycle. The
 * schema types then name the marked arrays as interfaces (`interface SelfArray extends
 * Array<Self> {}`), whose members TypeScript resolves lazily: the same type, and it compiles.
 */
import { isObject } from "../local-ref.js";
import { componentSchemaName } from "./component-ref.js";
import { subschemasOf } from "./schema-keywords.js";

type Json = Record<string, unknown>;

/** Set to `true` on an array schema that the schema types must name as an interface. */
export const RECURSIVE_ARRAY = "x-toolgen-recursive-array";

/** Keywords whose schemas openapi-typescript prints, outside an object literal, in the type. */
const PRINTED = new Set(["allOf", "anyOf", "oneOf", "items", "prefixItems"]);

interface Edge {
  readonly to: string;
  /** The first array on the way from the component to the reference, if any. */
  readonly array: Json | undefined;
}

export interface RecursionPlan {
  /** Arrays to mark. */
  readonly arrays: readonly Json[];
  /** Components on a cycle through unions or intersections alone, which no array breaks. */
  readonly unbroken: readonly string[];
}

export function planRecursiveArrays(document: Json): RecursionPlan {
  const schemas = isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  const edges = new Map<string, Edge[]>();
  for (const [name, schema] of Object.entries(schemas)) edges.set(name, eagerEdges(schema));
  const cyclic = cyclicComponents(edges);
  if (cyclic.size === 0) return { arrays: [], unbroken: [] };
  const arrays = new Set<Json>();
  const rest = new Map<string, Edge[]>();
  for (const [from, list] of edges) {
    for (const edge of list) {
      const onCycle = cyclic.get(from) !== undefined && cyclic.get(from) === cyclic.get(edge.to);
      if (onCycle && edge.array !== undefined) arrays.add(edge.array);
      else rest.set(from, [...(rest.get(from) ?? []), { to: edge.to, array: undefined }]);
    }
  }
  const unbroken = cyclicComponents(rest);
  return { arrays: [...arrays], unbroken: [...edges.keys()].filter((name) => unbroken.has(name)) };
}

export function markRecursiveArrays(plan: RecursionPlan): void {
  for (const array of plan.arrays) array[RECURSIVE_ARRAY] = true;
}

/** The references printed outside object literals in a component's type. */
function eagerEdges(schema: unknown): Edge[] {
  const found: Edge[] = [];
  const visit = (node: unknown, array: Json | undefined, depth: number): void => {
    if (!isObject(node) || depth > 64) return;
    const target = componentSchemaName(node.$ref);
    if (target !== undefined) {
      found.push({ to: target, array });
      return;
    }
    const isArray = node.type === "array" || (Array.isArray(node.type) && node.type.includes("array"));
    for (const child of subschemasOf(node)) {
      if (!PRINTED.has(child.segments[0]!)) continue;
      visit(child.value, array ?? (isArray && (child.segments[0] === "items" || child.segments[0] === "prefixItems") ? node : undefined), depth + 1);
    }
  };
  visit(schema, undefined, 0);
  return found;
}

/**
 * Components that lie on a cycle, each mapped to its strongly connected component's number
 * (Tarjan's algorithm, iterative so a deep schema graph cannot overflow the stack).
 */
function cyclicComponents(edges: ReadonlyMap<string, readonly Edge[]>): Map<string, number> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const result = new Map<string, number>();
  let counter = 0;
  let component = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      const out = edges.get(frame.node) ?? [];
      if (frame.next < out.length) {
        const to = out[frame.next++]!.to;
        if (!edges.has(to)) continue;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const members: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        members.push(member);
      } while (member !== frame.node);
      const selfLoop = (edges.get(frame.node) ?? []).some((e) => e.to === frame.node);
      if (members.length > 1 || selfLoop) {
        for (const m of members) result.set(m, component);
        component++;
      }
    }
  }
  return result;
}
