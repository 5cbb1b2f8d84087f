/**
 * `paginate(fn, input, { maxPages, signal })`: every item of every page of a list operation the
 * generator recognised as paged (model/pagination.ts, docs/pagination.md). A page's items are
 * yielded before the next page is asked for, so `break` stops the requests too.
 *
 * It never loops on a server that repeats itself: a next URL, token or cursor already followed
 * ends the list, and so does a page whose items (their number, first and last) are those of a
 * page met before (a next link back to page 1 spelled differently, a server that ignores the
 * page parameter). A next URL on another origin is not followed either (the
 * caller's credentials would go with it).
 */
import type { OperationSpec, PageSpec } from "./operation.js";
import { withBoundOptions, type CallOptions, type ClientConfig } from "./options.js";
import { request } from "./request.js";
import { ToolCallError } from "./tool-call-error.js";

/**
 * What a generated function of a paged operation carries as `fn.paged`: the client it calls with
 * and its spec. `items` is never set: its type, a string literal, is where the items are in the
 * function's result (`""`: the result is the array), so the item type is computed from the
 * result type only where `paginate` is called. Naming the item type here instead made tsc
 * resolve every paged operation's result in an app's check (on GitHub's description, 261
 * operations: +1,300 types and about +0.9 s of check time).
 */
export interface PageCall<P extends string = string> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any toolkit's credentials
  readonly client: ClientConfig<any>;
  readonly spec: OperationSpec;
  readonly items?: P;
  /** A bound client's options (`createClient`), beneath those given to `paginate`. */
  readonly options?: CallOptions<object>;
}

/**
 * `fn.paged` as `operations.ts` writes it, `pageCall(client, spec) as PageCall<"data">`: a call of
 * one plain signature and a cast cost tsc one type per paged operation, where an object literal
 * cost four (GitHub's description: +100 types in an app's check instead of +1,140).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any toolkit's credentials
export function pageCall(client: ClientConfig<any>, spec: OperationSpec): PageCall {
  return { client, spec };
}

/** A generated function that pages: its input and result types, and where the items are. */
export interface PagedFunction<I, O, P extends string> {
  (input: I, options?: never): PromiseLike<O>;
  readonly paged: PageCall<P>;
}

/** The value at dotted path `P` of `O` (null and undefined left out at each step). */
type ValueAt<O, P extends string> = P extends ""
  ? NonNullable<O>
  : P extends `${infer H}.${infer R}`
    ? ValueAt<ValueAt<O, H>, R>
    : P extends keyof NonNullable<O>
      ? NonNullable<NonNullable<O>[P]>
      : never;

/** One item of a page: the element type of the array at `P` in the result `O`. */
export type PageItemOf<O, P extends string> = ValueAt<O, P> extends ReadonlyArray<infer T> ? T : never;

export interface PaginateOptions extends CallOptions<object> {
  /** Ask for at most this many pages (default: no limit). */
  readonly maxPages?: number;
}

type PaginateArgs<I> = undefined extends I ? [input?: I, options?: PaginateOptions] : [input: I, options?: PaginateOptions];

/**
 * Iterates every item of every page: `for await (const repo of paginate(listRepos, { per_page: 100 }))`.
 * Only a function the generator recognised as paged is accepted (it has `fn.paged`).
 * @throws {ToolCallError} as the function would for any page, or INVALID_RESPONSE when a page has no items array.
 */
export function paginate<I, O, P extends string>(fn: PagedFunction<I, O, P>, ...[input, options]: PaginateArgs<I>): AsyncIterableIterator<PageItemOf<O, P>> {
  const call = fn.paged;
  if (!call?.spec?.page) throw new TypeError(`paginate: ${call?.spec?.tool ?? fn.name} is not a paged operation`);
  const merged = call.options ? withBoundOptions(call.options, options) : (options ?? {});
  return pages<PageItemOf<O, P>>(call, call.spec.page, input as object | undefined, merged);
}

async function* pages<T>(call: PageCall, page: PageSpec, firstInput: object | undefined, options: PaginateOptions): AsyncIterableIterator<T> {
  const { maxPages, ...callOptions } = options;
  const seen = new Set<string>();
  const run: PagesSoFar = { longest: 0 };
  let input: Record<string, unknown> = { ...(firstInput as Record<string, unknown> | undefined) };
  let nextUrl: string | undefined;
  for (let count = 0; maxPages === undefined || count < maxPages; count++) {
    const { data, response, url } = await requestPage(call, input, callOptions, nextUrl);
    seen.add(`url ${url}`);
    const items = itemsOf(call.spec, page, data, url);
    // A page met before (a next link back to page 1 spelled differently, a server that ignores
    // the page parameter) ends the list rather than starting it again.
    const signature = pageSignature(items);
    if (signature !== undefined) {
      if (seen.has(signature)) return;
      seen.add(signature);
    }
    for (const item of items) yield item as T;
    const next = nextOf(page, data, items, input, response, url, run);
    if (next === undefined) return;
    const key = "url" in next ? `url ${next.url}` : `input ${JSON.stringify(next.input)}`;
    if (seen.has(key)) return;
    seen.add(key);
    if ("url" in next) {
      if (!sameOrigin(next.url, options.baseUrl ?? call.client.baseUrl)) return;
      nextUrl = next.url;
    } else {
      input = next.input;
      nextUrl = undefined;
    }
  }
}

type Next = { readonly url: string } | { readonly input: Record<string, unknown> };

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

/**
 * Whether a numbered page shorter than the page size ends the list. The size the server uses
 * when none is asked for is trusted. A size the caller asked for may be above what the server
 * gives (`per_page: 500` where GitHub gives 100), which a page does not tell: unless the
 * description declares the maximum, a short first page is checked by asking for the next one, and
 * later a page ends the list only when it is shorter than one before it.
 */
