/**
 * Paging recognised from the description alone (model/pagination.ts): each convention, and the
 * near misses that must stay unrecognised (a false positive can make `paginate` loop forever).
 */
import { describe, expect, test } from "vitest";
import { buildModel } from "../../src/model/build-model.js";
import { withPaginationOverrides } from "../../src/model/pagination.js";
import type { LoadedDescription } from "../../src/load/loaded-description.js";
import type { PageSpec } from "../../src/runtime/operation.js";

function load(document: Record<string, unknown>): LoadedDescription {
  return { source: { kind: "file", input: "x.yaml", documentUrl: "file:///x.yaml" }, document, openapiVersion: "3.0", sha256: "0", bytes: 0, documents: [], inputsSha256: "" };
}

const str = { type: "string" };
const int = { type: "integer" };
const q = (name: string, schema: object = str) => ({ name, in: "query", schema });
const array = { type: "array", items: { type: "object", properties: { id: str } } };
const json = (schema: object, headers?: object) => ({ "200": { description: "ok", ...(headers ? { headers } : {}), content: { "application/json": { schema } } } });

/** The pagination of one operation `method /things` with these parameters and 200 answer. */
function paging(parameters: object[], responses: object, method = "get", components: object = {}): PageSpec | undefined {
  const document = { openapi: "3.0.3", info: { title: "T", version: "1" }, paths: { "/things": { [method]: { operationId: "listThings", parameters, responses } } }, components };
  return buildModel(load(document)).operations[0]!.pagination;
}

describe("conventions", () => {
  test("a declared Link header (GitHub): the array answer, or the one array property", () => {
    const link = { Link: { schema: str } };
    expect(paging([q("per_page", int), q("page", int)], json(array, link))).toEqual({ kind: "link" });
    expect(paging([q("per_page", int)], json({ type: "object", properties: { total_count: int, repositories: array } }, { link: { $ref: "#/components/headers/link" } }), "get", { headers: { link: { schema: str } } })).toEqual({
      kind: "link",
      items: "repositories",
    });
  });

  test("has_more and starting_after (Stripe, with ending_before to page backwards), after (OpenAI)", () => {
    const list = { type: "object", properties: { object: str, data: array, has_more: { type: "boolean" }, url: str } };
    expect(paging([q("limit", int), q("starting_after"), q("ending_before")], json(list))).toEqual({
      kind: "after",
      items: "data",
      next: "has_more",
      param: "starting_after",
      before: "ending_before",
    });
    expect(paging([q("after")], json(list))).toEqual({ kind: "after", items: "data", next: "has_more", param: "after" });
  });

  test("a next-page token in the body and the matching parameter", () => {
    const body = (field: object) => ({ type: "object", properties: { items: array, ...field } });
    expect(paging([q("pageToken")], json(body({ nextPageToken: str })))).toMatchObject({ kind: "token", next: "nextPageToken", param: "pageToken", items: "items" });
    expect(paging([q("page_token")], json(body({ next_page_token: str })))).toMatchObject({ kind: "token", next: "next_page_token", param: "page_token" });
    expect(paging([q("cursor")], json(body({ next_cursor: { type: ["string", "null"] } })))).toMatchObject({ kind: "token", next: "next_cursor", param: "cursor" });
    expect(paging([q("cursor"), q("limit", int)], json(body({ response_metadata: { type: "object", properties: { next_cursor: str } } })))).toMatchObject({
      kind: "token",
      next: "response_metadata.next_cursor",
      param: "cursor",
    });
  });

  test("links.pages.next (DigitalOcean), through allOf and anyOf", () => {
    const pages = { anyOf: [{ allOf: [{ type: "object", properties: { last: str } }, { type: "object", properties: { next: str } }] }, {}] };
    const body = { allOf: [{ type: "object", properties: { droplets: array } }, { type: "object", properties: { links: { type: "object", properties: { pages } } } }, { type: "object", properties: { meta: { type: "object" } } }] };
    expect(paging([q("per_page", int), q("page", int)], json(body))).toEqual({ kind: "url", items: "droplets", next: "links.pages.next" });
  });

  test("page/per_page and offset/limit numbers, with the declared default size", () => {
    expect(paging([q("page", int), q("per_page", { type: "integer", default: 30 })], json(array))).toEqual({ kind: "page", param: "page", size: "per_page", defaultSize: 30 });
    // A declared maximum tells paginate a short page from one the server capped.
    expect(paging([q("page", int), q("per_page", { type: "integer", default: 30, maximum: 100 })], json(array))).toEqual({
      kind: "page",
      param: "page",
      size: "per_page",
      defaultSize: 30,
      maxSize: 100,
    });
    expect(paging([q("page", { type: "integer", minimum: 0 }), q("page_size", int)], json({ type: "object", properties: { results: array, count: int } }))).toEqual({
      kind: "page",
      items: "results",
      param: "page",
      size: "page_size",
      first: 0,
    });
    expect(paging([q("offset", int), q("limit", int)], json(array))).toEqual({ kind: "offset", param: "offset", size: "limit" });
  });
});

