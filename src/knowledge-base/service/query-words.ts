/**
 * The words of a user's query, the same for every backend: users type free text, not a query
 * language, so the query is segmented like documents are (segment.ts), lower-cased and
 * de-duplicated; a document needs only some of the words, and the ranking favours documents
 * with more (and rarer) ones, like a search engine's default `match` query.
 */
import { characterGrams, segmentWords } from "./segment.js";

/** Queries longer than this many distinct words are cut, which bounds the cost of one search. */
export const MAX_QUERY_WORDS = 64;

export function queryWords(query: string): string[] {
  return [...new Set(segmentWords(query).map((word) => word.toLowerCase()))].slice(0, MAX_QUERY_WORDS);
}

/** At most this many distinct grams are searched: a query of n Chinese characters has up to 2n - 1. */
export const MAX_QUERY_GRAMS = 2 * MAX_QUERY_WORDS;

/**
 * The query's Chinese and Japanese characters and character pairs (segment.ts, characterGrams),
 * distinct, for matching the documents' grams; none for a query without such characters.
 */
export function queryGrams(query: string): string[] {
  return [...new Set(characterGrams(query))].slice(0, MAX_QUERY_GRAMS);
}

/**
 * The grams a search looks for: the pairs that some document has, and the characters that are in
 * none of those pairs. A single character is the commonest of terms, with the longest postings
 * (at 100,000 chunks, Chinese searches with every character were 4 to 12 times slower), and adds
 * little once a pair holding it matched; it is the way in where no pair does (泡茶 for a text of
 * 泡绿茶, 喝茶 for 绿茶). Both backends apply this rule (PostgreSQL in gram-search-step.ts).
 */
export function searchedGrams(grams: readonly string[], found: (pair: string) => boolean): string[] {
  const pairs = grams.filter((gram) => [...gram].length === 2 && found(gram));
  return [...pairs, ...grams.filter((gram) => [...gram].length === 1 && !pairs.some((pair) => pair.includes(gram)))];
}
