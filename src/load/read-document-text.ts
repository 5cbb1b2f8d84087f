/**
 * Bytes of one document: a local file, or an HTTP GET with the access token, a time limit, a size
 * limit (the body is streamed and dropped past it) and at most 5 redirects. Every failure is a
 * BadInputError naming the URL or file; the token never appears in a message.
 */
import { readFile, stat } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { networkReason } from "../runtime/network-reason.js";
import { BadInputError } from "./bad-input-error.js";

export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
export const DEFAULT_LOAD_TIMEOUT_MS = 30_000;
const MAX_REDIRECTS = 5;

export interface HttpSettings {
  /** Lower-case names. Everything but `accept` and the conditional ones is a credential (see below). */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * The only origin the token and the user's headers are sent to: the source's. A redirect or an
   * external `$ref` to any other origin gets a request without them, as browsers drop
   * Authorization on a cross-origin redirect. Undefined: credentials go nowhere.
   */
  readonly credentialOrigin?: string;
  readonly fetch: DocumentFetch;
  readonly timeoutMs: number;
  readonly maxBytes: number;
}

/**
 * What this module asks of a fetch: the global `fetch` fits, and so does the lighter one the
 * no-change check uses (light-fetch.ts), which never loads undici.
 */
export type DocumentFetch = (
  url: string,
  init: { readonly method: "GET" | "HEAD"; readonly headers: Readonly<Record<string, string>>; readonly redirect: "manual"; readonly signal?: AbortSignal },
) => Promise<FetchedResponse>;

export interface FetchedResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly statusText: string;
  readonly url: string;
  readonly headers: { get(name: string): string | null };
  readonly body: ReadableStream<Uint8Array> | null;
}

export interface DocumentText {
  readonly text: string;
  readonly bytes: Uint8Array;
  /** The URL the text finally came from (after redirects). */
  readonly url: string;
  readonly contentType?: string;
  /** The server's ETag, for polling with If-None-Match (`--watch`, the no-change check). */
  readonly etag?: string;
  /** The server's Last-Modified, sent back as If-Modified-Since. */
  readonly lastModified?: string;
}

/** What a conditional GET sends back: the ETag and Last-Modified of the copy already held. */
export interface Validators {
  readonly etag?: string;
  readonly lastModified?: string;
}

/**
 * A server that did not answer in time. The no-change check reports it at once instead of letting
 * the full run wait for the same server a second time.
 */
export class NoAnswerError extends BadInputError {}

/** Checks each address a redirect leads to before it is requested (throws to refuse). */
export type RedirectGuard = (url: string) => Promise<void>;

export async function readDocumentText(url: string, http: HttpSettings, guard?: RedirectGuard): Promise<DocumentText> {
  if (url.startsWith("file:")) return readLocalFile(url, http.maxBytes);
  return fetchText(url, http, "GET", guard);
}

async function readLocalFile(url: string, maxBytes: number): Promise<DocumentText> {
  const path = fileURLToPath(url);
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new BadInputError("is not a file", path);
    if (info.size > maxBytes) throw new BadInputError(`is larger than the limit of ${maxBytes} bytes`, path);
    const bytes = await readFile(path);
    return { text: decode(bytes), bytes, url };
  } catch (error) {
    if (error instanceof BadInputError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new BadInputError(code === "ENOENT" ? "no such file" : `cannot be read (${code ?? (error as Error).message})`, path);
  }
}

