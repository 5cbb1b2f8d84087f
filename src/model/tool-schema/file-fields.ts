/**
 * Files in a tool's descriptor, computed once at build time so generated toolkits and
 * loadToolkit agree (the runtime side is src/runtime/files/):
 *
 * - Arguments with `format: byte` or `format: binary` (at any depth, in lists and maps too) take
 *   a file id from the model: their schema becomes a string with the file-id `pattern` and a
 *   description saying so, and `files.input` records where they are and how the content goes
 *   out (base64 text, or a File for a multipart part or a binary body). The whole body of a
 *   binary request (`application/octet-stream`, `image/*`, …) is a file id too, whatever its schema.
 * - Answer fields marked with the reference's `x-ebagent-file-mime-type` (strings holding base64)
 *   are recorded in `files.output` with their type; in `responses` they are described as file ids,
 *   which is what the model gets there.
 *
 * The reference converted `byte` request fields only (its `binary` fields sent the id itself) and
 * named multipart parts after the field; here both formats work and parts keep the stored name.
 */
import type { OpenApiDocument } from "../../load/loaded-description.js";
import { FILE_ID_PATTERN } from "../../runtime/files/file-id.js";
import type { FilePath, InputFileField, OutputFileField } from "../../runtime/files/file-fields.js";
import { setOwn, typesOf, type JsonObjectSchema, type JsonSchema } from "../../runtime/validation/json-schema.js";
import { isObject, resolveLocal } from "../local-ref.js";
import type { OperationModel } from "../toolkit-model.js";
import type { Draft } from "./draft-schema.js";

/** The reference's extension on a base64 answer field: the media type of the file it holds. */
export const FILE_MIME_TYPE_EXTENSION = "x-ebagent-file-mime-type";

const INPUT_NOTE = "(a file id, file-local-…, from an earlier tool result or the user; the tool is sent the file's content)";
const OUTPUT_NOTE = "(a file id, file-local-…: the application keeps the file; pass the id on to other tools or to the user)";
/** Deeper than any real schema; a guard against pathological nesting. */
const MAX_DEPTH = 64;
/** File fields recorded per answer at most: a guard against a schema that multiplies them. */
const MAX_FIELDS = 256;

/** A file argument found: where, and whether its bytes may travel as they are (`format: binary`). */
interface Found {
  readonly path: FilePath;
  readonly binary: boolean;
}

export function fileArguments(op: OperationModel, parameters: JsonObjectSchema): { parameters: JsonObjectSchema; fields: InputFileField[] } {
  const found: Found[] = [];
  const rawBodyKey = op.body?.encoding === "binary" && op.body.key !== null ? op.body.key : undefined;
  const properties: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(parameters.properties)) {
    const forced = name === rawBodyKey && (typesOf(schema) ?? ["string"]).includes("string");
    setOwn(properties, name, forced ? fileIdSchema(schema, found, [name], true) : markInput(schema, [name], found, 0));
  }
  const unique = uniqueFields(found);
  if (unique.length === 0) return { parameters, fields: [] };
  const fields = unique.map(({ path, binary }): InputFileField => ({ path, send: binary && sendsFile(op, path, rawBodyKey) ? "file" : "base64" }));
  return { parameters: { ...parameters, properties }, fields };
}

/**
 * A File (stored name and type) where the bytes travel as they are: a top-level part of a flat
 * multipart body, or an item of one (a repeated part), and a raw binary body. Everywhere else
 * (JSON, forms, parameters) only text can travel, so the content is base64.
 */
function sendsFile(op: OperationModel, path: FilePath, rawBodyKey: string | undefined): boolean {
  if (path.length === 1 && path[0] === rawBodyKey) return true;
  const body = op.body;
  if (body?.encoding !== "multipart" || body.key !== null) return false;
  const [first, second] = path;
  if (typeof first !== "string" || op.parameters.some((p) => p.key === first)) return false;
  return path.length === 1 || (path.length === 2 && second === 0);
}

function markInput(schema: JsonSchema, path: FilePath, found: Found[], depth: number): JsonSchema {
  if (depth > MAX_DEPTH) return schema;
  if (isFileContent(schema)) return fileIdSchema(schema, found, path, schema.format === "binary");
  let out: Draft | undefined;
  const change = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    out ??= { ...schema };
    out[key] = value;
  };
  if (schema.properties) {
    let changed = false;
    const properties: Record<string, JsonSchema> = {};
    for (const [name, child] of Object.entries(schema.properties)) {
      const marked = markInput(child, [...path, name], found, depth + 1);
      changed ||= marked !== child;
      setOwn(properties, name, marked);
    }
    if (changed) change("properties", properties);
  }
  if (schema.items) {
    const marked = markInput(schema.items, [...path, 0], found, depth + 1);
    if (marked !== schema.items) change("items", marked);
  }
  if (typeof schema.additionalProperties === "object") {
    const marked = markInput(schema.additionalProperties, [...path, 1], found, depth + 1);
    if (marked !== schema.additionalProperties) change("additionalProperties", marked);
  }
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const branches = schema[key];
    if (!branches) continue;
    const marked = branches.map((branch) => markInput(branch, path, found, depth + 1));
    if (marked.some((m, i) => m !== branches[i])) change(key, marked);
  }
  return out ?? schema;
}

function isFileContent(schema: JsonSchema): boolean {
  return (schema.format === "byte" || schema.format === "binary") && (typesOf(schema) ?? ["string"]).includes("string");
}

/** The id's schema: content constraints (format, lengths, enum, default) say nothing about an id. */
function fileIdSchema(schema: JsonSchema, found: Found[], path: FilePath, binary: boolean): JsonSchema {
  found.push({ path, binary });
  const { format: _format, minLength: _min, maxLength: _max, pattern: _pattern, enum: _enum, default: _default, const: _const, ...rest } = schema;
  return { ...rest, ...(rest.type === undefined ? { type: "string" as const } : {}), description: noted(rest.description, INPUT_NOTE), pattern: FILE_ID_PATTERN };
}

function noted(description: string | undefined, note: string): string {
  return description === undefined || description.trim() === "" ? note : `${description} ${note}`;
}

/** One field per path (combinator branches may repeat one); binary if any branch says so. */
function uniqueFields(found: readonly Found[]): Found[] {
  const seen = new Map<string, Found>();
  for (const field of found) {
    const key = JSON.stringify(field.path);
    const known = seen.get(key);
    seen.set(key, known === undefined ? field : { path: known.path, binary: known.binary || field.binary });
  }
  return [...seen.values()];
}

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
 * schema walk of every operation.
 */
const mentions = new WeakMap<object, boolean>();
function mentionsFileMimeType(document: OpenApiDocument): boolean {
  let known = mentions.get(document);
  if (known === undefined) {
    known = contains(document, new Set());
    mentions.set(document, known);
  }
  return known;
}

function contains(node: unknown, seen: Set<unknown>): boolean {
  if (typeof node !== "object" || node === null || seen.has(node)) return false;
  seen.add(node);
  if (!Array.isArray(node) && Object.hasOwn(node, FILE_MIME_TYPE_EXTENSION)) return true;
  return Object.values(node).some((child) => contains(child, seen));
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
