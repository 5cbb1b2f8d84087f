/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
import { request } from "./request.js";
import { ToolCallError } from "./tool-call-error.js";
/**
 * `fn.paged` as `operations.ts` writes it, `pageCall(client, spec) as PageCall<"data">`: a call of
 * one plain signature and a cast cost tsc one type per paged operation, where an object literal
 * cost four (GitHub's description: +100 types in an app's check instead of +1,140).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any toolkit's credentials
export function pageCall(client, spec) {
    return { client, spec };
}
/**
 * Iterates every item of every page: `for await (const repo of paginate(listRepos, { per_page: 100 }))`.
 * Only a function the generator recognised as paged is accepted (it has `fn.paged`).
 * @throws {ToolCallError} as the function would for any page, or INVALID_RESPONSE when a page has no items array.
 */
export function paginate(fn, ...[input, options]) {
    const call = fn.paged;
    if (!call?.spec?.page)
        throw new TypeError(`paginate: ${call?.spec?.tool ?? fn.name} is not a paged operation`);
    return pages(call, call.spec.page, input, options ?? {});
}
async function* pages(call, page, firstInput, options) {
    const { maxPages, ...callOptions } = options;
    const seen = new Set();
    let input = { ...firstInput };
    let nextUrl;
    for (let count = 0; maxPages === undefined || count < maxPages; count++) {
        const { data, response, url } = await requestPage(call, input, callOptions, nextUrl);
        seen.add(`url ${url}`);
        const items = itemsOf(call.spec, page, data, url);
        // A page met before (a next link back to page 1 spelled differently, a server that ignores
        // the page parameter) ends the list rather than starting it again.
        const signature = pageSignature(items);
        if (signature !== undefined) {
            if (seen.has(signature))
                return;
            seen.add(signature);
        }
        for (const item of items)
            yield item;
        const next = nextOf(page, data, items, input, response, url);
        if (next === undefined)
            return;
        const key = "url" in next ? `url ${next.url}` : `input ${JSON.stringify(next.input)}`;
        if (seen.has(key))
            return;
        seen.add(key);
        if ("url" in next) {
            if (!sameOrigin(next.url, options.baseUrl ?? call.client.baseUrl))
                return;
            nextUrl = next.url;
        }
        else {
            input = next.input;
            nextUrl = undefined;
        }
    }
}
function nextOf(page, data, items, input, response, url) {
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
            return (typeof value === "string" && value !== "") || typeof value === "number" ? { input: { ...input, [page.param]: value } } : undefined;
        }
        case "after": {
            if (at(data, page.next ?? "has_more") !== true || items.length === 0)
                return undefined;
            const id = items[items.length - 1]?.id;
            return typeof id === "string" || typeof id === "number" ? { input: { ...input, [page.param]: id } } : undefined;
        }
        case "page":
        case "offset": {
            if (items.length === 0)
                return undefined;
            const asked = input[page.size];
            const size = typeof asked === "number" ? asked : typeof asked === "string" && asked !== "" ? Number(asked) : page.defaultSize;
            if (size !== undefined && items.length < size)
                return undefined;
            const current = Number(input[page.param] ?? (page.kind === "page" ? (page.first ?? 1) : 0));
            if (!Number.isFinite(current))
                return undefined;
            return { input: { ...input, [page.param]: page.kind === "page" ? current + 1 : current + items.length } };
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
async function requestPage(call, input, options, nextUrl) {
    const base = options.fetch ?? call.client.fetch ?? globalThis.fetch;
    let built;
    let response;
    let url = "";
    // Each attempt (retries) starts at the built URL; a redirect's hops go elsewhere.
    const recording = (async (target, init) => {
        let href = target instanceof Request ? target.url : String(target);
        built ??= href;
        if (nextUrl !== undefined && href === built)
            href = withMissingQuery(nextUrl, built);
        url = href;
        response = await base(href, init);
        return response;
    });
    const data = await request(call.client, call.spec, input, { ...options, fetch: recording });
    return { data, response, url };
}
function withMissingQuery(next, built) {
    const target = new URL(next);
    for (const [name, value] of new URL(built).searchParams)
        if (!target.searchParams.has(name))
            target.searchParams.append(name, value);
    return target.href;
}
function itemsOf(spec, page, data, url) {
    const items = page.items === undefined ? data : at(data, page.items);
    if (Array.isArray(items))
        return items;
    // An empty page may leave the array out or set it to null.
    if ((items === undefined || items === null) && page.items !== undefined && typeof data === "object" && data !== null)
        return [];
    throw new ToolCallError(`answered a page without its items array${page.items ? ` (${page.items})` : ""}`, { tool: spec.tool, code: "INVALID_RESPONSE", method: spec.method, url, body: data });
}
function at(data, path) {
    if (path === undefined)
        return undefined;
    let value = data;
    for (const name of path.split(".")) {
        if (typeof value !== "object" || value === null || !Object.prototype.hasOwnProperty.call(value, name))
            return undefined;
        value = value[name];
    }
    return value;
}
function pageSignature(items) {
    if (items.length === 0)
        return undefined;
    return `page ${items.length} ${JSON.stringify(items[0])} ${JSON.stringify(items[items.length - 1])}`;
}
/** The rel="next" target of a `Link` header (RFC 8288), if there is one. */
export function nextLink(header) {
    if (!header)
        return undefined;
    for (const match of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+(?:=(?:"[^"]*"|[^;,]*))?)*)/g)) {
        const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(match[2] ?? "");
        const rels = (rel?.[1] ?? rel?.[2] ?? "").toLowerCase().split(/\s+/);
        if (rels.includes("next"))
            return match[1];
    }
    return undefined;
}
function resolve(link, base) {
    try {
        return new URL(link, base || undefined).href;
    }
    catch {
        return link;
    }
}
function sameOrigin(next, baseUrl) {
    try {
        return new URL(next).origin === new URL(baseUrl).origin;
    }
    catch {
        return false;
    }
}
