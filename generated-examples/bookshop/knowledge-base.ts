/**
 * Knowledge-base client (toolgen). Speaks the knowledge-base protocol of the tool-server spec,
 * part B: `POST {baseUrl}/llm/knowledge/create` and `POST {baseUrl}/llm/knowledge/search`, plus
 * the document endpoints of toolgen's local service (`toolgen kb serve`) under
 * `/llm/knowledge/documents/`.
 *
 * This file is self-contained on purpose: it has no imports and uses only web-standard globals
 * (fetch, AbortController, URL), so toolgen can copy it verbatim beside every generated client
 * and it runs unchanged in Node (>= 18) and in browsers.
 *
 * ```ts
 * const kb = await KnowledgeBase.connect({ knowledgeBaseName: "docs" }); // token: EB_AGENT_ACCESS_TOKEN
 * await kb.addDocuments([{ title: "a.md", content: "..." }], { batchSize: 50, threadCount: 4 });
 * const hits = await kb.search("query", { topK: 5, filters: { title: "a.md" } });
 * ```
 */

/** Where the hosted service lives; `AISTUDIO_BASE_URL` or `baseUrl` replaces it. */
export const DEFAULT_KNOWLEDGE_BASE_URL = "https://aistudio.baidu.com";
/** Default per-request time limit in milliseconds; `timeoutMs: 0` disables it. */
export const DEFAULT_KNOWLEDGE_BASE_TIMEOUT_MS = 60_000;

/**
 * Codes the client itself assigns. Errors reported by the service keep the service's code instead:
 * the HTTP status for a non-200 answer, `errorCode` for a 200 answer with `errorCode != 0`.
 */
export type KnowledgeBaseClientErrorCode =
  | "NO_ACCESS_TOKEN" // no accessToken argument and no EB_AGENT_ACCESS_TOKEN
  | "NO_KNOWLEDGE_BASE" // neither knowledgeBaseName nor knowledgeBaseId
  | "INVALID_ARGUMENT" // a caller's argument is unusable (nothing was sent)
  | "TIMEOUT" // no complete answer within timeoutMs
  | "ABORTED" // the caller's AbortSignal fired
  | "NETWORK" // the request could not be sent or the answer not read
  | "INVALID_RESPONSE" // HTTP 200 whose body is not the protocol's envelope
  | "INVALID_HIT"; // a search hit that cannot be converted (e.g. source.doc is not JSON)

/** Every failure of this client. `code` is a number when it comes from the service. */
export class KnowledgeBaseError extends Error {
  readonly code: number | string;

  constructor(message: string, code: number | string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "KnowledgeBaseError";
    this.code = code;
  }
}

/** One failed batch of `addDocuments`; `firstDocument`/`lastDocument` are 0-based, inclusive. */
export interface FailedBatch {
  batch: number;
  firstDocument: number;
  lastDocument: number;
  error: KnowledgeBaseError;
}

/**
 * `addDocuments` stopped. The message names the first failed batch (index and document range);
 * the fields say exactly which documents were stored, which failed and which were never sent, so
 * nothing is silently dropped and the caller can retry only what is missing.
 */
export class AddDocumentsError extends KnowledgeBaseError {
  /** Failed batches, lowest index first. */
  readonly failures: FailedBatch[];
  /** Aligned with the input: the stored id of each acknowledged document, else `undefined`. */
  readonly documentIds: (string | undefined)[];
  /** How many documents were never sent because an earlier batch failed. */
  readonly notSent: number;

  constructor(failures: FailedBatch[], documentIds: (string | undefined)[], notSent: number) {
    const first = failures[0] as FailedBatch;
    const added = documentIds.filter((id) => id !== undefined).length;
    const failed = failures.reduce((n, f) => n + f.lastDocument - f.firstDocument + 1, 0);
    const more = failures.length > 1 ? ` (and ${failures.length - 1} more failed batches)` : "";
    super(
      `addDocuments: batch ${first.batch} (documents ${first.firstDocument}..${first.lastDocument}) failed: ` +
        `${first.error.message}${more}; ${added} of ${documentIds.length} documents were added, ` +
        `${failed} failed, ${notSent} were not sent`,
      first.error.code,
      { cause: first.error },
    );
    this.name = "AddDocumentsError";
    this.failures = failures;
    this.documentIds = documentIds;
    this.notSent = notSent;
  }
}

