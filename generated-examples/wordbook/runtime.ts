// @ts-nocheck
/*
 * A copy of toolgen's runtime, its files in one module, written beside the generated client so
 * that the app needs no package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
//#region auth/auth-scheme.ts
/**
 * Security schemes as the runtime applies them (OpenAPI 3.0 §4.7.27 "Security Scheme Object"),
 * and the credentials a caller supplies for them. Plain data: generated code writes the schemes
 * of its description as a literal, `loadToolkit` reads them from the description at run time.
 */

/** How one scheme puts its credential on a request. */
export type AuthScheme =
  /** An API key under a declared name (§4.7.27: `in` is header, query or cookie). */
  | { readonly type: "apiKey"; readonly in: "header" | "query" | "cookie"; readonly name: string }
  /** `Authorization: <scheme> <credential>` (RFC 9110 §11.6.2); `scheme` as declared, e.g. `bearer`, `basic`. */
  | { readonly type: "http"; readonly scheme: string }
  /** The access token the flow produced, sent as a Bearer token (RFC 6750 §2.1). */
  | { readonly type: "oauth2" }
  | { readonly type: "openIdConnect" };

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
export type AuthValues = { readonly [scheme: string]: Credential<string> | Credential<BasicCredentials> | undefined };

/**
 * One alternative of a Security Requirement (§4.7.30): the names of the schemes that must all be
 * applied together. An empty one makes credentials optional.
 */
export type SecurityAlternative = readonly string[];
//#endregion

//#region operation.ts
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

export type ParameterStyle =
  | "matrix"
  | "label"
  | "simple"
  | "form"
  | "spaceDelimited"
  | "pipeDelimited"
  | "deepObject";

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
//#endregion

//#region own-property.ts
/**
 * Objects keyed by names from a description or a caller (parameter keys, body properties, schema
 * property names) are data: a name such as `constructor`, `toString` or `__proto__` is a name like
 * any other. Plain `obj[name]` would find Object.prototype's member when the object has no such
 * property, and plain assignment to `__proto__` would replace the prototype instead of adding a
 * property. These two are how the runtime reads and writes such objects.
 */

/** The object's own property `key`; `undefined` when it has none (whatever its prototype has). */
function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Sets an own, enumerable property even when `key` is `__proto__` (plain assignment would change
 * the prototype instead). Every object keyed by names from a description is written through this.
 */
function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
//#endregion

//#region serialize-value.ts
/**
 * Style serialisation of one parameter value (OpenAPI 3.0 §4.7.12.4 "Style Values"), shared by
 * path, query, header and cookie parameters. Values are percent-encoded with `encode`; names are
 * encoded by the caller.
 */

type Encode = (text: string) => string;

/** RFC 3986 unreserved characters stay; everything else is percent-encoded (also `!'()*`). */
const encodeStrict: Encode = (text) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `allowReserved`: RFC 3986 reserved characters (`:/?#[]@!$&'()*+,;=`) stay as they are. */
const encodeReserved: Encode = (text) => encodeURI(text).replace(/%5B/gi, "[").replace(/%5D/gi, "]");

function primitiveText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * Serialises `value` for `name`: returns the text that goes after the parameter's place
 * (the whole `name=value&…` run for form styles, the bare value for simple).
 */
function serializeStyled(name: string, value: unknown, style: ParameterStyle, explode: boolean, encode: Encode): string {
  const prefix = style === "label" ? "." : style === "matrix" ? ";" : "";
  if (Array.isArray(value)) {
    const items = value.map((v) => encode(primitiveText(v)));
    switch (style) {
      case "matrix":
        return explode ? items.map((v) => `;${name}=${v}`).join("") : `;${name}=${items.join(",")}`;
      case "label":
        return `.${items.join(explode ? "." : ",")}`;
      case "form":
        return explode ? items.map((v) => `${name}=${v}`).join("&") : `${name}=${items.join(",")}`;
      case "spaceDelimited":
        return explode ? items.map((v) => `${name}=${v}`).join("&") : `${name}=${items.join("%20")}`;
      case "pipeDelimited":
        return explode ? items.map((v) => `${name}=${v}`).join("&") : `${name}=${items.join("|")}`;
      default:
        return items.join(",");
    }
  }
  if (typeof value === "object" && value !== null && !(value instanceof Date) && !(value instanceof Blob)) {
    if (style === "deepObject") return deepObjectPairs(name, value, encode).join("&");
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    switch (style) {
      case "matrix":
        return explode
          ? entries.map(([k, v]) => `;${encode(k)}=${encode(primitiveText(v))}`).join("")
          : `;${name}=${entries.map(([k, v]) => `${encode(k)},${encode(primitiveText(v))}`).join(",")}`;
      case "form":
        // §4.7.12.4 defines only scalar members. Rather than JSON text, which no server reads, an
        // array member repeats its key (`sort=a&sort=b`, as Spring's Pageable and Prism read it)
        // and an object member uses the bracket convention of deepObject (`first[second]=x`).
        return explode
          ? entries.flatMap(([k, v]) => formMember(encode(k), v, encode)).join("&")
          : `${name}=${entries.map(([k, v]) => `${encode(k)},${encode(primitiveText(v))}`).join(",")}`;
      default: {
        const sep = explode ? "=" : ",";
        const joined = entries.map(([k, v]) => `${encode(k)}${sep}${encode(primitiveText(v))}`).join(style === "label" && explode ? "." : ",");
        return `${prefix}${joined}`;
      }
    }
  }
  const text = encode(primitiveText(value));
  if (style === "matrix") return `;${name}${value === "" ? "" : `=${text}`}`;
  if (style === "form" || style === "spaceDelimited" || style === "pipeDelimited" || style === "deepObject") return `${name}=${text}`;
  return `${prefix}${text}`;
}

function formMember(name: string, value: unknown, encode: Encode): string[] {
  if (Array.isArray(value)) return value.map((item) => `${name}=${encode(primitiveText(item))}`);
  if (typeof value === "object" && value !== null && !(value instanceof Date)) return deepObjectPairs(name, value, encode);
  return [`${name}=${encode(primitiveText(value))}`];
}

/**
 * deepObject (§4.7.12.4) only defines one level; nested objects and arrays follow the bracket
 * convention Stripe and Rails use: `filter[owner][name]=x`, `items[0][price]=p`.
 */
function deepObjectPairs(name: string, value: unknown, encode: Encode): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => deepObjectPairs(`${name}[${i}]`, v, encode));
  if (typeof value === "object" && value !== null && !(value instanceof Date)) {
    return Object.entries(value).flatMap(([k, v]) => deepObjectPairs(`${name}[${encodeBracketKey(k)}]`, v, encode));
  }
  return [`${name}=${encode(primitiveText(value))}`];
}

function encodeBracketKey(key: string): string {
  return encodeStrict(key);
}
//#endregion

//#region build-url.ts
/**
 * The request URL: base address + path with its parameters substituted, then the query
 * parameters (or OpenAPI 3.2's one `querystring` parameter), then `version=<info.version>` last
 * (the tool-server protocol appends it to every call; it goes after the others so servers that
 * read the last value see the right one). A description whose info.version is empty gets no
 * `version=`, and a URL with no query no `?`.
 */

function buildUrl(baseUrl: string, op: OperationSpec, input: Record<string, unknown>, version: string): string {
  let path = op.path;
  const query: string[] = [];
  for (const p of op.params) {
    const value = ownValue(input, p.key);
    if (p.in === "path") {
      if (value === undefined || value === null) throw new TypeError(`${op.tool}: path parameter "${p.key}" is required`);
      const text = p.json ? encodeStrict(JSON.stringify(value)) : serializeStyled(p.name, value, p.style ?? "simple", p.explode ?? false, encodeStrict);
      path = path.split(`{${p.name}}`).join(text);
    } else if (p.in === "query" && value !== undefined) {
      const style = p.style ?? "form";
      const name = encodeStrict(p.name);
      if (p.json) query.push(`${name}=${encodeStrict(typeof value === "string" ? value : JSON.stringify(value))}`);
      else query.push(serializeStyled(name, value, style, p.explode ?? style === "form", p.allowReserved ? encodeReserved : encodeStrict));
    } else if (p.in === "querystring" && value !== undefined) {
      query.push(querystringText(value, p.json === true));
    }
  }
  // An empty info.version sends none at all: `?version=` would claim a version the API lacks.
  if (version !== "") query.push(`version=${encodeStrict(version)}`);
  return withQuery(joinBase(baseUrl, path), query);
}

/**
 * A `querystring` parameter's value as the whole query string (OpenAPI 3.2, Parameter Object):
 * JSON text percent-encoded as one piece (`?%7B%22a%22%3A1%7D`, the specification's example); an
 * object as form fields, style form with explode (nested objects and arrays the way form query
 * parameters send them); any other value (a `text/plain` or `application/jsonpath` string)
 * percent-encoded as it is.
 */
function querystringText(value: unknown, json: boolean): string {
  if (json) return encodeStrict(JSON.stringify(value));
  if (typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date)) return serializeStyled("", value, "form", true, encodeStrict);
  return encodeStrict(primitiveText(value));
}

/**
 * The URL with `name=value` pairs (already encoded) added to its query. A path with a fixed query
 * part (Azure's x-ms-paths, `/{container}?restype=container`) keeps it.
 */
function withQuery(url: string, pairs: readonly string[]): string {
  const search = pairs.filter(Boolean).join("&");
  if (search === "") return url;
  return `${url}${url.includes("?") ? "&" : "?"}${search}`;
}

/**
 * The URL without the query pairs named `names` (names as written, compared decoded): a
 * credential the runtime adds for a query apiKey scheme replaces a parameter of the same name
 * the input also carried, so the server never sees two values and picks the wrong one.
 */
function withoutQueryNames(url: string, names: readonly string[]): string {
  const at = url.indexOf("?");
  if (at < 0 || names.length === 0) return url;
  const drop = new Set(names);
  const kept = url
    .slice(at + 1)
    .split("&")
    .filter((pair) => !drop.has(decodeName(pair.split("=", 1)[0]!)));
  return kept.length === 0 ? url.slice(0, at) : `${url.slice(0, at)}?${kept.join("&")}`;
}

function decodeName(encoded: string): string {
  try {
    return decodeURIComponent(encoded.replaceAll("+", " "));
  } catch {
    return encoded;
  }
}

function joinBase(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}
//#endregion

//#region check-parameters.ts
/**
 * Parameter values checked before anything is sent: a required one that is missing or `null`, a
 * path parameter that is empty (it would change the route: `DELETE /items/` is another request
 * than `DELETE /items/7`), and a value of another shape than the schema declares (an object where
 * a string is declared would go out as `k,v` text). The same rules for every location.
 *
 * Header and cookie parameters may be left out of the input even when required: the app often
 * supplies them through `headers` (they are hidden from language models), so only a `null` or a
 * wrong shape is refused there.
 */

/** What is wrong with the call's parameters, or `undefined` when nothing is. */
function parameterProblem(op: OperationSpec, input: Record<string, unknown>): string | undefined {
  for (const p of op.params) {
    const value = ownValue(input, p.key);
    const required = p.in === "path" || p.required === true;
    if (value === undefined) {
      if (required && (p.in === "path" || p.in === "query" || p.in === "querystring")) return `${where(p)} is required and was not given`;
      continue;
    }
    if (value === null) {
      if (required) return `${where(p)} is required, got null`;
      continue;
    }
    const shape = shapeOfValue(value);
    if (shape === undefined) return `${where(p)} cannot be sent: got ${describeArgument(value)}`;
    if (p.shape !== undefined && !p.json && shape !== p.shape) return `${where(p)} must be ${SHAPE_NAMES[p.shape]}, got ${describeArgument(value)}`;
    if (p.in === "path" && (value === "" || (Array.isArray(value) && value.length === 0))) return `${where(p)} must not be empty (it is part of the path)`;
  }
  return undefined;
}

const SHAPE_NAMES: Readonly<Record<ValueShape, string>> = {
  scalar: "a string, number or boolean",
  array: "an array",
  object: "an object",
};

function where(p: ParameterSpec): string {
  return `${p.in} parameter "${p.key}"`;
}

function shapeOfValue(value: unknown): ValueShape | undefined {
  switch (typeof value) {
    case "string":
    case "boolean":
    case "bigint":
      return "scalar";
    case "number":
      return Number.isFinite(value) ? "scalar" : undefined;
    case "object":
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : "scalar";
      if (Array.isArray(value)) return "array";
      return Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null ? "object" : undefined;
    default:
      return undefined;
  }
}

function describeArgument(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (value instanceof Date) return "an invalid Date";
  if (typeof value === "object" && value !== null) return Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null ? "an object" : `a ${value.constructor?.name ?? "class"} instance`;
  if (typeof value === "number") return String(value);
  return `a ${typeof value}`;
}
//#endregion

//#region redact-secrets.ts
/**
 * A server that fails may echo the request back, credentials included ("invalid token abc…").
 * Error messages and bodies end up in logs, so the credentials this call sent are blanked out of
 * them: the token, and the value of every header whose name says it is a secret.
 */
const SECRET_HEADER = /authorization|token|secret|password|api[-_]?key|cookie|session/i;
const REDACTED = "[redacted]";

/**
 * The secret strings a request carries (longest first, so a token inside a header value goes
 * too). `credentials`: values known to be secrets (a security scheme's), kept down to 4 characters.
 */
function secretsOf(headers: Readonly<Record<string, string>>, token: string | undefined, credentials: readonly string[] = []): string[] {
  const found = new Set<string>();
  if (token) found.add(token);
  for (const [name, value] of Object.entries(headers)) {
    if (!SECRET_HEADER.test(name)) continue;
    found.add(value);
    // "token abc" / "Bearer abc": the credential alone may be echoed too.
    const credential = value.split(" ").pop();
    if (credential) found.add(credential);
  }
  // Very short values would blank out ordinary words; they are not worth a guess.
  const guessed = [...found].filter((secret) => secret.length >= 8);
  const known = credentials.filter((secret) => secret.length >= 4);
  return [...new Set([...guessed, ...known])].sort((a, b) => b.length - a.length);
}

function redact<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  if (typeof value === "string") return secrets.reduce<string>((text, secret) => text.split(secret).join(REDACTED), value) as T;
  if (Array.isArray(value)) return value.map((item) => redact(item, secrets)) as T;
  if (typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [redact(key, secrets), redact(item, secrets)])) as T;
  }
  return value;
}
//#endregion

//#region build-headers.ts
/**
 * Header and cookie parameters (OpenAPI 3.0 §4.7.12: header style `simple`, cookie style `form`),
 * merged with the client's and the call's headers.
 */

const keep = (text: string) => text;

function parameterHeaders(op: OperationSpec, input: Record<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const p of op.params) {
    const value = ownValue(input, p.key);
    if (value === undefined) continue;
    if (p.in === "header") {
      setOwn(headers, p.name, p.json ? JSON.stringify(value) : serializeStyled(p.name, value, "simple", p.explode ?? false, keep));
    } else if (p.in === "cookie") {
      const text = p.json ? encodeStrict(JSON.stringify(value)) : Array.isArray(value) ? value.map((v) => encodeStrict(primitiveText(v))).join(",") : encodeStrict(primitiveText(value));
      cookies.push(`${p.name}=${text}`);
    }
  }
  if (cookies.length > 0) headers.cookie = cookies.join("; ");
  return headers;
}

/** Merges header maps case-insensitively; later maps win, an `undefined` value removes a header. */
function mergeHeaders(...maps: (Record<string, string | undefined> | undefined)[]): Record<string, string> {
  const merged = new Map<string, [string, string]>();
  for (const map of maps) {
    for (const [name, value] of Object.entries(map ?? {})) {
      if (value === undefined) merged.delete(name.toLowerCase());
      else merged.set(name.toLowerCase(), [name, value]);
    }
  }
  return Object.fromEntries(merged.values());
}
//#endregion

//#region decode-response.ts
/**
 * Reading the answer. 2xx: JSON by Content-Type (an invalid body is an error, not data), text
 * for `text/*`, a Blob otherwise, `undefined` for no content. An HTML page where JSON was
 * promised (a proxy's error page with status 200) is an error too. Non-2xx: ToolCallError with
 * the body parsed when it is JSON.
 */

/** A 2xx answer that cannot be handed back as data (a class, so no JSON body can imitate it). */
class InvalidAnswer {
  constructor(
    readonly message: string,
    readonly body: unknown,
  ) {}
}

async function readBody(response: Response): Promise<{ text?: string; blob?: Blob }> {
  const type = contentTypeOf(response);
  if (isJson(type) || type.startsWith("text/") || type === "" || type.includes("xml") || type.includes("html")) {
    return { text: await response.text() };
  }
  return { blob: await response.blob() };
}

function contentTypeOf(response: Response): string {
  return (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

function isJson(type: string): boolean {
  return type === "application/json" || type.endsWith("+json");
}

/** Decodes a 2xx answer, or describes why it cannot be used. */
function decodeSuccess(op: OperationSpec, response: Response, read: { text?: string; blob?: Blob }): unknown {
  const type = contentTypeOf(response);
  if (read.blob) return read.blob.size === 0 && op.response !== "binary" ? undefined : read.blob;
  const text = read.text ?? "";
  if (response.status === 204 || response.status === 205 || text === "") return undefined;
  if (isJson(type) || (type === "" && op.response === "json")) {
    try {
      return JSON.parse(text);
    } catch (error) {
      return new InvalidAnswer(`answered ${response.status} with invalid JSON: ${(error as Error).message}`, text.slice(0, 1000));
    }
  }
  if (op.response === "json" && type.includes("html")) {
    return new InvalidAnswer(`answered ${response.status} with an HTML page where JSON was expected: ${snippet(text)}`, text.slice(0, 1000));
  }
  return text;
}

/** The body of an error answer: parsed JSON when it is JSON, else the text. */
function errorBody(response: Response, read: { text?: string; blob?: Blob }): unknown {
  if (read.blob) return read.blob;
  const text = read.text ?? "";
  if (isJson(contentTypeOf(response))) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function snippet(text: string, max = 200): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > max ? `${oneLine.slice(0, max)}…` : oneLine;
}
//#endregion

//#region encode-body.ts
/**
 * The request body (OpenAPI 3.0 §4.7.13 Request Body, §4.7.15 Encoding Object) from the flat
 * input: either everything that is not a parameter (`key: null`) or `input[key]`.
 */

interface EncodedBody {
  readonly body?: BodyInit;
  /** Content-Type to send; absent for multipart (fetch adds the boundary). */
  readonly contentType?: string;
}

function encodeBody(op: OperationSpec, input: Record<string, unknown>): EncodedBody {
  const spec = op.body;
  if (!spec) return {};
  const value = selectBody(op, spec, input);
  if (value === undefined) return spec.required && spec.encoding === "json" ? { body: "{}", contentType: spec.mediaType } : {};
  switch (spec.encoding) {
    case "json":
      return { body: JSON.stringify(value), contentType: spec.mediaType };
    case "form":
      return { body: formUrlEncoded(value, spec), contentType: spec.mediaType };
    case "multipart":
      return { body: multipart(value, spec) };
    case "text":
      return { body: typeof value === "string" ? value : JSON.stringify(value), contentType: spec.mediaType };
    default:
      return { body: value as BodyInit, contentType: rawContentType(spec.mediaType, value) };
  }
}

/**
 * A media range (`image/*`, or any type at all) says what the server accepts, not what a request
 * is: a Blob's own type names what is actually sent (a stored file keeps the type it came with).
 */
function rawContentType(declared: string, value: unknown): string {
  if (!declared.includes("*")) return declared;
  return value instanceof Blob && value.type !== "" ? value.type : "application/octet-stream";
}

function selectBody(op: OperationSpec, spec: BodySpec, input: Record<string, unknown>): unknown {
  if (spec.key !== null) return ownValue(input, spec.key);
  const paramKeys = new Set(op.params.map((p) => p.key));
  const rest: Record<string, unknown> = {};
  let any = false;
  for (const [k, v] of Object.entries(input)) {
    if (paramKeys.has(k) || v === undefined) continue;
    setOwn(rest, k, v);
    any = true;
  }
  return any || spec.required ? rest : undefined;
}

/** Stripe's convention for nested fields: `metadata[k]=v`, `items[0][price]=p`, unless an Encoding Object says otherwise. */
function formUrlEncoded(value: unknown, spec: BodySpec): string {
  if (typeof value !== "object" || value === null) return encodeStrict(primitiveText(value));
  const pairs: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const field = ownValue(spec.fields, key);
    const name = encodeStrict(key);
    if (field?.style && field.style !== "deepObject") pairs.push(serializeStyled(name, v, field.style, field.explode ?? field.style === "form", encodeStrict));
    else pairs.push(...deepObjectPairs(name, v, encodeStrict));
  }
  return pairs.filter(Boolean).join("&");
}

function multipart(value: unknown, spec: BodySpec): FormData {
  const form = new FormData();
  if (typeof value !== "object" || value === null) return form;
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const contentType = ownValue(spec.fields, key)?.contentType;
    for (const item of Array.isArray(v) && !contentType?.includes("json") ? v : [v]) appendPart(form, key, item, contentType);
  }
  return form;
}

