import type { AuthScheme, AuthValues } from "./auth/auth-scheme.js";

/**
 * Options accepted per call and per client; per-call values win, headers and auth are merged.
 * `Auth` is the toolkit's own `Credentials` type in generated code (scheme names as keys).
 */
export interface CallOptions<Auth extends object = AuthValues> {
  /** Base address of the tool server; replaces the one recorded at generation time. */
  baseUrl?: string;
  /** Extra headers, merged over the client's (a `undefined` value removes one). */
  headers?: Record<string, string | undefined>;
  /** Cancels the call; the promise rejects with a `ToolCallError` of code `ABORTED`. */
  signal?: AbortSignal;
  /** Milliseconds before the call fails with code `TIMEOUT`; `0` disables. Default 60 000. */
  timeoutMs?: number;
  /** A `fetch` implementation (tests, proxies, instrumentation). Default: global `fetch`. */
  fetch?: typeof fetch;
  /**
   * Credentials by security scheme name (`components.securitySchemes`), applied to each operation
   * as its `security` asks; per-call ones are merged over the configured ones.
   */
  auth?: Auth;
  /** Sent as `Authorization: token <accessToken>` unless an Authorization header is given. */
  accessToken?: string;
  /**
   * Largest answer body read, in bytes (default 32 MiB; `0` disables). Counted while the body
   * streams, so a larger answer is cut off before it is buffered: code `RESPONSE_TOO_LARGE`.
   */
  maxResponseBytes?: number;
  /**
   * Redirects followed per call (default 5; `0` follows none). A hop to another origin carries no
   * configured header, token or header/cookie parameter, only `accept` and `content-type`.
   */
  maxRedirects?: number;
  /**
   * Retries of transient failures (connection failures, timeouts, 408, 429, 500, 502, 503, 504),
   * on by default (2) where sending twice is safe: idempotent methods, and POST or PATCH that
   * carry an idempotency key (retry.ts). Per-call fields win over the client's; `{ retries: 0 }`
   * turns them off. Streams are never retried.
   */
  retry?: RetryOptions;
  /**
   * A 2xx answer that is a download (`Content-Disposition: attachment`, or one that names a file)
   * comes back as a `File` named as the header says, whatever its media type, instead of being
   * decoded by its Content-Type. `toolkit.call` sets it, so a model gets a stored file; off by
   * default, so typed functions return what their types say.
   */
  attachmentsAsFiles?: boolean;
}

export interface RetryOptions {
  /** Attempts after the first one (default 2; `0` turns retries off). */
  readonly retries?: number;
  /** Ceiling of the first backoff in ms (default 500); doubles per attempt, the wait random below it (full jitter). */
  readonly minDelayMs?: number;
  /** The backoff ceiling stops doubling here, in ms (default 8 000). */
  readonly maxBackoffMs?: number;
  /**
   * Longest wait in ms (default 60 000). A server asking for longer (Retry-After, retry-after-ms)
   * is not waited for: its error is thrown at once, with `retryAfterMs`.
   */
  readonly maxDelayMs?: number;
}

/** The per-toolkit state a generated module keeps: what the description says plus client options. */
export interface ClientConfig<Auth extends object = AuthValues> extends CallOptions<Auth> {
  /** Default base address (the address given to toolgen, or `servers[0].url` for a file). */
  baseUrl: string;
  /** `info.version`, appended to every call as `?version=`; `""` sends none. */
  version: string;
  /**
   * Read the access token from `EB_AGENT_ACCESS_TOKEN` when none is configured. On for hub
   * toolkits (the hub needs it), off otherwise so a token is never sent to a server by surprise.
   */
  tokenFromEnv?: boolean;
  /** The description's supported security schemes, by name: how each credential is sent. */
  securitySchemes?: Readonly<Record<string, AuthScheme>>;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * `bound` (a `createClient`'s options) under `options` (the call's): the call's win, headers and
 * auth are merged key by key.
 */
export function withBoundOptions(bound: CallOptions<object>, options?: CallOptions<object>): CallOptions<object> {
  return {
    ...bound,
    ...options,
    headers: { ...bound.headers, ...options?.headers },
    ...(bound.auth || options?.auth ? { auth: { ...bound.auth, ...options?.auth } } : {}),
  };
}
