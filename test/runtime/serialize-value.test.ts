/**
 * The style table of OpenAPI 3.0.3 §4.7.12.4 ("Style Examples"), row for row: `color` as the
 * string "blue", the array ["blue","black","brown"] and the object {R:100,G:200,B:150}.
 */
import { describe, expect, test } from "vitest";
import type { ParameterStyle } from "../../src/runtime/operation.js";
import { buildUrl } from "../../src/runtime/build-url.js";
import { encodeBody } from "../../src/runtime/encode-body.js";
import type { OperationSpec } from "../../src/runtime/operation.js";
import { deepObjectPairs, encodeStrict, serializeStyled } from "../../src/runtime/serialize-value.js";

const primitive = "blue";
const array = ["blue", "black", "brown"];
const object = { R: 100, G: 200, B: 150 };

const table: [ParameterStyle, boolean, string, string, string][] = [
  ["matrix", false, ";color=blue", ";color=blue,black,brown", ";color=R,100,G,200,B,150"],
  ["matrix", true, ";color=blue", ";color=blue;color=black;color=brown", ";R=100;G=200;B=150"],
  ["label", false, ".blue", ".blue,black,brown", ".R,100,G,200,B,150"],
  ["label", true, ".blue", ".blue.black.brown", ".R=100.G=200.B=150"],
  ["form", false, "color=blue", "color=blue,black,brown", "color=R,100,G,200,B,150"],
  ["form", true, "color=blue", "color=blue&color=black&color=brown", "R=100&G=200&B=150"],
  ["simple", false, "blue", "blue,black,brown", "R,100,G,200,B,150"],
  ["simple", true, "blue", "blue,black,brown", "R=100,G=200,B=150"],
];

describe("style table", () => {
  test.each(table)("%s explode=%s", (style, explode, wantPrimitive, wantArray, wantObject) => {
    const keep = (s: string) => s;
    expect(serializeStyled("color", primitive, style, explode, keep)).toBe(wantPrimitive);
    expect(serializeStyled("color", array, style, explode, keep)).toBe(wantArray);
    expect(serializeStyled("color", object, style, explode, keep)).toBe(wantObject);
  });

  test("spaceDelimited and pipeDelimited arrays", () => {
    expect(serializeStyled("color", array, "spaceDelimited", false, (s) => s)).toBe("color=blue%20black%20brown");
    expect(serializeStyled("color", array, "pipeDelimited", false, (s) => s)).toBe("color=blue|black|brown");
  });

  test("deepObject, with the bracket convention for nesting", () => {
    expect(serializeStyled("color", object, "deepObject", true, (s) => s)).toBe("color[R]=100&color[G]=200&color[B]=150");
    expect(deepObjectPairs("items", [{ price: "p1", quantity: 2 }], encodeStrict)).toEqual(["items[0][price]=p1", "items[0][quantity]=2"]);
    expect(deepObjectPairs("metadata", { "a b": "x&y" }, encodeStrict)).toEqual(["metadata[a%20b]=x%26y"]);
  });

  test("values are percent-encoded, reserved characters included", () => {
    expect(serializeStyled("p", "a b/c?d#e", "simple", false, encodeStrict)).toBe("a%20b%2Fc%3Fd%23e");
    expect(encodeStrict("it's (fine)*!")).toBe("it%27s%20%28fine%29%2A%21");
  });

  test("dates as ISO 8601, null as empty", () => {
    expect(serializeStyled("at", new Date(Date.UTC(2024, 0, 2)), "form", true, encodeStrict)).toBe("at=2024-01-02T00%3A00%3A00.000Z");
    expect(serializeStyled("q", null, "form", true, encodeStrict)).toBe("q=");
  });
});

describe("names of Object.prototype's members are data", () => {
  const op: OperationSpec = {
    tool: "T/1/op",
    method: "POST",
    path: "/things/{constructor}",
    params: [
      { key: "constructor", name: "constructor", in: "path" },
      { key: "valueOf", name: "valueOf", in: "query" },
      { key: "__proto__", name: "__proto__", in: "query" },
      { key: "toString", name: "toString", in: "query", style: "deepObject" },
    ],
    body: { mediaType: "application/json", encoding: "json", key: null, required: true },
    response: "json",
  };

  test("a parameter the input does not own is left out, not taken from the prototype", () => {
    expect(buildUrl("http://h", op, { constructor: "c" }, "1")).toBe("http://h/things/c?version=1");
    expect(() => buildUrl("http://h", op, {}, "1")).toThrow('path parameter "constructor" is required');
    const input = JSON.parse('{"constructor":"c","valueOf":2,"__proto__":"p","toString":{"hasOwnProperty":"h"}}');
    expect(buildUrl("http://h", op, input, "1")).toBe("http://h/things/c?valueOf=2&__proto__=p&toString[hasOwnProperty]=h&version=1");
  });

  test("the body made of the other input keys keeps __proto__ as a property", () => {
    const input = JSON.parse('{"constructor":"c","valueOf":2,"__proto__":{"x":1},"isPrototypeOf":"i"}');
    // constructor and valueOf are parameters; __proto__ is not one here, so it belongs to the body.
    expect(encodeBody({ ...op, params: op.params.slice(0, 2) }, input).body).toBe('{"__proto__":{"x":1},"isPrototypeOf":"i"}');
  });

  test("a body under a key named like a prototype member is the input's own value or nothing", () => {
    const keyed: OperationSpec = { ...op, params: [], body: { mediaType: "application/json", encoding: "json", key: "constructor", required: false } };
    expect(encodeBody(keyed, {})).toEqual({});
    expect(encodeBody(keyed, { constructor: [1] }).body).toBe("[1]");
  });
});
