// The event-stream parser rule by rule, as WHATWG HTML 9.2.6 "Interpreting an event stream" states
// them; the differential test (event-stream-differential.test.ts) checks them all together on
// random streams.
import { describe, it, expect } from "vitest";
import { EventStreamParser, ItemTooLarge, type ParsedEvent } from "../../../src/runtime/streams/event-stream-parser.js";

function parse(chunks: string[], maxEventBytes = 0): { events: ParsedEvent[]; incomplete: boolean; parser: EventStreamParser } {
  const parser = new EventStreamParser(maxEventBytes);
  const events: ParsedEvent[] = [];
  for (const chunk of chunks) events.push(...parser.push(chunk));
  return { events, ...parser.end(), parser };
}

const data = (chunks: string[]) => parse(chunks).events.map((event) => event.data);

/** Every split of `text` in two and in single characters: the answer must not depend on chunking. */
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

describe("byte order mark", () => {
  it("strips one U+FEFF at the very start of the stream", () => {
    expect(data(["\uFEFFdata: a\n\n"])).toEqual(["a"]);
  });

  it("strips it when it arrives alone or after empty chunks", () => {
    expect(data(["\uFEFF", "data: a\n\n"])).toEqual(["a"]);
    expect(data(["", "", "\uFEFFdata: a\n\n"])).toEqual(["a"]);
    expect(data(["", "\uFEFF", "", "data: a\n\n"])).toEqual(["a"]);
  });

  it("strips it only once: a second one is part of the first line (an unknown field)", () => {
    expect(data(["\uFEFF\uFEFFdata: a\n\ndata: b\n\n"])).toEqual(["b"]);
    expect(data(["\uFEFF", "\uFEFFdata: a\n\ndata: b\n\n"])).toEqual(["b"]);
  });

  it("leaves one later in the stream alone", () => {
    expect(data(["data: a\n\n\uFEFFdata: b\n\n"])).toEqual(["a"]);
    expect(data(["data: \uFEFFb\n\n"])).toEqual(["\uFEFFb"]);
  });
});

describe("line ends", () => {
  it("accepts LF, CR and CRLF, mixed in one stream", () => {
    const stream = "data: a\ndata: b\rdata: c\r\n\rdata: d\r\n\r\ndata: e\n\r";
    for (const chunks of chunkings(stream)) expect(data(chunks)).toEqual(["a\nb\nc", "d", "e"]);
  });

  it("takes a CR at the end of one chunk and an LF at the start of the next as one line end", () => {
    // Were the LF a second line end, it would be a blank line and dispatch "a" alone.
    expect(data(["data: a\r", "\ndata: b\r", "\n\r", "\n"])).toEqual(["a\nb"]);
  });

  it("still pairs them across empty chunks", () => {
    const parser = new EventStreamParser(0);
    expect(parser.push("data: a\r")).toEqual([]);
    expect(parser.push("")).toEqual([]);
    expect(parser.push("\n")).toEqual([]);
    expect(parser.push("\n")).toEqual([{ data: "a" }]);
  });

  it("dispatches at a CR without waiting for the next chunk to tell whether an LF follows", () => {
    const parser = new EventStreamParser(0);
    expect(parser.push("data: a\n\r")).toEqual([{ data: "a" }]);
    expect(parser.push("\ndata: b\n\n")).toEqual([{ data: "b" }]);
    expect(parser.end()).toEqual({ incomplete: false });
  });

  it("treats a stream ending in a CR as having ended its line", () => {
    expect(parse(["data: a\r\r"])).toMatchObject({ events: [{ data: "a" }], incomplete: false });
  });
});