function appendPart(form: FormData, key: string, value: unknown, contentType: string | undefined): void {
  if (value instanceof Blob) {
    form.append(key, value, typeof (value as File).name === "string" && (value as File).name ? (value as File).name : key);
  } else if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
    form.append(key, new Blob([value as ArrayBuffer], contentType ? { type: contentType } : {}), key);
  } else if (typeof value === "object" && value !== null && !(value instanceof Date)) {
    // §4.7.15: object parts are JSON. A typed Blob part would carry a filename, which most servers
    // read as a file upload; a plain field with the JSON text is what they expect, unless the
    // Encoding Object asks for an explicit part Content-Type.
    const text = JSON.stringify(value);
    if (contentType) form.append(key, new Blob([text], { type: contentType }), key);
    else form.append(key, text);
  } else {
    form.append(key, primitiveText(value));
  }
}
//#endregion

//#region follow-redirects.ts
/**
 * Redirects are followed here, not by fetch: undici's `redirect: "follow"` drops only
 * `Authorization` on a cross-origin hop, so an `X-Api-Key` from `configure({ headers })`, a
 * cookie parameter or a token header would reach whatever host a tool server redirects to. Each
 * hop is checked: a cross-origin one carries only the content headers (`accept`, and
 * `content-type` while a body goes along), and the chain is capped.
 *
 * Method rewriting follows the Fetch standard's "HTTP-redirect fetch": 303 turns anything but
 * HEAD into a body-less GET, 301/302 do so for POST only, 307/308 resend method and body.
 */

const DEFAULT_MAX_REDIRECTS = 5;

/** Headers that say what is sent and wanted, never who is asking: safe to carry to another origin. */
const CONTENT_HEADERS = new Set(["accept", "content-type"]);
const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);

interface HopRequest {
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body?: BodyInit;
  readonly signal: AbortSignal;
  /** Query parameters that carry a credential (an apiKey `in: query`): removed on a hop to another origin. */
  readonly credentialQuery?: readonly string[];
}

/** Why a redirect chain was not followed to its end; the caller turns it into a ToolCallError. */
class RedirectRefused {
  constructor(readonly message: string) {}
}

async function fetchFollowingRedirects(
  doFetch: typeof fetch,
  url: string,
  init: HopRequest,
  maxRedirects: number,
): Promise<{ readonly response: Response; readonly url: string } | RedirectRefused> {
  let current = new URL(url);
  const origin = current.origin;
  let hop: HopRequest = init;
  for (let hops = 0; ; hops++) {
    const response = await doFetch(current.href, {
      method: hop.method,
      headers: hop.headers,
      ...(hop.body !== undefined ? { body: hop.body } : {}),
      signal: hop.signal,
      redirect: "manual",
    });
    // A browser hides where a manual redirect goes; following blindly would need "follow", which
    // is exactly the header leak this file exists to prevent.
    if (response.type === "opaqueredirect") {
      return new RedirectRefused("answered with a redirect the browser does not let a client inspect; set baseUrl to the address it redirects to");
    }
    const location = response.headers.get("location");
    if (!REDIRECT_STATUS.has(response.status) || location === null) return { response, url: current.href };
    await response.body?.cancel().catch(() => {});
    if (hops >= maxRedirects) return new RedirectRefused(`was redirected more than ${maxRedirects} times (last to ${safeTarget(location, current)})`);
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      return new RedirectRefused(`answered ${response.status} with an unusable Location header`);
    }
    if (next.protocol !== "http:" && next.protocol !== "https:") return new RedirectRefused(`was redirected to a ${next.protocol} address, which is not followed`);
    const crossOrigin = next.origin !== origin;
    // A server that redirects keeping the query string would hand the key to the other host.
    if (crossOrigin) for (const name of init.credentialQuery ?? []) if (next.searchParams.has(name)) next.searchParams.delete(name);
    hop = nextHop(hop, response.status, crossOrigin);
    current = next;
  }
}

function nextHop(hop: HopRequest, status: number, crossOrigin: boolean): HopRequest {
  const toGet = (status === 303 && hop.method !== "HEAD") || ((status === 301 || status === 302) && hop.method === "POST");
  const keepBody = !toGet && hop.body !== undefined;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(hop.headers)) {
    const lower = name.toLowerCase();
    if (lower === "content-type" && !keepBody) continue;
    if (crossOrigin && !CONTENT_HEADERS.has(lower)) continue;
    headers[name] = value;
  }
  return { method: toGet ? "GET" : hop.method, headers, ...(keepBody ? { body: hop.body } : {}), signal: hop.signal, ...(hop.credentialQuery ? { credentialQuery: hop.credentialQuery } : {}) };
}

/** The redirect target for a message, without credentials a server may have put in it. */
function safeTarget(location: string, base: URL): string {
  try {
    const url = new URL(location, base);
    return `${url.origin}${url.pathname}`;
  } catch {
    return "an unusable address";
  }
}
//#endregion

//#region read-capped-body.ts
/**
 * Reads an answer's body with a size cap that holds while it streams: a tool server that sends
 * 300 MiB (by mistake or on purpose) is cut off at the cap, before the body is buffered, instead
 * of filling the caller's memory (and, in the MCP bridge, the model's context) with it. Text
 * types come back as text, anything else (and anything when `binary` is set) as a Blob, as
 * `decodeSuccess` expects.
 */

/** 32 MiB: far above any JSON a model or an app reads whole, far below what hurts a process. */
const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** The body passed the cap; what was read of it is dropped. */
class BodyTooLarge {
  constructor(readonly limit: number) {}
}

async function readCappedBody(response: Response, limit: number, binary = false): Promise<{ text?: string; blob?: Blob } | BodyTooLarge> {
  const type = contentTypeOf(response);
  const asText = !binary && (isJson(type) || type.startsWith("text/") || type === "" || type.includes("xml") || type.includes("html"));
  if (!(limit > 0) || limit === Infinity) return asText ? { text: await response.text() } : { blob: await response.blob() };
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > limit) {
    await response.body?.cancel().catch(() => {});
    return new BodyTooLarge(limit);
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        return new BodyTooLarge(limit);
      }
      chunks.push(value as Uint8Array<ArrayBuffer>);
    }
  }
  if (!asText) return { blob: new Blob(chunks, { type: response.headers.get("content-type") ?? "" }) };
  const decoder = new TextDecoder();
  let text = "";
  for (const chunk of chunks) text += decoder.decode(chunk, { stream: true });
  return { text: text + decoder.decode() };
}
//#endregion

//#region options.ts
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
function withBoundOptions(bound: CallOptions<object>, options?: CallOptions<object>): CallOptions<object> {
  return {
    ...bound,
    ...options,
    headers: { ...bound.headers, ...options?.headers },
    ...(bound.auth || options?.auth ? { auth: { ...bound.auth, ...options?.auth } } : {}),
  };
}
//#endregion

//#region tool-call-error.ts
/**
 * The one error every generated function rejects with. `code` says what kind of failure it was,
 * so callers (and agent loops) can decide whether to retry, report or give up.
 */
export type ToolCallErrorCode =
  | "HTTP_STATUS"
  | "NETWORK"
  | "TIMEOUT"
  | "ABORTED"
  | "INVALID_RESPONSE"
  | "RESPONSE_TOO_LARGE"
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
export const REQUEST_ID_HEADERS: readonly string[] = [
  "x-request-id",
  "request-id",
  "x-amzn-requestid",
  "x-amz-request-id",
  "x-correlation-id",
  "x-github-request-id",
  "x-cloud-trace-context",
  "cf-ray",
];

/**
 * The brand every copy of the runtime sets on its errors (`Symbol.for` is one symbol across copies
 * and realms), so a generated client's inline runtime and `toolgen/runtime` recognise each other's
 * errors: `instanceof` and `isToolCallError` check it, not the class.
 */
const TOOL_CALL_ERROR = Symbol.for("toolgen.ToolCallError");

export class ToolCallError extends Error {
  /** True for an error of any copy of the runtime (TOOL_CALL_ERROR); a subclass checks its own prototype chain. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== ToolCallError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && (value as { [TOOL_CALL_ERROR]?: unknown })[TOOL_CALL_ERROR] === true;
  }

  override readonly name = "ToolCallError";
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
  declare readonly [TOOL_CALL_ERROR]: true;

  constructor(message: string, init: ToolCallErrorInit) {
    super(`${init.tool}: ${init.method} ${init.url} ${message}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.tool = init.tool;
    this.code = init.code;
    this.method = init.method;
    this.url = init.url;
    if (init.status !== undefined) this.status = init.status;
    if (init.body !== undefined) this.body = init.body;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    if (init.requestId !== undefined) this.requestId = init.requestId;
    if (init.headers !== undefined) this.headers = init.headers;
    Object.defineProperty(this, TOOL_CALL_ERROR, { value: true });
  }
}

/** A ToolCallError of any copy of the runtime. */
export function isToolCallError(error: unknown): error is ToolCallError {
  return error instanceof ToolCallError;
}

/** The answer's headers as a lower-case record, and its request id (REQUEST_ID_HEADERS). */
function answerHeaders(headers: Headers): { headers: Record<string, string>; requestId?: string } {
  const record: Record<string, string> = {};
  // Headers iterate with lower-case names, repeated ones already joined; set-cookie is left out (it names a session).
  headers.forEach((value, name) => {
    if (name !== "set-cookie") record[name] = value;
  });
  for (const name of REQUEST_ID_HEADERS) {
    const value = record[name];
    if (value) return { headers: record, requestId: value };
  }
  return { headers: record };
}
//#endregion

//#region files/base64.ts
/**
 * Base64 both ways with web-standard `btoa`/`atob` only (portable.ts's rule: no Buffer), in
 * chunks so a 20 MiB file never builds one 20 MiB argument list.
 */

const CHUNK = 0x8000;

function bytesToBase64(bytes: Uint8Array): string {
  let out = "";
  // A multiple of 3 bytes per chunk, so no chunk but the last is padded.
  const step = CHUNK - (CHUNK % 3);
  for (let i = 0; i < bytes.length; i += step) {
    out += btoa(String.fromCharCode(...bytes.subarray(i, i + step)));
  }
  return out;
}

/**
 * The bytes of standard or URL-safe base64 (padding optional, whitespace ignored), or `undefined`
 * when the text is not base64: then it is not file content, and is left as it came.
 */
function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  const compact = text.replace(/\s+/g, "").replace(/-/g, "+").replace(/_/g, "/");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.replace(/=+$/, "").length % 4 === 1) return undefined;
  const bare = compact.replace(/=+$/, "");
  const bytes = new Uint8Array(Math.floor((bare.length * 3) / 4));
  let written = 0;
  // Four characters decode to three bytes, so chunks of a multiple of 4 decode independently.
  const step = CHUNK * 4;
  for (let i = 0; i < bare.length; i += step) {
    const piece = bare.slice(i, i + step);
    let binary: string;
    try {
      binary = atob(piece.padEnd(Math.ceil(piece.length / 4) * 4, "="));
    } catch {
      return undefined;
    }
    for (let j = 0; j < binary.length; j++) bytes[written++] = binary.charCodeAt(j);
  }
  return bytes;
}
//#endregion

//#region auth/apply-auth.ts
/**
 * Applying an operation's security to one call (OpenAPI 3.0 §4.7.30 "Security Requirement
 * Object"): the alternatives are tried in order and the first whose schemes all have a credential
 * is used, all of its schemes together. An empty alternative (`{}`) makes credentials optional:
 * it is taken only when no other is satisfied. When none is, the call goes out without
 * credentials (descriptions often declare more security than their servers enforce) and a 401 or
 * 403 answer says which schemes the operation accepts (`unsatisfied`).
 */

interface AppliedAuth {
  readonly headers: Record<string, string>;
  /** `name=value` pairs, already encoded, for the query string. */
  readonly query: readonly string[];
  /** `name=value` cookie pairs, already encoded. */
  readonly cookies: readonly string[];
  /** Query parameter names that carry a credential (dropped on a redirect to another origin). */
  readonly queryNames: readonly string[];
  /** Every credential string sent, for redaction from errors. */
  readonly secrets: readonly string[];
  /** The operation is secured and no alternative had its credentials: the alternatives it accepts. */
  readonly unsatisfied?: readonly SecurityAlternative[];
}

const NONE: AppliedAuth = { headers: {}, query: [], cookies: [], queryNames: [], secrets: [] };