/** Per-request options: cancellation and time limit. */
export interface KnowledgeBaseRequestOptions {
  /** Cancels the request; it then fails with code `ABORTED`. */
  signal?: AbortSignal | undefined;
  /** Milliseconds before the request fails with code `TIMEOUT`; `0` disables. Default 60 000. */
  timeoutMs?: number | undefined;
}

export interface KnowledgeBaseConnectOptions extends KnowledgeBaseRequestOptions {
  /** Sent as `Authorization: token <accessToken>`. Default: env `EB_AGENT_ACCESS_TOKEN`. */
  accessToken?: string | undefined;
  /** Used when no id is given: the knowledge base is created (one request) and its id kept. */
  knowledgeBaseName?: string | undefined;
  /** Use this knowledge base; no request is made. */
  knowledgeBaseId?: number | undefined;
  /** Service address. Default: env `AISTUDIO_BASE_URL`, else https://aistudio.baidu.com. */
  baseUrl?: string | undefined;
  /** A fetch implementation (tests, proxies). Default: the global `fetch`. */
  fetch?: typeof fetch | undefined;
}

/** A filter value compared for equality (`term`) with a document's title or metadata value. */
export type KnowledgeBaseFilterValue = string | number | boolean;
/** Filters: one `{ term: { key: value } }` per entry, in iteration order. */
export type KnowledgeBaseFilters =
  Readonly<Record<string, KnowledgeBaseFilterValue>> | ReadonlyMap<string, KnowledgeBaseFilterValue>;

export interface KnowledgeBaseSearchOptions extends KnowledgeBaseRequestOptions {
  /** How many hits to ask for. Default 10. */
  topK?: number | undefined;
  filters?: KnowledgeBaseFilters | undefined;
}

/** One converted search hit, as the reference client returns it. */
export interface KnowledgeBaseHit {
  /** The hit's `fileId`. */
  id: string;
  /** `content_se` of the hit's decoded `source.doc`. */
  content: string;
  /** `source.title`. */
  title: string;
  /** The service's relevance score (higher is better). */
  score: number;
}

/** A document to add. */
export interface KnowledgeBaseDocument {
  /** Stable id; adding a document with an existing id replaces it. Default: assigned by the service. */
  id?: string | undefined;
  title: string;
  content: string;
  /** JSON-serialisable values, usable in `term` filters. */
  metadata?: Readonly<Record<string, unknown>> | undefined;
}

/** A stored document, as listed. */
export interface StoredKnowledgeBaseDocument {
  id: string;
  title: string;
  content: string;
  metadata: Record<string, unknown>;
}

export interface AddDocumentsOptions extends KnowledgeBaseRequestOptions {
  /** Documents per request. Default 1. */
  batchSize?: number | undefined;
  /** Most requests in flight at once. Default 1. */
  threadCount?: number | undefined;
}

export interface ListDocumentsOptions extends KnowledgeBaseRequestOptions {
  /** Documents to skip (in insertion order). Default 0. */
  offset?: number | undefined;
  /** Documents to return. Default 100; the local service caps it at 1000. */
  limit?: number | undefined;
}

export interface DocumentList {
  /** Documents in the knowledge base in total. */
  total: number;
  documents: StoredKnowledgeBaseDocument[];
}

interface Connection {
  readonly baseUrl: string;
  readonly token: string;
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
}

const NO_TOKEN_MESSAGE =
  "Please ensure that either an access_token is provided or the EB_AGENT_ACCESS_TOKEN is set up as an environment variable.";
const NO_KNOWLEDGE_BASE_MESSAGE = "You must provide either a `knowledge_base_name` or a `knowledge_base_id`.";

