/**
 * The default base address. For a server or hub source it is the address the user gave (the
 * reference overwrites `servers` with it, and the spec says "the client takes the tool's server
 * address from the address used for loading"). For a file it is `servers[0].url` with its
 * variables at their defaults (OpenAPI 3.0 §4.7.5 Server Object), resolved against the file's URL
 * only when that is an http(s) URL.
 */
import type { DescriptionSource, OpenApiDocument } from "../load/loaded-description.js";
import { isObject } from "./local-ref.js";

export function defaultServerUrl(document: OpenApiDocument, source: DescriptionSource): string {
  if (source.baseUrl !== undefined) return source.baseUrl.replace(/\/+$/, "");
  const servers = document.servers;
  const first = Array.isArray(servers) ? servers[0] : undefined;
  if (!isObject(first) || typeof first.url !== "string") return "";
  const variables = isObject(first.variables) ? first.variables : {};
  const url = first.url.replace(/\{([^}]+)\}/g, (match, name: string) => {
    const variable = variables[name];
    return isObject(variable) && variable.default !== undefined ? String(variable.default) : match;
  });
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url.replace(/\/+$/, "");
  if (source.documentUrl.startsWith("http")) return new URL(url, source.documentUrl).href.replace(/\/+$/, "");
  return url.replace(/\/+$/, "");
}
