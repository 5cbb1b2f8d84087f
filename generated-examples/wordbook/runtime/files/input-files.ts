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
 * A model's file ids -> the content a tool is sent. Runs after validation (so every id already
 * has the id's shape) and before any request: an id that names no file, a remote id, or a file
 * over the size limit is a ToolInputError with the argument's path, and nothing is sent.
 */
import { ToolInputError } from "../validation/tool-input-error.js";
import type { ValidationProblem } from "../validation/validate.js";
import { bytesToBase64 } from "./base64.js";
import { unwrapFileId } from "./file-id.js";
import { replaceAt, stringsAt, type InputFileField } from "./file-fields.js";
import { FileStoreError, type FileStore, type StoredFile } from "./file-store.js";

export async function resolveInputFiles(
  tool: string,
  fields: readonly InputFileField[],
  args: Record<string, unknown>,
  store: () => FileStore,
  maxBytes: number,
): Promise<Record<string, unknown>> {
  const uses = fields.flatMap((field) => stringsAt(args, field.path).map((found) => ({ field, at: found.at, id: unwrapFileId(found.value) })));
  if (uses.length === 0) return args;
  const files = store();

  const problems: ValidationProblem[] = [];
  const infos = await Promise.all(uses.map((use) => settle(files.info(use.id))));
  uses.forEach((use, i) => {
    const outcome = infos[i]!;
    if ("error" in outcome) problems.push({ path: use.at, message: messageOf(outcome.error) });
    else if (outcome.value.size > maxBytes) {
      problems.push({ path: use.at, message: `is a file of ${outcome.value.size} bytes (${outcome.value.filename}), more than the ${maxBytes} bytes a tool may be sent; pass a smaller file` });
    }
  });
  if (problems.length > 0) throw new ToolInputError(tool, "INVALID_ARGUMENTS", problems);

  const contents = new Map<string, Promise<{ value: StoredFile } | { error: unknown }>>();
  for (const use of uses) if (!contents.has(use.id)) contents.set(use.id, settle(files.get(use.id)));
  let out: unknown = args;
  for (const field of fields) {
    const replacements = new Map<string, unknown>();
    for (const use of uses) {
      if (use.field !== field) continue;
      const outcome = await contents.get(use.id)!;
      // Deleted between the two reads: the same answer as if it had been missing from the start.
      if ("error" in outcome) problems.push({ path: use.at, message: messageOf(outcome.error) });
      else replacements.set(use.at, contentOf(outcome.value, field.send));
    }
    out = replaceAt(out, field.path, replacements);
  }
  if (problems.length > 0) throw new ToolInputError(tool, "INVALID_ARGUMENTS", problems);
  return out as Record<string, unknown>;
}

function contentOf(file: StoredFile, send: InputFileField["send"]): string | File {
  return send === "base64" ? bytesToBase64(file.bytes) : new File([file.bytes], file.filename, { type: file.mimeType });
}

function settle<T>(promise: Promise<T>): Promise<{ value: T } | { error: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

/** A store's own failure (a disk error) is the app's problem, not the model's: it is thrown as is. */
function messageOf(error: unknown): string {
  if (error instanceof FileStoreError) return error.message;
  throw error;
}
