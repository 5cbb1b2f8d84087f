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