/** A connection to one knowledge base. */
export class KnowledgeBase {
  /** The knowledge base's id. */
  readonly id: number;
  // A private field, so the token shows up neither in console.log nor in JSON.stringify.
  readonly #connection: Connection;

  private constructor(id: number, connection: Connection) {
    this.id = id;
    this.#connection = connection;
  }

  /**
   * Token: `accessToken`, else env `EB_AGENT_ACCESS_TOKEN`, else `KnowledgeBaseError`. With
   * `knowledgeBaseId` no request is made; else with `knowledgeBaseName` the knowledge base is
   * created; with neither, `KnowledgeBaseError`.
   */
  static async connect(options: KnowledgeBaseConnectOptions = {}): Promise<KnowledgeBase> {
    const token = nonEmpty(options.accessToken) ?? nonEmpty(readEnv("EB_AGENT_ACCESS_TOKEN"));
    if (token === undefined) throw new KnowledgeBaseError(NO_TOKEN_MESSAGE, "NO_ACCESS_TOKEN");
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== "function") {
      throw new KnowledgeBaseError("no fetch implementation: pass the fetch option", "INVALID_ARGUMENT");
    }
    const connection: Connection = {
      baseUrl: checkBaseUrl(
        nonEmpty(options.baseUrl) ?? nonEmpty(readEnv("AISTUDIO_BASE_URL")) ?? DEFAULT_KNOWLEDGE_BASE_URL,
      ),
      token,
      fetch: fetchImpl,
      timeoutMs: checkTimeout(options.timeoutMs, DEFAULT_KNOWLEDGE_BASE_TIMEOUT_MS),
    };
    if (options.knowledgeBaseId !== undefined && options.knowledgeBaseId !== null) {
      const id = toId(options.knowledgeBaseId);
      if (id === undefined) {
        throw new KnowledgeBaseError(
          `knowledgeBaseId must be a non-negative integer, got ${describe(options.knowledgeBaseId)}`,
          "INVALID_ARGUMENT",
        );
      }
      return new KnowledgeBase(id, connection);
    }
    if (options.knowledgeBaseName !== undefined && options.knowledgeBaseName !== null) {
      if (typeof options.knowledgeBaseName !== "string" || options.knowledgeBaseName === "") {
        throw new KnowledgeBaseError("knowledgeBaseName must be a non-empty string", "INVALID_ARGUMENT");
      }
      const result = await post(
        connection,
        "/llm/knowledge/create",
        { knowledgeBaseName: options.knowledgeBaseName },
        options,
      );
      // The hosted service has been seen answering the id as a string ("123456"); accept both.
      const id = isObject(result) ? toId(result.knowledgeBaseId) : undefined;
      if (id === undefined) {
        throw new KnowledgeBaseError(
          `invalid response from /llm/knowledge/create: result.knowledgeBaseId is not an integer (${describe(
            isObject(result) ? result.knowledgeBaseId : result,
          )})`,
          "INVALID_RESPONSE",
        );
      }
      return new KnowledgeBase(id, connection);
    }
    throw new KnowledgeBaseError(NO_KNOWLEDGE_BASE_MESSAGE, "NO_KNOWLEDGE_BASE");
  }

  /** Ranked hits for `query`, in the service's order. */
  async search(query: string, options: KnowledgeBaseSearchOptions = {}): Promise<KnowledgeBaseHit[]> {
    if (typeof query !== "string") throw new KnowledgeBaseError("query must be a string", "INVALID_ARGUMENT");
    const topK = options.topK ?? 10;
    if (!Number.isSafeInteger(topK) || topK < 1) {
      throw new KnowledgeBaseError(`topK must be a positive integer, got ${describe(topK)}`, "INVALID_ARGUMENT");
    }
    const body: Record<string, unknown> = { knowledgeBaseId: this.id, query, topK };
    const filter = filterTerms(options.filters);
    if (filter.length > 0) body.filterConditions = { bool: { filter } };
    const result = await post(this.#connection, "/llm/knowledge/search", body, options);
    if (!Array.isArray(result)) {
      throw new KnowledgeBaseError(
        `invalid response from /llm/knowledge/search: result is not an array (${describe(result)})`,
        "INVALID_RESPONSE",
      );
    }
    return result.map(toHit);
  }

  /**
   * Adds documents in batches of `batchSize`, at most `threadCount` requests in flight. Resolves
   * to the stored ids, aligned with `documents`. On the first failure no further batch is started;
   * the batches already in flight finish and an `AddDocumentsError` reports what happened.
   */
  async addDocuments(
    documents: readonly KnowledgeBaseDocument[],
    options: AddDocumentsOptions = {},
  ): Promise<string[]> {
    if (!Array.isArray(documents)) throw new KnowledgeBaseError("documents must be an array", "INVALID_ARGUMENT");
    const batchSize = checkCount("batchSize", options.batchSize ?? 1);
    const threadCount = checkCount("threadCount", options.threadCount ?? 1);
    // Check everything before sending anything, so a bad document cannot leave a half-added set.
    const wire = documents.map(toWireDocument);

    const batches: { first: number; last: number }[] = [];
    for (let first = 0; first < wire.length; first += batchSize) {
      batches.push({ first, last: Math.min(first + batchSize, wire.length) - 1 });
    }
    const ids: (string | undefined)[] = new Array(wire.length).fill(undefined);
    const failures: FailedBatch[] = [];
    let next = 0;

    const sendBatch = async (index: number): Promise<void> => {
      const { first, last } = batches[index] as { first: number; last: number };
      try {
        const result = await post(
          this.#connection,
          "/llm/knowledge/documents/add",
          { knowledgeBaseId: this.id, documents: wire.slice(first, last + 1) },
          options,
        );
        const stored = isObject(result) ? result.documentIds : undefined;
        if (
          !Array.isArray(stored) ||
          stored.length !== last - first + 1 ||
          !stored.every((id) => typeof id === "string")
        ) {
          throw new KnowledgeBaseError(
            "invalid response from /llm/knowledge/documents/add: result.documentIds is not one string per document",
            "INVALID_RESPONSE",
          );
        }
        stored.forEach((id, offset) => (ids[first + offset] = id as string));
      } catch (error) {
        failures.push({ batch: index, firstDocument: first, lastDocument: last, error: asKnowledgeBaseError(error) });
      }
    };
    const worker = async (): Promise<void> => {
      while (failures.length === 0 && next < batches.length) await sendBatch(next++);
    };
    await Promise.all(Array.from({ length: Math.min(threadCount, batches.length) }, worker));

    if (failures.length > 0) {
      failures.sort((a, b) => a.batch - b.batch);
      const notSent = next < batches.length ? wire.length - (batches[next] as { first: number }).first : 0;
      throw new AddDocumentsError(failures, ids, notSent);
    }
    return ids as string[];
  }

  /** Documents of this knowledge base in insertion order (local service endpoint). */
  async listDocuments(options: ListDocumentsOptions = {}): Promise<DocumentList> {
    const offset = options.offset ?? 0;
    const limit = options.limit ?? 100;
    if (!Number.isSafeInteger(offset) || offset < 0) {
      throw new KnowledgeBaseError(
        `offset must be a non-negative integer, got ${describe(offset)}`,
        "INVALID_ARGUMENT",
      );
    }
    checkCount("limit", limit);
    const result = await post(
      this.#connection,
      "/llm/knowledge/documents/list",
      { knowledgeBaseId: this.id, offset, limit },
      options,
    );
    if (!isObject(result) || typeof result.total !== "number" || !Array.isArray(result.documents)) {
      throw new KnowledgeBaseError(
        "invalid response from /llm/knowledge/documents/list: expected result { total, documents }",
        "INVALID_RESPONSE",
      );
    }
    return { total: result.total, documents: result.documents as StoredKnowledgeBaseDocument[] };
  }

  /** Deletes documents by id (local service endpoint); resolves to how many existed and were deleted. */
  async deleteDocuments(documentIds: readonly string[], options: KnowledgeBaseRequestOptions = {}): Promise<number> {
    if (!Array.isArray(documentIds) || !documentIds.every((id) => typeof id === "string")) {
      throw new KnowledgeBaseError("documentIds must be an array of strings", "INVALID_ARGUMENT");
    }
    const result = await post(
      this.#connection,
      "/llm/knowledge/documents/delete",
      { knowledgeBaseId: this.id, documentIds },
      options,
    );
    if (!isObject(result) || typeof result.deleted !== "number") {
      throw new KnowledgeBaseError(
        "invalid response from /llm/knowledge/documents/delete: expected result { deleted }",
        "INVALID_RESPONSE",
      );
    }
    return result.deleted;
  }
}

