/**
 * Where a JSON pointer's node sits in YAML text. js-yaml keeps no positions in what it returns,
 * but calls a listener as each node opens and closes; one parse with a listener records, for
 * every mapping, the offset of each key and, for every sequence, of each item. That parse costs
 * about a third more than a plain one (bench/diff-places.mjs), so it runs only when a place in
 * this document is first asked for, never while loading.
 *
 * The index is keyed by the parsed objects themselves, so a pointer that passes through an alias
 * (`*name`) arrives at the anchored node's own text, and a key brought in by a merge (`<<: *base`)
 * is found where the merged mapping writes it. Block and flow style are the same to the listener.
 */
import jsYaml from "js-yaml";

interface MappingPlaces {
  readonly keys: Map<string, number>;
  /** Mappings merged in with `<<`, searched for keys the mapping does not write itself. */
  readonly merged: readonly unknown[];
}

type Places = MappingPlaces | readonly number[];

export class YamlPositions {
  private index?: { readonly root: unknown; readonly places: Map<unknown, Places> };

  constructor(private readonly text: string) {}

  /** The offset of an object member's key, or of a sequence item's first character; 0 for the root. */
  offsetOf(segments: readonly string[]): number | undefined {
    const { root, places } = (this.index ??= buildIndex(this.text));
    let node = root;
    let at = 0;
    for (const segment of segments) {
      const found = memberOf(places, node, segment);
      if (found === undefined) return undefined;
      at = found.offset;
      node = found.node;
    }
    return at;
  }
}

function memberOf(places: Map<unknown, Places>, node: unknown, segment: string): { offset: number; node: unknown } | undefined {
  const entry = places.get(node);
  if (entry === undefined) return undefined;
  if (Array.isArray(entry)) {
    const index = Number(segment);
    const offset = (entry as readonly number[])[index];
    return offset === undefined ? undefined : { offset, node: (node as unknown[])[index] };
  }
  const mapping = entry as MappingPlaces;
  const offset = mapping.keys.get(segment);
  if (offset !== undefined) return { offset, node: (node as Record<string, unknown>)[segment] };
  for (const source of mapping.merged) {
    const found = memberOf(places, source, segment);
    if (found !== undefined) return found;
  }
  return undefined;
}

function buildIndex(text: string): { root: unknown; places: Map<unknown, Places> } {
  const places = new Map<unknown, Places>();
  // Per open node: where its children start in `starts`/`results`, and its own start.
  const bases: number[] = [];
  const opens: number[] = [];
  const starts: number[] = [];
  const results: unknown[] = [];
  const listener = (event: "open" | "close", state: { position: number; kind: string | null; result: unknown }) => {
    if (event === "open") {
      bases.push(starts.length);
      opens.push(state.position);
      return;
    }
    const base = bases.pop()!;
    const start = opens.pop()!;
    // js-yaml opens a second node around a flow collection at the top; the inner one, closed
    // first, is the one whose children are the members.
    if (places.has(state.result)) {
      // Not indexed again.
    } else if (state.kind === "mapping") {
      const keys = new Map<string, number>();
      const merged: unknown[] = [];
      // Children alternate key, value.
      for (let i = base; i < starts.length; i += 2) {
        const key = results[i];
        if (key === "<<") {
          const value = results[i + 1];
          merged.push(...(Array.isArray(value) ? value : [value]));
        } else keys.set(String(key), starts[i]!); // the last of duplicate keys wins, as in the value
      }
      places.set(state.result, { keys, merged });
    } else if (state.kind === "sequence") {
      places.set(state.result, starts.slice(base));
    }
    starts.length = base;
    results.length = base;
    starts.push(start);
    results.push(state.result);
  };
  const root = jsYaml.load(text, { json: true, listener } as jsYaml.LoadOptions);
  return { root, places };
}
