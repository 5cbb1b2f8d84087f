/**
 * JSON request bodies parsed with two limits JSON.parse does not have. Nesting: a body nested
 * 10,000 levels parses fine, then overflows the stack of whatever walks it (zod, ajv, the
 * runtime's validator), so the depth is measured on the text first, before anything is built.
 * Numbers: `1e400` parses to `Infinity`, which no JSON answer can carry back (it is written as
 * `null`), so a number literal that does not fit a double is refused as the invalid input it is.
 * The scan is one pass over the characters and skips strings; it only calls `Number()` on literals
 * that could overflow (an exponent, or 309 digits and more).
 */

export type JsonParse = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

export function parseJsonBody(text: string, maxDepth: number): JsonParse {
  const problem = scanJson(text, maxDepth);
  if (problem !== undefined) return { ok: false, message: problem };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: `the request body is not valid JSON: ${(error as Error).message}` };
  }
}

/** A description of the first limit broken, or undefined (syntax errors are left to JSON.parse). */
export function scanJson(text: string, maxDepth: number): string | undefined {
  let depth = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c /* \ */) i++;
        else if (s === 0x22) break;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) return `the request body nests deeper than ${maxDepth} levels of arrays and objects`;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    } else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      let exponent = false;
      while (i + 1 < length && isNumberChar(text.charCodeAt(i + 1))) {
        i++;
        const n = text.charCodeAt(i);
        if (n === 0x65 || n === 0x45) exponent = true;
      }
      if ((exponent || i - start >= 308) && !Number.isFinite(Number(text.slice(start, i + 1)))) {
        return `the number ${abbreviate(text.slice(start, i + 1))} in the request body is too large for JSON (it would be read as Infinity)`;
      }
    }
  }
  return undefined;
}

function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;
}

function abbreviate(literal: string): string {
  return literal.length > 24 ? `${literal.slice(0, 12)}…${literal.slice(-8)}` : literal;
}
