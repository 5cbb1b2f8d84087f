/**
 * source -> LoadedDescription (DESIGN.md data flow, first stage): fetch or read the description,
 * parse it, refuse what is not OpenAPI 3.0/3.1 or Swagger 2.0, bundle external `$ref`s, convert
 * Swagger 2.0 to OpenAPI 3.0 (swagger2.ts), and pick up the
 * `examples.yaml` companion (HEAD first, as the reference does; any non-2xx means "none").
 */
import { access } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { BadInputError } from "./bad-input-error.js";
import { bundleRefs, displayName } from "./bundle-refs.js";
import type { DescriptionSource, LoadedDescription, LoadOptions } from "./loaded-description.js";
import { openapiVersionOf, parseDocument } from "./parse-document.js";
import { formatBytes, type ProgressListener } from "../generate-progress.js";
import { offlineReader, saveToCache } from "./description-cache.js";
import { networkReader, prefetchedReader, RecordingReader, sha256Hex, type DocumentReader, type ReadRecord } from "./document-reader.js";
import { DEFAULT_LOAD_TIMEOUT_MS, DEFAULT_MAX_BYTES, type HttpSettings } from "./read-document-text.js";
import { checkRefScope } from "./ref-scope.js";
import { resolveSource } from "./resolve-source.js";
import { CONVERTER, convertSwagger2 } from "./swagger2.js";

export async function loadDescription(input: string, options: LoadOptions = {}): Promise<LoadedDescription> {
  const env = options.env ?? process.env;
  const source = resolveSource(input, env);
  const remote = source.kind !== "file";
  const http = httpSettings(options, env, remote ? source.documentUrl : undefined);
  if (remote && options.offline !== true && http.headers.authorization === undefined) {
    options.onWarning?.("no access token (--token or EB_AGENT_ACCESS_TOKEN): the server may answer 403");
  }
  const network = networkReader(http);
  const recorder = new RecordingReader(
    prefetchedReader(options.offline === true && remote ? offlineReader(offlineCacheDir(options), network) : network, options.prefetched),
  );
  const reader = reportingReader(recorder, options.onProgress);
  const where = displayName(source.documentUrl);

  let root;
  try {
    root = await reader.read(source.documentUrl);
  } catch (error) {
    if (error instanceof BadInputError && remote && /answered 404/.test(error.message)) {
      throw new BadInputError("no OpenAPI description here (404 Not Found)", where);
    }
    throw error;
  }
  let parsedCount = 0;
  const parse = (text: string, url: string): unknown => {
    const value = parseDocument(text, displayName(url));
    options.onProgress?.({ stage: "parse", state: "step", count: ++parsedCount, detail: displayName(url) });
    return value;
  };
  options.onProgress?.({ stage: "parse", state: "start" });
  const parseStarted = performance.now();
  const parsed = parse(root.text, root.url);
  const version = openapiVersionOf(parsed, where);
  const bundled = await bundleRefs(
    parsed as Record<string, unknown>,
    root.url,
    async (url) => {
      const allow = options.allowExternalRefs === true;
      await checkRefScope(url, root.url, allow);
      // A redirect is held to the same rules as the $ref itself.
      const text = await reader.read(url, (next) => checkRefScope(next, root.url, allow));
      return parse(text.text, url);
    },
    version === "2.0" ? "definitions" : "components",
  );
  // Swagger 2.0 is bundled as it is (errors so far name 2.0 places), then converted.
  const converted = version === "2.0" ? await convertSwagger2(bundled, root.text, where) : undefined;
  if (converted !== undefined) {
    options.onWarning?.(`${where}: converted from Swagger 2.0 to OpenAPI 3.0 by ${CONVERTER}; messages name places in the 2.0 description`);
    for (const warning of converted.warnings) options.onWarning?.(warning);
  }
  const document = converted?.document ?? bundled;
  const openapiVersion = version === "2.0" ? "3.0" : version;
  const examples = await loadExamples(examplesUrlOf(source), reader, (text, url) => parse(text, url));
  reader.done();
  options.onProgress?.({ stage: "parse", state: "done", count: parsedCount, detail: `${parsedCount} document${parsedCount === 1 ? "" : "s"}`, ms: Math.round(performance.now() - parseStarted) });
  if (remote && options.offline !== true && options.cacheDir !== undefined) await saveToCache(options.cacheDir, recorder);
  const documents = [...recorder.records.values()].map((entry) => entry.record);
  return {
    source,
    document,
    openapiVersion,
    ...(converted !== undefined ? { convertedFrom: { version: "2.0" as const, originalPlace: (pointer: string) => `${where}${converted.originalPointer(pointer)}` } } : {}),
    ...(examples !== undefined ? { examples } : {}),
    sha256: sha256Hex(root.bytes),
    bytes: root.bytes.byteLength,
    documents,
    inputsSha256: inputsHash(documents),
  };
}

/** Where the `examples.yaml` companion is looked for: the server's well-known address, or beside the file. */
export function examplesUrlOf(source: DescriptionSource): string {
  return source.kind !== "file" ? `${source.baseUrl}/.well-known/examples.yaml` : new URL("examples.yaml", source.documentUrl).href;
}

/**
 * One hash over every document the load read, in a fixed order, so a change to an external
 * `$ref` target or to `examples.yaml` counts as a change of the description too.
 */
export function inputsHash(documents: readonly ReadRecord[]): string {
  const lines = documents.map((d) => `${d.url.startsWith("file:") ? "file" : d.url} ${d.sha256}`).sort();
  return sha256Hex(lines.join("\n"));
}

function offlineCacheDir(options: LoadOptions): string {
  if (options.cacheDir === undefined) throw new BadInputError("--offline needs a cache directory (cacheDir) to read the last fetched description from");
  return options.cacheDir;
}

/**
 * Reports each document read as a `fetch` step with the running count and bytes; `done()`
 * reports the stage once loading is over (reads and parses interleave while refs are followed).
 */
function reportingReader(inner: DocumentReader, listener: ProgressListener | undefined): DocumentReader & { done(): void } {
  let count = 0;
  let bytes = 0;
  let readingMs = 0;
  return {
    async read(url, guard) {
      if (count === 0) listener?.({ stage: "fetch", state: "start" });
      const started = performance.now();
      const text = await inner.read(url, guard);
      readingMs += performance.now() - started;
      count += 1;
      bytes += text.bytes.byteLength;
      listener?.({ stage: "fetch", state: "step", count, detail: `${displayName(url)} (${formatBytes(text.bytes.byteLength)})` });
      return text;
    },
    exists: (url) => inner.exists(url),
    done() {
      listener?.({ stage: "fetch", state: "done", count, detail: `${count} document${count === 1 ? "" : "s"}, ${formatBytes(bytes)}`, ms: Math.round(readingMs) });
    },
  };
}

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

async function loadExamples(url: string, reader: DocumentReader, parse: (text: string, url: string) => unknown): Promise<unknown> {
  if (!(await examplesExist(url, reader))) return undefined;
  const text = await reader.read(url);
  return parse(text.text, url);
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
