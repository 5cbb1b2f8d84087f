/**
 * source -> LoadedDescription (DESIGN.md data flow, first stage): fetch or read the description,
 * parse it, refuse what is not OpenAPI 3.0/3.1/3.2 or Swagger 2.0, bundle external `$ref`s, convert
 * Swagger 2.0 to OpenAPI 3.0 (swagger2.ts), and pick up the
 * `examples.yaml` companion (HEAD first, as the reference does; any non-2xx means "none").
 */
import { BadInputError } from "./bad-input-error.js";
import { bundleRefs, displayName } from "./bundle-refs.js";
import type { LoadedDescription, LoadOptions } from "./loaded-description.js";
import { openapiVersionOf, readDocument } from "./parse-document.js";
import { SourcePlaces, type BundleOrigin, type SourceText } from "./source-places.js";
import { sourceName } from "./source-name.js";
import { formatBytes, type ProgressListener } from "../generate-progress.js";
import { offlineReader, saveToCache } from "./description-cache.js";
import { networkReader, prefetchedReader, RecordingReader, sha256Hex, type DocumentReader } from "./document-reader.js";
import { gitDocumentReader } from "./git-document-reader.js";
import { examplesExist, examplesUrlOf, httpSettings, inputsHash } from "./load-inputs.js";
import { checkRefScope } from "./ref-scope.js";
import { resolveSource } from "./resolve-source.js";
import { CONVERTER, convertSwagger2 } from "./swagger2.js";

export async function loadDescription(input: string, options: LoadOptions = {}): Promise<LoadedDescription> {
  const env = options.env ?? process.env;
  const source = resolveSource(input, env, options.gitRevisions?.cwd, options.gitRevisions !== undefined);
  const remote = source.kind === "url" || source.kind === "hub";
  const http = httpSettings(options, env, remote ? source.documentUrl : undefined);
  if (remote && options.offline !== true && http.headers.authorization === undefined) {
    options.onWarning?.("no access token (--token or EB_AGENT_ACCESS_TOKEN): the server may answer 403");
  }
  const network = source.repository !== undefined ? gitDocumentReader(source.repository, http.maxBytes, networkReader(http)) : networkReader(http);
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
  // With `places`, each description document's text is kept (not examples.yaml: no finding is in it).
  const texts: SourceText[] = [];
  const parse = (text: string, url: string, kept = false): unknown => {
    const { value, json } = readDocument(text, displayName(url));
    if (kept && options.places === true) texts.push({ url, name: sourceName(url), text, json });
    options.onProgress?.({ stage: "parse", state: "step", count: ++parsedCount, detail: displayName(url) });
    return value;
  };
  options.onProgress?.({ stage: "parse", state: "start" });
  const parseStarted = performance.now();
  const parsed = parse(root.text, root.url, true);
  const version = openapiVersionOf(parsed, where);
  const origins = new WeakMap<object, BundleOrigin>();
  const bundled = await bundleRefs(
    parsed as Record<string, unknown>,
    root.url,
    async (url) => {
      const allow = options.allowExternalRefs === true;
      await checkRefScope(url, root.url, allow);
      // A redirect is held to the same rules as the $ref itself.
      const text = await reader.read(url, (next) => checkRefScope(next, root.url, allow));
      return parse(text.text, url, true);
    },
    version === "2.0" ? "definitions" : "components",
    origins,
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
    ...(options.places === true
      ? {
          places: new SourcePlaces({
            rootUrl: root.url,
            texts,
            bundled,
            origins,
            ...(converted !== undefined ? { convertedPointer: converted.originalPointer } : {}),
          }),
        }
      : {}),
    sha256: sha256Hex(root.bytes),
    bytes: root.bytes.byteLength,
    documents,
    inputsSha256: inputsHash(documents),
  };
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

async function loadExamples(url: string, reader: DocumentReader, parse: (text: string, url: string) => unknown): Promise<unknown> {
  if (!(await examplesExist(url, reader))) return undefined;
  const text = await reader.read(url);
  return parse(text.text, url);
}