/** Thrown when a credential function fails; request() turns it into a ToolCallError (code AUTH). */
class CredentialFailed extends Error {
  constructor(
    readonly scheme: string,
    cause: unknown,
  ) {
    super(`the credential function for the security scheme "${scheme}" failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

async function applyAuth(
  schemes: Readonly<Record<string, AuthScheme>> | undefined,
  security: readonly SecurityAlternative[] | undefined,
  auth: AuthValues | undefined,
  encode: (text: string) => string,
): Promise<AppliedAuth> {
  if (!security || security.length === 0 || !schemes) return NONE;
  const has = (name: string) => Object.hasOwn(schemes, name) && auth !== undefined && Object.hasOwn(auth, name) && auth[name] !== undefined;
  const chosen = security.find((alternative) => alternative.length > 0 && alternative.every(has));
  if (chosen === undefined) return security.some((a) => a.length === 0) ? NONE : { ...NONE, unsatisfied: security };

  const headers: Record<string, string> = {};
  const query: string[] = [];
  const cookies: string[] = [];
  const queryNames: string[] = [];
  const secrets: string[] = [];
  for (const name of chosen) {
    const scheme = schemes[name]!;
    let value: unknown = auth![name];
    try {
      if (typeof value === "function") value = await (value as () => unknown)();
    } catch (error) {
      throw new CredentialFailed(name, error);
    }
    if (scheme.type === "http" && scheme.scheme.toLowerCase() === "basic") {
      const basic = basicCredentials(name, value);
      const encoded = base64(`${basic.username}:${basic.password}`);
      headers.authorization = `Basic ${encoded}`;
      secrets.push(encoded, basic.password);
      continue;
    }
    if (typeof value !== "string") throw new CredentialFailed(name, new TypeError(`expected a string, got ${value === null ? "null" : typeof value}`));
    secrets.push(value);
    if (scheme.type === "apiKey") {
      if (scheme.in === "header") headers[scheme.name] = value;
      else if (scheme.in === "query") {
        query.push(`${encode(scheme.name)}=${encode(value)}`);
        queryNames.push(scheme.name);
      } else cookies.push(`${scheme.name}=${encode(value)}`);
    } else if (scheme.type === "http" && scheme.scheme.toLowerCase() !== "bearer") {
      headers.authorization = `${scheme.scheme} ${value}`;
    } else {
      headers.authorization = `Bearer ${value}`;
    }
  }
  return { headers, query, cookies, queryNames, secrets };
}

function basicCredentials(name: string, value: unknown): BasicCredentials {
  // Untyped callers (`toolgen mcp --auth basic=user:password`, environment variables) give text.
  if (typeof value === "string" && value.includes(":")) {
    const at = value.indexOf(":");
    return { username: value.slice(0, at), password: value.slice(at + 1) };
  }
  const v = value as Partial<BasicCredentials> | null;
  if (typeof v !== "object" || v === null || typeof v.username !== "string" || typeof v.password !== "string") {
    throw new CredentialFailed(name, new TypeError('expected { username: string; password: string } (or "user:password" text)'));
  }
  return v as BasicCredentials;
}

/** Base64 of the UTF-8 bytes (RFC 7617 §2.1 charset UTF-8). */
function base64(text: string): string {
  return bytesToBase64(new TextEncoder().encode(text));
}

/** "api_key" or "oauth (scopes…) and basic": the alternatives, for a 401/403 message. */
function describeAlternatives(alternatives: readonly SecurityAlternative[]): string {
  return alternatives.map((a) => a.map((name) => JSON.stringify(name)).join(" and ")).join(", or ");
}
//#endregion

//#region files/file-names.ts
/**
 * Names and media types of stored files. A name comes from a tool server (Content-Disposition)
 * or a description (a field name), so it is cleaned before a model, a multipart part or a
 * user's download sees it: no folder part (`../../etc/passwd` is `passwd`), no control
 * characters, a bounded length. A file without a name is named after where it came from plus the
 * extension of its type (`getImage.png`), never the reference's `tool-.png` or `testNone`.
 */

const EXTENSIONS: Readonly<Record<string, string>> = {
  "image/png": ".png",
  "image/jpeg": ".jpg",
  "image/gif": ".gif",
  "image/webp": ".webp",
  "image/bmp": ".bmp",
  "image/svg+xml": ".svg",
  "image/tiff": ".tiff",
  "audio/mpeg": ".mp3",
  "audio/mp3": ".mp3",
  "audio/wav": ".wav",
  "audio/x-wav": ".wav",
  "audio/ogg": ".ogg",
  "video/mp4": ".mp4",
  "video/webm": ".webm",
  "application/pdf": ".pdf",
  "application/json": ".json",
  "application/zip": ".zip",
  "application/xml": ".xml",
  "text/plain": ".txt",
  "text/csv": ".csv",
  "text/html": ".html",
  "text/markdown": ".md",
};

const DEFAULT_MIME_TYPE = "application/octet-stream";
const MAX_NAME_LENGTH = 200;

/** `type/subtype` in lower case without parameters, or the default for anything unusable. */
function cleanMimeType(type: string | undefined): string {
  const base = (type ?? "").split(";")[0]!.trim().toLowerCase();
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(base) ? base : DEFAULT_MIME_TYPE;
}

/** The name without folders and control characters, at most 200 characters; `undefined` when nothing is left. */
function cleanFilename(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  // eslint-disable-next-line no-control-regex
  const last = name.replace(/[\u0000-\u001f\u007f]/g, "").split(/[/\\]/).pop()!.trim();
  if (last === "" || last === "." || last === "..") return undefined;
  const chars = [...last];
  return chars.length > MAX_NAME_LENGTH ? chars.slice(chars.length - MAX_NAME_LENGTH).join("") : last;
}

/** `stem` plus the extension of `mimeType` (`.bin` for an unknown type). */
function defaultFilename(stem: string, mimeType: string): string {
  const clean = cleanFilename(stem.replace(/[^\p{L}\p{N}._-]+/gu, "_")) ?? "file";
  return `${clean}${Object.hasOwn(EXTENSIONS, mimeType) ? EXTENSIONS[mimeType] : ".bin"}`;
}
//#endregion

//#region files/content-disposition.ts
/**
 * `Content-Disposition` of an answer (RFC 6266): is it a download, and under which name? The
 * reference cut the header at `filename=` and kept the quotes; here `filename*` (RFC 8187,
 * UTF-8 percent-encoded) wins over `filename`, quoted strings are unescaped, and the result is
 * cleaned like every stored name (file-names.ts).
 */

interface Download {
  /** The name the server suggests, cleaned; absent when it gave none usable. */
  readonly filename?: string;
}

/**
 * A download is `attachment`, or any disposition that names a file. `inline` without a name is
 * the server saying "show this", so the answer is read by its media type as usual.
 */
function downloadOf(header: string | null): Download | undefined {
  if (header === null || header.trim() === "") return undefined;
  const [type = "", ...rest] = splitParameters(header);
  const params = new Map<string, string>();
  for (const part of rest) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    if (!params.has(key)) params.set(key, unquote(part.slice(eq + 1).trim()));
  }
  const extended = params.has("filename*") ? decodeExtended(params.get("filename*")!) : undefined;
  const filename = cleanFilename(extended ?? params.get("filename"));
  if (type.trim().toLowerCase() !== "attachment" && filename === undefined) return undefined;
  return filename !== undefined ? { filename } : {};
}

/** Splits at `;` outside quoted strings. */
function splitParameters(header: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < header.length; i++) {
    const c = header[i]!;
    if (quoted && c === "\\" && i + 1 < header.length) {
      current += c + header[++i];
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === ";" && !quoted) {
      parts.push(current);
      current = "";
    } else current += c;
  }
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) return value.slice(1, -1).replace(/\\(.)/g, "$1");
  return value;
}

/** `UTF-8''na%C3%AFve.txt` -> `naïve.txt`; `undefined` for another charset or broken escapes. */
function decodeExtended(value: string): string | undefined {
  const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(value);
  if (!match || !/^utf-8$/i.test(match[1]!)) return undefined;
  try {
    return decodeURIComponent(match[2]!);
  } catch {
    return undefined;
  }
}
//#endregion

//#region network-reason.ts
/**
 * undici rejects with "fetch failed" and keeps the real reason (ECONNREFUSED, a reset, a closed
 * socket) in `cause`; this walks the chain into one readable line.
 */
function networkReason(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { message?: string; code?: string; cause?: unknown };
    const text = [e.code, e.message].filter(Boolean).join(" ");
    if (text && text !== "fetch failed" && !parts.includes(text)) parts.push(text);
    current = e.cause;
  }
  return parts.join(": ") || "fetch failed";
}
//#endregion

//#region exchange.ts
/**
 * One request sent and its answer's headers received: the seam between sending (request.ts) and
 * reading, whole (request.ts) or item by item (streams/tool-stream.ts).
 */

/** Builds a ToolCallError for this call, with the call's secrets redacted from message and body. */
type Fail = (message: string, code: ToolCallError["code"], extra?: { status?: number; body?: unknown; cause?: unknown; retryAfterMs?: number; requestId?: string; headers?: Record<string, string> }) => ToolCallError;

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

/** A failure while sending or reading, as the error the caller sees. */
function transportError(exchange: Pick<Exchange, "controller" | "fail" | "timeoutMs" | "timedOut">, error: unknown): ToolCallError {
  if (error instanceof ToolCallError) return error;
  if (exchange.timedOut()) return exchange.fail(`got no complete answer within ${exchange.timeoutMs} ms`, "TIMEOUT", { cause: error });
  if (exchange.controller.signal.aborted) return exchange.fail("was aborted", "ABORTED", { cause: error });
  return exchange.fail(`failed: ${networkReason(error)}`, "NETWORK", { cause: error });
}
//#endregion

//#region streams/item-too-large.ts
/**
 * The one error the streamed-answer parsers throw: one item (an event of a text/event-stream,
 * a line of JSON Lines, a record of a JSON text sequence) grew past the caller's cap. The cap is
 * per item, not per stream: an endless stream of small items is fine, one endless item is not,
 * because a parser has to hold an item whole before it can hand it over.
 */
class ItemTooLarge extends Error {
  constructor(
    /** The cap, in UTF-8 bytes. */
    readonly limit: number,
    /** 1-based index of the item that passed the cap (record 0 is text before a sequence's first RS). */
    readonly position: number,
    readonly unit: "event" | "line" | "record",
  ) {
    super(`${unit} ${position} of the streamed answer is larger than ${limit} bytes`);
    this.name = "ItemTooLarge";
  }
}
//#endregion

//#region streams/utf8-length.ts
/**
 * The UTF-8 size of decoded text, which is what the parsers' per-item caps count: the cap is a
 * promise about the bytes a server sent, and JavaScript string lengths undercount them up to 3x.
 */

/**
 * UTF-8 bytes of `text` from `start` to `end`, or, once they pass `max`, some number above `max`
 * (a cap only needs to know it was passed, and a 10 MB line should not be walked to learn that).
 * Each UTF-16 surrogate counts 2, so a pair counts its 4 bytes even when a caller's chunking
 * splits it and the halves are measured apart (a lone surrogate, which no TextDecoder produces,
 * counts 2 as well).
 */
function utf8Length(text: string, start: number, end: number, max = Infinity): number {
  let bytes = end - start;
  if (bytes > max) return bytes;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
    if (bytes > max) return bytes;
  }
  return bytes;
}
//#endregion

//#region streams/event-stream-parser.ts
/**
 * The parser of a `text/event-stream` answer (server-sent events): WHATWG HTML, "9.2.6 Interpreting
 * an event stream" (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation),
 * fed text the caller has already decoded from UTF-8 chunk by chunk.
 *
 * Where the spec leaves the shape of the result to the EventSource object, this parser reports:
 *  - `event`: the event type, or undefined for the default type "message" (an absent or empty
 *    `event` field).
 *  - `id`: the last event ID as EventSource's `lastEventId` reports it: the last `id` field seen so
 *    far in the stream, in this event or any earlier one (the spec never resets that buffer), ""
 *    once an empty `id` field cleared it, absent only while no `id` field has come.
 *  - `retry`: the value of the last valid `retry` field parsed while this event was being assembled,
 *    that is since the previous dispatched event, including in blocks that dispatched nothing (a
 *    lone `retry: 5000` block, as servers send it, shows up on the next event). The
 *    `retry` getter keeps the last value seen, dispatched or not, as the spec's reconnection time.
 *
 * The cap (`maxEventBytes`) counts the UTF-8 bytes of one event's raw text: every line from the
 * first after the blank line that ended the previous event (or the start of the stream, after a
 * BOM) up to the current position, with field names, comments, unknown fields and each line end as
 * sent (CRLF counts 2), and the unterminated line still arriving; not the blank line that
 * dispatches it. A block that dispatches nothing (only comments, only an id) is counted the same
 * way, and its count restarts at its blank line. So an endless line, or an endless series of lines
 * without a blank one, fails as soon as it passes the cap, whatever the chunking.
 */

interface ParsedEvent {
  data: string;
  event?: string;
  id?: string;
  retry?: number;
}

const LF = 10;
const SPACE = 32;
const COLON = 58;
const BOM = 0xfeff;

class EventStreamParser {
  private readonly limit: number;
  /** Whether the first character of the stream (a possible BOM) has been seen. */
  private started = false;
  /** The previous chunk ended in CR, so an LF opening the next one is the same line end. */
  private skipLf = false;
  /** That CR ended a line of the pending event, so its LF belongs to the event's count. */
  private skippedLfCounts = false;
  /** The unterminated line, as the chunks brought it: joined once, when its line end arrives. */
  private parts: string[] = [];
  private data = "";
  private hasData = false;
  private eventType: string | undefined;
  private lastId: string | undefined;
  private eventRetry: number | undefined;
  private lastRetry: number | undefined;
  /** Events dispatched before the current chunk. */
  private count = 0;
  /** Exact UTF-8 bytes of the pending event that earlier chunks brought. */
  private eventBytes = 0;
  private failure: ItemTooLarge | undefined;
  /** What `push` returns: a new array each time, sized for as many events as the last chunk brought. */
  private out: ParsedEvent[] = [];
  /** Events `out` holds from the current chunk. */
  private size = 0;

  /** `maxEventBytes`: the cap on one event's raw text in UTF-8 bytes (see the file's header); 0 or Infinity for none. */
  constructor(maxEventBytes: number) {
    this.limit = maxEventBytes > 0 ? maxEventBytes : Infinity;
  }

  /** Events dispatched so far (1-based position of the next event = dispatched + 1). */
  get dispatched(): number {
    return this.count;
  }

  /** The last valid `retry` field of the stream so far (milliseconds), whether or not an event carried it. */
  get retry(): number | undefined {
    return this.lastRetry;
  }

  /**
   * Feeds one decoded text chunk; returns the events it completed, in order: a new array on each
   * call (empty when none), which the caller may keep.
   *
   * Throws ItemTooLarge when the pending event passes the cap, having held at most the cap plus
   * this chunk. If the same chunk completed events before that one, it returns them first and the
   * next `push` or `end` throws; after that the parser stays failed.
   */
  push(text: string): ParsedEvent[] {
    if (this.failure) throw this.failure;
    // Growing an array event by event cost a tenth of the time of a chunk of small events, and
    // one array reused for every chunk cost as much: storing new events into an old array is
    // what a generational collector charges most for. Chunks of one stream bring similar counts.
    this.out = new Array<ParsedEvent>(Math.min(this.size, 16384));
    this.size = 0;
    this.scan(text);
    this.count += this.size;
    const out = this.out;
    out.length = this.size;
    if (this.failure && this.size === 0) throw this.failure;
    return out;
  }

  private scan(text: string): void {
    const length = text.length;
    let pos = 0;
    if (!this.started) {
      if (length === 0) return;
      this.started = true;
      if (text.charCodeAt(0) === BOM) pos = 1;
    }
    const limit = this.limit;
    const limited = limit !== Infinity;
    if (this.skipLf && pos < length) {
      this.skipLf = false;
      if (text.charCodeAt(pos) === LF) {
        pos++;
        if (this.skippedLfCounts && ++this.eventBytes > limit) return this.fail();
      }
    }
    // Where the part of the pending event that this chunk brought starts: measured only when
    // 3 bytes a character could pass the cap, and at the end of the chunk.
    let eventStart = pos;
    let lf = text.indexOf("\n", pos);
    let cr = text.indexOf("\r", pos);

    if (this.parts.length > 0) {
      // The line the previous chunks left unterminated: complete it, or add this chunk to it.
      const eol = lf === -1 ? cr : cr === -1 || lf < cr ? lf : cr;
      if (eol === -1) {
        if (pos < length) this.parts.push(pos === 0 ? text : text.slice(pos));
        this.measureRest(text, eventStart);
        return;
      }
      let next = eol + 1;
      if (eol === cr) {
        if (next === length) {
          this.skipLf = true;
          this.skippedLfCounts = true;
        } else if (text.charCodeAt(next) === LF) next++;
      }
      if (limited && this.eventBytes + 3 * (next - eventStart) > limit) {
        this.eventBytes += utf8Length(text, eventStart, next, limit - this.eventBytes);
        eventStart = next;
        if (this.eventBytes > limit) return this.fail();
      }
      this.parts.push(text.slice(pos, eol));
      const line = this.parts.join("");
      this.parts.length = 0;
      this.line(line, 0, line.length);
      pos = next;
      if (lf !== -1 && lf < pos) lf = text.indexOf("\n", pos);
      if (cr !== -1 && cr < pos) cr = text.indexOf("\r", pos);
    }

    for (;;) {
      let eol: number;
      if (lf === -1) {
        if (cr === -1) break;
        eol = cr;
      } else eol = cr === -1 || lf < cr ? lf : cr;
      let next = eol + 1;
      if (eol === cr) {
        if (next === length) {
          this.skipLf = true;
          this.skippedLfCounts = eol !== pos;
        } else if (text.charCodeAt(next) === LF) next++;
      }

      if (eol === pos) {
        this.dispatch();
        this.eventBytes = 0;
        eventStart = next;
      } else {
        if (limited && this.eventBytes + 3 * (next - eventStart) > limit) {
          this.eventBytes += utf8Length(text, eventStart, next, limit - this.eventBytes);
          eventStart = next;
          if (this.eventBytes > limit) return this.fail();
        }
        if (
          text.charCodeAt(pos) === 100 && // d
          text.charCodeAt(pos + 1) === 97 && // a
          text.charCodeAt(pos + 2) === 116 && // t
          text.charCodeAt(pos + 3) === 97 && // a
          text.charCodeAt(pos + 4) === COLON
        ) {
          // The line nearly every event consists of, without the general field split.
          const value = text.slice(text.charCodeAt(pos + 5) === SPACE ? pos + 6 : pos + 5, eol);
          if (this.hasData) this.data = this.data + "\n" + value;
          else if (eol === lf && next < length && text.charCodeAt(next) === LF) {
            // A one-line event and its blank line: dispatched at once, without the data buffer.
            this.emit(value);
            this.eventType = undefined;
            this.eventBytes = 0;
            next++;
            eventStart = next;
          } else {
            this.data = value;
            this.hasData = true;
          }
        } else this.line(text, pos, eol);
      }

      pos = next;
      if (lf !== -1 && lf < pos) lf = text.indexOf("\n", pos);
      if (cr !== -1 && cr < pos) cr = text.indexOf("\r", pos);
    }

    if (pos < length) this.parts.push(pos === 0 ? text : text.slice(pos));
    this.measureRest(text, eventStart);
  }

  /**
   * Adds the rest of the chunk, from `eventStart`, to the pending event's size: exactly, while the
   * text is at hand, so that later chunks add to an exact count.
   */
  private measureRest(text: string, eventStart: number): void {
    const limit = this.limit;
    if (limit !== Infinity && eventStart < text.length) {
      this.eventBytes += utf8Length(text, eventStart, text.length, limit - this.eventBytes);
      if (this.eventBytes > limit) this.fail();
    }
  }

  /**
   * Ends the stream. As the spec says, an event without the blank line that dispatches it is
   * discarded; `incomplete` tells whether one was pending: a `data` field without its blank line,
   * or text after the last line end (an unterminated line). The parser is then ready for the
   * next connection's stream, keeping the last event ID, the retry value and the count of
   * dispatched events, as an EventSource keeps them when it reconnects. Throws the ItemTooLarge
   * a last `push` deferred.
   */
  end(): { incomplete: boolean } {
    if (this.failure) throw this.failure;
    const incomplete = this.hasData || this.parts.length > 0;
    this.reset();
    return { incomplete };
  }

  private reset(): void {
    this.started = false;
    this.skipLf = false;
    this.skippedLfCounts = false;
    this.parts = [];
    this.data = "";
    this.hasData = false;
    this.eventType = undefined;
    this.eventRetry = undefined;
    this.eventBytes = 0;
  }

  private fail(): void {
    this.failure = new ItemTooLarge(this.limit, this.count + this.size + 1, "event");
    this.reset();
  }

  /** "Process the field" for the non-blank line `text[start, end)`. */
  private line(text: string, start: number, end: number): void {
    const first = text.charCodeAt(start);
    if (first === COLON) return;
    // The two fields that come with events most, without slicing out the line and its name. (The
    // character at `end` is a line end or past the text, so no check below reads the next line.)
    if (
      first === 101 && // e
      text.charCodeAt(start + 1) === 118 && // v
      text.charCodeAt(start + 2) === 101 && // e
      text.charCodeAt(start + 3) === 110 && // n
      text.charCodeAt(start + 4) === 116 && // t
      text.charCodeAt(start + 5) === COLON
    ) {
      const value = text.slice(text.charCodeAt(start + 6) === SPACE ? start + 7 : start + 6, end);
      this.eventType = value === "" ? undefined : value;
      return;
    }
    if (first === 105 && text.charCodeAt(start + 1) === 100 && text.charCodeAt(start + 2) === COLON) {
      // i, d
      const value = text.slice(text.charCodeAt(start + 3) === SPACE ? start + 4 : start + 3, end);
      if (!value.includes("\0")) this.lastId = value;
      return;
    }
    // A slice first, so that looking for the colon never scans past the line.
    const line = start === 0 && end === text.length ? text : text.slice(start, end);
    const colon = line.indexOf(":");
    let field: string;
    let value: string;
    if (colon === -1) {
      field = line;
      value = "";
    } else {
      field = line.slice(0, colon);
      value = line.slice(line.charCodeAt(colon + 1) === SPACE ? colon + 2 : colon + 1);
    }
    switch (field) {
      case "data":
        if (this.hasData) this.data = this.data + "\n" + value;
        else {
          this.data = value;
          this.hasData = true;
        }
        break;
      case "event":
        this.eventType = value === "" ? undefined : value;
        break;
      case "id":
        if (!value.includes("\0")) this.lastId = value;
        break;
      case "retry":
        if (isDigits(value)) {
          this.lastRetry = Number(value);
          this.eventRetry = this.lastRetry;
        }
        break;
    }
  }

  /** "Dispatch the event" at a blank line: only when a `data` field came (the spec's non-empty data buffer). */
  private dispatch(): void {
    if (this.hasData) {
      this.emit(this.data);
      this.data = "";
      this.hasData = false;
    }
    this.eventType = undefined;
  }

  private emit(data: string): void {
    const type = this.eventType;
    const id = this.lastId;
    // Whole literals for the common shapes: properties added after a literal go to a separate
    // property array, one more allocation per event (30 bytes of 285 for an event with a type
    // and an id, measured).
    let event: ParsedEvent;
    if (this.eventRetry === undefined) {
      if (id === undefined) event = type === undefined ? { data } : { data, event: type };
      else event = type === undefined ? { data, id } : { data, event: type, id };
    } else {
      event = { data, retry: this.eventRetry };
      if (type !== undefined) event.event = type;
      if (id !== undefined) event.id = id;
      this.eventRetry = undefined;
    }
    this.out[this.size++] = event;
  }
}

function isDigits(value: string): boolean {
  if (value === "") return false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}
//#endregion

//#region streams/json-lines-parser.ts
/**
 * The splitter of a streamed answer made of JSON texts one after another, fed text the caller has
 * already decoded from UTF-8 chunk by chunk. It only splits: parsing each text, and deciding what a
 * text that fails means, is the caller's.
 *
 *  - `"line"`: JSON Lines (https://jsonlines.org, `application/jsonl`) and NDJSON
 *    (`application/x-ndjson`): one JSON text a line, lines ending in LF (a CR before it is
 *    whitespace, so CRLF works). Blank lines are skipped but keep their number.
 *  - `"record"`: JSON text sequences (RFC 7464, `application/json-seq`): each JSON text begins
 *    with RS (U+001E) and runs to the next RS; its usual trailing LF is whitespace. A JSON text may
 *    itself hold line ends, so per section 2.1 only RS delimits: a record is complete when the
 *    next RS arrives, and the last one when the stream ends (`end`). Record n is the text after
 *    the n-th RS; text before the first RS, which a valid sequence lacks, comes as record 0 so
 *    that the caller can tell. Empty records (RS RS) are skipped, as section 2.1 says, keeping
 *    their number.
 *
 * Texts come back trimmed of JSON whitespace (space, tab, CR, LF) and nothing else: a no-break
 * space or a BOM around a text is left for the JSON parser to reject.
 *
 * The cap (`maxLineBytes`) counts the UTF-8 bytes of one line or record as sent, whitespace and a
 * line's CR included, its LF or RS not; a line that never ends fails as soon as it passes the cap.
 */

interface JsonText {
  text: string;
  /** 1-based line (record) number; 0 only for text before a sequence's first RS. */
  line: number;
}

class JsonLinesParser {
  private readonly limit: number;
  private readonly separator: string;
  private readonly unit: "line" | "record";
  /** The unterminated line, as the chunks brought it: joined once, when its end arrives. */
  private parts: string[] = [];
  /** Number of the line (record) being assembled. */
  private current: number;
  /** Exact UTF-8 bytes of the pending line that earlier chunks brought. */
  private pendingBytes = 0;
  private failure: ItemTooLarge | undefined;

  /** `maxLineBytes`: the cap on one line (record) in UTF-8 bytes (see the file's header); 0 or Infinity for none. */
  constructor(maxLineBytes: number, separator: "line" | "record") {
    this.limit = maxLineBytes > 0 ? maxLineBytes : Infinity;
    this.unit = separator;
    this.separator = separator === "line" ? "\n" : "\u001e";
    this.current = separator === "line" ? 1 : 0;
  }

  /**
   * Returns the complete non-blank lines (records), trimmed of surrounding whitespace incl. \r, in
   * order; each with its 1-based line (record) number. A new array on each call.
   *
   * Throws ItemTooLarge when the pending line passes the cap, having held at most the cap plus
   * this chunk. If the same chunk completed lines before that one, it returns them first and the
   * next `push` or `end` throws; after that the parser stays failed.
   */
  push(text: string): JsonText[] {
    if (this.failure) throw this.failure;
    const out: JsonText[] = [];
    const limit = this.limit;
    const limited = limit !== Infinity;
    const length = text.length;
    let pos = 0;
    let end = text.indexOf(this.separator);
    while (end !== -1) {
      if (limited && this.pendingBytes + 3 * (end - pos) > limit && this.pendingBytes + utf8Length(text, pos, end, limit - this.pendingBytes) > limit) {
        return this.fail(out);
      }
      let item: JsonText | undefined;
      if (this.parts.length > 0) {
        this.parts.push(text.slice(pos, end));
        const whole = this.parts.join("");
        this.parts.length = 0;
        item = trimmed(whole, 0, whole.length, this.current);
      } else item = trimmed(text, pos, end, this.current);
      if (item) out.push(item);
      this.current++;
      this.pendingBytes = 0;
      pos = end + 1;
      end = text.indexOf(this.separator, pos);
    }
    if (pos < length) {
      this.parts.push(pos === 0 ? text : text.slice(pos));
      if (limited) {
        this.pendingBytes += utf8Length(text, pos, length, limit - this.pendingBytes);
        if (this.pendingBytes > limit) return this.fail(out);
      }
    }
    return out;
  }

  /**
   * Ends the stream: the last line if the stream ended without a line end (non-blank), else
   * undefined; for records, the last record. Throws the ItemTooLarge a last `push` deferred.
   */
  end(): JsonText | undefined {
    if (this.failure) throw this.failure;
    if (this.parts.length === 0) return undefined;
    const whole = this.parts.join("");
    this.parts = [];
    this.pendingBytes = 0;
    return trimmed(whole, 0, whole.length, this.current);
  }

  private fail(out: JsonText[]): JsonText[] {
    this.failure = new ItemTooLarge(this.limit, this.current, this.unit);
    this.parts = [];
    if (out.length > 0) return out;
    throw this.failure;
  }
}

/** `text[start, end)` without JSON whitespace around it (RFC 8259 section 2), or undefined if nothing is left. */
function trimmed(text: string, start: number, end: number, line: number): JsonText | undefined {
  while (start < end && isJsonWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isJsonWhitespace(text.charCodeAt(end - 1))) end--;
  if (start === end) return undefined;
  return { text: start === 0 && end === text.length ? text : text.slice(start, end), line };
}

function isJsonWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}
//#endregion

//#region streams/stream-format.ts
/**
 * The sequential media types (OpenAPI 3.2 §4.14.1) the runtime reads item by item, by format.
 * The generator reads descriptions with the same table, so what it types as a stream is what the
 * runtime parses as one.
 */

const FORMATS_BY_MEDIA_TYPE: ReadonlyMap<string, StreamFormat> = new Map([
  ["text/event-stream", "event-stream"],
  ["application/jsonl", "json-lines"],
  ["application/x-ndjson", "json-lines"],
  ["application/x-jsonlines", "json-lines"],
  ["application/json-seq", "json-seq"],
  ["application/geo+json-seq", "json-seq"],
]);

/** The stream format of a media type or Content-Type value (parameters ignored), if it is one. */
function streamFormatOf(mediaType: string): StreamFormat | undefined {
  return FORMATS_BY_MEDIA_TYPE.get(mediaType.split(";")[0]!.trim().toLowerCase());
}
//#endregion

//#region streams/tool-stream.ts
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
export const DEFAULT_IDLE_TIMEOUT_MS = 300_000;

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

function readStreamOptions(config: ClientConfig<object>, options: StreamOptions<object>): ReadOptions {
  const configured = config as ClientConfig<object> & Pick<StreamOptions<object>, "idleTimeoutMs" | "reconnect">;
  const max = options.maxResponseBytes ?? config.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  return {
    signal: options.signal ?? config.signal,
    validateItem: options.validateItem,
    maxItemBytes: max > 0 ? max : Infinity,
    idleTimeoutMs: options.idleTimeoutMs ?? configured.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    reconnect: options.reconnect ?? configured.reconnect,
  };
}

/** The items of a streamed answer; iterate it once (`for await`), or `close()` it. */
export class ToolStream<Item> implements AsyncIterable<Item> {
  /** The first answer (status and headers). */
  readonly response: Response;
  #reader: StreamReader<Item> | undefined;
  #iterated = false;

  /** @internal Made by the runtime's streaming call. */
  constructor(exchange: Exchange, spec: StreamSpec, options: ReadOptions, resend: Resend) {
    this.response = exchange.response;
    this.#reader = new StreamReader<Item>(exchange, spec, options, resend);
  }

  [Symbol.asyncIterator](): AsyncIterator<Item> {
    if (this.#iterated || !this.#reader) throw new TypeError("a ToolStream can be iterated once");
    this.#iterated = true;
    return this.#reader;
  }

  /** The last event id seen (event streams), as `Last-Event-ID` would send it. */
  get lastEventId(): string | undefined {
    return this.#reader?.lastEventId;
  }

  /** Closes the connection; an iteration in progress ends. */
  async close(): Promise<void> {
    await this.#reader?.return();
  }
}

type Parser = { kind: "events"; parser: EventStreamParser } | { kind: "lines"; parser: JsonLinesParser };

class StreamReader<Item> implements AsyncIterator<Item> {
  lastEventId: string | undefined;
  #exchange: Exchange;
  #body: ReadableStreamDefaultReader<Uint8Array>;
  #decoder = new TextDecoder();
  #parser: Parser;
  #queue: Item[] = [];
  #next = 0;
  #pending: ToolCallError | undefined;
  #finished = false;
  #idled = false;
  #retry: number | undefined;
  #failuresInARow = 0;
  #handedOut = 0;

  constructor(
    exchange: Exchange,
    private readonly spec: StreamSpec,
    private readonly options: ReadOptions,
    private readonly resend: Resend,
  ) {
    this.#exchange = exchange;
    const started = this.#start(exchange);
    this.#body = started.body;
    this.#parser = started.parser;
  }

  async next(): Promise<IteratorResult<Item>> {
    for (;;) {
      if (this.#next < this.#queue.length) {
        const value = this.#queue[this.#next++]!;
        this.#handedOut++;
        return { value, done: false };
      }
      this.#queue.length = 0;
      this.#next = 0;
      if (this.#pending) {
        const error = this.#pending;
        this.#pending = undefined;
        this.#close();
        throw error;
      }
      if (this.#finished) return { value: undefined, done: true };
      await this.#fill();
    }
  }

  async return(): Promise<IteratorResult<Item>> {
    this.#queue.length = 0;
    this.#pending = undefined;
    this.#close();
    return { value: undefined, done: true };
  }

  /** Takes over an answer: checks its Content-Type, makes its parser. */
  #start(exchange: Exchange): { body: ReadableStreamDefaultReader<Uint8Array>; parser: Parser } {
    const { response } = exchange;
    const format = this.#formatOf(response);
    const parser: Parser =
      format === "event-stream"
        ? { kind: "events", parser: new EventStreamParser(this.options.maxItemBytes) }
        : { kind: "lines", parser: new JsonLinesParser(this.options.maxItemBytes, format === "json-seq" ? "record" : "line") };
    if (response.status === 204 || !response.body) this.#finished = true;
    const body = (response.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() })).getReader();
    return { body, parser };
  }

  /** The answer's actual format; a JSON answer where a stream was asked for is refused. */
  #formatOf(response: Response): StreamFormat {
    const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const actual = streamFormatOf(type);
    if (actual) return actual;
    if (type === "" || response.status === 204) return this.spec.format;
    const hint = type === "application/json" || type.endsWith("+json") ? " (the request may have to ask for a stream, e.g. with `stream: true`)" : "";
    response.body?.cancel().catch(() => {});
    this.#exchange.controller.abort();
    this.#exchange.release();
    throw this.#exchange.fail(`answered ${response.status} with ${type} where ${this.spec.mediaType} was asked for${hint}`, "INVALID_RESPONSE", { status: response.status });
  }

  /** Reads until an item, an error or the end is queued. */
  async #fill(): Promise<void> {
    while (this.#next >= this.#queue.length && !this.#pending && !this.#finished) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await this.#read();
      } catch (error) {
        await this.#broken(error);
        continue;
      }
      if (chunk.done) {
        this.#take(this.#decoder.decode());
        this.#end();
        continue;
      }
      this.#take(this.#decoder.decode(chunk.value, { stream: true }));
    }
  }

  #read(): Promise<ReadableStreamReadResult<Uint8Array>> {
    const idle = this.options.idleTimeoutMs;
    if (!(idle > 0) || idle === Infinity) return this.#body.read();
    const timer = setTimeout(() => {
      this.#idled = true;
      this.#exchange.controller.abort();
    }, idle);
    return this.#body.read().finally(() => clearTimeout(timer));
  }

  /** Parses decoded text into the queue; a parse failure is queued behind the good items. */
  #take(text: string): void {
    if (text === "") return;
    this.#parsing(() => {
      if (this.#parser.kind === "events") {
        const parser = this.#parser.parser;
        const events = parser.push(text);
        // `dispatched` already counts the whole chunk's events.
        const first = parser.dispatched - events.length + 1;
        for (let i = 0; i < events.length; i++) if (!this.#event(events[i]!, first + i)) return;
      } else {
        for (const line of this.#parser.parser.push(text)) if (!this.#line(line.text, line.line)) return;
      }
    });
  }

  /** Runs a parser step; an item past the size cap (found now or deferred to this step) is queued as the error. */
  #parsing(step: () => void): void {
    try {
      step();
    } catch (error) {
      if (!(error instanceof ItemTooLarge)) throw error;
      this.#pending = this.#exchange.fail(`streamed ${error.unit} ${error.position} larger than ${error.limit} bytes; it was not read (raise maxResponseBytes to accept it)`, "RESPONSE_TOO_LARGE", {
        status: this.#exchange.response.status,
      });
    }
  }

  /** Queues one event; false when it ends the stream (`[DONE]`) or is broken. */
  #event(event: ParsedEvent, position: number): boolean {
    if (event.retry !== undefined) this.#retry = event.retry;
    if (event.id !== undefined) this.lastEventId = event.id;
    let data: unknown = event.data;
    if (this.spec.json) {
      // OpenAI and the servers compatible with it end a stream with this non-JSON sentinel.
      if (event.data === "[DONE]") {
        this.#finishEarly();
        return false;
      }
      try {
        data = JSON.parse(event.data);
      } catch {
        this.#pending = this.#exchange.fail(`streamed event ${position} whose data is not JSON: ${snippet(event.data)}`, "INVALID_RESPONSE", {
          status: this.#exchange.response.status,
          body: event.data.slice(0, 1000),
        });
        return false;
      }
    }
    const item: ServerSentEvent<unknown> = { data };
    if (event.event !== undefined) item.event = event.event;
    const id = event.id ?? this.lastEventId;
    if (id !== undefined) item.id = id;
    if (event.retry !== undefined) item.retry = event.retry;
    return this.#accept(item);
  }

  /** Queues a decoded item unless the caller's check refuses it. */
  #accept(item: unknown): boolean {
    const problem = this.options.validateItem?.(item);
    if (problem !== undefined) {
      this.#pending = this.#exchange.fail(`streamed item ${this.#handedOut + this.#queue.length - this.#next + 1} that does not match its schema: ${problem}`, "INVALID_RESPONSE", {
        status: this.#exchange.response.status,
        body: item,
      });
      return false;
    }
    if (this.#failuresInARow > 0) this.#failuresInARow = 0;
    this.#queue.push(item as Item);
    return true;
  }

