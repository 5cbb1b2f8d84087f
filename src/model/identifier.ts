/**
 * Turning arbitrary text (operationIds such as `repos/get-content`, `auth.set`, `400`, `获取单词`)
 * into TypeScript identifiers. Unicode letters are kept (they are valid identifiers and readable
 * for the people who wrote them); everything else separates words.
 */

/** ECMAScript reserved words, strict-mode reserved words, and names TypeScript treats specially. */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "implements interface let package private protected public static yield await arguments eval undefined NaN " +
    "Infinity any boolean never number object string symbol unknown bigint type namespace declare module " +
    "constructor prototype __proto__"
  ).split(" "),
);

const WORD_RE = /[\p{ID_Continue}]+/gu;

/** Splits text into words at separators and at lower→upper and letter→digit-run boundaries. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const chunk of text.normalize("NFC").match(WORD_RE) ?? []) {
    for (const part of chunk.split("_")) {
      if (!part) continue;
      // "getHTTPResponse" -> get, HTTP, Response ; "v2Users" -> v2, Users
      const pieces = part.match(/\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?[\p{Ll}\p{N}]+|\p{Lu}+|[^\p{Lu}\p{Ll}]+/gu) ?? [part];
      words.push(...pieces);
    }
  }
  return words;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** lowerCamelCase identifier; `undefined` when the text has no usable character. */
export function camelIdentifier(text: string): string | undefined {
  const words = splitWords(text);
  if (words.length === 0) return undefined;
  const [first, ...rest] = words as [string, ...string[]];
  let id = first.toLowerCase() + rest.map(capitalise).join("");
  if (!/^[\p{ID_Start}$_]/u.test(id)) id = `_${id}`;
  if (RESERVED.has(id)) id = `${id}_`;
  return id;
}

/** PascalCase identifier; `undefined` when the text has no usable character. */
export function pascalIdentifier(text: string): string | undefined {
  const words = splitWords(text);
  if (words.length === 0) return undefined;
  let id = words.map(capitalise).join("");
  if (!/^[\p{ID_Start}$_]/u.test(id)) id = `_${id}`;
  return id;
}

/** Whether `text` can be used as-is as an identifier (or unquoted property key). */
export function isIdentifier(text: string): boolean {
  return /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u.test(text) && !RESERVED.has(text);
}
