/**
 * `paginate` over every convention (model/pagination.ts) against real pages from a loopback
 * server: items in order, a page's items before the next request, maxPages, abort, a short or
 * empty last page, and the guards against servers that would make it loop (a next link back to
 * page 1, a next link to another origin, a page parameter the server ignores).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { paginate, type PagedFunction } from "../../src/runtime/paginate.js";
import type { OperationSpec, PageSpec } from "../../src/runtime/operation.js";
import { nextLink } from "../../src/runtime/paginate.js";

const ALL = ["a", "b", "c", "d", "e"].map((id) => ({ id }));
let server: Server;
let base: string;
const requests: string[] = [];

function send(res: ServerResponse, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(200, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url!, base);
  requests.push(`${url.pathname}${url.search}`);
  const n = (name: string, fallback: number) => Number(url.searchParams.get(name) ?? fallback);
  switch (url.pathname) {
    case "/link": {
      const page = n("page", 1);
      const next = page < 3 ? { link: `<${base}/link?page=${page + 1}&per_page=2>; rel="next", <${base}/link?page=3>; rel="last"` } : {};
      return send(res, ALL.slice((page - 1) * 2, page * 2), next);
    }
    case "/loop": // page 2's next points back to page 1
      return send(res, [{ id: `p${n("page", 1)}` }], { link: `</loop?page=${n("page", 1) === 1 ? 2 : 1}>; rel="next"` });
    case "/self": // page 2's next is page 2 itself
      return send(res, [{ id: `s${n("page", 1)}` }], { link: `<${base}/self?page=2>; rel="next"` });
    case "/elsewhere":
      return send(res, [{ id: "x" }], { link: `<${base.replace("127.0.0.1", "localhost")}/elsewhere?page=2>; rel="next"` });
    case "/stripe": {
      const before = url.searchParams.get("ending_before");
      if (before) {
        // Stripe's backward pages: the items just before the cursor, in the list's own order.
        const to = ALL.findIndex((i) => i.id === before);
        return send(res, { object: "list", data: ALL.slice(Math.max(0, to - 2), to), has_more: to - 2 > 0 });
      }
      const after = url.searchParams.get("starting_after");
      const from = after ? ALL.findIndex((i) => i.id === after) + 1 : 0;
      const data = ALL.slice(from, from + 2);
      return send(res, { object: "list", data, has_more: from + 2 < ALL.length });
    }
    case "/token": {
      const at = n("pageToken", 0);
      return send(res, { items: ALL.slice(at, at + 2), ...(at + 2 < ALL.length ? { nextPageToken: String(at + 2) } : {}) });
    }
    case "/slack": {
      const at = n("cursor", 0);
      return send(res, { ok: true, members: ALL.slice(at, at + 2), response_metadata: { next_cursor: at + 2 < ALL.length ? String(at + 2) : "" } });
    }
    case "/do": {
      const page = n("page", 1);
      const pages = page < 3 ? { next: `${base}/do?page=${page + 1}` } : {};
      return send(res, { droplets: ALL.slice((page - 1) * 2, page * 2), links: { pages }, meta: { total: 5 } });
    }
    case "/pages": {
      const page = n("page", 1);
      const size = n("per_page", 3);
      return send(res, ALL.slice((page - 1) * size, page * size));
    }
    case "/offset": {
      const offset = n("offset", 0);
      return send(res, { data: ALL.slice(0, 4).slice(offset, offset + n("limit", 2)), total: 4 });
    }
    case "/capped": { // at most 2 items a page, whatever per_page asks for
      const page = n("page", 1);
      return send(res, ALL.slice((page - 1) * 2, page * 2));
    }
    case "/ignores": // always the first page, whatever page is asked for
      return send(res, ALL.slice(0, 2));
    default:
      res.writeHead(404).end();
  }
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** A function as the generator writes one for a paged operation `GET path`. */
function paged(path: string, page: PageSpec, query: string[] = []): PagedFunction<Record<string, unknown> | undefined, { id: string }[], ""> {
  const spec: OperationSpec = { tool: `T/1${path}`, method: "GET", path, params: query.map((name) => ({ key: name, name, in: "query" as const })), response: "json", page };
  const fn = async () => [] as { id: string }[];
  return Object.assign(fn, { paged: { client: { baseUrl: base, version: "" }, spec } });
}

async function ids(iterable: AsyncIterable<{ id: string }>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of iterable) out.push(item.id);
  return out;
}

async function run<T>(body: () => Promise<T>): Promise<{ result: T; requests: string[] }> {
  requests.length = 0;
  const result = await body();
  return { result, requests: [...requests] };
}

