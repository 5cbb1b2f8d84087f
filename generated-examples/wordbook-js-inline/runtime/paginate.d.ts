/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
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
import type { OperationSpec } from "./operation.js";
import type { CallOptions, ClientConfig } from "./options.js";
/**
 * What a generated function of a paged operation carries as `fn.paged`: the client it calls with
 * and its spec. `items` is never set: its type, a string literal, is where the items are in the
 * function's result (`""`: the result is the array), so the item type is computed from the
 * result type only where `paginate` is called. Naming the item type here instead made tsc
 * resolve every paged operation's result in an app's check (on GitHub's description, 261
 * operations: +1,300 types and about +0.9 s of check time).
 */
export interface PageCall<P extends string = string> {
    readonly client: ClientConfig<any>;
    readonly spec: OperationSpec;
    readonly items?: P;
}
/**
 * `fn.paged` as `operations.ts` writes it, `pageCall(client, spec) as PageCall<"data">`: a call of
 * one plain signature and a cast cost tsc one type per paged operation, where an object literal
 * cost four (GitHub's description: +100 types in an app's check instead of +1,140).
 */
export declare function pageCall(client: ClientConfig<any>, spec: OperationSpec): PageCall;
/** A generated function that pages: its input and result types, and where the items are. */
export interface PagedFunction<I, O, P extends string> {
    (input: I, options?: never): PromiseLike<O>;
    readonly paged: PageCall<P>;
}
/** The value at dotted path `P` of `O` (null and undefined left out at each step). */
type ValueAt<O, P extends string> = P extends "" ? NonNullable<O> : P extends `${infer H}.${infer R}` ? ValueAt<ValueAt<O, H>, R> : P extends keyof NonNullable<O> ? NonNullable<NonNullable<O>[P]> : never;
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
export declare function paginate<I, O, P extends string>(fn: PagedFunction<I, O, P>, ...[input, options]: PaginateArgs<I>): AsyncIterableIterator<PageItemOf<O, P>>;
/** The rel="next" target of a `Link` header (RFC 8288), if there is one. */
export declare function nextLink(header: string | null): string | undefined;
export {};