  /** Queues one JSON line (or record); false when it is broken. */
  #line(text: string, line: number): boolean {
    let item: unknown;
    try {
      item = JSON.parse(text);
    } catch {
      const unit = this.spec.format === "json-seq" ? "record" : "line";
      this.#pending = this.#exchange.fail(`streamed ${unit} ${line}, which is not JSON: ${snippet(text)}`, "INVALID_RESPONSE", {
        status: this.#exchange.response.status,
        body: text.slice(0, 1000),
      });
      return false;
    }
    return this.#accept(item);
  }

  /** The answer ended: a last line without its line end still counts (JSON lines). */
  #end(): void {
    this.#parsing(() => {
      if (this.#parser.kind === "lines") {
        const last = this.#parser.parser.end();
        if (last) this.#line(last.text, last.line);
      } else {
        this.#parser.parser.end();
      }
    });
    this.#finished = true;
    this.#exchange.release();
  }

  /** A read failed: reconnect when asked to and allowed, else queue the error. */
  async #broken(error: unknown): Promise<void> {
    const idled = this.#idled;
    this.#idled = false;
    const failure = idled
      ? this.#exchange.fail(`streamed nothing for ${this.options.idleTimeoutMs} ms`, "TIMEOUT", { cause: error })
      : transportError(this.#exchange, error);
    const reconnect = this.options.reconnect;
    const resumable = failure.code === "NETWORK" || failure.code === "TIMEOUT";
    if (!reconnect || !resumable || this.#failuresInARow >= reconnect.retries) {
      this.#pending = failure;
      return;
    }
    this.#exchange.release();
    await this.#reconnect(reconnect, failure);
  }

  async #reconnect(reconnect: ReconnectOptions, failure: ToolCallError): Promise<void> {
    for (;;) {
      this.#failuresInARow++;
      const max = reconnect.maxDelayMs ?? 30_000;
      const backoff = Math.random() * Math.min(max, (reconnect.minDelayMs ?? 1_000) * 2 ** (this.#failuresInARow - 1));
      const signal = this.options.signal;
      await delay(this.#retry !== undefined ? Math.min(max, this.#retry) : backoff, signal);
      if (signal?.aborted) {
        this.#pending = this.#exchange.fail("was aborted", "ABORTED", { cause: signal.reason });
        return;
      }
      try {
        const exchange = await this.resend(this.lastEventId !== undefined ? { "last-event-id": this.lastEventId } : {});
        this.#exchange = exchange;
        const started = this.#start(exchange);
        this.#body = started.body;
        this.#parser = started.parser;
        this.#decoder = new TextDecoder();
        return;
      } catch (error) {
        const next = error as ToolCallError;
        if ((next.code !== "NETWORK" && next.code !== "TIMEOUT") || this.#failuresInARow >= reconnect.retries) {
          this.#pending = next.code === "NETWORK" || next.code === "TIMEOUT" ? failure : next;
          return;
        }
      }
    }
  }

  /** `[DONE]`: the stream is over although the connection may stay open. */
  #finishEarly(): void {
    this.#finished = true;
    this.#close();
  }

  #close(): void {
    this.#finished = true;
    this.#body.cancel().catch(() => {});
    this.#exchange.controller.abort();
    this.#exchange.release();
  }
}

/** Waits `ms`, or less when the signal aborts. */
function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
//#endregion

//#region call-promise.ts
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
 * The hook `request` calls with a 2xx answer before it is decoded (an options key no caller can
 * write by accident): how `callOperation` learns the Response of the attempt that succeeded.
 */
const ANSWER = Symbol("toolgen.answer");

type AnswerHook = { readonly [ANSWER]?: (response: Response) => void };

/**
 * What every generated function returns: a Promise of the result (it awaits, chains and rejects as
 * the plain promise did) that also has `withResponse()`, which resolves to `{ data, headers,
 * response }`: the result, the declared answer headers (`H`, `<Name>Headers`) and the `Response`.
 * `then` and the others return plain Promises.
 */
export class CallPromise<T, H = Record<never, never>> extends Promise<T> {
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  #answer: Promise<CallResult<T, H>> | undefined;

  /** The result with the declared headers and the `Response` of the answer. */
  withResponse(): Promise<CallResult<T, H>> {
    // The caller awaits this promise instead: the call's own rejection is then no unhandled one.
    this.catch(() => undefined);
    return this.#answer ?? Promise.reject(new Error("withResponse: not a call's promise"));
  }

  /** @internal Sets what withResponse resolves to. */
  static of<T, H>(answer: Promise<CallResult<T, H>>): CallPromise<T, H> {
    const promise = new CallPromise<T, H>((resolve, reject) => {
      answer.then((result) => resolve(result.data), reject);
    });
    promise.#answer = answer;
    return promise;
  }
}

/**
 * `request` for a generated function: its result as a CallPromise. Typed `any` on purpose: the
 * generated function's declared return type (`CallPromise<<Name>Output, <Name>Headers>`) types it,
 * and tsc then relates and instantiates nothing per operation when an app checks operations.ts
 * (a generic call here cost 2,000 instantiations on GitHub's description).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- typed by each generated function's return type
export function callOperation(config: ClientConfig<object>, op: OperationSpec, input: object | undefined, options?: CallOptions<object>): any {
  let answer: Response | undefined;
  const hooked: CallOptions<object> & AnswerHook = { ...options, [ANSWER]: (response: Response) => void (answer = response) };
  const result = request(config, op, input, hooked).then((data) => ({ data, headers: declaredHeaders(op, answer), response: answer! }));
  return CallPromise.of(result);
}

/** The declared headers of the answer, read by type. */
function declaredHeaders(op: OperationSpec, response: Response | undefined): Record<string, unknown> {
  const headers: Record<string, unknown> = {};
  if (!op.headers || !response) return headers;
  for (const [name, type] of Object.entries(op.headers)) {
    const text = response.headers.get(name);
    if (text === null) continue;
    const value = type.endsWith("[]") ? arrayValue(text, type.slice(0, -2) as HeaderValueType) : headerValue(text, type);
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

function arrayValue(text: string, type: HeaderValueType): unknown[] | undefined {
  if (text.trim() === "") return [];
  const items = text.split(",").map((item) => headerValue(item.trim(), type));
  return items.includes(undefined) ? undefined : items;
}

function headerValue(text: string, type: HeaderValueType): unknown {
  switch (type) {
    case "integer":
    case "number": {
      const n = text.trim() === "" ? NaN : Number(text);
      return Number.isFinite(n) && (type === "number" || Number.isInteger(n)) ? n : undefined;
    }
    case "boolean":
      return text === "true" ? true : text === "false" ? false : undefined;
    case "json":
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return undefined;
      }
    default:
      return text;
  }
}
//#endregion

//#region retry.ts
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

/** Attempts after the first one. */
const DEFAULT_RETRIES = 2;
/** The first backoff's ceiling; it doubles per attempt (the wait is random below it). */
const DEFAULT_MIN_DELAY_MS = 500;
/** The backoff's ceiling stops doubling here. */
const DEFAULT_MAX_BACKOFF_MS = 8_000;
/** The longest wait of any kind; a longer Retry-After is thrown to the caller instead. */
const DEFAULT_MAX_DELAY_MS = 60_000;

const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE", "QUERY"]);
/**
 * Answers that say "try again later" rather than "this request is wrong". Not 425 Too Early: it
 * only answers TLS early data, which fetch does not send.
 */
const RETRY_STATUS = new Set([408, 429, 500, 502, 503, 504]);

/** Header names that carry an idempotency key (compared in lower case). */
function isIdempotencyKeyHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === "idempotency-key" || lower === "x-idempotency-key";
}

/**
 * The input with the operation's idempotency key filled in (`crypto.randomUUID()`), unless the
 * caller gave one, as the input field or in `headers` (a header set to `undefined` there says
 * "send none"). Called once per logical call, so every attempt sends the same key.
 */
