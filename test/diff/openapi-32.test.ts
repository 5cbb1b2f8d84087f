/**
 * OpenAPI 3.2 documents, loaded as `toolgen diff` loads them: the QUERY method, operations under
 * `additionalOperations` (any method name) and `in: querystring` parameters are matched and
 * compared like any other, and 3.2's `itemSchema` types a stream's items. Skipped while the loader
 * refuses 3.2 ("unsupported OpenAPI version").
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diffModels } from "../../src/diff/diff-models.js";
import type { DiffResult } from "../../src/diff/change.js";
import { lines, loadFile } from "./support.js";

const folder = mkdtempSync(join(tmpdir(), "toolgen-diff-32-"));
let written = 0;

async function load(document: unknown) {
  const file = join(folder, `d${written++}.json`);
  writeFileSync(file, JSON.stringify(document));
  return (await loadFile(file)).model;
}

async function diff32(a: unknown, b: unknown): Promise<DiffResult> {
  return diffModels(await load(a), await load(b), { now: new Date("2026-01-01T00:00:00Z") });
}

const supports32 = await load({ openapi: "3.2.0", info: { title: "T", version: "1" }, paths: {} }).then(
  () => true,
  (error: unknown) => {
    if (String(error).includes("unsupported OpenAPI version")) return false;
    throw error;
  },
);

const api = (n: string, copyHeader = false, filter = "string") => ({
  openapi: "3.2.0",
  info: { title: "T", version: "1" },
  paths: {
    "/s": {
      query: {
        operationId: "search",
        parameters: [
          {
            name: "filter",
            in: "querystring",
            content: { "application/x-www-form-urlencoded": { schema: { type: "object", properties: { q: { type: filter } } } } },
          },
        ],
        responses: {
          "200": { description: "ok", content: { "application/jsonl": { itemSchema: { type: "object", properties: { n: { type: n } } } } } },
        },
      },
      additionalOperations: {
        COPY: {
          operationId: "copy",
          parameters: copyHeader ? [{ name: "Destination", in: "header", required: true, schema: { type: "string" } }] : [],
          responses: { "200": { description: "ok" } },
        },
      },
    },
  },
});

describe("OpenAPI 3.2", () => {
  it.skipIf(!supports32)("QUERY, additionalOperations' COPY and a querystring parameter are matched and compared like the others", async () => {
    expect(lines(await diff32(api("integer"), api("string", true, "integer")))).toEqual([
      "breaking request-parameter-type-changed QUERY /s | parameter querystring filter q",
      "breaking response-property-type-changed QUERY /s | response 200 application/jsonl n",
      "breaking new-required-request-parameter COPY /s | parameter header Destination",
    ]);
    expect(lines(await diff32(api("integer"), api("integer")))).toEqual([]);
  });

  it.skipIf(!supports32)("an additional operation removed, and one added, under any method name", async () => {
    const renamed = api("integer");
    const item = renamed.paths["/s"] as Record<string, unknown>;
    item.additionalOperations = { PURGE: { operationId: "purge", responses: { "200": { description: "ok" } } } };
    expect(lines(await diff32(api("integer"), renamed))).toEqual([
      "breaking api-removed-without-deprecation COPY /s",
      "info endpoint-added PURGE /s",
    ]);
  });

  it.skipIf(!supports32)("a QUERY answer becoming an event stream typed by itemSchema, then gaining an event kind", async () => {
    const answer = (content: unknown) => ({
      openapi: "3.2.0",
      info: { title: "T", version: "1" },
      paths: { "/s": { query: { operationId: "search", responses: { "200": { description: "ok", content } } } } },
    });
    const kind = (name: string) => ({
      type: "object",
      properties: { event: { const: name }, data: { type: "string", contentMediaType: "application/json", contentSchema: { type: "object" } } },
    });
    const json = answer({ "application/json": { schema: { type: "object" } } });
    const one = answer({ "text/event-stream": { itemSchema: { oneOf: [kind("hit")] } } });
    const two = answer({ "text/event-stream": { itemSchema: { oneOf: [kind("hit"), kind("end")] } } });
    expect(lines(await diff32(json, one))).toEqual(["breaking response-became-stream QUERY /s | response 200 text/event-stream"]);
    expect(lines(await diff32(one, two))).toEqual(["warning response-stream-event-added QUERY /s | response 200 text/event-stream event[end]"]);
  });
});