describe("near misses stay unrecognised", () => {
  const link = { Link: { schema: str } };
  test("two array properties: the items are not identifiable", () => {
    expect(paging([q("page", int), q("per_page", int)], json({ type: "object", properties: { commits: array, files: array } }, link))).toBeUndefined();
  });
  test("a Link header on one object with one array, without a paging parameter (GitHub's project field and its options)", () => {
    expect(paging([q("fields")], json({ type: "object", properties: { id: int, name: str, options: array } }, link))).toBeUndefined();
    expect(paging([q("per_page", int), q("page", int)], json({ type: "object", properties: { total_count: int, runners: array } }, link))).toEqual({ kind: "link", items: "runners" });
  });
  test("a POST, even with a Link header and page numbers", () => {
    expect(paging([q("page", int), q("per_page", int)], json(array, link), "post")).toBeUndefined();
  });
  test("a token field without a matching parameter", () => {
    expect(paging([q("limit", int)], json({ type: "object", properties: { items: array, nextPageToken: str } }))).toBeUndefined();
    // has_more without an id cursor parameter
    expect(paging([q("limit", int)], json({ type: "object", properties: { data: array, has_more: { type: "boolean" } } }))).toBeUndefined();
  });
  test("page without a size parameter, string page numbers, offset without limit", () => {
    expect(paging([q("page", int)], json(array))).toBeUndefined();
    expect(paging([q("page"), q("per_page")], json(array))).toBeUndefined();
    expect(paging([q("offset", int)], json(array))).toBeUndefined();
  });
  test("an answer that is not JSON, or has no array at all", () => {
    expect(paging([q("page", int), q("per_page", int)], { "200": { description: "ok", content: { "text/csv": { schema: str } } } })).toBeUndefined();
    expect(paging([q("page", int), q("per_page", int)], json({ type: "object", properties: { name: str } }, link))).toBeUndefined();
  });
});

describe("the config file's overrides", () => {
  const document = {
    openapi: "3.0.3",
    info: { title: "T", version: "1" },
    paths: {
      "/things": {
        get: {
          operationId: "listThings",
          parameters: [q("from"), q("max", int)],
          responses: json({ type: "object", properties: { entries: array, other: array, paging: { type: "object", properties: { after: str } } } }),
        },
      },
      "/pages": { get: { operationId: "listPages", parameters: [q("page", int), q("per_page", int)], responses: json(array) } },
    },
  };
  const model = buildModel(load(document));

  test("name the parameter, the items and the next field of an operation the description leaves unclear", () => {
    const warnings: string[] = [];
    const changed = withPaginationOverrides(model, { listThings: { param: "from", items: "entries", next: "paging.after" }, "T/1/listPages": false, nothing: { param: "x" } }, (w) => warnings.push(w));
    expect(model.operations.map((op) => op.pagination)).toEqual([undefined, { kind: "page", param: "page", size: "per_page" }]);
    expect(changed.operations.map((op) => op.pagination)).toEqual([{ kind: "token", items: "entries", next: "paging.after", param: "from" }, undefined]);
    expect(warnings).toEqual(['config pagination names "nothing", which is no operation']);
  });

  test("an override naming a parameter the operation lacks is reported and changes nothing", () => {
    const warnings: string[] = [];
    const changed = withPaginationOverrides(model, { listThings: { param: "cursor", next: "paging.after" } }, (w) => warnings.push(w));
    expect(changed.operations[0]!.pagination).toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('config pagination of "listThings"')]);
  });
});