describe("fields", () => {
  it("ignores comment lines, keep-alives included, even inside an event", () => {
    expect(data([": hello\n:\n\ndata: a\n: keep-alive\ndata: b\n\n::\n\n"])).toEqual(["a\nb"]);
  });

  it("removes one leading space from a value, not more, and keeps later colons", () => {
    expect(data(["data:  two spaces\n\n", "data:none\n\n", "data: a: b:c\n\n", "data:\tx\n\n"])).toEqual([" two spaces", "none", "a: b:c", "\tx"]);
  });

  it("takes a line without a colon as a field name with an empty value", () => {
    expect(data(["data\n\n"])).toEqual([""]);
    expect(data(["data\ndata\n\n"])).toEqual(["\n"]);
    expect(parse(["event\ndata: x\n\n"]).events).toEqual([{ data: "x" }]);
  });

  it("joins data lines with LF and removes only the last LF", () => {
    expect(data(["data: a\ndata:\ndata\ndata: b\n\n"])).toEqual(["a\n\n\nb"]);
    expect(data(["data: a\ndata:\n\n"])).toEqual(["a\n"]);
    expect(data(["data:\n\n"])).toEqual([""]);
  });

  it("reports the event type, reset after each event and by an empty value", () => {
    const { events } = parse(["event: add\ndata: 1\n\ndata: 2\n\nevent: a\nevent:\ndata: 3\n\nevent: x\n\ndata: 4\n\n"]);
    expect(events).toEqual([{ data: "1", event: "add" }, { data: "2" }, { data: "3" }, { data: "4" }]);
    expect("event" in events[1]!).toBe(false);
  });

  it("reports 'message' as sent, not as undefined", () => {
    expect(parse(["event: message\ndata: 1\n\n"]).events).toEqual([{ data: "1", event: "message" }]);
  });

  it("compares field names literally: no case folding, no trimming", () => {
    expect(data(["Data: a\nDATA: b\n data: c\ndata : d\nfoo: e\n\n"])).toEqual([]);
  });

  it("ignores unknown fields without disturbing the event", () => {
    expect(parse(["foo: 1\ndata: a\nbar\n\u{1F600}: x\ndata: b\n\n"]).events).toEqual([{ data: "a\nb" }]);
  });
});

describe("last event id", () => {
  it("is absent until an id field comes", () => {
    const { events } = parse(["data: a\n\n"]);
    expect("id" in events[0]!).toBe(false);
  });

  it("persists across later events, as EventSource's lastEventId does", () => {
    expect(parse(["id: 1\ndata: a\n\ndata: b\n\nid: 2\ndata: c\n\ndata: d\n\n"]).events).toEqual([
      { data: "a", id: "1" },
      { data: "b", id: "1" },
      { data: "c", id: "2" },
      { data: "d", id: "2" },
    ]);
  });

  it("is set by an id in a block that dispatches nothing", () => {
    expect(parse(["id: 7\n\ndata: a\n\n"]).events).toEqual([{ data: "a", id: "7" }]);
  });

  it("is reset to the empty string by an empty id field", () => {
    expect(parse(["id: 1\ndata: a\n\nid\ndata: b\n\nid:\ndata: c\n\n"]).events).toEqual([
      { data: "a", id: "1" },
      { data: "b", id: "" },
      { data: "c", id: "" },
    ]);
  });

  it("ignores an id that contains U+0000", () => {
    expect(parse(["id: 1\ndata: a\n\nid: 2\0x\ndata: b\n\n"]).events).toEqual([
      { data: "a", id: "1" },
      { data: "b", id: "1" },
    ]);
    expect(parse(["id: \0\ndata: a\n\n"]).events).toEqual([{ data: "a" }]);
  });

  it("takes the last id of an event, wherever it stands", () => {
    expect(parse(["id: 1\ndata: a\nid: 2\n\n"]).events).toEqual([{ data: "a", id: "2" }]);
  });
});

