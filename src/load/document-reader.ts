/**
 * Where the bytes of a description come from: the network (or disk, for file: URLs), or the
 * offline cache of what was fetched last time. Loading goes through this one seam, so `--offline`
 * replays exactly the documents an online run read (the root, every external `$ref`, and the
 * `examples.yaml` companion), and an online run can record them for the next offline one.
 */
import { createHash } from "node:crypto";
import { probe, readDocumentText, type DocumentText, type HttpSettings, type RedirectGuard } from "./read-document-text.js";

export interface DocumentReader {
  read(url: string, guard?: RedirectGuard): Promise<DocumentText>;
  /** Whether a document exists (the reference's HEAD probe for `examples.yaml`). */
  exists(url: string): Promise<boolean>;
}

/** One document as read: enough to replay it offline and to tell later whether it changed. */
export interface ReadRecord {
  /** The URL asked for. */
  readonly url: string;
  /** The URL the bytes finally came from (after redirects); relative `$ref`s resolve against it. */
  readonly finalUrl: string;
  readonly sha256: string;
  readonly bytes: number;
  readonly etag?: string;
  readonly lastModified?: string;
  readonly contentType?: string;
}

export function networkReader(http: HttpSettings): DocumentReader {
  return {
    read: (url, guard) => readDocumentText(url, http, guard),
    exists: (url) => probe(url, http),
  };
}

/**
 * Hands out documents already read (by the no-change check, which found something changed) before
 * asking `inner`, so no document is read twice. Each is used once.
 */
export function prefetchedReader(inner: DocumentReader, prefetched: ReadonlyMap<string, DocumentText> | undefined): DocumentReader {
  if (prefetched === undefined || prefetched.size === 0) return inner;
  const left = new Map(prefetched);
  return {
    read(url, guard) {
      const text = left.get(url);
      if (text === undefined) return inner.read(url, guard);
      left.delete(url);
      return Promise.resolve(text);
    },
    exists: (url) => inner.exists(url),
  };
}

/**
 * Wraps a reader and remembers every document it returned, and every probe that found nothing,
 * so a cache can store exactly what one successful load used.
 */
export class RecordingReader implements DocumentReader {
  readonly records = new Map<string, { record: ReadRecord; body: Uint8Array }>();
  readonly absent = new Set<string>();

  constructor(private readonly inner: DocumentReader) {}

  async read(url: string, guard?: RedirectGuard): Promise<DocumentText> {
    const text = await this.inner.read(url, guard);
    this.records.set(url, { record: recordOf(url, text), body: text.bytes });
    return text;
  }

  async exists(url: string): Promise<boolean> {
    const found = await this.inner.exists(url);
    if (!found) this.absent.add(url);
    return found;
  }
}

export function recordOf(url: string, text: DocumentText): ReadRecord {
  return {
    url,
    finalUrl: text.url,
    sha256: sha256Hex(text.bytes),
    bytes: text.bytes.byteLength,
    ...(text.etag !== undefined ? { etag: text.etag } : {}),
    ...(text.lastModified !== undefined ? { lastModified: text.lastModified } : {}),
    ...(text.contentType !== undefined ? { contentType: text.contentType } : {}),
  };
}

export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}
