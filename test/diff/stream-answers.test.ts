/**
 * What the generated function returns when a stream comes or goes: the function streams exactly
 * when the operation's responseKind is `stream`; a stream beside a JSON answer is `fn.stream()`.
 * The media types these rules judge are not reported a second time as removed or added.
 */
import { describe, expect, test } from "vitest";
import { lines } from "./support.js";
import { chat, chunk, diff31, envelope, ref } from "./stream-support.js";

const schemas = { Answer: chunk(), Chunk: chunk() };
const json = { "application/json": { schema: ref("Answer") } };
const events = { "text/event-stream": { schema: ref("Chunk") } };
const both = { ...json, ...events };

describe("the function's result switching between an answer and a stream", () => {
  test("a JSON answer replaced by an event stream is breaking, once (not also the JSON media type removed)", () => {
    const result = diff31(chat(json, schemas), chat(events, schemas));
    expect(lines(result)).toEqual(["breaking response-became-stream POST /chat | response 200 text/event-stream"]);
    expect(result.changes[0]!.message).toContain("`chat` returns its items one by one instead of the answer");
  });

  test("the reverse, a stream replaced by a JSON answer, is breaking, once", () => {
    const result = diff31(chat(events, schemas), chat(json, schemas));
    expect(lines(result)).toEqual(["breaking response-became-not-stream POST /chat | response 200 text/event-stream"]);
    expect(result.changes[0]!.message).toContain("returns one answer instead of the items of `text/event-stream`");
  });

  test("JSON beside the stream dropped: the function now streams what fn.stream() streamed (breaking), and the items are still compared", () => {
    const after = { ...schemas, Chunk: chunk({ n: { type: "integer" } }) };
    expect(lines(diff31(chat(both, schemas), chat(events, after)))).toEqual([
      "breaking response-became-stream POST /chat | response 200 text/event-stream",
      "info response-optional-property-added POST /chat | response 200 text/event-stream data/n",
    ]);
  });

  test("JSON added beside a stream-only answer: the function returns JSON now and fn.stream() the items (breaking)", () => {
    const result = diff31(chat(events, schemas), chat(both, schemas));
    expect(lines(result)).toEqual(["breaking response-became-not-stream POST /chat | response 200 text/event-stream"]);
    expect(result.changes[0]!.message).toContain("(`chat.stream()` asks for them now)");
  });

  test("an answer without content that becomes a stream, and back", () => {
    expect(lines(diff31(chat(undefined), chat(events, schemas)))).toEqual([
      "breaking response-became-stream POST /chat | response 200 text/event-stream",
    ]);
    expect(lines(diff31(chat(events, schemas), chat(undefined)))).toEqual([
      "breaking response-became-not-stream POST /chat | response 200 text/event-stream",
    ]);
  });

  test("JSON lines replacing a JSON array answer is the same change", () => {
    const array = { "application/json": { schema: { type: "array", items: ref("Chunk") } } };
    const jsonl = { "application/jsonl": { itemSchema: ref("Chunk") } };
    expect(lines(diff31(chat(array, schemas), chat(jsonl, schemas)))).toEqual([
      "breaking response-became-stream POST /chat | response 200 application/jsonl",
    ]);
  });
});

describe("a stream beside a JSON answer (OpenAI: the same 200 answers JSON or an event stream)", () => {
  test("added: the function keeps returning JSON and fn.stream() appears (info, not also a media type added)", () => {
    const result = diff31(chat(json, schemas), chat(both, schemas));
    expect(lines(result)).toEqual(["info response-stream-added POST /chat | response 200 text/event-stream"]);
    expect(result.changes[0]!.message).toContain("`chat.stream()` asks for the stream");
  });

  test("removed: callers of fn.stream() break (breaking, once)", () => {
    const result = diff31(chat(both, schemas), chat(json, schemas));
    expect(lines(result)).toEqual(["breaking response-stream-removed POST /chat | response 200 text/event-stream"]);
    expect(result.changes[0]!.message).toContain("`chat.stream()` goes away");
  });

  test("a stream media type on an error answer is an ordinary media type", () => {
    const withError = (content: Record<string, unknown>) =>
      chat(json, schemas, {
        "/other": { get: { operationId: "other", responses: { "200": { description: "ok" }, "500": { description: "bad", content } } } },
      });
    expect(lines(diff31(withError({ "application/json": {} }), withError({ "application/json": {}, "text/event-stream": {} })))).toEqual([
      "info response-media-type-added GET /other | response 500 text/event-stream",
    ]);
  });
});

