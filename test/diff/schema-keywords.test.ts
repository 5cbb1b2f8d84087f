/**
 * Issue 19: classes of schema change judged for a caller of the generated client, each in a
 * request and in a response. One component `S` is the POST body and its 200 response, so one
 * edit gives one finding per direction.
 */
import { describe, expect, test } from "vitest";
import { diffDocs, doc, jsonBody, lines, ok } from "./support.js";

function both(schema: unknown, extra: Record<string, unknown> = {}, openapi = "3.0.3") {
  return doc(
    {
      "/s": {
        post: {
          operationId: "send",
          requestBody: jsonBody({ $ref: "#/components/schemas/S" }),
          responses: ok({ $ref: "#/components/schemas/S" }),
        },
      },
    },
    { openapi, components: { schemas: { S: schema, ...extra } } },
  );
}

/** `level id | location` of every finding, request findings first. */
function judged(before: unknown, after: unknown, extra: Record<string, unknown> = {}, openapi = "3.0.3"): string[] {
  const result = diffDocs(both(before, extra, openapi), both(after, extra, openapi));
  const order = (d: string | undefined) => (d === "request" ? 0 : 1);
  return [...result.changes]
    .sort((x, y) => order(x.direction) - order(y.direction))
    .map((c) => `${c.level} ${c.id}${c.location.property ? ` ${c.location.property}` : ""}`);
}

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: "object", properties, required });
const str = (extra: Record<string, unknown> = {}) => ({ type: "string", ...extra });

describe("item 5: an empty pattern is no constraint", () => {
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

describe("item 4: x-extensible-enum narrows accepted input like enum", () => {
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

describe("item 7: a changed const keeps no old value", () => {
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
