/**
 * Classes of schema change judged for a caller of the generated client, each in a
 * request and in a response. One component `S` is the POST body and its 200 response, so one
 * edit gives one finding per direction.
 */
import { describe, expect, test } from "vitest";
import { both, diffDocs, doc, lines, ok } from "./support.js";

/** `level id | location` of every finding, request findings first. */
function judged(before: unknown, after: unknown, extra: Record<string, unknown> = {}, openapi = "3.0.3"): string[] {
  const result = diffDocs(both(before, extra, { openapi }), both(after, extra, { openapi }));
  const order = (d: string | undefined) => (d === "request" ? 0 : 1);
  return [...result.changes]
    .sort((x, y) => order(x.direction) - order(y.direction))
    .map((c) => `${c.level} ${c.id}${c.location.property ? ` ${c.location.property}` : ""}`);
}

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: "object", properties, required });
const str = (extra: Record<string, unknown> = {}) => ({ type: "string", ...extra });

describe("an empty pattern is no constraint", () => {
  test("'' -> a pattern is a pattern added (breaking in a request), not a changed one", () => {
    expect(judged(obj({ s: str({ pattern: "" }) }), obj({ s: str({ pattern: "^\\w+$" }) }))).toEqual([
      "breaking request-property-pattern-added s",
      "info response-property-pattern-added s",
    ]);
  });

  test("a pattern -> '' is a pattern removed", () => {
    expect(judged(obj({ s: str({ pattern: "^\\w+$" }) }), obj({ s: str({ pattern: "" }) }))).toEqual([
      "info request-property-pattern-removed s",
      "info response-property-pattern-removed s",
    ]);
  });

  test("'' -> no pattern, and a parameter's '' -> a pattern", () => {
    expect(judged(obj({ s: str({ pattern: "" }) }), obj({ s: str() }))).toEqual([]);
    const param = (pattern: string) =>
      doc({ "/p": { get: { operationId: "p", parameters: [{ name: "q", in: "query", schema: str({ pattern }) }], responses: ok() } } });
    expect(lines(diffDocs(param(""), param("^[a-z]+$")))).toEqual(["breaking request-parameter-pattern-added GET /p | parameter query q"]);
  });
});

describe("x-extensible-enum narrows accepted input like enum", () => {
  const ext = (values: string[]) => str({ "x-extensible-enum": values });

  test("a value removed from a request property breaks; in a response it is info (clients must take unknown values)", () => {
    expect(judged(obj({ k: ext(["a", "b"]) }), obj({ k: ext(["a"]) }))).toEqual([
      "breaking request-property-x-extensible-enum-value-removed k",
      "info response-property-x-extensible-enum-value-removed k",
    ]);
  });

  test("a value added is info both ways", () => {
    expect(judged(obj({ k: ext(["a"]) }), obj({ k: ext(["a", "b"]) }))).toEqual([
      "info request-property-x-extensible-enum-value-added k",
      "info response-property-x-extensible-enum-value-added k",
    ]);
  });

  test("a parameter's value removed breaks, added is info", () => {
    const param = (values: string[]) =>
      doc({ "/p": { get: { operationId: "p", parameters: [{ name: "q", in: "query", schema: ext(values) }], responses: ok() } } });
    expect(lines(diffDocs(param(["a", "b", "c"]), param(["a", "c", "d"])))).toEqual([
      "breaking request-parameter-x-extensible-enum-value-removed GET /p | parameter query q",
      "info request-parameter-x-extensible-enum-value-added GET /p | parameter query q",
    ]);
  });
});

