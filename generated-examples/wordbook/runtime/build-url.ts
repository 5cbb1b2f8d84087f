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
 * The request URL: base address + path with its parameters substituted, then the query
 * parameters (or OpenAPI 3.2's one `querystring` parameter), then `version=<info.version>` last
 * (the tool-server protocol appends it to every call; it goes after the others so servers that
 * read the last value see the right one). A description whose info.version is empty gets no
 * `version=`, and a URL with no query no `?`.
 */
import type { OperationSpec } from "./operation.js";
import { ownValue } from "./own-property.js";
import { encodeReserved, encodeStrict, primitiveText, serializeStyled } from "./serialize-value.js";

export function buildUrl(baseUrl: string, op: OperationSpec, input: Record<string, unknown>, version: string): string {
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
export function withQuery(url: string, pairs: readonly string[]): string {
  const search = pairs.filter(Boolean).join("&");
  if (search === "") return url;
  return `${url}${url.includes("?") ? "&" : "?"}${search}`;
}

/**
 * The URL without the query pairs named `names` (names as written, compared decoded): a
 * credential the runtime adds for a query apiKey scheme replaces a parameter of the same name
 * the input also carried, so the server never sees two values and picks the wrong one.
 */
export function withoutQueryNames(url: string, names: readonly string[]): string {
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
