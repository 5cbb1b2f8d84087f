/**
 * Where a JSON pointer's node sits in JSON text, found by scanning the text only when asked.
 * `JSON.parse` keeps no positions, and indexing every node of GitHub's 13 MB description up front
 * would cost every load for the few places a diff names. Each container asked about has its
 * members indexed as the scan passes them (key -> offsets), so later questions about the same
 * container resume where the last one stopped; values that are not asked about are skipped
 * (strings with `indexOf`, containers by counting brackets outside strings).
 */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

interface Member {
  /** The key's opening quote (an array item: the value itself). */
  readonly key: number;
  readonly value: number;
}

interface Container {
  readonly members: Map<string, Member>;
  /** Where the scan stopped: the next member starts at or after it. */
  resume: number;
  count: number;
  done: boolean;
  readonly array: boolean;
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
      const member = this.member(value, segment);
      if (member === undefined) return undefined;
      at = member.key;
      value = member.value;
    }
    return at;
  }

  private member(offset: number, segment: string): Member | undefined {
    const code = this.text.charCodeAt(offset);
    if (code !== OPEN_BRACE && code !== OPEN_BRACKET) return undefined;
    let container = this.containers.get(offset);
    if (!container) {
      container = { members: new Map(), resume: offset + 1, count: 0, done: false, array: code === OPEN_BRACKET };
      this.containers.set(offset, container);
    }
    const known = container.members.get(segment);
    if (known !== undefined || container.done) return known;
    const text = this.text;
    let at = container.resume;
    while (true) {
      at = skipSpace(text, at);
      const c = text.charCodeAt(at);
      if (c === COMMA) {
        at++;
        continue;
      }
      if (c === CLOSE_BRACE || c === CLOSE_BRACKET || Number.isNaN(c)) {
        container.done = true;
        container.resume = at;
        return undefined;
      }
      let member: Member;
      let name: string;
      if (container.array) {
        member = { key: at, value: at };
        name = String(container.count);
      } else {
        const end = skipString(text, at);
        const raw = text.slice(at + 1, end - 1);
        name = raw.includes("\\") ? (JSON.parse(text.slice(at, end)) as string) : raw;
        let colon = skipSpace(text, end);
        if (text.charCodeAt(colon) === COLON) colon++;
        member = { key: at, value: skipSpace(text, colon) };
      }
      container.count++;
      // JSON.parse keeps the last of duplicate keys.
      container.members.set(name, member);
      at = skipValue(text, member.value);
      container.resume = at;
      if (name === segment) return member;
    }
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
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = skipString(text, i) - 1;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) return i + 1;
  }
  return text.length;
}
