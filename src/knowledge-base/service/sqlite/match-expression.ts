/**
 * A query's words as an FTS5 MATCH expression: every word a quoted string (operators, `*`, `:`
 * and quotes lose their meaning), the words OR-ed.
 */

/** The MATCH expression for `words`, or `undefined` when there are none. */
export function toMatchExpression(words: readonly string[]): string | undefined {
  if (words.length === 0) return undefined;
  // Inside an FTS5 string a double quote is written twice. A word that unicode61 splits further
  // (it's, 3.5) becomes a phrase, which matches the same adjacent tokens in the documents.
  return words.map((word) => `"${word.replaceAll('"', '""')}"`).join(" OR ");
}