function withIdempotencyKey(config: ClientConfig<object>, op: OperationSpec, input: object | undefined, options: CallOptions<object>): object | undefined {
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
function mayResend(config: ClientConfig<object>, op: OperationSpec, input: object | undefined, options: CallOptions<object>): boolean {
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
async function withRetries<T>(config: ClientConfig<object>, options: CallOptions<object>, safe: boolean, attempt: () => Promise<T>): Promise<T> {
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
function delayOf(error: ToolCallError, n: number, settings: RetryOptions): number | undefined {
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
//#endregion

//#region request.ts
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
//#endregion

//#region paginate.ts
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
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any toolkit's credentials
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
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any toolkit's credentials
export function pageCall(client: ClientConfig<any>, spec: OperationSpec): PageCall {
  return { client, spec };
}

/** A generated function that pages: its input and result types, and where the items are. */
export interface PagedFunction<I, O, P extends string> {
  (input: I, options?: never): PromiseLike<O>;
  readonly paged: PageCall<P>;
}

/** The value at dotted path `P` of `O` (null and undefined left out at each step). */
type ValueAt<O, P extends string> = P extends ""
  ? NonNullable<O>
  : P extends `${infer H}.${infer R}`
    ? ValueAt<ValueAt<O, H>, R>
    : P extends keyof NonNullable<O>
      ? NonNullable<NonNullable<O>[P]>
      : never;

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
export function paginate<I, O, P extends string>(fn: PagedFunction<I, O, P>, ...[input, options]: PaginateArgs<I>): AsyncIterableIterator<PageItemOf<O, P>> {
  const call = fn.paged;
  if (!call?.spec?.page) throw new TypeError(`paginate: ${call?.spec?.tool ?? fn.name} is not a paged operation`);
  const merged = call.options ? withBoundOptions(call.options, options) : (options ?? {});
  return pages<PageItemOf<O, P>>(call, call.spec.page, input as object | undefined, merged);
}

async function* pages<T>(call: PageCall, page: PageSpec, firstInput: object | undefined, options: PaginateOptions): AsyncIterableIterator<T> {
  const { maxPages, ...callOptions } = options;
  const seen = new Set<string>();
  const run: PagesSoFar = { longest: 0 };
  let input: Record<string, unknown> = { ...(firstInput as Record<string, unknown> | undefined) };
  let nextUrl: string | undefined;
  for (let count = 0; maxPages === undefined || count < maxPages; count++) {
    const { data, response, url } = await requestPage(call, input, callOptions, nextUrl);
    seen.add(`url ${url}`);
    const items = itemsOf(call.spec, page, data, url);
    // A page met before (a next link back to page 1 spelled differently, a server that ignores
    // the page parameter) ends the list rather than starting it again.
    const signature = pageSignature(items);
    if (signature !== undefined) {
      if (seen.has(signature)) return;
      seen.add(signature);
    }
    for (const item of items) yield item as T;
    const next = nextOf(page, data, items, input, response, url, run);
    if (next === undefined) return;
    const key = "url" in next ? `url ${next.url}` : `input ${JSON.stringify(next.input)}`;
    if (seen.has(key)) return;
    seen.add(key);
    if ("url" in next) {
      if (!sameOrigin(next.url, options.baseUrl ?? call.client.baseUrl)) return;
      nextUrl = next.url;
    } else {
      input = next.input;
      nextUrl = undefined;
    }
  }
}

type Next = { readonly url: string } | { readonly input: Record<string, unknown> };

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

/**
 * Whether a numbered page shorter than the page size ends the list. The size the server uses
 * when none is asked for is trusted. A size the caller asked for may be above what the server
 * gives (`per_page: 500` where GitHub gives 100), which a page does not tell: unless the
 * description declares the maximum, a short first page is checked by asking for the next one, and
 * later a page ends the list only when it is shorter than one before it.
 */
function isShortPage(page: PageSpec, input: Record<string, unknown>, length: number, run: PagesSoFar): boolean {
  const longestBefore = run.longest;
  run.longest = Math.max(run.longest, length);
  const asked = input[page.size!];
  const chosen = typeof asked === "number" ? asked : typeof asked === "string" && asked !== "" ? Number(asked) : undefined;
  if (chosen === undefined || !Number.isFinite(chosen)) return page.defaultSize !== undefined && length < page.defaultSize;
  if (page.maxSize !== undefined) return length < Math.min(chosen, page.maxSize);
  if (length >= chosen) return false;
  return length < longestBefore;
}

/** What a list's earlier pages tell about the later ones. */
interface PagesSoFar {
  /** The most items a page held so far. */
  longest: number;
}

function nextOf(page: PageSpec, data: unknown, items: readonly unknown[], input: Record<string, unknown>, response: Response | undefined, url: string, run: PagesSoFar): Next | undefined {
  switch (page.kind) {
    case "link": {
      const link = nextLink(response?.headers.get("link") ?? null);
      return link !== undefined ? { url: resolve(link, url) } : undefined;
    }
    case "url": {
      const value = at(data, page.next);
      return typeof value === "string" && value !== "" ? { url: resolve(value, url) } : undefined;
    }
    case "token": {
      const value = at(data, page.next);
      return (typeof value === "string" && value !== "") || typeof value === "number" ? { input: { ...input, [page.param!]: value } } : undefined;
    }
    case "after": {
      if (at(data, page.next ?? "has_more") !== true || items.length === 0) return undefined;
      // Paging backwards (Stripe's ending_before): each page ends before the first item of the last.
      const backwards = page.before !== undefined && isSet(input[page.before]);
      const id = (items[backwards ? 0 : items.length - 1] as { id?: unknown } | null)?.id;
      if (typeof id !== "string" && typeof id !== "number") return undefined;
      return { input: { ...input, [backwards ? page.before! : page.param!]: id } };
    }
    case "page":
    case "offset": {
      if (items.length === 0) return undefined;
      if (isShortPage(page, input, items.length, run)) return undefined;
      const current = Number(input[page.param!] ?? (page.kind === "page" ? (page.first ?? 1) : 0));
      if (!Number.isFinite(current)) return undefined;
      return { input: { ...input, [page.param!]: page.kind === "page" ? current + 1 : current + items.length } };
    }
    default:
      return undefined;
  }
}

/**
 * One page through the runtime's `request`, with the answer kept: a `fetch` wrapped around the
 * configured one records the final answer (its `Link` header), and for a next URL sends the
 * request there instead of to the URL built from the input. Query parameters of the built URL
 * that the next URL lacks (an API key sent in the query) go along.
 */
async function requestPage(call: PageCall, input: object, options: CallOptions<object>, nextUrl: string | undefined): Promise<{ data: unknown; response: Response | undefined; url: string }> {
  const base = options.fetch ?? call.client.fetch ?? globalThis.fetch;
  let built: string | undefined;
  let response: Response | undefined;
  let url = "";
  // Each attempt (retries) starts at the built URL; a redirect's hops go elsewhere.
  const recording = (async (target: RequestInfo | URL, init?: RequestInit) => {
    let href = target instanceof Request ? target.url : String(target);
    built ??= href;
    if (nextUrl !== undefined && href === built) href = withMissingQuery(nextUrl, built);
    url = href;
    response = await base(href, init);
    return response;
  }) as typeof fetch;
  const data = await request(call.client as ClientConfig<object>, call.spec, input, { ...options, fetch: recording });
  return { data, response, url };
}

function withMissingQuery(next: string, built: string): string {
  const target = new URL(next);
  for (const [name, value] of new URL(built).searchParams) if (!target.searchParams.has(name)) target.searchParams.append(name, value);
  return target.href;
}

function itemsOf(spec: OperationSpec, page: PageSpec, data: unknown, url: string): readonly unknown[] {
  const items = page.items === undefined ? data : at(data, page.items);
  if (Array.isArray(items)) return items;
  // An empty page may leave the array out or set it to null.
  if ((items === undefined || items === null) && page.items !== undefined && typeof data === "object" && data !== null) return [];
  throw new ToolCallError(`answered a page without its items array${page.items ? ` (${page.items})` : ""}`, { tool: spec.tool, code: "INVALID_RESPONSE", method: spec.method, url, body: data });
}

function at(data: unknown, path: string | undefined): unknown {
  if (path === undefined) return undefined;
  let value = data;
  for (const name of path.split(".")) {
    if (typeof value !== "object" || value === null || !Object.prototype.hasOwnProperty.call(value, name)) return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

function pageSignature(items: readonly unknown[]): string | undefined {
  if (items.length === 0) return undefined;
  return `page ${items.length} ${JSON.stringify(items[0])} ${JSON.stringify(items[items.length - 1])}`;
}

/** The rel="next" target of a `Link` header (RFC 8288), if there is one. */
function nextLink(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const match of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+(?:=(?:"[^"]*"|[^;,]*))?)*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(match[2] ?? "");
    const rels = (rel?.[1] ?? rel?.[2] ?? "").toLowerCase().split(/\s+/);
    if (rels.includes("next")) return match[1];
  }
  return undefined;
}

function resolve(link: string, base: string): string {
  try {
    return new URL(link, base || undefined).href;
  } catch {
    return link;
  }
}

function sameOrigin(next: string, baseUrl: string): boolean {
  try {
    return new URL(next).origin === new URL(baseUrl).origin;
  } catch {
    return false;
  }
}
//#endregion

//#region streams/collect-items.ts
/**
 * `toolkit.call` on a tool whose answer is a stream: the items collected into one array, so a
 * model (or an MCP client) gets a result it can read. Bounded by count and by the JSON size of
 * the items, since a stream may never end: past either bound the stream is closed and the call
 * fails with `RESPONSE_TOO_LARGE`, pointing at `toolkit.stream` for reading it item by item.
 */

/** Items `toolkit.call` collects from a stream before it fails (`maxStreamItems`). */
export const DEFAULT_MAX_STREAM_ITEMS = 1_000;
/** Characters of JSON text of the collected items `toolkit.call` accepts (`maxStreamBytes`): 1 Mi, more than a model's context. */
export const DEFAULT_MAX_STREAM_BYTES = 1024 * 1024;

export interface CollectLimits {
  /** Most items collected (default 1 000). */
  readonly maxStreamItems?: number;
  /** Most characters of the collected items' JSON text (default 1 Mi; a UTF-8 byte is at most one). */
  readonly maxStreamBytes?: number;
  /** Called with each item as it arrives, before the array is complete (the MCP bridge's progress notifications). */
  readonly onStreamItem?: (item: unknown, index: number) => void;
}

export async function collectItems(stream: ToolStream<unknown>, tool: { readonly name: string; readonly method: string }, limits: CollectLimits = {}): Promise<unknown[]> {
  const onItem = limits.onStreamItem;
  const maxItems = limits.maxStreamItems ?? DEFAULT_MAX_STREAM_ITEMS;
  const maxBytes = limits.maxStreamBytes ?? DEFAULT_MAX_STREAM_BYTES;
  const items: unknown[] = [];
  let bytes = 2;
  for await (const item of stream) {
    bytes += (JSON.stringify(item) ?? "").length + 1;
    if (items.length >= maxItems || bytes > maxBytes) {
      await stream.close();
      const bound = items.length >= maxItems ? `${maxItems} items` : `${maxBytes} characters of JSON`;
      throw new ToolCallError(`streamed more than ${bound}; toolkit.call collects at most that (raise maxStreamItems / maxStreamBytes, or read it with toolkit.stream)`, {
        tool: tool.name,
        code: "RESPONSE_TOO_LARGE",
        method: tool.method,
        url: stream.response.url,
        status: stream.response.status,
      });
    }
    onItem?.(item, items.length);
    items.push(item);
  }
  return items;
}
//#endregion

//#region typed-errors.ts
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
export type DeclaredErrorStatus<E> =
  | Extract<keyof E, number>
  | ErrorStatusRanges[Extract<keyof E, keyof ErrorStatusRanges>]
  | ("default" extends keyof E ? number : never);

type RangeOf<S> = S extends ErrorStatusRanges["4XX"] ? "4XX" : S extends ErrorStatusRanges["5XX"] ? "5XX" : S extends ErrorStatusRanges["3XX"] ? "3XX" : S extends ErrorStatusRanges["1XX"] ? "1XX" : never;

/** The body type of status `S`: its own answer, else its range's, else `default`'s. */
export type DeclaredErrorBody<E, S> = S extends keyof E
  ? E[S]
  : [Extract<RangeOf<S>, keyof E>] extends [never]
    ? "default" extends keyof E
      ? E["default" & keyof E]
      : never
    : E[Extract<RangeOf<S>, keyof E>];

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

const byTool = new WeakMap<ErrorStatusTable, Map<string, readonly string[]>>();

/**
 * The run-time half of the typed guard: `error` is a ToolCallError of an HTTP answer from `tool`
 * (canonical or function name), its status is `status` when given, and the tool declares an
 * error answer for that status (the code itself, its range, or `default`), exactly as the type
 * `DeclaredErrorStatus` says.
 */
export function isDeclaredError(error: unknown, table: ErrorStatusTable, tool?: string, status?: number): boolean {
  if (tool === undefined) return isToolCallError(error);
  if (!isToolCallError(error) || error.code !== "HTTP_STATUS" || error.status === undefined) return false;
  if (status !== undefined && error.status !== status) return false;
  const entry = entryOf(table, tool);
  if (entry === undefined || entry[0] !== error.tool) return false;
  const code = String(error.status);
  const declared = entry.slice(1);
  return declared.includes(code) || declared.includes(`${code[0]}XX`) || (declared.includes("default") && (error.status < 200 || error.status > 299));
}

/**
 * The guard a generated module exports, over its table: `export const isToolCallError:
 * ToolErrorGuard = errorGuard(toolErrorStatuses)`. Typed `any` on purpose: `ToolErrorGuard`, declared
 * in the module's operation-types.d.ts, types it, and an app's tsc resolves its generic signature
 * (and `keyof ToolErrors`, 2,000 names on GitHub's description) only where the app calls it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- typed by the generated ToolErrorGuard
export function errorGuard(table: ErrorStatusTable): any {
  return (error: unknown, tool?: string, status?: number): boolean => isDeclaredError(error, table, tool, status);
}

/** Canonical names first, then function names, as `ToolErrors` is keyed. */
function entryOf(table: ErrorStatusTable, tool: string): readonly string[] | undefined {
  let canonical = byTool.get(table);
  if (canonical === undefined) {
    canonical = new Map(Object.values(table).map((entry) => [entry[0]!, entry]));
    byTool.set(table, canonical);
  }
  return canonical.get(tool) ?? (Object.prototype.hasOwnProperty.call(table, tool) ? table[tool] : undefined);
}
//#endregion

//#region files/file-id.ts
/**
 * File ids as the reference (ERNIE SDK) writes them, so ids a model saw in the reference's
 * prompts, examples or earlier turns keep working: `file-local-<uuid>` for a file this process
 * keeps, `file-<15 digits>` for one kept remotely (AI Studio's file service). The reference
 * recognises a local id by the UUID's shape, not its version (its own tests use a v1 UUID), and
 * lets a model wrap an id in `<file>…</file>`, as its agent prompts do.
 */

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/**
 * The `pattern` of every argument that takes a file id (see model/tool-schema/file-arguments.ts).
 * Kept as one string so the validator can recognise it and say "must be a file id" instead of
 * quoting the expression.
 */
export const FILE_ID_PATTERN = `^(<file>)?file-(local-${UUID}|[0-9]{15})(</file>)?$`;

const LOCAL = new RegExp(`^file-local-${UUID}$`);
const REMOTE = /^file-[0-9]{15}$/;

/** A fresh local id: `file-local-` and a random (v4) UUID in lower case. */
function newLocalFileId(): string {
  return `file-local-${crypto.randomUUID().toLowerCase()}`;
}

export function isLocalFileId(text: string): boolean {
  return LOCAL.test(text);
}

export function isRemoteFileId(text: string): boolean {
  return REMOTE.test(text);
}

/** The id inside `<file>…</file>`, or the text itself. */
function unwrapFileId(text: string): string {
  const trimmed = text.trim();
  return trimmed.startsWith("<file>") && trimmed.endsWith("</file>") ? trimmed.slice(6, -7).trim() : trimmed;
}
//#endregion

//#region validation/json-schema.ts
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

/** The types a schema admits, as a list (`undefined`: any type). */
function typesOf(schema: JsonSchema): readonly JsonSchemaType[] | undefined {
  const { type } = schema;
  if (type === undefined) return undefined;
  return typeof type === "string" ? [type] : type;
}

/** True when the schema explicitly admits `null`. */
function admitsNull(schema: JsonSchema): boolean {
  const types = typesOf(schema);
  if (types?.includes("null")) return true;
  if (schema.enum?.includes(null)) return true;
  if (schema.const === null) return true;
  return (schema.anyOf ?? schema.oneOf ?? []).some(admitsNull);
}

/** Re-exported for the adapters, which write schemas keyed by property names. */
//#endregion

//#region validation/validate.ts
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

/** Stop collecting after this many problems: a model fixes the first ones and retries. */
const MAX_PROBLEMS = 20;

export function validateValue(schema: JsonSchema, value: unknown, path = "$"): ValidationProblem[] {
  const walk = new Walk(path, MAX_PROBLEMS);
  walk.check(nodeOf(schema), value);
  return walk.problems;
}

function isValid(schema: JsonSchema, value: unknown): boolean {
  return isValidNode(nodeOf(schema), value);
}

function isValidNode(node: Node, value: unknown): boolean {
  const walk = new Walk("$", 1);
  walk.check(node, value);
  return walk.problems.length === 0;
}

const TYPE_BITS: Readonly<Record<JsonSchemaType, number>> = { string: 1, number: 2, integer: 4, boolean: 8, null: 16, array: 32, object: 64 };

/** A schema object as the walk reads it: every field present, in one shape. */
class Node {
  readonly source: JsonSchema;
  /** Bit set of admitted types (0: any type). */
  readonly types: number;
  readonly enumValues: readonly unknown[] | undefined;
  readonly hasConst: boolean;
  readonly constValue: unknown;
  readonly minLength: number | undefined;
  readonly maxLength: number | undefined;
  readonly pattern: RegExp | undefined;
  readonly format: ((text: string) => boolean) | undefined;
  readonly minimum: number | undefined;
  readonly maximum: number | undefined;
  readonly exclusiveMinimum: number | undefined;
  readonly exclusiveMaximum: number | undefined;
  readonly multipleOf: number | undefined;
  readonly int32: boolean;
  readonly properties: ReadonlyMap<string, Node> | undefined;
  readonly required: readonly string[] | undefined;
  /** `false`: closed; a Node: the schema of other properties; `undefined`: open. */
  readonly additional: Node | false | undefined;
  readonly minProperties: number | undefined;
  readonly maxProperties: number | undefined;
  readonly items: Node | undefined;
  readonly prefixItems: readonly Node[] | undefined;
  readonly minItems: number | undefined;
  readonly maxItems: number | undefined;
  readonly uniqueItems: boolean;
  readonly alternatives: readonly Node[] | undefined;
  readonly allOf: readonly Node[] | undefined;
  readonly not: Node | undefined;
  /** The schema admits `null` (so a `null` a model sends is meant, not "left out"). */
  readonly nullable: boolean;

  constructor(schema: JsonSchema) {
    this.source = schema;
    let types = 0;
    for (const t of typesOf(schema) ?? []) types |= ownValue(TYPE_BITS, t) ?? 0;
    this.types = types;
    this.enumValues = schema.enum;
    this.hasConst = Object.hasOwn(schema, "const");
    this.constValue = schema.const;
    this.minLength = schema.minLength;
    this.maxLength = schema.maxLength;
    this.pattern = schema.pattern !== undefined ? patternOf(schema.pattern) : undefined;
    // Own entries only: a format named `constructor` or `hasOwnProperty` is unknown, not a method.
    this.format = schema.format !== undefined ? ownValue(FORMAT_CHECKS, schema.format) : undefined;
    this.minimum = schema.minimum;
    this.maximum = schema.maximum;
    this.exclusiveMinimum = schema.exclusiveMinimum;
    this.exclusiveMaximum = schema.exclusiveMaximum;
    this.multipleOf = schema.multipleOf !== undefined && schema.multipleOf > 0 ? schema.multipleOf : undefined;
    this.int32 = schema.format === "int32";
    this.properties = schema.properties ? new Map(Object.entries(schema.properties).map(([k, v]) => [k, nodeOf(v)])) : undefined;
    this.required = schema.required?.length ? schema.required : undefined;
    const additional = schema.additionalProperties;
    this.additional = additional === false ? false : typeof additional === "object" ? nodeOf(additional) : undefined;
    this.minProperties = schema.minProperties;
    this.maxProperties = schema.maxProperties;
    this.items = schema.items ? nodeOf(schema.items) : undefined;
    this.prefixItems = schema.prefixItems?.map(nodeOf);
    this.minItems = schema.minItems;
    this.maxItems = schema.maxItems;
    this.uniqueItems = schema.uniqueItems === true;
    this.alternatives = (schema.anyOf ?? schema.oneOf)?.map(nodeOf);
    this.allOf = schema.allOf?.map(nodeOf);
    this.not = schema.not ? nodeOf(schema.not) : undefined;
    this.nullable = admitsNull(schema);
  }
}

const nodes = new WeakMap<JsonSchema, Node>();

/** The Node of a schema object, read once and kept as long as the schema lives. */
function nodeOf(schema: JsonSchema): Node {
  let node = nodes.get(schema);
  if (node === undefined) {
    node = new Node(schema);
    nodes.set(schema, node);
  }
  return node;
}

/**
 * Removes `null` from properties that are optional and do not admit `null`, at any depth (see
 * arguments.ts for why). Returns the value itself when nothing changes.
 */
export function dropOptionalNulls(schema: JsonSchema, value: unknown): unknown {
  return dropNulls(nodeOf(schema), value);
}

function dropNulls(node: Node, value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const items = node.items;
    if (items === undefined) return value;
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const next = dropNulls(items, value[i]);
      if (next !== value[i]) (out ??= [...value])[i] = next;
    }
    return out ?? value;
  }
  const properties = node.properties;
  if (properties === undefined) return value;
  const record = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const name in record) {
    if (!Object.hasOwn(record, name)) continue;
    const property = properties.get(name);
    if (property === undefined) continue;
    const item = record[name];
    if (item === null) {
      if (!property.nullable && !(node.required?.includes(name) ?? false)) {
        out ??= { ...record };
        delete out[name];
      }
      continue;
    }
    const next = dropNulls(property, item);
    if (next !== item) setOwn((out ??= { ...record }), name, next);
  }
  return out ?? value;
}

/**
 * One validation: the path is a stack of keys turned into text only when a problem is reported,
 * and a schema node that passes allocates nothing.
 */
class Walk {
  readonly problems: ValidationProblem[] = [];
  private readonly keys: (string | number)[] = [];

  constructor(
    private readonly root: string,
    private readonly limit: number,
  ) {}

  private path(): string {
    let text = this.root;
    for (const key of this.keys) text = typeof key === "number" ? `${text}[${key}]` : childPath(text, key);
    return text;
  }

  private report(message: string): void {
    if (this.problems.length < this.limit) this.problems.push({ path: this.path(), message });
  }

  private child(key: string | number, node: Node, value: unknown): void {
    this.keys.push(key);
    this.check(node, value);
    this.keys.pop();
  }

  check(node: Node, value: unknown): void {
    if (this.problems.length >= this.limit) return;
    if (node.types !== 0 && (node.types & typeBitsOf(value)) === 0) {
      this.report(`must be ${(typesOf(node.source) ?? []).map(typeNoun).join(" or ")}, got ${describe(value)}`);
      return;
    }
    if (node.enumValues !== undefined && !includesValue(node.enumValues, value)) {
      this.report(`must be one of ${listValues(node.enumValues)}, got ${describe(value)}`);
      return;
    }
    if (node.hasConst && !deepEqual(node.constValue, value)) {
      this.report(`must be ${JSON.stringify(node.constValue)}, got ${describe(value)}`);
      return;
    }

    if (typeof value === "string") this.string(node, value);
    else if (typeof value === "number") this.number(node, value);
    else if (Array.isArray(value)) this.array(node, value);
    else if (typeof value === "object" && value !== null) this.object(node, value as Record<string, unknown>);

    if (node.alternatives !== undefined) this.alternatives(node.alternatives, value);
    if (node.allOf !== undefined) for (const part of node.allOf) this.check(part, value);
    if (node.not !== undefined && isValidNode(node.not, value)) this.report("matches a shape that is not allowed here");
  }

  private string(node: Node, value: string): void {
    // Lengths count code points, as JSON Schema does, not UTF-16 units.
    if (node.minLength !== undefined || node.maxLength !== undefined) {
      const length = /[\uD800-\uDFFF]/.test(value) ? [...value].length : value.length;
      if (node.minLength !== undefined && length < node.minLength) this.report(`must have at least ${node.minLength} characters, got ${length}`);
      if (node.maxLength !== undefined && length > node.maxLength) this.report(`must have at most ${node.maxLength} characters, got ${length}`);
    }
    if (node.pattern !== undefined && !node.pattern.test(value)) {
      if (node.source.pattern === FILE_ID_PATTERN) this.report(`must be a file id (file-local-<uuid>), as an earlier tool result or the user gave it, got ${describe(value)}`);
      else this.report(`must match the pattern ${node.source.pattern}, got ${describe(value)}`);
    }
    if (node.format !== undefined && !node.format(value)) {
      const format = node.source.format!;
      this.report(`must be a valid ${format} (${ownValue(FORMAT_HINTS, format) ?? format}), got ${describe(value)}`);
    }
  }

  private number(node: Node, value: number): void {
    if (node.minimum !== undefined && value < node.minimum) this.report(`must be at least ${node.minimum}, got ${value}`);
    if (node.maximum !== undefined && value > node.maximum) this.report(`must be at most ${node.maximum}, got ${value}`);
    if (node.exclusiveMinimum !== undefined && value <= node.exclusiveMinimum) this.report(`must be greater than ${node.exclusiveMinimum}, got ${value}`);
    if (node.exclusiveMaximum !== undefined && value >= node.exclusiveMaximum) this.report(`must be less than ${node.exclusiveMaximum}, got ${value}`);
    if (node.multipleOf !== undefined) {
      const quotient = value / node.multipleOf;
      if (Math.abs(quotient - Math.round(quotient)) > 1e-9) this.report(`must be a multiple of ${node.multipleOf}, got ${value}`);
    }
    if (node.int32 && (value < -2147483648 || value > 2147483647)) this.report(`must fit in 32 bits, got ${value}`);
  }

  private array(node: Node, value: readonly unknown[]): void {
    if (node.minItems !== undefined && value.length < node.minItems) this.report(`must have at least ${node.minItems} items, got ${value.length}`);
    if (node.maxItems !== undefined && value.length > node.maxItems) this.report(`must have at most ${node.maxItems} items, got ${value.length}`);
    if (node.uniqueItems) {
      const duplicate = value.findIndex((item, i) => value.findIndex((other) => deepEqual(item, other)) !== i);
      if (duplicate >= 0) this.report(`must not repeat items; item ${duplicate} repeats an earlier one`);
    }
    const prefix = node.prefixItems;
    for (let i = 0; i < value.length; i++) {
      const item = prefix !== undefined && i < prefix.length ? prefix[i] : node.items;
      if (item !== undefined) this.child(i, item, value[i]);
    }
  }

  private object(node: Node, value: Record<string, unknown>): void {
    const properties = node.properties;
    if (node.required !== undefined) {
      for (const name of node.required) {
        if (value[name] === undefined || !Object.hasOwn(value, name)) {
          this.keys.push(name);
          this.report("is required but missing");
          this.keys.pop();
        }
      }
    }
    const additional = node.additional;
    let unknown: string[] | undefined;
    let count = 0;
    for (const name in value) {
      if (!Object.hasOwn(value, name)) continue;
      const item = value[name];
      if (item === undefined) continue;
      count++;
      const property = properties?.get(name);
      if (property !== undefined) this.child(name, property, item);
      else if (additional === false) (unknown ??= []).push(name);
      else if (additional !== undefined) this.child(name, additional, item);
    }
    if (unknown !== undefined) {
      const allowed = properties ? [...properties.keys()] : [];
      for (const name of unknown) {
        this.keys.push(name);
        this.report(allowed.length ? `is not a known argument here; the allowed ones are ${allowed.join(", ")}` : "is not a known argument; this takes no arguments here");
        this.keys.pop();
      }
    }
    if (node.minProperties !== undefined && count < node.minProperties) this.report(`must have at least ${node.minProperties} properties, got ${count}`);
    if (node.maxProperties !== undefined && count > node.maxProperties) this.report(`must have at most ${node.maxProperties} properties, got ${count}`);
  }

  /**
   * A value matching no alternative. When exactly one alternative admits the value's JSON type,
   * its problems are the useful ones (the model meant that branch); otherwise one summary line.
   */
  private alternatives(alternatives: readonly Node[], value: unknown): void {
    if (alternatives.length === 0) return;
    for (const alternative of alternatives) if (isValidNode(alternative, value)) return;
    const bits = typeBitsOf(value);
    const sameType = alternatives.filter((a) => a.types === 0 || (a.types & bits) !== 0);
    if (sameType.length === 1) {
      this.check(sameType[0]!, value);
      return;
    }
    const shapes = alternatives.map((a) => shapeOf(a.source));
    this.report(`must match one of ${alternatives.length} alternatives (${[...new Set(shapes)].join("; ")}), got ${describe(value)}`);
  }
}

/** The type bits a value has (an integer is also a number). */
function typeBitsOf(value: unknown): number {
  switch (typeof value) {
    case "string":
      return 1;
    case "number":
      return Number.isInteger(value) ? 2 | 4 : Number.isFinite(value) ? 2 : 0;
    case "boolean":
      return 8;
    case "object":
      return value === null ? 16 : Array.isArray(value) ? 32 : 64;
    default:
      return 0;
  }
}

function includesValue(values: readonly unknown[], value: unknown): boolean {
  if (typeof value !== "object" || value === null) return values.includes(value);
  return values.some((e) => deepEqual(e, value));
}

function shapeOf(schema: JsonSchema): string {
  if (schema.enum !== undefined) return `one of ${listValues(schema.enum)}`;
  if (Object.hasOwn(schema, "const")) return JSON.stringify(schema.const);
  const types = typesOf(schema);
  if (types === undefined) return "any value";
  const noun = types.map(typeNoun).join(" or ");
  if (schema.properties !== undefined && schema.required?.length) return `${noun} with ${schema.required.join(", ")}`;
  return noun;
}

function typeNoun(type: JsonSchemaType): string {
  return { string: "a string", number: "a number", integer: "an integer", boolean: "true or false", null: "null", array: "an array", object: "an object" }[type];
}

/** A short rendering of a bad value for a message (long text is cut). */
function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? "" : "s"}`;
  if (typeof value === "object") return "an object";
  if (typeof value === "string") {
    const shown = value.length > 60 ? `${JSON.stringify(value.slice(0, 57))}…` : JSON.stringify(value);
    return `the string ${shown}`;
  }
  return String(value);
}

function listValues(values: readonly unknown[]): string {
  const shown = values.slice(0, 25).map((v) => JSON.stringify(v));
  return values.length > shown.length ? `${shown.join(", ")}, … (${values.length} in all)` : shown.join(", ");
}

/** `$.a`, `$.a[0]`, `$["not an identifier"]`. */
function childPath(path: string, key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

// Patterns come from the description; one bad pattern must not make a tool uncallable, so a
// pattern JavaScript cannot compile is skipped (the server still checks it).
const patterns = new Map<string, RegExp | undefined>();
function patternOf(source: string): RegExp | undefined {
  if (patterns.has(source)) return patterns.get(source);
  let regex: RegExp | undefined;
  try {
    regex = new RegExp(source, "u");
  } catch {
    try {
      regex = new RegExp(source);
    } catch {
      regex = undefined;
    }
  }
  patterns.set(source, regex);
  return regex;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar date in the first ten characters (`YYYY-MM-DD`, shape already checked) exists. */
function validDateAt(text: string): boolean {
  const digit = (i: number) => text.charCodeAt(i) - 48;
  const year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3);
  const month = digit(5) * 10 + digit(6);
  const day = digit(8) * 10 + digit(9);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return month >= 1 && month <= 12 && day >= 1 && day <= days;
}

/**
 * The formats checked: those whose meaning is unambiguous and which models commonly get wrong
 * (a date without its time zone, an e-mail without a domain). Anything else passes.
 */
const FORMAT_CHECKS: Readonly<Record<string, (text: string) => boolean>> = {
  "date-time": (t) => DATE_TIME.test(t) && validDateAt(t),
  date: (t) => DATE.test(t) && validDateAt(t),
  time: (t) => TIME.test(t),
  email: (t) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(t),
  uuid: (t) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(t),
  ipv4: (t) => /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(t),
  uri: (t) => /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/.test(t),
};

const FORMAT_HINTS: Readonly<Record<string, string>> = {
  "date-time": "RFC 3339, e.g. 2024-01-31T09:30:00Z",
  date: "YYYY-MM-DD",
  time: "HH:MM:SS with an optional zone",
  email: "name@example.com",
  uuid: "8-4-4-4-12 hex digits",
  ipv4: "four numbers 0-255 separated by dots",
  uri: "an absolute URI with a scheme, e.g. https://…",
};
//#endregion

//#region files/file-fields.ts
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

/** Each string found at `path` under `root`, with its JSON path (`$.images[1]`) and last key. */
interface FoundString {
  readonly at: string;
  readonly key: string;
  readonly value: string;
}

function stringsAt(root: unknown, path: FilePath, at = "$", key = ""): FoundString[] {
  if (path.length === 0) return typeof root === "string" ? [{ at, key, value: root }] : [];
  const [step, ...rest] = path;
  if (step === 0) return Array.isArray(root) ? root.flatMap((item, i) => stringsAt(item, rest, `${at}[${i}]`, key)) : [];
  if (!isRecord(root)) return [];
  if (step === 1) return Object.entries(root).flatMap(([k, v]) => stringsAt(v, rest, childPath(at, k), k));
  return Object.hasOwn(root, step!) ? stringsAt(root[step!], rest, childPath(at, step!), step!) : [];
}

/**
 * A copy of `root` with the value at each JSON path in `replacements` swapped, copying only the
 * objects and lists on the way there; everything else is shared with the original.
 */
function replaceAt(root: unknown, path: FilePath, replacements: ReadonlyMap<string, unknown>, at = "$"): unknown {
  if (path.length === 0) return replacements.has(at) ? replacements.get(at) : root;
  const [step, ...rest] = path;
  if (step === 0) return Array.isArray(root) ? root.map((item, i) => replaceAt(item, rest, replacements, `${at}[${i}]`)) : root;
  if (!isRecord(root)) return root;
  const keys = step === 1 ? Object.keys(root) : Object.hasOwn(root, step!) ? [step!] : [];
  if (keys.length === 0) return root;
  const copy: Record<string, unknown> = { ...root };
  for (const k of keys) {
    const value = replaceAt(root[k], rest, replacements, childPath(at, k));
    // Own, enumerable, even for `__proto__` (a name from the description like any other).
    Object.defineProperty(copy, k, { value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Blob);
}
//#endregion

//#region files/file-store.ts
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
  | "NOT_FOUND"
  /** The reference's remote form `file-<15 digits>`: kept by a file service this store cannot reach. */
  | "REMOTE_ID"
  /** Not a file id at all. */
  | "INVALID_ID";

/** Why a file id cannot be used; `message` is written so a model can act on it. */
export class FileStoreError extends Error {
  override readonly name = "FileStoreError";
  constructor(
    readonly code: FileStoreErrorCode,
    readonly id: string,
    message: string,
  ) {
    super(message);
  }
}

/** The standard errors, one wording for every store. */
function fileStoreError(code: FileStoreErrorCode, id: string): FileStoreError {
  const shown = JSON.stringify(id.length > 80 ? `${id.slice(0, 80)}…` : id);
  switch (code) {
    case "NOT_FOUND":
      return new FileStoreError(code, id, `names no stored file (${shown}): use an id exactly as an earlier tool result or the user gave it; files may also have been deleted or expired`);
    case "REMOTE_ID":
      return new FileStoreError(code, id, `is a remote file id (${shown}), which this application cannot fetch: pass a local file id (file-local-…) from an earlier tool result instead`);
    default:
      return new FileStoreError(code, id, `is not a file id (${shown}): pass the id of a stored file, file-local-<uuid>, as an earlier tool result gave it`);
  }
}
//#endregion

//#region files/files-options.ts
/**
 * How a toolkit handles files on the model path (`toolkit.call`), and what a model sees of one.
 * Typed generated functions are not affected: they keep taking and returning Blob and File.
 */

/** 20 MiB: more than the images, audio and documents tools exchange, well under maxResponseBytes (32 MiB). */
export const DEFAULT_MAX_FILE_BYTES = 20 * 1024 * 1024;

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
export const REFERENCE_FILE_PROMPT =
  "参考工具说明中对各个结果字段的描述，提取工具调用结果中的信息，生成一段通顺的文本满足用户的需求。请务必确保每个符合'file-'格式的字段只出现一次，无需将其转换为链接，也无需添加任何HTML、Markdown或其他格式化元素。";
//#endregion

//#region files/answer-files.ts
/**
 * A tool's answer -> what a model can read. A binary answer (a Blob, or a download the runtime
 * read as a File, see CallOptions.attachmentsAsFiles) is stored and replaced by a FileReference;
 * base64 fields the description marks with `x-ebagent-file-mime-type` are decoded, stored, and
 * replaced by their ids, as the reference does. A file over the size limit fails the call
 * rather than reach the model's context whole.
 */

/** The parts of a tool entry this needs (toolkit.ts's ToolEntry has them). */
interface AnsweringTool {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly files?: { readonly output?: readonly OutputFileField[] };
}

interface StoredAnswer {
  readonly result: unknown;
  /** At least one file was stored. */
  readonly stored: boolean;
}

async function storeAnswerFiles(tool: AnsweringTool, result: unknown, store: () => FileStore, maxBytes: number): Promise<StoredAnswer> {
  if (result instanceof Blob) {
    const name = result instanceof File && result.name !== "" ? result.name : undefined;
    if (result.size > maxBytes) throw tooLarge(tool, result.size, maxBytes, name);
    const mimeType = cleanMimeType(result.type);
    const info = await store().put(result, { filename: name ?? defaultFilename(lastSegment(tool.name), mimeType), mimeType });
    const reference: FileReference = { file: info.id, filename: info.filename, mimeType: info.mimeType, size: info.size };
    return { result: reference, stored: true };
  }
  const fields = tool.files?.output;
  if (fields === undefined || result === null || (typeof result !== "object" && typeof result !== "string")) return { result, stored: false };
  let out: unknown = result;
  let stored = false;
  for (const field of fields) {
    const replacements = new Map<string, unknown>();
    for (const found of stringsAt(out, field.path)) {
      if (found.value === "" || isLocalFileId(found.value) || isRemoteFileId(found.value)) continue;
      const content = decodeContent(found.value, field.mimeType);
      if (content === undefined) continue;
      if (content.bytes.byteLength > maxBytes) throw tooLarge(tool, content.bytes.byteLength, maxBytes, `${found.at} of the answer`);
      const info = await store().put(content.bytes, { filename: defaultFilename(found.key || lastSegment(tool.name), content.mimeType), mimeType: content.mimeType });
      replacements.set(found.at, info.id);
      stored = true;
    }
    if (replacements.size > 0) out = replaceAt(out, field.path, replacements);
  }
  return { result: out, stored };
}

/** Base64, or a `data:<type>;base64,` URL, whose type then wins over the declared one. */
function decodeContent(text: string, declared: string): { bytes: Uint8Array<ArrayBuffer>; mimeType: string } | undefined {
  const dataUrl = /^data:([^;,]*)((?:;[^;,]*)*);base64,/i.exec(text);
  const bytes = base64ToBytes(dataUrl ? text.slice(dataUrl[0].length) : text);
  if (bytes === undefined) return undefined;
  return { bytes, mimeType: cleanMimeType(dataUrl?.[1] || declared) };
}

function tooLarge(tool: AnsweringTool, size: number, maxBytes: number, what: string | undefined): ToolCallError {
  const named = what === undefined ? "" : ` (${what})`;
  return new ToolCallError(`answered a file of ${size} bytes${named}, more than the ${maxBytes}-byte limit for files (raise files.maxFileBytes to accept it)`, {
    tool: tool.name,
    code: "RESPONSE_TOO_LARGE",
    method: tool.method,
    url: tool.path,
  });
}

function lastSegment(name: string): string {
  return name.slice(name.lastIndexOf("/") + 1) || "file";
}
//#endregion

//#region validation/tool-input-error.ts
/**
 * A model's tool call that cannot be sent: unknown tool, arguments that are not JSON, or
 * arguments that do not match the tool's `parameters`. Thrown before any request, so nothing
 * reached the tool server. `message` is written to be handed back to the model as the tool's
 * result, so it can correct itself and call again; `problems` has the same content as data.
 */

export type ToolInputErrorCode =
  | "UNKNOWN_TOOL"
  | "INVALID_JSON"
  | "INVALID_ARGUMENTS"
  /** `toolkit.stream` named a tool whose answer is no stream. */
  | "NOT_STREAMING";

/** The brand of every copy of the runtime's ToolInputError (see ToolCallError's). */
const TOOL_INPUT_ERROR = Symbol.for("toolgen.ToolInputError");

export class ToolInputError extends Error {
  /** True for an error of any copy of the runtime (TOOL_INPUT_ERROR); a subclass checks its own prototype chain. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== ToolInputError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && (value as { [TOOL_INPUT_ERROR]?: unknown })[TOOL_INPUT_ERROR] === true;
  }

  override readonly name = "ToolInputError";
  /** The tool name as the model gave it. */
  readonly tool: string;
  readonly code: ToolInputErrorCode;
  /** Each problem with the JSON path of the offending value (`$` is the arguments object). */
  readonly problems: readonly ValidationProblem[];

  constructor(tool: string, code: ToolInputErrorCode, problems: readonly ValidationProblem[], message?: string) {
    super(message ?? ToolInputError.format(tool, problems));
    this.tool = tool;
    this.code = code;
    this.problems = problems;
    Object.defineProperty(this, TOOL_INPUT_ERROR, { value: true });
  }

  /** The retry message: one line per problem, then what to do. */
  static format(tool: string, problems: readonly ValidationProblem[]): string {
    const lines = problems.map((p) => `- ${p.path}: ${p.message}`);
    return `Invalid arguments for tool "${tool}":\n${lines.join("\n")}\nFix these and call "${tool}" again.`;
  }
}

/** A ToolInputError of any copy of the runtime. */
export function isToolInputError(error: unknown): error is ToolInputError {
  return error instanceof ToolInputError;
}
//#endregion

//#region files/input-files.ts
/**
 * A model's file ids -> the content a tool is sent. Runs after validation (so every id already
 * has the id's shape) and before any request: an id that names no file, a remote id, or a file
 * over the size limit is a ToolInputError with the argument's path, and nothing is sent.
 */

async function resolveInputFiles(
  tool: string,
  fields: readonly InputFileField[],
  args: Record<string, unknown>,
  store: () => FileStore,
  maxBytes: number,
): Promise<Record<string, unknown>> {
  const uses = fields.flatMap((field) => stringsAt(args, field.path).map((found) => ({ field, at: found.at, id: unwrapFileId(found.value) })));
  if (uses.length === 0) return args;
  const files = store();

  const problems: ValidationProblem[] = [];
  const infos = await Promise.all(uses.map((use) => settle(files.info(use.id))));
  uses.forEach((use, i) => {
    const outcome = infos[i]!;
    if ("error" in outcome) problems.push({ path: use.at, message: messageOf(outcome.error) });
    else if (outcome.value.size > maxBytes) {
      problems.push({ path: use.at, message: `is a file of ${outcome.value.size} bytes (${outcome.value.filename}), more than the ${maxBytes} bytes a tool may be sent; pass a smaller file` });
    }
  });
  if (problems.length > 0) throw new ToolInputError(tool, "INVALID_ARGUMENTS", problems);

  const contents = new Map<string, Promise<{ value: StoredFile } | { error: unknown }>>();
  for (const use of uses) if (!contents.has(use.id)) contents.set(use.id, settle(files.get(use.id)));
  let out: unknown = args;
  for (const field of fields) {
    const replacements = new Map<string, unknown>();
    for (const use of uses) {
      if (use.field !== field) continue;
      const outcome = await contents.get(use.id)!;
      // Deleted between the two reads: the same answer as if it had been missing from the start.
      if ("error" in outcome) problems.push({ path: use.at, message: messageOf(outcome.error) });
      else replacements.set(use.at, contentOf(outcome.value, field.send));
    }
    out = replaceAt(out, field.path, replacements);
  }
  if (problems.length > 0) throw new ToolInputError(tool, "INVALID_ARGUMENTS", problems);
  return out as Record<string, unknown>;
}

function contentOf(file: StoredFile, send: InputFileField["send"]): string | File {
  return send === "base64" ? bytesToBase64(file.bytes) : new File([file.bytes], file.filename, { type: file.mimeType });
}

function settle<T>(promise: Promise<T>): Promise<{ value: T } | { error: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

/** A store's own failure (a disk error) is the app's problem, not the model's: it is thrown as is. */
function messageOf(error: unknown): string {
  if (error instanceof FileStoreError) return error.message;
  throw error;
}
//#endregion

//#region files/memory-file-store.ts
/**
 * The default file store: files in this process's memory, gone when it exits. Bounded, because
 * a long-running agent keeps producing files: past `maxTotalBytes` the oldest files are dropped
 * (a later use of their id is then a clear "no stored file" error for the model). Web-standard
 * only (crypto.randomUUID, Blob), so it is part of the portable runtime.
 */

/** 256 MiB: a dozen files at the default per-file limit (20 MiB), far from hurting a server process. */
export const DEFAULT_MEMORY_STORE_BYTES = 256 * 1024 * 1024;

export interface MemoryFileStoreOptions {
  /** Bytes kept at most; the oldest files go first. Default 256 MiB. */
  readonly maxTotalBytes?: number;
}

export class MemoryFileStore implements FileStore {
  // A Map iterates in insertion order: the first entry is the oldest, the one evicted first.
  private readonly files = new Map<string, StoredFile>();
  private total = 0;
  private readonly maxTotalBytes: number;

  constructor(options: MemoryFileStoreOptions = {}) {
    this.maxTotalBytes = options.maxTotalBytes ?? DEFAULT_MEMORY_STORE_BYTES;
  }

  async put(content: Uint8Array | Blob, file: NewFile = {}): Promise<FileInfo> {
    // A copy: the caller may reuse its buffer, and a stored file must not change under its id.
    const bytes = content instanceof Blob ? new Uint8Array(await content.arrayBuffer()) : new Uint8Array(content);
    const id = newLocalFileId();
    const mimeType = cleanMimeType(file.mimeType ?? (content instanceof Blob ? content.type : undefined));
    const stored: StoredFile = { id, filename: cleanFilename(file.filename) ?? defaultFilename("file", mimeType), mimeType, size: bytes.byteLength, bytes };
    this.files.set(id, stored);
    this.total += stored.size;
    for (const [oldId, old] of this.files) {
      if (this.total <= this.maxTotalBytes || oldId === id) break;
      this.files.delete(oldId);
      this.total -= old.size;
    }
    return infoOf(stored);
  }

  async get(id: string): Promise<StoredFile> {
    return this.find(id);
  }

  async info(id: string): Promise<FileInfo> {
    return infoOf(this.find(id));
  }

  async delete(id: string): Promise<boolean> {
    const stored = this.files.get(id);
    if (stored === undefined) return false;
    this.files.delete(id);
    this.total -= stored.size;
    return true;
  }

  async list(): Promise<FileInfo[]> {
    return [...this.files.values()].map(infoOf);
  }

  private find(id: string): StoredFile {
    const stored = this.files.get(id);
    if (stored !== undefined) return stored;
    throw fileStoreError(isLocalFileId(id) ? "NOT_FOUND" : isRemoteFileId(id) ? "REMOTE_ID" : "INVALID_ID", id);
  }
}

function infoOf(file: FileInfo): FileInfo {
  return { id: file.id, filename: file.filename, mimeType: file.mimeType, size: file.size };
}
//#endregion

//#region files/model-files.ts
/**
 * The file handling of one toolkit's model path: ids in arguments -> content, binary answers and
 * marked base64 fields -> stored files. An app that never meets a file pays for none of it: the
 * store is created on first use, and a tool whose descriptor has no `files` is only asked for
 * them, never walked.
 */

interface FileTool extends AnsweringTool {
  readonly files?: ToolFileFields;
  readonly prompt?: string;
}

class ModelFiles {
  private created: FileStore | undefined;
  readonly maxFileBytes: number;

  constructor(private readonly options: FilesOptions = {}) {
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  }

  get store(): FileStore {
    return (this.created ??= this.options.store ?? new MemoryFileStore());
  }

  /** The arguments to send: file ids swapped for content. Throws ToolInputError naming the argument. */
  arguments(name: string, tool: FileTool, input: Record<string, unknown>): Record<string, unknown> | Promise<Record<string, unknown>> {
    const fields = tool.files?.input;
    return fields === undefined ? input : resolveInputFiles(name, fields, input, () => this.store, this.maxFileBytes);
  }

  /** Call options that make the runtime keep a download's name and bytes (see CallOptions.attachmentsAsFiles). */
  callOptions<T extends CallOptions<object>>(options: T | undefined): T {
    return { ...options, attachmentsAsFiles: true } as T;
  }

  /** The answer as a model may see it; the configured `prompt` is added only where the tool has none. */
  answer(tool: FileTool, result: unknown): unknown {
    // Synchronous when there can be no file: most calls of most tools.
    if (!(result instanceof Blob) && tool.files?.output === undefined) return result;
    return this.stored(tool, result);
  }

  private async stored(tool: FileTool, result: unknown): Promise<unknown> {
    const { result: out, stored } = await storeAnswerFiles(tool, result, () => this.store, this.maxFileBytes);
    const prompt = this.options.prompt;
    if (!stored || prompt === undefined || tool.prompt !== undefined || typeof out !== "object" || out === null || Array.isArray(out) || Object.hasOwn(out, "prompt")) return out;
    return { ...out, prompt };
  }
}

/** `withFiles` takes a store or the whole options; a store is anything with `put` and `get`. */
function filesOptionsOf(files: FileStore | FilesOptions): FilesOptions {
  const maybe = files as Partial<FileStore>;
  return typeof maybe.put === "function" && typeof maybe.get === "function" ? { store: files as FileStore } : (files as FilesOptions);
}
//#endregion

//#region toolkit.ts
/**
 * The `toolkit` a generated module exports (and `loadToolkit` builds at run time): one entry per
 * operation with everything a language model needs (names, description, `parameters` and
 * `responses` JSON Schemas, few-shot examples), and `call(name, args)` to run the one a model
 * chose. Built from plain data computed at build time; nothing is parsed or compiled here.
 */

// Generated functions are (input, options) or, with no input, (options). Both are stored as this;
// an operation that also streams carries its streaming form as `.stream`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyOperation = ((...args: any[]) => Promise<unknown>) & { stream?: (...args: any[]) => Promise<ToolStream<unknown>>; paged?: PageCall };

/** One message of a few-shot conversation (examples.yaml `context`, in provider-neutral form). */
export type ExampleMessage =
  | { readonly role: "user"; readonly content: string }
  | {
      readonly role: "assistant";
      /** The reasoning the example gives for the turn (examples.yaml `thoughts`). */
      readonly thoughts?: string;
      /** The tool call of the turn, by canonical tool name; absent when the turn calls no tool. */
      readonly call?: { readonly name: string; readonly arguments: Readonly<Record<string, unknown>> };
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
  call(name: string | undefined, args?: unknown, options?: CallOptions<Auth> & CollectLimits & { validate?: boolean }): Promise<unknown>;
  /**
   * Calls a tool whose answer is a stream (`stream` in its descriptor) and resolves, once the
   * answer's headers arrive, to its items, checked and sent as `call` does. A tool that does not
   * stream throws ToolInputError (`NOT_STREAMING`) before any request.
   */
  stream(name: string | undefined, args?: unknown, options?: StreamOptions<Auth> & { validate?: boolean }): Promise<ToolStream<unknown>>;
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
export function bindCallOptions<T extends Record<string, AnyOperation>>(
  functions: T,
  inputless: ReadonlySet<string>,
  bound: CallOptions<object>,
): T {
  const merge = (options?: CallOptions<object>): CallOptions<object> => withBoundOptions(bound, options);
  const client: Record<string, AnyOperation> = {};
  const bind = (fn: (...args: unknown[]) => Promise<unknown>, name: string): AnyOperation =>
    inputless.has(name) ? (options?: CallOptions<object>) => fn(merge(options)) : (input?: unknown, options?: CallOptions<object>) => fn(input, merge(options));
  for (const [name, fn] of Object.entries(functions)) {
    const method: AnyOperation = bind(fn, name);
    if (fn.stream) method.stream = bind(fn.stream, name) as (...args: unknown[]) => Promise<ToolStream<unknown>>;
    // paginate calls with the bound options too (beneath its own).
    if (fn.paged) method.paged = { ...fn.paged, options: fn.paged.options ? withBoundOptions(fn.paged.options, bound) : bound };
    setOwn(client, name, method);
  }
  return client as T;
}
//#endregion

//#region typed-toolkit.ts
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

// Read by `infer` rather than by constraining `Tools`: a constraint would make tsc relate every
// member of a several-thousand-member ToolTypes to it where the toolkit is declared; `infer` looks
// at the one member a call picks.
type ArgsOf<T> = T extends { readonly args: infer A } ? A : unknown;
type ResultOf<T> = T extends { readonly result: infer R } ? R : unknown;
type ItemOf<T> = T extends { readonly item: infer I } ? I : never;

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
export type ToolStreamRest<T, Auth extends object> = T extends { readonly item: unknown }
  ? [...ToolArgsRest<T>, options?: StreamOptions<Auth> | undefined]
  : [notStreaming: never, ...rest: unknown[]];

/**
 * A name only known at run time: `string` (or `string | undefined`, as Gemini's SDK types a
 * model's call) passes, a literal gives `never`. So a literal that is no tool's name fails to
 * compile instead of falling through to the untyped overload.
 */
export type RuntimeName<N extends string | undefined> = string extends N ? N : never;

/** `Toolkit` with `call` and `check` typed by tool name (see the file comment). */
export interface TypedToolkit<Auth extends object, Tools = UntypedTools> extends Toolkit<Auth> {
  // The run-time name's overload comes first: tried second, a `string` name would first be
  // inferred as every key of `Tools`, and relating the arguments to that resolves every tool's
  // input (about 23,000 instantiations on GitHub's description). A literal fails it at once.
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
//#endregion

//#region validation/arguments.ts
/**
 * From what a model returned to arguments that may be sent: parse (object or JSON text), drop
 * the `null`s a model writes for optional fields it means to leave out, validate against the
 * tool's `parameters`. Any failure is a ToolInputError; nothing here performs I/O.
 */

/** The arguments object: `undefined`, `null` and blank text mean "no arguments". */
export function parseArguments(tool: string, args: unknown): Record<string, unknown> {
  let value = args;
  if (typeof value === "string") {
    if (!/\S/.test(value)) return {};
    try {
      value = JSON.parse(value);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ToolInputError(tool, "INVALID_JSON", [{ path: "$", message: `is not valid JSON (${reason}); send one JSON object with the arguments by name` }]);
    }
  }
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new ToolInputError(tool, "INVALID_ARGUMENTS", [{ path: "$", message: `must be an object with the arguments by name, got ${describe(value)}` }]);
  }
  return value as Record<string, unknown>;
}

/**
 * Removes `null` from properties that are optional and do not admit `null`. Models write them
 * for fields they leave out (OpenAI strict mode even requires every field, so optional ones
 * become nullable in what the model sees; see adapters/openai.ts). `null` is never a valid value
 * there, so leaving the field out is the only reading that can be meant. Nested objects too.
 * (Implemented beside the validator, on the same cached schema nodes.)
 */

/** Parses, cleans and validates; returns the arguments to send or throws ToolInputError. */
export function checkArguments(tool: string, parameters: JsonSchema, args: unknown): Record<string, unknown> {
  const parsed = dropOptionalNulls(parameters, parseArguments(tool, args)) as Record<string, unknown>;
  const problems = validateValue(parameters, parsed);
  if (problems.length > 0) throw new ToolInputError(tool, "INVALID_ARGUMENTS", problems);
  return parsed;
}
//#endregion

//#region create-toolkit.ts
/**
 * `createToolkit(init)`: the toolkit a generated module exports and `loadToolkit` builds, from
 * plain data (toolkit.ts has its shape). Apart from toolkit.ts so that the typed form it returns
 * (typed-toolkit.ts, which extends that shape) and the shape do not import each other.
 */

/**
 * `Tools`: the generated module's `ToolTypes` (typed-toolkit.ts), inferred from the declared type
 * of its `toolkit` constant; without it every name takes any arguments, as `Toolkit` says.
 */
export function createToolkit<Auth extends object = AuthValues, Tools = UntypedTools>(init: ToolkitInit): TypedToolkit<Auth, Tools> {
  const byName = new Map<string, ToolEntry>();
  // Canonical and wire names first, so a function name can never shadow either.
  for (const entry of init.tools) byName.set(entry.name, entry);
  for (const entry of init.tools) if (!byName.has(entry.wireName)) byName.set(entry.wireName, entry);
  for (const entry of init.tools) if (!byName.has(entry.functionName)) byName.set(entry.functionName, entry);

  const find = (name: string | undefined): ToolEntry => {
    const entry = typeof name === "string" ? byName.get(name) : undefined;
    if (entry) return entry;
    throw unknownTool(String(name), init.tools);
  };
  const check = (name: string | undefined, args?: unknown): Record<string, unknown> => {
    const entry = find(name);
    // find has thrown unless `name` is a string; errors name the tool as the model did.
    const input = checkArguments(name ?? entry.name, entry.parameters, args);
    return entry.fixed ? { ...input, ...entry.fixed } : input;
  };
  const files = new ModelFiles(init.files && filesOptionsOf(init.files));

  const toolkit: Toolkit<Auth> = {
    title: init.title,
    version: init.version,
    tools: init.tools,
    ...(init.securitySchemes ? { securitySchemes: init.securitySchemes } : {}),
    examples: init.examples ?? [],
    tool: (name) => byName.get(name),
    check,
    async call(name, args, options) {
      const entry = find(name);
      const input = await files.arguments(name ?? entry.name, entry, check(name, args));
      const callOptions = files.callOptions(entry.stream === "only" ? withItemCheck(entry, options) : options);
      const result = entry.inputless ? await entry.run(callOptions) : await entry.run(input, callOptions);
      if (entry.stream === "only") return collectItems(result as ToolStream<unknown>, entry, options);
      return withPrompt(await files.answer(entry, result), entry.prompt);
    },
    async stream(name, args, options) {
      const entry = find(name);
      const run = entry.stream === "only" ? entry.run : entry.stream === "also" ? entry.run.stream : undefined;
      if (!run) throw notStreaming(name ?? entry.name, init.tools);
      const input = await files.arguments(name ?? entry.name, entry, check(name, args));
      const streamOptions = withItemCheck(entry, options);
      return (entry.inputless ? await run(streamOptions) : await run(input, streamOptions)) as ToolStream<unknown>;
    },
    get files() {
      return files.store;
    },
    withFiles: (store) => createToolkit<Auth, Tools>({ ...init, files: store }),
  };
  // The typed overloads describe what this one implementation does for each tool's name: the
  // name picks the entry whose generated function (and so whose types) the call runs.
  return toolkit as TypedToolkit<Auth, Tools>;
}

/**
 * The model named a tool that does not exist. The list uses the naming style the model used
 * (wire names when it sent a wire name), so its retry can pick one verbatim.
 */
function unknownTool(name: string, tools: readonly ToolEntry[]): ToolInputError {
  const wire = !name.includes("/") && tools.some((t) => t.wireName !== t.name);
  const known = tools.map((t) => (wire ? t.wireName : t.name));
  const message = `Unknown tool "${name}". Known tools: ${known.join(", ")}.`;
  return new ToolInputError(name, "UNKNOWN_TOOL", [{ path: "$", message: `names no tool; known tools: ${known.join(", ")}` }], message);
}

/**
 * `validate: true`: each streamed item is checked against the tool's item schema before it is
 * handed out (or collected), failing the stream with `INVALID_RESPONSE` at the first mismatch.
 */
function withItemCheck<O extends { validate?: boolean } | undefined>(entry: ToolEntry, options: O): O {
  if (!options?.validate) return options;
  const schema = entry.stream === "only" ? (entry.responses as { items?: JsonSchema } | undefined)?.items : entry.streamItems;
  if (schema === undefined) return options;
  const validateItem = (item: unknown) => {
    const problems = validateValue(schema, item);
    return problems.length === 0 ? undefined : problems.map((p) => `${p.path}: ${p.message}`).join("; ");
  };
  return { ...options, validateItem };
}

/** `toolkit.stream` of a tool whose answer is no stream; the message lists the ones that stream. */
function notStreaming(name: string, tools: readonly ToolEntry[]): ToolInputError {
  const streaming = tools.filter((t) => t.stream !== undefined).map((t) => t.name);
  const known = streaming.length > 0 ? `tools that stream: ${streaming.join(", ")}` : "no tool of this toolkit streams";
  return new ToolInputError(name, "NOT_STREAMING", [{ path: "$", message: `does not answer with a stream; ${known}` }], `Tool "${name}" does not answer with a stream; ${known}.`);
}

/** `x-ebagent-prompt` as the reference applies it, except that a server's own `prompt` wins. */
function withPrompt(result: unknown, prompt: string | undefined): unknown {
  if (prompt === undefined || typeof result !== "object" || result === null || Array.isArray(result)) return result;
  if (Object.hasOwn(result, "prompt")) return result;
  return { ...result, prompt };
}
//#endregion

//#region adapters/common.ts
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

function selectTools(source: ToolSource, options: AdapterOptions): readonly ToolDescriptor[] {
  return options.only ? source.tools.filter(options.only) : source.tools;
}

/** Collects warnings; `flush()` reports them as the caller asked. */
class Warnings {
  private readonly messages: string[] = [];
  constructor(
    private readonly adapter: string,
    private readonly onWarning: ((message: string) => void) | undefined,
  ) {}

  add(message: string): void {
    if (this.onWarning) this.onWarning(`${this.adapter}: ${message}`);
    else this.messages.push(message);
  }

  flush(): void {
    if (this.messages.length === 0) return;
    const shown = this.messages.slice(0, 5).map((m) => `  - ${m}`);
    const more = this.messages.length > shown.length ? `\n  … and ${this.messages.length - shown.length} more (pass onWarning to see each)` : "";
    console.warn(`toolgen ${this.adapter}: ${this.messages.length} warning${this.messages.length === 1 ? "" : "s"}:\n${shown.join("\n")}${more}`);
  }
}

/** Cuts text to `max` characters (code points), at a word boundary when one is near. */
function truncate(text: string, max: number | undefined): string {
  if (max === undefined || max <= 0) return text;
  const chars = [...text];
  if (chars.length <= max) return text;
  let cut = chars.slice(0, max - 1).join("");
  const space = cut.search(/\s\S*$/);
  if (space > cut.length * 0.8) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}

/** One example call of a tool: what the user said just before, and the arguments. */
interface ExampleCall {
  readonly user?: string;
  readonly thoughts?: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

/** Every call of `tool` in its example conversations, in order. */
function exampleCalls(tool: ToolDescriptor): ExampleCall[] {
  const calls: ExampleCall[] = [];
  for (const example of tool.examples) calls.push(...callsIn(example, tool.name));
  return calls;
}

function callsIn(example: ToolExample, name: string): ExampleCall[] {
  const calls: ExampleCall[] = [];
  let user: string | undefined;
  for (const message of example.messages) {
    if (message.role === "user") user = message.content;
    else if (message.call?.name === name) {
      calls.push({
        ...(user !== undefined ? { user } : {}),
        ...(message.thoughts !== undefined ? { thoughts: message.thoughts } : {}),
        arguments: message.call.arguments,
      });
    }
  }
  return calls;
}

/**
 * The description with example calls appended ("Examples:" then `user text -> name({...})`), for
 * providers without an examples field, as the AI SDK's addToolInputExamplesMiddleware does. Only
 * whole examples that fit in `max` are added; the description itself is cut first if needed.
 */
function describeWithExamples(tool: ToolDescriptor, callName: string, max: number | undefined, withExamples: boolean): string {
  let text = truncate(tool.description, max);
  if (!withExamples) return text;
  const calls = exampleCalls(tool);
  if (calls.length === 0) return text;
  let block = "\n\nExamples:";
  let added = 0;
  for (const call of calls) {
    const line = `\n- ${call.user !== undefined ? `${JSON.stringify(call.user)} -> ` : ""}${callName}(${JSON.stringify(call.arguments)})`;
    if (max !== undefined && [...text].length + [...block].length + [...line].length > max) break;
    block += line;
    added++;
  }
  if (added > 0) text += block;
  return text;
}

/** A descriptor schema in the loose shape provider SDKs declare (`{ [key: string]: unknown }`). */
function schemaRecord(schema: JsonSchema): Record<string, unknown> {
  return schema as unknown as Record<string, unknown>;
}
//#endregion

//#region adapters/openai-strict.ts
/**
 * OpenAI strict mode (Structured Outputs for function calling): the model's arguments are then
 * guaranteed to match the schema, but only a subset of JSON Schema is accepted (research §1.2):
 * every object closed (`additionalProperties: false`) with every property in `required`, optional
 * fields written as nullable, `anyOf` but no `oneOf`/`allOf`/`not`, arrays with `items`, at most
 * 10 levels of nesting and 5,000 properties, and only some constraint keywords.
 *
 * `toStrictSchema` rewrites a descriptor schema into that subset or says why it cannot:
 * - optional property -> required and nullable (the `null`s a model then writes are removed again
 *   by toolkit.call before validation: dropOptionalNulls);
 * - `oneOf` -> `anyOf`;
 * - constraint keywords strict mode lacks (minLength, maxLength, uniqueItems, default, formats
 *   outside its list, …) move into the description as `{key: value}` text, the way the Anthropic
 *   SDK does it, so the model still reads them and toolkit.call still enforces them;
 * - open objects (maps, free-form `object`), schemas accepting any value, `not`, an `allOf` that
 *   could not be merged, tuples: not expressible, so the caller falls back to `strict: false`.
 */

type Draft = { -readonly [K in keyof JsonSchema]: JsonSchema[K] };

const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5000;
const MAX_ENUM_VALUES = 1000;
const STRICT_FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);
/** Kept as keywords in strict mode. */
const SUPPORTED = new Set([
  "type",
  "description",
  "enum",
  "const",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "anyOf",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
]);

export type StrictResult = { readonly ok: true; readonly schema: JsonSchema } | { readonly ok: false; readonly reason: string };

export function toStrictSchema(schema: JsonSchema): StrictResult {
  const counts = { properties: 0, enumValues: 0 };
  try {
    return { ok: true, schema: strict(schema, "$", 1, counts) };
  } catch (error) {
    if (error instanceof NotStrictExpressible) return { ok: false, reason: error.message };
    throw error;
  }
}

class NotStrictExpressible extends Error {}

function strict(schema: JsonSchema, path: string, depth: number, counts: { properties: number; enumValues: number }): Draft {
  if (depth > MAX_DEPTH) throw new NotStrictExpressible(`${path}: nested deeper than ${MAX_DEPTH} levels`);
  if (schema.not !== undefined) throw new NotStrictExpressible(`${path}: uses "not"`);
  if (schema.allOf !== undefined) throw new NotStrictExpressible(`${path}: uses "allOf"`);
  if (schema.prefixItems !== undefined) throw new NotStrictExpressible(`${path}: is a tuple (prefixItems)`);

  const out: Draft = {};
  const notes: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (value === undefined) continue;
    if (key === "format" && typeof value === "string" && !STRICT_FORMATS.has(value)) notes.push(`format: ${value}`);
    else if (key === "deprecated") notes.push("deprecated");
    else if (!SUPPORTED.has(key) && key !== "oneOf") notes.push(`${key}: ${JSON.stringify(value)}`);
  }

  if (schema.type !== undefined) out.type = schema.type;
  if (schema.description !== undefined || notes.length > 0) {
    out.description = [schema.description, notes.length ? `{${notes.join(", ")}}` : undefined].filter(Boolean).join(" ");
  }
  if (schema.enum !== undefined) {
    counts.enumValues += schema.enum.length;
    if (counts.enumValues > MAX_ENUM_VALUES) throw new NotStrictExpressible(`${path}: more than ${MAX_ENUM_VALUES} enum values in all`);
    out.enum = schema.enum;
  }
  if (Object.hasOwn(schema, "const")) out.const = schema.const;
  if (schema.format !== undefined && STRICT_FORMATS.has(schema.format)) out.format = schema.format;
  for (const key of ["pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems"] as const) {
    if (schema[key] !== undefined) (out as Record<string, unknown>)[key] = schema[key];
  }

  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined) {
    out.anyOf = alternatives.map((a, i) => strict(a, `${path}.anyOf[${i}]`, depth, counts));
  }

  const types = schema.type === undefined ? [] : typeof schema.type === "string" ? [schema.type] : schema.type;
  const isObject = types.includes("object") || schema.properties !== undefined;
  const isArray = types.includes("array") || schema.items !== undefined;

  if (isObject) {
    if (schema.properties === undefined || (schema.additionalProperties !== undefined && schema.additionalProperties !== false)) {
      throw new NotStrictExpressible(`${path}: is an open object (its keys are not all declared)`);
    }
    const required = new Set(schema.required ?? []);
    const properties: Record<string, JsonSchema> = {};
    for (const [name, property] of Object.entries(schema.properties)) {
      counts.properties++;
      if (counts.properties > MAX_PROPERTIES) throw new NotStrictExpressible(`more than ${MAX_PROPERTIES} properties in all`);
      const converted = strict(property, childPath(path, name), depth + 1, counts);
      setOwn(properties, name, required.has(name) ? converted : nullable(converted));
    }
    out.properties = properties;
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  }
  if (isArray) {
    if (schema.items === undefined) throw new NotStrictExpressible(`${path}: is an array without an item schema`);
    out.items = strict(schema.items, `${path}[]`, depth + 1, counts);
  }
  if (schema.type === undefined && out.anyOf === undefined && out.enum === undefined && !Object.hasOwn(out, "const") && !isObject && !isArray) {
    throw new NotStrictExpressible(`${path}: accepts any value`);
  }
  return out;
}

/** An optional property as strict mode wants it: required, and `null` meaning "left out". */
function nullable(schema: Draft): Draft {
  if (schema.type !== undefined) {
    const types = typeof schema.type === "string" ? [schema.type] : [...schema.type];
    if (types.includes("null")) return schema;
    const out: Draft = { ...schema, type: [...types, "null"] };
    if (out.enum !== undefined && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  if (schema.anyOf !== undefined) {
    return schema.anyOf.some((a) => a.type === "null") ? schema : { ...schema, anyOf: [...schema.anyOf, { type: "null" }] };
  }
  if (schema.enum !== undefined) return schema.enum.includes(null) ? schema : { ...schema, enum: [...schema.enum, null] };
  const { description, ...rest } = schema;
  return { ...(description !== undefined ? { description } : {}), anyOf: [rest, { type: "null" }] };
}
//#endregion

//#region adapters/openai.ts
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

export const OPENAI_DESCRIPTION_LIMIT = 1024;
export const OPENAI_TOOL_LIMIT = 128;

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

export function toOpenAITools(source: ToolSource, options?: OpenAIToolsOptions & { readonly api?: "chat" }): OpenAIChatTool[];
export function toOpenAITools(source: ToolSource, options: OpenAIToolsOptions & { readonly api: "responses" }): OpenAIResponsesTool[];
export function toOpenAITools(source: ToolSource, options: OpenAIToolsOptions = {}): OpenAIChatTool[] | OpenAIResponsesTool[] {
  const warnings = new Warnings("toOpenAITools", options.onWarning);
  const tools = selectTools(source, options);
  if (tools.length > OPENAI_TOOL_LIMIT) {
    warnings.add(`${tools.length} tools; OpenAI accepts at most ${OPENAI_TOOL_LIMIT} per request (select some with \`only\`)`);
  }
  const max = options.maxDescription ?? OPENAI_DESCRIPTION_LIMIT;
  const converted = tools.map((tool) => {
    let parameters: Record<string, unknown> = schemaRecord(tool.parameters);
    let strict = false;
    if (options.strict !== false) {
      const result = toStrictSchema(tool.parameters);
      if (result.ok) {
        parameters = schemaRecord(result.schema);
        strict = true;
      } else {
        warnings.add(`"${tool.wireName}" is sent with strict: false; its schema cannot be expressed in strict mode (${result.reason})`);
      }
    }
    const description = describeWithExamples(tool, tool.wireName, max, options.examples !== false);
    return { name: tool.wireName, description, parameters, strict };
  });
  warnings.flush();
  if (options.api === "responses") return converted.map((f): OpenAIResponsesTool => ({ type: "function", ...f }));
  return converted.map((f): OpenAIChatTool => ({ type: "function", function: f }));
}
//#endregion