describe("each convention walks every page", () => {
  test("Link rel=next (GitHub), followed as is", async () => {
    const { result, requests } = await run(() => ids(paginate(paged("/link", { kind: "link" }, ["per_page"]), { per_page: 2 })));
    expect(result).toEqual(["a", "b", "c", "d", "e"]);
    expect(requests).toEqual(["/link?per_page=2", "/link?page=2&per_page=2", "/link?page=3&per_page=2"]);
  });

  test("has_more and starting_after (Stripe)", async () => {
    const { result, requests } = await run(() => ids(paginate(paged("/stripe", { kind: "after", items: "data", next: "has_more", param: "starting_after" }, ["starting_after"]))));
    expect(result).toEqual(["a", "b", "c", "d", "e"]);
    expect(requests).toEqual(["/stripe", "/stripe?starting_after=b", "/stripe?starting_after=d"]);
  });

  test("a next-page token (Google) and Slack's response_metadata.next_cursor", async () => {
    expect(await ids(paginate(paged("/token", { kind: "token", items: "items", next: "nextPageToken", param: "pageToken" }, ["pageToken"]), {}))).toEqual(["a", "b", "c", "d", "e"]);
    const slack = paged("/slack", { kind: "token", items: "members", next: "response_metadata.next_cursor", param: "cursor" }, ["cursor"]);
    const { result, requests } = await run(() => ids(paginate(slack)));
    expect(result).toEqual(["a", "b", "c", "d", "e"]);
    expect(requests).toEqual(["/slack", "/slack?cursor=2", "/slack?cursor=4"]);
  });

  test("links.pages.next (DigitalOcean)", async () => {
    const { result, requests } = await run(() => ids(paginate(paged("/do", { kind: "url", items: "droplets", next: "links.pages.next" }))));
    expect(result).toEqual(["a", "b", "c", "d", "e"]);
    expect(requests).toEqual(["/do", "/do?page=2", "/do?page=3"]);
  });

  test("page/per_page ends on a short page", async () => {
    const { result, requests } = await run(() => ids(paginate(paged("/pages", { kind: "page", param: "page", size: "per_page" }, ["page", "per_page"]), { per_page: 2 })));
    expect(result).toEqual(["a", "b", "c", "d", "e"]);
    expect(requests).toEqual(["/pages?per_page=2", "/pages?page=2&per_page=2", "/pages?page=3&per_page=2"]);
  });

  test("page numbers without a size asked: the server's declared default, else an empty page, ends it", async () => {
    const known = await run(() => ids(paginate(paged("/pages", { kind: "page", param: "page", size: "per_page", defaultSize: 3 }, ["page", "per_page"]))));
    expect(known.result).toEqual(["a", "b", "c", "d", "e"]);
    expect(known.requests).toEqual(["/pages", "/pages?page=2"]);
    const unknown = await run(() => ids(paginate(paged("/pages", { kind: "page", param: "page", size: "per_page" }, ["page", "per_page"]))));
    expect(unknown.result).toEqual(["a", "b", "c", "d", "e"]);
    expect(unknown.requests).toEqual(["/pages", "/pages?page=2", "/pages?page=3"]);
  });

  test("ending_before (Stripe, backwards): each page ends before the first item of the last", async () => {
    const spec: PageSpec = { kind: "after", items: "data", next: "has_more", param: "starting_after", before: "ending_before" };
    const { result, requests } = await run(() => ids(paginate(paged("/stripe", spec, ["starting_after", "ending_before"]), { ending_before: "e" })));
    expect(result).toEqual(["c", "d", "a", "b"]);
    expect(requests).toEqual(["/stripe?ending_before=e", "/stripe?ending_before=c"]);
    // Forwards, the backward cursor left out, nothing changes.
    expect(await ids(paginate(paged("/stripe", spec, ["starting_after", "ending_before"])))).toEqual(["a", "b", "c", "d", "e"]);
  });

  test("a page size above the server's maximum does not end the list at the first page", async () => {
    const spec: PageSpec = { kind: "page", param: "page", size: "per_page" };
    const capped = await run(() => ids(paginate(paged("/capped", spec, ["page", "per_page"]), { per_page: 10 })));
    expect(capped.result).toEqual(["a", "b", "c", "d", "e"]);
    // Page 1 is short of 10, so page 2 is asked for; after it, a page shorter than 2 is the last.
    expect(capped.requests).toEqual(["/capped?per_page=10", "/capped?page=2&per_page=10", "/capped?page=3&per_page=10"]);
    // A list that fits in one page costs one more request, answered empty…
    const fits = await run(() => ids(paginate(paged("/pages", spec, ["page", "per_page"]), { per_page: 10 })));
    expect(fits.result).toEqual(["a", "b", "c", "d", "e"]);
    expect(fits.requests).toEqual(["/pages?per_page=10", "/pages?page=2&per_page=10"]);
    // …unless the description declares the maximum, which tells a short page from a capped one.
    const declared = await run(() => ids(paginate(paged("/pages", { ...spec, maxSize: 10 }, ["page", "per_page"]), { per_page: 10 })));
    expect(declared.requests).toEqual(["/pages?per_page=10"]);
    const above = await run(() => ids(paginate(paged("/capped", { ...spec, maxSize: 2 }, ["page", "per_page"]), { per_page: 10 })));
    expect(above.result).toEqual(["a", "b", "c", "d", "e"]);
    expect(above.requests).toHaveLength(3);
  });

  test("offset/limit ends on an empty page", async () => {
    const { result, requests } = await run(() => ids(paginate(paged("/offset", { kind: "offset", items: "data", param: "offset", size: "limit" }, ["offset", "limit"]), { limit: 2 })));
    expect(result).toEqual(["a", "b", "c", "d"]);
    expect(requests).toEqual(["/offset?limit=2", "/offset?offset=2&limit=2", "/offset?offset=4&limit=2"]);
  });
});

