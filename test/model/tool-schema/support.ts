/** Loads a description the way the generator does and builds its tool descriptors. */
import { loadDescription } from "../../../src/load/load-description.js";
import type { LoadedDescription } from "../../../src/load/loaded-description.js";
import { buildModel } from "../../../src/model/build-model.js";
import { buildToolDescriptors, type DescriptorOptions, type ToolkitDescriptors } from "../../../src/model/tool-schema/tool-descriptors.js";
import type { ToolkitModel } from "../../../src/model/toolkit-model.js";

export async function descriptorsOfFile(file: string, options?: DescriptorOptions): Promise<{ model: ToolkitModel } & ToolkitDescriptors> {
  const model = buildModel(await loadDescription(file));
  return { model, ...buildToolDescriptors(model, options) };
}

/** A model from an in-memory document (no I/O). */
export function modelOf(document: Record<string, unknown>, examples?: unknown): ToolkitModel {
  const loaded: LoadedDescription = {
    source: { kind: "file", input: "x.yaml", documentUrl: "file:///x.yaml" },
    document,
    openapiVersion: String(document.openapi ?? "3.0.3").startsWith("3.1") ? "3.1" : "3.0",
    ...(examples !== undefined ? { examples } : {}),
    sha256: "0",
    bytes: 0,
    documents: [],
    inputsSha256: "",
  };
  return buildModel(loaded);
}

export function descriptorsOf(document: Record<string, unknown>, examples?: unknown, options?: DescriptorOptions): ToolkitDescriptors {
  return buildToolDescriptors(modelOf(document, examples), options);
}

/** Every key anywhere in a JSON value (to prove `$ref` is gone). */
export function allKeys(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => allKeys(v, into));
  else if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      allKeys(v, into);
    }
  }
  return into;
}

type Schema = Record<string, unknown>;

/** Visits every schema object inside a schema (properties, items, combinators, …). */
export function eachSchema(schema: unknown, visit: (schema: Schema, path: string) => void, path = "#"): void {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return;
  const s = schema as Schema;
  visit(s, path);
  const props = s.properties;
  if (props && typeof props === "object") for (const [k, v] of Object.entries(props)) eachSchema(v, visit, `${path}/properties/${k}`);
  for (const key of ["items", "additionalProperties", "not"]) if (typeof s[key] === "object") eachSchema(s[key], visit, `${path}/${key}`);
  for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"]) {
    const list = s[key];
    if (Array.isArray(list)) list.forEach((v, i) => eachSchema(v, visit, `${path}/${key}/${i}`));
  }
}