//#region adapters/anthropic.ts
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
  input_schema: { type: "object"; properties?: unknown; required?: string[]; [key: string]: unknown };
  input_examples?: Array<Record<string, unknown>>;
  strict?: boolean;
}

export function toAnthropicTools(source: ToolSource, options: AnthropicToolsOptions = {}): AnthropicTool[] {
  const warnings = new Warnings("toAnthropicTools", options.onWarning);
  const where = options.examples ?? "description";
  const result = selectTools(source, options).map((tool): AnthropicTool => {
    let schema: JsonSchema = tool.parameters;
    let strict = false;
    if (options.strict === true) {
      try {
        schema = anthropicStrict(tool.parameters, "$");
        strict = true;
      } catch (error) {
        if (!(error instanceof NotAnthropicExpressible)) throw error;
        warnings.add(`"${tool.wireName}" is sent without strict; ${error.message}`);
      }
    }
    const description =
      where === "description" ? describeWithExamples(tool, tool.wireName, options.maxDescription, true) : truncate(tool.description, options.maxDescription);
    const out: AnthropicTool = { name: tool.wireName, description, input_schema: schema as AnthropicTool["input_schema"] };
    if (where === "input_examples") {
      const inputs = exampleCalls(tool).map((call) => ({ ...call.arguments }));
      if (inputs.length > 0) out.input_examples = inputs;
    }
    if (strict) out.strict = true;
    return out;
  });
  warnings.flush();
  return result;
}

