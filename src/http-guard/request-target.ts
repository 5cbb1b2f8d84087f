/**
 * The request target (RFC 9112 §3.2) as path and query, without `new URL()` throwing on input a
 * client controls: `http://[::1`, a port above 65535 or `*` come back as undefined and the
 * server answers 400. The absolute form (`GET http://host/path`) is read for its path.
 */
export interface RequestTarget {
  /** Still percent-encoded: callers decide how to decode (see `decodeSegments`). */
  readonly path: string;
  /** Without the `?`. */
  readonly query: string;
}

export function parseRequestTarget(raw: string | undefined): RequestTarget | undefined {
  if (raw === undefined || raw === "") return undefined;
  let target = raw;
  if (!raw.startsWith("/")) {
    if (!/^https?:\/\//i.test(raw)) return undefined;
    try {
      const url = new URL(raw);
      target = `${url.pathname}${url.search}`;
    } catch {
      return undefined;
    }
  }
  const queryAt = target.indexOf("?");
  const hashAt = target.indexOf("#");
  const end = hashAt >= 0 ? hashAt : target.length;
  if (queryAt >= 0 && queryAt < end) return { path: target.slice(0, queryAt), query: target.slice(queryAt + 1, end) };
  return { path: target.slice(0, end), query: "" };
}

/**
 * `/a/b%20c` -> `/a/b c`, decoding each segment on its own, so `%2F` stays inside its segment and
 * never acts as a separator: `/WordBook%2Fv1/AddWord` is not `/WordBook/v1/AddWord`. Returns
 * undefined for malformed encoding and for a segment that decodes to one holding `/`.
 */
export function decodeSegments(path: string): string | undefined {
  if (!path.includes("%")) return path;
  const segments = path.split("/");
  for (let i = 0; i < segments.length; i++) {
    try {
      segments[i] = decodeURIComponent(segments[i]!);
    } catch {
      return undefined;
    }
    if (segments[i]!.includes("/")) return undefined;
  }
  return segments.join("/");
}
