/**
 * The index texts of an add request's documents (segment.ts), computed in steps. One request
 * may carry 32 MiB of text, which takes seconds to segment when it is Chinese (about 1.3 µs a
 * character); the work pauses every few milliseconds (time-slice.ts) so searches and health
 * probes are answered meanwhile, not after it.
 */
import { gramTextPieces, indexTextPieces } from "./segment.js";
import type { IndexedDocument, NewDocument } from "./storage.js";
import { TimeSlice } from "./time-slice.js";

export async function indexDocuments(documents: readonly NewDocument[], slice = new TimeSlice()): Promise<IndexedDocument[]> {
  const indexed: IndexedDocument[] = [];
  for (const document of documents) {
    const indexTitle = await joinPieces(indexTextPieces(document.title), slice);
    const indexContent = await joinPieces(indexTextPieces(document.content), slice);
    const gramTitle = await joinPieces(gramTextPieces(document.title), slice);
    const gramContent = await joinPieces(gramTextPieces(document.content), slice);
    indexed.push({ ...document, indexTitle, indexContent, gramTitle, gramContent });
  }
  return indexed;
}

/** The pieces joined, pausing between them. */
async function joinPieces(text: Iterable<string>, slice: TimeSlice): Promise<string> {
  const pieces: string[] = [];
  for (const piece of text) {
    pieces.push(piece);
    await slice.pause();
  }
  return pieces.join("");
}