class NotAnthropicExpressible extends Error {}

const KEPT = new Set(["type", "description", "enum", "const", "properties", "required", "additionalProperties", "items", "anyOf", "allOf", "format"]);
const ANTHROPIC_FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"]);

/** The subset `@anthropic-ai/sdk`'s transform-json-schema produces, written against our dialect. */
function anthropicStrict(schema: JsonSchema, path: string): JsonSchema {
  if (schema.not !== undefined || schema.prefixItems !== undefined) throw new NotAnthropicExpressible(`${path} uses ${schema.not ? "not" : "prefixItems"}`);
  const out: Record<string, unknown> = {};
  const notes: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (value === undefined) continue;
    if (key === "format" && !ANTHROPIC_FORMATS.has(String(value))) notes.push(`format: ${String(value)}`);
    else if (key === "minItems" && (value === 0 || value === 1)) out.minItems = value;
    else if (!KEPT.has(key) && key !== "oneOf") notes.push(`${key}: ${JSON.stringify(value)}`);
    else if (KEPT.has(key) && !["properties", "items", "anyOf", "allOf", "additionalProperties", "description"].includes(key)) out[key] = value;
  }
  if (schema.enum?.some((v) => typeof v === "object" && v !== null)) throw new NotAnthropicExpressible(`${path} has a non-primitive enum value`);
  const description = [schema.description, notes.length ? `{${notes.join(", ")}}` : undefined].filter(Boolean).join(" ");
  if (description) out.description = description;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) out.anyOf = alternatives.map((a, i) => anthropicStrict(a, `${path}.anyOf[${i}]`));
  if (schema.allOf) out.allOf = schema.allOf.map((a, i) => anthropicStrict(a, `${path}.allOf[${i}]`));
  if (schema.items) out.items = anthropicStrict(schema.items, `${path}[]`);
  const types = schema.type === undefined ? [] : typeof schema.type === "string" ? [schema.type] : schema.type;
  if (types.includes("object") || schema.properties !== undefined) {
    if (schema.properties === undefined || (schema.additionalProperties !== undefined && schema.additionalProperties !== false)) {
      throw new NotAnthropicExpressible(`${path} is an open object`);
    }
    const properties: Record<string, JsonSchema> = {};
    for (const [name, property] of Object.entries(schema.properties)) setOwn(properties, name, anthropicStrict(property, `${path}.${name}`));
    out.properties = properties;
    out.additionalProperties = false;
  }
  return out as JsonSchema;
}
//#endregion

