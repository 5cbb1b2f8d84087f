/*
 * A copy of toolgen's runtime, its files in one module, written beside the generated client so
 * that the app needs no package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Security schemes as the runtime applies them (OpenAPI 3.0 §4.7.27 "Security Scheme Object"),
 * and the credentials a caller supplies for them. Plain data: generated code writes the schemes
 * of its description as a literal, `loadToolkit` reads them from the description at run time.
 */
/** How one scheme puts its credential on a request. */
export type AuthScheme = 
/** An API key under a declared name (§4.7.27: `in` is header, query or cookie). */
{
    readonly type: "apiKey";
    readonly in: "header" | "query" | "cookie";
    readonly name: string;
}
/** `Authorization: <scheme> <credential>` (RFC 9110 §11.6.2); `scheme` as declared, e.g. `bearer`, `basic`. */
 | {
    readonly type: "http";
    readonly scheme: string;
}
/** The access token the flow produced, sent as a Bearer token (RFC 6750 §2.1). */
 | {
    readonly type: "oauth2";
} | {
    readonly type: "openIdConnect";
};
/** `http` `basic` credentials (RFC 7617), encoded by the runtime. */
export interface BasicCredentials {
    readonly username: string;
    readonly password: string;
}
/**
 * A credential, or a function giving it (or a Promise of it), called once per call that needs
 * it: a token that expires can be refreshed there. Its error fails the call (code `AUTH`).
 */
export type Credential<T> = T | (() => T | Promise<T>);
/** Credentials by scheme name, as `configure({ auth })` and `options.auth` take them untyped. */
export type AuthValues = {
    readonly [scheme: string]: Credential<string> | Credential<BasicCredentials> | undefined;
};
/**
 * One alternative of a Security Requirement (§4.7.30): the names of the schemes that must all be
 * applied together. An empty one makes credentials optional.
 */
export type SecurityAlternative = readonly string[];
/**
 * The data a generated function hands to `request()`: everything the runtime needs to turn one
 * flat input object into one HTTP request. Generated code holds these as plain object literals,
 * so the runtime, not the generator, owns every serialisation rule (OpenAPI 3.0 §4.7.12.4 "Style
 * Values", §4.7.14 "Request Body Object", §4.7.16 "Encoding Object").
 */
/**
 * `querystring` (OpenAPI 3.2): one parameter that is the whole query string, its value serialised
 * by its media type (form fields, or JSON text), build-url.ts.
 */
export type ParameterLocation = "path" | "query" | "querystring" | "header" | "cookie";
export type ParameterStyle = "matrix" | "label" | "simple" | "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";
/** A parameter value's JSON shape as its schema declares it: one scalar, a list, or an object. */
type ValueShape = "scalar" | "array" | "object";
export interface ParameterSpec {
    /** Key of the value in the flat input object (may differ from `name` after collision renaming). */
    readonly key: string;
    /** Name on the wire. */
    readonly name: string;
    readonly in: ParameterLocation;
    /** Defaults by location: path/header `simple`, query/cookie `form`. */
    readonly style?: ParameterStyle;
    /** Defaults to `true` for `form`, `false` otherwise. */
    readonly explode?: boolean;
    /** Query only: keep RFC 3986 reserved characters unencoded. */
    readonly allowReserved?: boolean;
    /**
     * The parameter uses `content` with a JSON media type: the value is sent as JSON text (for
     * `querystring`, that text percent-encoded is the whole query string).
     */
    readonly json?: boolean;
    /** Query, querystring, header and cookie: the description marks it required (path parameters always are). */
    readonly required?: boolean;
    /** The declared shape, when the schema declares exactly one; a value of another shape is refused. */
    readonly shape?: ValueShape;
}
export type BodyEncoding = "json" | "form" | "multipart" | "text" | "binary";
export interface BodyFieldEncoding {
    /** Multipart: Content-Type of this part (objects default to application/json). */
    readonly contentType?: string;
    /** Form-urlencoded: serialisation style of this property (default `form`). */
    readonly style?: ParameterStyle;
    readonly explode?: boolean;
}
export interface BodySpec {
    /** The media type sent as Content-Type (multipart gets its boundary from FormData). */
    readonly mediaType: string;
    readonly encoding: BodyEncoding;
    /**
     * `null`: the body's properties sit flat in the input object beside the parameters, so the body
     * is the input minus the parameter keys. A string: the whole body is `input[key]`.
     */
    readonly key: string | null;
    readonly required: boolean;
    /** Per-property Encoding Objects (form and multipart). */
    readonly fields?: Readonly<Record<string, BodyFieldEncoding>>;
}
/** What a 2xx answer is expected to hold; the actual Content-Type still decides how it is read. */
export type ResponseKind = "json" | "text" | "binary" | "none" | "stream";
/** How a streamed answer is cut into items (the model's StreamFormat). */
export type StreamFormat = "event-stream" | "json-lines" | "json-seq";
/** A success answer that arrives item by item (OpenAPI 3.2 sequential media types). */
export interface StreamSpec {
    readonly format: StreamFormat;
    /** The declared media type, asked for first in Accept. */
    readonly mediaType: string;
    /** Event streams: each event's `data` is JSON to decode (`[DONE]` ends the stream). */
    readonly json?: boolean;
    /** A boolean body field that asks for the stream (OpenAI's `stream`): `true` unless the caller set it. */
    readonly flag?: string;
}
/**
 * How a list answer leads to its next page (docs/pagination.md); `paginate` reads it. Paths are
 * dotted property names in the JSON body.
 */
export interface PageSpec {
    /**
     * `link`: the `Link` header's rel="next" URL; `url`: a next URL in the body; `token`: a
     * next-page token in the body, sent as `param`; `after`: while `has_more`, the last item's
     * `id` sent as `param`; `page`/`offset`: numbers, ending on a short or empty page.
     */
    readonly kind: "link" | "url" | "token" | "after" | "page" | "offset";
    /** The items array in the body; absent: the answer itself is the array. */
    readonly items?: string;
    /** `url`/`token`: where the next URL or token is; `after`: the boolean that says more follow. */
    readonly next?: string;
    /** Input key the next token, id, page number or offset goes to. */
    readonly param?: string;
    /** `page`/`offset`: input key of the page size. */
    readonly size?: string;
    /** `page`/`offset`: the page size the server uses when the caller asks for none. */
    readonly defaultSize?: number;
    /** `page`/`offset`: the size parameter's declared `maximum`, the most a page can hold. */
    readonly maxSize?: number;
    /** `after`: input key of the backward cursor (`ending_before`); set by the caller, pages go backwards. */
    readonly before?: string;
    /** `page`: the first page's number when it is 0 (else 1). */
    readonly first?: number;
}
/**
 * How a declared answer header is read into `withResponse().headers` (call-promise.ts): numbers
 * and booleans parsed, arrays split at commas (OpenAPI's `simple` style), `json` parsed.
 */
export type HeaderValueType = "string" | "integer" | "number" | "boolean" | "json" | "string[]" | "integer[]" | "number[]" | "boolean[]";
export interface OperationSpec {
    /** Canonical tool name `<title>/<version>/<operationId>`, used in errors. */
    readonly tool: string;
    /** Upper-case HTTP method. */
    readonly method: string;
    /** Path template as declared, e.g. `/pets/{petId}`. */
    readonly path: string;
    readonly params: readonly ParameterSpec[];
    readonly body?: BodySpec;
    readonly response: ResponseKind;
    /**
     * The Accept header: the media types the success answers declare, JSON first. Absent means
     * `application/json`. The answer is still decoded by the Content-Type it actually has.
     */
    readonly accept?: string;
    /**
     * The operation's security (its own, else the document's), as alternatives of scheme names;
     * absent or `[]`: none. See auth/apply-auth.ts.
     */
    readonly security?: readonly SecurityAlternative[];
    /**
     * Input key of the operation's `Idempotency-Key` (or `X-Idempotency-Key`) header parameter: the
     * runtime fills it with one random key per call, unless the caller did, and then retries the
     * call as it would an idempotent method's (retry.ts).
     */
    readonly idempotencyKey?: string;
    /**
     * The streamed answer the operation declares. With `response: "stream"` the function itself
     * streams; otherwise the function reads the other answer and `fn.stream()` asks for this one.
     */
    readonly stream?: StreamSpec;
    /** The success answers' declared headers by lower-case name, when they declare any (`withResponse()`). */
    readonly headers?: Readonly<Record<string, HeaderValueType>>;
    /** The operation returns one page of a list (model/pagination.ts); `paginate` walks them. */
    readonly page?: PageSpec;
}
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
export declare const DEFAULT_TIMEOUT_MS = 60000;
/**
 * The one error every generated function rejects with. `code` says what kind of failure it was,
 * so callers (and agent loops) can decide whether to retry, report or give up.
 */
