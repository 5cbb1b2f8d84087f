/**
 * Reading a document again to tell whether it changed: a file from disk, a remote document with a
 * conditional GET (`If-None-Match` with the ETag of the last read, `If-Modified-Since` with its
 * Last-Modified), sent with the same headers and token as loading and held to the same redirect
 * rules. A server without either answers 200 each time and the hash decides. `--watch` polls with
 * it; the no-change check (src/up-to-date.ts) asks it about every document a lock lists.
 */
import { httpSettings } from "./load-inputs.js";
import type { LoadOptions } from "./loaded-description.js";
import { recordOf, type ReadRecord } from "./document-reader.js";
import { readConditionally, readDocumentText, type DocumentText, type HttpSettings, type RedirectGuard } from "./read-document-text.js";

/** A document read again: whether its bytes differ from the last read's, its record now, and its text when bytes came (not after a 304). */
export interface Reread {
  readonly changed: boolean;
  readonly record: ReadRecord;
  readonly text?: DocumentText;
}

/** `text`, just read, against `record`, the last read of the same document. */
export function rereadAs(record: ReadRecord, text: DocumentText): Reread {
  const next = recordOf(record.url, text);
  return { changed: next.sha256 !== record.sha256, record: next, text };
}

/** Reads `record`'s document again; a 304 keeps the record, with the URL the answer came from. */
export async function rereadDocument(record: ReadRecord, http: HttpSettings, guard?: RedirectGuard): Promise<Reread> {
  if (record.url.startsWith("file:")) return rereadAs(record, await readDocumentText(record.url, http));
  const answer = await readConditionally(record.url, http, record, guard);
  return answer.notModified ? { changed: false, record: { ...record, finalUrl: answer.url } } : rereadAs(record, answer.text);
}

/**
 * One `--watch` poll of a remote document: the new record when it changed, `undefined` when it did
 * not. `sourceUrl` is the description's own address (only its origin gets the credentials);
 * `guard` checks redirects.
 */
export async function pollDocument(record: ReadRecord, options: LoadOptions, sourceUrl: string, guard?: RedirectGuard): Promise<ReadRecord | undefined> {
  const reread = await rereadDocument(record, httpSettings(options, options.env ?? process.env, sourceUrl), guard);
  return reread.changed ? reread.record : undefined;
}
