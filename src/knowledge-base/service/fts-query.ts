/**
 * Turns a user's query into an FTS5 MATCH expression. Users type free text, not FTS5 syntax, so
 * every word becomes a quoted string (operators, `*`, `:` and quotes lose their meaning) and the
 * words are OR-ed: like a search engine's default `match` query, a document needs only some of
 * the words, and BM25 ranks documents that contain more (and rarer) ones higher.
 */
import { segmentWords } from "./segment.js";

/** Queries longer than this many distinct words are cut, which bounds the cost of one search. */
export const MAX_QUERY_WORDS = 64;

/** The MATCH expression for `query`, or `undefined` when it has no searchable word. */
export function toMatchExpression(query: string): string | undefined {
  const words = [...new Set(segmentWords(query).map((word) => word.toLowerCase()))].slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return undefined;
  // Inside an FTS5 string a double quote is written twice. A word that unicode61 splits further
  // (it's, 3.5) becomes a phrase, which matches the same adjacent tokens in the documents.
  return words.map((word) => `"${word.replaceAll('"', '""')}"`).join(" OR ");
}
