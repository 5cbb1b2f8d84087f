/**
 * The request URL: base address + path with its parameters substituted, then the query
 * parameters, then `version=<info.version>` last (the tool-server protocol appends it to every
 * call; it goes after the others so servers that read the last value see the right one). A
 * description whose info.version is empty gets no `version=`, and a URL with no query no `?`.
 */
import type { OperationSpec } from "./operation.js";
import { ownValue } from "./own-property.js";
import { encodeReserved, encodeStrict, serializeStyled } from "./serialize-value.js";

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
    }
  }
  // An empty info.version sends none at all: `?version=` would claim a version the API lacks.
  if (version !== "") query.push(`version=${encodeStrict(version)}`);
  return withQuery(joinBase(baseUrl, path), query);
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

function joinBase(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}