describe("a changed const keeps no old value", () => {
  test("3.1 const in a property: breaking in a request and in a response, not enum value added + removed", () => {
    expect(judged(obj({ k: str({ const: "ok" }) }), obj({ k: str({ const: "success" }) }), {}, "3.1.0")).toEqual([
      "breaking request-property-const-changed k",
      "breaking response-property-const-changed k",
    ]);
  });

  test("the 3.0 spelling (an enum of one value) and a const at the body's root", () => {
    expect(judged(obj({ k: str({ enum: ["ok"] }) }), obj({ k: str({ enum: ["success"] }) }))).toEqual([
      "breaking request-property-const-changed k",
      "breaking response-property-const-changed k",
    ]);
    expect(judged(str({ const: "v1" }), str({ const: "v2" }), {}, "3.1.0")).toEqual([
      "breaking request-body-const-changed",
      "breaking response-body-const-changed",
    ]);
  });

  test("an enum that keeps a value is still judged value by value", () => {
    expect(judged(obj({ k: str({ enum: ["ok"] }) }), obj({ k: str({ enum: ["ok", "success"] }) }))).toEqual([
      "info request-property-enum-value-added k",
      "warning response-property-enum-value-added k",
    ]);
  });
});

describe("oneOf judged by whether old values still match exactly one branch", () => {
  const named = (...props: string[]) => obj(Object.fromEntries(props.map((p) => [p, str()])));

  test("a body wrapped in oneOf of two branches that both accept it: every old body matches both, so it is rejected", () => {
    const result = judged(named("name"), { oneOf: [named("name"), named("name", "nickname")] });
    expect(result.filter((l) => l.includes("request-body-") && l.includes("one-of"))).toEqual([
      "breaking request-body-wrapped-in-one-of",
      "info request-body-one-of-added",
      "info request-body-one-of-added",
    ]);
    // (A union body also leaves the flat input: request-body-key-changed, as before.)
    expect(result).toContain("breaking request-body-key-changed");
    // In a response the union type still fits what arrives; the new branches widen it (as before).
    expect(result).toContain("breaking response-body-one-of-added");
    expect(result).toContain("info response-body-wrapped-in-one-of");
  });

  test("a property wrapped the same way, through $refs", () => {
    const extra = { A: named("x"), B: named("x", "y") };
    const before = obj({ p: { $ref: "#/components/schemas/A" } });
    const after = obj({ p: { oneOf: [{ $ref: "#/components/schemas/A" }, { $ref: "#/components/schemas/B" }] } });
    expect(judged(before, after, extra)).toContain("breaking request-property-wrapped-in-one-of p");
  });

  test("branches that split the old values (a discriminating enum), or a null branch, are no wrapping finding", () => {
    const kind = (values: string[]) => obj({ kind: str({ enum: values }) });
    expect(judged(kind(["a", "b"]), { oneOf: [kind(["a"]), kind(["b"])] }).filter((l) => l.includes("wrapped"))).toEqual([]);
    const extra = { A: named("x") };
    const nullable = judged(
      { $ref: "#/components/schemas/A" },
      { oneOf: [{ $ref: "#/components/schemas/A" }, { type: "null" }] },
      extra,
      "3.1.0",
    );
    expect(nullable.filter((l) => l.includes("wrapped"))).toEqual([]);
  });

  test("anyOf -> oneOf with a branch that accepts another's values, and an added oneOf branch that overlaps an old one", () => {
    expect(judged({ anyOf: [named("a"), named("a", "b")] }, { oneOf: [named("a"), named("a", "b")] })).toContain(
      "breaking request-body-one-of-branches-overlap",
    );
    const extra = { A: named("a"), B: obj({ n: { type: "integer" } }), C: named("a", "c") };
    const refs = (...names: string[]) => ({ oneOf: names.map((n) => ({ $ref: `#/components/schemas/${n}` })) });
    const result = judged(refs("A", "B"), refs("A", "B", "C"), extra);
    expect(result).toContain("breaking request-body-one-of-branches-overlap");
    expect(result).toContain("info request-body-one-of-added");
    // The reverse (the overlapping branch removed) is only a branch removed.
    expect(judged(refs("A", "B", "C"), refs("A", "B"), extra).filter((l) => l.includes("overlap"))).toEqual([]);
    // A disjoint branch added is still only a branch added.
    const D = obj({ d: { type: "boolean" } }, ["d"]);
    expect(judged(refs("A", "B"), refs("A", "B", "D"), { ...extra, D: { ...D, additionalProperties: false } })).not.toContain(
      "breaking request-body-one-of-branches-overlap",
    );
  });
});

