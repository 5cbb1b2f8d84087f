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
 * Retries of `request()`: on by default, only where sending the request twice is safe.
 *
 * - Safe: an idempotent method (RFC 9110 §9.2.2: GET, HEAD, OPTIONS, PUT, DELETE, TRACE, and
 *   QUERY, safe and idempotent by its own draft, the method of OpenAPI 3.2's `query`), or any
 *   other method (POST, PATCH) when the request carries an idempotency key. An operation that
 *   declares an `Idempotency-Key` (or `X-Idempotency-Key`) header parameter gets one random key
 *   per logical call, sent on every attempt, unless the caller set one. A POST without a key is
 *   never retried: the server may have acted on the first one.
 * - Transient: no connection or a broken one (NETWORK, not a refused redirect), the attempt's
 *   timer (TIMEOUT: the request may have reached the server, which is why only safe requests are
 *   retried), and the statuses that say "try again later" (RETRY_STATUS). Not ABORTED, not any
 *   other status.
 * - When: the server's `retry-after-ms`, else its `Retry-After`; else exponential backoff with
 *   full jitter. A server's wait longer than `maxDelayMs` is not waited: its error is thrown at
 *   once, `retryAfterMs` set, for the caller to schedule. The caller's signal cuts a wait short.
 *
 * Each attempt is a fresh exchange (request.ts encodes the body again; bodies are strings,
 * FormData or Blobs, all of which can be sent twice). Streams are never retried here.
 */
import { RedirectRefused } from "./follow-redirects.js";
import type { OperationSpec } from "./operation.js";
import type { CallOptions, ClientConfig, RetryOptions } from "./options.js";
import { ToolCallError } from "./tool-call-error.js";

/** Attempts after the first one. */
export const DEFAULT_RETRIES = 2;
/** The first backoff's ceiling; it doubles per attempt (the wait is random below it). */
export const DEFAULT_MIN_DELAY_MS = 500;
/** The backoff's ceiling stops doubling here. */
export const DEFAULT_MAX_BACKOFF_MS = 8_000;
/** The longest wait of any kind; a longer Retry-After is thrown to the caller instead. */
export const DEFAULT_MAX_DELAY_MS = 60_000;

const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE", "QUERY"]);
/**
 * Answers that say "try again later" rather than "this request is wrong". Not 425 Too Early: it
 * only answers TLS early data, which fetch does not send.
 */
const RETRY_STATUS = new Set([408, 429, 500, 502, 503, 504]);

/** Header names that carry an idempotency key (compared in lower case). */
export function isIdempotencyKeyHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === "idempotency-key" || lower === "x-idempotency-key";
}

/**
 * The input with the operation's idempotency key filled in (`crypto.randomUUID()`), unless the
 * caller gave one, as the input field or in `headers` (a header set to `undefined` there says
 * "send none"). Called once per logical call, so every attempt sends the same key.
 */
export function withIdempotencyKey(config: ClientConfig<object>, op: OperationSpec, input: object | undefined, options: CallOptions<object>): object | undefined {
  const key = op.idempotencyKey;
  if (key === undefined || (input as Record<string, unknown> | undefined)?.[key] !== undefined) return input;
  const name = op.params.find((p) => p.key === key)?.name ?? key;
  if (headerOf(options.headers, name) !== null || headerOf(config.headers, name) !== null) return input;
  return { ...input, [key]: globalThis.crypto.randomUUID() };
}

/** The value a caller's header record gives a name (any case): null when it does not name it. */
function headerOf(headers: Record<string, string | undefined> | undefined, name: string): string | undefined | null {
  if (!headers) return null;
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === lower) return value;
  return null;
}

/** Whether the request may be sent again: an idempotent method, or an idempotency key it carries. */
export function mayResend(config: ClientConfig<object>, op: OperationSpec, input: object | undefined, options: CallOptions<object>): boolean {
  if (IDEMPOTENT.has(op.method)) return true;
  if (op.idempotencyKey !== undefined && (input as Record<string, unknown> | undefined)?.[op.idempotencyKey] !== undefined) return true;
  const headers = { ...lowerCased(config.headers), ...lowerCased(options.headers) };
  return Object.entries(headers).some(([name, value]) => typeof value === "string" && value !== "" && isIdempotencyKeyHeader(name));
}

function lowerCased(headers: Record<string, string | undefined> | undefined): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}

/** Runs `attempt` until it succeeds, fails for good, or the retries are spent. */
export async function withRetries<T>(config: ClientConfig<object>, options: CallOptions<object>, safe: boolean, attempt: () => Promise<T>): Promise<T> {
  const settings: RetryOptions = { ...config.retry, ...options.retry };
  const retries = settings.retries ?? DEFAULT_RETRIES;
  if (!safe || !(retries > 0)) return attempt();
  const signal = options.signal ?? config.signal;
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= retries || !(error instanceof ToolCallError) || !transient(error)) throw error;
      const wait = delayOf(error, n, settings);
      if (wait === undefined) throw error;
      await pause(wait, signal, error);
    }
  }
}

function transient(error: ToolCallError): boolean {
  // A redirect chain refused (too long, to another scheme) is an answer, not a lost connection.
  if (error.code === "NETWORK") return !(error.cause instanceof RedirectRefused);
  if (error.code === "TIMEOUT") return true;
  return error.code === "HTTP_STATUS" && RETRY_STATUS.has(error.status ?? 0);
}

/** The wait before retry `n + 1` (0-based `n`), or undefined when the server asked for longer than the cap. */
export function delayOf(error: ToolCallError, n: number, settings: RetryOptions): number | undefined {
  const maxDelay = settings.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  if (error.retryAfterMs !== undefined) return error.retryAfterMs > maxDelay ? undefined : error.retryAfterMs;
  const ceiling = Math.min(settings.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS, (settings.minDelayMs ?? DEFAULT_MIN_DELAY_MS) * 2 ** n);
  return Math.min(maxDelay, Math.random() * ceiling);
}

/** Waits `ms`; the caller's abort ends the wait and the call, with code ABORTED. */
function pause(ms: number, signal: AbortSignal | undefined, last: ToolCallError): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => {
      const reason = last.status !== undefined ? `a ${last.status} answer` : `a ${last.code} failure`;
      return new ToolCallError(`was aborted while waiting to retry after ${reason}`, { tool: last.tool, code: "ABORTED", method: last.method, url: last.url, cause: signal?.reason });
    };
    if (signal?.aborted) return reject(aborted());
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