export type ToolCallErrorCode = "HTTP_STATUS" | "NETWORK" | "TIMEOUT" | "ABORTED" | "INVALID_RESPONSE" | "RESPONSE_TOO_LARGE"
/** The input cannot be sent as the description asks (a required parameter missing, a wrong shape); nothing was sent. */
 | "INVALID_INPUT"
/** A credential function (`auth: { scheme: () => token }`) failed or gave no usable value; nothing was sent. */
 | "AUTH";
interface ToolCallErrorInit {
    readonly tool: string;
    readonly code: ToolCallErrorCode;
    readonly method: string;
    /** The request URL. Never holds a secret: tokens travel in headers only. */
    readonly url: string;
    readonly status?: number;
    readonly body?: unknown;
    readonly cause?: unknown;
    /** From the answer's Retry-After header. */
    readonly retryAfterMs?: number;
    /** The server's id of the request (REQUEST_ID_HEADERS), for an answer that carries one. */
    readonly requestId?: string;
    /** The answer's headers, for an HTTP error. */
    readonly headers?: Readonly<Record<string, string>>;
}
/**
 * Headers that name a request, in the order they are looked for; the first one present becomes
 * `requestId`: the common `x-request-id` and `request-id` (Stripe, OpenAI, Anthropic), AWS's
 * `x-amzn-requestid` and `x-amz-request-id`, `x-correlation-id`, GitHub's `x-github-request`
 * `-id`, Google's `x-cloud-trace-context`, Cloudflare's `cf-ray`.
 */
export declare const REQUEST_ID_HEADERS: readonly string[];
/**
 * The brand every copy of the runtime sets on its errors (`Symbol.for` is one symbol across copies
 * and realms), so a generated client's inline runtime and `toolgen/runtime` recognise each other's
 * errors: `instanceof` and `isToolCallError` check it, not the class.
 */
declare const TOOL_CALL_ERROR: unique symbol;
export declare class ToolCallError extends Error {
    /** True for an error of any copy of the runtime (TOOL_CALL_ERROR); a subclass checks its own prototype chain. */
    static [Symbol.hasInstance](value: unknown): boolean;
    readonly name = "ToolCallError";
    readonly tool: string;
    readonly code: ToolCallErrorCode;
    readonly method: string;
    readonly url: string;
    readonly status?: number;
    /** The answer's body: parsed JSON when it was JSON, else text. */
    readonly body?: unknown;
    /** How long the server asked to wait before retrying (Retry-After), in ms. */
    readonly retryAfterMs?: number;
    /**
     * The server's id of this request, for reports and support tickets: the first of
     * REQUEST_ID_HEADERS the answer carries.
     */
    readonly requestId?: string;
    /**
     * The answer's headers, for an HTTP error (`code` "HTTP_STATUS"): a plain object keyed by the
     * lower-case header name (`e.headers?.["ratelimit-reset"]`), so the error can be logged,
     * serialised or sent between workers as it is; repeated headers are joined with ", " as
     * `Headers.get` joins them.
     */
    readonly headers?: Readonly<Record<string, string>>;
    readonly [TOOL_CALL_ERROR]: true;
    constructor(message: string, init: ToolCallErrorInit);
}
/** A ToolCallError of any copy of the runtime. */
export declare function isToolCallError(error: unknown): error is ToolCallError;
/**
 * One request sent and its answer's headers received: the seam between sending (request.ts) and
 * reading, whole (request.ts) or item by item (streams/tool-stream.ts).
 */
/** Builds a ToolCallError for this call, with the call's secrets redacted from message and body. */
type Fail = (message: string, code: ToolCallError["code"], extra?: {
    status?: number;
    body?: unknown;
    cause?: unknown;
    retryAfterMs?: number;
    requestId?: string;
    headers?: Record<string, string>;
}) => ToolCallError;
/**
 * One request sent and its answer's headers received: what reading the body (or a stream of
 * items) needs. `timeoutMs` keeps running until `stopTimer`; the caller's signal stays wired to
 * `controller` until `release`, so a stream handed to the app can still be aborted.
 */
interface Exchange {
    readonly response: Response;
    readonly controller: AbortController;
    readonly fail: Fail;
    readonly timeoutMs: number;
    /** The whole-call timer fired (it aborted `controller`). */
    timedOut(): boolean;
    /** The security alternatives the call could not satisfy, for a 401/403's hint. */
    readonly unsatisfied: readonly SecurityAlternative[] | undefined;
    stopTimer(): void;
    release(): void;
}
/** What a stream needs to send the same request again (reconnection with Last-Event-ID). */
interface Resend {
    (headers: Record<string, string>): Promise<Exchange>;
}
/**
 * A streamed answer as a typed async iterable: the object a streaming function resolves to once
 * a 2xx answer's headers arrive. Items are cut by the parser of the answer's actual Content-Type
 * (event stream, JSON lines, JSON text sequence), one connection at a time:
 *
 * - `break` (the iterator's `return()`) or `close()` closes the connection at once;
 * - the caller's `signal` aborts it (the iteration throws `ABORTED`);
 * - a connection that breaks throws `NETWORK` after every complete item, unless the caller asked
 *   for `reconnect`: then the request is sent again with `Last-Event-ID`, after the server's
 *   `retry` delay (or a backoff), and a `204` ends the stream. Never silently by default;
 * - `maxResponseBytes` caps each item, not the stream, which may run for hours; `idleTimeoutMs`
 *   bounds the silence between two reads (keep-alive comments count as activity).
 *
 * Items parsed from one chunk are queued and handed out one per `next()`: an error found later in
 * the chunk (a broken line) is thrown only after every good item before it.
 */
/** One server-sent event: `data` decoded when the description declares JSON. */
export interface ServerSentEvent<Data = string> {
    data: Data;
    /** The `event:` field; absent for the default kind ("message"). */
    event?: string;
    /** The last event id (it persists from event to event, as in browsers). */
    id?: string;
    /** The reconnection delay the server asked for with this event, in ms. */
    retry?: number;
}
/** Silence longer than this between two reads fails the stream (`TIMEOUT`): 5 minutes. */
export declare const DEFAULT_IDLE_TIMEOUT_MS = 300000;
export interface ReconnectOptions {
    /** Reconnections in a row without an item in between before the stream fails. */
    readonly retries: number;
    /** Backoff when the server gave no `retry:` (default 1 000 ms), doubling with full jitter. */
    readonly minDelayMs?: number;
    /** Longest wait, also the cap on the server's `retry:` (default 30 000 ms). */
    readonly maxDelayMs?: number;
}
/** Options of a streaming call: a call's options, and what only a stream has. */
export interface StreamOptions<Auth extends object = Record<string, never>> extends CallOptions<Auth> {
    /**
     * Milliseconds to wait for the answer's headers (`TIMEOUT`); the stream itself may run for hours.
     * Default 60 000; `0` disables.
     */
    timeoutMs?: number;
    /** Longest silence between two reads of the stream, ms (default 300 000; `0` disables): `TIMEOUT`. */
    idleTimeoutMs?: number;
    /** Resume a stream whose connection breaks (`Last-Event-ID`, the server's `retry`). Off by default. */
    reconnect?: ReconnectOptions;
    /**
     * Checks each item before it is handed out: a returned text ends the iteration with
     * `INVALID_RESPONSE` naming the item and the problem. Off by default, like answers' checks;
     * `toolkit.stream(name, args, { validate: true })` checks against the tool's item schema.
     */
    validateItem?: (item: unknown) => string | undefined;
}
interface ReadOptions {
    readonly signal: AbortSignal | undefined;
    readonly validateItem: ((item: unknown) => string | undefined) | undefined;
    readonly maxItemBytes: number;
    readonly idleTimeoutMs: number;
    readonly reconnect: ReconnectOptions | undefined;
}
/** The items of a streamed answer; iterate it once (`for await`), or `close()` it. */
export declare class ToolStream<Item> implements AsyncIterable<Item> {
    #private;
    /** The first answer (status and headers). */
    readonly response: Response;
    /** @internal Made by the runtime's streaming call. */
    constructor(exchange: Exchange, spec: StreamSpec, options: ReadOptions, resend: Resend);
    [Symbol.asyncIterator](): AsyncIterator<Item>;
    /** The last event id seen (event streams), as `Last-Event-ID` would send it. */
    get lastEventId(): string | undefined;
    /** Closes the connection; an iteration in progress ends. */
    close(): Promise<void>;
}
/**
 * What every generated function returns: the promise of its result, with `.withResponse()` for
 * the answer around it (`{ data, headers, response }`). `headers` holds the success answer's
 * declared headers (OperationSpec `headers`), read by their declared types and keyed in lower
 * case; every other header stays in `response.headers`.
 */
