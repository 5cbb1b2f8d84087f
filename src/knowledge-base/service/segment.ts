/**
 * Word segmentation for the full-text index. SQLite's `unicode61` tokenizer splits on spaces and
 * punctuation only, so a run of Chinese characters would become one giant token and a query for
 * a word inside it would never match. `Intl.Segmenter` (ICU's dictionary-based word breaker; full
 * ICU ships with Node 20) cuts such runs into words; we separate the words with spaces before the
 * text reaches FTS5, so documents and queries are tokenised by the same rules.
 *
 * Only scripts written without spaces between words need the dictionary. Everywhere else
 * unicode61 already finds the same tokens the segmenter would (it splits at every character
 * that is not a letter, digit or mark), so that text goes to FTS5 as it is: segmenting it too
 * would cost most of the indexing time and change nothing.
 */

// One segmenter for all text: ICU picks the break rules per script; the "zh" locale only selects
// the dictionary used for Han characters.
const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

/**
 * Runs of characters from scripts written without word separators: Han (with 々 and 〇), kana
 * (with the prolonged sound mark ー), Thai, Lao, Khmer, Myanmar.
 */
const UNSPACED_RUN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u3005\u3007\u30FC]+/gu;

/**
 * Emoji are neither letters nor digits, so unicode61 (and the segmenter) treat them as separators
 * and a query of only emoji would find nothing. Each pictograph becomes a word of its own, spelled
 * from its code point (`🚀` -> `emoji1f680`), in documents and queries alike; skin tones and
 * joiners are modifiers, not words, and are left to be dropped.
 */
const PICTOGRAPH = /\p{Extended_Pictographic}/gu;

function pictographWord(pictograph: string): string {
  return `emoji${pictograph.codePointAt(0)!.toString(16)}`;
}

/** The word-like segments of `text`, after NFKC (full-width letters and digits become ASCII). */
export function segmentWords(text: string): string[] {
  const words: string[] = [];
  const normal = text.normalize("NFKC");
  for (const { segment, isWordLike } of segmenter.segment(normal)) {
    if (isWordLike) words.push(segment);
  }
  for (const match of normal.matchAll(PICTOGRAPH)) words.push(pictographWord(match[0]));
  return words;
}

/**
 * The text as FTS5 should index it: NFKC-normalised, with every unspaced run replaced by its
 * words separated by spaces.
 */
export function toIndexText(text: string): string {
  return text
    .normalize("NFKC")
    .replace(UNSPACED_RUN, (run) => ` ${segmentWords(run).join(" ")} `)
    .replace(PICTOGRAPH, (pictograph) => ` ${pictographWord(pictograph)} `);
}
