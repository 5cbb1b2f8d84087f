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
 * The one function every generated operation calls: flat input + OperationSpec -> HTTP request
 * -> typed result or ToolCallError. A call always settles: a timer covers the whole exchange,
 * body included, and every failure is turned into a ToolCallError naming the tool.
 */
import { buildUrl, withoutQueryNames, withQuery } from "./build-url.js";
import { parameterProblem } from "./check-parameters.js";
import { redact, secretsOf } from "./redact-secrets.js";
import { mergeHeaders, parameterHeaders } from "./build-headers.js";
import { decodeSuccess, errorBody, InvalidAnswer, snippet } from "./decode-response.js";
import { encodeBody } from "./encode-body.js";
import { DEFAULT_MAX_REDIRECTS, fetchFollowingRedirects, RedirectRefused } from "./follow-redirects.js";
import { BodyTooLarge, DEFAULT_MAX_RESPONSE_BYTES, readCappedBody } from "./read-capped-body.js";
import type { OperationSpec } from "./operation.js";
import { DEFAULT_TIMEOUT_MS, type CallOptions, type ClientConfig } from "./options.js";
import { answerHeaders, ToolCallError } from "./tool-call-error.js";
import { applyAuth, CredentialFailed, describeAlternatives, type AppliedAuth } from "./auth/apply-auth.js";
import type { AuthValues, SecurityAlternative } from "./auth/auth-scheme.js";
import { encodeStrict } from "./serialize-value.js";
import { downloadOf, type Download } from "./files/content-disposition.js";
import { readStreamOptions, ToolStream, type StreamOptions } from "./streams/tool-stream.js";
import { transportError, type Exchange, type Fail, type Resend } from "./exchange.js";
import { ANSWER, type AnswerHook } from "./call-promise.js";
import { mayResend, withIdempotencyKey, withRetries } from "./retry.js";

/**
 * `input` is the operation's flat input object, typed `object` rather than
 * `Record<string, unknown>`: tsc relates a generated `<Name>Input` to `object` without looking at
 * its members, while the index signature would make an app's type check resolve every member of
 * every operation's input, called or not. Transient failures are retried where safe (retry.ts).
 */
export async function request(
  config: ClientConfig<object>,
  op: OperationSpec,
  input: object | undefined,
  options: CallOptions<object> = {},
): Promise<unknown> {
  const values = withIdempotencyKey(config, op, input, options);
  return withRetries(config, options, mayResend(config, op, values, options), () => requestOnce(config, op, values, options));
}

async function requestOnce(
  config: ClientConfig<object>,
  op: OperationSpec,
  input: object | undefined,
  options: CallOptions<object>,
): Promise<unknown> {
  const exchange = await openExchange(config, op, input, options);
  const { response, fail } = exchange;
  try {
    const maxBytes = options.maxResponseBytes ?? config.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    let read: { text?: string; blob?: Blob } | BodyTooLarge;
    let download: Download | undefined;
    try {
      const success = response.status >= 200 && response.status <= 299;
      if (success && (options.attachmentsAsFiles ?? config.attachmentsAsFiles)) download = downloadOf(response.headers.get("content-disposition"));
      read = await readCappedBody(response, maxBytes, download !== undefined);
    } catch (error) {
      throw transportError(exchange, error);
    }
    if (read instanceof BodyTooLarge) {
      throw fail(`answered ${response.status} with a body larger than ${read.limit} bytes; it was not read (raise maxResponseBytes to accept it)`, "RESPONSE_TOO_LARGE", { status: response.status });
    }
    if (response.status < 200 || response.status > 299) throw statusError(exchange, read);
    (options as AnswerHook)[ANSWER]?.(response);
    if (download !== undefined && read.blob) return new File([read.blob], download.filename ?? "", { type: read.blob.type });
    const result = decodeSuccess(op, response, read);
    if (result instanceof InvalidAnswer) throw fail(result.message, "INVALID_RESPONSE", { status: response.status, body: result.body });
    return result;
  } finally {
    exchange.stopTimer();
    exchange.release();
  }
}

/**
 * A stream's request: the answer's headers within `timeoutMs`, an error status rejected as any
 * call's is (its body read under the size cap), and a 2xx answer handed to a ToolStream that
 * reads it item by item. Streams are never retried; `options.reconnect` resumes a broken one.
 */
