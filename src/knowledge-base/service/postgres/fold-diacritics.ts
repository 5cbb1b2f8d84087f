/**
 * SQLite's tokenizer removes diacritics from Latin letters (`remove_diacritics 2`: café matches
 * cafe). PostgreSQL's would need the unaccent extension, which a database may not offer or allow,
 * so the index text and the query words are folded here before PostgreSQL sees them. Marks on
 * other scripts (Devanagari vowel signs, Thai tones) are part of the letter and stay.
 */
const LATIN_WITH_MARKS = /(\p{Script=Latin})\p{M}+/gu;

export function foldDiacritics(text: string): string {
  return text.normalize("NFD").replace(LATIN_WITH_MARKS, "$1").normalize("NFC");
}