/** What `.withResponse()` resolves to. `response`'s body has been read: `data` holds it. */
export interface CallResult<T, H> {
    readonly data: T;
    /** The declared headers the answer carries (a value that is not of its declared type is left out). */
    readonly headers: H;
    readonly response: Response;
}
/**
 * What every generated function returns: a Promise of the result (it awaits, chains and rejects as
 * the plain promise did) that also has `withResponse()`, which resolves to `{ data, headers,
 * response }`: the result, the declared answer headers (`H`, `<Name>Headers`) and the `Response`.
 * `then` and the others return plain Promises.
 */
export declare class CallPromise<T, H = Record<never, never>> extends Promise<T> {
    #private;
    static get [Symbol.species](): PromiseConstructor;
    /** The result with the declared headers and the `Response` of the answer. */
    withResponse(): Promise<CallResult<T, H>>;
    /** @internal Sets what withResponse resolves to. */
    static of<T, H>(answer: Promise<CallResult<T, H>>): CallPromise<T, H>;
}
/**
 * `request` for a generated function: its result as a CallPromise. Typed `any` on purpose: the
 * generated function's declared return type (`CallPromise<<Name>Output, <Name>Headers>`) types it,
 * and tsc then relates and instantiates nothing per operation when an app checks operations.ts
 * (a generic call here cost 2,000 instantiations on GitHub's description).
 */
export declare function callOperation(config: ClientConfig<object>, op: OperationSpec, input: object | undefined, options?: CallOptions<object>): any;
/**
 * The one function every generated operation calls: flat input + OperationSpec -> HTTP request
 * -> typed result or ToolCallError. A call always settles: a timer covers the whole exchange,
 * body included, and every failure is turned into a ToolCallError naming the tool.
 */
/**
 * `input` is the operation's flat input object, typed `object` rather than
 * `Record<string, unknown>`: tsc relates a generated `<Name>Input` to `object` without looking at
 * its members, while the index signature would make an app's type check resolve every member of
 * every operation's input, called or not. Transient failures are retried where safe (retry.ts).
 */
export declare function request(config: ClientConfig<object>, op: OperationSpec, input: object | undefined, options?: CallOptions<object>): Promise<unknown>;
/**
 * A stream's request: the answer's headers within `timeoutMs`, an error status rejected as any
 * call's is (its body read under the size cap), and a 2xx answer handed to a ToolStream that
 * reads it item by item. Streams are never retried; `options.reconnect` resumes a broken one.
 */
export declare function streamRequest(config: ClientConfig<object>, op: OperationSpec, input: object | undefined, options?: StreamOptions<object>): Promise<ToolStream<unknown>>;
/**
 * `paginate(fn, input, { maxPages, signal })`: every item of every page of a list operation the
 * generator recognised as paged (model/pagination.ts, docs/pagination.md). A page's items are
 * yielded before the next page is asked for, so `break` stops the requests too.
 *
 * It never loops on a server that repeats itself: a next URL, token or cursor already followed
 * ends the list, and so does a page whose items (their number, first and last) are those of a
 * page met before (a next link back to page 1 spelled differently, a server that ignores the
 * page parameter). A next URL on another origin is not followed either (the
 * caller's credentials would go with it).
 */
/**
 * What a generated function of a paged operation carries as `fn.paged`: the client it calls with
 * and its spec. `items` is never set: its type, a string literal, is where the items are in the
 * function's result (`""`: the result is the array), so the item type is computed from the
 * result type only where `paginate` is called. Naming the item type here instead made tsc
 * resolve every paged operation's result in an app's check (on GitHub's description, 261
 * operations: +1,300 types and about +0.9 s of check time).
 */
export interface PageCall<P extends string = string> {
    readonly client: ClientConfig<any>;
    readonly spec: OperationSpec;
    readonly items?: P;
    /** A bound client's options (`createClient`), beneath those given to `paginate`. */
    readonly options?: CallOptions<object>;
}
/**
 * `fn.paged` as `operations.ts` writes it, `pageCall(client, spec) as PageCall<"data">`: a call of
 * one plain signature and a cast cost tsc one type per paged operation, where an object literal
 * cost four (GitHub's description: +100 types in an app's check instead of +1,140).
 */
export declare function pageCall(client: ClientConfig<any>, spec: OperationSpec): PageCall;
/** A generated function that pages: its input and result types, and where the items are. */
export interface PagedFunction<I, O, P extends string> {
    (input: I, options?: never): PromiseLike<O>;
    readonly paged: PageCall<P>;
}
/** The value at dotted path `P` of `O` (null and undefined left out at each step). */
type ValueAt<O, P extends string> = P extends "" ? NonNullable<O> : P extends `${infer H}.${infer R}` ? ValueAt<ValueAt<O, H>, R> : P extends keyof NonNullable<O> ? NonNullable<NonNullable<O>[P]> : never;
/** One item of a page: the element type of the array at `P` in the result `O`. */
export type PageItemOf<O, P extends string> = ValueAt<O, P> extends ReadonlyArray<infer T> ? T : never;
export interface PaginateOptions extends CallOptions<object> {
    /** Ask for at most this many pages (default: no limit). */
    readonly maxPages?: number;
}
type PaginateArgs<I> = undefined extends I ? [input?: I, options?: PaginateOptions] : [input: I, options?: PaginateOptions];
/**
 * Iterates every item of every page: `for await (const repo of paginate(listRepos, { per_page: 100 }))`.
 * Only a function the generator recognised as paged is accepted (it has `fn.paged`).
 * @throws {ToolCallError} as the function would for any page, or INVALID_RESPONSE when a page has no items array.
 */
export declare function paginate<I, O, P extends string>(fn: PagedFunction<I, O, P>, ...[input, options]: PaginateArgs<I>): AsyncIterableIterator<PageItemOf<O, P>>;
/**
 * `toolkit.call` on a tool whose answer is a stream: the items collected into one array, so a
 * model (or an MCP client) gets a result it can read. Bounded by count and by the JSON size of
 * the items, since a stream may never end: past either bound the stream is closed and the call
 * fails with `RESPONSE_TOO_LARGE`, pointing at `toolkit.stream` for reading it item by item.
 */
/** Items `toolkit.call` collects from a stream before it fails (`maxStreamItems`). */
export declare const DEFAULT_MAX_STREAM_ITEMS = 1000;
/** Characters of JSON text of the collected items `toolkit.call` accepts (`maxStreamBytes`): 1 Mi, more than a model's context. */
export declare const DEFAULT_MAX_STREAM_BYTES: number;
export interface CollectLimits {
    /** Most items collected (default 1 000). */
    readonly maxStreamItems?: number;
    /** Most characters of the collected items' JSON text (default 1 Mi; a UTF-8 byte is at most one). */
    readonly maxStreamBytes?: number;
    /** Called with each item as it arrives, before the array is complete (the MCP bridge's progress notifications). */
    readonly onStreamItem?: (item: unknown, index: number) => void;
}
export declare function collectItems(stream: ToolStream<unknown>, tool: {
    readonly name: string;
    readonly method: string;
}, limits?: CollectLimits): Promise<unknown[]>;
/**
 * Typed error answers: `isToolCallError(e, tool, status?)`, which every generated module exports
 * typed against its `ToolErrors` (operation-types.d.ts: per tool, status -> the declared error
 * answer's body type). These types look up one tool's entry by key, so an app's type check pays
 * only for the tools it narrows on.
 */