describe("retry", () => {
  it("is reported on the event it came with and kept by the getter", () => {
    const { events, parser } = parse(["retry: 1000\ndata: a\n\ndata: b\n\n"]);
    expect(events).toEqual([{ data: "a", retry: 1000 }, { data: "b" }]);
    expect(parser.retry).toBe(1000);
  });

  it("accepts ASCII digits only", () => {
    for (const value of ["", "-1", "+1", "1.5", "1e3", " 1", "1 ", "10a", "\u0661", "０"]) {
      const { events, parser } = parse([`retry: 5\n\nretry:${value === "" ? "" : " "}${value}\ndata: x\n\n`]);
      // The first block's 5 is the last valid value; the invalid one changes nothing.
      expect(events, value).toEqual([{ data: "x", retry: 5 }]);
      expect(parser.retry, value).toBe(5);
    }
    expect(parse(["retry: 007\ndata: x\n\n"]).events).toEqual([{ data: "x", retry: 7 }]);
  });

  it("from a block that dispatches nothing, is reported on the next event (the one being assembled)", () => {
    const parser = new EventStreamParser(0);
    expect(parser.push("retry: 3000\n\n")).toEqual([]);
    expect(parser.retry).toBe(3000);
    expect(parser.push("data: a\n\ndata: b\n\n")).toEqual([{ data: "a", retry: 3000 }, { data: "b" }]);
  });

  it("takes effect on the getter as soon as its line ends, event or not", () => {
    const parser = new EventStreamParser(0);
    expect(parser.retry).toBeUndefined();
    parser.push("data: a\nretry: 10\n");
    expect(parser.retry).toBe(10);
    expect(parser.end()).toEqual({ incomplete: true });
    expect(parser.retry).toBe(10);
  });
});

describe("dispatch", () => {
  it("dispatches nothing for a block without data", () => {
    expect(parse(["event: x\nid: 1\nretry: 1\n: c\n\n\n\n"]).events).toEqual([]);
  });

  it("counts the events dispatched", () => {
    const parser = new EventStreamParser(0);
    expect(parser.dispatched).toBe(0);
    parser.push("data: a\n\nid: 1\n\ndata: b\n\ndata: c");
    expect(parser.dispatched).toBe(2);
  });

  it("returns a new array per push, which the caller may keep", () => {
    const parser = new EventStreamParser(0);
    const first = parser.push("data: a\n\ndata: b\n\n");
    const second = parser.push("data: c\n\n");
    const third = parser.push("data: d");
    expect(first).toEqual([{ data: "a" }, { data: "b" }]);
    expect(second).toEqual([{ data: "c" }]);
    expect(third).toEqual([]);
    expect(Object.keys(first)).toEqual(["0", "1"]);
  });
});

describe("end of stream", () => {
  it("discards an event without its blank line and says one was pending", () => {
    expect(parse(["data: a\n\ndata: b\n"])).toMatchObject({ events: [{ data: "a" }], incomplete: true });
    expect(parse(["data: a\n\ndata: b"])).toMatchObject({ events: [{ data: "a" }], incomplete: true });
    expect(parse(["data: a\n\nda"])).toMatchObject({ events: [{ data: "a" }], incomplete: true });
  });

  it("says nothing was pending after a blank line, or after fields that carry no data", () => {
    expect(parse(["data: a\n\n"]).incomplete).toBe(false);
    expect(parse(["data: a\n\n: keep-alive\nid: 3\nevent: x\n"]).incomplete).toBe(false);
    expect(parse([]).incomplete).toBe(false);
  });

  it("is ready for the next connection's stream, keeping the last id, the retry value and the count", () => {
    const parser = new EventStreamParser(0);
    parser.push("\uFEFFid: 4\nretry: 9\ndata: a\n\ndata: lost");
    expect(parser.end()).toEqual({ incomplete: true });
    expect(parser.push("\uFEFFdata: b\n\n")).toEqual([{ data: "b", id: "4" }]);
    expect(parser.dispatched).toBe(2);
    expect(parser.retry).toBe(9);
  });
});

