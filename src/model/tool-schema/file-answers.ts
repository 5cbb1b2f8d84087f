/**
 * File answers in a tool's descriptor (the runtime side is src/runtime/files/answer-files.ts):
 * answer fields marked with the reference's `x-ebagent-file-mime-type` (strings holding base64)
 * are recorded in `files.output` with their type, and in `responses` they are described as file
 * ids, which is what the model gets there.
 */
import type { OpenApiDocument } from "../../load/loaded-description.js";
import type { FilePath, OutputFileField } from "../../runtime/files/file-fields.js";
import { setOwn, typesOf, type JsonSchema } from "../../runtime/validation/json-schema.js";
import { isObject, resolveLocal } from "../local-ref.js";
import { forEachDescriptionObject } from "../types-document/ref-holders.js";
import type { OperationModel } from "../toolkit-model.js";
import { MAX_DEPTH, noted, OUTPUT_NOTE } from "./file-notes.js";

/** The reference's extension on a base64 answer field: the media type of the file it holds. */
export const FILE_MIME_TYPE_EXTENSION = "x-ebagent-file-mime-type";
/** File fields recorded per answer at most: a guard against a schema that multiplies them. */
const MAX_FIELDS = 256;

/** The answer fields holding base64 files, from the raw schemas of the JSON success answers. */
export function fileAnswers(op: OperationModel, document: OpenApiDocument): OutputFileField[] {
  if (!mentionsFileMimeType(document)) return [];
  const found = new Map<string, OutputFileField>();
  const walk = new OutputWalk(document);
  for (const response of op.success) {
    if (response.kind !== "json" || response.schema === undefined) continue;
    for (const field of walk.fieldsOf(response.schema)) if (!found.has(JSON.stringify(field.path))) found.set(JSON.stringify(field.path), field);
  }
  return [...found.values()];
}

/**
 * Most descriptions never use the extension; one walk per document (remembered) spares them the
 * schema walk of every operation. The walk is the description-structure one, which leaves out
 * example values, defaults, enums and `x-` extensions: OutputWalk never reads a schema there.
 */
const mentions = new WeakMap<object, boolean>();
function mentionsFileMimeType(document: OpenApiDocument): boolean {
  let known = mentions.get(document);
  if (known === undefined) {
    let found = false;
    forEachDescriptionObject(document, (node) => {
      found ||= Object.hasOwn(node, FILE_MIME_TYPE_EXTENSION);
    });
    known = found;
    mentions.set(document, known);
  }
  return known;
}

/**
 * Fields relative to each schema object, remembered per object: a schema reached through many
 * `$ref`s and combinators is walked once, so the work stays linear in the document (a plain tree
 * walk is exponential on descriptions like GitHub's). A `$ref` cycle contributes nothing.
 */
class OutputWalk {
  private readonly done = new Map<object, readonly OutputFileField[]>();
  private readonly active = new Set<object>();

  constructor(private readonly document: OpenApiDocument) {}

  fieldsOf(node: unknown): readonly OutputFileField[] {
    let value: unknown;
    try {
      value = resolveLocal(this.document, node, "#").value;
    } catch {
      return []; // reported by the model stage
    }
    if (!isObject(value) || this.active.has(value)) return [];
    const known = this.done.get(value);
    if (known !== undefined) return known;
    this.active.add(value);
    try {
      const fields = this.ownFields(value);
      this.done.set(value, fields);
      return fields;
    } finally {
      this.active.delete(value);
    }
  }

  private ownFields(value: Record<string, unknown>): OutputFileField[] {
    const mimeType = value[FILE_MIME_TYPE_EXTENSION];
    const type = value.type;
    if (typeof mimeType === "string" && mimeType.trim() !== "" && (type === undefined || type === "string" || (Array.isArray(type) && type.includes("string")))) {
      return [{ path: [], mimeType: mimeType.trim() }];
    }
    const out: OutputFileField[] = [];
    const under = (step: FilePath[number], child: unknown) => {
      for (const field of this.fieldsOf(child)) if (out.length < MAX_FIELDS) out.push({ path: [step, ...field.path], mimeType: field.mimeType });
    };
    if (isObject(value.properties)) for (const [name, child] of Object.entries(value.properties)) under(name, child);
    if (isObject(value.items)) under(0, value.items);
    if (isObject(value.additionalProperties)) under(1, value.additionalProperties);
    for (const key of ["allOf", "anyOf", "oneOf"]) {
      const branches = value[key];
      if (Array.isArray(branches)) for (const branch of branches) for (const field of this.fieldsOf(branch)) if (out.length < MAX_FIELDS) out.push(field);
    }
    return out;
  }
}

/** `responses` with each file field described as the id the model gets there. */
export function markFileAnswers(responses: JsonSchema | undefined, fields: readonly OutputFileField[]): JsonSchema | undefined {
  if (responses === undefined) return undefined;
  let out = responses;
  for (const field of fields) out = markOutput(out, field.path, 0);
  return out;
}

function markOutput(schema: JsonSchema, path: FilePath, depth: number): JsonSchema {
  if (depth > MAX_DEPTH) return schema;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const key = schema.anyOf ? "anyOf" : "oneOf";
    return { ...schema, [key]: branches.map((branch) => markOutput(branch, path, depth + 1)) };
  }
  if (path.length === 0) {
    if (!(typesOf(schema) ?? ["string"]).includes("string")) return schema;
    const { format: _format, ...rest } = schema;
    return { ...rest, description: noted(rest.description, OUTPUT_NOTE) };
  }
  const [step, ...rest] = path;
  if (step === 0 && schema.items) return { ...schema, items: markOutput(schema.items, rest, depth + 1) };
  if (step === 1 && typeof schema.additionalProperties === "object") return { ...schema, additionalProperties: markOutput(schema.additionalProperties, rest, depth + 1) };
  if (typeof step === "string" && schema.properties && Object.hasOwn(schema.properties, step)) {
    const properties: Record<string, JsonSchema> = { ...schema.properties };
    setOwn(properties, step, markOutput(schema.properties[step]!, rest, depth + 1));
    return { ...schema, properties };
  }
  return schema;
}
