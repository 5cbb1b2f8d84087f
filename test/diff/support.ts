/**
 * Helpers for the diff tests: in-memory documents through buildModel, and files through the
 * shared loader (src/load/load-description.ts) and model, exactly as `toolgen diff` loads them.
 */
import { resolve } from "node:path";
import { loadDescription } from "../../src/load/load-description.js";
import { buildModel } from "../../src/model/build-model.js";
import type { LoadedDescription, OpenApiDocument } from "../../src/load/loaded-description.js";
import type { ToolkitModel } from "../../src/model/toolkit-model.js";
import { diffModels, type DiffOptions } from "../../src/diff/diff-models.js";
import { locationText, type DiffResult } from "../../src/diff/change.js";

export const CORPUS = resolve(import.meta.dirname, "../../../shared/corpus");
export const DIFF_CASES = resolve(CORPUS, "diff-cases");
export const SPECS = resolve(CORPUS, "specs");

export function modelOf(document: OpenApiDocument, openapiVersion: "3.0" | "3.1" = "3.0"): ToolkitModel {
  return buildModel({
    source: { kind: "file", input: "mem.yaml", documentUrl: "file:///mem.yaml" },
    document,
    openapiVersion,
    sha256: "0",
    bytes: 0,
    documents: [],
    inputsSha256: "",
  });
}

/** Loads a description file through the shared loader and models it. */
export async function loadFile(file: string): Promise<{ loaded: LoadedDescription; model: ToolkitModel }> {
  const loaded = await loadDescription(file, { env: {} });
  return { loaded, model: buildModel(loaded) };
}

/** A minimal valid document; `paths` and extra top-level keys are merged in. */
export function doc(paths: Record<string, unknown>, extra: Record<string, unknown> = {}): OpenApiDocument {
  return { openapi: "3.0.3", info: { title: "T", version: "1" }, paths, ...extra };
}

export const ok = (schema?: unknown) => ({
  "200": schema === undefined ? { description: "ok" } : { description: "ok", content: { "application/json": { schema } } },
});

export function jsonBody(schema: unknown, required = true) {
  return { required, content: { "application/json": { schema } } };
}

/**
 * One component (`S`) used as the request body and the 200 response of one POST operation (`send`
 * at `/s`), with `extra` schemas beside it: one edit to it is judged once per direction.
 */
export function both(
  schema: unknown,
  extra: Record<string, unknown> = {},
  { name = "S", path = "/s", operationId = "send", openapi = "3.0.3" }: { name?: string; path?: string; operationId?: string; openapi?: string } = {},
): OpenApiDocument {
  const ref = () => ({ $ref: `#/components/schemas/${name}` });
  return doc(
    { [path]: { post: { operationId, requestBody: jsonBody(ref()), responses: ok(ref()) } } },
    { openapi, components: { schemas: { [name]: schema, ...extra } } },
  );
}

export function diffDocs(a: OpenApiDocument, b: OpenApiDocument, options: DiffOptions = {}): DiffResult {
  return diffModels(modelOf(a), modelOf(b), { now: new Date("2026-01-01T00:00:00Z"), ...options });
}

/** `level id METHOD /path | location` per finding, for compact assertions. */
export function lines(result: DiffResult): string[] {
  return result.changes.map(
    (c) =>
      `${c.level} ${c.id}${c.operation ? ` ${c.operation.method} ${c.operation.path}` : ""}${c.location.section === "operation" || c.location.section === "document" ? "" : ` | ${locationText(c.location)}`}`,
  );
}
