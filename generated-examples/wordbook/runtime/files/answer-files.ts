// @ts-nocheck
/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * A tool's answer -> what a model can read. A binary answer (a Blob, or a download the runtime
 * read as a File, see CallOptions.attachmentsAsFiles) is stored and replaced by a FileReference;
 * base64 fields the description marks with `x-ebagent-file-mime-type` are decoded, stored, and
 * replaced by their ids, as the reference does. A file over the size limit fails the call
 * rather than reach the model's context whole.
 */
import { ToolCallError } from "../tool-call-error.js";
import { base64ToBytes } from "./base64.js";
import { isLocalFileId, isRemoteFileId } from "./file-id.js";
import { replaceAt, stringsAt, type OutputFileField } from "./file-fields.js";
import { cleanMimeType, defaultFilename } from "./file-names.js";
import type { FileStore } from "./file-store.js";
import type { FileReference } from "./files-options.js";

/** The parts of a tool entry this needs (toolkit.ts's ToolEntry has them). */
export interface AnsweringTool {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly files?: { readonly output?: readonly OutputFileField[] };
}

export interface StoredAnswer {
  readonly result: unknown;
  /** At least one file was stored. */
  readonly stored: boolean;
}

export async function storeAnswerFiles(tool: AnsweringTool, result: unknown, store: () => FileStore, maxBytes: number): Promise<StoredAnswer> {
  if (result instanceof Blob) {
    const name = result instanceof File && result.name !== "" ? result.name : undefined;
    if (result.size > maxBytes) throw tooLarge(tool, result.size, maxBytes, name);
    const mimeType = cleanMimeType(result.type);
    const info = await store().put(result, { filename: name ?? defaultFilename(lastSegment(tool.name), mimeType), mimeType });
    const reference: FileReference = { file: info.id, filename: info.filename, mimeType: info.mimeType, size: info.size };
    return { result: reference, stored: true };
  }
  const fields = tool.files?.output;
  if (fields === undefined || result === null || (typeof result !== "object" && typeof result !== "string")) return { result, stored: false };
  let out: unknown = result;
  let stored = false;
  for (const field of fields) {
    const replacements = new Map<string, unknown>();
    for (const found of stringsAt(out, field.path)) {
      if (found.value === "" || isLocalFileId(found.value) || isRemoteFileId(found.value)) continue;
      const content = decodeContent(found.value, field.mimeType);
      if (content === undefined) continue;
      if (content.bytes.byteLength > maxBytes) throw tooLarge(tool, content.bytes.byteLength, maxBytes, `${found.at} of the answer`);
      const info = await store().put(content.bytes, { filename: defaultFilename(found.key || lastSegment(tool.name), content.mimeType), mimeType: content.mimeType });
      replacements.set(found.at, info.id);
      stored = true;
    }
    if (replacements.size > 0) out = replaceAt(out, field.path, replacements);
  }
  return { result: out, stored };
}

/** Base64, or a `data:<type>;base64,` URL, whose type then wins over the declared one. */
function decodeContent(text: string, declared: string): { bytes: Uint8Array<ArrayBuffer>; mimeType: string } | undefined {
  const dataUrl = /^data:([^;,]*)((?:;[^;,]*)*);base64,/i.exec(text);
  const bytes = base64ToBytes(dataUrl ? text.slice(dataUrl[0].length) : text);
  if (bytes === undefined) return undefined;
  return { bytes, mimeType: cleanMimeType(dataUrl?.[1] || declared) };
}

function tooLarge(tool: AnsweringTool, size: number, maxBytes: number, what: string | undefined): ToolCallError {
  const named = what === undefined ? "" : ` (${what})`;
  return new ToolCallError(`answered a file of ${size} bytes${named}, more than the ${maxBytes}-byte limit for files (raise files.maxFileBytes to accept it)`, {
    tool: tool.name,
    code: "RESPONSE_TOO_LARGE",
    method: tool.method,
    url: tool.path,
  });
}

function lastSegment(name: string): string {
  return name.slice(name.lastIndexOf("/") + 1) || "file";
}
