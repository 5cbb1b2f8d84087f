/**
 * Answers that hold long documents, written in pieces (json-pieces.ts). A search's top 100 or a
 * listing's page of 1000 may carry 30 MiB of content; written in one go, escaping and encoding it
 * held the event loop for 300-450 ms, and every other request with it. Small answers, nearly all
 * of them, keep the one-step path: for them the pieces would only cost time.
 */
import { JsonPieces, writeValue } from "./json-pieces.js";
import type { ScoredDocument, StoredDocument } from "./storage.js";
import { TimeSlice } from "./time-slice.js";

/**
 * A result already written as JSON in UTF-8, which the envelope takes as it is (server.ts): the
 * pieces as written, not copied into one buffer (a copy of 30 MB is itself a 20 ms step).
 */
export class JsonBytes {
  readonly byteLength: number;
  constructor(readonly buffers: readonly Buffer[]) {
    this.byteLength = buffers.reduce((sum, buffer) => sum + buffer.length, 0);
  }

  /** The bytes as one buffer (for tests). */
  concat(): Buffer {
    return Buffer.concat(this.buffers, this.byteLength);
  }
}

/** Characters of text past which an answer is written in pieces: about 5 ms of work in one go. */
export const LARGE_ANSWER_CHARACTERS = 1 << 20;

export function isLarge(documents: readonly { title: string; content: string }[]): boolean {
  let characters = 0;
  for (const document of documents) characters += document.title.length + document.content.length;
  return characters > LARGE_ANSWER_CHARACTERS;
}

/** What JSON.stringify makes of `{ total, documents }`, in pieces. */
export async function listingInPieces(listing: { total: number; documents: readonly StoredDocument[] }): Promise<JsonBytes> {
  const json = new JsonPieces(new TimeSlice());
  await writeValue(json, listing);
  return new JsonBytes(json.buffers());
}

/**
 * The search's hits as handlers.ts writes them, `[{ fileId, score, source: { title, doc, para } }]`,
 * in pieces: `doc` is a JSON string holding JSON text, so the content in it is escaped twice.
 */
export async function hitsInPieces(knowledgeBaseId: number, hits: readonly ScoredDocument[]): Promise<JsonBytes> {
  const json = new JsonPieces(new TimeSlice());
  const escaped = (text: string) => JSON.stringify(text).slice(1, -1);
  json.raw("[");
  for (let i = 0; i < hits.length; i++) {
    const hit = hits[i]!;
    const id = JSON.stringify(hit.id);
    const title = JSON.stringify(hit.title);
    json.raw(`${i > 0 ? "," : ""}{"fileId":${id},"score":${JSON.stringify(hit.score)},"source":{"title":${title},"doc":"`);
    json.raw(escaped(`{"_doc_id":${id},"_id":${id},"content_se":`));
    await json.string(hit.content, 2);
    json.raw(escaped(`,"knowledgeBaseId":${knowledgeBaseId},"title":${title},"metadata":${JSON.stringify(hit.metadata)}}`));
    json.raw('","para":');
    await json.string(hit.content);
    json.raw("}}");
  }
  json.raw("]");
  return new JsonBytes(json.buffers());
}