/** The statuses of each range key OpenAPI allows on an error answer. */
export interface ErrorStatusRanges {
    "1XX": 100 | 101 | 102 | 103 | 104 | 105 | 106 | 107 | 108 | 109 | 110 | 111 | 112 | 113 | 114 | 115 | 116 | 117 | 118 | 119 | 120 | 121 | 122 | 123 | 124 | 125 | 126 | 127 | 128 | 129 | 130 | 131 | 132 | 133 | 134 | 135 | 136 | 137 | 138 | 139 | 140 | 141 | 142 | 143 | 144 | 145 | 146 | 147 | 148 | 149 | 150 | 151 | 152 | 153 | 154 | 155 | 156 | 157 | 158 | 159 | 160 | 161 | 162 | 163 | 164 | 165 | 166 | 167 | 168 | 169 | 170 | 171 | 172 | 173 | 174 | 175 | 176 | 177 | 178 | 179 | 180 | 181 | 182 | 183 | 184 | 185 | 186 | 187 | 188 | 189 | 190 | 191 | 192 | 193 | 194 | 195 | 196 | 197 | 198 | 199;
    "3XX": 300 | 301 | 302 | 303 | 304 | 305 | 306 | 307 | 308 | 309 | 310 | 311 | 312 | 313 | 314 | 315 | 316 | 317 | 318 | 319 | 320 | 321 | 322 | 323 | 324 | 325 | 326 | 327 | 328 | 329 | 330 | 331 | 332 | 333 | 334 | 335 | 336 | 337 | 338 | 339 | 340 | 341 | 342 | 343 | 344 | 345 | 346 | 347 | 348 | 349 | 350 | 351 | 352 | 353 | 354 | 355 | 356 | 357 | 358 | 359 | 360 | 361 | 362 | 363 | 364 | 365 | 366 | 367 | 368 | 369 | 370 | 371 | 372 | 373 | 374 | 375 | 376 | 377 | 378 | 379 | 380 | 381 | 382 | 383 | 384 | 385 | 386 | 387 | 388 | 389 | 390 | 391 | 392 | 393 | 394 | 395 | 396 | 397 | 398 | 399;
    "4XX": 400 | 401 | 402 | 403 | 404 | 405 | 406 | 407 | 408 | 409 | 410 | 411 | 412 | 413 | 414 | 415 | 416 | 417 | 418 | 419 | 420 | 421 | 422 | 423 | 424 | 425 | 426 | 427 | 428 | 429 | 430 | 431 | 432 | 433 | 434 | 435 | 436 | 437 | 438 | 439 | 440 | 441 | 442 | 443 | 444 | 445 | 446 | 447 | 448 | 449 | 450 | 451 | 452 | 453 | 454 | 455 | 456 | 457 | 458 | 459 | 460 | 461 | 462 | 463 | 464 | 465 | 466 | 467 | 468 | 469 | 470 | 471 | 472 | 473 | 474 | 475 | 476 | 477 | 478 | 479 | 480 | 481 | 482 | 483 | 484 | 485 | 486 | 487 | 488 | 489 | 490 | 491 | 492 | 493 | 494 | 495 | 496 | 497 | 498 | 499;
    "5XX": 500 | 501 | 502 | 503 | 504 | 505 | 506 | 507 | 508 | 509 | 510 | 511 | 512 | 513 | 514 | 515 | 516 | 517 | 518 | 519 | 520 | 521 | 522 | 523 | 524 | 525 | 526 | 527 | 528 | 529 | 530 | 531 | 532 | 533 | 534 | 535 | 536 | 537 | 538 | 539 | 540 | 541 | 542 | 543 | 544 | 545 | 546 | 547 | 548 | 549 | 550 | 551 | 552 | 553 | 554 | 555 | 556 | 557 | 558 | 559 | 560 | 561 | 562 | 563 | 564 | 565 | 566 | 567 | 568 | 569 | 570 | 571 | 572 | 573 | 574 | 575 | 576 | 577 | 578 | 579 | 580 | 581 | 582 | 583 | 584 | 585 | 586 | 587 | 588 | 589 | 590 | 591 | 592 | 593 | 594 | 595 | 596 | 597 | 598 | 599;
}
/**
 * The statuses a tool's declared error answers `E` cover: its explicit codes, those of its ranges,
 * and any number when it declares `default`.
 */
export type DeclaredErrorStatus<E> = Extract<keyof E, number> | ErrorStatusRanges[Extract<keyof E, keyof ErrorStatusRanges>] | ("default" extends keyof E ? number : never);
type RangeOf<S> = S extends ErrorStatusRanges["4XX"] ? "4XX" : S extends ErrorStatusRanges["5XX"] ? "5XX" : S extends ErrorStatusRanges["3XX"] ? "3XX" : S extends ErrorStatusRanges["1XX"] ? "1XX" : never;
/** The body type of status `S`: its own answer, else its range's, else `default`'s. */
export type DeclaredErrorBody<E, S> = S extends keyof E ? E[S] : [Extract<RangeOf<S>, keyof E>] extends [never] ? "default" extends keyof E ? E["default" & keyof E] : never : E[Extract<RangeOf<S>, keyof E>];
/** A ToolCallError narrowed to a declared error answer (`S`: the status asked for, `never` for any). */
export type DeclaredToolCallError<E, S = never> = ToolCallError & {
    readonly code: "HTTP_STATUS";
    readonly status: [S] extends [never] ? DeclaredErrorStatus<E> : S;
    readonly body: [S] extends [never] ? E[keyof E] : DeclaredErrorBody<E, S>;
};
/**
 * Per function name, the canonical tool name and the declared error statuses as written ("409",
 * "4XX", "default"); only tools that declare error answers.
 */
export type ErrorStatusTable = Readonly<Record<string, readonly string[]>>;
/**
 * The run-time half of the typed guard: `error` is a ToolCallError of an HTTP answer from `tool`
 * (canonical or function name), its status is `status` when given, and the tool declares an
 * error answer for that status (the code itself, its range, or `default`), exactly as the type
 * `DeclaredErrorStatus` says.
 */
export declare function isDeclaredError(error: unknown, table: ErrorStatusTable, tool?: string, status?: number): boolean;
/**
 * The guard a generated module exports, over its table: `export const isToolCallError:
 * ToolErrorGuard = errorGuard(toolErrorStatuses)`. Typed `any` on purpose: `ToolErrorGuard`, declared
 * in the module's operation-types.d.ts, types it, and an app's tsc resolves its generic signature
 * (and `keyof ToolErrors`, 2,000 names on GitHub's description) only where the app calls it.
 */
export declare function errorGuard(table: ErrorStatusTable): any;
/**
 * The `pattern` of every argument that takes a file id (see model/tool-schema/file-arguments.ts).
 * Kept as one string so the validator can recognise it and say "must be a file id" instead of
 * quoting the expression.
 */
export declare const FILE_ID_PATTERN = "^(<file>)?file-(local-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9]{15})(</file>)?$";
export declare function isLocalFileId(text: string): boolean;
export declare function isRemoteFileId(text: string): boolean;
/**
 * The JSON Schema dialect of tool descriptors: a `$ref`-free subset of draft 2020-12 that the
 * model stage writes (src/model/tool-schema) and every consumer reads: the run-time validator,
 * the provider adapters and the MCP bridge. Keeping it one closed vocabulary is what lets the
 * validator stay a small interpreter and the adapters stay pure rewrites.
 *
 * Normal forms the model stage guarantees, so consumers never check alternatives:
 * - no `$ref`, `$defs`, `$schema`, `definitions`; recursion is cut (see tool-schema/convert.ts);
 * - nullability is `type: [T, "null"]` (OpenAPI 3.0 `nullable: true` and 3.1 type arrays both end
 *   here), or `anyOf: [S, { type: "null" }]` when `S` has no single type;
 * - `exclusiveMinimum` / `exclusiveMaximum` are numbers (the 3.0 boolean form is rewritten);
 * - booleans schemas are objects (`{}` accepts anything, `{ not: {} }` nothing).
 */
export type JsonSchemaType = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
export interface JsonSchema {
    readonly type?: JsonSchemaType | readonly JsonSchemaType[];
    readonly description?: string;
    readonly enum?: readonly unknown[];
    readonly const?: unknown;
    readonly default?: unknown;
    readonly deprecated?: boolean;
    readonly format?: string;
    readonly pattern?: string;
    readonly minLength?: number;
    readonly maxLength?: number;
    readonly minimum?: number;
    readonly maximum?: number;
    readonly exclusiveMinimum?: number;
    readonly exclusiveMaximum?: number;
    readonly multipleOf?: number;
    readonly properties?: Readonly<Record<string, JsonSchema>>;
    readonly required?: readonly string[];
    readonly additionalProperties?: boolean | JsonSchema;
    readonly minProperties?: number;
    readonly maxProperties?: number;
    readonly items?: JsonSchema;
    readonly prefixItems?: readonly JsonSchema[];
    readonly minItems?: number;
    readonly maxItems?: number;
    readonly uniqueItems?: boolean;
    readonly anyOf?: readonly JsonSchema[];
    readonly oneOf?: readonly JsonSchema[];
    readonly allOf?: readonly JsonSchema[];
    readonly not?: JsonSchema;
}
/** The root of a tool's `parameters`: always an object schema. */
export interface JsonObjectSchema extends JsonSchema {
    readonly type: "object";
    readonly properties: Readonly<Record<string, JsonSchema>>;
}
/** Re-exported for the adapters, which write schemas keyed by property names. */
/**
 * A small interpreter for the descriptor dialect (json-schema.ts). Nothing is compiled: the schema
 * was already normalised at build time (no `$ref`, one nullable form, numeric exclusive bounds),
 * and nothing is generated, evaluated or imported at run time (no `new Function`, no ajv).
 * docs/llm-tools.md has the measurements behind this choice.
 *
 * For speed, each schema object is read once into a `Node` (cached per schema object): one
 * hidden class for every node, so the walk's property reads stay monomorphic. Reading the
 * descriptor objects directly (each literal has its own shape) made every read megamorphic, which
 * cost about 15 µs per call once HTTP work between calls had evicted V8's lookup caches.
 *
 * Every problem carries the JSON path of the offending value (`$.items[0].name`) and a message
 * written for a model to act on. Two deliberate leniencies, both documented: `oneOf` is checked as
 * `anyOf` (real descriptions often have overlapping branches the server accepts), and unknown
 * `format`s pass.
 */