/** A HEAD request: true for a 2xx answer, false for anything else, a network failure included. */
export async function probe(url: string, http: HttpSettings): Promise<boolean> {
  try {
    const response = await send(url, http, "HEAD");
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * A conditional GET (`If-None-Match`, `If-Modified-Since`): `notModified` with the URL the answer
 * came from (after redirects) when the server answers 304, the document otherwise. Servers without
 * validators simply answer 200 every time; the caller compares hashes.
 */
export async function readConditionally(
  url: string,
  http: HttpSettings,
  validators: Validators,
  guard?: RedirectGuard,
): Promise<{ readonly notModified: true; readonly url: string } | { readonly notModified: false; readonly text: DocumentText }> {
  const headers: Record<string, string> = { ...http.headers };
  if (validators.etag !== undefined) headers["if-none-match"] = validators.etag;
  if (validators.lastModified !== undefined) headers["if-modified-since"] = validators.lastModified;
  const response = await send(url, { ...http, headers }, "GET", guard);
  if (response.status === 304) {
    await response.body?.cancel();
    return { notModified: true, url: response.url || url };
  }
  return { notModified: false, text: await textOf(response, url, http) };
}

async function fetchText(url: string, http: HttpSettings, method: "GET", guard?: RedirectGuard): Promise<DocumentText> {
  return textOf(await send(url, http, method, guard), url, http);
}

async function textOf(response: FetchedResponse, url: string, http: HttpSettings): Promise<DocumentText> {
  if (!response.ok) {
    await response.body?.cancel();
    throw new BadInputError(`answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`, response.url || url);
  }
  const bytes = await readLimited(response, http.maxBytes, url);
  const contentType = response.headers.get("content-type") ?? undefined;
  const etag = response.headers.get("etag") ?? undefined;
  const lastModified = response.headers.get("last-modified") ?? undefined;
  return {
    text: decode(bytes),
    bytes,
    url: response.url || url,
    ...(contentType ? { contentType } : {}),
    ...(etag ? { etag } : {}),
    ...(lastModified ? { lastModified } : {}),
  };
}

async function send(url: string, http: HttpSettings, method: "GET" | "HEAD", guard?: RedirectGuard): Promise<FetchedResponse> {
  let current = url;
  for (let hop = 0; ; hop++) {
    const headers = new URL(current).origin === http.credentialOrigin ? http.headers : publicHeaders(http.headers);
    const request = (signal: AbortSignal) => http.fetch(current, { method, headers, redirect: "manual", signal });
    const response = await withTimeout(current, http, async (signal) => {
      try {
        return await request(signal);
      } catch (error) {
        // A GET or HEAD may go again: a kept-alive connection that the server closed just as the
        // request went out breaks before any answer (seen serving a description's 600 $refs from a
        // loaded machine). Once: a server that always breaks is reported as it is.
        if (signal.aborted || !brokeBeforeAnswer(error)) throw error;
        return request(signal);
      }
    });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new BadInputError(`redirected more than ${MAX_REDIRECTS} times`, url);
      current = new URL(location, current).href;
      await guard?.(current);
      continue;
    }
    return response;
  }
}

/**
 * undici's codes for a connection reset or closed before the answer came, read from the cause
 * chain as networkReason writes it out ("code message: code message").
 */
const BROKEN_CONNECTION = /\b(?:ECONNRESET|EPIPE|UND_ERR_SOCKET)\b/;

function brokeBeforeAnswer(error: unknown): boolean {
  return BROKEN_CONNECTION.test(networkReason(error));
}

const PUBLIC_HEADERS = new Set(["accept", "if-none-match", "if-modified-since"]);

function publicHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => PUBLIC_HEADERS.has(name)));
}

async function withTimeout<T>(url: string, http: HttpSettings, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), http.timeoutMs);
  try {
    return await run(controller.signal);
  } catch (error) {
    if (error instanceof BadInputError) throw error;
    if (controller.signal.aborted) throw new NoAnswerError(`did not answer within ${http.timeoutMs} ms`, url);
    throw new BadInputError(`cannot be reached: ${networkReason(error)}`, url, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

async function readLimited(response: FetchedResponse, maxBytes: number, url: string): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new BadInputError(`the description is larger than the limit of ${maxBytes} bytes`, url);
  }
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel();
        throw new BadInputError(`the description is larger than the limit of ${maxBytes} bytes`, url);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof BadInputError) throw error;
    throw new BadInputError(`the connection broke while reading: ${networkReason(error)}`, url, { cause: error });
  }
  return Buffer.concat(chunks);
}

/** UTF-8, without a byte-order mark. */
export function decode(bytes: Uint8Array): string {
  const text = new TextDecoder("utf-8").decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
