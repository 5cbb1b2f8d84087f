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
export declare const DEFAULT_KNOWLEDGE_BASE_URL = "https://aistudio.baidu.com";
/** Default per-request time limit in milliseconds; `timeoutMs: 0` disables it. */
export declare const DEFAULT_KNOWLEDGE_BASE_TIMEOUT_MS = 60000;
/**
 * Codes the client itself assigns. Errors reported by the service keep the service's code instead:
 * the HTTP status for a non-200 answer, `errorCode` for a 200 answer with `errorCode != 0`.
 */
export type KnowledgeBaseClientErrorCode = "NO_ACCESS_TOKEN" | "NO_KNOWLEDGE_BASE" | "INVALID_ARGUMENT" | "TIMEOUT" | "ABORTED" | "NETWORK" | "INVALID_RESPONSE" | "INVALID_HIT";
/** Every failure of this client. `code` is a number when it comes from the service. */
export declare class KnowledgeBaseError extends Error {
    readonly code: number | string;
    constructor(message: string, code: number | string, options?: {
        cause?: unknown;
    });
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
export declare class AddDocumentsError extends KnowledgeBaseError {
    /** Failed batches, lowest index first. */
    readonly failures: FailedBatch[];
    /** Aligned with the input: the stored id of each acknowledged document, else `undefined`. */
    readonly documentIds: (string | undefined)[];
    /** How many documents were never sent because an earlier batch failed. */
    readonly notSent: number;
    constructor(failures: FailedBatch[], documentIds: (string | undefined)[], notSent: number);
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
export type KnowledgeBaseFilters = Readonly<Record<string, KnowledgeBaseFilterValue>> | ReadonlyMap<string, KnowledgeBaseFilterValue>;
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
/** A connection to one knowledge base. */
export declare class KnowledgeBase {
    #private;
    /** The knowledge base's id. */
    readonly id: number;
    private constructor();
    /**
     * Token: `accessToken`, else env `EB_AGENT_ACCESS_TOKEN`, else `KnowledgeBaseError`. With
     * `knowledgeBaseId` no request is made; else with `knowledgeBaseName` the knowledge base is
     * created; with neither, `KnowledgeBaseError`.
     */
    static connect(options?: KnowledgeBaseConnectOptions): Promise<KnowledgeBase>;
    /** Ranked hits for `query`, in the service's order. */
    search(query: string, options?: KnowledgeBaseSearchOptions): Promise<KnowledgeBaseHit[]>;
    /**
     * Adds documents in batches of `batchSize`, at most `threadCount` requests in flight. Resolves
     * to the stored ids, aligned with `documents`. On the first failure no further batch is started;
     * the batches already in flight finish and an `AddDocumentsError` reports what happened.
     */
    addDocuments(documents: readonly KnowledgeBaseDocument[], options?: AddDocumentsOptions): Promise<string[]>;
    /** Documents of this knowledge base in insertion order (local service endpoint). */
    listDocuments(options?: ListDocumentsOptions): Promise<DocumentList>;
    /** Deletes documents by id (local service endpoint); resolves to how many existed and were deleted. */
    deleteDocuments(documentIds: readonly string[], options?: KnowledgeBaseRequestOptions): Promise<number>;
}
