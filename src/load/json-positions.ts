/**
 * Where a JSON pointer's node sits in JSON text, found by scanning the text only when asked.
 * `JSON.parse` keeps no positions, and indexing every node of GitHub's 13 MB description up front
 * would cost every load for the few places a diff names. The first question indexes the members
 * of the root and of the containers a few levels below it in one pass (keys -> offsets); a
 * question deeper than that indexes the container it reaches the same way, from there. Values not
 * indexed are skipped: strings with `indexOf`, containers by counting brackets outside strings.
 * Each byte is scanned about once per INDEXED_LEVELS levels of depth.
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
 * How many levels below a container are indexed with it. Three covers GitHub's `paths/<path>/<method>`
 * and `components/schemas/<name>/properties` from the root (about 50,000 members).
 */
const INDEXED_LEVELS = 3;

interface Member {
  /** The key's opening quote (an array item: the value itself). */
  readonly key: number;
  readonly value: number;
}

interface Container {
  readonly members: Map<string, Member>;
  /** Just past the closing bracket. */
  readonly end: number;
}

export class JsonPositions {
  private readonly containers = new Map<number, Container>();

  constructor(private readonly text: string) {}

  /**
   * The offset of the node at `segments`: an object member's key, an array item's first
   * character, the root value's first character. `undefined` when the text has no such node.
   */
  offsetOf(segments: readonly string[]): number | undefined {
    let value = skipSpace(this.text, 0);
    let at = value;
    for (const segment of segments) {
      const member = (this.containers.get(value) ?? this.index(value, INDEXED_LEVELS))?.members.get(segment);
      if (member === undefined) return undefined;
      at = member.key;
      value = member.value;
    }
    return at;
  }

  /** Indexes the container at `offset` and, `levels` deep, those inside it; undefined for any other value. */
  private index(offset: number, levels: number): Container | undefined {
    const text = this.text;
    const open = text.charCodeAt(offset);
    if (open !== OPEN_BRACE && open !== OPEN_BRACKET) return undefined;
    const members = new Map<string, Member>();
    let count = 0;
    let at = offset + 1;
    while (true) {
      at = skipSpace(text, at);
      const c = text.charCodeAt(at);
      if (c === COMMA) {
        at++;
        continue;
      }
      if (c === CLOSE_BRACE || c === CLOSE_BRACKET || Number.isNaN(c)) break;
      let member: Member;
      let name: string;
      if (open === OPEN_BRACKET) {
        member = { key: at, value: at };
        name = String(count);
      } else {
        const end = skipString(text, at);
        const raw = text.slice(at + 1, end - 1);
        name = raw.includes("\\") ? (JSON.parse(text.slice(at, end)) as string) : raw;
        let colon = skipSpace(text, end);
        if (text.charCodeAt(colon) === COLON) colon++;
        member = { key: at, value: skipSpace(text, colon) };
      }
      count++;
      // JSON.parse keeps the last of duplicate keys.
      members.set(name, member);
      const inner = levels > 0 ? (this.containers.get(member.value) ?? this.index(member.value, levels - 1)) : undefined;
      at = inner !== undefined ? inner.end : skipValue(text, member.value);
    }
    const container = { members, end: at + 1 };
    this.containers.set(offset, container);
    return container;
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

/** From a value's first character to just past it. */
function skipValue(text: string, at: number): number {
  const first = text.charCodeAt(at);
  if (first === QUOTE) return skipString(text, at);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    // A number, true, false or null.
    while (at < text.length) {
      const c = text.charCodeAt(at);
      if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) break;
      at++;
    }
    return at;
  }
  // Measured against jumping between brackets and quotes with indexOf: as fast on GitHub's
  // pretty-printed description and three times faster on its minified form, where quotes are
  // a few characters apart.
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = skipString(text, i) - 1;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) return i + 1;
  }
  return text.length;
}
