/**
 * One poll of a remote document for `--watch`: a conditional GET (`If-None-Match` with the ETag
 * of the last read, `If-Modified-Since` with its Last-Modified), sent with the same headers and
 * token as loading and held to the same redirect rules. A server without either answers 200 each
 * time and the hash decides.
 */
import { httpSettings } from "./load-description.js";
import type { LoadOptions } from "./loaded-description.js";
import { recordOf, type ReadRecord } from "./document-reader.js";
import { readIfChanged, type RedirectGuard } from "./read-document-text.js";

/**
 * The new record when the document changed, `undefined` when it did not. `sourceUrl` is the
 * description's own address (only its origin gets the credentials); `guard` checks redirects.
 */
export async function pollDocument(record: ReadRecord, options: LoadOptions, sourceUrl: string, guard?: RedirectGuard): Promise<ReadRecord | undefined> {
  const http = httpSettings(options, options.env ?? process.env, sourceUrl);
  const text = await readIfChanged(record.url, http, record, guard);
  if (text === undefined) return undefined;
  const next = recordOf(record.url, text);
  return next.sha256 === record.sha256 ? undefined : next;
}
