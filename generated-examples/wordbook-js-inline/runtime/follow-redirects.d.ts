/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Redirects are followed here, not by fetch: undici's `redirect: "follow"` drops only
 * `Authorization` on a cross-origin hop, so an `X-Api-Key` from `configure({ headers })`, a
 * cookie parameter or a token header would reach whatever host a tool server redirects to. Each
 * hop is checked: a cross-origin one carries only the content headers (`accept`, and
 * `content-type` while a body goes along), and the chain is capped.
 *
 * Method rewriting follows the Fetch standard's "HTTP-redirect fetch": 303 turns anything but
 * HEAD into a body-less GET, 301/302 do so for POST only, 307/308 resend method and body.
 */
export declare const DEFAULT_MAX_REDIRECTS = 5;
export interface HopRequest {
    readonly method: string;
    readonly headers: Record<string, string>;
    readonly body?: BodyInit;
    readonly signal: AbortSignal;
    /** Query parameters that carry a credential (an apiKey `in: query`): removed on a hop to another origin. */
    readonly credentialQuery?: readonly string[];
}
/** Why a redirect chain was not followed to its end; the caller turns it into a ToolCallError. */
export declare class RedirectRefused {
    readonly message: string;
    constructor(message: string);
}
export declare function fetchFollowingRedirects(doFetch: typeof fetch, url: string, init: HopRequest, maxRedirects: number): Promise<{
    readonly response: Response;
    readonly url: string;
} | RedirectRefused>;
