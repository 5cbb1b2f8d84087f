/**
 * JSON.parse for request bodies of many megabytes, in steps. Parsing a 30 MiB body in one go
 * held the event loop for 100 to 160 ms (UTF-8 decoding 13–40 ms, http-guard's depth and number
 * scan and JSON.parse the rest), during which no other request got an answer.
 *
 * The structure is walked here only where values are large. Consecutive small values (array
 * elements, or object members, together at most `nativeBytes`) are decoded and handed to
 * JSON.parse in one call, after http-guard's scanJson has checked their nesting and numbers; long
 * strings are decoded in slices of `stringSliceBytes`; between steps the parser pauses
 * (time-slice.ts). The result is what JSON.parse gives for the whole text: the same values, the
 * same key order, the last of duplicate keys winning, `__proto__` as an ordinary own property.
 * Errors name the byte where the walk found them, not JSON.parse's exact wording.
 *
 * It reads bytes, not characters: JSON's structural characters are ASCII, and in UTF-8 no byte of
 * a multi-byte character is ASCII, so brackets, quotes and commas are found without decoding.
 */
import { scanJson, type JsonParse } from "../../http-guard/json-body.js";
import type { TimeSlice } from "./time-slice.js";

export interface IncrementalJsonOptions {
  /** Largest run of small values parsed by one JSON.parse call. Default 64 KiB. */
  readonly nativeBytes?: number;
  /** Largest part of a long string decoded at once. Default 256 KiB. */
  readonly stringSliceBytes?: number;
}

export async function parseJsonIncrementally(
  bytes: Buffer,
  maxDepth: number,
  slice: TimeSlice,
  options: IncrementalJsonOptions = {},
): Promise<JsonParse> {
  const parser = new Parser(bytes, maxDepth, slice, options.nativeBytes ?? 64 * 1024, options.stringSliceBytes ?? 256 * 1024);
  try {
    return { ok: true, value: await parser.document() };
  } catch (error) {
    if (error instanceof BodyProblem) return { ok: false, message: error.message };
    throw error;
  }
}

/** Why the body is refused: the message is the 400 answer's. */
class BodyProblem extends Error {}

function syntax(detail: string): BodyProblem {
  return new BodyProblem(`the request body is not valid JSON: ${detail}`);
}

/** Longest number (or literal) read; a longer one is refused rather than converted at length. */
const MAX_SCALAR_BYTES = 64 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

class Parser {
  #pos = 0;

  constructor(
    private readonly bytes: Buffer,
    private readonly maxDepth: number,
    private readonly slice: TimeSlice,
    private readonly nativeBytes: number,
    private readonly stringSliceBytes: number,
  ) {}

  async document(): Promise<unknown> {
    const value = await this.#value(0);
    this.#skipSpace();
    if (this.#pos < this.bytes.length) throw syntax(`unexpected data after the JSON value at byte ${this.#pos}`);
    return value;
  }

  /** The value at #pos, which is inside `depth` arrays and objects. */
  async #value(depth: number): Promise<unknown> {
    this.#skipSpace();
    const start = this.#pos;
    const end = this.#smallValueEnd(start, start + this.nativeBytes);
    if (end !== undefined) {
      this.#pos = end;
      return this.#parse(start, end, depth, "", "");
    }
    const byte = this.bytes[start];
    if (byte === OPEN_OBJECT) return this.#object(depth + 1);
    if (byte === OPEN_ARRAY) return this.#array(depth + 1);
    if (byte === QUOTE) return this.#string();
    if (byte === undefined) throw syntax("unexpected end of data");
    const scalarEnd = isScalarByte(byte) ? this.#smallValueEnd(start, start + MAX_SCALAR_BYTES) : undefined;
    if (scalarEnd === undefined) throw syntax(`no JSON value begins at byte ${start}, or it is a number longer than ${MAX_SCALAR_BYTES} bytes`);
    this.#pos = scalarEnd;
    return this.#parse(start, scalarEnd, depth, "", "");
  }

