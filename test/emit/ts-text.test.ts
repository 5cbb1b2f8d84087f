/** The literal writers of ts-text.ts read back as the very text they were given. */
import fc from "fast-check";
import { runInNewContext } from "node:vm";
import { expect, test } from "vitest";
import { singleQuotedLiteral, stringLiteral } from "../../src/emit/ts-text.js";

const awkward = fc.oneof(fc.string({ unit: "binary" }), fc.constantFrom("\\", "'", "\\'", "\n\r", "\u2028\u2029", "'\\n'", "a\\\\'b", '{"a":"it\'s \\"q\\""}'));

test("singleQuotedLiteral and stringLiteral evaluate to their input, on one line", () => {
  fc.assert(
    fc.property(fc.array(awkward, { maxLength: 6 }).map((parts) => parts.join("")), (text) => {
      for (const literal of [singleQuotedLiteral(text), stringLiteral(text)]) {
        expect(literal).not.toMatch(/[\n\r\u2028\u2029]/);
        expect(runInNewContext(literal)).toBe(text);
      }
    }),
    { numRuns: 2000, seed: 16_4 },
  );
});
