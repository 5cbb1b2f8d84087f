/**
 * JSON text written as UTF-8 buffers a piece at a time, pausing between pieces (time-slice.ts).
 * A request may carry, and an answer hold, 30 MiB of documents; JSON.stringify of that much is
 * one step of hundreds of milliseconds, and so is encoding the result, all of it holding the event
 * loop. Here a long string is escaped and encoded 64 KiB at a time. The bytes are those
 * JSON.stringify writes: escaping is per character, and no piece ends inside a surrogate pair.
 */

/** How much of a string is escaped at once: well under a millisecond's work. */
const PIECE_LENGTH = 1 << 16;

export class JsonPieces {
  readonly #parts: Buffer[] = [];
  readonly #slice: { pause(): Promise<void> };
  #byteLength = 0;

  constructor(slice: { pause(): Promise<void> }) {
    this.#slice = slice;
  }

  /** Text that is JSON already (punctuation, keys, small values the caller stringified). */
  raw(text: string): void {
    const bytes = Buffer.from(text, "utf8");
    this.#parts.push(bytes);
    this.#byteLength += bytes.length;
  }

  /**
   * The JSON string of `text` (or of its pieces joined), quotes included. `depth` 2 writes it as
   * it appears in a JSON string that holds JSON text: escaped, then escaped again (`doc` of a
   * search hit holds its content so).
   */
  async string(text: string | Iterable<string>, depth: 1 | 2 = 1): Promise<void> {
    const quote = depth === 1 ? '"' : '\\"';
    this.raw(quote);
    for (const piece of typeof text === "string" ? pieces(text) : text) {
      let escaped = JSON.stringify(piece).slice(1, -1);
      if (depth === 2) escaped = JSON.stringify(escaped).slice(1, -1);
      this.raw(escaped);
      await this.#slice.pause();
    }
    this.raw(quote);
  }

  /** Lets other work run if this piece's time is spent (time-slice.ts). */
  pause(): Promise<void> {
    return this.#slice.pause();
  }

  get byteLength(): number {
    return this.#byteLength;
  }

  /** The bytes so far, in the pieces they were written in. */
  buffers(): readonly Buffer[] {
    return this.#parts;
  }

  /** The bytes so far, as one buffer. */
  concat(): Buffer {
    return Buffer.concat(this.#parts, this.#byteLength);
  }
}

/** `text` in pieces of about PIECE_LENGTH, never cutting a surrogate pair in two. */
export function* pieces(text: string): Generator<string, void, undefined> {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + PIECE_LENGTH, text.length);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end))) end += 1;
    yield text.slice(start, end);
    start = end;
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * Writes any JSON value (plain data: strings, numbers, booleans, null, arrays, objects) as
 * JSON.stringify would, its long strings in pieces.
 */
export async function writeValue(json: JsonPieces, value: unknown): Promise<void> {
  if (typeof value === "string") {
    if (value.length <= PIECE_LENGTH) json.raw(JSON.stringify(value));
    else await json.string(value);
  } else if (Array.isArray(value)) {
    json.raw("[");
    for (let index = 0; index < value.length; index++) {
      if (index > 0) json.raw(",");
      const element: unknown = value[index];
      if (element === undefined || typeof element === "function" || typeof element === "symbol") json.raw("null");
      else await writeValue(json, element);
      await json.pause();
    }
    json.raw("]");
  } else if (typeof value === "object" && value !== null) {
    json.raw("{");
    let first = true;
    for (const [key, child] of Object.entries(value)) {
      if (child === undefined || typeof child === "function" || typeof child === "symbol") continue;
      json.raw(`${first ? "" : ","}${JSON.stringify(key)}:`);
      first = false;
      await writeValue(json, child);
    }
    json.raw("}");
  } else {
    json.raw(JSON.stringify(value) ?? "null");
  }
}
