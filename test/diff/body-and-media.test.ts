/**
 * Response media types compared by what the runtime does with them, and request bodies
 * declared without `content`. Also GET and HEAD bodies, which the
 * generated client never sends but the server may still ask for.
 */
import { describe, expect, test } from "vitest";
import { diffDocs, doc, lines, ok } from "./support.js";

const post = (operation: Record<string, unknown>) => doc({ "/x": { post: { operationId: "x", responses: ok(), ...operation } } });

describe("a response media type specialised or re-parameterised", () => {
  const schema = { type: "object", properties: { a: { type: "string" } } };
  const answer = (...mediaTypes: string[]) =>
    post({ responses: { "200": { description: "ok", content: Object.fromEntries(mediaTypes.map((m) => [m, { schema }])) } } });

  test("application/json -> application/problem+json: both JSON, same result type: info, not the JSON answer removed", () => {
    expect(lines(diffDocs(answer("application/json"), answer("application/problem+json")))).toEqual([
      "info response-media-type-name-specialized POST /x | response 200 application/problem+json",
    ]);
  });

  test("the reverse, application/problem+json -> application/json, is info too (oasdiff: ERR)", () => {
    expect(lines(diffDocs(answer("application/problem+json"), answer("application/json")))).toEqual([
      "info response-media-type-name-generalized POST /x | response 200 application/json",
    ]);
  });

  test("parameters changed (application/json -> application/problem+json;q=1, or a charset added)", () => {
    expect(lines(diffDocs(answer("application/json"), answer("application/problem+json;q=1")))).toEqual([
      "info response-media-type-name-changed POST /x | response 200 application/problem+json;q=1",
    ]);
    expect(lines(diffDocs(answer("application/json"), answer("application/json; charset=utf-8")))).toEqual([
      "info response-media-type-name-changed POST /x | response 200 application/json; charset=utf-8",
    ]);
    expect(lines(diffDocs(answer("text/plain; charset=utf-8"), answer("text/plain")))).toEqual([
      "info response-media-type-name-changed POST /x | response 200 text/plain",
    ]);
  });

  test("beside another media type, and on an error response", () => {
    expect(lines(diffDocs(answer("application/json", "application/xml"), answer("application/xml", "application/vnd.api+json")))).toEqual([
      "info response-media-type-name-specialized POST /x | response 200 application/vnd.api+json",
    ]);
    const error = (m: string) =>
      post({ responses: { "200": { description: "ok" }, "400": { description: "bad", content: { [m]: { schema } } } } });
    expect(lines(diffDocs(error("application/json"), error("application/problem+json")))).toEqual([
      "info response-media-type-name-specialized POST /x | response 400 application/problem+json",
    ]);
  });

  test("JSON -> text or XML is still the JSON answer removed: the runtime reads it differently", () => {
    expect(lines(diffDocs(answer("application/json"), answer("text/plain")))).toEqual([
      "breaking response-media-type-removed POST /x | response 200 application/json",
      "info response-media-type-added POST /x | response 200 text/plain",
    ]);
    expect(lines(diffDocs(answer("application/xml"), answer("application/atom+xml")))).toEqual([
      "breaking response-media-type-removed POST /x | response 200 application/xml",
      "info response-media-type-added POST /x | response 200 application/atom+xml",
    ]);
  });
});

describe("a request body without content", () => {
  test("adding a required body with no content is breaking: the client sends no body", () => {
    expect(lines(diffDocs(post({}), post({ requestBody: { required: true } })))).toEqual([
      "breaking request-body-added-required POST /x | body",
    ]);
    expect(lines(diffDocs(post({}), post({ requestBody: { description: "optional, no content" } })))).toEqual([
      "info request-body-added-optional POST /x | body",
    ]);
  });

  test("a content-less body turned required is breaking; turned optional is info", () => {
    expect(lines(diffDocs(post({ requestBody: { required: false } }), post({ requestBody: { required: true } })))).toEqual([
      "breaking request-body-became-required POST /x | body",
    ]);
    expect(lines(diffDocs(post({ requestBody: { required: true } }), post({ requestBody: { required: false } })))).toEqual([
      "info request-body-became-optional POST /x | body",
    ]);
  });

  test("through a $ref to components/requestBodies; removing a content-less body changes nothing the client sends", () => {
    const viaRef = (required: boolean) =>
      doc(
        { "/x": { post: { operationId: "x", requestBody: { $ref: "#/components/requestBodies/B" }, responses: ok() } } },
        { components: { requestBodies: { B: { required } } } },
      );
    expect(lines(diffDocs(viaRef(false), viaRef(true)))).toEqual(["breaking request-body-became-required POST /x | body"]);
    expect(lines(diffDocs(post({ requestBody: { required: true } }), post({})))).toEqual([]);
  });

  test("a content-less body gaining content is a body added; a body losing its content is removed", () => {
    const schema = { type: "object", properties: { a: { type: "string" } } };
    const withContent = { required: true, content: { "application/json": { schema } } };
    expect(lines(diffDocs(post({ requestBody: { required: true } }), post({ requestBody: withContent })))).toEqual([
      "breaking request-body-added-required POST /x | body",
    ]);
    expect(lines(diffDocs(post({ requestBody: withContent }), post({ requestBody: { required: true } })))).toEqual([
      "breaking request-body-removed POST /x | body",
    ]);
  });
});

