/**
 * The data a generated function hands to `request()`: everything the runtime needs to turn one
 * flat input object into one HTTP request. Generated code holds these as plain object literals,
 * so the runtime, not the generator, owns every serialisation rule (OpenAPI 3.0 §4.7.12.4 "Style
 * Values", §4.7.14 "Request Body Object", §4.7.16 "Encoding Object").
 */

import type { SecurityAlternative } from "./auth/auth-scheme.js";

/**
 * `querystring` (OpenAPI 3.2): one parameter that is the whole query string, its value serialised
 * by its media type (form fields, or JSON text), build-url.ts.
 */
export type ParameterLocation = "path" | "query" | "querystring" | "header" | "cookie";

export type ParameterStyle =
  | "matrix"
  | "label"
  | "simple"
  | "form"
  | "spaceDelimited"
  | "pipeDelimited"
  | "deepObject";

/** A parameter value's JSON shape as its schema declares it: one scalar, a list, or an object. */
export type ValueShape = "scalar" | "array" | "object";

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
