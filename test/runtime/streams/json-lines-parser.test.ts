// The splitter of JSON Lines / NDJSON and of JSON text sequences (RFC 7464): the rules one by one,
// then the same splits for any chunking of random streams, checked against a split of the whole.
import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { JsonLinesParser, type JsonText } from "../../../src/runtime/streams/json-lines-parser.js";
import { ItemTooLarge } from "../../../src/runtime/streams/item-too-large.js";

function split(chunks: string[], separator: "line" | "record", maxLineBytes = 0): JsonText[] {
  const parser = new JsonLinesParser(maxLineBytes, separator);
  const texts: JsonText[] = [];
  for (const chunk of chunks) texts.push(...parser.push(chunk));
  const last = parser.end();
  if (last) texts.push(last);
  return texts;
}

/** Every split of `text` in two and in single characters. */
function chunkings(text: string): string[][] {
  const all: string[][] = [[text], [...text.split("")]];
  for (let i = 0; i <= text.length; i++) all.push([text.slice(0, i), text.slice(i)]);
  return all;
}

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("JSON Lines", () => {
  it("returns each complete line with its number, as soon as its LF arrives", () => {
    const parser = new JsonLinesParser(0, "line");
    expect(parser.push('{"a":1}\n{"b"')).toEqual([{ text: '{"a":1}', line: 1 }]);
    expect(parser.push(":2}\n")).toEqual([{ text: '{"b":2}', line: 2 }]);
    expect(parser.end()).toBeUndefined();
  });

  it("skips blank lines but counts them", () => {
    expect(split(["\n1\n\n  \n\t\r\n2\n\n"], "line")).toEqual([
      { text: "1", line: 2 },
      { text: "2", line: 6 },
    ]);
  });

  it("takes CRLF, and trims JSON whitespace around a line", () => {
    expect(split(['{"a":1}\r\n \t{"b": 2} \r\n'], "line")).toEqual([
      { text: '{"a":1}', line: 1 },
      { text: '{"b": 2}', line: 2 },
    ]);
  });

  it("leaves other whitespace for the JSON parser to reject", () => {
    expect(split(["\u00A01\u00A0\n\uFEFF2\n\u2028"], "line")).toEqual([
      { text: "\u00A01\u00A0", line: 1 },
      { text: "\uFEFF2", line: 2 },
      { text: "\u2028", line: 3 },
    ]);
  });

  it("does not split at a bare CR or an RS", () => {
    expect(split(["1\r2\n\u001e3\n"], "line")).toEqual([
      { text: "1\r2", line: 1 },
      { text: "\u001e3", line: 2 },
    ]);
  });

  it("returns a last line without its LF at the end, when not blank", () => {
    expect(split(["1\n2"], "line")).toEqual([
      { text: "1", line: 1 },
      { text: "2", line: 2 },
    ]);
    const parser = new JsonLinesParser(0, "line");
    parser.push("1\n  \r");
    expect(parser.end()).toBeUndefined();
  });

  it("gives the same lines in any chunking", () => {
    const text = '{"é":"\u{1F600}"}\r\n\n [1, 2]\n"x"';
    const expected = split([text], "line");
    expect(expected).toHaveLength(3);
    for (const chunks of chunkings(text)) expect(split(chunks, "line")).toEqual(expected);
  });
});

describe("JSON text sequences", () => {
  it("completes a record when the next RS arrives, and the last at the end", () => {
    const parser = new JsonLinesParser(0, "record");
    expect(parser.push('\u001e{"a":1}\n')).toEqual([]);
    expect(parser.push('\u001e{"b":2}\n\u001e')).toEqual([
      { text: '{"a":1}', line: 1 },
      { text: '{"b":2}', line: 2 },
    ]);
    expect(parser.push("3\n")).toEqual([]);
    expect(parser.end()).toEqual({ text: "3", line: 3 });
  });

  it("keeps line ends inside a record: a JSON text may hold them", () => {
    expect(split(['\u001e{\n  "a": 1\n}\n\u001e[\r\n]\n'], "record")).toEqual([
      { text: '{\n  "a": 1\n}', line: 1 },
      { text: "[\r\n]", line: 2 },
    ]);
  });

  it("skips empty records (RS RS) but counts them", () => {
    expect(split(["\u001e\u001e \n\u001e1\n\u001e\n"], "record")).toEqual([{ text: "1", line: 3 }]);
  });

  it("returns text before the first RS as record 0", () => {
    expect(split(['{"a":1}\n\u001e2\n'], "record")).toEqual([
      { text: '{"a":1}', line: 0 },
      { text: "2", line: 1 },
    ]);
    expect(split([" \n\u001e2\n"], "record")).toEqual([{ text: "2", line: 1 }]);
  });

  it("gives the same records in any chunking", () => {
    const text = '\u001e{"é":\n"\u{1F600}"}\r\n\u001e\u001e [1, 2]\n\u001e"x"';
    const expected = split([text], "record");
    expect(expected).toHaveLength(3);
    for (const chunks of chunkings(text)) expect(split(chunks, "record")).toEqual(expected);
  });
});

