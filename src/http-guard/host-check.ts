/**
 * Which `Host` and `Origin` a server answers. A server on 127.0.0.1 is reachable by every web page
 * the user opens: a page can POST to it without a CORS preflight (a form, `text/plain`), and with
 * DNS rebinding (its own name resolving to 127.0.0.1) it can read the answers too. Rebinding needs
 * a host *name*, so a request is served when its Host is an IP literal, `localhost` (or a
 * `*.localhost` name, which browsers pin to loopback), the name the server was told to listen on,
 * the machine's own name when it listens on every interface, or a name the operator allowed. A
 * request carrying `Origin` (every browser POST does; other clients do not) is served only when
 * the Origin is the server's own address: these servers offer no CORS, so a legitimate browser
 * caller is same-origin.
 */
import { isIP } from "node:net";
import { hostname } from "node:os";

export interface HostCheckOptions {
  /** What the server was told to listen on (`127.0.0.1`, `0.0.0.0`, `::`, a name). */
  readonly listenHost: string;
  readonly port: number;
  /** Extra host names to serve (the `--allow-host` flag); `"*"` turns the check off. */
  readonly allowedHosts?: readonly string[];
}

export type HostVerdict = { readonly ok: true } | { readonly ok: false; readonly status: 403 | 421; readonly message: string };

export function createHostCheck(options: HostCheckOptions): (headers: { host?: string | undefined; origin?: string | undefined }) => HostVerdict {
  const extra = (options.allowedHosts ?? []).map((h) => h.toLowerCase());
  if (extra.includes("*")) return () => ({ ok: true });
  const names = new Set(extra);
  const listen = options.listenHost.toLowerCase();
  if (isIP(stripBrackets(listen)) === 0) names.add(listen);
  if (listen === "0.0.0.0" || listen === "::" || listen === "") names.add(hostname().toLowerCase());
  const hostAllowed = (host: string): boolean => {
    const name = stripBrackets(host.toLowerCase());
    return isIP(name) !== 0 || name === "localhost" || name.endsWith(".localhost") || names.has(name);
  };

  return ({ host, origin }) => {
    const hostName = host === undefined ? undefined : hostOf(host);
    if (hostName === undefined || !hostAllowed(hostName)) {
      return { ok: false, status: 421, message: `this server does not answer for Host ${JSON.stringify(host ?? "")}; start it with --allow-host <name> to serve that name` };
    }
    if (origin === undefined) return { ok: true };
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    const port = url === undefined ? "" : url.port || (url.protocol === "https:" ? "443" : "80");
    if (url === undefined || !hostAllowed(url.hostname) || port !== String(options.port) || url.protocol !== "http:") {
      return { ok: false, status: 403, message: `cross-origin requests are refused (Origin ${JSON.stringify(origin)}); call this server from the same origin or from a program` };
    }
    return { ok: true };
  };
}

/** `example.com:8080` -> `example.com`, `[::1]:80` -> `[::1]`; undefined when malformed. */
function hostOf(header: string): string | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]\s/@]+)(?::\d{1,5})?$/i.exec(header.trim());
  return match?.[1];
}

function stripBrackets(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}
