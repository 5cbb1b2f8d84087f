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
/**
 * Objects keyed by names from a description or a caller (parameter keys, body properties, schema
 * property names) are data: a name such as `constructor`, `toString` or `__proto__` is a name like
 * any other. Plain `obj[name]` would find Object.prototype's member when the object has no such
 * property, and plain assignment to `__proto__` would replace the prototype instead of adding a
 * property. These two are how the runtime reads and writes such objects.
 */
/** The object's own property `key`; `undefined` when it has none (whatever its prototype has). */
function ownValue(record, key) {
    return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}
/**
 * Sets an own, enumerable property even when `key` is `__proto__` (plain assignment would change
 * the prototype instead). Every object keyed by names from a description is written through this.
 */
function setOwn(target, key, value) {
    if (key === "__proto__")
        Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    else
        target[key] = value;
}
/** RFC 3986 unreserved characters stay; everything else is percent-encoded (also `!'()*`). */
const encodeStrict = (text) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
/** `allowReserved`: RFC 3986 reserved characters (`:/?#[]@!$&'()*+,;=`) stay as they are. */
const encodeReserved = (text) => encodeURI(text).replace(/%5B/gi, "[").replace(/%5D/gi, "]");
function primitiveText(value) {
    if (value === null || value === undefined)
        return "";
    if (value instanceof Date)
        return value.toISOString();
    if (typeof value === "object")
        return JSON.stringify(value);
    return String(value);
}
/**
 * Serialises `value` for `name`: returns the text that goes after the parameter's place
 * (the whole `name=value&…` run for form styles, the bare value for simple).
 */
function serializeStyled(name, value, style, explode, encode) {
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
        if (style === "deepObject")
            return deepObjectPairs(name, value, encode).join("&");
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
    if (style === "matrix")
        return `;${name}${value === "" ? "" : `=${text}`}`;
    if (style === "form" || style === "spaceDelimited" || style === "pipeDelimited" || style === "deepObject")
        return `${name}=${text}`;
    return `${prefix}${text}`;
}
function formMember(name, value, encode) {
    if (Array.isArray(value))
        return value.map((item) => `${name}=${encode(primitiveText(item))}`);
    if (typeof value === "object" && value !== null && !(value instanceof Date))
        return deepObjectPairs(name, value, encode);
    return [`${name}=${encode(primitiveText(value))}`];
}
/**
 * deepObject (§4.7.12.4) only defines one level; nested objects and arrays follow the bracket
 * convention Stripe and Rails use: `filter[owner][name]=x`, `items[0][price]=p`.
 */
function deepObjectPairs(name, value, encode) {
    if (value === undefined)
        return [];
    if (Array.isArray(value))
        return value.flatMap((v, i) => deepObjectPairs(`${name}[${i}]`, v, encode));
    if (typeof value === "object" && value !== null && !(value instanceof Date)) {
        return Object.entries(value).flatMap(([k, v]) => deepObjectPairs(`${name}[${encodeBracketKey(k)}]`, v, encode));
    }
    return [`${name}=${encode(primitiveText(value))}`];
}
function encodeBracketKey(key) {
    return encodeStrict(key);
}
/**
 * The request URL: base address + path with its parameters substituted, then the query
 * parameters (or OpenAPI 3.2's one `querystring` parameter), then `version=<info.version>` last
 * (the tool-server protocol appends it to every call; it goes after the others so servers that
 * read the last value see the right one). A description whose info.version is empty gets no
 * `version=`, and a URL with no query no `?`.
 */
function buildUrl(baseUrl, op, input, version) {
    let path = op.path;
    const query = [];
    for (const p of op.params) {
        const value = ownValue(input, p.key);
        if (p.in === "path") {
            if (value === undefined || value === null)
                throw new TypeError(`${op.tool}: path parameter "${p.key}" is required`);
            const text = p.json ? encodeStrict(JSON.stringify(value)) : serializeStyled(p.name, value, p.style ?? "simple", p.explode ?? false, encodeStrict);
            path = path.split(`{${p.name}}`).join(text);
        }
        else if (p.in === "query" && value !== undefined) {
            const style = p.style ?? "form";
            const name = encodeStrict(p.name);
            if (p.json)
                query.push(`${name}=${encodeStrict(typeof value === "string" ? value : JSON.stringify(value))}`);
            else
                query.push(serializeStyled(name, value, style, p.explode ?? style === "form", p.allowReserved ? encodeReserved : encodeStrict));
        }
        else if (p.in === "querystring" && value !== undefined) {
            query.push(querystringText(value, p.json === true));
        }
    }
    // An empty info.version sends none at all: `?version=` would claim a version the API lacks.
    if (version !== "")
        query.push(`version=${encodeStrict(version)}`);
    return withQuery(joinBase(baseUrl, path), query);
}
/**
 * A `querystring` parameter's value as the whole query string (OpenAPI 3.2, Parameter Object):
 * JSON text percent-encoded as one piece (`?%7B%22a%22%3A1%7D`, the specification's example); an
 * object as form fields, style form with explode (nested objects and arrays the way form query
 * parameters send them); any other value (a `text/plain` or `application/jsonpath` string)
 * percent-encoded as it is.
 */
function querystringText(value, json) {
    if (json)
        return encodeStrict(JSON.stringify(value));
    if (typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date))
        return serializeStyled("", value, "form", true, encodeStrict);
    return encodeStrict(primitiveText(value));
}
/**
 * The URL with `name=value` pairs (already encoded) added to its query. A path with a fixed query
 * part (Azure's x-ms-paths, `/{container}?restype=container`) keeps it.
 */
function withQuery(url, pairs) {
    const search = pairs.filter(Boolean).join("&");
    if (search === "")
        return url;
    return `${url}${url.includes("?") ? "&" : "?"}${search}`;
}
/**
 * The URL without the query pairs named `names` (names as written, compared decoded): a
 * credential the runtime adds for a query apiKey scheme replaces a parameter of the same name
 * the input also carried, so the server never sees two values and picks the wrong one.
 */
function withoutQueryNames(url, names) {
    const at = url.indexOf("?");
    if (at < 0 || names.length === 0)
        return url;
    const drop = new Set(names);
    const kept = url
        .slice(at + 1)
        .split("&")
        .filter((pair) => !drop.has(decodeName(pair.split("=", 1)[0])));
    return kept.length === 0 ? url.slice(0, at) : `${url.slice(0, at)}?${kept.join("&")}`;
}
function decodeName(encoded) {
    try {
        return decodeURIComponent(encoded.replaceAll("+", " "));
    }
    catch {
        return encoded;
    }
}
function joinBase(baseUrl, path) {
    return `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}
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
function parameterProblem(op, input) {
    for (const p of op.params) {
        const value = ownValue(input, p.key);
        const required = p.in === "path" || p.required === true;
        if (value === undefined) {
            if (required && (p.in === "path" || p.in === "query" || p.in === "querystring"))
                return `${where(p)} is required and was not given`;
            continue;
        }
        if (value === null) {
            if (required)
                return `${where(p)} is required, got null`;
            continue;
        }
        const shape = shapeOfValue(value);
        if (shape === undefined)
            return `${where(p)} cannot be sent: got ${describeArgument(value)}`;
        if (p.shape !== undefined && !p.json && shape !== p.shape)
            return `${where(p)} must be ${SHAPE_NAMES[p.shape]}, got ${describeArgument(value)}`;
        if (p.in === "path" && (value === "" || (Array.isArray(value) && value.length === 0)))
            return `${where(p)} must not be empty (it is part of the path)`;
    }
    return undefined;
}
const SHAPE_NAMES = {
    scalar: "a string, number or boolean",
    array: "an array",
    object: "an object",
};
function where(p) {
    return `${p.in} parameter "${p.key}"`;
}
function shapeOfValue(value) {
    switch (typeof value) {
        case "string":
        case "boolean":
        case "bigint":
            return "scalar";
        case "number":
            return Number.isFinite(value) ? "scalar" : undefined;
        case "object":
            if (value instanceof Date)
                return Number.isNaN(value.getTime()) ? undefined : "scalar";
            if (Array.isArray(value))
                return "array";
            return Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null ? "object" : undefined;
        default:
            return undefined;
    }
}
function describeArgument(value) {
    if (Array.isArray(value))
        return "an array";
    if (value instanceof Date)
        return "an invalid Date";
    if (typeof value === "object" && value !== null)
        return Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null ? "an object" : `a ${value.constructor?.name ?? "class"} instance`;
    if (typeof value === "number")
        return String(value);
    return `a ${typeof value}`;
}
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
function secretsOf(headers, token, credentials = []) {
    const found = new Set();
    if (token)
        found.add(token);
    for (const [name, value] of Object.entries(headers)) {
        if (!SECRET_HEADER.test(name))
            continue;
        found.add(value);
        // "token abc" / "Bearer abc": the credential alone may be echoed too.
        const credential = value.split(" ").pop();
        if (credential)
            found.add(credential);
    }
    // Very short values would blank out ordinary words; they are not worth a guess.
    const guessed = [...found].filter((secret) => secret.length >= 8);
    const known = credentials.filter((secret) => secret.length >= 4);
    return [...new Set([...guessed, ...known])].sort((a, b) => b.length - a.length);
}
function redact(value, secrets) {
    if (secrets.length === 0)
        return value;
    if (typeof value === "string")
        return secrets.reduce((text, secret) => text.split(secret).join(REDACTED), value);
    if (Array.isArray(value))
        return value.map((item) => redact(item, secrets));
    if (typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
        return Object.fromEntries(Object.entries(value).map(([key, item]) => [redact(key, secrets), redact(item, secrets)]));
    }
    return value;
}
/**
 * Header and cookie parameters (OpenAPI 3.0 §4.7.12: header style `simple`, cookie style `form`),
 * merged with the client's and the call's headers.
 */
const keep = (text) => text;
function parameterHeaders(op, input) {
    const headers = {};
    const cookies = [];
    for (const p of op.params) {
        const value = ownValue(input, p.key);
        if (value === undefined)
            continue;
        if (p.in === "header") {
            setOwn(headers, p.name, p.json ? JSON.stringify(value) : serializeStyled(p.name, value, "simple", p.explode ?? false, keep));
        }
        else if (p.in === "cookie") {
            const text = p.json ? encodeStrict(JSON.stringify(value)) : Array.isArray(value) ? value.map((v) => encodeStrict(primitiveText(v))).join(",") : encodeStrict(primitiveText(value));
            cookies.push(`${p.name}=${text}`);
        }
    }
    if (cookies.length > 0)
        headers.cookie = cookies.join("; ");
    return headers;
}
/** Merges header maps case-insensitively; later maps win, an `undefined` value removes a header. */
function mergeHeaders(...maps) {
    const merged = new Map();
    for (const map of maps) {
        for (const [name, value] of Object.entries(map ?? {})) {
            if (value === undefined)
                merged.delete(name.toLowerCase());
            else
                merged.set(name.toLowerCase(), [name, value]);
        }
    }
    return Object.fromEntries(merged.values());
}
/**
 * Reading the answer. 2xx: JSON by Content-Type (an invalid body is an error, not data), text
 * for `text/*`, a Blob otherwise, `undefined` for no content. An HTML page where JSON was
 * promised (a proxy's error page with status 200) is an error too. Non-2xx: ToolCallError with
 * the body parsed when it is JSON.
 */
/** A 2xx answer that cannot be handed back as data (a class, so no JSON body can imitate it). */
class InvalidAnswer {
    message;
    body;
    constructor(message, body) {
        this.message = message;
        this.body = body;
    }
}
async function readBody(response) {
    const type = contentTypeOf(response);
    if (isJson(type) || type.startsWith("text/") || type === "" || type.includes("xml") || type.includes("html")) {
        return { text: await response.text() };
    }
    return { blob: await response.blob() };
}
function contentTypeOf(response) {
    return (response.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
}
function isJson(type) {
    return type === "application/json" || type.endsWith("+json");
}
/** Decodes a 2xx answer, or describes why it cannot be used. */
function decodeSuccess(op, response, read) {
    const type = contentTypeOf(response);
    if (read.blob)
        return read.blob.size === 0 && op.response !== "binary" ? undefined : read.blob;
    const text = read.text ?? "";
    if (response.status === 204 || response.status === 205 || text === "")
        return undefined;
    if (isJson(type) || (type === "" && op.response === "json")) {
        try {
            return JSON.parse(text);
        }
        catch (error) {
            return new InvalidAnswer(`answered ${response.status} with invalid JSON: ${error.message}`, text.slice(0, 1000));
        }
    }
    if (op.response === "json" && type.includes("html")) {
        return new InvalidAnswer(`answered ${response.status} with an HTML page where JSON was expected: ${snippet(text)}`, text.slice(0, 1000));
    }
    return text;
}
/** The body of an error answer: parsed JSON when it is JSON, else the text. */
function errorBody(response, read) {
    if (read.blob)
        return read.blob;
    const text = read.text ?? "";
    if (isJson(contentTypeOf(response))) {
        try {
            return JSON.parse(text);
        }
        catch {
            return text;
        }
    }
    return text;
}
function snippet(text, max = 200) {
    const oneLine = text.replace(/\s+/g, " ").trim();
    return oneLine.length > max ? `${oneLine.slice(0, max)}…` : oneLine;
}
function encodeBody(op, input) {
    const spec = op.body;
    if (!spec)
        return {};
    const value = selectBody(op, spec, input);
    if (value === undefined)
        return spec.required && spec.encoding === "json" ? { body: "{}", contentType: spec.mediaType } : {};
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
            return { body: value, contentType: rawContentType(spec.mediaType, value) };
    }
}
/**
 * A media range (`image/*`, or any type at all) says what the server accepts, not what a request
 * is: a Blob's own type names what is actually sent (a stored file keeps the type it came with).
 */
function rawContentType(declared, value) {
    if (!declared.includes("*"))
        return declared;
    return value instanceof Blob && value.type !== "" ? value.type : "application/octet-stream";
}
function selectBody(op, spec, input) {
    if (spec.key !== null)
        return ownValue(input, spec.key);
    const paramKeys = new Set(op.params.map((p) => p.key));
    const rest = {};
    let any = false;
    for (const [k, v] of Object.entries(input)) {
        if (paramKeys.has(k) || v === undefined)
            continue;
        setOwn(rest, k, v);
        any = true;
    }
    return any || spec.required ? rest : undefined;
}
/** Stripe's convention for nested fields: `metadata[k]=v`, `items[0][price]=p`, unless an Encoding Object says otherwise. */
function formUrlEncoded(value, spec) {
    if (typeof value !== "object" || value === null)
        return encodeStrict(primitiveText(value));
    const pairs = [];
    for (const [key, v] of Object.entries(value)) {
        if (v === undefined)
            continue;
        const field = ownValue(spec.fields, key);
        const name = encodeStrict(key);
        if (field?.style && field.style !== "deepObject")
            pairs.push(serializeStyled(name, v, field.style, field.explode ?? field.style === "form", encodeStrict));
        else
            pairs.push(...deepObjectPairs(name, v, encodeStrict));
    }
    return pairs.filter(Boolean).join("&");
}
function multipart(value, spec) {
    const form = new FormData();
    if (typeof value !== "object" || value === null)
        return form;
    for (const [key, v] of Object.entries(value)) {
        if (v === undefined)
            continue;
        const contentType = ownValue(spec.fields, key)?.contentType;
        for (const item of Array.isArray(v) && !contentType?.includes("json") ? v : [v])
            appendPart(form, key, item, contentType);
    }
    return form;
}
function appendPart(form, key, value, contentType) {
    if (value instanceof Blob) {
        form.append(key, value, typeof value.name === "string" && value.name ? value.name : key);
    }
    else if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
        form.append(key, new Blob([value], contentType ? { type: contentType } : {}), key);
    }
    else if (typeof value === "object" && value !== null && !(value instanceof Date)) {
        // §4.7.15: object parts are JSON. A typed Blob part would carry a filename, which most servers
        // read as a file upload; a plain field with the JSON text is what they expect, unless the
        // Encoding Object asks for an explicit part Content-Type.
        const text = JSON.stringify(value);
        if (contentType)
            form.append(key, new Blob([text], { type: contentType }), key);
        else
            form.append(key, text);
    }
    else {
        form.append(key, primitiveText(value));
    }
}
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
/** Why a redirect chain was not followed to its end; the caller turns it into a ToolCallError. */
class RedirectRefused {
    message;
    constructor(message) {
        this.message = message;
    }
}
async function fetchFollowingRedirects(doFetch, url, init, maxRedirects) {
    let current = new URL(url);
    const origin = current.origin;
    let hop = init;
    for (let hops = 0;; hops++) {
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
        if (!REDIRECT_STATUS.has(response.status) || location === null)
            return { response, url: current.href };
        await response.body?.cancel().catch(() => { });
        if (hops >= maxRedirects)
            return new RedirectRefused(`was redirected more than ${maxRedirects} times (last to ${safeTarget(location, current)})`);
        let next;
        try {
            next = new URL(location, current);
        }
        catch {
            return new RedirectRefused(`answered ${response.status} with an unusable Location header`);
        }
        if (next.protocol !== "http:" && next.protocol !== "https:")
            return new RedirectRefused(`was redirected to a ${next.protocol} address, which is not followed`);
        const crossOrigin = next.origin !== origin;
        // A server that redirects keeping the query string would hand the key to the other host.
        if (crossOrigin)
            for (const name of init.credentialQuery ?? [])
                if (next.searchParams.has(name))
                    next.searchParams.delete(name);
        hop = nextHop(hop, response.status, crossOrigin);
        current = next;
    }
}
function nextHop(hop, status, crossOrigin) {
    const toGet = (status === 303 && hop.method !== "HEAD") || ((status === 301 || status === 302) && hop.method === "POST");
    const keepBody = !toGet && hop.body !== undefined;
    const headers = {};
    for (const [name, value] of Object.entries(hop.headers)) {
        const lower = name.toLowerCase();
        if (lower === "content-type" && !keepBody)
            continue;
        if (crossOrigin && !CONTENT_HEADERS.has(lower))
            continue;
        headers[name] = value;
    }
    return { method: toGet ? "GET" : hop.method, headers, ...(keepBody ? { body: hop.body } : {}), signal: hop.signal, ...(hop.credentialQuery ? { credentialQuery: hop.credentialQuery } : {}) };
}
/** The redirect target for a message, without credentials a server may have put in it. */
function safeTarget(location, base) {
    try {
        const url = new URL(location, base);
        return `${url.origin}${url.pathname}`;
    }
    catch {
        return "an unusable address";
    }
}
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
    limit;
    constructor(limit) {
        this.limit = limit;
    }
}
async function readCappedBody(response, limit, binary = false) {
    const type = contentTypeOf(response);
    const asText = !binary && (isJson(type) || type.startsWith("text/") || type === "" || type.includes("xml") || type.includes("html"));
    if (!(limit > 0) || limit === Infinity)
        return asText ? { text: await response.text() } : { blob: await response.blob() };
    const declared = Number(response.headers.get("content-length") ?? Number.NaN);
    if (declared > limit) {
        await response.body?.cancel().catch(() => { });
        return new BodyTooLarge(limit);
    }
    const chunks = [];
    let size = 0;
    if (response.body) {
        const reader = response.body.getReader();
        for (;;) {
            const { done, value } = await reader.read();
            if (done)
                break;
            size += value.byteLength;
            if (size > limit) {
                await reader.cancel().catch(() => { });
                return new BodyTooLarge(limit);
            }
            chunks.push(value);
        }
    }
    if (!asText)
        return { blob: new Blob(chunks, { type: response.headers.get("content-type") ?? "" }) };
    const decoder = new TextDecoder();
    let text = "";
    for (const chunk of chunks)
        text += decoder.decode(chunk, { stream: true });
    return { text: text + decoder.decode() };
}
export const DEFAULT_TIMEOUT_MS = 60_000;
/**
 * `bound` (a `createClient`'s options) under `options` (the call's): the call's win, headers and
 * auth are merged key by key.
 */