describe("the cap on one line or record", () => {
  it("counts UTF-8 bytes exactly, the CR included, the LF not", () => {
    // Line 1 is 1 + 2 + 1 + 1 bytes; line 2 is 1 + 4 + 1, its character's surrogates counting 4
    // even when the chunking splits them.
    const text = '"é"\r\n"\u{1F600}"\n';
    for (const chunks of chunkings(text)) {
      expect(split(chunks, "line", 6)).toHaveLength(2);
      const error = thrown(() => split(chunks, "line", 5));
      expect(error).toBeInstanceOf(ItemTooLarge);
      expect(error).toMatchObject({ limit: 5, position: 2, unit: "line" });
      expect(thrown(() => split(chunks, "line", 4))).toMatchObject({ limit: 4, position: 1, unit: "line" });
    }
  });

  it("counts a record's whitespace and line ends, not its RS", () => {
    const text = "\u001e[1,\n2]\n\u001e3\n"; // the first record is 7 bytes
    for (const chunks of chunkings(text)) {
      expect(split(chunks, "record", 7)).toHaveLength(2);
      expect(thrown(() => split(chunks, "record", 6))).toMatchObject({ limit: 6, position: 1, unit: "record" });
    }
  });

  it("names the number of the line being assembled, blank lines counted", () => {
    expect(thrown(() => split(["1\n\n\n", "x".repeat(20)], "line", 10))).toMatchObject({ position: 4 });
  });

  it("returns the lines a chunk completed before the one too large, and fails on the next call", () => {
    const parser = new JsonLinesParser(10, "line");
    expect(parser.push("1\n2\n" + "x".repeat(20))).toEqual([
      { text: "1", line: 1 },
      { text: "2", line: 2 },
    ]);
    expect(() => parser.end()).toThrow(ItemTooLarge);
    expect(() => parser.push("\n")).toThrow(ItemTooLarge);
  });

  it("stops a 10 MB line without an LF before holding much more than the cap", () => {
    const limit = 1024 * 1024;
    const chunk = "x".repeat(64 * 1024);
    const parser = new JsonLinesParser(limit, "line");
    let fed = 0;
    const error = thrown(() => {
      while (fed < 10 * 1024 * 1024) {
        parser.push(chunk);
        fed += chunk.length;
      }
    });
    expect(error).toMatchObject({ limit, position: 1, unit: "line" });
    expect(fed).toBeLessThanOrEqual(limit);
    expect(fed + chunk.length).toBeGreaterThan(limit);
  });

  it("has none at 0 or Infinity", () => {
    const big = "x".repeat(1024 * 1024) + "\n";
    expect(split([big], "line", 0)).toHaveLength(1);
    expect(split([big], "line", Infinity)).toHaveLength(1);
  });
});

describe("random streams", () => {
  const separatorOf = { line: "\n", record: "\u001e" } as const;
  const piece = fc.oneof(
    fc.string({ unit: "binary", maxLength: 8 }),
    fc.string({ unit: fc.constantFrom("\n", "\r", "\u001e", " ", "\t", "{", "}", "é", "\u{1F600}", "\u00A0"), maxLength: 8 }),
    fc.json(),
  );
  const stream = fc.array(piece, { maxLength: 30, size: "medium" }).map((pieces) => pieces.join(""));
  const cuts = fc.array(fc.nat(), { maxLength: 12 });
  const unit = fc.constantFrom("line" as const, "record" as const);

  function cutAt(text: string, at: number[]): string[] {
    const points = at.map((n) => n % (text.length + 1)).sort((a, b) => a - b);
    return [...points, text.length].map((point, i) => text.slice(i === 0 ? 0 : points[i - 1], point));
  }

  /** The split of the whole stream, by String.split, as the header of json-lines-parser.ts describes it. */
  function reference(text: string, separator: "line" | "record"): JsonText[] {
    const first = separator === "line" ? 1 : 0;
    return text
      .split(separatorOf[separator])
      .map((raw, i) => ({ text: raw.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, ""), line: first + i }))
      .filter((item) => item.text !== "");
  }

  it("split as the whole stream splits, in any chunking", () => {
    fc.assert(
      fc.property(stream, cuts, unit, (text, at, separator) => {
        const expected = reference(text, separator);
        expect(split([text], separator)).toEqual(expected);
        expect(split(cutAt(text, at), separator)).toEqual(expected);
        expect(split([...text.split("")], separator)).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it("fail at the same line, after the same lines, in any chunking", () => {
    fc.assert(
      fc.property(stream, cuts, unit, fc.integer({ min: 1, max: 40 }), (text, at, separator, limit) => {
        const pieces = text.split(separatorOf[separator]);
        const over = pieces.findIndex((raw) => new TextEncoder().encode(raw).length > limit);
        const first = separator === "line" ? 1 : 0;
        const expected = reference(text, separator).filter((item) => over === -1 || item.line < first + over);
        for (const chunks of [[text], cutAt(text, at), [...text.split("")]]) {
          const parser = new JsonLinesParser(limit, separator);
          const texts: JsonText[] = [];
          let failure: unknown;
          try {
            for (const chunk of chunks) texts.push(...parser.push(chunk));
            const last = parser.end();
            if (last) texts.push(last);
          } catch (error) {
            failure = error;
          }
          expect(texts).toEqual(expected);
          if (over === -1) expect(failure).toBeUndefined();
          else expect(failure).toMatchObject({ limit, position: first + over, unit: separator });
        }
      }),
      { numRuns: 1000 },
    );
  });
});
