/**
 * File arguments in a tool's descriptor, computed once at build time so generated toolkits and
 * loadToolkit agree (the runtime side is src/runtime/files/input-files.ts). Arguments with
 * `format: byte` or `format: binary` (at any depth, in lists and maps too) take a file id from the
 * model: their schema becomes a string with the file-id `pattern` and a description saying so,
 * and `files.input` records where they are and how the content goes out (base64 text, or a File
 * for a multipart part or a binary body). The whole body of a binary request
 * (`application/octet-stream`, `image/*`, …) is a file id too, whatever its schema.
 *
 * The reference converted `byte` request fields only (its `binary` fields sent the id itself) and
 * named multipart parts after the field; here both formats work and parts keep the stored name.
 */
import { FILE_ID_PATTERN } from "../../runtime/files/file-id.js";
import type { FilePath, InputFileField } from "../../runtime/files/file-fields.js";
import { setOwn, typesOf, type JsonObjectSchema, type JsonSchema } from "../../runtime/validation/json-schema.js";
import type { OperationModel } from "../toolkit-model.js";
import type { Draft } from "./draft-schema.js";
import { INPUT_NOTE, MAX_DEPTH, noted } from "./file-notes.js";

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
