/**
 * The stepwise JSON parser of large request bodies against JSON.parse (through http-guard's
 * parseJsonBody, which adds the depth and number checks): on generated texts, valid and broken,
 * with tiny run and slice sizes so that every path (runs, walked containers, sliced strings)
 * is taken on small inputs.
 */
import { describe, expect, it } from "vitest";
import { parseJsonBody } from "../../src/http-guard/json-body.js";
import { parseJsonIncrementally } from "../../src/knowledge-base/service/incremental-json.js";
import { TimeSlice } from "../../src/knowledge-base/service/time-slice.js";

function random(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

const next = random(3);
const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
const STRINGS = ["", "a", "héllo", "汉字", "🚀", "\\n", '\\"', "\\u00e9", "\\ud83d\\ude80", "\\\\", "__proto__", "1", "10", "constructor", "x y"];
const SCALARS = ["0", "-1", "3.5", "1e3", "1E-2", "true", "false", "null", "1e400", "123456789012345678901234567890"];
const space = () => pick(["", "", " ", "\n", "\t ", "\r\n"]);
const string = () => `"${Array.from({ length: Math.floor(next() * 6) }, () => pick(STRINGS)).join("")}"`;

function value(depth: number): string {
  const kind = next();
  if (depth > 5 || kind < 0.35) return next() < 0.5 ? pick(SCALARS) : string();
  const count = Math.floor(next() * 6);
  if (kind < 0.65) return `[${Array.from({ length: count }, () => space() + value(depth + 1) + space()).join(",")}]`;
  return `{${Array.from({ length: count }, () => `${space()}${string()}${space()}:${space()}${value(depth + 1)}${space()}`).join(",")}}`;
}

function damage(text: string): string {
  const at = Math.floor(next() * (text.length + 1));
  const kind = next();
  if (kind < 0.3) return text.slice(0, at) + text.slice(at + 1);
  if (kind < 0.6) return text.slice(0, at) + pick([",", "]", "}", "[", "{", '"', ":", "x", "\\", " ", "\u0001", "1"]) + text.slice(at);
  return text.slice(0, at);
}

/** Own property names at every level, in order: toEqual alone does not tell `__proto__` apart. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value !== "object" || value === null) return value;
  return Object.getOwnPropertyNames(value).map((key) => [key, shape((value as Record<string, unknown>)[key])]);
}

describe("parseJsonIncrementally", () => {
  it("gives what JSON.parse gives, or refuses what it refuses", async () => {
    let refused = 0;
    for (let n = 0; n < 1500; n++) {
      let text = space() + value(0) + space();
      if (next() < 0.4) text = damage(text);
      const maxDepth = 1 + Math.floor(next() * 6);
      const expected = parseJsonBody(text, maxDepth);
      if (!expected.ok) refused++;
      for (const [nativeBytes, stringSliceBytes] of [[1, 1], [4, 2], [16, 5], [64 * 1024, 256 * 1024]] as const) {
        const got = await parseJsonIncrementally(Buffer.from(text), maxDepth, new TimeSlice(), { nativeBytes, stringSliceBytes });
        const where = `${JSON.stringify(text)} (depth ${maxDepth}, runs of ${nativeBytes}, slices of ${stringSliceBytes})`;
        expect(got.ok, where).toBe(expected.ok);
        if (got.ok && expected.ok) expect(shape(got.value), where).toEqual(shape(expected.value));
        if (!got.ok && !expected.ok && /nests deeper/.test(expected.message) && !/not valid JSON/.test(got.message)) {
          expect(got.message, where).toBe(expected.message);
        }
      }
    }
    expect(refused).toBeGreaterThan(300);
  });

  it("keeps characters whole across slices: escapes, surrogate pairs, multi-byte UTF-8, bad bytes", async () => {
    const texts = [
      Buffer.from('["\\ud83d\\ude80\\ud83d\\ude80xyz\\u00e9"]'),
      Buffer.from(`{"k":"${"é汉🚀".repeat(40)}"}`),
      Buffer.from([0x5b, 0x22, 0xe4, 0xb8, 0x41, 0x42, 0xff, 0x22, 0x5d]),
      Buffer.from('{"__proto__":{"a":1},"b":2,"2":0,"1":1,"b":3}'),
    ];
    for (const bytes of texts) {
      const expected = parseJsonBody(bytes.toString("utf8"), 64);
      for (const size of [1, 2, 3, 7]) {
        const got = await parseJsonIncrementally(bytes, 64, new TimeSlice(), { nativeBytes: size, stringSliceBytes: size });
        expect(got.ok).toBe(true);
        if (got.ok && expected.ok) expect(shape(got.value)).toEqual(shape(expected.value));
      }
    }
  });

  it("refuses a number longer than 64 KiB instead of converting it", async () => {
    const got = await parseJsonIncrementally(Buffer.from(`[${"1".repeat(70_000)}]`), 64, new TimeSlice(), { nativeBytes: 16 });
    expect(got).toEqual({ ok: false, message: expect.stringMatching(/^the request body is not valid JSON: .*longer than 65536 bytes/) });
  });
});