describe("the cap on one event", () => {
  // "data: é\n": 6 + 2 (é) + 1 bytes.
  it("counts UTF-8 bytes exactly: an event of the cap passes, one byte more fails", () => {
    for (const chunks of chunkings("data: é\n\n")) {
      expect(parse(chunks, 9).events, JSON.stringify(chunks)).toEqual([{ data: "é" }]);
      const error = thrown(() => parse(chunks, 8));
      expect(error).toBeInstanceOf(ItemTooLarge);
      expect(error).toMatchObject({ limit: 8, position: 1, unit: "event" });
    }
  });

  it("counts an astral character 4 bytes, even when the chunking splits its surrogates", () => {
    // "data: 😀\n" is 6 + 4 + 1 bytes.
    for (const chunks of chunkings("data: \u{1F600}\n\n")) {
      expect(parse(chunks, 11).events).toEqual([{ data: "\u{1F600}" }]);
      expect(() => parse(chunks, 10)).toThrow(ItemTooLarge);
    }
  });

  it("counts field names, comments, unknown fields and line ends (CRLF as 2), not the blank line", () => {
    const stream = ": c\r\nevent: e\r\nfoo\r\ndata: a\r\n\r\n"; // 5 + 10 + 5 + 9 = 29 bytes before the blank line
    for (const chunks of chunkings(stream)) {
      expect(parse(chunks, 29).events).toEqual([{ data: "a", event: "e" }]);
      expect(() => parse(chunks, 28)).toThrow(ItemTooLarge);
    }
  });

  it("is per event, not per stream", () => {
    const stream = "data: 123\n\n".repeat(1000);
    expect(parse([stream], 10).events).toHaveLength(1000);
  });

  it("names the position of the event being assembled", () => {
    const error = thrown(() => parse(["data: a\n\nid: 1\n\ndata: b\n\n", "data: " + "x".repeat(100) + "\n\n"], 50));
    expect(error).toMatchObject({ limit: 50, position: 3, unit: "event" });
  });

  it("returns the events a chunk completed before the one too large, and fails on the next call", () => {
    const parser = new EventStreamParser(50);
    expect(parser.push("data: a\n\ndata: " + "x".repeat(100))).toEqual([{ data: "a" }]);
    expect(() => parser.push("\n\n")).toThrow(ItemTooLarge);
    expect(() => parser.push("data: b\n\n")).toThrow(ItemTooLarge);
    expect(() => parser.end()).toThrow(ItemTooLarge);
  });

  it("fails on the end call when the stream ends right after such a chunk", () => {
    const parser = new EventStreamParser(50);
    expect(parser.push("data: a\n\n" + "y".repeat(100))).toEqual([{ data: "a" }]);
    expect(() => parser.end()).toThrow(ItemTooLarge);
  });

  it("fails on many lines without a blank one, though each is small", () => {
    const parser = new EventStreamParser(1000);
    expect(() => {
      for (let i = 0; i < 1000; i++) parser.push("data: 0123456789\n");
    }).toThrow(ItemTooLarge);
    expect(parser.dispatched).toBe(0);
  });

  it("stops a 10 MB line without a line end before holding much more than the cap", () => {
    const limit = 1024 * 1024;
    const chunk = "x".repeat(64 * 1024);
    const parser = new EventStreamParser(limit);
    let fed = 0;
    const error = thrown(() => {
      parser.push("data: ");
      fed += 6;
      while (fed < 10 * 1024 * 1024) {
        parser.push(chunk);
        fed += chunk.length;
      }
    });
    expect(error).toMatchObject({ limit, position: 1, unit: "event" });
    expect(fed).toBeLessThanOrEqual(limit);
    expect(fed + chunk.length).toBeGreaterThan(limit);
  });

  it("stops it by bytes, not characters, for text of 2-byte characters", () => {
    const limit = 1024 * 1024;
    const chunk = "é".repeat(64 * 1024);
    const parser = new EventStreamParser(limit);
    let fed = 0;
    expect(() => {
      for (;;) {
        parser.push(chunk);
        fed += chunk.length;
      }
    }).toThrow(ItemTooLarge);
    expect(fed * 2).toBeLessThanOrEqual(limit);
    expect((fed + chunk.length) * 2).toBeGreaterThan(limit);
  });

  it("fails on a single 10 MB push at once", () => {
    expect(() => new EventStreamParser(1024 * 1024).push("data: " + "x".repeat(10 * 1024 * 1024))).toThrow(ItemTooLarge);
  });

  it("has none at 0 or Infinity", () => {
    const big = "data: " + "x".repeat(1024 * 1024) + "\n\n";
    expect(parse([big], 0).events).toHaveLength(1);
    expect(parse([big], Infinity).events).toHaveLength(1);
  });
});