describe("JSON Schema 2020-12 keywords and not, direction-aware", () => {
  const j = (before: unknown, after: unknown, extra: Record<string, unknown> = {}) => judged(before, after, extra, "3.1.0");
  const arr = (extra: Record<string, unknown> = {}) => obj({ a: { type: "array", items: str(), ...extra } });

  test("contains added narrows a request; removed widens a response; narrowing inside it; minContains", () => {
    expect(j(arr(), arr({ contains: str({ enum: ["x"] }) }))).toEqual([
      "breaking request-property-contains-added a",
      "info response-property-contains-added a",
    ]);
    expect(j(arr({ contains: str() }), arr())).toEqual([
      "info request-property-contains-removed a",
      "warning response-property-contains-removed a",
    ]);
    expect(j(arr({ contains: str({ minLength: 1 }) }), arr({ contains: str({ minLength: 3 }) }))).toEqual([
      "breaking request-property-min-length-increased a/contains",
      "info response-property-min-length-increased a/contains",
    ]);
    expect(j(arr({ contains: str(), minContains: 1 }), arr({ contains: str(), minContains: 2 }))).toEqual([
      "breaking request-property-min-contains-increased a",
      "info response-property-min-contains-increased a",
    ]);
  });

  test("if / then / else: a branch added narrows, narrowing inside then or else, a changed condition", () => {
    const cond = (then: unknown, otherwise?: unknown, condition: unknown = obj({ kind: str({ const: "x" }) }, ["kind"])) => ({
      ...obj({ kind: str(), n: { type: "integer" } }),
      if: condition,
      ...(then !== undefined ? { then } : {}),
      ...(otherwise !== undefined ? { else: otherwise } : {}),
    });
    expect(j(cond(undefined, { required: ["n"] }), cond({ required: ["n"] }, { required: ["n"] }))).toEqual([
      "breaking request-body-then-added",
      "info response-body-then-added",
    ]);
    expect(j(cond({ required: ["kind"] }), cond({ required: ["kind", "n"] }))).toEqual([
      "breaking request-property-became-required then/n",
      "info response-property-became-required then/n",
    ]);
    expect(j(cond({}, obj({ n: { type: "integer", minimum: 0 } })), cond({}, obj({ n: { type: "integer", minimum: 5 } })))).toEqual([
      "breaking request-property-min-increased else/n",
      "info response-property-min-increased else/n",
    ]);
    expect(
      j(
        cond({ required: ["n"] }, undefined, obj({ kind: str({ const: "x" }) })),
        cond({ required: ["n"] }, undefined, obj({ kind: str({ const: "y" }) })),
      ),
    ).toEqual(["warning request-property-if-schema-changed if/kind", "warning response-property-if-schema-changed if/kind"]);
  });

  test("dependentRequired and dependentSchemas", () => {
    const base = obj({ card: str(), address: str() });
    expect(j(base, { ...base, dependentRequired: { card: ["address"] } })).toEqual([
      "breaking request-body-dependent-required-added",
      "info response-body-dependent-required-added",
    ]);
    expect(j({ ...base, dependentRequired: { card: ["address"] } }, base)).toEqual([
      "info request-body-dependent-required-removed",
      "warning response-body-dependent-required-removed",
    ]);
    expect(j(base, { ...base, dependentSchemas: { card: { required: ["address"] } } })).toEqual([
      "breaking request-body-dependent-schema-added",
      "info response-body-dependent-schema-added",
    ]);
    expect(
      j(
        { ...base, dependentSchemas: { card: obj({ address: str() }) } },
        { ...base, dependentSchemas: { card: obj({ address: str({ maxLength: 9 }) }, []) } },
      ),
    ).toEqual([
      "warning request-property-max-length-set dependentSchemas[card]/address",
      "info response-property-max-length-set dependentSchemas[card]/address",
    ]);
  });

  test("prefixItems compared position by position, with items beyond", () => {
    const tuple = (...items: unknown[]) => obj({ t: { type: "array", prefixItems: items } });
    expect(j(tuple(str({ enum: ["a", "b"] })), tuple(str({ enum: ["a"] })))).toEqual([
      "breaking request-property-enum-value-removed t/prefixItems[0]",
      "info response-property-enum-value-removed t/prefixItems[0]",
    ]);
    expect(j(tuple(str()), tuple(str(), { type: "integer" }))).toEqual([
      "breaking request-property-type-specialized t/prefixItems[1]",
      "info response-property-type-specialized t/prefixItems[1]",
    ]);
  });

  test("propertyNames, patternProperties, unevaluatedProperties / unevaluatedItems, contentSchema", () => {
    const base = obj({ a: str() });
    expect(j(base, { ...base, propertyNames: str({ maxLength: 10 }) })).toEqual([
      "breaking request-body-property-names-added",
      "info response-body-property-names-added",
    ]);
    expect(j({ ...base, propertyNames: str({ maxLength: 10 }) }, { ...base, propertyNames: str({ maxLength: 5 }) })).toEqual([
      "breaking request-property-max-length-decreased propertyNames",
      "info response-property-max-length-decreased propertyNames",
    ]);
    expect(j(base, { ...base, patternProperties: { "^x-": str() } })).toEqual([
      "warning request-body-pattern-property-added",
      "info response-body-pattern-property-added",
    ]);
    expect(j(base, { ...base, unevaluatedProperties: false })).toEqual([
      "warning request-body-unevaluated-properties-added",
      "info response-body-unevaluated-properties-added",
    ]);
    expect(j({ ...base, unevaluatedProperties: false }, { ...base, unevaluatedProperties: true })).toEqual([
      "info request-body-unevaluated-properties-removed",
      "warning response-body-unevaluated-properties-removed",
    ]);
    const tuple = (extra: Record<string, unknown>) => obj({ t: { type: "array", prefixItems: [str()], ...extra } });
    expect(j(tuple({}), tuple({ unevaluatedItems: false }))).toEqual([
      "warning request-property-unevaluated-items-added t",
      "info response-property-unevaluated-items-added t",
    ]);
    const encoded = (schema?: unknown) =>
      obj({ doc: str({ contentMediaType: "application/json", ...(schema !== undefined ? { contentSchema: schema } : {}) }) });
    expect(j(encoded(), encoded(obj({ id: str() }, ["id"])))).toEqual([
      "breaking request-property-content-schema-added doc",
      "info response-property-content-schema-added doc",
    ]);
    expect(j(encoded(obj({ id: str() })), encoded(obj({ id: str() }, ["id"])))).toEqual([
      "breaking request-property-became-required doc/contentSchema/id",
      "info response-property-became-required doc/contentSchema/id",
    ]);
  });

  test("not: added narrows; under not the direction flips; not inside not flips back", () => {
    const k = (extra: Record<string, unknown>) => obj({ k: str(extra) });
    expect(j(k({}), k({ not: { enum: ["root"] } }))).toEqual([
      "breaking request-property-not-added k",
      "info response-property-not-added k",
    ]);
    expect(j(k({ not: { enum: ["root"] } }), k({}))).toEqual([
      "info request-property-not-removed k",
      "warning response-property-not-removed k",
    ]);
    // More values excluded: a request narrows.
    expect(j(k({ not: { enum: ["root"] } }), k({ not: { enum: ["root", "admin"] } }))).toEqual([
      "breaking request-property-not-schema-widened k/not",
      "info response-property-not-schema-widened k/not",
    ]);
    // Fewer values excluded: a response widens.
    expect(j(k({ not: { type: "string", minLength: 1 } }), k({ not: { type: "string", minLength: 3 } }))).toEqual([
      "info request-property-not-schema-narrowed k/not",
      "warning response-property-not-schema-narrowed k/not",
    ]);
    expect(j(k({ not: { not: { minLength: 1 } } }), k({ not: { not: { minLength: 3 } } }))).toEqual([
      "breaking request-property-min-length-increased k/not/not",
      "info response-property-min-length-increased k/not/not",
    ]);
  });

  test("boolean subschemas: `not: true`, `contains: true` and `if: true` constrain like `{}`; `not: false` and `then: true` constrain nothing", () => {
    const k = (extra: Record<string, unknown>) => obj({ k: str(extra) });
    // `not: true` excludes every value, as `not: {}` does.
    expect(j(k({}), k({ not: true }))).toEqual(["breaking request-property-not-added k", "info response-property-not-added k"]);
    expect(j(k({}), k({ not: true }))).toEqual(j(k({}), k({ not: {} })));
    expect(j(k({ not: true }), k({}))).toEqual(["info request-property-not-removed k", "warning response-property-not-removed k"]);
    // `not: false` excludes nothing: the same as no `not`.
    expect(j(k({}), k({ not: false }))).toEqual([]);
    expect(j(k({ not: false }), k({ not: { enum: ["root"] } }))).toEqual([
      "breaking request-property-not-added k",
      "info response-property-not-added k",
    ]);
    // `contains: true` asks for at least one item, as `contains: {}` does.
    expect(j(arr(), arr({ contains: true }))).toEqual(["breaking request-property-contains-added a", "info response-property-contains-added a"]);
    expect(j(arr(), arr({ contains: true }))).toEqual(j(arr(), arr({ contains: {} })));
    // `if: true` always applies `then`, as `if: {}` does; `then: true` adds nothing.
    const cond = (extra: Record<string, unknown>) => ({ ...obj({ kind: str(), n: { type: "integer" } }), ...extra });
    expect(j(cond({}), cond({ if: true, then: { required: ["n"] } }))).toEqual(["breaking request-body-if-added", "info response-body-if-added"]);
    expect(j(cond({}), cond({ if: true, then: { required: ["n"] } }))).toEqual(j(cond({}), cond({ if: {}, then: { required: ["n"] } })));
    expect(j(cond({ if: true, then: { required: ["n"] } }), cond({}))).toEqual(["info request-body-if-removed", "warning response-body-if-removed"]);
    expect(j(cond({ if: {} }), cond({ if: {}, then: true }))).toEqual([]);
  });

  test("a parameter's 2020-12 keywords are request rules too", () => {
    const param = (schema: unknown) =>
      doc({ "/p": { get: { operationId: "p", parameters: [{ name: "q", in: "query", schema }], responses: ok() } } }, { openapi: "3.1.0" });
    expect(
      lines(diffDocs(param({ type: "array", items: str() }), param({ type: "array", items: str(), contains: str({ const: "x" }) }))),
    ).toEqual(["breaking request-parameter-contains-added GET /p | parameter query q"]);
  });
});

