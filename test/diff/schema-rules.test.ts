/**
 * Schema rule families, each judged in a request and in a response: the same edit to one shared
 * component is reported once per direction with the direction's level.
 */
import { describe, expect, test } from "vitest";
import { both, diffDocs, doc, lines, ok } from "./support.js";

/** [request level, response level] of the findings with the given kind suffix. */
function judged(before: unknown, after: unknown, kind: string): [string[], string[]] {
  const result = diffDocs(both(before), both(after));
  const of = (direction: string) =>
    result.changes.filter((c) => c.direction === direction && c.id.endsWith(kind)).map((c) => `${c.level} ${c.id}`);
  return [of("request"), of("response")];
}

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: "object", properties, required });

describe("direction-aware schema rules", () => {
  test("enum value added: info in a request, warning in a response (exhaustive switches)", () => {
    const [req, res] = judged(
      obj({ k: { type: "string", enum: ["a"] } }),
      obj({ k: { type: "string", enum: ["a", "b"] } }),
      "enum-value-added",
    );
    expect(req).toEqual(["info request-property-enum-value-added"]);
    expect(res).toEqual(["warning response-property-enum-value-added"]);
  });

  test("enum value removed: breaking in a request, info in a response", () => {
    const [req, res] = judged(
      obj({ k: { type: "string", enum: ["a", "b"] } }),
      obj({ k: { type: "string", enum: ["a"] } }),
      "enum-value-removed",
    );
    expect(req).toEqual(["breaking request-property-enum-value-removed"]);
    expect(res).toEqual(["info response-property-enum-value-removed"]);
  });

  test("became an enum / no longer an enum", () => {
    expect(judged(obj({ k: { type: "string" } }), obj({ k: { type: "string", enum: ["a"] } }), "became-enum")).toEqual([
      ["breaking request-property-became-enum"],
      ["info response-property-became-enum"],
    ]);
    expect(judged(obj({ k: { type: "string", enum: ["a"] } }), obj({ k: { type: "string" } }), "enum-removed")).toEqual([
      ["info request-property-enum-removed"],
      ["warning response-property-enum-removed"],
    ]);
  });

  test("bounds: tightening breaks requests, loosening warns responses, setting a new bound warns requests", () => {
    expect(
      judged(obj({ s: { type: "string", maxLength: 10 } }), obj({ s: { type: "string", maxLength: 5 } }), "max-length-decreased"),
    ).toEqual([["breaking request-property-max-length-decreased"], ["info response-property-max-length-decreased"]]);
    expect(
      judged(obj({ s: { type: "string", maxLength: 5 } }), obj({ s: { type: "string", maxLength: 10 } }), "max-length-increased"),
    ).toEqual([["info request-property-max-length-increased"], ["warning response-property-max-length-increased"]]);
    expect(judged(obj({ n: { type: "integer", minimum: 1 } }), obj({ n: { type: "integer", minimum: 3 } }), "min-increased")).toEqual([
      ["breaking request-property-min-increased"],
      ["info response-property-min-increased"],
    ]);
    expect(judged(obj({ n: { type: "integer" } }), obj({ n: { type: "integer", maximum: 3 } }), "max-set")).toEqual([
      ["warning request-property-max-set"],
      ["info response-property-max-set"],
    ]);
    expect(
      judged(obj({ a: { type: "array", items: {}, minItems: 1 } }), obj({ a: { type: "array", items: {} } }), "min-items-unset"),
    ).toEqual([["info request-property-min-items-unset"], ["warning response-property-min-items-unset"]]);
  });

  test("pattern added, changed, removed", () => {
    expect(judged(obj({ s: { type: "string" } }), obj({ s: { type: "string", pattern: "^a" } }), "pattern-added")).toEqual([
      ["breaking request-property-pattern-added"],
      ["info response-property-pattern-added"],
    ]);
    expect(judged(obj({ s: { type: "string", pattern: "^a" } }), obj({ s: { type: "string", pattern: "^b" } }), "pattern-changed")).toEqual(
      [["warning request-property-pattern-changed"], ["info response-property-pattern-changed"]],
    );
  });

  test("required toggled: became required breaks requests, became optional breaks responses", () => {
    const props = { a: { type: "string" } };
    expect(judged(obj(props), obj(props, ["a"]), "became-required")).toEqual([
      ["breaking request-property-became-required"],
      ["info response-property-became-required"],
    ]);
    expect(judged(obj(props, ["a"]), obj(props), "became-optional")).toEqual([
      ["info request-property-became-optional"],
      ["breaking response-property-became-optional"],
    ]);
  });

  test("property added and removed, by requiredness", () => {
    const result = diffDocs(both(obj({ a: { type: "string" } })), both(obj({ a: { type: "string" }, b: { type: "string" } }, ["b"])));
    expect(lines(result)).toEqual([
      "breaking new-required-request-property POST /s | body application/json b",
      "info response-required-property-added POST /s | response 200 application/json b",
    ]);
    const removed = diffDocs(both(obj({ a: { type: "string" }, b: { type: "string" } }, ["b"])), both(obj({ a: { type: "string" } })));
    expect(lines(removed)).toEqual([
      "breaking request-property-removed POST /s | body application/json b",
      "breaking response-required-property-removed POST /s | response 200 application/json b",
    ]);
    const optionalRemoved = diffDocs(both(obj({ a: { type: "string" }, b: { type: "string" } })), both(obj({ a: { type: "string" } })));
    expect(lines(optionalRemoved)).toContain("warning response-optional-property-removed POST /s | response 200 application/json b");
  });

  test("nullable toggled, in 3.0 (nullable: true) and 3.1 (type: [T, null]) spellings alike", () => {
    expect(judged(obj({ a: { type: "string" } }), obj({ a: { type: "string", nullable: true } }), "became-nullable")).toEqual([
      ["info request-property-became-nullable"],
      ["breaking response-property-became-nullable"],
    ]);
    expect(judged(obj({ a: { type: ["string", "null"] } }), obj({ a: { type: "string" } }), "became-not-nullable")).toEqual([
      ["breaking request-property-became-not-nullable"],
      ["info response-property-became-not-nullable"],
    ]);
    expect(judged(obj({ a: { type: ["string", "null"] } }), obj({ a: { type: "string", nullable: true } }), "nullable")).toEqual([[], []]);
  });

  test("type widened, narrowed, changed (integer is a subset of number)", () => {
    expect(judged(obj({ n: { type: "integer" } }), obj({ n: { type: "number" } }), "type-generalized")).toEqual([
      ["info request-property-type-generalized"],
      ["breaking response-property-type-generalized"],
    ]);
    expect(judged(obj({ n: { type: "number" } }), obj({ n: { type: "integer" } }), "type-specialized")).toEqual([
      ["breaking request-property-type-specialized"],
      ["info response-property-type-specialized"],
    ]);
    expect(judged(obj({ n: { type: "string" } }), obj({ n: { type: "integer" } }), "type-changed")).toEqual([
      ["breaking request-property-type-changed"],
      ["breaking response-property-type-changed"],
    ]);
  });

  test("a type change at the root of a body uses the body rule ids", () => {
    expect(judged({ type: "string" }, { type: "object" }, "type-changed")).toEqual([
      ["breaking request-body-type-changed"],
      ["breaking response-body-type-changed"],
    ]);
  });

  test("oneOf / anyOf branch added and removed, matched by $ref name", () => {
    const extra = { A: { type: "string" }, B: { type: "integer" }, C: { type: "boolean" } };
    const union = (keyword: string, names: string[]) => ({ [keyword]: names.map((n) => ({ $ref: `#/components/schemas/${n}` })) });
    const run = (keyword: string, a: string[], b: string[]) => {
      const result = diffDocs(both(union(keyword, a), extra), both(union(keyword, b), extra));
      return result.changes.map((c) => `${c.level} ${c.id} ${c.message.match(/`([^`]+)`/)?.[1]}`);
    };
    expect(run("oneOf", ["A", "B"], ["A", "B", "C"])).toEqual([
      "breaking response-body-one-of-added C",
      "info request-body-one-of-added C",
    ]);
    expect(run("oneOf", ["A", "B"], ["A"])).toEqual(["breaking request-body-one-of-removed B", "info response-body-one-of-removed B"]);
    expect(run("anyOf", ["A"], ["A", "C"])).toEqual(["breaking response-body-any-of-added C", "info request-body-any-of-added C"]);
  });

  test("a change inside a matched oneOf branch is reported under the branch", () => {
    const extra = { A: obj({ x: { type: "string", enum: ["1"] } }) };
    const before = both({ oneOf: [{ $ref: "#/components/schemas/A" }, { type: "integer" }] }, extra);
    const after = both(
      { oneOf: [{ $ref: "#/components/schemas/A" }, { type: "integer" }] },
      { A: obj({ x: { type: "string", enum: ["1", "2"] } }) },
    );
    expect(lines(diffDocs(before, after))).toEqual([
      "warning response-property-enum-value-added POST /s | response 200 application/json oneOf[A]/x",
      "info request-property-enum-value-added POST /s | body application/json oneOf[A]/x",
    ]);
  });

  test("readOnly / writeOnly", () => {
    expect(judged(obj({ a: { type: "string" } }), obj({ a: { type: "string", readOnly: true } }), "became-read-only")).toEqual([
      ["breaking request-property-became-read-only"],
      ["info response-property-became-read-only"],
    ]);
    expect(judged(obj({ a: { type: "string" } }), obj({ a: { type: "string", writeOnly: true } }), "became-write-only")).toEqual([
      ["info request-property-became-write-only"],
      ["warning response-property-became-write-only"],
    ]);
  });

  test("default changed warns requests (callers that omit it get other behaviour)", () => {
    expect(judged(obj({ a: { type: "integer", default: 1 } }), obj({ a: { type: "integer", default: 2 } }), "default-changed")).toEqual([
      ["warning request-property-default-changed"],
      ["info response-property-default-changed"],
    ]);
  });

  test("format changed, added, removed", () => {
    expect(
      judged(obj({ a: { type: "string", format: "date" } }), obj({ a: { type: "string", format: "date-time" } }), "format-changed"),
    ).toEqual([["warning request-property-format-changed"], ["warning response-property-format-changed"]]);
    expect(judged(obj({ a: { type: "string" } }), obj({ a: { type: "string", format: "uuid" } }), "format-added")).toEqual([
      ["warning request-property-format-added"],
      ["info response-property-format-added"],
    ]);
  });

  test("parameters are requests: a parameter's enum value removed breaks, added is info", () => {
    const withParam = (values: string[]) =>
      doc({
        "/p": {
          get: { operationId: "p", parameters: [{ name: "s", in: "query", schema: { type: "string", enum: values } }], responses: ok() },
        },
      });
    expect(lines(diffDocs(withParam(["a", "b"]), withParam(["a", "c"])))).toEqual([
      "breaking request-parameter-enum-value-removed GET /p | parameter query s",
      "info request-parameter-enum-value-added GET /p | parameter query s",
    ]);
  });

  test("allOf parts are merged: a property moved into an allOf part is not a change", () => {
    const before = both(obj({ a: { type: "string" }, b: { type: "integer" } }, ["a"]), { Base: obj({ a: { type: "string" } }, ["a"]) });
    const after = both(
      { allOf: [{ $ref: "#/components/schemas/Base" }, obj({ b: { type: "integer" } })] },
      { Base: obj({ a: { type: "string" } }, ["a"]) },
    );
    expect(lines(diffDocs(before, after))).toEqual([]);
  });

  test("nothing changed, nothing reported (also across distinct copies of the same document)", () => {
    const a = both(obj({ a: { type: "string", enum: ["x"] }, n: { type: "array", items: { $ref: "#/components/schemas/S" } } }));
    expect(diffDocs(a, a).changes).toEqual([]);
    expect(diffDocs(a, structuredClone(a)).changes).toEqual([]);
  });
});

describe("a request body's own enum, and a pattern deep inside a recursive request schema", () => {
  const post = (schema: unknown) => doc({ "/p": { post: { operationId: "p", requestBody: { required: true, content: { "application/json": { schema } } }, responses: ok() } } });

  test("the body's own enum narrowed or emptied breaks; widened is info", () => {
    const values = (...v: string[]) => post({ type: "string", enum: v });
    expect(lines(diffDocs(values("a", "b"), values("a")))).toEqual(["breaking request-body-enum-value-removed POST /p | body application/json"]);
    expect(lines(diffDocs(values("a"), values("a", "b")))).toEqual(["info request-body-enum-value-added POST /p | body application/json"]);
    expect(lines(diffDocs(values("a", "b"), values()))).toEqual([
      "breaking request-body-enum-value-removed POST /p | body application/json",
      "breaking request-body-enum-value-removed POST /p | body application/json",
    ]);
    expect(lines(diffDocs(values(), values("a", "b")))).toEqual([
      "info request-body-enum-value-added POST /p | body application/json",
      "info request-body-enum-value-added POST /p | body application/json",
    ]);
  });

  test("an enum newly put on the body breaks, also beside a type change (which is reported with it); taken off, it frees", () => {
    const free = post({ type: "string" });
    expect(lines(diffDocs(free, post({ type: "string", enum: ["a"] })))).toEqual(["breaking request-body-became-enum POST /p | body application/json"]);
    expect(lines(diffDocs(post({ type: "string", enum: ["a"] }), free))).toEqual(["info request-body-enum-removed POST /p | body application/json"]);
    const result = diffDocs(free, post({ type: "integer", enum: [1, 2] }));
    expect(lines(result)).toEqual([
      "breaking request-body-became-enum POST /p | body application/json",
      "breaking request-body-type-changed POST /p | body application/json",
    ]);
    expect(result.changes[0]!.message).toBe("the request body is now restricted to `1`, `2`: requests that were valid before can be rejected; check what callers send");
    expect(lines(diffDocs(post({ type: "integer", enum: [1, 2] }), free))).toEqual([
      "breaking request-body-type-changed POST /p | body application/json",
      "info request-body-enum-removed POST /p | body application/json",
    ]);
    // An empty enum accepts nothing at all, and the message says so.
    const emptied = diffDocs(free, post({ type: "string", enum: [] }));
    expect(lines(emptied)).toEqual(["breaking request-body-became-enum POST /p | body application/json"]);
    expect(emptied.changes[0]!.message).toMatch(/^the request body is now restricted to an empty enum \(no value at all\)/);
  });

  test("a pattern added deep inside a self-recursive schema is a request finding on the request body, and info where it is an answer", () => {
    const tree = (extra: Record<string, unknown>) =>
      both(obj({ label: { type: "object", properties: { text: { type: "string", ...extra } } }, children: { type: "array", items: { $ref: "#/components/schemas/S" } } }));
    expect(lines(diffDocs(tree({}), tree({ pattern: "^[a-z]+$" })))).toEqual([
      "breaking request-property-pattern-added POST /s | body application/json label/text",
      "info response-property-pattern-added POST /s | response 200 application/json label/text",
    ]);
    expect(lines(diffDocs(tree({ pattern: "^[a-z]+$" }), tree({})))).toEqual([
      "info request-property-pattern-removed POST /s | body application/json label/text",
      "info response-property-pattern-removed POST /s | response 200 application/json label/text",
    ]);
  });

  test("the same through mutual recursion, with the recursive schema an answer of another operation compared first", () => {
    const schemas = (extra: Record<string, unknown>) => ({
      A: obj({ b: { $ref: "#/components/schemas/B" } }),
      B: obj({ items: { type: "array", items: { $ref: "#/components/schemas/C" } } }),
      C: obj({ leaf: { type: "string", ...extra }, back: { $ref: "#/components/schemas/A" } }),
    });
    const api = (extra: Record<string, unknown>) =>
      doc(
        {
          "/a": { get: { operationId: "readA", responses: ok({ $ref: "#/components/schemas/A" }) } },
          "/b": { post: { operationId: "sendA", requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/A" } } } }, responses: ok() } },
        },
        { components: { schemas: schemas(extra) } },
      );
    expect(lines(diffDocs(api({}), api({ pattern: "^[a-z]+$" })))).toEqual([
      "info response-property-pattern-added GET /a | response 200 application/json b/items/items/leaf",
      "breaking request-property-pattern-added POST /b | body application/json b/items/items/leaf",
    ]);
    expect(lines(diffDocs(api({ pattern: "^[a-z]+$" }), api({})))).toEqual([
      "info response-property-pattern-removed GET /a | response 200 application/json b/items/items/leaf",
      "info request-property-pattern-removed POST /b | body application/json b/items/items/leaf",
    ]);
  });

  test("an unchanged request schema object both documents share still leads to the recursive schema that changed", () => {
    // Documents built in memory, one from the other, share what did not change: here the inline
    // request body. Its $ref's target differs all the same, so the request finding must not be lost
    // while the answer, which names the component directly, reports it.
    const body = { type: "object", properties: { root: { $ref: "#/components/schemas/Node" } } };
    const api = (extra: Record<string, unknown>) =>
      doc(
        {
          "/n": {
            post: {
              operationId: "send",
              requestBody: { required: true, content: { "application/json": { schema: body } } },
              responses: ok({ $ref: "#/components/schemas/Node" }),
            },
          },
        },
        { components: { schemas: { Node: obj({ name: { type: "string", ...extra }, kids: { type: "array", items: { $ref: "#/components/schemas/Node" } } }) } } },
      );
    expect(lines(diffDocs(api({}), api({ pattern: "^[a-z]+$" })))).toEqual([
      "breaking request-property-pattern-added POST /n | body application/json root/name",
      "info response-property-pattern-added POST /n | response 200 application/json name",
    ]);
    expect(lines(diffDocs(api({ pattern: "^[a-z]+$" }), api({})))).toEqual([
      "info request-property-pattern-removed POST /n | body application/json root/name",
      "info response-property-pattern-removed POST /n | response 200 application/json name",
    ]);
  });

  test("a pattern on a readOnly property deep inside (oasdiff's recursive case) has no request finding: the property is not sent", () => {
    const group = (extra: Record<string, unknown>) =>
      both(obj({ data: obj({ created: { type: "string", format: "date-time", readOnly: true, ...extra }, name: { type: "string" } }, ["name"]) }));
    expect(lines(diffDocs(group({}), group({ pattern: "^[a-z]+$" })))).toEqual([
      "info response-property-pattern-added POST /s | response 200 application/json data/created",
    ]);
    // Not read-only, the same pattern is a request finding.
    const writable = (extra: Record<string, unknown>) => both(obj({ data: obj({ created: { type: "string", ...extra } }) }));
    expect(lines(diffDocs(writable({}), writable({ pattern: "^[a-z]+$" })))).toEqual([
      "breaking request-property-pattern-added POST /s | body application/json data/created",
      "info response-property-pattern-added POST /s | response 200 application/json data/created",
    ]);
  });
});