function withBoundOptions(bound, options) {
    return {
        ...bound,
        ...options,
        headers: { ...bound.headers, ...options?.headers },
        ...(bound.auth || options?.auth ? { auth: { ...bound.auth, ...options?.auth } } : {}),
    };
}
/**
 * Headers that name a request, in the order they are looked for; the first one present becomes
 * `requestId`: the common `x-request-id` and `request-id` (Stripe, OpenAI, Anthropic), AWS's
 * `x-amzn-requestid` and `x-amz-request-id`, `x-correlation-id`, GitHub's `x-github-request`
 * `-id`, Google's `x-cloud-trace-context`, Cloudflare's `cf-ray`.
 */
export const REQUEST_ID_HEADERS = [
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
    static [Symbol.hasInstance](value) {
        if (this !== ToolCallError)
            return Function.prototype[Symbol.hasInstance].call(this, value);
        return typeof value === "object" && value !== null && value[TOOL_CALL_ERROR] === true;
    }
    name = "ToolCallError";
    tool;
    code;
    method;
    url;
    status;
    /** The answer's body: parsed JSON when it was JSON, else text. */
    body;
    /** How long the server asked to wait before retrying (Retry-After), in ms. */
    retryAfterMs;
    /**
     * The server's id of this request, for reports and support tickets: the first of
     * REQUEST_ID_HEADERS the answer carries.
     */
    requestId;
    /**
     * The answer's headers, for an HTTP error (`code` "HTTP_STATUS"): a plain object keyed by the
     * lower-case header name (`e.headers?.["ratelimit-reset"]`), so the error can be logged,
     * serialised or sent between workers as it is; repeated headers are joined with ", " as
     * `Headers.get` joins them.
     */
    headers;
    constructor(message, init) {
        super(`${init.tool}: ${init.method} ${init.url} ${message}`, init.cause === undefined ? undefined : { cause: init.cause });
        this.tool = init.tool;
        this.code = init.code;
        this.method = init.method;
        this.url = init.url;
        if (init.status !== undefined)
            this.status = init.status;
        if (init.body !== undefined)
            this.body = init.body;
        if (init.retryAfterMs !== undefined)
            this.retryAfterMs = init.retryAfterMs;
        if (init.requestId !== undefined)
            this.requestId = init.requestId;
        if (init.headers !== undefined)
            this.headers = init.headers;
        Object.defineProperty(this, TOOL_CALL_ERROR, { value: true });
    }
}
/** A ToolCallError of any copy of the runtime. */
export function isToolCallError(error) {
    return error instanceof ToolCallError;
}
/** The answer's headers as a lower-case record, and its request id (REQUEST_ID_HEADERS). */
function answerHeaders(headers) {
    const record = {};
    // Headers iterate with lower-case names, repeated ones already joined; set-cookie is left out (it names a session).
    headers.forEach((value, name) => {
        if (name !== "set-cookie")
            record[name] = value;
    });
    for (const name of REQUEST_ID_HEADERS) {
        const value = record[name];
        if (value)
            return { headers: record, requestId: value };
    }
    return { headers: record };
}
/**
 * Base64 both ways with web-standard `btoa`/`atob` only (portable.ts's rule: no Buffer), in
 * chunks so a 20 MiB file never builds one 20 MiB argument list.
 */
