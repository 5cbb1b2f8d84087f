/**
 * Lines and columns of offsets, line starts found only as far as asked: checked against splitting
 * the whole text, for offsets asked in order, backwards and shuffled (so that some questions
 * extend what is known and some fall inside it), and in one-line (minified) text.
 */
import { describe, expect, test } from "vitest";
import { LineIndex } from "../../src/load/line-index.js";
import { seededShuffle } from "../support/seeded-random.js";

function expected(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - (before.lastIndexOf("\n") + 1) + 1 };
}

/** Every offset's line start and line, for texts too long to slice for each offset. */
function allPlaces(text: string): { line: number; column: number }[] {
  const out: { line: number; column: number }[] = [];
  let line = 1;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    out.push({ line, column: i - start + 1 });
    if (text[i] === "\n") {
      line++;
      start = i + 1;
    }
  }
  return out;
}

describe("LineIndex", () => {
  test("every offset of a short text, in order, backwards and shuffled; a newline belongs to the line it ends", () => {
    const text = "{\n  \"a\": 1,\r\n\n  \"b\": [\n    2\n  ]\n}\n";
    const offsets = Array.from({ length: text.length + 1 }, (_, i) => i);
    for (const order of [offsets, [...offsets].reverse(), seededShuffle(offsets, 3)]) {
      const lines = new LineIndex(text);
      for (const offset of order) expect([offset, lines.at(offset)]).toEqual([offset, expected(text, offset)]);
    }
  });

  test("a long text: shuffled, descending and repeated questions", () => {
    const rows: string[] = [];
    for (let i = 0; i < 60_000; i++) rows.push(`${" ".repeat(i % 13)}"k${i}": ${"x".repeat(i % 29)},${i % 1000 === 0 ? "\n" : ""}`);
    const text = rows.join("\n");
    const places = allPlaces(text);
    const asked = [
      ...seededShuffle(Array.from({ length: 3000 }, (_, i) => Math.floor((i * text.length) / 3000)), 11),
      ...Array.from({ length: 200 }, (_, i) => text.length - i * 997),
      text.length,
      0,
      text.lastIndexOf("\n"),
    ];
    for (const order of [asked, [...asked].reverse()]) {
      const lines = new LineIndex(text);
      for (const offset of order) expect([offset, lines.at(offset)]).toEqual([offset, places[offset]]);
    }
  });

  test("minified: one line, columns as far as the offset", () => {
    const text = JSON.stringify({ values: Array.from({ length: 50_000 }, (_, i) => ({ i })) });
    const lines = new LineIndex(text);
    for (const offset of [text.length - 1, 5, 300_000, 0, text.length]) expect(lines.at(offset)).toEqual({ line: 1, column: offset + 1 });
    const trailing = `${text}\n`;
    expect(new LineIndex(trailing).at(trailing.length)).toEqual({ line: 2, column: 1 });
  });
});
