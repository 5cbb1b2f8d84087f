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