describe("under `not`, at any depth, a property's existence counts only as what validates", () => {
  const j = (before: unknown, after: unknown) => judged(before, after, {}, "3.1.0");
  /** A nested property `p` whose `not` schema lists `names` (required) and `m` with a maxLength. */
  const excluding = (names: string[], maxLength = 10, extra: Record<string, unknown> = {}) =>
    obj({
      p: {
        type: "object",
        not: { type: "object", required: [...names, "m"], properties: { ...Object.fromEntries(names.map((n) => [n, str()])), m: str({ maxLength }), ...extra } },
      },
    });

  test("a required property removed from a `not` schema excludes more: breaking in a request; added back, it excludes fewer", () => {
    expect(j(excluding(["a"]), excluding([]))).toEqual([
      "breaking request-property-not-schema-widened p/not/a",
      "info response-property-not-schema-widened p/not/a",
    ]);
    expect(j(excluding([]), excluding(["a"]))).toEqual([
      "info request-property-not-schema-narrowed p/not/a",
      "warning response-property-not-schema-narrowed p/not/a",
    ]);
  });

  test("the message speaks of what is excluded, not of a field leaving the input type", () => {
    const result = diffDocs(both(excluding(["a"]), {}, { openapi: "3.1.0" }), both(excluding([]), {}, { openapi: "3.1.0" }));
    const request = result.changes.find((c) => c.direction === "request")!;
    expect(request.message).toBe(
      "removed the required request property `p/not/a`, under `not`: it changes which values are excluded: requests that were valid before can be rejected; check what callers send",
    );
  });

  test("an optional property added deeper inside a `not` schema excludes fewer values; removed, more", () => {
    const deeper = (inner: Record<string, unknown>) => excluding([], 10, { q: { type: "object", properties: inner } });
    expect(j(deeper({}), deeper({ r: str() }))).toEqual([
      "info request-property-not-schema-narrowed p/not/q/r",
      "warning response-property-not-schema-narrowed p/not/q/r",
    ]);
    expect(j(deeper({ r: str() }), deeper({}))).toEqual([
      "breaking request-property-not-schema-widened p/not/q/r",
      "info response-property-not-schema-widened p/not/q/r",
    ]);
  });

  test("oasdiff's `not` case: one property swapped for another and a maxLength lowered, both directions", () => {
    const body = (names: string[], maxLength: number) => ({ type: "object", not: (excluding(names, maxLength).properties as { p: { not: unknown } }).p.not });
    // Old excludes objects with removed_prop and m up to 10 long; new those with added_prop and m up to 5.
    expect(j(body(["removed_prop"], 10), body(["added_prop"], 5))).toEqual([
      "breaking request-property-not-schema-widened not/removed_prop",
      "info request-property-not-schema-narrowed not/added_prop",
      "info request-property-not-schema-narrowed not/m",
      "warning response-property-not-schema-narrowed not/added_prop",
      "warning response-property-not-schema-narrowed not/m",
      "info response-property-not-schema-widened not/removed_prop",
    ]);
    expect(j(body(["added_prop"], 5), body(["removed_prop"], 10))).toEqual([
      "breaking request-property-not-schema-widened not/added_prop",
      "breaking request-property-not-schema-widened not/m",
      "info request-property-not-schema-narrowed not/removed_prop",
      "warning response-property-not-schema-narrowed not/removed_prop",
      "info response-property-not-schema-widened not/added_prop",
      "info response-property-not-schema-widened not/m",
    ]);
  });

  test("one component reached both plainly and under a nested `not` is judged each way at each path", () => {
    const schemas = (maxLength: number) => ({ X: obj({ m: str({ maxLength }) }) });
    const body = obj({ p: { $ref: "#/components/schemas/X" }, q: { type: "object", not: { $ref: "#/components/schemas/X" } } });
    const unchanged = (maxLength: number) => judged(body, body, schemas(maxLength), "3.1.0");
    const pair = (from: number, to: number) => {
      const result = diffDocs(both(body, schemas(from), { openapi: "3.1.0" }), both(body, schemas(to), { openapi: "3.1.0" }));
      return result.changes.filter((c) => c.direction === "request").map((c) => `${c.level} ${c.id} ${c.location.property}`);
    };
    expect(unchanged(10)).toEqual([]);
    expect(pair(10, 5)).toEqual([
      "breaking request-property-max-length-decreased p/m",
      "info request-property-not-schema-narrowed q/not/m",
    ]);
    expect(pair(5, 10)).toEqual([
      "breaking request-property-not-schema-widened q/not/m",
      "info request-property-max-length-increased p/m",
    ]);
  });

  test("inside an `if` condition an optional property added or removed moves values between `then` and `else`", () => {
    const cond = (inner: Record<string, unknown>) => ({
      ...obj({ kind: str(), n: { type: "integer" } }),
      if: { type: "object", properties: { kind: str({ const: "a" }), ...inner } },
      then: { required: ["n"] },
    });
    expect(j(cond({}), cond({ n: { minimum: 1 } }))).toEqual([
      "warning request-property-if-schema-changed if/n",
      "warning response-property-if-schema-changed if/n",
    ]);
    expect(j(cond({ n: { minimum: 1 } }), cond({}))).toEqual([
      "warning request-property-if-schema-changed if/n",
      "warning response-property-if-schema-changed if/n",
    ]);
  });
});
