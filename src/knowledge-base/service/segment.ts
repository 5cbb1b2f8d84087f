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
 *
 * Long texts are handled in pieces of at most CHUNK_LENGTH characters (text-cuts.ts says where
 * they are cut), so the cost grows in proportion to the length and an asynchronous caller can
 * let other requests run between pieces (indexTextPieces).
 */
import { cleanCut, fixedCut, mayBeginAt } from "./text-cuts.js";

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

/**
 * The longest piece given to the segmenter. Its cost per character grows with the length of the
 * string it is given (Node 20, Chinese: about 0.5 µs at 4,000 characters, 2.4 µs at 60,000; 60,000
 * characters of mixed scripts took 8 to 12 s) and past 65,535 falls off a cliff (a
 * 100,000-character Han run took 7 s). In pieces of this size it stays near 0.4 µs for text of
 * any length, and one piece is a few milliseconds of work.
 */
const CHUNK_LENGTH = 4096;

/**
 * A piece with no clean cut is ended between two words found in its last 2 * WORD_MARGIN
 * characters, at least WORD_MARGIN characters from its end, where the segmenter has enough
 * context on both sides to find the same words it finds in the whole text.
 */
const WORD_MARGIN = 32;

/** The end of the piece of `text` that begins at `start`. */
function pieceEnd(text: string, start: number): number {
  if (text.length - start <= CHUNK_LENGTH) return text.length;
  const limit = start + CHUNK_LENGTH;
  return cleanCut(text, start + CHUNK_LENGTH / 2, limit) ?? wordBoundaryBefore(text, limit) ?? fixedCut(text, start, limit);
}

/**
 * For a run of thousands of characters with no space or punctuation (Chinese or Thai written
 * without any): a boundary between two words near `limit`. Segmenting a piece of the run may find
 * other words at its edges than segmenting the whole run would, so a word there can be cut in
 * two; that costs a search for that one word, where segmenting the whole run costs seconds to
 * minutes. A run of one "word" (a long base64 string, say) has no boundary: undefined.
 */
function wordBoundaryBefore(text: string, limit: number): number | undefined {
  const from = limit - 2 * WORD_MARGIN;
  let boundary: number | undefined;
  for (const { index } of segmenter.segment(text.slice(from, limit))) {
    if (index > WORD_MARGIN) break;
    if (index > 0) boundary = from + index;
  }
  return boundary !== undefined && mayBeginAt(text, boundary) ? boundary : undefined;
}

/**
 * Text of ASCII letters, digits and spaces only, whose words are its runs of letters and digits:
 * the segmenter joins letters and digits into one word (Unicode word rules WB8-WB10) and breaks at
 * spaces, NFKC leaves ASCII as it is, and none of it is a pictograph. Most queries are such text,
 * and the segmenter took about 20 µs for one, a split 0.1.
 */
const PLAIN_ASCII = /^[A-Za-z0-9 ]*$/;

/** The word-like segments of `text`, after NFKC (full-width letters and digits become ASCII). */
export function segmentWords(text: string): string[] {
  if (PLAIN_ASCII.test(text)) return text.split(" ").filter((word) => word !== "");
  const words: string[] = [];
  const normal = text.normalize("NFKC");
  for (let start = 0, end = 0; start < normal.length; start = end) {
    end = pieceEnd(normal, start);
    for (const { segment, isWordLike } of segmenter.segment(normal.slice(start, end))) {
      if (isWordLike) words.push(segment);
    }
  }
  for (const match of normal.matchAll(PICTOGRAPH)) words.push(pictographWord(match[0]));
  return words;
}

/**
 * The text as FTS5 should index it: NFKC-normalised, with every unspaced run replaced by its
 * words separated by spaces.
 */
export function toIndexText(text: string): string {
  return [...indexTextPieces(text)].join("");
}

/**
 * Runs of Chinese and Japanese characters, which are also indexed as characters and character
 * pairs (characterGrams). Thai, Lao, Khmer and Myanmar are not: their characters are letters of
 * syllables, not units of meaning, and a pair of them matches almost anything.
 */
const GRAM_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3005\u3007\u30FC]+/gu;

/**
 * Every character and every pair of neighbouring characters of the Chinese and Japanese runs of
 * `text` (after NFKC), in order, repeats kept. The dictionary segmenter cuts a query as it cuts
 * any short text, which is often not how it cut the same characters in a document: 熊猫 is a
 * word of the query and part of the word 大熊猫 in the document, 苹果树 is cut 苹果|树 so 果树 is
 * nowhere a word, and 泡茶 finds no 泡绿茶. Characters and pairs match whatever the cuts; they are
 * indexed beside the words, not instead of them, and ranked apart (storage.ts, `grams`).
 */
export function characterGrams(text: string): string[] {
  const grams: string[] = [];
  for (const [run] of text.normalize("NFKC").matchAll(GRAM_RUN)) {
    const characters = [...run];
    for (let index = 0; index < characters.length; index++) {
      grams.push(characters[index]!);
      if (index + 1 < characters.length) grams.push(characters[index]! + characters[index + 1]!);
    }
  }
  return grams;
}

/**
 * characterGrams(text) separated by spaces, in pieces cut as indexTextPieces cuts (a pair across
 * a cut inside a run of thousands of characters is lost, as a word there may be), each piece the
 * work of at most CHUNK_LENGTH characters. Pieces are empty for text without such runs.
 */
export function* gramTextPieces(text: string): Generator<string, void, undefined> {
  let first = true;
  for (let start = 0, end = 0; start < text.length; start = end) {
    end = pieceEnd(text, start);
    const grams = characterGrams(text.slice(start, end));
    if (grams.length === 0) continue;
    yield `${first ? "" : " "}${grams.join(" ")}`;
    first = false;
  }
}

/** gramTextPieces(text) joined: the text a document's grams are indexed from. */
export function toGramText(text: string): string {
  return [...gramTextPieces(text)].join("");
}

/**
 * toIndexText's answer in pieces, each the work of at most CHUNK_LENGTH characters, for callers
 * that let other work run in between. Pieces end at clean cuts, which no unspaced run crosses;
 * only a run with no clean cut for CHUNK_LENGTH / 2 characters is cut (see wordBoundaryBefore),
 * and the two parts are indexed as two runs.
 */
export function* indexTextPieces(text: string): Generator<string, void, undefined> {
  for (let start = 0, end = 0; start < text.length; start = end) {
    end = pieceEnd(text, start);
    yield text
      .slice(start, end)
      .normalize("NFKC")
      .replace(UNSPACED_RUN, (run) => ` ${segmentWords(run).join(" ")} `)
      .replace(PICTOGRAPH, (pictograph) => ` ${pictographWord(pictograph)} `);
  }
}
