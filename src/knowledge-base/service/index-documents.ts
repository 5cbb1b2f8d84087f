/**
 * The index texts of an add request's documents (segment.ts), computed in steps. One request
 * may carry 32 MiB of text, which takes seconds to segment when it is Chinese (about 1.3 µs a
 * character); the work pauses every few milliseconds (time-slice.ts) so searches and health
 * probes are answered meanwhile, not after it.
 */
import { indexTextPieces } from "./segment.js";
import type { IndexedDocument, NewDocument } from "./storage.js";
import { TimeSlice } from "./time-slice.js";

export async function indexDocuments(documents: readonly NewDocument[], slice = new TimeSlice()): Promise<IndexedDocument[]> {
  const indexed: IndexedDocument[] = [];
  for (const document of documents) {
    const indexTitle = await indexText(document.title, slice);
    const indexContent = await indexText(document.content, slice);
    indexed.push({ ...document, indexTitle, indexContent });
  }
  return indexed;
}

/** toIndexText(text), pausing between its pieces. */
async function indexText(text: string, slice: TimeSlice): Promise<string> {
  const pieces: string[] = [];
  for (const piece of indexTextPieces(text)) {
    pieces.push(piece);
    await slice.pause();
  }
  return pieces.join("");
}