export interface ValidationProblem {
    /** JSON path of the value, `$` being the whole arguments object. */
    readonly path: string;
    readonly message: string;
}
export declare function validateValue(schema: JsonSchema, value: unknown, path?: string): ValidationProblem[];
/**
 * Removes `null` from properties that are optional and do not admit `null`, at any depth (see
 * arguments.ts for why). Returns the value itself when nothing changes.
 */
export declare function dropOptionalNulls(schema: JsonSchema, value: unknown): unknown;
/**
 * Where a tool's arguments and answer hold files: plain data the model stage computes at build
 * time (model/tool-schema/file-arguments.ts and file-answers.ts) and the generated toolkit
 * carries, so the toolkit never re-reads schemas at run time, and a tool without files costs one
 * `undefined` check.
 */
/**
 * From the root (the arguments object, or the answer) to the field: property names, `0` for
 * every item of a list, `1` for every value of a map (`additionalProperties`). Numbers cannot be
 * property names here, so the two never clash.
 */
export type FilePath = readonly (string | 0 | 1)[];
export interface InputFileField {
    readonly path: FilePath;
    /**
     * How the content goes out: `base64` text (`format: byte`, and `binary` inside JSON or a form,
     * which cannot carry bytes), or `file`, a File with the stored name and type (a `binary`
     * multipart part, or a binary request body).
     */
    readonly send: "base64" | "file";
}
export interface OutputFileField {
    readonly path: FilePath;
    /** `x-ebagent-file-mime-type`: the type of the base64 content. */
    readonly mimeType: string;
}
export interface ToolFileFields {
    /** Arguments that take a file id. */
    readonly input?: readonly InputFileField[];
    /** Answer fields holding base64 content that becomes a stored file (`x-ebagent-file-mime-type`). */
    readonly output?: readonly OutputFileField[];
}
/**
 * Where the files a model passes to tools, and gets back from them, are kept. A model never sees
 * bytes: it sees an id (`file-local-<uuid>`, see file-id.ts) and hands that id to the next tool;
 * the toolkit swaps ids for content on the way out and content for ids on the way back.
 *
 * Pluggable: `MemoryFileStore` is the default, `DiskFileStore` (Node only, from `toolgen/runtime`)
 * keeps files in a folder, and an app can pass its own, for instance one that also resolves the
 * reference's remote ids (`file-<15 digits>`) from its file service.
 */
export interface FileInfo {
    readonly id: string;
    /** A name without any folder part; never empty. */
    readonly filename: string;
    /** The media type, `application/octet-stream` when nothing better is known. */
    readonly mimeType: string;
    /** Bytes. */
    readonly size: number;
}
export interface StoredFile extends FileInfo {
    /** May be the store's own buffer (MemoryFileStore does not copy on read): read it, never change it. */
    readonly bytes: Uint8Array<ArrayBuffer>;
}
export interface NewFile {
    readonly filename?: string;
    readonly mimeType?: string;
}
export interface FileStore {
    /** Keeps the bytes under a new local id; returns what it kept (the name and type it settled on). */
    put(bytes: Uint8Array | Blob, file?: NewFile): Promise<FileInfo>;
    /** The file's content and metadata; throws FileStoreError when there is no such file. */
    get(id: string): Promise<StoredFile>;
    /** The metadata alone, so a size limit can be checked before the content is read. Throws like `get`. */
    info(id: string): Promise<FileInfo>;
    /** True when there was such a file. */
    delete(id: string): Promise<boolean>;
    /** Every file kept, oldest first. */
    list(): Promise<FileInfo[]>;
}
export type FileStoreErrorCode = 
/** Well formed, but this store has no such file (never had it, deleted, or evicted). */
"NOT_FOUND"
/** The reference's remote form `file-<15 digits>`: kept by a file service this store cannot reach. */
 | "REMOTE_ID"
/** Not a file id at all. */
 | "INVALID_ID";
/** Why a file id cannot be used; `message` is written so a model can act on it. */
export declare class FileStoreError extends Error {
    readonly code: FileStoreErrorCode;
    readonly id: string;
    readonly name = "FileStoreError";
    constructor(code: FileStoreErrorCode, id: string, message: string);
}
/**
 * How a toolkit handles files on the model path (`toolkit.call`), and what a model sees of one.
 * Typed generated functions are not affected: they keep taking and returning Blob and File.
 */
/** 20 MiB: more than the images, audio and documents tools exchange, well under maxResponseBytes (32 MiB). */
export declare const DEFAULT_MAX_FILE_BYTES: number;
export interface FilesOptions {
    /** Where files are kept. Default: a MemoryFileStore, created the first time a file is met. */
    readonly store?: FileStore;
    /**
     * Largest file a model may pass to a tool, or a tool may return, in bytes (default 20 MiB).
     * A larger one passed in is a ToolInputError naming the argument; a larger one returned is a
     * ToolCallError (`RESPONSE_TOO_LARGE`).
     */
    readonly maxFileBytes?: number;
    /**
     * Added as `prompt` to an object result that holds a file this call stored, when neither the
     * server nor `x-ebagent-prompt` gave one. None by default; `REFERENCE_FILE_PROMPT` is the
     * reference's own instruction.
     */
    readonly prompt?: string;
}
/**
 * What a model gets instead of a binary answer: JSON it can read and pass on. `file` is the
 * name the reference uses (`{"file": id}`), so prompts written for it still apply.
 */
export interface FileReference {
    readonly file: string;
    readonly filename: string;
    readonly mimeType: string;
    readonly size: number;
}
/**
 * The instruction the reference adds as `prompt` to a result holding file ids when nothing else
 * gave one ("Using the tool's field descriptions, extract the information from the result and
 * write fluent text for the user. Make sure every 'file-' field appears exactly once; do not turn
 * it into a link or add HTML, Markdown or other formatting."). toolgen does not add it unless an
 * app passes it as `prompt`: it is tool data written in Chinese into every answer, whatever the
 * conversation's language.
 */
export declare const REFERENCE_FILE_PROMPT = "\u53C2\u8003\u5DE5\u5177\u8BF4\u660E\u4E2D\u5BF9\u5404\u4E2A\u7ED3\u679C\u5B57\u6BB5\u7684\u63CF\u8FF0\uFF0C\u63D0\u53D6\u5DE5\u5177\u8C03\u7528\u7ED3\u679C\u4E2D\u7684\u4FE1\u606F\uFF0C\u751F\u6210\u4E00\u6BB5\u901A\u987A\u7684\u6587\u672C\u6EE1\u8DB3\u7528\u6237\u7684\u9700\u6C42\u3002\u8BF7\u52A1\u5FC5\u786E\u4FDD\u6BCF\u4E2A\u7B26\u5408'file-'\u683C\u5F0F\u7684\u5B57\u6BB5\u53EA\u51FA\u73B0\u4E00\u6B21\uFF0C\u65E0\u9700\u5C06\u5176\u8F6C\u6362\u4E3A\u94FE\u63A5\uFF0C\u4E5F\u65E0\u9700\u6DFB\u52A0\u4EFB\u4F55HTML\u3001Markdown\u6216\u5176\u4ED6\u683C\u5F0F\u5316\u5143\u7D20\u3002";
/**
 * A model's tool call that cannot be sent: unknown tool, arguments that are not JSON, or
 * arguments that do not match the tool's `parameters`. Thrown before any request, so nothing
 * reached the tool server. `message` is written to be handed back to the model as the tool's
 * result, so it can correct itself and call again; `problems` has the same content as data.
 */
export type ToolInputErrorCode = "UNKNOWN_TOOL" | "INVALID_JSON" | "INVALID_ARGUMENTS"
/** `toolkit.stream` named a tool whose answer is no stream. */
 | "NOT_STREAMING";
export declare class ToolInputError extends Error {
    /** True for an error of any copy of the runtime (TOOL_INPUT_ERROR); a subclass checks its own prototype chain. */
    static [Symbol.hasInstance](value: unknown): boolean;
    readonly name = "ToolInputError";
    /** The tool name as the model gave it. */
    readonly tool: string;
    readonly code: ToolInputErrorCode;
    /** Each problem with the JSON path of the offending value (`$` is the arguments object). */
    readonly problems: readonly ValidationProblem[];
    constructor(tool: string, code: ToolInputErrorCode, problems: readonly ValidationProblem[], message?: string);
    /** The retry message: one line per problem, then what to do. */
    static format(tool: string, problems: readonly ValidationProblem[]): string;
}
/** A ToolInputError of any copy of the runtime. */
export declare function isToolInputError(error: unknown): error is ToolInputError;
/**
 * The default file store: files in this process's memory, gone when it exits. Bounded, because
 * a long-running agent keeps producing files: past `maxTotalBytes` the oldest files are dropped
 * (a later use of their id is then a clear "no stored file" error for the model). Web-standard
 * only (crypto.randomUUID, Blob), so it is part of the portable runtime.
 */
