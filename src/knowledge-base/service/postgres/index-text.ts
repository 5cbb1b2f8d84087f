/**
 * Text as PostgreSQL's parser should see it, so that it finds the same words as SQLite's unicode61
 * tokenizer: PostgreSQL keeps host names, e-mail addresses, paths and decimal numbers whole
 * (`example.com`, `3.5`), where unicode61 splits at every character that is no letter or digit,
 * so `example` found example.com on SQLite only. Here every run of such characters becomes a
 * space first, in documents and query words alike (a query word `it's` becomes the phrase `it s`,
 * as it is in the index). Marks stay, unlike unicode61's default: they are part of letters in
 * Indic and Southeast Asian scripts.
 *
 * Diacritics are folded too: SQLite's tokenizer removes them from Latin letters
 * (`remove_diacritics 2`: café matches cafe), PostgreSQL's would need the unaccent extension,
 * which a database may not offer or allow. Marks on other scripts stay.
 */
const LATIN_WITH_MARKS = /(\p{Script=Latin})\p{M}+/gu;
const NOT_A_WORD_CHARACTER = /[^\p{L}\p{N}\p{M}\p{Co}]+/gu;

export function postgresIndexText(text: string): string {
  return text.normalize("NFD").replace(LATIN_WITH_MARKS, "$1").normalize("NFC").replace(NOT_A_WORD_CHARACTER, " ");
}
