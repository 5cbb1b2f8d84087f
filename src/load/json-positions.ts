/**
 * Where a JSON pointer's node sits in JSON text, found by scanning the text only when asked.
 * `JSON.parse` keeps no positions, and indexing every node of GitHub's 13 MB description up front
 * would cost every load for the few places a diff names. Only the containers on an asked path are
 * indexed (keys -> offsets), each once and whole: `JSON.parse` keeps the last of duplicate keys, so
 * a key is only known to be the one that counts once its container has been read to the end.
 * Everything else is skipped: strings with `indexOf`, containers with a sticky regular expression
 * that consumes whole strings and runs of non-bracket characters natively, so that only brackets
 * come back to JavaScript. A skip remembers where the containers a few levels inside the skipped
 * one end, so indexing one of them later (`paths` after the root, then a path item) does not read
 * its bytes again. The first question thus costs one pass over the text (the root is always on
 * the path); later ones, the containers on their paths not indexed yet.
 */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/**
 * How many levels inside a skipped container have their ends remembered. Two covers a path item
 * and its operations when `paths` is skipped, `schemas` and each schema when `components` is.
 */
const REMEMBERED_LEVELS = 2;

/**
 * Whole strings and runs of anything but brackets and quotes. The string's body is written as an
 * unrolled loop (each repetition starts at a backslash), so an unterminated string fails in linear
 * time instead of trying every way to split a run.
 */
const UP_TO_BRACKET = /(?:[^"[\]{}]+|"[^"\\]*(?:\\[\s\S][^"\\]*)*")*/y;

/** How a pointer segment names an array item: `String(index)`, nothing else. */
const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

interface Member {
  /** The key's opening quote. */
  readonly key: number;
  readonly value: number;
}

interface Container {
  /** An object's members by key, the last of duplicates; for an array, each item's first character. */
  readonly members: Map<string, Member> | readonly number[];
  /** Just past the closing bracket. */
  readonly end: number;
}

export class JsonPositions {
  private readonly containers = new Map<number, Container>();
  /** Opening bracket -> just past the closing one, for containers passed over by a skip. */
  private readonly ends = new Map<number, number>();

  constructor(private readonly text: string) {}

  /**
   * The offset of the node at `segments`: an object member's key, an array item's first
   * character, the root value's first character. `undefined` when the text has no such node.
   */
  offsetOf(segments: readonly string[]): number | undefined {
    let value = skipSpace(this.text, 0);
    let at = value;
    for (const segment of segments) {
      const members = (this.containers.get(value) ?? this.index(value))?.members;
      if (members === undefined) return undefined;
      if (members instanceof Map) {
        const member = members.get(segment);
        if (member === undefined) return undefined;
        at = member.key;
        value = member.value;
      } else {
        const item = ARRAY_INDEX.test(segment) ? members[Number(segment)] : undefined;
        if (item === undefined) return undefined;
        at = item;
        value = item;
      }
    }
    return at;
  }

  /** Indexes the members of the container at `offset`; undefined for any other value. */
  private index(offset: number): Container | undefined {
    const text = this.text;
    const open = text.charCodeAt(offset);
    if (open !== OPEN_BRACE && open !== OPEN_BRACKET) return undefined;
    const members = new Map<string, Member>();
    const items: number[] = [];
    let at = offset + 1;
    while (true) {
      at = skipSpace(text, at);
      const c = text.charCodeAt(at);
      if (c === COMMA) {
        at++;
        continue;
      }
      if (c === CLOSE_BRACE || c === CLOSE_BRACKET || Number.isNaN(c)) break;
      let value: number;
      if (open === OPEN_BRACKET) {
        value = at;
        items.push(at);
      } else {
        const end = skipString(text, at);
        const raw = text.slice(at + 1, end - 1);
        const name = raw.includes("\\") ? (JSON.parse(text.slice(at, end)) as string) : raw;
        let colon = skipSpace(text, end);
        if (text.charCodeAt(colon) === COLON) colon++;
        value = skipSpace(text, colon);
        // JSON.parse keeps the last of duplicate keys.
        members.set(name, { key: at, value });
      }
      at = this.skip(value);
    }
    const container = { members: open === OPEN_BRACKET ? items : members, end: at + 1 };
    this.containers.set(offset, container);
    return container;
  }

  /** From a value's first character to just past it. */
  private skip(at: number): number {
    const text = this.text;
    const first = text.charCodeAt(at);
    if (first === QUOTE) return skipString(text, at);
    if (first !== OPEN_BRACE && first !== OPEN_BRACKET) return skipScalar(text, at);
    const known = this.containers.get(at)?.end ?? this.ends.get(at);
    if (known !== undefined) return known;
    const end = skipContainer(text, at, this.ends);
    this.ends.set(at, end);
    return end;
  }
}

function skipSpace(text: string, at: number): number {
  while (at < text.length) {
    const c = text.charCodeAt(at);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    at++;
  }
  return at;
}

/** From an opening quote to just past its closing quote. */
function skipString(text: string, at: number): number {
  let from = at + 1;
  while (true) {
    const quote = text.indexOf('"', from);
    if (quote === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** A number, true, false or null. */
function skipScalar(text: string, at: number): number {
  while (at < text.length) {
    const c = text.charCodeAt(at);
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) break;
    at++;
  }
  return at;
}

/**
 * From an opening bracket to just past its closing bracket, recording in `ends` the containers
 * up to REMEMBERED_LEVELS inside it. Measured on GitHub's description against counting brackets
 * character by character (strings by `indexOf`): half the time pretty-printed, about the same
 * minified, where strings are a few characters apart.
 */
function skipContainer(text: string, at: number, ends: Map<number, number>): number {
  const opens: number[] = [];
  let depth = 0;
  let i = at;
  while (true) {
    UP_TO_BRACKET.lastIndex = i;
    UP_TO_BRACKET.test(text);
    i = UP_TO_BRACKET.lastIndex;
    const c = text.charCodeAt(i);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (depth <= REMEMBERED_LEVELS) opens[depth] = i;
      depth++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return i + 1;
      if (depth <= REMEMBERED_LEVELS) ends.set(opens[depth]!, i + 1);
    } else {
      // The end of the text, or a string it does not close.
      return text.length;
    }
    i++;
  }
}
