/**
 * A stream's items compared as result schemas (the server writes, the client reads): JSON lines
 * by their item, event streams by each event's decoded `data`, kind by kind when the item schema
 * is a union of envelopes whose `event` has a const.
 */
import { describe, expect, test } from "vitest";
import { lines } from "./support.js";
import { chat, chunk, diff31, envelope, eventKind, ref } from "./stream-support.js";

describe("OpenAI: JSON and an event stream on the same 200, the stream typed by `schema` alone", () => {
  const openai = (streamChunk: unknown) =>
    chat({ "application/json": { schema: ref("Completion") }, "text/event-stream": { schema: ref("CompletionChunk") } }, {
      Completion: chunk({ text: { type: "string" } }),
      CompletionChunk: streamChunk,
    });

  test("a chunk's property removed or retyped is judged as in a result, at `data/…` of the stream", () => {
    const before = openai(chunk({ delta: { type: "string" }, index: { type: "integer" } }, ["id", "delta"]));
    const after = openai(chunk({ index: { type: "string" } }));
    const result = diff31(before, after);
    expect(lines(result)).toEqual([
      "breaking response-required-property-removed POST /chat | response 200 text/event-stream data/delta",
      "breaking response-property-type-changed POST /chat | response 200 text/event-stream data/index",
    ]);
    expect(result.changes.map((c) => c.message)).toEqual([
      "removed the required stream property `delta` (data of the events of the 200 stream): code written against the old output type can break; update what reads it",
      "the type of the stream property `index` (data of the events of the 200 stream) changed from `integer` to `string`: code written against the old output type can break; update what reads it",
    ]);
    expect(result.changes.every((c) => c.direction === "response")).toBe(true);
  });

  test("widening is judged like a result's (a property added: info; made optional: breaking)", () => {
    const before = openai(chunk({ delta: { type: "string" } }, ["id", "delta"]));
    const after = openai(chunk({ delta: { type: "string" }, usage: { type: "integer" } }));
    expect(lines(diff31(before, after))).toEqual([
      "breaking response-property-became-optional POST /chat | response 200 text/event-stream data/delta",
      "info response-optional-property-added POST /chat | response 200 text/event-stream data/usage",
    ]);
  });

  test("the JSON answer's own schema is still compared as the response body, apart from the stream", () => {
    const before = openai(chunk());
    const after = chat({ "application/json": { schema: ref("Completion") }, "text/event-stream": { schema: ref("CompletionChunk") } }, {
      Completion: chunk(),
      CompletionChunk: chunk(),
    });
    expect(lines(diff31(before, after))).toEqual(["warning response-optional-property-removed POST /chat | response 200 application/json text"]);
  });
});

describe("FastAPI (3.1 with itemSchema): the envelope's data typed by its contentSchema", () => {
  const fastapi = (item: unknown) => chat({ "text/event-stream": { itemSchema: envelope(ref("Item")) } }, { Item: item });

  test("a change inside the decoded data is reported at `data/…`", () => {
    const before = fastapi(chunk({ price: { type: "number" } }, ["id", "price"]));
    const after = fastapi(chunk({ price: { type: ["number", "null"] } }, ["id", "price"]));
    expect(lines(diff31(before, after))).toEqual([
      "breaking response-property-became-nullable POST /chat | response 200 text/event-stream data/price",
    ]);
  });

  test("the data's root schema changed is a response-body rule, at `data`", () => {
    const before = chat({ "text/event-stream": { itemSchema: envelope({ type: "object" }) } });
    const after = chat({ "text/event-stream": { itemSchema: envelope({ type: "array" }) } });
    const result = diff31(before, after);
    expect(lines(result)).toEqual(["breaking response-body-type-changed POST /chat | response 200 text/event-stream data"]);
    expect(result.changes[0]!.message).toMatch(/^the type of the data of the events of the 200 stream changed from `object` to `array`/);
  });

  test("the envelope's own string schema (not the data) changing is no payload change", () => {
    const before = fastapi(chunk());
    const after = chat({ "text/event-stream": { itemSchema: envelope(ref("Item"), { id: { type: "string", format: "uuid" } }) } }, { Item: chunk() });
    expect(lines(diff31(before, after))).toEqual([]);
  });
});