function isShortPage(page: PageSpec, input: Record<string, unknown>, length: number, run: PagesSoFar): boolean {
  const longestBefore = run.longest;
  run.longest = Math.max(run.longest, length);
  const asked = input[page.size!];
  const chosen = typeof asked === "number" ? asked : typeof asked === "string" && asked !== "" ? Number(asked) : undefined;
  if (chosen === undefined || !Number.isFinite(chosen)) return page.defaultSize !== undefined && length < page.defaultSize;
  if (page.maxSize !== undefined) return length < Math.min(chosen, page.maxSize);
  if (length >= chosen) return false;
  return length < longestBefore;
}

/** What a list's earlier pages tell about the later ones. */
interface PagesSoFar {
  /** The most items a page held so far. */
  longest: number;
}

function nextOf(page: PageSpec, data: unknown, items: readonly unknown[], input: Record<string, unknown>, response: Response | undefined, url: string, run: PagesSoFar): Next | undefined {
  switch (page.kind) {
    case "link": {
      const link = nextLink(response?.headers.get("link") ?? null);
      return link !== undefined ? { url: resolve(link, url) } : undefined;
    }
    case "url": {
      const value = at(data, page.next);
      return typeof value === "string" && value !== "" ? { url: resolve(value, url) } : undefined;
    }
    case "token": {
      const value = at(data, page.next);
      return (typeof value === "string" && value !== "") || typeof value === "number" ? { input: { ...input, [page.param!]: value } } : undefined;
    }
    case "after": {
      if (at(data, page.next ?? "has_more") !== true || items.length === 0) return undefined;
      // Paging backwards (Stripe's ending_before): each page ends before the first item of the last.
      const backwards = page.before !== undefined && isSet(input[page.before]);
      const id = (items[backwards ? 0 : items.length - 1] as { id?: unknown } | null)?.id;
      if (typeof id !== "string" && typeof id !== "number") return undefined;
      return { input: { ...input, [backwards ? page.before! : page.param!]: id } };
    }
    case "page":
    case "offset": {
      if (items.length === 0) return undefined;
      if (isShortPage(page, input, items.length, run)) return undefined;
      const current = Number(input[page.param!] ?? (page.kind === "page" ? (page.first ?? 1) : 0));
      if (!Number.isFinite(current)) return undefined;
      return { input: { ...input, [page.param!]: page.kind === "page" ? current + 1 : current + items.length } };
    }
    default:
      return undefined;
  }
}

/**
 * One page through the runtime's `request`, with the answer kept: a `fetch` wrapped around the
 * configured one records the final answer (its `Link` header), and for a next URL sends the
 * request there instead of to the URL built from the input. Query parameters of the built URL
 * that the next URL lacks (an API key sent in the query) go along.
 */
async function requestPage(call: PageCall, input: object, options: CallOptions<object>, nextUrl: string | undefined): Promise<{ data: unknown; response: Response | undefined; url: string }> {
  const base = options.fetch ?? call.client.fetch ?? globalThis.fetch;
  let built: string | undefined;
  let response: Response | undefined;
  let url = "";
  // Each attempt (retries) starts at the built URL; a redirect's hops go elsewhere.
  const recording = (async (target: RequestInfo | URL, init?: RequestInit) => {
    let href = target instanceof Request ? target.url : String(target);
    built ??= href;
    if (nextUrl !== undefined && href === built) href = withMissingQuery(nextUrl, built);
    url = href;
    response = await base(href, init);
    return response;
  }) as typeof fetch;
  const data = await request(call.client as ClientConfig<object>, call.spec, input, { ...options, fetch: recording });
  return { data, response, url };
}

function withMissingQuery(next: string, built: string): string {
  const target = new URL(next);
  for (const [name, value] of new URL(built).searchParams) if (!target.searchParams.has(name)) target.searchParams.append(name, value);
  return target.href;
}

function itemsOf(spec: OperationSpec, page: PageSpec, data: unknown, url: string): readonly unknown[] {
  const items = page.items === undefined ? data : at(data, page.items);
  if (Array.isArray(items)) return items;
  // An empty page may leave the array out or set it to null.
  if ((items === undefined || items === null) && page.items !== undefined && typeof data === "object" && data !== null) return [];
  throw new ToolCallError(`answered a page without its items array${page.items ? ` (${page.items})` : ""}`, { tool: spec.tool, code: "INVALID_RESPONSE", method: spec.method, url, body: data });
}

function at(data: unknown, path: string | undefined): unknown {
  if (path === undefined) return undefined;
  let value = data;
  for (const name of path.split(".")) {
    if (typeof value !== "object" || value === null || !Object.prototype.hasOwnProperty.call(value, name)) return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

function pageSignature(items: readonly unknown[]): string | undefined {
  if (items.length === 0) return undefined;
  return `page ${items.length} ${JSON.stringify(items[0])} ${JSON.stringify(items[items.length - 1])}`;
}

/** The rel="next" target of a `Link` header (RFC 8288), if there is one. */
export function nextLink(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const match of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+(?:=(?:"[^"]*"|[^;,]*))?)*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(match[2] ?? "");
    const rels = (rel?.[1] ?? rel?.[2] ?? "").toLowerCase().split(/\s+/);
    if (rels.includes("next")) return match[1];
  }
  return undefined;
}

function resolve(link: string, base: string): string {
  try {
    return new URL(link, base || undefined).href;
  } catch {
    return link;
  }
}

function sameOrigin(next: string, baseUrl: string): boolean {
  try {
    return new URL(next).origin === new URL(baseUrl).origin;
  } catch {
    return false;
  }
}
