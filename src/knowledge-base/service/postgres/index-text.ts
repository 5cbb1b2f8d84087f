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

const NOT_ASCII = /[^\0-\x7f]/;

export function postgresIndexText(text: string): string {
  // ASCII has no diacritics and is its own NFD and NFC: only the last rule applies.
  if (!NOT_ASCII.test(text)) return text.replace(NOT_A_WORD_CHARACTER, " ");
  return text.normalize("NFD").replace(LATIN_WITH_MARKS, "$1").normalize("NFC").replace(NOT_A_WORD_CHARACTER, " ");
}

/** How much text each of postgresIndexTextSteps's steps folds: a millisecond's work or less. */
const STEP_LENGTH = 1 << 16;

/**
 * postgresIndexText(text) in steps, for a caller that pauses between them (time-slice.ts): a
 * 30 MiB document takes a second or more to fold. Steps end at a space that follows a letter or
 * digit, where no rule looks across: NFD, NFC and the mark rule act within a letter and its marks,
 * and the space starts the run of non-word characters that the last rule turns into one space.
 * The steps joined are postgresIndexText(text).
 */
export function* postgresIndexTextSteps(text: string, stepLength = STEP_LENGTH): Generator<string, void, undefined> {
  for (let start = 0; start < text.length; ) {
    const end = stepEnd(text, start + stepLength);
    yield postgresIndexText(text.slice(start, end));
    start = end;
  }
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function stepEnd(text: string, from: number): number {
  for (let at = text.indexOf(" ", from); at !== -1; at = text.indexOf(" ", at + 1)) {
    if (LETTER_OR_DIGIT.test(text[at - 1]!)) return at;
  }
  return text.length;
}
