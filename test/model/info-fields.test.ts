/**
 * Empty `info.title` / `info.version` (Temporal, Ory Kratos, Elasticsearch serverless, GoDaddy):
 * accepted with one warning each; the title falls back to a name from the source, the version
 * stays empty (`Title//operationId`). What is not a string or number is refused at its pointer.
 */
import { describe, expect, test } from "vitest";
import { BadInputError } from "../../src/load/bad-input-error.js";
import type { DescriptionSource, LoadedDescription } from "../../src/load/loaded-description.js";
import { resolveSource } from "../../src/load/resolve-source.js";
import { buildModel } from "../../src/model/build-model.js";
import { fallbackTitle } from "../../src/model/info-fields.js";

const ok = { "200": { description: "ok" } };
const FILE: DescriptionSource = { kind: "file", input: "countries.json", documentUrl: "file:///srv/api/ote-godaddy.com/countries.json" };

function load(info: unknown, source: DescriptionSource = FILE, paths: Record<string, unknown> = { "/a": { get: { operationId: "op", responses: ok } } }): LoadedDescription {
  return {
    source,
    document: { openapi: "3.0.3", ...(info !== undefined ? { info } : {}), servers: [{ url: "http://127.0.0.1:1" }], paths },
    openapiVersion: "3.0",
    sha256: "0",
    bytes: 0,
    documents: [],
    inputsSha256: "",
  };
}

describe("fallback title", () => {
  test.each([
    ["/srv/api/ote-godaddy.com/countries.json", "countries"],
    ["/srv/petstore/openapi.yaml", "petstore"],
    ["/srv/petstore/swagger.JSON", "petstore"],
    ["/srv/stripe.com/2020-08-27/openapi.yaml", "stripe.com"],
    ["/srv/kratos/spec/api.json", "kratos"],
    ["/srv/temporal/openapi/v1/index.yml", "temporal"],
    ["/srv/My Tools (beta)/spec.yaml", "My-Tools-beta"],
    ["/srv/单词本.yaml", "单词本"],
    ["/openapi.yaml", "untitled"],
  ])("file %s -> %s", (path, expected) => {
    expect(fallbackTitle(resolveSource(path))).toBe(expected);
  });

  test.each([
    ["http://127.0.0.1:5000", "127.0.0.1-5000"],
    ["https://tools.example.com/wordbook/", "tools.example.com-wordbook"],
    ["https://tools.example.com/api/v2", "tools.example.com"],
    ["https://raw.example.org/o/r/main/specs/pet%20store.yaml", "raw.example.org-pet-store"],
    ["https://example.com/kratos/.well-known/openapi.yaml", "example.com-kratos"],
  ])("address %s -> %s", (input, expected) => {
    expect(fallbackTitle(resolveSource(input))).toBe(expected);
  });

  test("hub:<name> -> the name", () => {
    expect(fallbackTitle(resolveSource("hub:wordbook", {}))).toBe("wordbook");
  });

  test("every fallback is one valid tool-name segment", () => {
    for (const input of ["/a/b c/??.yaml", "http://[::1]:8080/x%2Fy", "/srv/a%2Fb/openapi.yaml", "/srv/#x/spec.json"]) {
      expect(fallbackTitle(resolveSource(input))).toMatch(/^[\p{L}\p{N}_][\p{L}\p{N}._-]*$/u);
    }
  });
});