const CHUNK = 0x8000;
function bytesToBase64(bytes) {
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
function base64ToBytes(text) {
    const compact = text.replace(/\s+/g, "").replace(/-/g, "+").replace(/_/g, "/");
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.replace(/=+$/, "").length % 4 === 1)
        return undefined;
    const bare = compact.replace(/=+$/, "");
    const bytes = new Uint8Array(Math.floor((bare.length * 3) / 4));
    let written = 0;
    // Four characters decode to three bytes, so chunks of a multiple of 4 decode independently.
    const step = CHUNK * 4;
    for (let i = 0; i < bare.length; i += step) {
        const piece = bare.slice(i, i + step);
        let binary;
        try {
            binary = atob(piece.padEnd(Math.ceil(piece.length / 4) * 4, "="));
        }
        catch {
            return undefined;
        }
        for (let j = 0; j < binary.length; j++)
            bytes[written++] = binary.charCodeAt(j);
    }
    return bytes;
}
const NONE = { headers: {}, query: [], cookies: [], queryNames: [], secrets: [] };
/** Thrown when a credential function fails; request() turns it into a ToolCallError (code AUTH). */
class CredentialFailed extends Error {
    scheme;
    constructor(scheme, cause) {
        super(`the credential function for the security scheme "${scheme}" failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
        this.scheme = scheme;
    }
}
async function applyAuth(schemes, security, auth, encode) {
    if (!security || security.length === 0 || !schemes)
        return NONE;
    const has = (name) => Object.hasOwn(schemes, name) && auth !== undefined && Object.hasOwn(auth, name) && auth[name] !== undefined;
    const chosen = security.find((alternative) => alternative.length > 0 && alternative.every(has));
    if (chosen === undefined)
        return security.some((a) => a.length === 0) ? NONE : { ...NONE, unsatisfied: security };
    const headers = {};
    const query = [];
    const cookies = [];
    const queryNames = [];
    const secrets = [];
    for (const name of chosen) {
        const scheme = schemes[name];
        let value = auth[name];
        try {
            if (typeof value === "function")
                value = await value();
        }
        catch (error) {
            throw new CredentialFailed(name, error);
        }
        if (scheme.type === "http" && scheme.scheme.toLowerCase() === "basic") {
            const basic = basicCredentials(name, value);
            const encoded = base64(`${basic.username}:${basic.password}`);
            headers.authorization = `Basic ${encoded}`;
            secrets.push(encoded, basic.password);
            continue;
        }
        if (typeof value !== "string")
            throw new CredentialFailed(name, new TypeError(`expected a string, got ${value === null ? "null" : typeof value}`));
        secrets.push(value);
        if (scheme.type === "apiKey") {
            if (scheme.in === "header")
                headers[scheme.name] = value;
            else if (scheme.in === "query") {
                query.push(`${encode(scheme.name)}=${encode(value)}`);
                queryNames.push(scheme.name);
            }
            else
                cookies.push(`${scheme.name}=${encode(value)}`);
        }
        else if (scheme.type === "http" && scheme.scheme.toLowerCase() !== "bearer") {
            headers.authorization = `${scheme.scheme} ${value}`;
        }
        else {
            headers.authorization = `Bearer ${value}`;
        }
    }
    return { headers, query, cookies, queryNames, secrets };
}
function basicCredentials(name, value) {
    // Untyped callers (`toolgen mcp --auth basic=user:password`, environment variables) give text.
    if (typeof value === "string" && value.includes(":")) {
        const at = value.indexOf(":");
        return { username: value.slice(0, at), password: value.slice(at + 1) };
    }
    const v = value;
    if (typeof v !== "object" || v === null || typeof v.username !== "string" || typeof v.password !== "string") {
        throw new CredentialFailed(name, new TypeError('expected { username: string; password: string } (or "user:password" text)'));
    }
    return v;
}
/** Base64 of the UTF-8 bytes (RFC 7617 §2.1 charset UTF-8). */
function base64(text) {
    return bytesToBase64(new TextEncoder().encode(text));
}
/** "api_key" or "oauth (scopes…) and basic": the alternatives, for a 401/403 message. */
function describeAlternatives(alternatives) {
    return alternatives.map((a) => a.map((name) => JSON.stringify(name)).join(" and ")).join(", or ");
}
/**
 * Names and media types of stored files. A name comes from a tool server (Content-Disposition)
 * or a description (a field name), so it is cleaned before a model, a multipart part or a
 * user's download sees it: no folder part (`../../etc/passwd` is `passwd`), no control
 * characters, a bounded length. A file without a name is named after where it came from plus the
 * extension of its type (`getImage.png`), never the reference's `tool-.png` or `testNone`.
 */
const EXTENSIONS = {
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
function cleanMimeType(type) {
    const base = (type ?? "").split(";")[0].trim().toLowerCase();
    return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(base) ? base : DEFAULT_MIME_TYPE;
}
/** The name without folders and control characters, at most 200 characters; `undefined` when nothing is left. */
function cleanFilename(name) {
    if (name === undefined)
        return undefined;
    // eslint-disable-next-line no-control-regex
    const last = name.replace(/[\u0000-\u001f\u007f]/g, "").split(/[/\\]/).pop().trim();
    if (last === "" || last === "." || last === "..")
        return undefined;
    const chars = [...last];
    return chars.length > MAX_NAME_LENGTH ? chars.slice(chars.length - MAX_NAME_LENGTH).join("") : last;
}
/** `stem` plus the extension of `mimeType` (`.bin` for an unknown type). */
function defaultFilename(stem, mimeType) {
    const clean = cleanFilename(stem.replace(/[^\p{L}\p{N}._-]+/gu, "_")) ?? "file";
    return `${clean}${Object.hasOwn(EXTENSIONS, mimeType) ? EXTENSIONS[mimeType] : ".bin"}`;
}
/**
 * A download is `attachment`, or any disposition that names a file. `inline` without a name is
 * the server saying "show this", so the answer is read by its media type as usual.
 */
function downloadOf(header) {
    if (header === null || header.trim() === "")
        return undefined;
    const [type = "", ...rest] = splitParameters(header);
    const params = new Map();
    for (const part of rest) {
        const eq = part.indexOf("=");
        if (eq <= 0)
            continue;
        const key = part.slice(0, eq).trim().toLowerCase();
        if (!params.has(key))
            params.set(key, unquote(part.slice(eq + 1).trim()));
    }
    const extended = params.has("filename*") ? decodeExtended(params.get("filename*")) : undefined;
    const filename = cleanFilename(extended ?? params.get("filename"));
    if (type.trim().toLowerCase() !== "attachment" && filename === undefined)
        return undefined;
    return filename !== undefined ? { filename } : {};
}
/** Splits at `;` outside quoted strings. */
function splitParameters(header) {
    const parts = [];
    let current = "";
    let quoted = false;
    for (let i = 0; i < header.length; i++) {
        const c = header[i];
        if (quoted && c === "\\" && i + 1 < header.length) {
            current += c + header[++i];
            continue;
        }
        if (c === '"')
            quoted = !quoted;
        if (c === ";" && !quoted) {
            parts.push(current);
            current = "";
        }
        else
            current += c;
    }
    parts.push(current);
    return parts;
}
function unquote(value) {
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
        return value.slice(1, -1).replace(/\\(.)/g, "$1");
    return value;
}
/** `UTF-8''na%C3%AFve.txt` -> `naïve.txt`; `undefined` for another charset or broken escapes. */
function decodeExtended(value) {
    const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(value);
    if (!match || !/^utf-8$/i.test(match[1]))
        return undefined;
    try {
        return decodeURIComponent(match[2]);
    }
    catch {
        return undefined;
    }
}
/**
 * undici rejects with "fetch failed" and keeps the real reason (ECONNREFUSED, a reset, a closed
 * socket) in `cause`; this walks the chain into one readable line.
 */
function networkReason(error) {
    const parts = [];
    let current = error;
    for (let depth = 0; current && depth < 4; depth++) {
        const e = current;
        const text = [e.code, e.message].filter(Boolean).join(" ");
        if (text && text !== "fetch failed" && !parts.includes(text))
            parts.push(text);
        current = e.cause;
    }
    return parts.join(": ") || "fetch failed";
}
/** A failure while sending or reading, as the error the caller sees. */
function transportError(exchange, error) {
    if (error instanceof ToolCallError)
        return error;
    if (exchange.timedOut())
        return exchange.fail(`got no complete answer within ${exchange.timeoutMs} ms`, "TIMEOUT", { cause: error });
    if (exchange.controller.signal.aborted)
        return exchange.fail("was aborted", "ABORTED", { cause: error });
    return exchange.fail(`failed: ${networkReason(error)}`, "NETWORK", { cause: error });
}
/**
 * The one error the streamed-answer parsers throw: one item (an event of a text/event-stream,
 * a line of JSON Lines, a record of a JSON text sequence) grew past the caller's cap. The cap is
 * per item, not per stream: an endless stream of small items is fine, one endless item is not,
 * because a parser has to hold an item whole before it can hand it over.
 */
class ItemTooLarge extends Error {
    limit;
    position;
    unit;
    constructor(
    /** The cap, in UTF-8 bytes. */
    limit, 
    /** 1-based index of the item that passed the cap (record 0 is text before a sequence's first RS). */
    position, unit) {
        super(`${unit} ${position} of the streamed answer is larger than ${limit} bytes`);
        this.limit = limit;
        this.position = position;
        this.unit = unit;
        this.name = "ItemTooLarge";
    }
}
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
function utf8Length(text, start, end, max = Infinity) {
    let bytes = end - start;
    if (bytes > max)
        return bytes;
    for (let i = start; i < end; i++) {
        const code = text.charCodeAt(i);
        if (code < 0x80)
            continue;
        bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
        if (bytes > max)
            return bytes;
    }
    return bytes;
}
const LF = 10;
const SPACE = 32;
const COLON = 58;
const BOM = 0xfeff;
class EventStreamParser {
    limit;
    /** Whether the first character of the stream (a possible BOM) has been seen. */
    started = false;
    /** The previous chunk ended in CR, so an LF opening the next one is the same line end. */
    skipLf = false;
    /** That CR ended a line of the pending event, so its LF belongs to the event's count. */
    skippedLfCounts = false;
    /** The unterminated line, as the chunks brought it: joined once, when its line end arrives. */
    parts = [];
    data = "";
    hasData = false;
    eventType;
    lastId;
    eventRetry;
    lastRetry;
    /** Events dispatched before the current chunk. */
    count = 0;
    /** Exact UTF-8 bytes of the pending event that earlier chunks brought. */
    eventBytes = 0;
    failure;
    /** What `push` returns: a new array each time, sized for as many events as the last chunk brought. */
    out = [];
    /** Events `out` holds from the current chunk. */
    size = 0;
    /** `maxEventBytes`: the cap on one event's raw text in UTF-8 bytes (see the file's header); 0 or Infinity for none. */
    constructor(maxEventBytes) {
        this.limit = maxEventBytes > 0 ? maxEventBytes : Infinity;
    }
    /** Events dispatched so far (1-based position of the next event = dispatched + 1). */
    get dispatched() {
        return this.count;
    }
    /** The last valid `retry` field of the stream so far (milliseconds), whether or not an event carried it. */
    get retry() {
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
    push(text) {
        if (this.failure)
            throw this.failure;
        // Growing an array event by event cost a tenth of the time of a chunk of small events, and
        // one array reused for every chunk cost as much: storing new events into an old array is
        // what a generational collector charges most for. Chunks of one stream bring similar counts.
        this.out = new Array(Math.min(this.size, 16384));
        this.size = 0;
        this.scan(text);
        this.count += this.size;
        const out = this.out;
        out.length = this.size;
        if (this.failure && this.size === 0)
            throw this.failure;
        return out;
    }
    scan(text) {
        const length = text.length;
        let pos = 0;
        if (!this.started) {
            if (length === 0)
                return;
            this.started = true;
            if (text.charCodeAt(0) === BOM)
                pos = 1;
        }
        const limit = this.limit;
        const limited = limit !== Infinity;
        if (this.skipLf && pos < length) {
            this.skipLf = false;
            if (text.charCodeAt(pos) === LF) {
                pos++;
                if (this.skippedLfCounts && ++this.eventBytes > limit)
                    return this.fail();
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
                if (pos < length)
                    this.parts.push(pos === 0 ? text : text.slice(pos));
                this.measureRest(text, eventStart);
                return;
            }
            let next = eol + 1;
            if (eol === cr) {
                if (next === length) {
                    this.skipLf = true;
                    this.skippedLfCounts = true;
                }
                else if (text.charCodeAt(next) === LF)
                    next++;
            }
            if (limited && this.eventBytes + 3 * (next - eventStart) > limit) {
                this.eventBytes += utf8Length(text, eventStart, next, limit - this.eventBytes);
                eventStart = next;
                if (this.eventBytes > limit)
                    return this.fail();
            }
            this.parts.push(text.slice(pos, eol));
            const line = this.parts.join("");
            this.parts.length = 0;
            this.line(line, 0, line.length);
            pos = next;
            if (lf !== -1 && lf < pos)
                lf = text.indexOf("\n", pos);
            if (cr !== -1 && cr < pos)
                cr = text.indexOf("\r", pos);
        }
        for (;;) {
            let eol;
            if (lf === -1) {
                if (cr === -1)
                    break;
                eol = cr;
            }
            else
                eol = cr === -1 || lf < cr ? lf : cr;
            let next = eol + 1;
            if (eol === cr) {
                if (next === length) {
                    this.skipLf = true;
                    this.skippedLfCounts = eol !== pos;
                }
                else if (text.charCodeAt(next) === LF)
                    next++;
            }
            if (eol === pos) {
                this.dispatch();
                this.eventBytes = 0;
                eventStart = next;
            }
            else {
                if (limited && this.eventBytes + 3 * (next - eventStart) > limit) {
                    this.eventBytes += utf8Length(text, eventStart, next, limit - this.eventBytes);
                    eventStart = next;
                    if (this.eventBytes > limit)
                        return this.fail();
                }
                if (text.charCodeAt(pos) === 100 && // d
                    text.charCodeAt(pos + 1) === 97 && // a
                    text.charCodeAt(pos + 2) === 116 && // t
                    text.charCodeAt(pos + 3) === 97 && // a
                    text.charCodeAt(pos + 4) === COLON) {
                    // The line nearly every event consists of, without the general field split.
                    const value = text.slice(text.charCodeAt(pos + 5) === SPACE ? pos + 6 : pos + 5, eol);
                    if (this.hasData)
                        this.data = this.data + "\n" + value;
                    else if (eol === lf && next < length && text.charCodeAt(next) === LF) {
                        // A one-line event and its blank line: dispatched at once, without the data buffer.
                        this.emit(value);
                        this.eventType = undefined;
                        this.eventBytes = 0;
                        next++;
                        eventStart = next;
                    }
                    else {
                        this.data = value;
                        this.hasData = true;
                    }
                }
                else
                    this.line(text, pos, eol);
            }
            pos = next;
            if (lf !== -1 && lf < pos)
                lf = text.indexOf("\n", pos);
            if (cr !== -1 && cr < pos)
                cr = text.indexOf("\r", pos);
        }
        if (pos < length)
            this.parts.push(pos === 0 ? text : text.slice(pos));
        this.measureRest(text, eventStart);
    }
    /**
     * Adds the rest of the chunk, from `eventStart`, to the pending event's size: exactly, while the
     * text is at hand, so that later chunks add to an exact count.
     */
    measureRest(text, eventStart) {
        const limit = this.limit;
        if (limit !== Infinity && eventStart < text.length) {
            this.eventBytes += utf8Length(text, eventStart, text.length, limit - this.eventBytes);
            if (this.eventBytes > limit)
                this.fail();
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
    end() {
        if (this.failure)
            throw this.failure;
        const incomplete = this.hasData || this.parts.length > 0;
        this.reset();
        return { incomplete };
    }
    reset() {
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
    fail() {
        this.failure = new ItemTooLarge(this.limit, this.count + this.size + 1, "event");
        this.reset();
    }
    /** "Process the field" for the non-blank line `text[start, end)`. */
    line(text, start, end) {
        const first = text.charCodeAt(start);
        if (first === COLON)
            return;
        // The two fields that come with events most, without slicing out the line and its name. (The
        // character at `end` is a line end or past the text, so no check below reads the next line.)
        if (first === 101 && // e
            text.charCodeAt(start + 1) === 118 && // v
            text.charCodeAt(start + 2) === 101 && // e
            text.charCodeAt(start + 3) === 110 && // n
            text.charCodeAt(start + 4) === 116 && // t
            text.charCodeAt(start + 5) === COLON) {
            const value = text.slice(text.charCodeAt(start + 6) === SPACE ? start + 7 : start + 6, end);
            this.eventType = value === "" ? undefined : value;
            return;
        }
        if (first === 105 && text.charCodeAt(start + 1) === 100 && text.charCodeAt(start + 2) === COLON) {
            // i, d
            const value = text.slice(text.charCodeAt(start + 3) === SPACE ? start + 4 : start + 3, end);
            if (!value.includes("\0"))
                this.lastId = value;
            return;
        }
        // A slice first, so that looking for the colon never scans past the line.
        const line = start === 0 && end === text.length ? text : text.slice(start, end);
        const colon = line.indexOf(":");
        let field;
        let value;
        if (colon === -1) {
            field = line;
            value = "";
        }
        else {
            field = line.slice(0, colon);
            value = line.slice(line.charCodeAt(colon + 1) === SPACE ? colon + 2 : colon + 1);
        }
        switch (field) {
            case "data":
                if (this.hasData)
                    this.data = this.data + "\n" + value;
                else {
                    this.data = value;
                    this.hasData = true;
                }
                break;
            case "event":
                this.eventType = value === "" ? undefined : value;
                break;
            case "id":
                if (!value.includes("\0"))
                    this.lastId = value;
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
    dispatch() {
        if (this.hasData) {
            this.emit(this.data);
            this.data = "";
            this.hasData = false;
        }
        this.eventType = undefined;
    }
    emit(data) {
        const type = this.eventType;
        const id = this.lastId;
        // Whole literals for the common shapes: properties added after a literal go to a separate
        // property array, one more allocation per event (30 bytes of 285 for an event with a type
        // and an id, measured).
        let event;
        if (this.eventRetry === undefined) {
            if (id === undefined)
                event = type === undefined ? { data } : { data, event: type };
            else
                event = type === undefined ? { data, id } : { data, event: type, id };
        }
        else {
            event = { data, retry: this.eventRetry };
            if (type !== undefined)
                event.event = type;
            if (id !== undefined)
                event.id = id;
            this.eventRetry = undefined;
        }
        this.out[this.size++] = event;
    }
}
function isDigits(value) {
    if (value === "")
        return false;
    for (let i = 0; i < value.length; i++) {
        const code = value.charCodeAt(i);
        if (code < 48 || code > 57)
            return false;
    }
    return true;
}
class JsonLinesParser {
    limit;
    separator;
    unit;
    /** The unterminated line, as the chunks brought it: joined once, when its end arrives. */
    parts = [];
    /** Number of the line (record) being assembled. */
    current;
    /** Exact UTF-8 bytes of the pending line that earlier chunks brought. */
    pendingBytes = 0;
    failure;
    /** `maxLineBytes`: the cap on one line (record) in UTF-8 bytes (see the file's header); 0 or Infinity for none. */
    constructor(maxLineBytes, separator) {
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
    push(text) {
        if (this.failure)
            throw this.failure;
        const out = [];
        const limit = this.limit;
        const limited = limit !== Infinity;
        const length = text.length;
        let pos = 0;
        let end = text.indexOf(this.separator);
        while (end !== -1) {
            if (limited && this.pendingBytes + 3 * (end - pos) > limit && this.pendingBytes + utf8Length(text, pos, end, limit - this.pendingBytes) > limit) {
                return this.fail(out);
            }
            let item;
            if (this.parts.length > 0) {
                this.parts.push(text.slice(pos, end));
                const whole = this.parts.join("");
                this.parts.length = 0;
                item = trimmed(whole, 0, whole.length, this.current);
            }
            else
                item = trimmed(text, pos, end, this.current);
            if (item)
                out.push(item);
            this.current++;
            this.pendingBytes = 0;
            pos = end + 1;
            end = text.indexOf(this.separator, pos);
        }
        if (pos < length) {
            this.parts.push(pos === 0 ? text : text.slice(pos));
            if (limited) {
                this.pendingBytes += utf8Length(text, pos, length, limit - this.pendingBytes);
                if (this.pendingBytes > limit)
                    return this.fail(out);
            }
        }
        return out;
    }
    /**
     * Ends the stream: the last line if the stream ended without a line end (non-blank), else
     * undefined; for records, the last record. Throws the ItemTooLarge a last `push` deferred.
     */
    end() {
        if (this.failure)
            throw this.failure;
        if (this.parts.length === 0)
            return undefined;
        const whole = this.parts.join("");
        this.parts = [];
        this.pendingBytes = 0;
        return trimmed(whole, 0, whole.length, this.current);
    }
    fail(out) {
        this.failure = new ItemTooLarge(this.limit, this.current, this.unit);
        this.parts = [];
        if (out.length > 0)
            return out;
        throw this.failure;
    }
}
/** `text[start, end)` without JSON whitespace around it (RFC 8259 section 2), or undefined if nothing is left. */
function trimmed(text, start, end, line) {
    while (start < end && isJsonWhitespace(text.charCodeAt(start)))
        start++;
    while (end > start && isJsonWhitespace(text.charCodeAt(end - 1)))
        end--;
    if (start === end)
        return undefined;
    return { text: start === 0 && end === text.length ? text : text.slice(start, end), line };
}
function isJsonWhitespace(code) {
    return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}
/**
 * The sequential media types (OpenAPI 3.2 §4.14.1) the runtime reads item by item, by format.
 * The generator reads descriptions with the same table, so what it types as a stream is what the
 * runtime parses as one.
 */
const FORMATS_BY_MEDIA_TYPE = new Map([
    ["text/event-stream", "event-stream"],
    ["application/jsonl", "json-lines"],
    ["application/x-ndjson", "json-lines"],
    ["application/x-jsonlines", "json-lines"],
    ["application/json-seq", "json-seq"],
    ["application/geo+json-seq", "json-seq"],
]);
/** The stream format of a media type or Content-Type value (parameters ignored), if it is one. */
function streamFormatOf(mediaType) {
    return FORMATS_BY_MEDIA_TYPE.get(mediaType.split(";")[0].trim().toLowerCase());
}
/** Silence longer than this between two reads fails the stream (`TIMEOUT`): 5 minutes. */
export const DEFAULT_IDLE_TIMEOUT_MS = 300_000;
function readStreamOptions(config, options) {
    const configured = config;
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
export class ToolStream {
    /** The first answer (status and headers). */
    response;
    #reader;
    #iterated = false;
    /** @internal Made by the runtime's streaming call. */
    constructor(exchange, spec, options, resend) {
        this.response = exchange.response;
        this.#reader = new StreamReader(exchange, spec, options, resend);
    }
    [Symbol.asyncIterator]() {
        if (this.#iterated || !this.#reader)
            throw new TypeError("a ToolStream can be iterated once");
        this.#iterated = true;
        return this.#reader;
    }
    /** The last event id seen (event streams), as `Last-Event-ID` would send it. */
    get lastEventId() {
        return this.#reader?.lastEventId;
    }
    /** Closes the connection; an iteration in progress ends. */
    async close() {
        await this.#reader?.return();
    }
}
class StreamReader {
    spec;
    options;
    resend;
    lastEventId;
    #exchange;
    #body;
    #decoder = new TextDecoder();
    #parser;
    #queue = [];
    #next = 0;
    #pending;
    #finished = false;
    #idled = false;
    #retry;
    #failuresInARow = 0;
    #handedOut = 0;
    constructor(exchange, spec, options, resend) {
        this.spec = spec;
        this.options = options;
        this.resend = resend;
        this.#exchange = exchange;
        const started = this.#start(exchange);
        this.#body = started.body;
        this.#parser = started.parser;
    }
    async next() {
        for (;;) {
            if (this.#next < this.#queue.length) {
                const value = this.#queue[this.#next++];
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
            if (this.#finished)
                return { value: undefined, done: true };
            await this.#fill();
        }
    }
    async return() {
        this.#queue.length = 0;
        this.#pending = undefined;
        this.#close();
        return { value: undefined, done: true };
    }
    /** Takes over an answer: checks its Content-Type, makes its parser. */
    #start(exchange) {
        const { response } = exchange;
        const format = this.#formatOf(response);
        const parser = format === "event-stream"
            ? { kind: "events", parser: new EventStreamParser(this.options.maxItemBytes) }
            : { kind: "lines", parser: new JsonLinesParser(this.options.maxItemBytes, format === "json-seq" ? "record" : "line") };
        if (response.status === 204 || !response.body)
            this.#finished = true;
        const body = (response.body ?? new ReadableStream({ start: (c) => c.close() })).getReader();
        return { body, parser };
    }
    /** The answer's actual format; a JSON answer where a stream was asked for is refused. */
    #formatOf(response) {
        const type = (response.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
        const actual = streamFormatOf(type);
        if (actual)
            return actual;
        if (type === "" || response.status === 204)
            return this.spec.format;
        const hint = type === "application/json" || type.endsWith("+json") ? " (the request may have to ask for a stream, e.g. with `stream: true`)" : "";
        response.body?.cancel().catch(() => { });
        this.#exchange.controller.abort();
        this.#exchange.release();
        throw this.#exchange.fail(`answered ${response.status} with ${type} where ${this.spec.mediaType} was asked for${hint}`, "INVALID_RESPONSE", { status: response.status });
    }
    /** Reads until an item, an error or the end is queued. */
    async #fill() {
        while (this.#next >= this.#queue.length && !this.#pending && !this.#finished) {
            let chunk;
            try {
                chunk = await this.#read();
            }
            catch (error) {
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
    #read() {
        const idle = this.options.idleTimeoutMs;
        if (!(idle > 0) || idle === Infinity)
            return this.#body.read();
        const timer = setTimeout(() => {
            this.#idled = true;
            this.#exchange.controller.abort();
        }, idle);
        return this.#body.read().finally(() => clearTimeout(timer));
    }
    /** Parses decoded text into the queue; a parse failure is queued behind the good items. */
    #take(text) {
        if (text === "")
            return;
        this.#parsing(() => {
            if (this.#parser.kind === "events") {
                const parser = this.#parser.parser;
                const events = parser.push(text);
                // `dispatched` already counts the whole chunk's events.
                const first = parser.dispatched - events.length + 1;
                for (let i = 0; i < events.length; i++)
                    if (!this.#event(events[i], first + i))
                        return;
            }
            else {
                for (const line of this.#parser.parser.push(text))
                    if (!this.#line(line.text, line.line))
                        return;
            }
        });
    }
    /** Runs a parser step; an item past the size cap (found now or deferred to this step) is queued as the error. */
    #parsing(step) {
        try {
            step();
        }
        catch (error) {
            if (!(error instanceof ItemTooLarge))
                throw error;
            this.#pending = this.#exchange.fail(`streamed ${error.unit} ${error.position} larger than ${error.limit} bytes; it was not read (raise maxResponseBytes to accept it)`, "RESPONSE_TOO_LARGE", {
                status: this.#exchange.response.status,
            });
        }
    }
    /** Queues one event; false when it ends the stream (`[DONE]`) or is broken. */
    #event(event, position) {
        if (event.retry !== undefined)
            this.#retry = event.retry;
        if (event.id !== undefined)
            this.lastEventId = event.id;
        let data = event.data;
        if (this.spec.json) {
            // OpenAI and the servers compatible with it end a stream with this non-JSON sentinel.
            if (event.data === "[DONE]") {
                this.#finishEarly();
                return false;
            }
            try {
                data = JSON.parse(event.data);
            }
            catch {
                this.#pending = this.#exchange.fail(`streamed event ${position} whose data is not JSON: ${snippet(event.data)}`, "INVALID_RESPONSE", {
                    status: this.#exchange.response.status,
                    body: event.data.slice(0, 1000),
                });
                return false;
            }
        }
        const item = { data };
        if (event.event !== undefined)
            item.event = event.event;
        const id = event.id ?? this.lastEventId;
        if (id !== undefined)
            item.id = id;
        if (event.retry !== undefined)
            item.retry = event.retry;
        return this.#accept(item);
    }
    /** Queues a decoded item unless the caller's check refuses it. */
    #accept(item) {
        const problem = this.options.validateItem?.(item);
        if (problem !== undefined) {
            this.#pending = this.#exchange.fail(`streamed item ${this.#handedOut + this.#queue.length - this.#next + 1} that does not match its schema: ${problem}`, "INVALID_RESPONSE", {
                status: this.#exchange.response.status,
                body: item,
            });
            return false;
        }
        if (this.#failuresInARow > 0)
            this.#failuresInARow = 0;
        this.#queue.push(item);
        return true;
    }
    /** Queues one JSON line (or record); false when it is broken. */
    #line(text, line) {
        let item;
        try {
            item = JSON.parse(text);
        }
        catch {
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
    #end() {
        this.#parsing(() => {
            if (this.#parser.kind === "lines") {
                const last = this.#parser.parser.end();
                if (last)
                    this.#line(last.text, last.line);
            }
            else {
                this.#parser.parser.end();
            }
        });
        this.#finished = true;
        this.#exchange.release();
    }
    /** A read failed: reconnect when asked to and allowed, else queue the error. */
    async #broken(error) {
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
    async #reconnect(reconnect, failure) {
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
            }
            catch (error) {
                const next = error;
                if ((next.code !== "NETWORK" && next.code !== "TIMEOUT") || this.#failuresInARow >= reconnect.retries) {
                    this.#pending = next.code === "NETWORK" || next.code === "TIMEOUT" ? failure : next;
                    return;
                }
            }
        }
    }
    /** `[DONE]`: the stream is over although the connection may stay open. */
    #finishEarly() {
        this.#finished = true;
        this.#close();
    }
    #close() {
        this.#finished = true;
        this.#body.cancel().catch(() => { });
        this.#exchange.controller.abort();
        this.#exchange.release();
    }
}
/** Waits `ms`, or less when the signal aborts. */
function delay(ms, signal) {
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
/**
 * The hook `request` calls with a 2xx answer before it is decoded (an options key no caller can
 * write by accident): how `callOperation` learns the Response of the attempt that succeeded.
 */
const ANSWER = Symbol("toolgen.answer");
/**
 * What every generated function returns: a Promise of the result (it awaits, chains and rejects as
 * the plain promise did) that also has `withResponse()`, which resolves to `{ data, headers,
 * response }`: the result, the declared answer headers (`H`, `<Name>Headers`) and the `Response`.
 * `then` and the others return plain Promises.
 */
export class CallPromise extends Promise {
    static get [Symbol.species]() {
        return Promise;
    }
    #answer;
    /** The result with the declared headers and the `Response` of the answer. */
    withResponse() {
        // The caller awaits this promise instead: the call's own rejection is then no unhandled one.
        this.catch(() => undefined);
        return this.#answer ?? Promise.reject(new Error("withResponse: not a call's promise"));
    }
    /** @internal Sets what withResponse resolves to. */
    static of(answer) {
        const promise = new CallPromise((resolve, reject) => {
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
export function callOperation(config, op, input, options) {
    let answer;
    const hooked = { ...options, [ANSWER]: (response) => void (answer = response) };
    const result = request(config, op, input, hooked).then((data) => ({ data, headers: declaredHeaders(op, answer), response: answer }));
    return CallPromise.of(result);
}
/** The declared headers of the answer, read by type. */
function declaredHeaders(op, response) {
    const headers = {};
    if (!op.headers || !response)
        return headers;
    for (const [name, type] of Object.entries(op.headers)) {
        const text = response.headers.get(name);
        if (text === null)
            continue;
        const value = type.endsWith("[]") ? arrayValue(text, type.slice(0, -2)) : headerValue(text, type);
        if (value !== undefined)
            headers[name] = value;
    }
    return headers;
}
function arrayValue(text, type) {
    if (text.trim() === "")
        return [];
    const items = text.split(",").map((item) => headerValue(item.trim(), type));
    return items.includes(undefined) ? undefined : items;
}
function headerValue(text, type) {
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
                return JSON.parse(text);
            }
            catch {
                return undefined;
            }
        default:
            return text;
    }
}
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
function isIdempotencyKeyHeader(name) {
    const lower = name.toLowerCase();
    return lower === "idempotency-key" || lower === "x-idempotency-key";
}
/**
 * The input with the operation's idempotency key filled in (`crypto.randomUUID()`), unless the
 * caller gave one, as the input field or in `headers` (a header set to `undefined` there says
 * "send none"). Called once per logical call, so every attempt sends the same key.
 */
function withIdempotencyKey(config, op, input, options) {
    const key = op.idempotencyKey;
    if (key === undefined || input?.[key] !== undefined)
        return input;
    const name = op.params.find((p) => p.key === key)?.name ?? key;
    if (headerOf(options.headers, name) !== null || headerOf(config.headers, name) !== null)
        return input;
    return { ...input, [key]: globalThis.crypto.randomUUID() };
}
/** The value a caller's header record gives a name (any case): null when it does not name it. */
function headerOf(headers, name) {
    if (!headers)
        return null;
    const lower = name.toLowerCase();
    for (const [key, value] of Object.entries(headers))
        if (key.toLowerCase() === lower)
            return value;
    return null;
}
/** Whether the request may be sent again: an idempotent method, or an idempotency key it carries. */
function mayResend(config, op, input, options) {
    if (IDEMPOTENT.has(op.method))
        return true;
    if (op.idempotencyKey !== undefined && input?.[op.idempotencyKey] !== undefined)
        return true;
    const headers = { ...lowerCased(config.headers), ...lowerCased(options.headers) };
    return Object.entries(headers).some(([name, value]) => typeof value === "string" && value !== "" && isIdempotencyKeyHeader(name));
}
function lowerCased(headers) {
    const out = {};
    for (const [name, value] of Object.entries(headers ?? {}))
        out[name.toLowerCase()] = value;
    return out;
}
/** Runs `attempt` until it succeeds, fails for good, or the retries are spent. */
async function withRetries(config, options, safe, attempt) {
    const settings = { ...config.retry, ...options.retry };
    const retries = settings.retries ?? DEFAULT_RETRIES;
    if (!safe || !(retries > 0))
        return attempt();
    const signal = options.signal ?? config.signal;
    for (let n = 0;; n++) {
        try {
            return await attempt();
        }
        catch (error) {
            if (n >= retries || !(error instanceof ToolCallError) || !transient(error))
                throw error;
            const wait = delayOf(error, n, settings);
            if (wait === undefined)
                throw error;
            await pause(wait, signal, error);
        }
    }
}
function transient(error) {
    // A redirect chain refused (too long, to another scheme) is an answer, not a lost connection.
    if (error.code === "NETWORK")
        return !(error.cause instanceof RedirectRefused);
    if (error.code === "TIMEOUT")
        return true;
    return error.code === "HTTP_STATUS" && RETRY_STATUS.has(error.status ?? 0);
}
/** The wait before retry `n + 1` (0-based `n`), or undefined when the server asked for longer than the cap. */
function delayOf(error, n, settings) {
    const maxDelay = settings.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
    if (error.retryAfterMs !== undefined)
        return error.retryAfterMs > maxDelay ? undefined : error.retryAfterMs;
    const ceiling = Math.min(settings.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS, (settings.minDelayMs ?? DEFAULT_MIN_DELAY_MS) * 2 ** n);
    return Math.min(maxDelay, Math.random() * ceiling);
}
/** Waits `ms`; the caller's abort ends the wait and the call, with code ABORTED. */
function pause(ms, signal, last) {
    return new Promise((resolve, reject) => {
        const aborted = () => {
            const reason = last.status !== undefined ? `a ${last.status} answer` : `a ${last.code} failure`;
            return new ToolCallError(`was aborted while waiting to retry after ${reason}`, { tool: last.tool, code: "ABORTED", method: last.method, url: last.url, cause: signal?.reason });
        };
        if (signal?.aborted)
            return reject(aborted());
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
export async function request(config, op, input, options = {}) {
    const values = withIdempotencyKey(config, op, input, options);
    return withRetries(config, options, mayResend(config, op, values, options), () => requestOnce(config, op, values, options));
}
async function requestOnce(config, op, input, options) {
    const exchange = await openExchange(config, op, input, options);
    const { response, fail } = exchange;
    try {
        const maxBytes = options.maxResponseBytes ?? config.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
        let read;
        let download;
        try {
            const success = response.status >= 200 && response.status <= 299;
            if (success && (options.attachmentsAsFiles ?? config.attachmentsAsFiles))
                download = downloadOf(response.headers.get("content-disposition"));
            read = await readCappedBody(response, maxBytes, download !== undefined);
        }
        catch (error) {
            throw transportError(exchange, error);
        }
        if (read instanceof BodyTooLarge) {
            throw fail(`answered ${response.status} with a body larger than ${read.limit} bytes; it was not read (raise maxResponseBytes to accept it)`, "RESPONSE_TOO_LARGE", { status: response.status });
        }
        if (response.status < 200 || response.status > 299)
            throw statusError(exchange, read);
        options[ANSWER]?.(response);
        if (download !== undefined && read.blob)
            return new File([read.blob], download.filename ?? "", { type: read.blob.type });
        const result = decodeSuccess(op, response, read);
        if (result instanceof InvalidAnswer)
            throw fail(result.message, "INVALID_RESPONSE", { status: response.status, body: result.body });
        return result;
    }
    finally {
        exchange.stopTimer();
        exchange.release();
    }
}
/**
 * A stream's request: the answer's headers within `timeoutMs`, an error status rejected as any
 * call's is (its body read under the size cap), and a 2xx answer handed to a ToolStream that
 * reads it item by item. Streams are never retried; `options.reconnect` resumes a broken one.
 */
export async function streamRequest(config, op, input, options = {}) {
    const stream = op.stream;
    if (!stream)
        throw new ToolCallError("declares no streamed answer", { tool: op.tool, code: "INVALID_INPUT", method: op.method, url: op.path });
    const streamOp = { ...op, accept: streamAccept(stream.mediaType) };
    const keyed = withIdempotencyKey(config, op, input, options);
    const values = stream.flag !== undefined && keyed?.[stream.flag] === undefined ? { ...keyed, [stream.flag]: true } : keyed;
    const resend = (headers) => openStreamExchange(config, streamOp, values, { ...options, headers: { ...options.headers, ...headers } });
    const exchange = await openStreamExchange(config, streamOp, values, options);
    return new ToolStream(exchange, stream, readStreamOptions(config, options), resend);
}
/** Prefer the stream: a server offering JSON or a stream (OpenAI) answers the stream. */
function streamAccept(mediaType) {
    const base = mediaType.split(";")[0].trim().toLowerCase();
    return `${base}, application/json;q=0.5`;
}
async function openStreamExchange(config, op, input, options) {
    const exchange = await openExchange(config, op, input, options);
    const { response } = exchange;
    if (response.status >= 200 && response.status <= 299) {
        exchange.stopTimer();
        return exchange;
    }
    try {
        const maxBytes = options.maxResponseBytes ?? config.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
        let read;
        try {
            read = await readCappedBody(response, maxBytes);
        }
        catch (error) {
            throw transportError(exchange, error);
        }
        if (read instanceof BodyTooLarge) {
            throw exchange.fail(`answered ${response.status} with a body larger than ${read.limit} bytes; it was not read (raise maxResponseBytes to accept it)`, "RESPONSE_TOO_LARGE", { status: response.status });
        }
        throw statusError(exchange, read);
    }
    finally {
        exchange.stopTimer();
        exchange.release();
    }
}
/** Sends the request and waits for the answer's headers. */
async function openExchange(config, op, input, options) {
    const values = (input ?? {});
    const baseUrl = options.baseUrl ?? config.baseUrl;
    const problem = parameterProblem(op, values);
    if (problem)
        throw new ToolCallError(problem, { tool: op.tool, code: "INVALID_INPUT", method: op.method, url: `${baseUrl.replace(/\/+$/, "")}${op.path}` });
    // Errors name this URL: it never carries a query credential, which is added only to what is sent.
    const url = buildUrl(baseUrl, op, values, config.version);
    const { body, contentType } = encodeBody(op, values);
    const token = options.accessToken ?? config.accessToken ?? (config.tokenFromEnv ? environmentToken() : undefined);
    let secrets = secretsOf({}, token);
    const fail = (message, code, extra = {}) => new ToolCallError(redact(message, secrets), { tool: op.tool, code, method: op.method, url, ...extra, ...("body" in extra ? { body: redact(extra.body, secrets) } : {}), ...(extra.headers ? { headers: redact(extra.headers, secrets) } : {}) });
    const timeoutMs = options.timeoutMs ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const controller = new AbortController();
    const callerSignal = options.signal ?? config.signal;
    let timedOut = false;
    const onAbort = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted)
        throw fail("was aborted before it was sent", "ABORTED", { cause: callerSignal.reason });
    callerSignal?.addEventListener("abort", onAbort, { once: true });
    let timer = timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
        }, timeoutMs)
        : undefined;
    const stopTimer = () => {
        if (timer !== undefined)
            clearTimeout(timer);
        timer = undefined;
    };
    const release = () => callerSignal?.removeEventListener("abort", onAbort);
    const doFetch = options.fetch ?? config.fetch ?? globalThis.fetch;
    let handedOver = false;
    try {
        // Credentials first: a refresh function runs under the same timeout and abort as the call.
        let auth;
        try {
            const values = { ...config.auth, ...options.auth };
            auth = await untilAborted(applyAuth(config.securitySchemes, op.security, values, encodeStrict), controller.signal);
        }
        catch (error) {
            if (error instanceof CredentialFailed)
                throw fail(error.message, "AUTH", { cause: error.cause });
            if (timedOut)
                throw fail(`got no credential within ${timeoutMs} ms`, "TIMEOUT", { cause: error });
            throw fail("was aborted", "ABORTED", { cause: error });
        }
        const paramHeaders = parameterHeaders(op, values);
        const cookie = [paramHeaders.cookie, ...auth.cookies].filter(Boolean).join("; ");
        const headers = mergeHeaders({ accept: op.accept ?? "application/json" }, contentType ? { "content-type": contentType } : undefined, token ? { authorization: `token ${token}` } : undefined, auth.headers, config.headers, options.headers, paramHeaders, cookie ? { cookie } : undefined);
        secrets = secretsOf(headers, token, auth.secrets);
        const target = withQuery(withoutQueryNames(url, auth.queryNames), auth.query);
        const maxRedirects = options.maxRedirects ?? config.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
        const exchange = (response) => ({
            response,
            controller,
            fail,
            timeoutMs,
            timedOut: () => timedOut,
            unsatisfied: auth.unsatisfied,
            stopTimer,
            release,
        });
        let answered;
        try {
            const init = { method: op.method, headers, ...(body !== undefined ? { body } : {}), signal: controller.signal, credentialQuery: auth.queryNames };
            answered = await fetchFollowingRedirects(doFetch, target, init, maxRedirects);
        }
        catch (error) {
            throw transportError({ controller, fail, timeoutMs, timedOut: () => timedOut }, error);
        }
        if (answered instanceof RedirectRefused)
            throw fail(answered.message, "NETWORK", { cause: answered });
        handedOver = true;
        return exchange(answered.response);
    }
    finally {
        if (!handedOver) {
            stopTimer();
            release();
        }
    }
}
/** The error of a non-2xx answer whose body was read. */
function statusError(exchange, read) {
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
function authHint(alternatives) {
    const first = alternatives.find((a) => a.length > 0) ?? [];
    const example = first.map((name) => `${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}: …`).join(", ");
    return ` (no credentials were sent: the operation accepts the security scheme${alternatives.length > 1 || first.length > 1 ? "s" : ""} ${describeAlternatives(alternatives)}; supply them with configure({ auth: { ${example} } }))`;
}
/** The promise, or a rejection as soon as the signal aborts. */
function untilAborted(promise, signal) {
    if (signal.aborted)
        return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
        const onAbort = () => reject(signal.reason);
        signal.addEventListener("abort", onAbort, { once: true });
        promise.then((value) => {
            signal.removeEventListener("abort", onAbort);
            resolve(value);
        }, (error) => {
            signal.removeEventListener("abort", onAbort);
            reject(error);
        });
    });
}
function environmentToken() {
    const env = globalThis.process?.env;
    return env?.EB_AGENT_ACCESS_TOKEN || undefined;
}
/**
 * How long the server asks to wait: `retry-after-ms` (OpenAI's, milliseconds) wins over
 * Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3).
 */
function retryAfter(response) {
    const ms = response.headers.get("retry-after-ms");
    if (ms?.trim() && Number.isFinite(Number(ms)))
        return { retryAfterMs: Math.max(0, Number(ms)) };
    const value = response.headers.get("retry-after");
    if (!value)
        return {};
    const seconds = Number(value);
    if (Number.isFinite(seconds))
        return { retryAfterMs: Math.max(0, seconds * 1000) };
    const date = Date.parse(value);
    return Number.isFinite(date) ? { retryAfterMs: Math.max(0, date - Date.now()) } : {};
}
/**
 * `fn.paged` as `operations.ts` writes it, `pageCall(client, spec) as PageCall<"data">`: a call of
 * one plain signature and a cast cost tsc one type per paged operation, where an object literal
 * cost four (GitHub's description: +100 types in an app's check instead of +1,140).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any toolkit's credentials
export function pageCall(client, spec) {
    return { client, spec };
}
/**
 * Iterates every item of every page: `for await (const repo of paginate(listRepos, { per_page: 100 }))`.
 * Only a function the generator recognised as paged is accepted (it has `fn.paged`).
 * @throws {ToolCallError} as the function would for any page, or INVALID_RESPONSE when a page has no items array.
 */
export function paginate(fn, ...[input, options]) {
    const call = fn.paged;
    if (!call?.spec?.page)
        throw new TypeError(`paginate: ${call?.spec?.tool ?? fn.name} is not a paged operation`);
    const merged = call.options ? withBoundOptions(call.options, options) : (options ?? {});
    return pages(call, call.spec.page, input, merged);
}
async function* pages(call, page, firstInput, options) {
    const { maxPages, ...callOptions } = options;
    const seen = new Set();
    const run = { longest: 0 };
    let input = { ...firstInput };
    let nextUrl;
    for (let count = 0; maxPages === undefined || count < maxPages; count++) {
        const { data, response, url } = await requestPage(call, input, callOptions, nextUrl);
        seen.add(`url ${url}`);
        const items = itemsOf(call.spec, page, data, url);
        // A page met before (a next link back to page 1 spelled differently, a server that ignores
        // the page parameter) ends the list rather than starting it again.
        const signature = pageSignature(items);
        if (signature !== undefined) {
            if (seen.has(signature))
                return;
            seen.add(signature);
        }
        for (const item of items)
            yield item;
        const next = nextOf(page, data, items, input, response, url, run);
        if (next === undefined)
            return;
        const key = "url" in next ? `url ${next.url}` : `input ${JSON.stringify(next.input)}`;
        if (seen.has(key))
            return;
        seen.add(key);
        if ("url" in next) {
            if (!sameOrigin(next.url, options.baseUrl ?? call.client.baseUrl))
                return;
            nextUrl = next.url;
        }
        else {
            input = next.input;
            nextUrl = undefined;
        }
    }
}
function isSet(value) {
    return value !== undefined && value !== null && value !== "";
}
/**
 * Whether a numbered page shorter than the page size ends the list. The size the server uses
 * when none is asked for is trusted. A size the caller asked for may be above what the server
 * gives (`per_page: 500` where GitHub gives 100), which a page does not tell: unless the
 * description declares the maximum, a short first page is checked by asking for the next one, and
 * later a page ends the list only when it is shorter than one before it.
 */
function isShortPage(page, input, length, run) {
    const longestBefore = run.longest;
    run.longest = Math.max(run.longest, length);
    const asked = input[page.size];
    const chosen = typeof asked === "number" ? asked : typeof asked === "string" && asked !== "" ? Number(asked) : undefined;
    if (chosen === undefined || !Number.isFinite(chosen))
        return page.defaultSize !== undefined && length < page.defaultSize;
    if (page.maxSize !== undefined)
        return length < Math.min(chosen, page.maxSize);
    if (length >= chosen)
        return false;
    return length < longestBefore;
}
function nextOf(page, data, items, input, response, url, run) {
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
            return (typeof value === "string" && value !== "") || typeof value === "number" ? { input: { ...input, [page.param]: value } } : undefined;
        }
        case "after": {
            if (at(data, page.next ?? "has_more") !== true || items.length === 0)
                return undefined;
            // Paging backwards (Stripe's ending_before): each page ends before the first item of the last.
            const backwards = page.before !== undefined && isSet(input[page.before]);
            const id = items[backwards ? 0 : items.length - 1]?.id;
            if (typeof id !== "string" && typeof id !== "number")
                return undefined;
            return { input: { ...input, [backwards ? page.before : page.param]: id } };
        }
        case "page":
        case "offset": {
            if (items.length === 0)
                return undefined;
            if (isShortPage(page, input, items.length, run))
                return undefined;
            const current = Number(input[page.param] ?? (page.kind === "page" ? (page.first ?? 1) : 0));
            if (!Number.isFinite(current))
                return undefined;
            return { input: { ...input, [page.param]: page.kind === "page" ? current + 1 : current + items.length } };
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
async function requestPage(call, input, options, nextUrl) {
    const base = options.fetch ?? call.client.fetch ?? globalThis.fetch;
    let built;
    let response;
    let url = "";
    // Each attempt (retries) starts at the built URL; a redirect's hops go elsewhere.
    const recording = (async (target, init) => {
        let href = target instanceof Request ? target.url : String(target);
        built ??= href;
        if (nextUrl !== undefined && href === built)
            href = withMissingQuery(nextUrl, built);
        url = href;
        response = await base(href, init);
        return response;
    });
    const data = await request(call.client, call.spec, input, { ...options, fetch: recording });
    return { data, response, url };
}
function withMissingQuery(next, built) {
    const target = new URL(next);
    for (const [name, value] of new URL(built).searchParams)
        if (!target.searchParams.has(name))
            target.searchParams.append(name, value);
    return target.href;
}
function itemsOf(spec, page, data, url) {
    const items = page.items === undefined ? data : at(data, page.items);
    if (Array.isArray(items))
        return items;
    // An empty page may leave the array out or set it to null.
    if ((items === undefined || items === null) && page.items !== undefined && typeof data === "object" && data !== null)
        return [];
    throw new ToolCallError(`answered a page without its items array${page.items ? ` (${page.items})` : ""}`, { tool: spec.tool, code: "INVALID_RESPONSE", method: spec.method, url, body: data });
}
function at(data, path) {
    if (path === undefined)
        return undefined;
    let value = data;
    for (const name of path.split(".")) {
        if (typeof value !== "object" || value === null || !Object.prototype.hasOwnProperty.call(value, name))
            return undefined;
        value = value[name];
    }
    return value;
}
function pageSignature(items) {
    if (items.length === 0)
        return undefined;
    return `page ${items.length} ${JSON.stringify(items[0])} ${JSON.stringify(items[items.length - 1])}`;
}
/** The rel="next" target of a `Link` header (RFC 8288), if there is one. */
function nextLink(header) {
    if (!header)
        return undefined;
    for (const match of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+(?:=(?:"[^"]*"|[^;,]*))?)*)/g)) {
        const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(match[2] ?? "");
        const rels = (rel?.[1] ?? rel?.[2] ?? "").toLowerCase().split(/\s+/);
        if (rels.includes("next"))
            return match[1];
    }
    return undefined;
}
function resolve(link, base) {
    try {
        return new URL(link, base || undefined).href;
    }
    catch {
        return link;
    }
}
function sameOrigin(next, baseUrl) {
    try {
        return new URL(next).origin === new URL(baseUrl).origin;
    }
    catch {
        return false;
    }
}
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
export async function collectItems(stream, tool, limits = {}) {
    const onItem = limits.onStreamItem;
    const maxItems = limits.maxStreamItems ?? DEFAULT_MAX_STREAM_ITEMS;
    const maxBytes = limits.maxStreamBytes ?? DEFAULT_MAX_STREAM_BYTES;
    const items = [];
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
const byTool = new WeakMap();
/**
 * The run-time half of the typed guard: `error` is a ToolCallError of an HTTP answer from `tool`
 * (canonical or function name), its status is `status` when given, and the tool declares an
 * error answer for that status (the code itself, its range, or `default`), exactly as the type
 * `DeclaredErrorStatus` says.
 */
export function isDeclaredError(error, table, tool, status) {
    if (tool === undefined)
        return isToolCallError(error);
    if (!isToolCallError(error) || error.code !== "HTTP_STATUS" || error.status === undefined)
        return false;
    if (status !== undefined && error.status !== status)
        return false;
    const entry = entryOf(table, tool);
    if (entry === undefined || entry[0] !== error.tool)
        return false;
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
export function errorGuard(table) {
    return (error, tool, status) => isDeclaredError(error, table, tool, status);
}
/** Canonical names first, then function names, as `ToolErrors` is keyed. */
function entryOf(table, tool) {
    let canonical = byTool.get(table);
    if (canonical === undefined) {
        canonical = new Map(Object.values(table).map((entry) => [entry[0], entry]));
        byTool.set(table, canonical);
    }
    return canonical.get(tool) ?? (Object.prototype.hasOwnProperty.call(table, tool) ? table[tool] : undefined);
}
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
function newLocalFileId() {
    return `file-local-${crypto.randomUUID().toLowerCase()}`;
}
export function isLocalFileId(text) {
    return LOCAL.test(text);
}
export function isRemoteFileId(text) {
    return REMOTE.test(text);
}
/** The id inside `<file>…</file>`, or the text itself. */
function unwrapFileId(text) {
    const trimmed = text.trim();
    return trimmed.startsWith("<file>") && trimmed.endsWith("</file>") ? trimmed.slice(6, -7).trim() : trimmed;
}
/** The types a schema admits, as a list (`undefined`: any type). */
function typesOf(schema) {
    const { type } = schema;
    if (type === undefined)
        return undefined;
    return typeof type === "string" ? [type] : type;
}
/** True when the schema explicitly admits `null`. */
function admitsNull(schema) {
    const types = typesOf(schema);
    if (types?.includes("null"))
        return true;
    if (schema.enum?.includes(null))
        return true;
    if (schema.const === null)
        return true;
    return (schema.anyOf ?? schema.oneOf ?? []).some(admitsNull);
}
/** Stop collecting after this many problems: a model fixes the first ones and retries. */
const MAX_PROBLEMS = 20;
export function validateValue(schema, value, path = "$") {
    const walk = new Walk(path, MAX_PROBLEMS);
    walk.check(nodeOf(schema), value);
    return walk.problems;
}
function isValid(schema, value) {
    return isValidNode(nodeOf(schema), value);
}
function isValidNode(node, value) {
    const walk = new Walk("$", 1);
    walk.check(node, value);
    return walk.problems.length === 0;
}
const TYPE_BITS = { string: 1, number: 2, integer: 4, boolean: 8, null: 16, array: 32, object: 64 };
/** A schema object as the walk reads it: every field present, in one shape. */
class Node {
    source;
    /** Bit set of admitted types (0: any type). */
    types;
    enumValues;
    hasConst;
    constValue;
    minLength;
    maxLength;
    pattern;
    format;
    minimum;
    maximum;
    exclusiveMinimum;
    exclusiveMaximum;
    multipleOf;
    int32;
    properties;
    required;
    /** `false`: closed; a Node: the schema of other properties; `undefined`: open. */
    additional;
    minProperties;
    maxProperties;
    items;
    prefixItems;
    minItems;
    maxItems;
    uniqueItems;
    alternatives;
    allOf;
    not;
    /** The schema admits `null` (so a `null` a model sends is meant, not "left out"). */
    nullable;
    constructor(schema) {
        this.source = schema;
        let types = 0;
        for (const t of typesOf(schema) ?? [])
            types |= ownValue(TYPE_BITS, t) ?? 0;
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
const nodes = new WeakMap();
/** The Node of a schema object, read once and kept as long as the schema lives. */
function nodeOf(schema) {
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
export function dropOptionalNulls(schema, value) {
    return dropNulls(nodeOf(schema), value);
}
function dropNulls(node, value) {
    if (typeof value !== "object" || value === null)
        return value;
    if (Array.isArray(value)) {
        const items = node.items;
        if (items === undefined)
            return value;
        let out;
        for (let i = 0; i < value.length; i++) {
            const next = dropNulls(items, value[i]);
            if (next !== value[i])
                (out ??= [...value])[i] = next;
        }
        return out ?? value;
    }
    const properties = node.properties;
    if (properties === undefined)
        return value;
    const record = value;
    let out;
    for (const name in record) {
        if (!Object.hasOwn(record, name))
            continue;
        const property = properties.get(name);
        if (property === undefined)
            continue;
        const item = record[name];
        if (item === null) {
            if (!property.nullable && !(node.required?.includes(name) ?? false)) {
                out ??= { ...record };
                delete out[name];
            }
            continue;
        }
        const next = dropNulls(property, item);
        if (next !== item)
            setOwn((out ??= { ...record }), name, next);
    }
    return out ?? value;
}
/**
 * One validation: the path is a stack of keys turned into text only when a problem is reported,
 * and a schema node that passes allocates nothing.
 */
class Walk {
    root;
    limit;
    problems = [];
    keys = [];
    constructor(root, limit) {
        this.root = root;
        this.limit = limit;
    }
    path() {
        let text = this.root;
        for (const key of this.keys)
            text = typeof key === "number" ? `${text}[${key}]` : childPath(text, key);
        return text;
    }
    report(message) {
        if (this.problems.length < this.limit)
            this.problems.push({ path: this.path(), message });
    }
    child(key, node, value) {
        this.keys.push(key);
        this.check(node, value);
        this.keys.pop();
    }
    check(node, value) {
        if (this.problems.length >= this.limit)
            return;
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
        if (typeof value === "string")
            this.string(node, value);
        else if (typeof value === "number")
            this.number(node, value);
        else if (Array.isArray(value))
            this.array(node, value);
        else if (typeof value === "object" && value !== null)
            this.object(node, value);
        if (node.alternatives !== undefined)
            this.alternatives(node.alternatives, value);
        if (node.allOf !== undefined)
            for (const part of node.allOf)
                this.check(part, value);
        if (node.not !== undefined && isValidNode(node.not, value))
            this.report("matches a shape that is not allowed here");
    }
    string(node, value) {
        // Lengths count code points, as JSON Schema does, not UTF-16 units.
        if (node.minLength !== undefined || node.maxLength !== undefined) {
            const length = /[\uD800-\uDFFF]/.test(value) ? [...value].length : value.length;
            if (node.minLength !== undefined && length < node.minLength)
                this.report(`must have at least ${node.minLength} characters, got ${length}`);
            if (node.maxLength !== undefined && length > node.maxLength)
                this.report(`must have at most ${node.maxLength} characters, got ${length}`);
        }
        if (node.pattern !== undefined && !node.pattern.test(value)) {
            if (node.source.pattern === FILE_ID_PATTERN)
                this.report(`must be a file id (file-local-<uuid>), as an earlier tool result or the user gave it, got ${describe(value)}`);
            else
                this.report(`must match the pattern ${node.source.pattern}, got ${describe(value)}`);
        }
        if (node.format !== undefined && !node.format(value)) {
            const format = node.source.format;
            this.report(`must be a valid ${format} (${ownValue(FORMAT_HINTS, format) ?? format}), got ${describe(value)}`);
        }
    }
    number(node, value) {
        if (node.minimum !== undefined && value < node.minimum)
            this.report(`must be at least ${node.minimum}, got ${value}`);
        if (node.maximum !== undefined && value > node.maximum)
            this.report(`must be at most ${node.maximum}, got ${value}`);
        if (node.exclusiveMinimum !== undefined && value <= node.exclusiveMinimum)
            this.report(`must be greater than ${node.exclusiveMinimum}, got ${value}`);
        if (node.exclusiveMaximum !== undefined && value >= node.exclusiveMaximum)
            this.report(`must be less than ${node.exclusiveMaximum}, got ${value}`);
        if (node.multipleOf !== undefined) {
            const quotient = value / node.multipleOf;
            if (Math.abs(quotient - Math.round(quotient)) > 1e-9)
                this.report(`must be a multiple of ${node.multipleOf}, got ${value}`);
        }
        if (node.int32 && (value < -2147483648 || value > 2147483647))
            this.report(`must fit in 32 bits, got ${value}`);
    }
    array(node, value) {
        if (node.minItems !== undefined && value.length < node.minItems)
            this.report(`must have at least ${node.minItems} items, got ${value.length}`);
        if (node.maxItems !== undefined && value.length > node.maxItems)
            this.report(`must have at most ${node.maxItems} items, got ${value.length}`);
        if (node.uniqueItems) {
            const duplicate = value.findIndex((item, i) => value.findIndex((other) => deepEqual(item, other)) !== i);
            if (duplicate >= 0)
                this.report(`must not repeat items; item ${duplicate} repeats an earlier one`);
        }
        const prefix = node.prefixItems;
        for (let i = 0; i < value.length; i++) {
            const item = prefix !== undefined && i < prefix.length ? prefix[i] : node.items;
            if (item !== undefined)
                this.child(i, item, value[i]);
        }
    }
    object(node, value) {
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
        let unknown;
        let count = 0;
        for (const name in value) {
            if (!Object.hasOwn(value, name))
                continue;
            const item = value[name];
            if (item === undefined)
                continue;
            count++;
            const property = properties?.get(name);
            if (property !== undefined)
                this.child(name, property, item);
            else if (additional === false)
                (unknown ??= []).push(name);
            else if (additional !== undefined)
                this.child(name, additional, item);
        }
        if (unknown !== undefined) {
            const allowed = properties ? [...properties.keys()] : [];
            for (const name of unknown) {
                this.keys.push(name);
                this.report(allowed.length ? `is not a known argument here; the allowed ones are ${allowed.join(", ")}` : "is not a known argument; this takes no arguments here");
                this.keys.pop();
            }
        }
        if (node.minProperties !== undefined && count < node.minProperties)
            this.report(`must have at least ${node.minProperties} properties, got ${count}`);
        if (node.maxProperties !== undefined && count > node.maxProperties)
            this.report(`must have at most ${node.maxProperties} properties, got ${count}`);
    }
    /**
     * A value matching no alternative. When exactly one alternative admits the value's JSON type,
     * its problems are the useful ones (the model meant that branch); otherwise one summary line.
     */
    alternatives(alternatives, value) {
        if (alternatives.length === 0)
            return;
        for (const alternative of alternatives)
            if (isValidNode(alternative, value))
                return;
        const bits = typeBitsOf(value);
        const sameType = alternatives.filter((a) => a.types === 0 || (a.types & bits) !== 0);
        if (sameType.length === 1) {
            this.check(sameType[0], value);
            return;
        }
        const shapes = alternatives.map((a) => shapeOf(a.source));
        this.report(`must match one of ${alternatives.length} alternatives (${[...new Set(shapes)].join("; ")}), got ${describe(value)}`);
    }
}
/** The type bits a value has (an integer is also a number). */
function typeBitsOf(value) {
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
function includesValue(values, value) {
    if (typeof value !== "object" || value === null)
        return values.includes(value);
    return values.some((e) => deepEqual(e, value));
}
function shapeOf(schema) {
    if (schema.enum !== undefined)
        return `one of ${listValues(schema.enum)}`;
    if (Object.hasOwn(schema, "const"))
        return JSON.stringify(schema.const);
    const types = typesOf(schema);
    if (types === undefined)
        return "any value";
    const noun = types.map(typeNoun).join(" or ");
    if (schema.properties !== undefined && schema.required?.length)
        return `${noun} with ${schema.required.join(", ")}`;
    return noun;
}
function typeNoun(type) {
    return { string: "a string", number: "a number", integer: "an integer", boolean: "true or false", null: "null", array: "an array", object: "an object" }[type];
}
/** A short rendering of a bad value for a message (long text is cut). */
function describe(value) {
    if (value === undefined)
        return "nothing";
    if (value === null)
        return "null";
    if (Array.isArray(value))
        return `an array of ${value.length} item${value.length === 1 ? "" : "s"}`;
    if (typeof value === "object")
        return "an object";
    if (typeof value === "string") {
        const shown = value.length > 60 ? `${JSON.stringify(value.slice(0, 57))}…` : JSON.stringify(value);
        return `the string ${shown}`;
    }
    return String(value);
}
function listValues(values) {
    const shown = values.slice(0, 25).map((v) => JSON.stringify(v));
    return values.length > shown.length ? `${shown.join(", ")}, … (${values.length} in all)` : shown.join(", ");
}
/** `$.a`, `$.a[0]`, `$["not an identifier"]`. */
function childPath(path, key) {
    return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}
function deepEqual(a, b) {
    if (a === b)
        return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null)
        return false;
    if (Array.isArray(a) !== Array.isArray(b))
        return false;
    if (Array.isArray(a) && Array.isArray(b))
        return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
}
// Patterns come from the description; one bad pattern must not make a tool uncallable, so a
// pattern JavaScript cannot compile is skipped (the server still checks it).
const patterns = new Map();
function patternOf(source) {
    if (patterns.has(source))
        return patterns.get(source);
    let regex;
    try {
        regex = new RegExp(source, "u");
    }
    catch {
        try {
            regex = new RegExp(source);
        }
        catch {
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
function validDateAt(text) {
    const digit = (i) => text.charCodeAt(i) - 48;
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
const FORMAT_CHECKS = {
    "date-time": (t) => DATE_TIME.test(t) && validDateAt(t),
    date: (t) => DATE.test(t) && validDateAt(t),
    time: (t) => TIME.test(t),
    email: (t) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(t),
    uuid: (t) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(t),
    ipv4: (t) => /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(t),
    uri: (t) => /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/.test(t),
};
const FORMAT_HINTS = {
    "date-time": "RFC 3339, e.g. 2024-01-31T09:30:00Z",
    date: "YYYY-MM-DD",
    time: "HH:MM:SS with an optional zone",
    email: "name@example.com",
    uuid: "8-4-4-4-12 hex digits",
    ipv4: "four numbers 0-255 separated by dots",
    uri: "an absolute URI with a scheme, e.g. https://…",
};
function stringsAt(root, path, at = "$", key = "") {
    if (path.length === 0)
        return typeof root === "string" ? [{ at, key, value: root }] : [];
    const [step, ...rest] = path;
    if (step === 0)
        return Array.isArray(root) ? root.flatMap((item, i) => stringsAt(item, rest, `${at}[${i}]`, key)) : [];
    if (!isRecord(root))
        return [];
    if (step === 1)
        return Object.entries(root).flatMap(([k, v]) => stringsAt(v, rest, childPath(at, k), k));
    return Object.hasOwn(root, step) ? stringsAt(root[step], rest, childPath(at, step), step) : [];
}
/**
 * A copy of `root` with the value at each JSON path in `replacements` swapped, copying only the
 * objects and lists on the way there; everything else is shared with the original.
 */
function replaceAt(root, path, replacements, at = "$") {
    if (path.length === 0)
        return replacements.has(at) ? replacements.get(at) : root;
    const [step, ...rest] = path;
    if (step === 0)
        return Array.isArray(root) ? root.map((item, i) => replaceAt(item, rest, replacements, `${at}[${i}]`)) : root;
    if (!isRecord(root))
        return root;
    const keys = step === 1 ? Object.keys(root) : Object.hasOwn(root, step) ? [step] : [];
    if (keys.length === 0)
        return root;
    const copy = { ...root };
    for (const k of keys) {
        const value = replaceAt(root[k], rest, replacements, childPath(at, k));
        // Own, enumerable, even for `__proto__` (a name from the description like any other).
        Object.defineProperty(copy, k, { value, enumerable: true, writable: true, configurable: true });
    }
    return copy;
}
function isRecord(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Blob);
}
/** Why a file id cannot be used; `message` is written so a model can act on it. */
export class FileStoreError extends Error {
    code;
    id;
    name = "FileStoreError";
    constructor(code, id, message) {
        super(message);
        this.code = code;
        this.id = id;
    }
}
/** The standard errors, one wording for every store. */
function fileStoreError(code, id) {
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
/**
 * How a toolkit handles files on the model path (`toolkit.call`), and what a model sees of one.
 * Typed generated functions are not affected: they keep taking and returning Blob and File.
 */
/** 20 MiB: more than the images, audio and documents tools exchange, well under maxResponseBytes (32 MiB). */
export const DEFAULT_MAX_FILE_BYTES = 20 * 1024 * 1024;
/**
 * The instruction the reference adds as `prompt` to a result holding file ids when nothing else
 * gave one ("Using the tool's field descriptions, extract the information from the result and
 * write fluent text for the user. Make sure every 'file-' field appears exactly once; do not turn
 * it into a link or add HTML, Markdown or other formatting."). toolgen does not add it unless an
 * app passes it as `prompt`: it is tool data written in Chinese into every answer, whatever the
 * conversation's language.
 */
export const REFERENCE_FILE_PROMPT = "参考工具说明中对各个结果字段的描述，提取工具调用结果中的信息，生成一段通顺的文本满足用户的需求。请务必确保每个符合'file-'格式的字段只出现一次，无需将其转换为链接，也无需添加任何HTML、Markdown或其他格式化元素。";
async function storeAnswerFiles(tool, result, store, maxBytes) {
    if (result instanceof Blob) {
        const name = result instanceof File && result.name !== "" ? result.name : undefined;
        if (result.size > maxBytes)
            throw tooLarge(tool, result.size, maxBytes, name);
        const mimeType = cleanMimeType(result.type);
        const info = await store().put(result, { filename: name ?? defaultFilename(lastSegment(tool.name), mimeType), mimeType });
        const reference = { file: info.id, filename: info.filename, mimeType: info.mimeType, size: info.size };
        return { result: reference, stored: true };
    }
    const fields = tool.files?.output;
    if (fields === undefined || result === null || (typeof result !== "object" && typeof result !== "string"))
        return { result, stored: false };
    let out = result;
    let stored = false;
    for (const field of fields) {
        const replacements = new Map();
        for (const found of stringsAt(out, field.path)) {
            if (found.value === "" || isLocalFileId(found.value) || isRemoteFileId(found.value))
                continue;
            const content = decodeContent(found.value, field.mimeType);
            if (content === undefined)
                continue;
            if (content.bytes.byteLength > maxBytes)
                throw tooLarge(tool, content.bytes.byteLength, maxBytes, `${found.at} of the answer`);
            const info = await store().put(content.bytes, { filename: defaultFilename(found.key || lastSegment(tool.name), content.mimeType), mimeType: content.mimeType });
            replacements.set(found.at, info.id);
            stored = true;
        }
        if (replacements.size > 0)
            out = replaceAt(out, field.path, replacements);
    }
    return { result: out, stored };
}
/** Base64, or a `data:<type>;base64,` URL, whose type then wins over the declared one. */
function decodeContent(text, declared) {
    const dataUrl = /^data:([^;,]*)((?:;[^;,]*)*);base64,/i.exec(text);
    const bytes = base64ToBytes(dataUrl ? text.slice(dataUrl[0].length) : text);
    if (bytes === undefined)
        return undefined;
    return { bytes, mimeType: cleanMimeType(dataUrl?.[1] || declared) };
}
function tooLarge(tool, size, maxBytes, what) {
    const named = what === undefined ? "" : ` (${what})`;
    return new ToolCallError(`answered a file of ${size} bytes${named}, more than the ${maxBytes}-byte limit for files (raise files.maxFileBytes to accept it)`, {
        tool: tool.name,
        code: "RESPONSE_TOO_LARGE",
        method: tool.method,
        url: tool.path,
    });
}
function lastSegment(name) {
    return name.slice(name.lastIndexOf("/") + 1) || "file";
}
/** The brand of every copy of the runtime's ToolInputError (see ToolCallError's). */
const TOOL_INPUT_ERROR = Symbol.for("toolgen.ToolInputError");
export class ToolInputError extends Error {
    /** True for an error of any copy of the runtime (TOOL_INPUT_ERROR); a subclass checks its own prototype chain. */
    static [Symbol.hasInstance](value) {
        if (this !== ToolInputError)
            return Function.prototype[Symbol.hasInstance].call(this, value);
        return typeof value === "object" && value !== null && value[TOOL_INPUT_ERROR] === true;
    }
    name = "ToolInputError";
    /** The tool name as the model gave it. */
    tool;
    code;
    /** Each problem with the JSON path of the offending value (`$` is the arguments object). */
    problems;
    constructor(tool, code, problems, message) {
        super(message ?? ToolInputError.format(tool, problems));
        this.tool = tool;
        this.code = code;
        this.problems = problems;
        Object.defineProperty(this, TOOL_INPUT_ERROR, { value: true });
    }
    /** The retry message: one line per problem, then what to do. */
    static format(tool, problems) {
        const lines = problems.map((p) => `- ${p.path}: ${p.message}`);
        return `Invalid arguments for tool "${tool}":\n${lines.join("\n")}\nFix these and call "${tool}" again.`;
    }
}
/** A ToolInputError of any copy of the runtime. */
export function isToolInputError(error) {
    return error instanceof ToolInputError;
}
/**
 * A model's file ids -> the content a tool is sent. Runs after validation (so every id already
 * has the id's shape) and before any request: an id that names no file, a remote id, or a file
 * over the size limit is a ToolInputError with the argument's path, and nothing is sent.
 */
async function resolveInputFiles(tool, fields, args, store, maxBytes) {
    const uses = fields.flatMap((field) => stringsAt(args, field.path).map((found) => ({ field, at: found.at, id: unwrapFileId(found.value) })));
    if (uses.length === 0)
        return args;
    const files = store();
    const problems = [];
    const infos = await Promise.all(uses.map((use) => settle(files.info(use.id))));
    uses.forEach((use, i) => {
        const outcome = infos[i];
        if ("error" in outcome)
            problems.push({ path: use.at, message: messageOf(outcome.error) });
        else if (outcome.value.size > maxBytes) {
            problems.push({ path: use.at, message: `is a file of ${outcome.value.size} bytes (${outcome.value.filename}), more than the ${maxBytes} bytes a tool may be sent; pass a smaller file` });
        }
    });
    if (problems.length > 0)
        throw new ToolInputError(tool, "INVALID_ARGUMENTS", problems);
    const contents = new Map();
    for (const use of uses)
        if (!contents.has(use.id))
            contents.set(use.id, settle(files.get(use.id)));
    let out = args;
    for (const field of fields) {
        const replacements = new Map();
        for (const use of uses) {
            if (use.field !== field)
                continue;
            const outcome = await contents.get(use.id);
            // Deleted between the two reads: the same answer as if it had been missing from the start.
            if ("error" in outcome)
                problems.push({ path: use.at, message: messageOf(outcome.error) });
            else
                replacements.set(use.at, contentOf(outcome.value, field.send));
        }
        out = replaceAt(out, field.path, replacements);
    }
    if (problems.length > 0)
        throw new ToolInputError(tool, "INVALID_ARGUMENTS", problems);
    return out;
}
function contentOf(file, send) {
    return send === "base64" ? bytesToBase64(file.bytes) : new File([file.bytes], file.filename, { type: file.mimeType });
}
function settle(promise) {
    return promise.then((value) => ({ value }), (error) => ({ error }));
}
/** A store's own failure (a disk error) is the app's problem, not the model's: it is thrown as is. */
function messageOf(error) {
    if (error instanceof FileStoreError)
        return error.message;
    throw error;
}
/**
 * The default file store: files in this process's memory, gone when it exits. Bounded, because
 * a long-running agent keeps producing files: past `maxTotalBytes` the oldest files are dropped
 * (a later use of their id is then a clear "no stored file" error for the model). Web-standard
 * only (crypto.randomUUID, Blob), so it is part of the portable runtime.
 */
/** 256 MiB: a dozen files at the default per-file limit (20 MiB), far from hurting a server process. */
export const DEFAULT_MEMORY_STORE_BYTES = 256 * 1024 * 1024;
export class MemoryFileStore {
    // A Map iterates in insertion order: the first entry is the oldest, the one evicted first.
    files = new Map();
    total = 0;
    maxTotalBytes;
    constructor(options = {}) {
        this.maxTotalBytes = options.maxTotalBytes ?? DEFAULT_MEMORY_STORE_BYTES;
    }
    async put(content, file = {}) {
        // A copy: the caller may reuse its buffer, and a stored file must not change under its id.
        const bytes = content instanceof Blob ? new Uint8Array(await content.arrayBuffer()) : new Uint8Array(content);
        const id = newLocalFileId();
        const mimeType = cleanMimeType(file.mimeType ?? (content instanceof Blob ? content.type : undefined));
        const stored = { id, filename: cleanFilename(file.filename) ?? defaultFilename("file", mimeType), mimeType, size: bytes.byteLength, bytes };
        this.files.set(id, stored);
        this.total += stored.size;
        for (const [oldId, old] of this.files) {
            if (this.total <= this.maxTotalBytes || oldId === id)
                break;
            this.files.delete(oldId);
            this.total -= old.size;
        }
        return infoOf(stored);
    }
    async get(id) {
        return this.find(id);
    }
    async info(id) {
        return infoOf(this.find(id));
    }
    async delete(id) {
        const stored = this.files.get(id);
        if (stored === undefined)
            return false;
        this.files.delete(id);
        this.total -= stored.size;
        return true;
    }
    async list() {
        return [...this.files.values()].map(infoOf);
    }
    find(id) {
        const stored = this.files.get(id);
        if (stored !== undefined)
            return stored;
        throw fileStoreError(isLocalFileId(id) ? "NOT_FOUND" : isRemoteFileId(id) ? "REMOTE_ID" : "INVALID_ID", id);
    }
}
function infoOf(file) {
    return { id: file.id, filename: file.filename, mimeType: file.mimeType, size: file.size };
}
class ModelFiles {
    options;
    created;
    maxFileBytes;
    constructor(options = {}) {
        this.options = options;
        this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    }
    get store() {
        return (this.created ??= this.options.store ?? new MemoryFileStore());
    }
    /** The arguments to send: file ids swapped for content. Throws ToolInputError naming the argument. */
    arguments(name, tool, input) {
        const fields = tool.files?.input;
        return fields === undefined ? input : resolveInputFiles(name, fields, input, () => this.store, this.maxFileBytes);
    }
    /** Call options that make the runtime keep a download's name and bytes (see CallOptions.attachmentsAsFiles). */
    callOptions(options) {
        return { ...options, attachmentsAsFiles: true };
    }
    /** The answer as a model may see it; the configured `prompt` is added only where the tool has none. */
    answer(tool, result) {
        // Synchronous when there can be no file: most calls of most tools.
        if (!(result instanceof Blob) && tool.files?.output === undefined)
            return result;
        return this.stored(tool, result);
    }
    async stored(tool, result) {
        const { result: out, stored } = await storeAnswerFiles(tool, result, () => this.store, this.maxFileBytes);
        const prompt = this.options.prompt;
        if (!stored || prompt === undefined || tool.prompt !== undefined || typeof out !== "object" || out === null || Array.isArray(out) || Object.hasOwn(out, "prompt"))
            return out;
        return { ...out, prompt };
    }
}
/** `withFiles` takes a store or the whole options; a store is anything with `put` and `get`. */
function filesOptionsOf(files) {
    const maybe = files;
    return typeof maybe.put === "function" && typeof maybe.get === "function" ? { store: files } : files;
}
/**
 * Binds call options (base address, headers, token, fetch, timeout) to every function, giving a
 * client whose calls all start from them; per-call options still win, headers are merged.
 */
export function bindCallOptions(functions, inputless, bound) {
    const merge = (options) => withBoundOptions(bound, options);
    const client = {};
    const bind = (fn, name) => inputless.has(name) ? (options) => fn(merge(options)) : (input, options) => fn(input, merge(options));
    for (const [name, fn] of Object.entries(functions)) {
        const method = bind(fn, name);
        if (fn.stream)
            method.stream = bind(fn.stream, name);
        // paginate calls with the bound options too (beneath its own).
        if (fn.paged)
            method.paged = { ...fn.paged, options: fn.paged.options ? withBoundOptions(fn.paged.options, bound) : bound };
        setOwn(client, name, method);
    }
    return client;
}
/**
 * From what a model returned to arguments that may be sent: parse (object or JSON text), drop
 * the `null`s a model writes for optional fields it means to leave out, validate against the
 * tool's `parameters`. Any failure is a ToolInputError; nothing here performs I/O.
 */
/** The arguments object: `undefined`, `null` and blank text mean "no arguments". */
export function parseArguments(tool, args) {
    let value = args;
    if (typeof value === "string") {
        if (!/\S/.test(value))
            return {};
        try {
            value = JSON.parse(value);
        }
        catch (error) {
            const reason = error instanceof Error ? error.message : String(error);
            throw new ToolInputError(tool, "INVALID_JSON", [{ path: "$", message: `is not valid JSON (${reason}); send one JSON object with the arguments by name` }]);
        }
    }
    if (value === undefined || value === null)
        return {};
    if (typeof value !== "object" || Array.isArray(value)) {
        throw new ToolInputError(tool, "INVALID_ARGUMENTS", [{ path: "$", message: `must be an object with the arguments by name, got ${describe(value)}` }]);
    }
    return value;
}
/**
 * Removes `null` from properties that are optional and do not admit `null`. Models write them
 * for fields they leave out (OpenAI strict mode even requires every field, so optional ones
 * become nullable in what the model sees; see adapters/openai.ts). `null` is never a valid value
 * there, so leaving the field out is the only reading that can be meant. Nested objects too.
 * (Implemented beside the validator, on the same cached schema nodes.)
 */
/** Parses, cleans and validates; returns the arguments to send or throws ToolInputError. */
export function checkArguments(tool, parameters, args) {
    const parsed = dropOptionalNulls(parameters, parseArguments(tool, args));
    const problems = validateValue(parameters, parsed);
    if (problems.length > 0)
        throw new ToolInputError(tool, "INVALID_ARGUMENTS", problems);
    return parsed;
}
/**
 * `createToolkit(init)`: the toolkit a generated module exports and `loadToolkit` builds, from
 * plain data (toolkit.ts has its shape). Apart from toolkit.ts so that the typed form it returns
 * (typed-toolkit.ts, which extends that shape) and the shape do not import each other.
 */
/**
 * `Tools`: the generated module's `ToolTypes` (typed-toolkit.ts), inferred from the declared type
 * of its `toolkit` constant; without it every name takes any arguments, as `Toolkit` says.
 */
export function createToolkit(init) {
    const byName = new Map();
    // Canonical and wire names first, so a function name can never shadow either.
    for (const entry of init.tools)
        byName.set(entry.name, entry);
    for (const entry of init.tools)
        if (!byName.has(entry.wireName))
            byName.set(entry.wireName, entry);
    for (const entry of init.tools)
        if (!byName.has(entry.functionName))
            byName.set(entry.functionName, entry);
    const find = (name) => {
        const entry = typeof name === "string" ? byName.get(name) : undefined;
        if (entry)
            return entry;
        throw unknownTool(String(name), init.tools);
    };
    const check = (name, args) => {
        const entry = find(name);
        // find has thrown unless `name` is a string; errors name the tool as the model did.
        const input = checkArguments(name ?? entry.name, entry.parameters, args);
        return entry.fixed ? { ...input, ...entry.fixed } : input;
    };
    const files = new ModelFiles(init.files && filesOptionsOf(init.files));
    const toolkit = {
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
            if (entry.stream === "only")
                return collectItems(result, entry, options);
            return withPrompt(await files.answer(entry, result), entry.prompt);
        },
        async stream(name, args, options) {
            const entry = find(name);
            const run = entry.stream === "only" ? entry.run : entry.stream === "also" ? entry.run.stream : undefined;
            if (!run)
                throw notStreaming(name ?? entry.name, init.tools);
            const input = await files.arguments(name ?? entry.name, entry, check(name, args));
            const streamOptions = withItemCheck(entry, options);
            return (entry.inputless ? await run(streamOptions) : await run(input, streamOptions));
        },
        get files() {
            return files.store;
        },
        withFiles: (store) => createToolkit({ ...init, files: store }),
    };
    // The typed overloads describe what this one implementation does for each tool's name: the
    // name picks the entry whose generated function (and so whose types) the call runs.
    return toolkit;
}
/**
 * The model named a tool that does not exist. The list uses the naming style the model used
 * (wire names when it sent a wire name), so its retry can pick one verbatim.
 */
function unknownTool(name, tools) {
    const wire = !name.includes("/") && tools.some((t) => t.wireName !== t.name);
    const known = tools.map((t) => (wire ? t.wireName : t.name));
    const message = `Unknown tool "${name}". Known tools: ${known.join(", ")}.`;
    return new ToolInputError(name, "UNKNOWN_TOOL", [{ path: "$", message: `names no tool; known tools: ${known.join(", ")}` }], message);
}
/**
 * `validate: true`: each streamed item is checked against the tool's item schema before it is
 * handed out (or collected), failing the stream with `INVALID_RESPONSE` at the first mismatch.
 */
function withItemCheck(entry, options) {
    if (!options?.validate)
        return options;
    const schema = entry.stream === "only" ? entry.responses?.items : entry.streamItems;
    if (schema === undefined)
        return options;
    const validateItem = (item) => {
        const problems = validateValue(schema, item);
        return problems.length === 0 ? undefined : problems.map((p) => `${p.path}: ${p.message}`).join("; ");
    };
    return { ...options, validateItem };
}
/** `toolkit.stream` of a tool whose answer is no stream; the message lists the ones that stream. */
function notStreaming(name, tools) {
    const streaming = tools.filter((t) => t.stream !== undefined).map((t) => t.name);
    const known = streaming.length > 0 ? `tools that stream: ${streaming.join(", ")}` : "no tool of this toolkit streams";
    return new ToolInputError(name, "NOT_STREAMING", [{ path: "$", message: `does not answer with a stream; ${known}` }], `Tool "${name}" does not answer with a stream; ${known}.`);
}
/** `x-ebagent-prompt` as the reference applies it, except that a server's own `prompt` wins. */
function withPrompt(result, prompt) {
    if (prompt === undefined || typeof result !== "object" || result === null || Array.isArray(result))
        return result;
    if (Object.hasOwn(result, "prompt"))
        return result;
    return { ...result, prompt };
}
function selectTools(source, options) {
    return options.only ? source.tools.filter(options.only) : source.tools;
}
/** Collects warnings; `flush()` reports them as the caller asked. */
class Warnings {
    adapter;
    onWarning;
    messages = [];
    constructor(adapter, onWarning) {
        this.adapter = adapter;
        this.onWarning = onWarning;
    }
    add(message) {
        if (this.onWarning)
            this.onWarning(`${this.adapter}: ${message}`);
        else
            this.messages.push(message);
    }
    flush() {
        if (this.messages.length === 0)
            return;
        const shown = this.messages.slice(0, 5).map((m) => `  - ${m}`);
        const more = this.messages.length > shown.length ? `\n  … and ${this.messages.length - shown.length} more (pass onWarning to see each)` : "";
        console.warn(`toolgen ${this.adapter}: ${this.messages.length} warning${this.messages.length === 1 ? "" : "s"}:\n${shown.join("\n")}${more}`);
    }
}
/** Cuts text to `max` characters (code points), at a word boundary when one is near. */
function truncate(text, max) {
    if (max === undefined || max <= 0)
        return text;
    const chars = [...text];
    if (chars.length <= max)
        return text;
    let cut = chars.slice(0, max - 1).join("");
    const space = cut.search(/\s\S*$/);
    if (space > cut.length * 0.8)
        cut = cut.slice(0, space);
    return `${cut.trimEnd()}…`;
}
/** Every call of `tool` in its example conversations, in order. */
function exampleCalls(tool) {
    const calls = [];
    for (const example of tool.examples)
        calls.push(...callsIn(example, tool.name));
    return calls;
}
function callsIn(example, name) {
    const calls = [];
    let user;
    for (const message of example.messages) {
        if (message.role === "user")
            user = message.content;
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
function describeWithExamples(tool, callName, max, withExamples) {
    let text = truncate(tool.description, max);
    if (!withExamples)
        return text;
    const calls = exampleCalls(tool);
    if (calls.length === 0)
        return text;
    let block = "\n\nExamples:";
    let added = 0;
    for (const call of calls) {
        const line = `\n- ${call.user !== undefined ? `${JSON.stringify(call.user)} -> ` : ""}${callName}(${JSON.stringify(call.arguments)})`;
        if (max !== undefined && [...text].length + [...block].length + [...line].length > max)
            break;
        block += line;
        added++;
    }
    if (added > 0)
        text += block;
    return text;
}
/** A descriptor schema in the loose shape provider SDKs declare (`{ [key: string]: unknown }`). */
function schemaRecord(schema) {
    return schema;
}
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
export function toStrictSchema(schema) {
    const counts = { properties: 0, enumValues: 0 };
    try {
        return { ok: true, schema: strict(schema, "$", 1, counts) };
    }
    catch (error) {
        if (error instanceof NotStrictExpressible)
            return { ok: false, reason: error.message };
        throw error;
    }
}
class NotStrictExpressible extends Error {
}
function strict(schema, path, depth, counts) {
    if (depth > MAX_DEPTH)
        throw new NotStrictExpressible(`${path}: nested deeper than ${MAX_DEPTH} levels`);
    if (schema.not !== undefined)
        throw new NotStrictExpressible(`${path}: uses "not"`);
    if (schema.allOf !== undefined)
        throw new NotStrictExpressible(`${path}: uses "allOf"`);
    if (schema.prefixItems !== undefined)
        throw new NotStrictExpressible(`${path}: is a tuple (prefixItems)`);
    const out = {};
    const notes = [];
    for (const [key, value] of Object.entries(schema)) {
        if (value === undefined)
            continue;
        if (key === "format" && typeof value === "string" && !STRICT_FORMATS.has(value))
            notes.push(`format: ${value}`);
        else if (key === "deprecated")
            notes.push("deprecated");
        else if (!SUPPORTED.has(key) && key !== "oneOf")
            notes.push(`${key}: ${JSON.stringify(value)}`);
    }
    if (schema.type !== undefined)
        out.type = schema.type;
    if (schema.description !== undefined || notes.length > 0) {
        out.description = [schema.description, notes.length ? `{${notes.join(", ")}}` : undefined].filter(Boolean).join(" ");
    }
    if (schema.enum !== undefined) {
        counts.enumValues += schema.enum.length;
        if (counts.enumValues > MAX_ENUM_VALUES)
            throw new NotStrictExpressible(`${path}: more than ${MAX_ENUM_VALUES} enum values in all`);
        out.enum = schema.enum;
    }
    if (Object.hasOwn(schema, "const"))
        out.const = schema.const;
    if (schema.format !== undefined && STRICT_FORMATS.has(schema.format))
        out.format = schema.format;
    for (const key of ["pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems"]) {
        if (schema[key] !== undefined)
            out[key] = schema[key];
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
        const properties = {};
        for (const [name, property] of Object.entries(schema.properties)) {
            counts.properties++;
            if (counts.properties > MAX_PROPERTIES)
                throw new NotStrictExpressible(`more than ${MAX_PROPERTIES} properties in all`);
            const converted = strict(property, childPath(path, name), depth + 1, counts);
            setOwn(properties, name, required.has(name) ? converted : nullable(converted));
        }
        out.properties = properties;
        out.required = Object.keys(properties);
        out.additionalProperties = false;
    }
    if (isArray) {
        if (schema.items === undefined)
            throw new NotStrictExpressible(`${path}: is an array without an item schema`);
        out.items = strict(schema.items, `${path}[]`, depth + 1, counts);
    }
    if (schema.type === undefined && out.anyOf === undefined && out.enum === undefined && !Object.hasOwn(out, "const") && !isObject && !isArray) {
        throw new NotStrictExpressible(`${path}: accepts any value`);
    }
    return out;
}
/** An optional property as strict mode wants it: required, and `null` meaning "left out". */
function nullable(schema) {
    if (schema.type !== undefined) {
        const types = typeof schema.type === "string" ? [schema.type] : [...schema.type];
        if (types.includes("null"))
            return schema;
        const out = { ...schema, type: [...types, "null"] };
        if (out.enum !== undefined && !out.enum.includes(null))
            out.enum = [...out.enum, null];
        return out;
    }
    if (schema.anyOf !== undefined) {
        return schema.anyOf.some((a) => a.type === "null") ? schema : { ...schema, anyOf: [...schema.anyOf, { type: "null" }] };
    }
    if (schema.enum !== undefined)
        return schema.enum.includes(null) ? schema : { ...schema, enum: [...schema.enum, null] };
    const { description, ...rest } = schema;
    return { ...(description !== undefined ? { description } : {}), anyOf: [rest, { type: "null" }] };
}
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
export function toOpenAITools(source, options = {}) {
    const warnings = new Warnings("toOpenAITools", options.onWarning);
    const tools = selectTools(source, options);
    if (tools.length > OPENAI_TOOL_LIMIT) {
        warnings.add(`${tools.length} tools; OpenAI accepts at most ${OPENAI_TOOL_LIMIT} per request (select some with \`only\`)`);
    }
    const max = options.maxDescription ?? OPENAI_DESCRIPTION_LIMIT;
    const converted = tools.map((tool) => {
        let parameters = schemaRecord(tool.parameters);
        let strict = false;
        if (options.strict !== false) {
            const result = toStrictSchema(tool.parameters);
            if (result.ok) {
                parameters = schemaRecord(result.schema);
                strict = true;
            }
            else {
                warnings.add(`"${tool.wireName}" is sent with strict: false; its schema cannot be expressed in strict mode (${result.reason})`);
            }
        }
        const description = describeWithExamples(tool, tool.wireName, max, options.examples !== false);
        return { name: tool.wireName, description, parameters, strict };
    });
    warnings.flush();
    if (options.api === "responses")
        return converted.map((f) => ({ type: "function", ...f }));
    return converted.map((f) => ({ type: "function", function: f }));
}
export function toAnthropicTools(source, options = {}) {
    const warnings = new Warnings("toAnthropicTools", options.onWarning);
    const where = options.examples ?? "description";
    const result = selectTools(source, options).map((tool) => {
        let schema = tool.parameters;
        let strict = false;
        if (options.strict === true) {
            try {
                schema = anthropicStrict(tool.parameters, "$");
                strict = true;
            }
            catch (error) {
                if (!(error instanceof NotAnthropicExpressible))
                    throw error;
                warnings.add(`"${tool.wireName}" is sent without strict; ${error.message}`);
            }
        }
        const description = where === "description" ? describeWithExamples(tool, tool.wireName, options.maxDescription, true) : truncate(tool.description, options.maxDescription);
        const out = { name: tool.wireName, description, input_schema: schema };
        if (where === "input_examples") {
            const inputs = exampleCalls(tool).map((call) => ({ ...call.arguments }));
            if (inputs.length > 0)
                out.input_examples = inputs;
        }
        if (strict)
            out.strict = true;
        return out;
    });
    warnings.flush();
    return result;
}
class NotAnthropicExpressible extends Error {
}
const KEPT = new Set(["type", "description", "enum", "const", "properties", "required", "additionalProperties", "items", "anyOf", "allOf", "format"]);
const ANTHROPIC_FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"]);
/** The subset `@anthropic-ai/sdk`'s transform-json-schema produces, written against our dialect. */
function anthropicStrict(schema, path) {
    if (schema.not !== undefined || schema.prefixItems !== undefined)
        throw new NotAnthropicExpressible(`${path} uses ${schema.not ? "not" : "prefixItems"}`);
    const out = {};
    const notes = [];
    for (const [key, value] of Object.entries(schema)) {
        if (value === undefined)
            continue;
        if (key === "format" && !ANTHROPIC_FORMATS.has(String(value)))
            notes.push(`format: ${String(value)}`);
        else if (key === "minItems" && (value === 0 || value === 1))
            out.minItems = value;
        else if (!KEPT.has(key) && key !== "oneOf")
            notes.push(`${key}: ${JSON.stringify(value)}`);
        else if (KEPT.has(key) && !["properties", "items", "anyOf", "allOf", "additionalProperties", "description"].includes(key))
            out[key] = value;
    }
    if (schema.enum?.some((v) => typeof v === "object" && v !== null))
        throw new NotAnthropicExpressible(`${path} has a non-primitive enum value`);
    const description = [schema.description, notes.length ? `{${notes.join(", ")}}` : undefined].filter(Boolean).join(" ");
    if (description)
        out.description = description;
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives)
        out.anyOf = alternatives.map((a, i) => anthropicStrict(a, `${path}.anyOf[${i}]`));
    if (schema.allOf)
        out.allOf = schema.allOf.map((a, i) => anthropicStrict(a, `${path}.allOf[${i}]`));
    if (schema.items)
        out.items = anthropicStrict(schema.items, `${path}[]`);
    const types = schema.type === undefined ? [] : typeof schema.type === "string" ? [schema.type] : schema.type;
    if (types.includes("object") || schema.properties !== undefined) {
        if (schema.properties === undefined || (schema.additionalProperties !== undefined && schema.additionalProperties !== false)) {
            throw new NotAnthropicExpressible(`${path} is an open object`);
        }
        const properties = {};
        for (const [name, property] of Object.entries(schema.properties))
            setOwn(properties, name, anthropicStrict(property, `${path}.${name}`));
        out.properties = properties;
        out.additionalProperties = false;
    }
    return out;
}
export function toGeminiTools(source, options = {}) {
    const warnings = new Warnings("toGeminiTools", options.onWarning);
    const openapi = options.schema === "openapi";
    const declarations = selectTools(source, options).map((tool) => {
        const out = {
            name: tool.wireName,
            description: describeWithExamples(tool, tool.wireName, options.maxDescription, options.examples !== false),
        };
        if (Object.keys(tool.parameters.properties).length > 0) {
            if (openapi)
                out.parameters = toGeminiSchema(tool.parameters, options.types);
            else
                out.parametersJsonSchema = tool.parameters;
        }
        if (options.responses !== false && tool.responses !== undefined) {
            if (openapi)
                out.response = toGeminiSchema(tool.responses, options.types);
            else
                out.responseJsonSchema = tool.responses;
        }
        return out;
    });
    warnings.flush();
    return [{ functionDeclarations: declarations }];
}
const UPPER = { string: "STRING", number: "NUMBER", integer: "INTEGER", boolean: "BOOLEAN", array: "ARRAY", object: "OBJECT", null: "NULL" };
const TYPE_NAMES = { STRING: "STRING", NUMBER: "NUMBER", INTEGER: "INTEGER", BOOLEAN: "BOOLEAN", ARRAY: "ARRAY", OBJECT: "OBJECT", NULL: "NULL" };
/** Our dialect -> Gemini's OpenAPI subset. Lossy only towards the description. */
export function toGeminiSchema(schema, typeValues) {
    // Without values given, T is its default, GeminiTypeName, and the names are the values.
    const typeOf = typeValues ?? TYPE_NAMES;
    const convert = (part) => toGeminiSchema(part, typeOf);
    const out = {};
    const notes = [];
    const types = schema.type === undefined ? [] : typeof schema.type === "string" ? [schema.type] : [...schema.type];
    const nonNull = types.filter((t) => t !== "null");
    const nullable = types.includes("null") || schema.enum?.includes(null) === true;
    let alternatives = schema.anyOf ?? schema.oneOf;
    if (nonNull.length === 1)
        out.type = typeOf[UPPER[nonNull[0]]];
    else if (nonNull.length > 1)
        alternatives = nonNull.map((t) => ({ type: t }));
    if (nullable)
        out.nullable = true;
    if (schema.format !== undefined)
        out.format = schema.format;
    if (schema.enum !== undefined) {
        const values = schema.enum.filter((v) => v !== null);
        if (values.every((v) => typeof v === "string")) {
            out.enum = values;
            out.type ??= typeOf.STRING;
        }
        else
            notes.push(`one of ${values.map((v) => JSON.stringify(v)).join(", ")}`);
    }
    if (Object.hasOwn(schema, "const")) {
        if (typeof schema.const === "string") {
            out.enum = [schema.const];
            out.type ??= typeOf.STRING;
        }
        else
            notes.push(`always ${JSON.stringify(schema.const)}`);
    }
    if (schema.default !== undefined)
        out.default = schema.default;
    if (schema.pattern !== undefined)
        out.pattern = schema.pattern;
    if (schema.minimum !== undefined)
        out.minimum = schema.minimum;
    if (schema.maximum !== undefined)
        out.maximum = schema.maximum;
    if (schema.exclusiveMinimum !== undefined)
        notes.push(`greater than ${schema.exclusiveMinimum}`);
    if (schema.exclusiveMaximum !== undefined)
        notes.push(`less than ${schema.exclusiveMaximum}`);
    // The proto declares these int64, which JSON carries as strings.
    if (schema.minLength !== undefined)
        out.minLength = String(schema.minLength);
    if (schema.maxLength !== undefined)
        out.maxLength = String(schema.maxLength);
    if (schema.minItems !== undefined)
        out.minItems = String(schema.minItems);
    if (schema.maxItems !== undefined)
        out.maxItems = String(schema.maxItems);
    if (schema.multipleOf !== undefined)
        notes.push(`a multiple of ${schema.multipleOf}`);
    if (schema.uniqueItems)
        notes.push("no repeated items");
    if (schema.properties !== undefined) {
        const properties = {};
        for (const [name, property] of Object.entries(schema.properties))
            setOwn(properties, name, convert(property));
        out.properties = properties;
        out.type ??= typeOf.OBJECT;
        if (schema.required?.length)
            out.required = [...schema.required];
    }
    else if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
        out.type ??= typeOf.OBJECT;
        notes.push("an object with any keys");
    }
    if (schema.items !== undefined)
        out.items = convert(schema.items);
    if (alternatives !== undefined)
        out.anyOf = alternatives.map(convert);
    if (schema.allOf !== undefined) {
        // Gemini has no allOf: the parts' properties are offered together.
        const merged = schema.allOf.map(convert);
        for (const part of merged) {
            if (part.properties)
                out.properties = { ...out.properties, ...part.properties };
            if (part.required)
                out.required = [...new Set([...(out.required ?? []), ...part.required])];
            if (out.type === undefined && part.type !== undefined)
                out.type = part.type;
        }
    }
    if (schema.not !== undefined)
        notes.push("with exclusions the server checks");
    const description = [schema.description, notes.length ? `(${notes.join("; ")})` : undefined].filter(Boolean).join(" ");
    if (description)
        out.description = description;
    return out;
}
export function toErnieFunctions(source, options = {}) {
    return selectTools(source, options).map((tool) => {
        const out = {
            name: tool.name,
            description: truncate(tool.description, options.maxDescription),
            parameters: schemaRecord(tool.parameters),
        };
        if (options.responses !== false && tool.responses !== undefined)
            out.responses = schemaRecord(tool.responses);
        if (options.examples !== false) {
            const messages = ernieExamples(tool);
            if (messages.length > 0)
                out.examples = messages;
        }
        return out;
    });
}
function ernieExamples(tool) {
    const messages = [];
    for (const example of tool.examples) {
        for (const message of example.messages) {
            if (message.role === "user")
                messages.push({ role: "user", content: message.content });
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
            }
            else
                messages.push({ role: "assistant", content: message.thoughts ?? "" });
        }
    }
    return messages;
}
/** JSON as Python's `json.dumps(value, ensure_ascii=False)` writes it: `", "` and `": "` separators. */
function pythonJson(value) {
    if (Array.isArray(value))
        return `[${value.map(pythonJson).join(", ")}]`;
    if (typeof value === "object" && value !== null) {
        return `{${Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => `${JSON.stringify(k)}: ${pythonJson(v)}`)
            .join(", ")}}`;
    }
    return JSON.stringify(value) ?? "null";
}
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
export function toAiSdkTools(toolkit, options = {}) {
    const tools = {};
    for (const tool of selectTools(toolkit, options)) {
        const validate = (value) => {
            try {
                return { success: true, value: toolkit.check(tool.name, value) };
            }
            catch (error) {
                if (error instanceof ToolInputError)
                    return { success: false, error };
                throw error;
            }
        };
        const inputSchema = options.jsonSchema ? options.jsonSchema(tool.parameters, { validate }) : brandedSchema(tool, validate);
        const entry = {
            description: truncate(tool.description, options.maxDescription),
            inputSchema,
            execute: (input, { abortSignal } = {}) => toolkit.call(tool.name, input, abortSignal ? { signal: abortSignal } : undefined),
        };
        if (options.examples !== false) {
            const calls = exampleCalls(tool);
            if (calls.length > 0)
                entry.inputExamples = calls.map((call) => ({ input: { ...call.arguments } }));
        }
        if (options.strict !== undefined)
            entry.strict = options.strict;
        Object.defineProperty(tools, tool.wireName, { value: entry, enumerable: true, writable: true, configurable: true });
    }
    return tools;
}
function brandedSchema(tool, validate) {
    return {
        [SCHEMA_SYMBOL]: true,
        [VALIDATOR_SYMBOL]: true,
        _type: undefined,
        jsonSchema: tool.parameters,
        validate,
    };
}
/**
 * Handing a tool's outcome back to a model. The result goes back as the server sent it: text as
 * is, anything else as JSON with every field kept, including a `prompt` field, which by the
 * reference's convention steers the model's final answer and must reach it untouched.
 */
/** Characters of an error answer's body `toolErrorText` passes on beyond the message's own snippet. */
const ERROR_BODY_TEXT_LIMIT = 2_000;
export function toolResultText(result) {
    if (typeof result === "string")
        return result;
    if (result === undefined)
        return "null";
    return JSON.stringify(result) ?? "null";
}
/**
 * The text to send back when a call failed. A ToolInputError's message is already written for a
 * model to retry; other errors say that the call failed and why, without a stack trace. An error
 * answer's decoded body (a 422's field list, a 409's reason) goes with it, up to
 * ERROR_BODY_TEXT_LIMIT characters, when the message's one-line snippet did not already hold it all.
 */
export function toolErrorText(error) {
    if (error instanceof ToolInputError)
        return error.message;
    const message = error instanceof Error ? error.message : String(error);
    const body = error instanceof ToolCallError && error.code === "HTTP_STATUS" ? bodyText(error.body) : "";
    if (body && !message.includes(body)) {
        const bounded = body.length > ERROR_BODY_TEXT_LIMIT ? `${body.slice(0, ERROR_BODY_TEXT_LIMIT)}…` : body;
        return `The tool call failed: ${message}\nThe answer's body: ${bounded}`;
    }
    return `The tool call failed: ${message}`;
}
function bodyText(body) {
    if (typeof body === "string")
        return body.trim();
    if (body === undefined || body === null || (typeof Blob !== "undefined" && body instanceof Blob))
        return "";
    return JSON.stringify(body) ?? "";
}