/** 256 MiB: a dozen files at the default per-file limit (20 MiB), far from hurting a server process. */
export declare const DEFAULT_MEMORY_STORE_BYTES: number;
export interface MemoryFileStoreOptions {
    /** Bytes kept at most; the oldest files go first. Default 256 MiB. */
    readonly maxTotalBytes?: number;
}
export declare class MemoryFileStore implements FileStore {
    private readonly files;
    private total;
    private readonly maxTotalBytes;
    constructor(options?: MemoryFileStoreOptions);
    put(content: Uint8Array | Blob, file?: NewFile): Promise<FileInfo>;
    get(id: string): Promise<StoredFile>;
    info(id: string): Promise<FileInfo>;
    delete(id: string): Promise<boolean>;
    list(): Promise<FileInfo[]>;
    private find;
}
/**
 * The `toolkit` a generated module exports (and `loadToolkit` builds at run time): one entry per
 * operation with everything a language model needs (names, description, `parameters` and
 * `responses` JSON Schemas, few-shot examples), and `call(name, args)` to run the one a model
 * chose. Built from plain data computed at build time; nothing is parsed or compiled here.
 */
type AnyOperation = ((...args: any[]) => Promise<unknown>) & {
    stream?: (...args: any[]) => Promise<ToolStream<unknown>>;
    paged?: PageCall;
};
/** One message of a few-shot conversation (examples.yaml `context`, in provider-neutral form). */
export type ExampleMessage = {
    readonly role: "user";
    readonly content: string;
} | {
    readonly role: "assistant";
    /** The reasoning the example gives for the turn (examples.yaml `thoughts`). */
    readonly thoughts?: string;
    /** The tool call of the turn, by canonical tool name; absent when the turn calls no tool. */
    readonly call?: {
        readonly name: string;
        readonly arguments: Readonly<Record<string, unknown>>;
    };
};
/** One few-shot conversation, kept whole as examples.yaml wrote it. */
export interface ToolExample {
    readonly messages: readonly ExampleMessage[];
}
/** What a model is told about one tool: plain data, identical in generated code and loadToolkit. */
export interface ToolDescriptor {
    /** Canonical `<title>/<version>/<operationId>` (the reference's name; ERNIE and MCP `title`). */
    readonly name: string;
    /** Provider-safe name, `^[A-Za-z_][A-Za-z0-9_-]{0,63}$`, unique in the toolkit (OpenAI, Anthropic, Gemini, MCP). */
    readonly wireName: string;
    /** Operation description, else summary, else a sentence from method and path. */
    readonly description: string;
    /** Upper-case HTTP method. */
    readonly method: string;
    readonly path: string;
    readonly deprecated?: boolean;
    /** JSON Schema of the arguments: the flat input object minus header and cookie parameters. */
    readonly parameters: JsonObjectSchema;
    /** JSON Schema of the 2xx answer (kept shallow for large descriptions); absent when it has no body. */
    readonly responses?: JsonSchema;
    /** Conversations from examples.yaml that call this tool, each kept whole. */
    readonly examples: readonly ToolExample[];
    /** Inputs forced by `x-ebagent-fixed-value`: hidden from the model, merged into every call. */
    readonly fixed?: Readonly<Record<string, unknown>>;
    /** `x-ebagent-prompt` of the response schema: added as `prompt` to an object result that has none. */
    readonly prompt?: string;
    /** Where arguments take file ids and where the answer holds base64 files (see files/file-fields.ts). */
    readonly files?: ToolFileFields;
    /**
     * The tool's answer can be a stream of items: `only` when the function itself streams (`call`
     * collects the items into an array), `also` when it answers JSON and `fn.stream()` asks for the
     * stream. `toolkit.stream` reads either item by item.
     */
    readonly stream?: "only" | "also";
    /** JSON Schema of one streamed item of an `also` tool (an `only` tool's is `responses.items`). */
    readonly streamItems?: JsonSchema;
    /** The operation's `x-mcp-annotations`: MCP hints that override those the MCP bridge derives from the method. */
    readonly mcpAnnotations?: McpToolHints;
}
/** The MCP tool annotations' hints (their meaning is the MCP specification's, tools section). */
export interface McpToolHints {
    readonly readOnlyHint?: boolean;
    readonly destructiveHint?: boolean;
    readonly idempotentHint?: boolean;
    readonly openWorldHint?: boolean;
}
export interface ToolEntry extends ToolDescriptor {
    /** The generated function's name. */
    readonly functionName: string;
    /** The operation takes no input object (its function's first argument is the options). */
    readonly inputless: boolean;
    readonly run: AnyOperation;
}
/** `Auth`: the toolkit's `Credentials` type in generated code, so `call`'s `options.auth` is checked. */
export interface Toolkit<Auth extends object = AuthValues> {
    readonly title: string;
    readonly version: string;
    readonly tools: readonly ToolEntry[];
    /** The security schemes `options.auth` may name, when known (loadToolkit). */
    readonly securitySchemes?: Readonly<Record<string, AuthScheme>>;
    /** examples.yaml conversations in which no tool is called (negative examples). */
    readonly examples: readonly ToolExample[];
    /** The entry with this canonical name, wire name or function name. */
    tool(name: string): ToolEntry | undefined;
    /**
     * Validates a model's arguments for tool `name` (canonical or wire name) without calling it:
     * parses JSON text, drops `null`s written for optional fields, and returns what `call` would
     * send. Throws ToolInputError.
     */
    check(name: string | undefined, args?: unknown): Record<string, unknown>;
    /**
     * Calls tool `name` (canonical or wire name) with `args`: an object, or the JSON text a model
     * returned. Invalid arguments and unknown names throw ToolInputError before any request;
     * HTTP failures throw ToolCallError. A `prompt` field in the result is passed through as is.
     * `name` may be `undefined` because SDKs type a model's call so (Gemini's `FunctionCall.name`):
     * it names no tool, and the model gets the same retry message as for any unknown name.
     * Files travel by id (src/runtime/files/): file arguments are swapped for the stored content
     * before the request, a binary answer comes back as `{ file, filename, mimeType, size }`, and
     * base64 fields marked `x-ebagent-file-mime-type` as ids.
     */
    call(name: string | undefined, args?: unknown, options?: CallOptions<Auth> & CollectLimits & {
        validate?: boolean;
    }): Promise<unknown>;
    /**
     * Calls a tool whose answer is a stream (`stream` in its descriptor) and resolves, once the
     * answer's headers arrive, to its items, checked and sent as `call` does. A tool that does not
     * stream throws ToolInputError (`NOT_STREAMING`) before any request.
     */
    stream(name: string | undefined, args?: unknown, options?: StreamOptions<Auth> & {
        validate?: boolean;
    }): Promise<ToolStream<unknown>>;
    /**
     * Where `call` keeps files: the ones a model passes by id and the ones tools return. The
     * toolkit's own MemoryFileStore unless one was given; created the first time it is needed.
     */
    readonly files: FileStore;
    /** The same tools with another file store, or other file options (size limit, prompt). */
    withFiles(files: FileStore | FilesOptions): Toolkit<Auth>;
}
export interface ToolkitInit {
    readonly title: string;
    readonly version: string;
    /** The security schemes calls can use (`loadToolkit` gives them; generated code keeps them in client.ts). */
    readonly securitySchemes?: Readonly<Record<string, AuthScheme>>;
    readonly tools: readonly ToolEntry[];
    readonly examples?: readonly ToolExample[];
    /** Where files passed to and returned by `call` are kept, or the file options (files/files-options.ts). */
    readonly files?: FileStore | FilesOptions;
}
/**
 * Binds call options (base address, headers, token, fetch, timeout) to every function, giving a
 * client whose calls all start from them; per-call options still win, headers are merged.
 */
export declare function bindCallOptions<T extends Record<string, AnyOperation>>(functions: T, inputless: ReadonlySet<string>, bound: CallOptions<object>): T;
/**
 * `toolkit.call` and `toolkit.check` typed by tool name. A generated module writes, per name the
 * runtime resolves (canonical, wire and function name), the tool's argument and result types
 * into its `ToolTypes` interface; with a literal name, `call` takes that tool's own input (or the
 * JSON text a model wrote) and resolves to its output, and a misspelt literal does not compile.
 * A name known only at run time (`string`: a model's tool call) takes any arguments and resolves
 * to `unknown`, as before.
 *
 * Why an interface looked up by key and not a type computed from the operations: the lookup
 * resolves one member, for the names an app actually writes, and the interface lives in a
 * declaration file that `skipLibCheck` skips, so a 1,223-operation client costs its app's `tsc`
 * nothing it does not call (BENCHMARKS.md, "Type-checking apps").
 */
