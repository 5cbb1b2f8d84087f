/**
 * The offline cache: the documents of the last successful online load, so `--offline` can
 * generate again with the server unreachable. One pair of files per URL, named by the URL's hash:
 * `<key>.json` (the ReadRecord) and `<key>.body` (the bytes exactly as fetched). Probes that found
 * nothing are kept as records with `absent: true`, so offline loading does not invent an
 * `examples.yaml`.
 *
 * Only what the server sent is stored: no request header, token or cookie is ever written.
 * Each file is written atomically (`writeFileAtomically`), so a reader never sees half an entry.
 */
import { readFile } from "node:fs/promises";
import { writeFileAtomically } from "../atomic-write.js";
import { join } from "node:path";
import { BadInputError } from "./bad-input-error.js";
import { sha256Hex, type DocumentReader, type ReadRecord, type RecordingReader } from "./document-reader.js";
import { decode, type DocumentText } from "./read-document-text.js";

type CacheEntry = (ReadRecord & { readonly absent?: false }) | { readonly url: string; readonly absent: true };

function keyOf(url: string): string {
  return sha256Hex(url).slice(0, 32);
}

/** Stores what a recording reader saw. Called only after the whole load succeeded. */
export async function saveToCache(cacheDir: string, recorder: RecordingReader): Promise<void> {
  const remote = (url: string): boolean => !url.startsWith("file:");
  const writes: Promise<void>[] = [];
  for (const [url, { record, body }] of recorder.records) {
    if (!remote(url)) continue;
    const key = keyOf(url);
    writes.push(writeFileAtomically(join(cacheDir, `${key}.body`), body).then(() => writeFileAtomically(join(cacheDir, `${key}.json`), `${JSON.stringify(record, null, 2)}\n`)));
  }
  for (const url of recorder.absent) {
    if (!remote(url)) continue;
    const entry: CacheEntry = { url, absent: true };
    writes.push(writeFileAtomically(join(cacheDir, `${keyOf(url)}.json`), `${JSON.stringify(entry, null, 2)}\n`));
  }
  await Promise.all(writes);
}

/** Reads remote documents from the cache only; local files are still read from disk. */
export function offlineReader(cacheDir: string, local: DocumentReader): DocumentReader {
  return {
    async read(url) {
      if (url.startsWith("file:")) return local.read(url);
      const entry = await readEntry(cacheDir, url);
      if (entry === undefined || entry.absent === true) throw notCached(url, cacheDir);
      const bytes = await readFile(join(cacheDir, `${keyOf(url)}.body`)).catch(() => undefined);
      if (bytes === undefined || sha256Hex(bytes) !== entry.sha256) {
        throw new BadInputError(`the offline copy in ${cacheDir} is damaged; run toolgen once without --offline`, url);
      }
      const text: DocumentText = {
        text: decode(bytes),
        bytes,
        url: entry.finalUrl,
        ...(entry.contentType !== undefined ? { contentType: entry.contentType } : {}),
        ...(entry.etag !== undefined ? { etag: entry.etag } : {}),
        ...(entry.lastModified !== undefined ? { lastModified: entry.lastModified } : {}),
      };
      return text;
    },
    async exists(url) {
      if (url.startsWith("file:")) return local.exists(url);
      const entry = await readEntry(cacheDir, url);
      if (entry === undefined) throw notCached(url, cacheDir);
      return entry.absent !== true;
    },
  };
}

async function readEntry(cacheDir: string, url: string): Promise<CacheEntry | undefined> {
  const text = await readFile(join(cacheDir, `${keyOf(url)}.json`), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const entry = JSON.parse(text) as CacheEntry;
    return entry.url === url ? entry : undefined;
  } catch {
    return undefined;
  }
}

function notCached(url: string, cacheDir: string): BadInputError {
  return new BadInputError(`is not in the offline cache (${cacheDir}); run toolgen once without --offline`, url);
}