describe("empty info.title", () => {
  test.each([
    ["empty", { title: "", version: "1.0.0" }, "is empty"],
    ["blank", { title: "  ", version: "1.0.0" }, "is empty"],
    ["missing", { version: "1.0.0" }, "is missing"],
    ["null", { title: null, version: "1.0.0" }, "is missing"],
  ])("%s: accepted, named after the file, one warning at #/info/title", (_name, info, said) => {
    const model = buildModel(load(info));
    expect(model.title).toBe("countries");
    expect(model.titleIsFallback).toBe(true);
    expect(model.operations.map((op) => op.toolName)).toEqual(["countries/1.0.0/op"]);
    expect(model.warnings).toEqual([
      `#/info/title: ${said}; the tools are named "countries/1.0.0/<operationId>" after the file (set info.title to choose the name)`,
    ]);
  });

  test("an address source is named after its host", () => {
    const model = buildModel(load({ title: "", version: "v1" }, resolveSource("http://127.0.0.1:5000/tools")));
    expect(model.operations[0]!.toolName).toBe("127.0.0.1-5000-tools/v1/op");
    expect(model.warnings[0]).toMatch(/after the address/);
  });

  test("a title of its own is kept exactly, with no warning", () => {
    const model = buildModel(load({ title: " Word Book ", version: 2 }));
    expect(model.operations[0]!.toolName).toBe(" Word Book /2/op");
    expect(model.titleIsFallback).toBeUndefined();
    expect(model.warnings).toEqual([]);
  });
});

describe("empty info.version", () => {
  test.each([
    ["empty", { title: "T", version: "" }, "is empty"],
    ["missing", { title: "T" }, "is missing"],
  ])("%s: accepted, tool names T//op, one warning at #/info/version", (_name, info, said) => {
    const model = buildModel(load(info));
    expect(model.version).toBe("");
    expect(model.operations.map((op) => op.toolName)).toEqual(["T//op"]);
    expect(model.warnings).toEqual([`#/info/version: ${said}; tool names have an empty middle segment ("T//<operationId>") and calls send no ?version=`]);
  });

  test("both empty: two warnings, countries//op", () => {
    const model = buildModel(load({ title: "", version: "" }));
    expect(model.operations[0]!.toolName).toBe("countries//op");
    expect(model.warnings).toHaveLength(2);
  });
});

describe("refused: not a string", () => {
  test.each([
    ["title", { title: { en: "T" }, version: "1" }, "#/info/title: info.title must be a string, not an object"],
    ["title", { title: ["T"], version: "1" }, "#/info/title: info.title must be a string, not an array"],
    ["title", { title: true, version: "1" }, "#/info/title: info.title must be a string, not a boolean"],
    ["version", { title: "T", version: { major: 1 } }, "#/info/version: info.version must be a string, not an object"],
    ["version", { title: "T", version: [1, 0] }, "#/info/version: info.version must be a string, not an array"],
  ])("info.%s %j", (_field, info, message) => {
    let error: unknown;
    try {
      buildModel(load(info));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BadInputError);
    expect((error as Error).message).toBe(message);
  });

  test("no info object at all is still refused", () => {
    expect(() => buildModel(load(undefined))).toThrow(/^#\/info: the description has no info object$/);
  });
});

describe("many duplicate operationIds (Temporal has 106)", () => {
  test("100 operations sharing one operationId get unique, deterministic names", () => {
    const paths: Record<string, unknown> = { "/pre": { get: { operationId: "List_5", responses: ok } } };
    for (let i = 0; i < 100; i++) paths[`/v${i}/list`] = { get: { operationId: "List", responses: ok } };
    paths["/post"] = { get: { operationId: "List_2", responses: ok } };
    const build = () => buildModel(load({ title: "T", version: "v1" }, FILE, paths));
    const model = build();
    const ids = model.operations.map((op) => op.toolId);
    expect(new Set(ids).size).toBe(102);
    expect(new Set(model.operations.map((op) => op.functionName)).size).toBe(102);
    expect(new Set(model.operations.map((op) => op.typeName)).size).toBe(102);
    // The first holder keeps the id; later ones count up, skipping ids already taken.
    expect(ids.slice(0, 8)).toEqual(["List_5", "List", "List_2", "List_3", "List_4", "List_6", "List_7", "List_8"]);
    expect(ids[100]).toBe("List_101");
    expect(ids[101]).toBe("List_2_2");
    expect(model.operations[1]!.toolName).toBe("T/v1/List");
    expect(model.warnings.filter((w) => /is used more than once/.test(w))).toHaveLength(100);
    expect(build().operations.map((op) => op.toolName)).toEqual(model.operations.map((op) => op.toolName));
  });
});