  async #array(depth: number): Promise<unknown[]> {
    this.#enter(depth);
    const result: unknown[] = [];
    this.#pos++;
    this.#skipSpace();
    if (this.bytes[this.#pos] === CLOSE_ARRAY) {
      this.#pos++;
      return result;
    }
    for (;;) {
      const start = this.#pos;
      const run = this.#smallItems(false);
      if (run.end !== undefined) {
        for (const element of this.#parse(start, run.end, depth, "[", "]") as unknown[]) result.push(element);
        await this.slice.pause();
      }
      if (run.large) {
        result.push(await this.#value(depth));
        await this.slice.pause();
        this.#skipSpace();
      }
      const byte = this.bytes[this.#pos];
      if (byte === CLOSE_ARRAY) {
        this.#pos++;
        return result;
      }
      if (byte !== COMMA || !run.large) throw this.#unexpected("',' or ']'");
      this.#pos++;
      this.#skipSpace();
    }
  }

  async #object(depth: number): Promise<Record<string, unknown>> {
    this.#enter(depth);
    const result: Record<string, unknown> = {};
    this.#pos++;
    this.#skipSpace();
    if (this.bytes[this.#pos] === CLOSE_OBJECT) {
      this.#pos++;
      return result;
    }
    for (;;) {
      const start = this.#pos;
      const run = this.#smallItems(true);
      if (run.end !== undefined) {
        const members = this.#parse(start, run.end, depth, "{", "}") as Record<string, unknown>;
        for (const key of Object.keys(members)) define(result, key, members[key]);
        await this.slice.pause();
      }
      if (run.large) {
        if (this.bytes[this.#pos] !== QUOTE) throw this.#unexpected("a property name");
        const key = await this.#string();
        this.#skipSpace();
        if (this.bytes[this.#pos] !== COLON) throw this.#unexpected("':'");
        this.#pos++;
        define(result, key, await this.#value(depth));
        await this.slice.pause();
        this.#skipSpace();
      }
      const byte = this.bytes[this.#pos];
      if (byte === CLOSE_OBJECT) {
        this.#pos++;
        return result;
      }
      if (byte !== COMMA || !run.large) throw this.#unexpected("',' or '}'");
      this.#pos++;
      this.#skipSpace();
    }
  }

  /**
   * From #pos: consecutive small items (values, or `"key": value` members) separated by commas,
   * spanning at most nativeBytes. `end` is where the last one ends (undefined: none). `large`:
   * #pos is at the start of an item that is not small (or not valid), to be walked; otherwise
   * #pos is past the last item, at whatever follows it that is not a comma.
   */
  #smallItems(members: boolean): { end: number | undefined; large: boolean } {
    const limit = this.#pos + this.nativeBytes;
    let end: number | undefined;
    for (;;) {
      const itemEnd = members ? this.#smallMemberEnd(this.#pos, limit) : this.#smallValueEnd(this.#pos, limit);
      if (itemEnd === undefined) return { end, large: true };
      end = itemEnd;
      this.#pos = itemEnd;
      this.#skipSpace();
      if (this.bytes[this.#pos] !== COMMA) return { end, large: false };
      this.#pos++;
      this.#skipSpace();
    }
  }

  #smallMemberEnd(start: number, limit: number): number | undefined {
    if (this.bytes[start] !== QUOTE) return undefined;
    const keyEnd = this.#smallValueEnd(start, limit);
    if (keyEnd === undefined) return undefined;
    const colon = this.#spaceEnd(keyEnd);
    if (this.bytes[colon] !== COLON) return undefined;
    return this.#smallValueEnd(this.#spaceEnd(colon + 1), limit);
  }

  /**
   * Where the value beginning at `start` ends, if it ends before `limit`; otherwise, or when no
   * value begins there, undefined. Only the extent is found: JSON.parse checks the syntax.
   */
  #smallValueEnd(start: number, limit: number): number | undefined {
    const bytes = this.bytes;
    const stop = Math.min(limit, bytes.length);
    const first = bytes[start];
    if (first === QUOTE) {
      for (let i = start + 1; i < stop; i++) {
        const byte = bytes[i];
        if (byte === BACKSLASH) i++;
        else if (byte === QUOTE) return i + 1;
      }
      return undefined;
    }
    if (first === OPEN_OBJECT || first === OPEN_ARRAY) {
      let open = 0;
      for (let i = start; i < stop; i++) {
        const byte = bytes[i];
        if (byte === QUOTE) {
          for (i++; i < stop; i++) {
            const inner = bytes[i];
            if (inner === BACKSLASH) i++;
            else if (inner === QUOTE) break;
          }
        } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) open++;
        else if ((byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) && --open === 0) return i + 1;
      }
      return undefined;
    }
    if (first === undefined || !isScalarByte(first)) return undefined;
    let i = start;
    while (i < stop && isScalarByte(bytes[i]!)) i++;
    // A literal that reaches the limit may go on past it.
    return i < limit || i === bytes.length ? i : undefined;
  }

  /** A long string at #pos, decoded in slices that end neither inside an escape nor inside a UTF-8 character. */
  async #string(): Promise<string> {
    const bytes = this.bytes;
    const parts: string[] = [];
    let from = this.#pos + 1;
    for (let i = from; i < bytes.length; ) {
      const byte = bytes[i]!;
      if (byte === QUOTE) {
        parts.push(this.#stringPart(from, i));
        this.#pos = i + 1;
        return parts.length === 1 ? parts[0]! : parts.join("");
      }
      if (i - from >= this.stringSliceBytes && (byte & 0xc0) !== 0x80) {
        parts.push(this.#stringPart(from, i));
        from = i;
        await this.slice.pause();
      }
      // An escape is skipped whole (\uXXXX is six bytes), so no slice ends inside one.
      i += byte !== BACKSLASH ? 1 : bytes[i + 1] === 0x75 ? 6 : 2;
    }
    throw syntax(`the string that begins at byte ${this.#pos} does not end`);
  }

  #stringPart(start: number, end: number): string {
    try {
      return JSON.parse(`"${this.bytes.toString("utf8", start, end)}"`) as string;
    } catch (error) {
      throw syntax(`${(error as Error).message} (in the string at bytes ${start}..${end})`);
    }
  }

  /**
   * JSON.parse of bytes start..end, wrapped in `open` and `close` (a run of elements or members
   * of the array or object at `depth`), after scanJson's checks of nesting and numbers.
   */
  #parse(start: number, end: number, depth: number, open: string, close: string): unknown {
    const text = `${open}${this.bytes.toString("utf8", start, end)}${close}`;
    // The wrapper stands for the container at `depth`; a bare value nests below `depth`.
    const problem = scanJson(text, this.maxDepth - depth + (open === "" ? 0 : 1));
    if (problem !== undefined) throw new BodyProblem(problem.replace(/deeper than -?\d+ levels/, `deeper than ${this.maxDepth} levels`));
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw syntax(`${(error as Error).message} (in the part at bytes ${start}..${end})`);
    }
  }

  #enter(depth: number): void {
    if (depth > this.maxDepth) throw new BodyProblem(`the request body nests deeper than ${this.maxDepth} levels of arrays and objects`);
  }

  #unexpected(expected: string): BodyProblem {
    const byte = this.bytes[this.#pos];
    const found = byte === undefined ? "the end of the data" : `'${String.fromCharCode(byte)}'`;
    return syntax(`expected ${expected} at byte ${this.#pos}, found ${found}`);
  }

  #skipSpace(): void {
    this.#pos = this.#spaceEnd(this.#pos);
  }

  #spaceEnd(from: number): number {
    let i = from;
    while (i < this.bytes.length && isSpace(this.bytes[i]!)) i++;
    return i;
  }
}

/** JSON's white space: space, tab, line feed, carriage return. */
function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** Bytes of numbers and of true, false, null (and whatever garbage JSON.parse will refuse). */
function isScalarByte(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a) || byte === 0x2d || byte === 0x2b || byte === 0x2e;
}

/** JSON.parse's way of adding a member: an own data property, even for `__proto__`. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}