/**
 * One protocol request: POST JSON, then the spec's error table. Non-200 -> "request error: <text>"
 * with the HTTP status as code; 200 with errorCode != 0 -> errorMsg with errorCode. Resolves to
 * the envelope's `result`.
 */
async function post(
  connection: Connection,
  path: string,
  body: unknown,
  options: KnowledgeBaseRequestOptions,
): Promise<unknown> {
  const timeoutMs = checkTimeout(options.timeoutMs, connection.timeoutMs);
  const outer = options.signal;
  if (outer?.aborted) throw aborted(outer);
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  const onAbort = (): void => controller.abort();
  outer?.addEventListener("abort", onAbort, { once: true });

  let status: number;
  let text: string;
  try {
    const response = await connection.fetch(connection.baseUrl + path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `token ${connection.token}` },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    if (timedOut)
      throw new KnowledgeBaseError(`knowledge base request ${path} timed out after ${timeoutMs} ms`, "TIMEOUT");
    if (outer?.aborted) throw aborted(outer);
    const cause = (error as { cause?: { message?: unknown } } | undefined)?.cause?.message;
    const reason = typeof cause === "string" ? cause : error instanceof Error ? error.message : String(error);
    throw new KnowledgeBaseError(
      `knowledge base request ${path} to ${connection.baseUrl} failed: ${reason}`,
      "NETWORK",
      {
        cause: error,
      },
    );
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    outer?.removeEventListener("abort", onAbort);
  }

  if (status !== 200) throw new KnowledgeBaseError(`request error: ${redact(text, connection.token)}`, status);
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    throw new KnowledgeBaseError(
      `invalid response from ${path}: not JSON: ${redact(text, connection.token).slice(0, 200)}`,
      "INVALID_RESPONSE",
    );
  }
  if (!isObject(envelope) || !("errorCode" in envelope)) {
    throw new KnowledgeBaseError(`invalid response from ${path}: no errorCode in the answer`, "INVALID_RESPONSE");
  }
  if (envelope.errorCode !== 0) {
    const message = typeof envelope.errorMsg === "string" ? envelope.errorMsg : String(envelope.errorMsg ?? "");
    const code =
      typeof envelope.errorCode === "number" || typeof envelope.errorCode === "string"
        ? envelope.errorCode
        : String(envelope.errorCode);
    throw new KnowledgeBaseError(redact(message, connection.token), code);
  }
  return envelope.result;
}