/**
 * The shape of one `ToolTypes` member: `args`, what `call` takes (`undefined` among them when the
 * arguments may be left out), and `result`, what it resolves to.
 */
export interface ToolType {
    readonly args: unknown;
    readonly result: unknown;
}
/** A toolkit whose names are not known to the compiler (loadToolkit): any name, any arguments. */
export type UntypedTools = Readonly<Record<string, ToolType>>;
type ArgsOf<T> = T extends {
    readonly args: infer A;
} ? A : unknown;
type ResultOf<T> = T extends {
    readonly result: infer R;
} ? R : unknown;
type ItemOf<T> = T extends {
    readonly item: infer I;
} ? I : never;
/**
 * The arguments after a typed name: the tool's own, or JSON text (a model's arguments for a name
 * the app knows), which only the runtime can check. Optional when they may be `undefined`.
 */
export type ToolArgsRest<T> = undefined extends ArgsOf<T> ? [args?: ArgsOf<T> | string | undefined] : [args: ArgsOf<T> | string];
/** What follows a typed name in `call`: the arguments, then the call options. */
export type ToolCallRest<T, Auth extends object> = [...ToolArgsRest<T>, options?: (CallOptions<Auth> & CollectLimits) | undefined];
/**
 * What follows a typed name in `stream`: as in `call` for a tool that streams; for one that does
 * not, an argument no value satisfies, so the call does not compile.
 */
export type ToolStreamRest<T, Auth extends object> = T extends {
    readonly item: unknown;
} ? [...ToolArgsRest<T>, options?: StreamOptions<Auth> | undefined] : [notStreaming: never, ...rest: unknown[]];
/**
 * A name only known at run time: `string` (or `string | undefined`, as Gemini's SDK types a
 * model's call) passes, a literal gives `never`. So a literal that is no tool's name fails to
 * compile instead of falling through to the untyped overload.
 */
export type RuntimeName<N extends string | undefined> = string extends N ? N : never;
/** `Toolkit` with `call` and `check` typed by tool name (see the file comment). */
export interface TypedToolkit<Auth extends object, Tools = UntypedTools> extends Toolkit<Auth> {
    /**
     * Calls tool `name` with `args`. With a name known only at run time (a model's tool call), any
     * arguments (an object or JSON text) and an `unknown` result; with a literal name (canonical,
     * wire or function name), the tool's input or JSON text, and its output. Invalid arguments and
     * unknown names throw ToolInputError before any request; HTTP failures throw ToolCallError.
     */
    call<N extends string | undefined>(name: RuntimeName<N>, args?: unknown, options?: CallOptions<Auth>): Promise<unknown>;
    call<N extends keyof Tools & string>(name: N, ...rest: ToolCallRest<Tools[N], Auth>): Promise<ResultOf<Tools[N]>>;
    /**
     * Reads a streaming tool's items as they arrive. With a literal name, only a tool that streams
     * compiles, and each item has its type; with a name known only at run time, items are `unknown`.
     */
    stream<N extends string | undefined>(name: RuntimeName<N>, args?: unknown, options?: StreamOptions<Auth>): Promise<ToolStream<unknown>>;
    stream<N extends keyof Tools & string>(name: N, ...rest: ToolStreamRest<Tools[N], Auth>): Promise<ToolStream<ItemOf<Tools[N]>>>;
    /** Validates arguments for tool `name` without calling it; typed by name like `call`. */
    check<N extends string | undefined>(name: RuntimeName<N>, args?: unknown): Record<string, unknown>;
    check<N extends keyof Tools & string>(name: N, ...rest: ToolArgsRest<Tools[N]>): Record<string, unknown>;
    /** The same tools, typed the same, with another file store or other file options. */
    withFiles(files: FileStore | FilesOptions): TypedToolkit<Auth, Tools>;
}
/**
 * From what a model returned to arguments that may be sent: parse (object or JSON text), drop
 * the `null`s a model writes for optional fields it means to leave out, validate against the
 * tool's `parameters`. Any failure is a ToolInputError; nothing here performs I/O.
 */
/** The arguments object: `undefined`, `null` and blank text mean "no arguments". */
export declare function parseArguments(tool: string, args: unknown): Record<string, unknown>;
/**
 * Removes `null` from properties that are optional and do not admit `null`. Models write them
 * for fields they leave out (OpenAI strict mode even requires every field, so optional ones
 * become nullable in what the model sees; see adapters/openai.ts). `null` is never a valid value
 * there, so leaving the field out is the only reading that can be meant. Nested objects too.
 * (Implemented beside the validator, on the same cached schema nodes.)
 */
/** Parses, cleans and validates; returns the arguments to send or throws ToolInputError. */
export declare function checkArguments(tool: string, parameters: JsonSchema, args: unknown): Record<string, unknown>;
/**
 * `createToolkit(init)`: the toolkit a generated module exports and `loadToolkit` builds, from
 * plain data (toolkit.ts has its shape). Apart from toolkit.ts so that the typed form it returns
 * (typed-toolkit.ts, which extends that shape) and the shape do not import each other.
 */
/**
 * `Tools`: the generated module's `ToolTypes` (typed-toolkit.ts), inferred from the declared type
 * of its `toolkit` constant; without it every name takes any arguments, as `Toolkit` says.
 */
export declare function createToolkit<Auth extends object = AuthValues, Tools = UntypedTools>(init: ToolkitInit): TypedToolkit<Auth, Tools>;
/**
 * What every provider adapter shares: which tools to convert, how warnings are reported,
 * description length caps, and example calls in provider-neutral form. Adapters are pure
 * functions over descriptors; none imports a provider SDK.
 */
/** Anything with descriptors: a generated `toolkit`, a `loadToolkit` result, or `{ tools: [...] }`. */
export interface ToolSource {
    readonly tools: readonly ToolDescriptor[];
}
export interface AdapterOptions {
    /** Keeps only the tools for which this returns true (default: all). */
    readonly only?: (tool: ToolDescriptor) => boolean;
    /** Longest description sent; longer ones are cut at a word boundary and end with "…". */
    readonly maxDescription?: number;
    /** Receives each warning. Default: one console.warn per adapter call summing them up. */
    readonly onWarning?: (message: string) => void;
}
export type StrictResult = {
    readonly ok: true;
    readonly schema: JsonSchema;
} | {
    readonly ok: false;
    readonly reason: string;
};
export declare function toStrictSchema(schema: JsonSchema): StrictResult;
/**
 * OpenAI function tools, for Chat Completions (`tools: [{ type: "function", function }]`) and the
 * Responses API (`tools: [{ type: "function", name, … }]`).
 *
 * - Names are wire names (`^[A-Za-z0-9_-]{1,64}$` is OpenAI's rule); toolkit.call accepts them.
 * - Strict mode is used wherever the schema can be expressed in it (openai-strict.ts); a tool
 *   that cannot is sent with `strict: false` and a warning. `strict` is always sent explicitly:
 *   the Responses API treats a missing `strict` as true and rewrites the schema itself.
 * - Descriptions are capped at 1,024 characters (the API answers 400 beyond that); example calls
 *   from examples.yaml are appended while they fit, since OpenAI has no examples field.
 * - More than 128 tools in one request is refused by the API: that is a warning here, so a
 *   caller can still select tools afterwards.
 */
export declare const OPENAI_DESCRIPTION_LIMIT = 1024;
export declare const OPENAI_TOOL_LIMIT = 128;
export interface OpenAIToolsOptions extends AdapterOptions {
    /** `chat` (default): Chat Completions shape; `responses`: Responses API shape. */
    readonly api?: "chat" | "responses";
    /** Use strict mode where the schema allows it (default true); false sends every tool non-strict. */
    readonly strict?: boolean;
    /** Append example calls to descriptions (default true). */
    readonly examples?: boolean;
}
/** Chat Completions: assignable to `ChatCompletionTool` / `ChatCompletionFunctionTool` of `openai`. */
export interface OpenAIChatTool {
    type: "function";
    function: {
        name: string;
        description: string;
        parameters: Record<string, unknown>;
        strict: boolean;
    };
}
/** Responses API: assignable to `FunctionTool` of `openai`. */
export interface OpenAIResponsesTool {
    type: "function";
    name: string;
    description: string;
    parameters: Record<string, unknown>;
    strict: boolean;
}
export declare function toOpenAITools(source: ToolSource, options?: OpenAIToolsOptions & {
    readonly api?: "chat";
}): OpenAIChatTool[];
export declare function toOpenAITools(source: ToolSource, options: OpenAIToolsOptions & {
    readonly api: "responses";
}): OpenAIResponsesTool[];
/**
 * Anthropic Messages API tools: `{ name, description, input_schema, input_examples?, strict? }`.
 *
 * - Names are wire names (the API's rule is `^[a-zA-Z0-9_-]{1,64}$` in the guide, 128 in the
 *   reference; 64 satisfies both).
 * - Examples: appended to the description by default; `examples: "input_examples"` sends the
 *   arguments of each example call in the `input_examples` field instead, which some platforms
 *   only accept with a beta header (research §1.3).
 * - `strict: true` sends grammar-constrained tools where the schema fits Anthropic's subset:
 *   `oneOf` becomes `anyOf`, every object is closed, keywords outside the subset move into the
 *   description; an open object or a recursive cut falls back to non-strict with a warning.
 * - No description limit is documented; `maxDescription` caps it when wanted.
 */
