/**
 * An add's documents as one JSON text in UTF-8, `[{"id":…,"title":…,…},…]`, which the insert
 * reads with json_to_recordset. The obvious alternatives hold the event loop for seconds on a
 * 30 MiB add: node-postgres writes text arrays out element by element in JavaScript (2-3 s of
 * escaping and garbage collection for eight arrays), and one JSON.stringify of the whole, or the
 * join of a document's folded index text, is a single step of hundreds of milliseconds on strings
 * of 60 MB. Here every string is escaped and encoded in pieces of at most 64 KiB, pausing between
 * them (time-slice.ts), into buffers outside the JavaScript heap; the one long step left is
 * copying them into one buffer, which node-postgres sends as the parameter's bytes.
 */
import type { IndexedDocument } from "../storage.js";
import { postgresIndexTextSteps } from "./index-text.js";

/** The columns each row has, as json_to_recordset is told them. */
export const DOCUMENT_ROW_COLUMNS =
  "id text, title text, content text, metadata text, index_title text, index_content text, gram_title text, gram_content text";

const PIECE_LENGTH = 1 << 16;

export async function documentRows(documents: Iterable<readonly [string, IndexedDocument]>, slice: { pause(): Promise<void> }): Promise<Buffer> {
  const parts: Buffer[] = [];
  const raw = (text: string) => parts.push(Buffer.from(text, "utf8"));
  const string = async (name: string, pieces: Iterable<string>) => {
    raw(`"${name}":"`);
    for (const piece of pieces) {
      // A lone surrogate becomes U+FFFD, as it did when text went to the server as UTF-8:
      // JSON.stringify writes it as an escape (`\ud800`), which PostgreSQL's json refuses.
      parts.push(Buffer.from(JSON.stringify(wellFormed(piece)).slice(1, -1), "utf8"));
      await slice.pause();
    }
    raw('"');
  };
  raw("[");
  let first = true;
  for (const [id, document] of documents) {
    raw(first ? "{" : ",{");
    first = false;
    await string("id", pieces(id));
    raw(",");
    await string("title", pieces(document.title));
    raw(",");
    await string("content", pieces(document.content));
    raw(",");
    // JSON text inside the JSON, cast to json in SQL: json keeps the keys in the order written.
    await string("metadata", [metadataText(document.metadata)]);
    raw(",");
    await string("index_title", postgresIndexTextSteps(document.indexTitle));
    raw(",");
    await string("index_content", postgresIndexTextSteps(document.indexContent));
    raw(",");
    // Characters of Chinese and Japanese only, which PostgreSQL's fold leaves as they are.
    await string("gram_title", pieces(document.gramTitle));
    raw(",");
    await string("gram_content", pieces(document.gramContent));
    raw("}");
  }
  raw("]");
  return Buffer.concat(parts);
}

/** `text` in pieces of about PIECE_LENGTH, never cutting a surrogate pair in two. */
function* pieces(text: string): Generator<string, void, undefined> {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + PIECE_LENGTH, text.length);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end += 1;
    yield text.slice(start, end);
    start = end;
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
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
