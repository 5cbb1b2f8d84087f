/**
 * Offsets of JSON pointers' nodes in JSON text, checked against a small parser that records every
 * key's and item's offset and keeps the last of duplicate keys as JSON.parse does: duplicates
 * (plain and spelled with escapes), escaped keys, brackets and quotes inside strings, arrays,
 * containers skipped over before they are asked about, questions in any order, and pointers the
 * text does not have.
 */
import { describe, expect, test } from "vitest";
import { JsonPositions } from "../../src/load/json-positions.js";
import { seededShuffle } from "../support/seeded-random.js";

interface Node {
  /** Key's opening quote, an item's first character, the root's first character. */
  readonly at: number;
  readonly children?: Map<string, Node>;
}

/** Every node of a JSON text by a straightforward recursive descent. */
function reference(text: string): Node {
  let i = 0;
  const space = () => {
    while (/\s/.test(text[i] ?? "x")) i++;
  };
  const string = (): string => {
    const start = i;
    i++;
    while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (at: number): Node => {
    space();
    const c = text[i];
    if (c === "{" || c === "[") {
      const children = new Map<string, Node>();
      i++;
      let index = 0;
      for (space(); text[i] !== "}" && text[i] !== "]"; space()) {
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (c === "[") {
          children.set(String(index++), value(i));
        } else {
          const key = i;
          const name = string();
          space();
          i++; // the colon
          space();
          children.set(name, value(key));
        }
      }
      i++;
      return { at, children };
    }
    if (c === '"') string();
    else while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
    return { at };
  };
  space();
  return value(i);
}

/** Every pointer of the reference tree (as segments) with its offset. */
function pointers(node: Node, path: string[] = [], out: [string[], number][] = []): [string[], number][] {
  out.push([path, node.at]);
  for (const [name, child] of node.children ?? []) pointers(child, [...path, name], out);
  return out;
}

function expectAllPlaced(text: string, order: "document" | "deepest first" | "shuffled" = "document"): void {
  const all = pointers(reference(text));
  const asked =
    order === "document" ? all : order === "deepest first" ? [...all].sort((a, b) => b[0].length - a[0].length) : seededShuffle(all, 7);
  const positions = new JsonPositions(text);
  for (const [segments, at] of asked) expect([segments, positions.offsetOf(segments)]).toEqual([segments, at]);
}

const NESTED = {
  openapi: "3.0.3",
  info: { title: "brackets } ] { [ and \"quotes\" in a string", version: "1", "x-empty": {}, "x-none": [] },
  paths: {
    "/a/{id}": { get: { parameters: [{ name: "id", in: "path" }, { $ref: "#/components/parameters/p" }], responses: { "200": { description: "ok" } } } },
    "/b": { post: { requestBody: { content: { "application/json": { schema: { type: "array", items: { type: [["deep", { deeper: [1, 2, { deepest: true }] }]] } } } } } } },
  },
  components: { schemas: { "a/b~c": { type: "string", enum: ["x", "}", "\\"] }, Pet: { properties: { n: { type: "number", minimum: -1.5e3 } } } } },
};

describe("JsonPositions", () => {
  test("every node of a pretty-printed and of a minified document, asked in document order, deepest first, shuffled", () => {
    for (const text of [JSON.stringify(NESTED, null, 2), JSON.stringify(NESTED), JSON.stringify(NESTED, null, "\t").replace(/\n/g, "\r\n")]) {
      expectAllPlaced(text, "document");
      expectAllPlaced(text, "deepest first");
      expectAllPlaced(text, "shuffled");
    }
  });

  test("deep pointers after shallow ones and shallow after deep, inside containers a skip passed over", () => {
    // Nested deeper than the levels a skip remembers, under a root member that is skipped first.
    const text = JSON.stringify({ first: 1, a: { b: { c: { d: { e: { f: "deep" } } } } }, z: [[[[["deep"]]]]] }, null, 1);
    const shallowFirst = new JsonPositions(text);
    expect(shallowFirst.offsetOf(["z"])).toBe(text.indexOf('"z"'));
    expect(shallowFirst.offsetOf(["a", "b", "c", "d", "e", "f"])).toBe(text.indexOf('"f"'));
    expect(shallowFirst.offsetOf(["z", "0", "0", "0", "0", "0"])).toBe(text.lastIndexOf('"deep"'));
    expect(shallowFirst.offsetOf(["a", "b"])).toBe(text.indexOf('"b"'));
    const deepFirst = new JsonPositions(text);
    expect(deepFirst.offsetOf(["a", "b", "c", "d", "e", "f"])).toBe(text.indexOf('"f"'));
    expect(deepFirst.offsetOf(["a", "b", "c"])).toBe(text.indexOf('"c"'));
    expect(deepFirst.offsetOf(["first"])).toBe(text.indexOf('"first"'));
    expectAllPlaced(text, "shuffled");
  });

  test("duplicate keys: the last one, as JSON.parse keeps, at every level and also when spelled with escapes", () => {
    const text = `{
  "a": {"x": "first a"},
  "b": {"dup": 1, "inner": {"dup": [1]}, "dup": {"kept": true}},
  "a": {"y": "second a", "y": "second y"},
  "c": [{"k": 1, "k": 2}],
  "d": 1,
  "\\u0064": {"escaped": "the last d"}
}`;
    expect((JSON.parse(text) as { d: unknown }).d).toEqual({ escaped: "the last d" });
    const positions = new JsonPositions(text);
    expect(positions.offsetOf(["a"])).toBe(text.indexOf('"a": {"y"'));
    expect(positions.offsetOf(["a", "x"])).toBeUndefined();
    expect(positions.offsetOf(["a", "y"])).toBe(text.indexOf('"y": "second y"'));
    expect(positions.offsetOf(["b", "dup", "kept"])).toBe(text.indexOf('"kept"'));
    expect(positions.offsetOf(["c", "0", "k"])).toBe(text.indexOf('"k": 2'));
    expect(positions.offsetOf(["d"])).toBe(text.indexOf('"\\u0064"'));
    expect(positions.offsetOf(["d", "escaped"])).toBe(text.indexOf('"escaped"'));
    expectAllPlaced(text, "shuffled");
  });

  test("escaped keys are looked up by their value", () => {
    const text = JSON.stringify({ 'quote " and \\ backslash': { "line\nbreak": 1 }, "a/b~c": 2, "é\u2028": 3 });
    const positions = new JsonPositions(text);
    expect(positions.offsetOf(['quote " and \\ backslash', "line\nbreak"])).toBe(text.indexOf('"line\\nbreak"'));
    expect(positions.offsetOf(["a/b~c"])).toBe(text.indexOf('"a/b~c"'));
    expect(positions.offsetOf(["é\u2028"])).toBe(text.indexOf('"é'));
    expectAllPlaced(text, "shuffled");
  });

  test("arrays: items by canonical index only", () => {
    const text = "[10, [20, 21], {\"a\": [30]}, \"]\"]";
    const positions = new JsonPositions(text);
    expect(positions.offsetOf([])).toBe(0);
    expect(positions.offsetOf(["1", "1"])).toBe(text.indexOf("21"));
    expect(positions.offsetOf(["2", "a", "0"])).toBe(text.indexOf("30"));
    expect(positions.offsetOf(["3"])).toBe(text.indexOf('"]"'));
    for (const missing of [["4"], ["01"], ["-"], ["1.0"], ["-1"], ["", "0"], ["1", "2"]]) expect(positions.offsetOf(missing)).toBeUndefined();
  });

  test("pointers the text does not have", () => {
    const text = JSON.stringify({ a: { b: [1] }, s: "text", n: null, o: {} }, null, 2);
    const positions = new JsonPositions(text);
    expect(positions.offsetOf(["nope"])).toBeUndefined();
    expect(positions.offsetOf(["a", "nope"])).toBeUndefined();
    expect(positions.offsetOf(["a", "b", "1"])).toBeUndefined();
    expect(positions.offsetOf(["s", "0"])).toBeUndefined();
    expect(positions.offsetOf(["n", "x"])).toBeUndefined();
    expect(positions.offsetOf(["o", "x"])).toBeUndefined();
    expect(positions.offsetOf(["a", "b", "0", "x"])).toBeUndefined();
    // Still found after the misses.
    expect(positions.offsetOf(["a", "b", "0"])).toBe(text.indexOf("1"));
  });

  test("a large generated document, pretty and minified, every node in shuffled order", () => {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 300; i++) {
      schemas[`S${i}`] = { type: "object", description: `"${"}{".repeat(i % 7)}\\`, properties: { [`p${i}`]: { type: "string", enum: [`${i}`, "]"] }, nested: { items: [{ a: [i] }] } } };
    }
    const document = { paths: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`/r/${i}/{id}`, { get: { operationId: `op${i}` } }])), components: { schemas } };
    expectAllPlaced(JSON.stringify(document, null, 2), "shuffled");
    expectAllPlaced(JSON.stringify(document), "shuffled");
  });
});
