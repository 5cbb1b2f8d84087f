// @ts-nocheck
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

export const DEFAULT_MAX_REDIRECTS = 5;

/** Headers that say what is sent and wanted, never who is asking: safe to carry to another origin. */
const CONTENT_HEADERS = new Set(["accept", "content-type"]);
const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);

export interface HopRequest {
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body?: BodyInit;
  readonly signal: AbortSignal;
  /** Query parameters that carry a credential (an apiKey `in: query`): removed on a hop to another origin. */
  readonly credentialQuery?: readonly string[];
}

/** Why a redirect chain was not followed to its end; the caller turns it into a ToolCallError. */
export class RedirectRefused {
  constructor(readonly message: string) {}
}

export async function fetchFollowingRedirects(
  doFetch: typeof fetch,
  url: string,
  init: HopRequest,
  maxRedirects: number,
): Promise<{ readonly response: Response; readonly url: string } | RedirectRefused> {
  let current = new URL(url);
  const origin = current.origin;
  let hop: HopRequest = init;
  for (let hops = 0; ; hops++) {
    const response = await doFetch(current.href, {
      method: hop.method,
      headers: hop.headers,
      ...(hop.body !== undefined ? { body: hop.body } : {}),
      signal: hop.signal,
      redirect: "manual",
    });
    // A browser hides where a manual redirect goes; following blindly would need "follow", which
    // is exactly the header leak this file exists to prevent.
    if (response.type === "opaqueredirect") {
      return new RedirectRefused("answered with a redirect the browser does not let a client inspect; set baseUrl to the address it redirects to");
    }
    const location = response.headers.get("location");
    if (!REDIRECT_STATUS.has(response.status) || location === null) return { response, url: current.href };
    await response.body?.cancel().catch(() => {});
    if (hops >= maxRedirects) return new RedirectRefused(`was redirected more than ${maxRedirects} times (last to ${safeTarget(location, current)})`);
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      return new RedirectRefused(`answered ${response.status} with an unusable Location header`);
    }
    if (next.protocol !== "http:" && next.protocol !== "https:") return new RedirectRefused(`was redirected to a ${next.protocol} address, which is not followed`);
    const crossOrigin = next.origin !== origin;
    // A server that redirects keeping the query string would hand the key to the other host.
    if (crossOrigin) for (const name of init.credentialQuery ?? []) if (next.searchParams.has(name)) next.searchParams.delete(name);
    hop = nextHop(hop, response.status, crossOrigin);
    current = next;
  }
}

function nextHop(hop: HopRequest, status: number, crossOrigin: boolean): HopRequest {
  const toGet = (status === 303 && hop.method !== "HEAD") || ((status === 301 || status === 302) && hop.method === "POST");
  const keepBody = !toGet && hop.body !== undefined;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(hop.headers)) {
    const lower = name.toLowerCase();
    if (lower === "content-type" && !keepBody) continue;
    if (crossOrigin && !CONTENT_HEADERS.has(lower)) continue;
    headers[name] = value;
  }
  return { method: toGet ? "GET" : hop.method, headers, ...(keepBody ? { body: hop.body } : {}), signal: hop.signal, ...(hop.credentialQuery ? { credentialQuery: hop.credentialQuery } : {}) };
}

/** The redirect target for a message, without credentials a server may have put in it. */
function safeTarget(location: string, base: URL): string {
  try {
    const url = new URL(location, base);
    return `${url.origin}${url.pathname}`;
  } catch {
    return "an unusable address";
  }
}