export interface AnthropicToolsOptions extends AdapterOptions {
    /** Where examples go: `description` (default), `input_examples`, or nowhere (`false`). */
    readonly examples?: "description" | "input_examples" | false;
    /** Send `strict: true` where the schema fits Anthropic's strict subset (default false). */
    readonly strict?: boolean;
}
/** Assignable to `Tool` of `@anthropic-ai/sdk`. */
export interface AnthropicTool {
    name: string;
    description: string;
    input_schema: {
        type: "object";
        properties?: unknown;
        required?: string[];
        [key: string]: unknown;
    };
    input_examples?: Array<Record<string, unknown>>;
    strict?: boolean;
}
export declare function toAnthropicTools(source: ToolSource, options?: AnthropicToolsOptions): AnthropicTool[];
/**
 * Google Gemini function declarations, as the `tools` entry `{ functionDeclarations: [...] }`.
 *
 * - Default: the schema goes in `parametersJsonSchema` (full JSON Schema, no `$schema`), which
 *   avoids every failure of the older `parameters` field (research §1.4: `additionalProperties`,
 *   type arrays, `oneOf` rejected). `responses` go in `responseJsonSchema` unless turned off.
 * - `schema: "openapi"` writes the older `parameters` / `response` fields instead, in the OpenAPI
 *   3.0 subset they accept: one upper-case `type` plus `nullable`, `anyOf` only, no
 *   `additionalProperties`, string enums only; whatever does not fit moves into descriptions.
 * - A tool without arguments has no `parameters` (Gemini rejects an OBJECT without properties).
 * - Names are wire names; descriptions carry example calls (Gemini has no examples field).
 * - The result is assignable to `@google/genai`'s `Tool[]` without a cast (the SDK is not imported):
 *   the default declarations carry no `parameters` field at all, and `schema: "openapi"` takes the
 *   SDK's `Type` enum as `types`, since no string type can stand for a string enum's member.
 */
/** Gemini's schema type names; `@google/genai` declares the same strings as its `Type` enum. */
export type GeminiTypeName = "STRING" | "NUMBER" | "INTEGER" | "BOOLEAN" | "ARRAY" | "OBJECT" | "NULL";
export interface GeminiToolsOptions<T = GeminiTypeName> extends AdapterOptions {
    /** `json` (default): parametersJsonSchema / responseJsonSchema; `openapi`: parameters / response. */
    readonly schema?: "json" | "openapi";
    /** Declare the answer's schema too (default true). */
    readonly responses?: boolean;
    /** Append example calls to descriptions (default true). */
    readonly examples?: boolean;
    /**
     * With `schema: "openapi"`, the values written as `type`, by name. Pass the SDK's enum
     * (`import { Type } from "@google/genai"`) and the result is typed by it, so it is assignable to
     * the SDK's `Tool` without a cast: TypeScript lets no string stand for a string enum's member.
     * Default: the names themselves, which are the enum's values.
     */
    readonly types?: Readonly<Record<GeminiTypeName, T>>;
}
/** The OpenAPI-subset Schema of Gemini's `parameters` field, `type` typed as `T`. */
export interface GeminiSchema<T = GeminiTypeName> {
    type?: T;
    description?: string;
    format?: string;
    nullable?: boolean;
    enum?: string[];
    default?: unknown;
    properties?: Record<string, GeminiSchema<T>>;
    required?: string[];
    items?: GeminiSchema<T>;
    anyOf?: GeminiSchema<T>[];
    minItems?: string;
    maxItems?: string;
    minLength?: string;
    maxLength?: string;
    minimum?: number;
    maximum?: number;
    pattern?: string;
}
/** A declaration as written by default (JSON Schema only): assignable to the SDK's `FunctionDeclaration`. */
export interface GeminiFunctionDeclaration {
    name: string;
    description: string;
    parametersJsonSchema?: unknown;
    responseJsonSchema?: unknown;
}
/** A declaration as written with `schema: "openapi"`: assignable to the SDK's when `T` is its `Type`. */
export interface GeminiOpenApiFunctionDeclaration<T = GeminiTypeName> {
    name: string;
    description: string;
    parameters?: GeminiSchema<T>;
    response?: GeminiSchema<T>;
}
/** One entry of `config.tools` in `@google/genai` (its `Tool`). */
export interface GeminiTool<Declaration = GeminiFunctionDeclaration> {
    functionDeclarations: Declaration[];
}
export declare function toGeminiTools(source: ToolSource, options?: GeminiToolsOptions & {
    readonly schema?: "json";
}): GeminiTool[];
export declare function toGeminiTools<T = GeminiTypeName>(source: ToolSource, options: GeminiToolsOptions<T> & {
    readonly schema: "openapi";
}): GeminiTool<GeminiOpenApiFunctionDeclaration<T>>[];
/** Our dialect -> Gemini's OpenAPI subset. Lossy only towards the description. */
export declare function toGeminiSchema<T = GeminiTypeName>(schema: JsonSchema, typeValues?: Readonly<Record<GeminiTypeName, T>>): GeminiSchema<T>;
/**
 * ERNIE `functions` (the reference's function-calling format): `{ name, description, parameters,
 * responses?, examples? }` with the canonical `<title>/<version>/<operationId>` name, as
 * erniebot-agent sends it (ERNIE accepts the `/`).
 *
 * `examples` is the flat message list ERNIE expects: every conversation that calls the tool, whole
 * and in order, as `{ role: "user", content }` and `{ role: "assistant", content: "",
 * function_call: { name, thoughts, arguments } }`, `arguments` being JSON text written the way the
 * reference's Python writes it (`{"word": "Hello"}`). Unlike the reference: empty arguments are
 * `{}` (not `"null"`), no `plugin_info`/`search_info: null` leak, and a turn that calls no tool is
 * an assistant message whose content is its thoughts.
 */
export interface ErnieFunctionsOptions extends AdapterOptions {
    /** Include `examples` (default true). */
    readonly examples?: boolean;
    /** Include `responses` (default true). */
    readonly responses?: boolean;
}
export type ErnieMessage = {
    role: "user";
    content: string;
} | {
    role: "assistant";
    content: string;
    function_call?: {
        name: string;
        thoughts?: string;
        arguments: string;
    };
};
export interface ErnieFunction {
    name: string;
    description: string;
    parameters: Record<string, unknown>;
    responses?: Record<string, unknown>;
    examples?: ErnieMessage[];
}
export declare function toErnieFunctions(source: ToolSource, options?: ErnieFunctionsOptions): ErnieFunction[];
export type AiSdkValidationResult = {
    success: true;
    value: unknown;
} | {
    success: false;
    error: Error;
};
/** What `jsonSchema()` of the AI SDK returns, structurally. */
export interface AiSdkSchema {
    readonly jsonSchema: unknown;
    readonly validate: (value: unknown) => AiSdkValidationResult;
    readonly _type: unknown;
}
export interface AiSdkToolsOptions<S> extends AdapterOptions {
    /** The `jsonSchema` function of `ai` (types the result as `ai`'s ToolSet). */
    readonly jsonSchema?: (schema: any, options: {
        validate: (value: unknown) => AiSdkValidationResult;
    }) => S;
    /** Pass example calls as `inputExamples` (default true). */
    readonly examples?: boolean;
    /** Forwarded as the tools' `strict` (the SDK passes it to providers that support it). */
    readonly strict?: boolean;
}
export interface AiSdkTool<S> {
    description: string;
    inputSchema: S;
    inputExamples?: Array<{
        input: Record<string, unknown>;
    }>;
    strict?: boolean;
    execute: (input: unknown, options: {
        abortSignal?: AbortSignal;
    }) => Promise<unknown>;
}
export declare function toAiSdkTools<S = AiSdkSchema>(toolkit: Toolkit, options?: AiSdkToolsOptions<S>): Record<string, AiSdkTool<S>>;
export declare function toolResultText(result: unknown): string;
/**
 * The text to send back when a call failed. A ToolInputError's message is already written for a
 * model to retry; other errors say that the call failed and why, without a stack trace. An error
 * answer's decoded body (a 422's field list, a 409's reason) goes with it, up to
 * ERROR_BODY_TEXT_LIMIT characters, when the message's one-line snippet did not already hold it all.
 */
export declare function toolErrorText(error: unknown): string;
export {};