export async function streamRequest(
  config: ClientConfig<object>,
  op: OperationSpec,
  input: object | undefined,
  options: StreamOptions<object> = {},
): Promise<ToolStream<unknown>> {
  const stream = op.stream;
  if (!stream) throw new ToolCallError("declares no streamed answer", { tool: op.tool, code: "INVALID_INPUT", method: op.method, url: op.path });
  const streamOp: OperationSpec = { ...op, accept: streamAccept(stream.mediaType) };
  const keyed = withIdempotencyKey(config, op, input, options);
  const values = stream.flag !== undefined && (keyed as Record<string, unknown> | undefined)?.[stream.flag] === undefined ? { ...keyed, [stream.flag]: true } : keyed;
  const resend: Resend = (headers) => openStreamExchange(config, streamOp, values, { ...options, headers: { ...options.headers, ...headers } });
  const exchange = await openStreamExchange(config, streamOp, values, options);
  return new ToolStream(exchange, stream, readStreamOptions(config, options), resend);
}

/** Prefer the stream: a server offering JSON or a stream (OpenAI) answers the stream. */
function streamAccept(mediaType: string): string {
  const base = mediaType.split(";")[0]!.trim().toLowerCase();
  return `${base}, application/json;q=0.5`;
}

async function openStreamExchange(config: ClientConfig<object>, op: OperationSpec, input: object | undefined, options: CallOptions<object>): Promise<Exchange> {
  const exchange = await openExchange(config, op, input, options);
  const { response } = exchange;
  if (response.status >= 200 && response.status <= 299) {
    exchange.stopTimer();
    return exchange;
  }
  try {
    const maxBytes = options.maxResponseBytes ?? config.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    let read: { text?: string; blob?: Blob } | BodyTooLarge;
    try {
      read = await readCappedBody(response, maxBytes);
    } catch (error) {
      throw transportError(exchange, error);
    }
    if (read instanceof BodyTooLarge) {
      throw exchange.fail(`answered ${response.status} with a body larger than ${read.limit} bytes; it was not read (raise maxResponseBytes to accept it)`, "RESPONSE_TOO_LARGE", { status: response.status });
    }
    throw statusError(exchange, read);
  } finally {
    exchange.stopTimer();
    exchange.release();
  }
}

