/**
 * An add's documents as one JSON text in UTF-8, `[{"id":…,"title":…,…},…]`, which the insert
 * reads with json_to_recordset. The obvious alternatives hold the event loop for seconds on a
 * 30 MiB add: node-postgres writes text arrays out element by element in JavaScript (2-3 s of
 * escaping and garbage collection for eight arrays), and one JSON.stringify of the whole, or the
 * join of a document's folded index text, is a single step of hundreds of milliseconds on strings
 * of 60 MB. Here every string is escaped and encoded in pieces, pausing between them
 * (json-pieces.ts), into buffers outside the JavaScript heap; the one long step left is copying
 * them into one buffer, which node-postgres sends as the parameter's bytes.
 */
import { JsonPieces, pieces } from "../json-pieces.js";
import type { IndexedDocument } from "../storage.js";
import { postgresIndexTextSteps } from "./index-text.js";

/** The columns each row has, as json_to_recordset is told them. */
export const DOCUMENT_ROW_COLUMNS =
  "id text, title text, content text, metadata text, index_title text, index_content text, gram_title text, gram_content text";

export async function documentRows(documents: Iterable<readonly [string, IndexedDocument]>, slice: { pause(): Promise<void> }): Promise<Buffer> {
  const json = new JsonPieces(slice);
  const field = async (name: string, text: Iterable<string>) => {
    json.raw(`"${name}":`);
    await json.string(wellFormedPieces(text));
  };
  json.raw("[");
  let first = true;
  for (const [id, document] of documents) {
    json.raw(first ? "{" : ",{");
    first = false;
    await field("id", pieces(id));
    json.raw(",");
    await field("title", pieces(document.title));
    json.raw(",");
    await field("content", pieces(document.content));
    json.raw(",");
    // JSON text inside the JSON, cast to json in SQL: json keeps the keys in the order written.
    await field("metadata", [metadataText(document.metadata)]);
    json.raw(",");
    await field("index_title", postgresIndexTextSteps(document.indexTitle));
    json.raw(",");
    await field("index_content", postgresIndexTextSteps(document.indexContent));
    json.raw(",");
    // Characters of Chinese and Japanese only, which PostgreSQL's fold leaves as they are.
    await field("gram_title", pieces(document.gramTitle));
    json.raw(",");
    await field("gram_content", pieces(document.gramContent));
    json.raw("}");
  }
  json.raw("]");
  return json.concat();
}

/**
 * Lone surrogates as U+FFFD, as when text went to the server as UTF-8: JSON.stringify writes one
 * as an escape (`\ud800`), which PostgreSQL's json refuses. No piece ends inside a pair.
 */
function* wellFormedPieces(text: Iterable<string>): Generator<string, void, undefined> {
  for (const piece of text) yield wellFormed(piece);
}

/**
 * The metadata as JSON text, with lone surrogates in keys and strings as U+FFFD: PostgreSQL's json
 * refuses their escapes, and a request may carry them (`"\ud800"` is valid JSON).
 */
function metadataText(metadata: Record<string, unknown>): string {
  const text = JSON.stringify(metadata);
  return LONE_SURROGATE_ESCAPE.test(text) ? JSON.stringify(wellFormedValue(metadata)) : text;
}

/** Where JSON.stringify wrote a lone surrogate (or, rarely, a text that only looks like one). */
const LONE_SURROGATE_ESCAPE = /\\ud[89a-f]/;

function wellFormedValue(value: unknown): unknown {
  if (typeof value === "string") return wellFormed(value);
  if (Array.isArray(value)) return value.map(wellFormedValue);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [wellFormed(key), wellFormedValue(child)]));
  }
  return value;
}

function wellFormed(text: string): string {
  return (text as string & { toWellFormed(): string }).toWellFormed();
}