/** Hit conversion of the reference: id <- fileId, content <- JSON.parse(source.doc).content_se. */
function toHit(hit: unknown, index: number): KnowledgeBaseHit {
  const fileId = isObject(hit) ? hit.fileId : undefined;
  const name = `search hit ${index} (fileId ${typeof fileId === "string" || typeof fileId === "number" ? fileId : describe(fileId)})`;
  if (!isObject(hit) || (typeof fileId !== "string" && typeof fileId !== "number")) {
    throw new KnowledgeBaseError(`${name}: not an object with a fileId`, "INVALID_HIT");
  }
  const source = hit.source;
  if (!isObject(source) || typeof source.doc !== "string") {
    throw new KnowledgeBaseError(`${name}: source.doc is not a string`, "INVALID_HIT");
  }
  let doc: unknown;
  try {
    doc = JSON.parse(source.doc);
  } catch (error) {
    throw new KnowledgeBaseError(`${name}: source.doc is not valid JSON (${(error as Error).message})`, "INVALID_HIT", {
      cause: error,
    });
  }
  if (!isObject(doc) || typeof doc.content_se !== "string") {
    throw new KnowledgeBaseError(`${name}: source.doc has no string content_se`, "INVALID_HIT");
  }
  if (typeof hit.score !== "number") throw new KnowledgeBaseError(`${name}: score is not a number`, "INVALID_HIT");
  const title = typeof source.title === "string" ? source.title : typeof doc.title === "string" ? doc.title : "";
  return { id: String(fileId), content: doc.content_se, title, score: hit.score };
}

