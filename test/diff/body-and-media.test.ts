/**
 * Issue 19: response media types compared by what the runtime does with them (item 2), and
 * request bodies declared without `content` (item 3).
 */
import { describe, expect, test } from "vitest";
import { diffDocs, doc, lines, ok } from "./support.js";

const post = (operation: Record<string, unknown>) => doc({ "/x": { post: { operationId: "x", responses: ok(), ...operation } } });

describe("item 2: a response media type specialised or re-parameterised", () => {
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

describe("item 3: a request body without content", () => {
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