describe("a GET or HEAD body, which the generated client never sends", () => {
  const on = (method: string, requestBody?: unknown) =>
    doc({ "/x": { [method]: { operationId: "x", ...(requestBody ? { requestBody } : {}), responses: ok() } } });
  const json = (schema: unknown, required = true) => ({ required, content: { "application/json": { schema } } });
  const str = { type: "string" };

  test("a required body added to a GET is breaking (no call carries one); removed again it is nothing", () => {
    const result = diffDocs(on("get"), on("get", json(str)));
    expect(lines(result)).toEqual(["breaking request-body-added-required GET /x | body"]);
    expect(result.changes[0]!.message).toMatch(/a GET request carries no body from the generated client .*every call is rejected/);
    // A content-less required body is the same: the server asks for one, the client sends none.
    expect(lines(diffDocs(on("get"), on("get", { required: true })))).toEqual(["breaking request-body-added-required GET /x | body"]);
    expect(lines(diffDocs(on("get", json(str)), on("get")))).toEqual([]);
    expect(lines(diffDocs(on("get", { required: true }), on("get")))).toEqual([]);
  });

  test("an optional GET body made required is breaking; made optional again it is info", () => {
    expect(lines(diffDocs(on("get", json(str, false)), on("get", json(str))))).toEqual(["breaking request-body-became-required GET /x | body"]);
    expect(lines(diffDocs(on("get", json(str)), on("get", json(str, false))))).toEqual(["info request-body-became-optional GET /x | body"]);
  });

  test("an optional GET body added is info, and removed nothing", () => {
    expect(lines(diffDocs(on("get"), on("get", json(str, false))))).toEqual(["info request-body-added-optional GET /x | body"]);
    expect(lines(diffDocs(on("get", json(str, false)), on("get")))).toEqual([]);
  });

  test("HEAD is judged like GET", () => {
    expect(lines(diffDocs(on("head"), on("head", json(str))))).toEqual(["breaking request-body-added-required HEAD /x | body"]);
    expect(lines(diffDocs(on("head", json(str, false)), on("head", json(str))))).toEqual(["breaking request-body-became-required HEAD /x | body"]);
    expect(lines(diffDocs(on("head", json(str)), on("head")))).toEqual([]);
  });

  test("a DELETE body is sent (fetch allows one), so it is judged like a POST body: removing it takes the input away", () => {
    expect(lines(diffDocs(on("delete"), on("delete", json(str))))).toEqual(["breaking request-body-added-required DELETE /x | body"]);
    expect(lines(diffDocs(on("delete", json(str)), on("delete")))).toEqual(["breaking request-body-removed DELETE /x | body"]);
  });

  test("a GET body's own enum narrowed or emptied is breaking, widened info; the message says the client sends none", () => {
    const values = (...enumValues: string[]) => on("get", json({ type: "string", enum: enumValues }));
    const narrowed = diffDocs(values("A", "B", "C"), values("A", "B"));
    expect(lines(narrowed)).toEqual(["breaking request-body-enum-value-removed GET /x | body application/json"]);
    expect(narrowed.changes[0]!.message).toBe(
      "removed the enum value `C` from the request body: requests that were valid before can be rejected; check what callers send (the generated client sends no GET body; this is for the clients that do)",
    );
    expect(lines(diffDocs(values("A", "B"), values("A", "B", "C")))).toEqual(["info request-body-enum-value-added GET /x | body application/json"]);
    expect(lines(diffDocs(values("A", "B", "C"), values()))).toEqual([
      "breaking request-body-enum-value-removed GET /x | body application/json",
      "breaking request-body-enum-value-removed GET /x | body application/json",
      "breaking request-body-enum-value-removed GET /x | body application/json",
    ]);
    expect(lines(diffDocs(values(), values("A")))).toEqual(["info request-body-enum-value-added GET /x | body application/json"]);
  });

  test("a GET body newly restricted to an enum is breaking, with or without a type change; the reverse frees it", () => {
    const free = on("get", json({ type: "string" }));
    const closed = on("get", json({ type: "string", enum: ["A", "B"] }));
    const closedInt = on("get", json({ type: "integer", enum: [1, 2] }));
    expect(lines(diffDocs(free, closed))).toEqual(["breaking request-body-became-enum GET /x | body application/json"]);
    expect(lines(diffDocs(closed, free))).toEqual(["info request-body-enum-removed GET /x | body application/json"]);
    expect(lines(diffDocs(free, closedInt))).toEqual([
      "breaking request-body-became-enum GET /x | body application/json",
      "breaking request-body-type-changed GET /x | body application/json",
    ]);
    expect(lines(diffDocs(closedInt, free))).toEqual([
      "breaking request-body-type-changed GET /x | body application/json",
      "info request-body-enum-removed GET /x | body application/json",
    ]);
  });

  test("a GET body through $refs, and its media types, compared as declared; unchanged, nothing", () => {
    const viaRef = (schema: unknown, mediaType = "application/json") =>
      doc(
        { "/x": { get: { operationId: "x", requestBody: { $ref: "#/components/requestBodies/Q" }, responses: ok() } } },
        { components: { requestBodies: { Q: { required: true, content: { [mediaType]: { schema: { $ref: "#/components/schemas/S" } } } } }, schemas: { S: schema } } },
      );
    const s = { type: "object", properties: { q: { type: "string" } } };
    expect(lines(diffDocs(viaRef(s), viaRef(s)))).toEqual([]);
    expect(lines(diffDocs(viaRef(s), viaRef({ ...s, required: ["q"] })))).toEqual([
      "breaking request-property-became-required GET /x | body application/json q",
    ]);
    expect(lines(diffDocs(viaRef(s), viaRef(s, "application/x-www-form-urlencoded")))).toEqual([
      "breaking request-body-media-type-removed GET /x | body application/json",
      "info request-body-media-type-added GET /x | body application/x-www-form-urlencoded",
    ]);
  });
});