function filterTerms(filters: KnowledgeBaseFilters | undefined): { term: Record<string, unknown> }[] {
  if (filters === undefined || filters === null) return [];
  if (typeof filters !== "object")
    throw new KnowledgeBaseError("filters must be an object or a Map", "INVALID_ARGUMENT");
  const entries: Iterable<[string, unknown]> = isMap(filters) ? filters.entries() : Object.entries(filters);
  const terms: { term: Record<string, unknown> }[] = [];
  for (const [key, value] of entries) terms.push({ term: { [key]: value } });
  return terms;
}

function toWireDocument(document: KnowledgeBaseDocument, index: number): Record<string, unknown> {
  const bad = (what: string): KnowledgeBaseError =>
    new KnowledgeBaseError(`documents[${index}]: ${what}; nothing was sent`, "INVALID_ARGUMENT");
  if (!isObject(document)) throw bad("not an object");
  if (typeof document.title !== "string") throw bad("title must be a string");
  if (typeof document.content !== "string") throw bad("content must be a string");
  const wire: Record<string, unknown> = { title: document.title, content: document.content };
  if (document.id !== undefined) {
    if (typeof document.id !== "string" || document.id === "") throw bad("id must be a non-empty string");
    wire.id = document.id;
  }
  if (document.metadata !== undefined) {
    if (!isObject(document.metadata) || Array.isArray(document.metadata)) throw bad("metadata must be an object");
    wire.metadata = document.metadata;
  }
  return wire;
}

function readEnv(name: string): string | undefined {
  // Browsers have no `process`; Node and Deno-style shims do.
  const env = (globalThis as unknown as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.[name];
}

function checkBaseUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("not http(s)");
  } catch {
    throw new KnowledgeBaseError(`baseUrl is not an http(s) address: ${value}`, "INVALID_ARGUMENT");
  }
  return value.replace(/\/+$/, "");
}

function checkTimeout(value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !(value >= 0) || !Number.isFinite(value)) {
    throw new KnowledgeBaseError(`timeoutMs must be a non-negative number, got ${describe(value)}`, "INVALID_ARGUMENT");
  }
  return value;
}

function checkCount(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new KnowledgeBaseError(`${name} must be a positive integer, got ${describe(value)}`, "INVALID_ARGUMENT");
  }
  return value;
}

function toId(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (typeof value === "string" && /^\d{1,15}$/.test(value)) return Number(value);
  return undefined;
}

function aborted(signal: AbortSignal): KnowledgeBaseError {
  return new KnowledgeBaseError("knowledge base request aborted", "ABORTED", { cause: signal.reason });
}

function asKnowledgeBaseError(error: unknown): KnowledgeBaseError {
  if (error instanceof KnowledgeBaseError) return error;
  return new KnowledgeBaseError(error instanceof Error ? error.message : String(error), "NETWORK", { cause: error });
}

/**
 * The token must never reach an error message, even when a service echoes it back in its answer.
 * Only text from the service passes through here. Very short "tokens" are left alone: they are no
 * secret, and replacing them would garble ordinary words.
 */
function redact(text: string, token: string): string {
  return token.length >= 6 ? text.split(token).join("***") : text;
}

function nonEmpty(value: string | undefined): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** By tag, not instanceof: a Map from another realm (an iframe, a vm context) is a Map too. */
function isMap(value: unknown): value is ReadonlyMap<string, unknown> {
  return Object.prototype.toString.call(value) === "[object Map]";
}

function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}...` : value);
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  return typeof value === "object" ? "an object" : String(value);
}
