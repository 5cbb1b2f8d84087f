/**
 * An add request's documents on their way to the writer thread, in parts. `postMessage` copies its
 * whole message at once, on the sending thread: one request of 1000 documents of 30 KiB, or of one
 * 30 MiB document (twice, with its index text), held the event loop 50 to 100 ms. The texts travel
 * instead as pieces of at most PIECE_CHARS characters, in messages of at most PART_CHARS, with a
 * turn of the loop between two messages; the request that follows them carries each document's
 * frame (its id, and how many pieces each text was cut into), and the worker joins the pieces back.
 */
import type { IndexedDocument } from "../storage.js";
import type { SqliteRequest } from "./sqlite-queries.js";

/** Longest piece of a text: 256 Ki characters, at most 512 KiB to copy. */
const PIECE_CHARS = 256 * 1024;
/** Most characters in one message: about 2 ms of copying. */
const PART_CHARS = 1024 * 1024;

/** A document without its texts: for each text, how many pieces it was cut into. Its metadata is an item of the parts. */
export interface DocumentFrame {
  readonly id?: string;
  readonly title: number;
  readonly content: number;
  readonly indexTitle: number;
  readonly indexContent: number;
  readonly gramTitle: number;
  readonly gramContent: number;
}

/** A request as it is sent to a worker: an add's documents as frames, their texts and metadata sent before it. */
export type FramedRequest =
  | Exclude<SqliteRequest, { method: "addDocuments" }>
  | { readonly method: "addDocuments"; readonly args: readonly [knowledgeBaseId: number, frames: readonly DocumentFrame[]] };

const TEXTS = ["title", "content", "indexTitle", "indexContent", "gramTitle", "gramContent"] as const;

/**
 * `request` as the messages' contents: `parts`, each a list of items (a document's metadata, then
 * the pieces of its texts, document after document), and the framed request to send after them.
 */
export function frameRequest(request: SqliteRequest): { parts: unknown[][]; framed: FramedRequest } {
  if (request.method !== "addDocuments") return { parts: [], framed: request };
  const [knowledgeBaseId, documents] = request.args;
  const parts: unknown[][] = [];
  let part: unknown[] = [];
  let size = 0;
  const push = (item: unknown, chars: number): void => {
    if (size + chars > PART_CHARS && part.length > 0) {
      parts.push(part);
      part = [];
      size = 0;
    }
    part.push(item);
    size += chars;
  };
  const frames = documents.map((document): DocumentFrame => {
    push(document.metadata, 0);
    const counts = TEXTS.map((field) => {
      const text = document[field];
      let count = 0;
      for (let at = 0; at < text.length; at += PIECE_CHARS, count++) push(text.slice(at, at + PIECE_CHARS), Math.min(PIECE_CHARS, text.length - at));
      return count;
    }) as [number, number, number, number, number, number];
    const [title, content, indexTitle, indexContent, gramTitle, gramContent] = counts;
    return { ...(document.id !== undefined ? { id: document.id } : {}), title, content, indexTitle, indexContent, gramTitle, gramContent };
  });
  if (part.length > 0) parts.push(part);
  return { parts, framed: { method: "addDocuments", args: [knowledgeBaseId, frames] } };
}

/** The request `frameRequest` framed, its documents put back together from the parts' `items`. */
export function unframeRequest(framed: FramedRequest, items: readonly unknown[]): SqliteRequest {
  if (framed.method !== "addDocuments") return framed;
  const [knowledgeBaseId, frames] = framed.args;
  let next = 0;
  const text = (count: number): string => {
    const pieces = items.slice(next, next + count) as string[];
    next += count;
    return pieces.join("");
  };
  const documents = frames.map((frame): IndexedDocument => {
    const metadata = items[next++] as Record<string, unknown>;
    const document = {
      title: text(frame.title),
      content: text(frame.content),
      metadata,
      indexTitle: text(frame.indexTitle),
      indexContent: text(frame.indexContent),
      gramTitle: text(frame.gramTitle),
      gramContent: text(frame.gramContent),
    };
    return frame.id !== undefined ? { id: frame.id, ...document } : document;
  });
  if (next !== items.length) throw new Error(`sqlite-worker: ${items.length} items for documents that take ${next}`);
  return { method: "addDocuments", args: [knowledgeBaseId, documents] };
}
