/**
 * Helpers for the stream tests: one POST operation (`chat` at `/chat`) whose 200 answer has the
 * given content, in an OpenAPI 3.1 document (FastAPI writes `itemSchema` into 3.1 documents).
 */
import { diffModels } from "../../src/diff/diff-models.js";
import type { DiffResult } from "../../src/diff/change.js";
import type { OpenApiDocument } from "../../src/load/loaded-description.js";
import { doc, modelOf } from "./support.js";

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A 3.1 document; `content` is the 200 answer's, `schemas` the components. */
export function chat(content: Record<string, unknown> | undefined, schemas: Record<string, unknown> = {}, paths: Record<string, unknown> = {}): OpenApiDocument {
  const answer = content === undefined ? { description: "ok" } : { description: "ok", content };
  return doc({ "/chat": { post: { operationId: "chat", responses: { "200": answer } } }, ...paths }, { openapi: "3.1.0", components: { schemas } });
}

export function diff31(a: OpenApiDocument, b: OpenApiDocument): DiffResult {
  return diffModels(modelOf(a, "3.1"), modelOf(b, "3.1"), { now: new Date("2026-01-01T00:00:00Z") });
}

/** An object with required string `id` and the given extra properties. */
export function chunk(extra: Record<string, unknown> = {}, required: string[] = ["id"]) {
  return { type: "object", required, properties: { id: { type: "string" }, ...extra } };
}

/** FastAPI's event envelope: `data` is a string whose JSON content is typed by `contentSchema`. */
export function envelope(contentSchema: unknown, extra: Record<string, unknown> = {}) {
  return {
    type: "object",
    required: ["data"],
    properties: {
      data: { type: "string", contentMediaType: "application/json", contentSchema },
      event: { type: "string" },
      id: { type: "string" },
      retry: { type: "integer", minimum: 0 },
      ...extra,
    },
  };
}

/** One branch of an event union (the 3.2 specification's example): `event` fixed by a const. */
export function eventKind(name: string, contentSchema: unknown) {
  return envelope(contentSchema, { event: { const: name } });
}