//#region adapters/gemini.ts
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

export function toGeminiTools(source: ToolSource, options?: GeminiToolsOptions & { readonly schema?: "json" }): GeminiTool[];
export function toGeminiTools<T = GeminiTypeName>(
  source: ToolSource,
  options: GeminiToolsOptions<T> & { readonly schema: "openapi" },
): GeminiTool<GeminiOpenApiFunctionDeclaration<T>>[];
export function toGeminiTools(source: ToolSource, options: GeminiToolsOptions<unknown> = {}): GeminiTool<GeminiFunctionDeclaration | GeminiOpenApiFunctionDeclaration<unknown>>[] {
  const warnings = new Warnings("toGeminiTools", options.onWarning);
  const openapi = options.schema === "openapi";
  const declarations = selectTools(source, options).map((tool) => {
    const out: GeminiFunctionDeclaration & GeminiOpenApiFunctionDeclaration<unknown> = {
      name: tool.wireName,
      description: describeWithExamples(tool, tool.wireName, options.maxDescription, options.examples !== false),
    };
    if (Object.keys(tool.parameters.properties).length > 0) {
      if (openapi) out.parameters = toGeminiSchema(tool.parameters, options.types);
      else out.parametersJsonSchema = tool.parameters;
    }
    if (options.responses !== false && tool.responses !== undefined) {
      if (openapi) out.response = toGeminiSchema(tool.responses, options.types);
      else out.responseJsonSchema = tool.responses;
    }
    return out;
  });
  warnings.flush();
  return [{ functionDeclarations: declarations }];
}

const UPPER = { string: "STRING", number: "NUMBER", integer: "INTEGER", boolean: "BOOLEAN", array: "ARRAY", object: "OBJECT", null: "NULL" } as const;
const TYPE_NAMES: Readonly<Record<GeminiTypeName, GeminiTypeName>> = { STRING: "STRING", NUMBER: "NUMBER", INTEGER: "INTEGER", BOOLEAN: "BOOLEAN", ARRAY: "ARRAY", OBJECT: "OBJECT", NULL: "NULL" };

/** Our dialect -> Gemini's OpenAPI subset. Lossy only towards the description. */
export function toGeminiSchema<T = GeminiTypeName>(schema: JsonSchema, typeValues?: Readonly<Record<GeminiTypeName, T>>): GeminiSchema<T> {
  // Without values given, T is its default, GeminiTypeName, and the names are the values.
  const typeOf = typeValues ?? (TYPE_NAMES as Readonly<Record<GeminiTypeName, T>>);
  const convert = (part: JsonSchema) => toGeminiSchema(part, typeOf);
  const out: GeminiSchema<T> = {};
  const notes: string[] = [];
  const types = schema.type === undefined ? [] : typeof schema.type === "string" ? [schema.type] : [...schema.type];
  const nonNull = types.filter((t) => t !== "null");
  const nullable = types.includes("null") || schema.enum?.includes(null) === true;
  let alternatives = schema.anyOf ?? schema.oneOf;
  if (nonNull.length === 1) out.type = typeOf[UPPER[nonNull[0]!]];
  else if (nonNull.length > 1) alternatives = nonNull.map((t) => ({ type: t }));
  if (nullable) out.nullable = true;
  if (schema.format !== undefined) out.format = schema.format;
  if (schema.enum !== undefined) {
    const values = schema.enum.filter((v) => v !== null);
    if (values.every((v) => typeof v === "string")) {
      out.enum = values as string[];
      out.type ??= typeOf.STRING;
    } else notes.push(`one of ${values.map((v) => JSON.stringify(v)).join(", ")}`);
  }
  if (Object.hasOwn(schema, "const")) {
    if (typeof schema.const === "string") {
      out.enum = [schema.const];
      out.type ??= typeOf.STRING;
    } else notes.push(`always ${JSON.stringify(schema.const)}`);
  }
  if (schema.default !== undefined) out.default = schema.default;
  if (schema.pattern !== undefined) out.pattern = schema.pattern;
  if (schema.minimum !== undefined) out.minimum = schema.minimum;
  if (schema.maximum !== undefined) out.maximum = schema.maximum;
  if (schema.exclusiveMinimum !== undefined) notes.push(`greater than ${schema.exclusiveMinimum}`);
  if (schema.exclusiveMaximum !== undefined) notes.push(`less than ${schema.exclusiveMaximum}`);
  // The proto declares these int64, which JSON carries as strings.
  if (schema.minLength !== undefined) out.minLength = String(schema.minLength);
  if (schema.maxLength !== undefined) out.maxLength = String(schema.maxLength);
  if (schema.minItems !== undefined) out.minItems = String(schema.minItems);
  if (schema.maxItems !== undefined) out.maxItems = String(schema.maxItems);
  if (schema.multipleOf !== undefined) notes.push(`a multiple of ${schema.multipleOf}`);
  if (schema.uniqueItems) notes.push("no repeated items");
  if (schema.properties !== undefined) {
    const properties: Record<string, GeminiSchema<T>> = {};
    for (const [name, property] of Object.entries(schema.properties)) setOwn(properties, name, convert(property));
    out.properties = properties;
    out.type ??= typeOf.OBJECT;
    if (schema.required?.length) out.required = [...schema.required];
  } else if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
    out.type ??= typeOf.OBJECT;
    notes.push("an object with any keys");
  }
  if (schema.items !== undefined) out.items = convert(schema.items);
  if (alternatives !== undefined) out.anyOf = alternatives.map(convert);
  if (schema.allOf !== undefined) {
    // Gemini has no allOf: the parts' properties are offered together.
    const merged = schema.allOf.map(convert);
    for (const part of merged) {
      if (part.properties) out.properties = { ...out.properties, ...part.properties };
      if (part.required) out.required = [...new Set([...(out.required ?? []), ...part.required])];
      if (out.type === undefined && part.type !== undefined) out.type = part.type;
    }
  }
  if (schema.not !== undefined) notes.push("with exclusions the server checks");
  const description = [schema.description, notes.length ? `(${notes.join("; ")})` : undefined].filter(Boolean).join(" ");
  if (description) out.description = description;
  return out;
}
//#endregion

//#region adapters/ernie.ts
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

export type ErnieMessage =
  | { role: "user"; content: string }
  | { role: "assistant"; content: string; function_call?: { name: string; thoughts?: string; arguments: string } };

export interface ErnieFunction {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  responses?: Record<string, unknown>;
  examples?: ErnieMessage[];
}

export function toErnieFunctions(source: ToolSource, options: ErnieFunctionsOptions = {}): ErnieFunction[] {
  return selectTools(source, options).map((tool): ErnieFunction => {
    const out: ErnieFunction = {
      name: tool.name,
      description: truncate(tool.description, options.maxDescription),
      parameters: schemaRecord(tool.parameters),
    };
    if (options.responses !== false && tool.responses !== undefined) out.responses = schemaRecord(tool.responses);
    if (options.examples !== false) {
      const messages = ernieExamples(tool);
      if (messages.length > 0) out.examples = messages;
    }
    return out;
  });
}

function ernieExamples(tool: ToolDescriptor): ErnieMessage[] {
  const messages: ErnieMessage[] = [];
  for (const example of tool.examples) {
    for (const message of example.messages) {
      if (message.role === "user") messages.push({ role: "user", content: message.content });
      else if (message.call) {
        messages.push({
          role: "assistant",
          content: "",
          function_call: {
            name: message.call.name,
            ...(message.thoughts !== undefined ? { thoughts: message.thoughts } : {}),
            arguments: pythonJson(message.call.arguments),
          },
        });
      } else messages.push({ role: "assistant", content: message.thoughts ?? "" });
    }
  }
  return messages;
}

/** JSON as Python's `json.dumps(value, ensure_ascii=False)` writes it: `", "` and `": "` separators. */
function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(", ")}]`;
  if (typeof value === "object" && value !== null) {
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pythonJson(v)}`)
      .join(", ")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
//#endregion

//#region adapters/ai-sdk.ts
/**
 * Vercel AI SDK tools (`ai` 5+): a `ToolSet`, `{ [wireName]: { description, inputSchema, execute,
 * inputExamples? } }`, without depending on `ai` (ai 7 needs Node 22; toolgen supports 20).
 *
 * `inputSchema` is an AI SDK JSON schema object: by default one built here, branded the way
 * `jsonSchema()` brands it (`Symbol.for("vercel.ai.schema")`), which the SDK accepts at run time.
 * For the compile-time type of `ai`'s ToolSet, pass its `jsonSchema` in:
 *
 *   import { jsonSchema, generateText } from "ai";
 *   const tools = toAiSdkTools(toolkit, { jsonSchema });   // assignable to ToolSet
 *
 * The schema's `validate` runs toolkit validation, so invalid arguments come back to the model as
 * the SDK's tool-input error with our retry message; `execute` calls the tool through
 * `toolkit.call` with the SDK's abort signal. The keys are wire names: the SDK forwards them to
 * the provider unchanged.
 */

const SCHEMA_SYMBOL = Symbol.for("vercel.ai.schema");
const VALIDATOR_SYMBOL = Symbol.for("vercel.ai.validator");

export type AiSdkValidationResult = { success: true; value: unknown } | { success: false; error: Error };

/** What `jsonSchema()` of the AI SDK returns, structurally. */
export interface AiSdkSchema {
  readonly jsonSchema: unknown;
  readonly validate: (value: unknown) => AiSdkValidationResult;
  readonly _type: unknown;
}

export interface AiSdkToolsOptions<S> extends AdapterOptions {
  /** The `jsonSchema` function of `ai` (types the result as `ai`'s ToolSet). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly jsonSchema?: (schema: any, options: { validate: (value: unknown) => AiSdkValidationResult }) => S;
  /** Pass example calls as `inputExamples` (default true). */
  readonly examples?: boolean;
  /** Forwarded as the tools' `strict` (the SDK passes it to providers that support it). */
  readonly strict?: boolean;
}

export interface AiSdkTool<S> {
  description: string;
  inputSchema: S;
  inputExamples?: Array<{ input: Record<string, unknown> }>;
  strict?: boolean;
  execute: (input: unknown, options: { abortSignal?: AbortSignal }) => Promise<unknown>;
}

export function toAiSdkTools<S = AiSdkSchema>(toolkit: Toolkit, options: AiSdkToolsOptions<S> = {}): Record<string, AiSdkTool<S>> {
  const tools: Record<string, AiSdkTool<S>> = {};
  for (const tool of selectTools(toolkit, options)) {
    const validate = (value: unknown): AiSdkValidationResult => {
      try {
        return { success: true, value: toolkit.check(tool.name, value) };
      } catch (error) {
        if (error instanceof ToolInputError) return { success: false, error };
        throw error;
      }
    };
    const inputSchema = options.jsonSchema ? options.jsonSchema(tool.parameters, { validate }) : (brandedSchema(tool, validate) as S);
    const entry: AiSdkTool<S> = {
      description: truncate(tool.description, options.maxDescription),
      inputSchema,
      execute: (input, { abortSignal } = {}) => toolkit.call(tool.name, input, abortSignal ? { signal: abortSignal } : undefined),
    };
    if (options.examples !== false) {
      const calls = exampleCalls(tool);
      if (calls.length > 0) entry.inputExamples = calls.map((call) => ({ input: { ...call.arguments } }));
    }
    if (options.strict !== undefined) entry.strict = options.strict;
    Object.defineProperty(tools, tool.wireName, { value: entry, enumerable: true, writable: true, configurable: true });
  }
  return tools;
}

function brandedSchema(tool: ToolDescriptor, validate: (value: unknown) => AiSdkValidationResult): AiSdkSchema {
  return {
    [SCHEMA_SYMBOL]: true,
    [VALIDATOR_SYMBOL]: true,
    _type: undefined,
    jsonSchema: tool.parameters,
    validate,
  } as AiSdkSchema;
}
//#endregion

//#region adapters/result.ts
/**
 * Handing a tool's outcome back to a model. The result goes back as the server sent it: text as
 * is, anything else as JSON with every field kept, including a `prompt` field, which by the
 * reference's convention steers the model's final answer and must reach it untouched.
 */

/** Characters of an error answer's body `toolErrorText` passes on beyond the message's own snippet. */
const ERROR_BODY_TEXT_LIMIT = 2_000;

export function toolResultText(result: unknown): string {
  if (typeof result === "string") return result;
  if (result === undefined) return "null";
  return JSON.stringify(result) ?? "null";
}

/**
 * The text to send back when a call failed. A ToolInputError's message is already written for a
 * model to retry; other errors say that the call failed and why, without a stack trace. An error
 * answer's decoded body (a 422's field list, a 409's reason) goes with it, up to
 * ERROR_BODY_TEXT_LIMIT characters, when the message's one-line snippet did not already hold it all.
 */
export function toolErrorText(error: unknown): string {
  if (error instanceof ToolInputError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  const body = error instanceof ToolCallError && error.code === "HTTP_STATUS" ? bodyText(error.body) : "";
  if (body && !message.includes(body)) {
    const bounded = body.length > ERROR_BODY_TEXT_LIMIT ? `${body.slice(0, ERROR_BODY_TEXT_LIMIT)}…` : body;
    return `The tool call failed: ${message}\nThe answer's body: ${bounded}`;
  }
  return `The tool call failed: ${message}`;
}

function bodyText(body: unknown): string {
  if (typeof body === "string") return body.trim();
  if (body === undefined || body === null || (typeof Blob !== "undefined" && body instanceof Blob)) return "";
  return JSON.stringify(body) ?? "";
}
//#endregion