describe("the stream's format", () => {
  const jsonl = { "application/jsonl": { itemSchema: ref("Chunk") } };
  const seq = { "application/json-seq": { itemSchema: ref("Chunk") } };
  const sse = { "text/event-stream": { itemSchema: envelope(ref("Chunk")) } };

  test("JSON lines <-> JSON text sequence, same items: a warning both ways (the runtime reads either by Content-Type)", () => {
    expect(lines(diff31(chat(jsonl, schemas), chat(seq, schemas)))).toEqual([
      "warning response-stream-format-changed POST /chat | response 200 application/json-seq",
    ]);
    expect(lines(diff31(chat(seq, schemas), chat(jsonl, schemas)))).toEqual([
      "warning response-stream-format-changed POST /chat | response 200 application/jsonl",
    ]);
  });

  test("event stream <-> JSON lines with the same payload: every item gains or loses its event envelope (breaking both ways)", () => {
    const result = diff31(chat(sse, schemas), chat(jsonl, schemas));
    expect(lines(result)).toEqual(["breaking response-stream-events-became-lines POST /chat | response 200 application/jsonl"]);
    expect(result.changes[0]!.message).toContain("each item is now the value itself");
    expect(lines(diff31(chat(jsonl, schemas), chat(sse, schemas)))).toEqual([
      "breaking response-stream-lines-became-events POST /chat | response 200 text/event-stream",
    ]);
  });

  test("an event stream of text data turned JSON lines: the envelope rule says it (not also the data turned JSON)", () => {
    const text = { "text/event-stream": { schema: { type: "string" } } };
    expect(lines(diff31(chat(text, schemas), chat(jsonl, schemas)))).toEqual([
      "breaking response-stream-events-became-lines POST /chat | response 200 application/jsonl",
    ]);
  });

  test("another media type of the same format is a rename the runtime reads alike (info)", () => {
    const ndjson = { "application/x-ndjson": { schema: { type: "array", items: ref("Chunk") } } };
    expect(lines(diff31(chat(ndjson, schemas), chat(jsonl, schemas)))).toEqual([
      "info response-media-type-name-changed POST /chat | response 200 application/jsonl",
    ]);
  });

  test("a JSON-lines array schema rewritten as 3.2's itemSchema is no change", () => {
    const array = { "application/jsonl": { schema: { type: "array", items: ref("Chunk") } } };
    expect(lines(diff31(chat(array, schemas), chat(jsonl, schemas)))).toEqual([]);
  });
});

describe("an event's data turning from JSON to text, or back", () => {
  test("without itemSchema: schema Chunk -> a plain string (breaking both ways)", () => {
    const text = { "text/event-stream": { schema: { type: "string" } } };
    const result = diff31(chat(events, schemas), chat(text, schemas));
    expect(lines(result)).toEqual(["breaking response-stream-data-became-text POST /chat | response 200 text/event-stream data"]);
    expect(result.changes[0]!.message).toMatch(/^The data of the events of the 200 stream is now plain text/);
    expect(lines(diff31(chat(text, schemas), chat(events, schemas)))).toEqual([
      "breaking response-stream-data-became-json POST /chat | response 200 text/event-stream data",
    ]);
  });

  test("with itemSchema: `data` loses (gains) its JSON contentMediaType (breaking both ways)", () => {
    const decoded = { "text/event-stream": { itemSchema: envelope(ref("Chunk")) } };
    const plain = { "text/event-stream": { itemSchema: { type: "object", properties: { data: { type: "string" } } } } };
    expect(lines(diff31(chat(decoded, schemas), chat(plain, schemas)))).toEqual([
      "breaking response-stream-data-became-text POST /chat | response 200 text/event-stream data",
    ]);
    expect(lines(diff31(chat(plain, schemas), chat(decoded, schemas)))).toEqual([
      "breaking response-stream-data-became-json POST /chat | response 200 text/event-stream data",
    ]);
  });
});
