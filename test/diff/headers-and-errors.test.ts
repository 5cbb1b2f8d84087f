/**
 * What a caller compiles against beside the result: the declared headers of a success
 * answer (`fn().withResponse()`'s typed `headers`) and the bodies of declared error answers
 * (`e.body` after `isToolCallError(e, tool, status)`), each judged like the result.
 */
import { describe, expect, test } from "vitest";
import { diffDocs, doc, lines } from "./support.js";

const json = (schema: unknown, description = "r") => ({ description, content: { "application/json": { schema } } });
const post = (responses: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  doc({ "/x": { post: { operationId: "x", responses } } }, extra);
/** A 200 answer with these declared headers. */
const withHeaders = (headers: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  post({ "200": { description: "ok", headers, content: { "application/json": { schema: { type: "object" } } } } }, extra);
const header = (schema: unknown, required?: boolean) => ({ schema, ...(required === undefined ? {} : { required }) });
const int = { type: "integer" };

describe("declared response headers", () => {
  test("removed (required: breaking; optional: a warning, as an optional result property) / added, both ways", () => {
    const none = withHeaders({});
    const both = withHeaders({ "X-Limit": header(int, true), "X-Total": header(int) });
    expect(lines(diffDocs(both, none))).toEqual([
      "breaking required-response-header-removed POST /x | response 200 header X-Limit",
      "warning optional-response-header-removed POST /x | response 200 header X-Total",
    ]);
    expect(lines(diffDocs(none, both))).toEqual([
      "info response-header-added POST /x | response 200 header X-Limit",
      "info response-header-added POST /x | response 200 header X-Total",
    ]);
  });

  test("became optional (its type gains undefined) is breaking; became required is info", () => {
    const required = withHeaders({ "X-Limit": header(int, true) });
    const optional = withHeaders({ "X-Limit": header(int, false) });
    const absent = withHeaders({ "X-Limit": header(int) });
    const result = diffDocs(required, optional);
    expect(lines(result)).toEqual(["breaking response-header-became-optional POST /x | response 200 header X-Limit"]);
    expect(result.changes[0]!.message).toContain("`undefined`");
    expect(lines(diffDocs(required, absent))).toEqual(["breaking response-header-became-optional POST /x | response 200 header X-Limit"]);
    expect(lines(diffDocs(optional, required))).toEqual(["info response-header-became-required POST /x | response 200 header X-Limit"]);
  });

  test("its schema is compared like a result: type changed, widened, narrowed, enum values", () => {
    const h = (schema: unknown) => withHeaders({ "X-Limit": header(schema, true) });
    expect(lines(diffDocs(h(int), h({ type: "string" })))).toEqual([
      "breaking response-header-type-changed POST /x | response 200 header X-Limit",
    ]);
    expect(lines(diffDocs(h({ type: "string" }), h(int)))).toEqual([
      "breaking response-header-type-changed POST /x | response 200 header X-Limit",
    ]);
    expect(lines(diffDocs(h(int), h({ type: "number" })))).toEqual([
      "breaking response-header-type-generalized POST /x | response 200 header X-Limit",
    ]);
    expect(lines(diffDocs(h({ type: "number" }), h(int)))).toEqual([
      "info response-header-type-specialized POST /x | response 200 header X-Limit",
    ]);
    const e = (values: string[]) => h({ type: "string", enum: values });
    const added = diffDocs(e(["a"]), e(["a", "b"]));
    expect(lines(added)).toEqual(["warning response-header-enum-value-added POST /x | response 200 header X-Limit"]);
    expect(added.changes[0]!.message).toBe(
      "added the enum value `b` to the header `X-Limit` of the 200 response: exhaustive switches over the generated type miss the new value",
    );
    expect(lines(diffDocs(e(["a", "b"]), e(["a"])))).toEqual(["info response-header-enum-value-removed POST /x | response 200 header X-Limit"]);
    expect(lines(diffDocs(h(int), h({ ...int, nullable: true })))).toEqual([
      "breaking response-header-became-nullable POST /x | response 200 header X-Limit",
    ]);
    // A subschema inside the header (a comma-separated list).
    const list = (values: string[]) => h({ type: "array", items: { type: "string", enum: values } });
    expect(lines(diffDocs(list(["a"]), list(["a", "b"])))).toEqual([
      "warning response-header-property-enum-value-added POST /x | response 200 header X-Limit items",
    ]);
  });

  test("a header in `content` instead of `schema` is compared the same way", () => {
    const h = (type: string) => withHeaders({ "X-Meta": { required: true, content: { "application/json": { schema: { type } } } } });
    expect(lines(diffDocs(h("object"), h("string")))).toEqual([
      "breaking response-header-type-changed POST /x | response 200 header X-Meta",
    ]);
  });

  test("names differing only in case are the same header (no finding); Content-Type is ignored", () => {
    expect(lines(diffDocs(withHeaders({ "X-Rate-Limit": header(int, true) }), withHeaders({ "x-rate-limit": header(int, true) })))).toEqual([]);
    expect(lines(diffDocs(withHeaders({ "X-Rate-Limit": header(int, true) }), withHeaders({ "x-RATE-limit": header({ type: "string" }, true) })))).toEqual([
      "breaking response-header-type-changed POST /x | response 200 header x-RATE-limit",
    ]);
    expect(lines(diffDocs(withHeaders({ "Content-Type": header({ type: "string" }, true) }), withHeaders({})))).toEqual([]);
  });

  test("a $ref into components.headers is followed, on either side", () => {
    const viaRef = (h: unknown) => withHeaders({ "X-Limit": { $ref: "#/components/headers/Limit" } }, { components: { headers: { Limit: h } } });
    expect(lines(diffDocs(viaRef(header(int, true)), viaRef(header({ type: "string" }, false))))).toEqual([
      "breaking response-header-became-optional POST /x | response 200 header X-Limit",
      "breaking response-header-type-changed POST /x | response 200 header X-Limit",
    ]);
    // Inline on one side, through the component on the other: the same header, unchanged.
    expect(lines(diffDocs(withHeaders({ "X-Limit": header(int, true) }), viaRef(header(int, true))))).toEqual([]);
  });

  test("a change inside a shared header schema is reported on every operation that reaches it", () => {
    const shared = (values: string[]) =>
      doc(
        {
          "/a": { get: { operationId: "a", responses: { "200": { description: "ok", headers: { "X-Tier": { $ref: "#/components/headers/Tier" } } } } } },
          "/b": { get: { operationId: "b", responses: { "201": { description: "ok", headers: { "x-tier": { schema: { $ref: "#/components/schemas/Tier" } } } } } } },
        },
        {
          components: {
            headers: { Tier: { required: true, schema: { $ref: "#/components/schemas/Tier" } } },
            schemas: { Tier: { type: "string", enum: values } },
          },
        },
      );
    expect(lines(diffDocs(shared(["free"]), shared(["free", "pro"])))).toEqual([
      "warning response-header-enum-value-added GET /a | response 200 header X-Tier",
      "warning response-header-enum-value-added GET /b | response 201 header x-tier",
    ]);
  });

  test("headers of error answers are not typed, so not compared", () => {
    const e = (headers: Record<string, unknown>) => post({ "200": json({ type: "object" }), "429": { description: "slow down", headers } });
    expect(lines(diffDocs(e({ "Retry-After": header(int, true) }), e({})))).toEqual([]);
  });
});

describe("declared error answers", () => {
  const reason = (props: Record<string, unknown>, required: string[] = []) =>
    json({ type: "object", properties: props, ...(required.length > 0 ? { required } : {}) }, "conflict");
  const conflict = (body: unknown) => post({ "200": json({ type: "object" }), "409": body });

  test("a 409 body's property removed (required: breaking, optional: warning) / added, both ways", () => {
    const full = conflict(reason({ reason: { type: "string" }, hint: { type: "string" } }, ["reason"]));
    const bare = conflict(reason({}));
    const removed = diffDocs(full, bare);
    expect(lines(removed)).toEqual([
      "breaking error-response-required-property-removed POST /x | response 409 application/json reason",
      "warning error-response-optional-property-removed POST /x | response 409 application/json hint",
    ]);
    expect(removed.changes[0]!.message).toBe(
      "removed the required error response property `reason` (status 409): code that reads `e.body` after `isToolCallError(e, tool, 409)` can break against the regenerated error type; update it",
    );
    expect(lines(diffDocs(bare, full))).toEqual([
      "info error-response-optional-property-added POST /x | response 409 application/json hint",
      "info error-response-required-property-added POST /x | response 409 application/json reason",
    ]);
  });

  test("requiredness, types and enum values inside an error body take the response levels", () => {
    const r = (required: string[], values: string[]) => conflict(reason({ code: { type: "string", enum: values } }, required));
    expect(lines(diffDocs(r(["code"], ["a"]), r([], ["a"])))).toEqual([
      "breaking error-response-property-became-optional POST /x | response 409 application/json code",
    ]);
    expect(lines(diffDocs(r([], ["a"]), r(["code"], ["a"])))).toEqual([
      "info error-response-property-became-required POST /x | response 409 application/json code",
    ]);
    expect(lines(diffDocs(r([], ["a"]), r([], ["a", "b"])))).toEqual([
      "warning error-response-property-enum-value-added POST /x | response 409 application/json code",
    ]);
    expect(lines(diffDocs(r([], ["a", "b"]), r([], ["a"])))).toEqual([
      "info error-response-property-enum-value-removed POST /x | response 409 application/json code",
    ]);
    expect(lines(diffDocs(conflict(json({ type: "string" })), conflict(json({ type: "integer" }))))).toEqual([
      "breaking error-response-body-type-changed POST /x | response 409 application/json",
    ]);
  });

  test("a `default` error answer is compared like a declared status", () => {
    const d = (required: string[]) => post({ "200": json({ type: "object" }), default: reason({ message: { type: "string" } }, required) });
    const result = diffDocs(d(["message"]), d([]));
    expect(lines(result)).toEqual([
      "breaking error-response-property-became-optional POST /x | response default application/json message",
    ]);
    expect(result.changes[0]!.message).toContain("`isToolCallError(e, tool, status)`");
    expect(lines(diffDocs(d([]), d(["message"])))).toEqual([
      "info error-response-property-became-required POST /x | response default application/json message",
    ]);
  });

  test("`default` without a 2xx is the success answer: its changes stay response-* rules", () => {
    const d = (type: string) => post({ default: json({ type }) });
    expect(lines(diffDocs(d("string"), d("integer")))).toEqual(["breaking response-body-type-changed POST /x | response default application/json"]);
  });

  test("an error status removed breaks code that narrows on it; added is info", () => {
    const two = post({ "200": json({ type: "object" }), "409": reason({ reason: { type: "string" } }) });
    const one = post({ "200": json({ type: "object" }) });
    const removed = diffDocs(two, one);
    expect(lines(removed)).toEqual(["breaking response-non-success-status-removed POST /x | response 409"]);
    expect(removed.changes[0]!.message).toBe(
      "removed the error response with the status `409`: code that narrows on it with `isToolCallError(e, tool, 409)` stops compiling",
    );
    expect(lines(diffDocs(one, two))).toEqual(["info response-non-success-status-added POST /x | response 409"]);
    // `default` itself removed: the statuses only it covered no longer narrow.
    const withDefault = post({ "200": json({ type: "object" }), default: reason({}) });
    expect(lines(diffDocs(withDefault, one))).toEqual(["breaking response-non-success-status-removed POST /x | response default"]);
    expect(lines(diffDocs(one, withDefault))).toEqual(["info response-non-success-status-added POST /x | response default"]);
  });

  test("a status removed while `default` stays: it narrows to the default body, compared with the old one; and back", () => {
    const message = reason({ message: { type: "string" } }, ["message"]);
    const specific = post({ "200": json({ type: "object" }), "409": reason({ reason: { type: "string" } }, ["reason"]), default: message });
    const general = post({ "200": json({ type: "object" }), default: message });
    expect(lines(diffDocs(specific, general))).toEqual([
      "breaking error-response-required-property-removed POST /x | response 409 application/json reason",
      "info response-non-success-status-into-default POST /x | response 409",
      "info error-response-required-property-added POST /x | response 409 application/json message",
    ]);
    expect(lines(diffDocs(general, specific))).toEqual([
      "breaking error-response-required-property-removed POST /x | response 409 application/json message",
      "info response-non-success-status-added POST /x | response 409",
      "info error-response-required-property-added POST /x | response 409 application/json reason",
    ]);
    // The same body under the specific status and `default`: nothing changes for code that narrows on 409.
    const same = post({ "200": json({ type: "object" }), "409": message, default: message });
    expect(lines(diffDocs(same, general))).toEqual(["info response-non-success-status-into-default POST /x | response 409"]);
  });
});
