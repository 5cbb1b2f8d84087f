/**
 * Where a long text can be cut so that its pieces, normalised (NFKC) and word-segmented
 * (Intl.Segmenter) one at a time, give exactly what the whole text gives. segment.ts cuts long
 * texts into pieces of a few thousand characters because the segmenter's cost per character
 * grows with the length of the string it is given (see CHUNK_LENGTH there).
 *
 * A cut is clean right after white space or after punctuation that stands on its own, provided
 * the next character starts something new: Unicode's word-break rules (UAX #29, which ICU
 * follows) always break there, no normalisation composes across it, and it never falls inside a
 * run of Han, kana or Thai (segment.ts's UNSPACED_RUN) or inside a surrogate pair.
 */

/**
 * White space the word-break rules end a segment after: line ends (CR, LF, Newline) and spaces
 * (WSegSpace, or Other for tab and no-break space). Not U+FEFF or U+200B: they are format
 * characters, which attach to what comes before them; nor the narrow no-break space U+202F,
 * which joins words (ExtendNumLet, since Unicode 14).
 */
const SPACES = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006,
  0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x205f, 0x3000,
]);

/**
 * Punctuation with Word_Break=Other, before and after NFKC, so no rule joins it to a neighbour:
 * ! ? ( ) and their full-width forms, 、 。 and the CJK brackets 〈 〉 《 》 「 」 『 』 【 】.
 * Not , . : ; ' or their full-width forms: between letters or digits they are part of a word
 * ("it's", "3.5", "1,000").
 */
const PUNCTUATION = new Set([
  0x21, 0x28, 0x29, 0x3f, 0x3001, 0x3002, 0x3008, 0x3009, 0x300a, 0x300b, 0x300c, 0x300d, 0x300e, 0x300f, 0x3010,
  0x3011, 0xff01, 0xff08, 0xff09, 0xff1f,
]);

/**
 * Characters that attach to the one before them (marks, format characters such as the zero
 * width joiner, emoji modifiers, half-width kana sound marks) or continue its white space; a
 * piece must not begin with one.
 */
const ATTACHES = /[\p{M}\p{Cf}\p{Grapheme_Extend}\p{Emoji_Modifier}\p{White_Space}\uFF9E\uFF9F]/uy;

/** Whether a piece may begin at `index` without changing how the character there is read. */
export function mayBeginAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code >= 0xdc00 && code <= 0xdfff) return false; // the second half of a surrogate pair
  ATTACHES.lastIndex = index;
  return !ATTACHES.test(text);
}

/** The last clean cut in (from, to], or undefined when that stretch has none. */
export function cleanCut(text: string, from: number, to: number): number | undefined {
  for (let cut = to; cut > from; cut--) {
    const before = text.charCodeAt(cut - 1);
    if ((SPACES.has(before) || PUNCTUATION.has(before)) && mayBeginAt(text, cut)) return cut;
  }
  return undefined;
}

/**
 * A cut at `to` or a little before it, for text with no clean cut at all: not inside a surrogate
 * pair or before a mark, unless the whole stretch is marks. What reads the pieces may see a word
 * cut in two here.
 */
export function fixedCut(text: string, from: number, to: number): number {
  for (let cut = to; cut > from + 1; cut--) if (mayBeginAt(text, cut)) return cut;
  const code = text.charCodeAt(to);
  return code >= 0xdc00 && code <= 0xdfff ? to - 1 : to;
}