describe("bounds and guards", () => {
  test("a page's items come before the next page is asked for; break stops the requests", async () => {
    requests.length = 0;
    const seen: string[] = [];
    for await (const item of paginate(paged("/link", { kind: "link" }, ["per_page"]), { per_page: 2 })) {
      seen.push(`${item.id}@${requests.length}`);
      if (item.id === "c") break;
    }
    expect(seen).toEqual(["a@1", "b@1", "c@2"]);
    expect(requests.length).toBe(2);
  });

  test("maxPages", async () => {
    const { result, requests } = await run(() => ids(paginate(paged("/link", { kind: "link" }, ["per_page"]), { per_page: 2 }, { maxPages: 2 })));
    expect(result).toEqual(["a", "b", "c", "d"]);
    expect(requests.length).toBe(2);
  });

  test("abort through the signal: the next page's request fails ABORTED", async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    const walk = async () => {
      for await (const item of paginate(paged("/link", { kind: "link" }, ["per_page"]), { per_page: 2 }, { signal: controller.signal })) {
        seen.push(item.id);
        controller.abort();
      }
    };
    await expect(walk()).rejects.toMatchObject({ code: "ABORTED" });
    expect(seen).toEqual(["a", "b"]);
  });

  test("a next link back to page 1 stops instead of looping", async () => {
    const { result, requests } = await run(() => ids(paginate(paged("/loop", { kind: "link" }))));
    // The third answer is page 1 again (asked as ?page=1): recognised by its items, not yielded.
    expect(result).toEqual(["p1", "p2"]);
    expect(requests).toEqual(["/loop", "/loop?page=2", "/loop?page=1"]);
  });

  test("a next link to the page just read is not asked for again", async () => {
    const { result, requests } = await run(() => ids(paginate(paged("/self", { kind: "link" }))));
    expect(result).toEqual(["s1", "s2"]);
    expect(requests).toEqual(["/self", "/self?page=2"]);
  });

  test("a next link to another origin is not followed", async () => {
    const { result, requests } = await run(() => ids(paginate(paged("/elsewhere", { kind: "link" }))));
    expect(result).toEqual(["x"]);
    expect(requests).toEqual(["/elsewhere"]);
  });

  test("a server that ignores the page parameter: the repeated page ends the list", async () => {
    const { result, requests } = await run(() => ids(paginate(paged("/ignores", { kind: "page", param: "page", size: "per_page" }, ["page", "per_page"]), { per_page: 2 })));
    expect(result).toEqual(["a", "b"]);
    expect(requests).toEqual(["/ignores?per_page=2", "/ignores?page=2&per_page=2"]);
  });

  test("a function that does not page is refused", () => {
    const fn = Object.assign(async () => undefined, { paged: { client: { baseUrl: base }, spec: { tool: "T/1/x", method: "GET", path: "/x", params: [], response: "json" as const } } });
    expect(() => paginate(fn as unknown as PagedFunction<undefined, unknown, "">)).toThrow(/not a paged operation/);
  });
});

test("Link header parsing (RFC 8288)", () => {
  expect(nextLink('<https://a/x?page=2>; rel="next", <https://a/x?page=9>; rel="last"')).toBe("https://a/x?page=2");
  expect(nextLink('<https://a/x?page=1>; rel="prev first", <https://a/x?page=3>; rel=next')).toBe("https://a/x?page=3");
  expect(nextLink('<https://a/x?page=9>; rel="last"')).toBeUndefined();
  expect(nextLink(null)).toBeUndefined();
});
