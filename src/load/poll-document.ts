/**
 * One poll of a remote document for `--watch`: a conditional GET (`If-None-Match` with the ETag
 * of the last read), sent with the same headers and token as loading. A server without ETags
 * answers 200 each time and the hash decides.
 */
import { httpSettings } from "./load-description.js";
import type { LoadOptions } from "./loaded-description.js";
import { recordOf, type ReadRecord } from "./document-reader.js";
import { readIfChanged } from "./read-document-text.js";

/** The new record when the document changed, `undefined` when it did not. */
/** `sourceUrl`: the description's own URL; only its origin gets the token and headers. */
export async function pollDocument(record: ReadRecord, options: LoadOptions, sourceUrl: string): Promise<ReadRecord | undefined> {
  const env = options.env ?? process.env;
  // The token warning was given when the description was first loaded; polls stay quiet.
  const quiet: LoadOptions = { ...options, onWarning: () => undefined };
  const http = { ...httpSettings(quiet, env, quiet), credentialOrigin: new URL(sourceUrl).origin };
  const text = await readIfChanged(record.url, http, record.etag);
  if (text === undefined) return undefined;
  const next = recordOf(record.url, text);
  return next.sha256 === record.sha256 ? undefined : next;
}
