/**
 * Answers that hold long documents, written in pieces (json-pieces.ts). A search's top 100 or a
 * listing's page of 1000 may carry 30 MiB of content; written in one go, escaping and encoding it
 * held the event loop for 300-450 ms, and every other request with it. Small answers, nearly all
 * of them, keep the one-step path: for them the pieces would only cost time. The result is the
 * JsonPieces itself, whose buffers server.ts writes out as they are (a copy of 30 MB into one
 * buffer is itself a 20 ms step).
 */
import { hitFrame } from "./hit-json.js";
import { JsonPieces, writeValue } from "./json-pieces.js";
import type { ScoredDocument, StoredDocument } from "./storage.js";
import { TimeSlice } from "./time-slice.js";

/** Characters of text past which an answer is written in pieces: about 5 ms of work in one go. */
export const LARGE_ANSWER_CHARACTERS = 1 << 20;

export function isLarge(documents: readonly { title: string; content: string }[]): boolean {
  let characters = 0;
  for (const document of documents) characters += document.title.length + document.content.length;
  return characters > LARGE_ANSWER_CHARACTERS;
}

/** What JSON.stringify makes of `{ total, documents }`, in pieces. */
export async function listingInPieces(listing: { total: number; documents: readonly StoredDocument[] }): Promise<JsonPieces> {
  const json = new JsonPieces(new TimeSlice());
  await writeValue(json, listing);
  return json;
}

/** The search's hits as handlers.ts writes them (hit-json.ts), in pieces: `doc` holds the content escaped twice. */
export async function hitsInPieces(knowledgeBaseId: number, hits: readonly ScoredDocument[]): Promise<JsonPieces> {
  const json = new JsonPieces(new TimeSlice());
  const escaped = (text: string) => JSON.stringify(text).slice(1, -1);
  json.raw("[");
  for (let i = 0; i < hits.length; i++) {
    const hit = hits[i]!;
    const frame = hitFrame(knowledgeBaseId, hit);
    json.raw(`${i > 0 ? "," : ""}${frame.head}"${escaped(frame.docHead)}`);
    await json.string(hit.content, 2);
    json.raw(`${escaped(frame.docTail)}"${frame.paraHead}`);
    await json.string(hit.content);
    json.raw(frame.tail);
  }
  json.raw("]");
  return json;
}
