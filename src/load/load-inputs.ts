/**
 * What a load reads and how, apart from parsing it: the settings of its HTTP requests, where the
 * `examples.yaml` companion is and whether it is there, and one hash over every document read.
 * The load uses them, and so does whatever reads its documents again without loading (`--watch`
 * polls, the no-change check), which therefore never loads the parser.
 */
import { access } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { sha256Hex, type DocumentReader, type ReadRecord } from "./document-reader.js";
import type { DescriptionSource, LoadOptions } from "./loaded-description.js";
import { DEFAULT_LOAD_TIMEOUT_MS, DEFAULT_MAX_BYTES, type HttpSettings } from "./read-document-text.js";

/**
 * Headers, fetch and limits for every request of a load (and of a `--watch` poll). The token and
 * the user's headers go only to the origin of `sourceUrl`, the description's own address
 * (undefined for a file source: then they go nowhere).
 */
export function httpSettings(options: LoadOptions, env: Readonly<Record<string, string | undefined>>, sourceUrl: string | undefined): HttpSettings {
  // Lower-cased names, so "Authorization" from --header and the token cannot both be sent.
  const headers: Record<string, string> = { accept: "application/yaml, application/json;q=0.9, */*;q=0.5" };
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  const token = options.token ?? env.EB_AGENT_ACCESS_TOKEN;
  if (sourceUrl !== undefined && headers.authorization === undefined && token) headers.authorization = `token ${token}`;
  return {
    headers,
    ...(sourceUrl !== undefined ? { credentialOrigin: new URL(sourceUrl).origin } : {}),
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
  };
}

/** Where the `examples.yaml` companion is looked for: the server's well-known address, or beside the file (in its git revision too). */
export function examplesUrlOf(source: DescriptionSource): string {
  return source.kind === "url" || source.kind === "hub" ? `${source.baseUrl}/.well-known/examples.yaml` : new URL("examples.yaml", source.documentUrl).href;
}

/**
 * Whether the `examples.yaml` companion is there: beside a file description, a file (any error
 * counts as none); from a server, a 2xx answer to HEAD through `reader`.
 */
export function examplesExist(url: string, reader: DocumentReader): Promise<boolean> {
  if (!url.startsWith("file:")) return reader.exists(url);
  return access(fileURLToPath(url)).then(
    () => true,
    () => false,
  );
}

/**
 * One hash over every document the load read, in a fixed order, so a change to an external
 * `$ref` target or to `examples.yaml` counts as a change of the description too.
 */
export function inputsHash(documents: readonly ReadRecord[]): string {
  const lines = documents.map((d) => `${d.url.startsWith("file:") ? "file" : d.url} ${d.sha256}`).sort();
  return sha256Hex(lines.join("\n"));
}