/** Sends the request and waits for the answer's headers. */
async function openExchange(config: ClientConfig<object>, op: OperationSpec, input: object | undefined, options: CallOptions<object>): Promise<Exchange> {
  const values = (input ?? {}) as Record<string, unknown>;
  const baseUrl = options.baseUrl ?? config.baseUrl;
  const problem = parameterProblem(op, values);
  if (problem) throw new ToolCallError(problem, { tool: op.tool, code: "INVALID_INPUT", method: op.method, url: `${baseUrl.replace(/\/+$/, "")}${op.path}` });
  // Errors name this URL: it never carries a query credential, which is added only to what is sent.
  const url = buildUrl(baseUrl, op, values, config.version);
  const { body, contentType } = encodeBody(op, values);
  const token = options.accessToken ?? config.accessToken ?? (config.tokenFromEnv ? environmentToken() : undefined);
  let secrets = secretsOf({}, token);
  const fail: Fail = (message, code, extra = {}) =>
    new ToolCallError(redact(message, secrets), { tool: op.tool, code, method: op.method, url, ...extra, ...("body" in extra ? { body: redact(extra.body, secrets) } : {}), ...(extra.headers ? { headers: redact(extra.headers, secrets) } : {}) });

  const timeoutMs = options.timeoutMs ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  const callerSignal = options.signal ?? config.signal;
  let timedOut = false;
  const onAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) throw fail("was aborted before it was sent", "ABORTED", { cause: callerSignal.reason });
  callerSignal?.addEventListener("abort", onAbort, { once: true });
  let timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const release = () => callerSignal?.removeEventListener("abort", onAbort);

  const doFetch = options.fetch ?? config.fetch ?? globalThis.fetch;
  let handedOver = false;
  try {
    // Credentials first: a refresh function runs under the same timeout and abort as the call.
    let auth: AppliedAuth;
    try {
      const values = { ...(config.auth as AuthValues | undefined), ...(options.auth as AuthValues | undefined) };
      auth = await untilAborted(applyAuth(config.securitySchemes, op.security, values, encodeStrict), controller.signal);
    } catch (error) {
      if (error instanceof CredentialFailed) throw fail(error.message, "AUTH", { cause: error.cause });
      if (timedOut) throw fail(`got no credential within ${timeoutMs} ms`, "TIMEOUT", { cause: error });
      throw fail("was aborted", "ABORTED", { cause: error });
    }
    const paramHeaders = parameterHeaders(op, values);
    const cookie = [paramHeaders.cookie, ...auth.cookies].filter(Boolean).join("; ");
    const headers = mergeHeaders(
      { accept: op.accept ?? "application/json" },
      contentType ? { "content-type": contentType } : undefined,
      token ? { authorization: `token ${token}` } : undefined,
      auth.headers,
      config.headers,
      options.headers,
      paramHeaders,
      cookie ? { cookie } : undefined,
    );
    secrets = secretsOf(headers, token, auth.secrets);
    const target = withQuery(withoutQueryNames(url, auth.queryNames), auth.query);

    const maxRedirects = options.maxRedirects ?? config.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    const exchange = (response: Response): Exchange => ({
      response,
      controller,
      fail,
      timeoutMs,
      timedOut: () => timedOut,
      unsatisfied: auth.unsatisfied,
      stopTimer,
      release,
    });
    let answered: Awaited<ReturnType<typeof fetchFollowingRedirects>>;
    try {
      const init = { method: op.method, headers, ...(body !== undefined ? { body } : {}), signal: controller.signal, credentialQuery: auth.queryNames };
      answered = await fetchFollowingRedirects(doFetch, target, init, maxRedirects);
    } catch (error) {
      throw transportError({ controller, fail, timeoutMs, timedOut: () => timedOut }, error);
    }
    if (answered instanceof RedirectRefused) throw fail(answered.message, "NETWORK", { cause: answered });
    handedOver = true;
    return exchange(answered.response);
  } finally {
    if (!handedOver) {
      stopTimer();
      release();
    }
  }
}

/** The error of a non-2xx answer whose body was read. */
function statusError(exchange: Exchange, read: { text?: string; blob?: Blob }): ToolCallError {
  const { response } = exchange;
  const detail = errorBody(response, read);
  const text = typeof detail === "string" ? detail : detail instanceof Blob ? "" : JSON.stringify(detail);
  const hint = exchange.unsatisfied && (response.status === 401 || response.status === 403) ? authHint(exchange.unsatisfied) : "";
  return exchange.fail(`answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}${text ? `: ${snippet(text)}` : ""}${hint}`, "HTTP_STATUS", {
    status: response.status,
    body: detail,
    ...retryAfter(response),
    ...answerHeaders(response.headers),
  });
}

/** What a 401/403 of a secured operation called without its credentials should tell the caller. */
function authHint(alternatives: readonly SecurityAlternative[]): string {
  const first = alternatives.find((a) => a.length > 0) ?? [];
  const example = first.map((name) => `${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}: …`).join(", ");
  return ` (no credentials were sent: the operation accepts the security scheme${alternatives.length > 1 || first.length > 1 ? "s" : ""} ${describeAlternatives(alternatives)}; supply them with configure({ auth: { ${example} } }))`;
}

/** The promise, or a rejection as soon as the signal aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

function environmentToken(): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.EB_AGENT_ACCESS_TOKEN || undefined;
}

/**
 * How long the server asks to wait: `retry-after-ms` (OpenAI's, milliseconds) wins over
 * Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3).
 */
function retryAfter(response: Response): { retryAfterMs?: number } {
  const ms = response.headers.get("retry-after-ms");
  if (ms?.trim() && Number.isFinite(Number(ms))) return { retryAfterMs: Math.max(0, Number(ms)) };
  const value = response.headers.get("retry-after");
  if (!value) return {};
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return { retryAfterMs: Math.max(0, seconds * 1000) };
  const date = Date.parse(value);
  return Number.isFinite(date) ? { retryAfterMs: Math.max(0, date - Date.now()) } : {};
}