describe("event kinds: a union of envelopes whose `event` has a const", () => {
  const kinds = (branches: unknown[], schemas: Record<string, unknown> = {}) =>
    chat({ "text/event-stream": { itemSchema: { oneOf: branches } } }, schemas);
  const delta = (properties: Record<string, unknown>, required = Object.keys(properties)) =>
    eventKind("delta", { type: "object", required, properties });
  const done = eventKind("done", { type: "object", properties: { reason: { type: "string" } } });
  const text = { text: { type: "string" } };

  test("a kind added is a warning, like an enum value added to a result (exhaustive switches miss it)", () => {
    const result = diff31(kinds([delta(text)]), kinds([delta(text), done]));
    expect(lines(result)).toEqual(["warning response-stream-event-added POST /chat | response 200 text/event-stream event[done]"]);
    expect(result.changes[0]!.message).toBe("added the event `done` to the 200 stream: exhaustive switches over the generated event type miss it");
  });

  test("a kind removed is info, like an enum value removed from a result", () => {
    expect(lines(diff31(kinds([delta(text), done]), kinds([delta(text)])))).toEqual([
      "info response-stream-event-removed POST /chat | response 200 text/event-stream event[done]",
    ]);
  });

  test("kinds are matched by their const, not their position", () => {
    expect(lines(diff31(kinds([delta(text), done]), kinds([done, delta(text)])))).toEqual([]);
  });

  test("a kind's payload property removed, or retyped, is reported under that kind", () => {
    const result = diff31(kinds([delta({ ...text, index: { type: "integer" } }), done]), kinds([delta({ index: { type: "string" } }), done]));
    expect(lines(result)).toEqual([
      "breaking response-property-type-changed POST /chat | response 200 text/event-stream event[delta]/data/index",
      "breaking response-required-property-removed POST /chat | response 200 text/event-stream event[delta]/data/text",
    ]);
    expect(result.changes[0]!.message).toContain("the stream property `index` (data of the `delta` events of the 200 stream)");
  });

  test("the same change in two kinds is two findings (their fingerprints differ)", () => {
    const kind = (name: string, type: string) => eventKind(name, { type: "object", required: ["n"], properties: { n: { type } } });
    const result = diff31(kinds([kind("a", "integer"), kind("b", "integer")]), kinds([kind("a", "string"), kind("b", "string")]));
    expect(lines(result)).toEqual([
      "breaking response-property-type-changed POST /chat | response 200 text/event-stream event[a]/data/n",
      "breaking response-property-type-changed POST /chat | response 200 text/event-stream event[b]/data/n",
    ]);
    expect(new Set(result.changes.map((c) => c.fingerprint)).size).toBe(2);
  });

  test("kinds written as $refs to envelope components, the payloads shared", () => {
    const schemas = (n: unknown) => ({
      Delta: eventKind("delta", ref("Payload")),
      Done: eventKind("done", ref("Payload")),
      Payload: { type: "object", properties: { n } },
    });
    expect(lines(diff31(kinds([ref("Delta"), ref("Done")], schemas({ type: "integer" })), kinds([ref("Delta"), ref("Done")], schemas({ type: "string" }))))).toEqual([
      "breaking response-property-type-changed POST /chat | response 200 text/event-stream event[delta]/data/n",
      "breaking response-property-type-changed POST /chat | response 200 text/event-stream event[done]/data/n",
    ]);
  });

  test("one kind's data turned text is breaking for that kind", () => {
    const plainDone = { type: "object", properties: { event: { const: "done" }, data: { type: "string" } } };
    expect(lines(diff31(kinds([delta(text), done]), kinds([delta(text), plainDone])))).toEqual([
      "breaking response-stream-data-became-text POST /chat | response 200 text/event-stream event[done]/data",
    ]);
  });

  test("a union without event consts is compared as the union of its kinds' data", () => {
    const unnamed = (type: string) => ({ oneOf: [envelope(ref("A")), envelope({ type: "object", properties: { n: { type } } })] });
    expect(lines(diff31(chat({ "text/event-stream": { itemSchema: unnamed("integer") } }, { A: chunk() }), chat({ "text/event-stream": { itemSchema: unnamed("string") } }, { A: chunk() })))).toEqual([
      "breaking response-property-type-changed POST /chat | response 200 text/event-stream data/oneOf[#1]/n",
    ]);
  });
});

describe("a shared component reached only through a stream's items", () => {
  const api = (usage: unknown) =>
    chat({ "application/jsonl": { itemSchema: ref("Chunk") } }, { Chunk: chunk({ usage: ref("Usage") }), Usage: usage, Other: chunk() }, {
      "/other": { get: { operationId: "other", responses: { "200": { description: "ok", content: { "application/json": { schema: ref("Other") } } } } } },
    });

  test("is reported on the streaming operation, at the item's path, and nowhere else", () => {
    const before = api({ type: "object", properties: { tokens: { type: "integer" } } });
    const narrowed = api({ type: "object", properties: { tokens: { type: "integer", enum: [1, 2] } } });
    expect(lines(diff31(before, narrowed))).toEqual(["info response-property-became-enum POST /chat | response 200 application/jsonl usage/tokens"]);
    const widened = api({ type: "object", properties: { tokens: { type: "number" } } });
    expect(lines(diff31(before, widened))).toEqual([
      "breaking response-property-type-generalized POST /chat | response 200 application/jsonl usage/tokens",
    ]);
  });
});
