/**
 * Where a tool's arguments and answer hold files: plain data the model stage computes at build
 * time (model/tool-schema/file-arguments.ts and file-answers.ts) and the generated toolkit
 * carries, so the toolkit never re-reads schemas at run time, and a tool without files costs one
 * `undefined` check.
 */
import { childPath } from "../validation/validate.js";

/**
 * From the root (the arguments object, or the answer) to the field: property names, `0` for
 * every item of a list, `1` for every value of a map (`additionalProperties`). Numbers cannot be
 * property names here, so the two never clash.
 */
export type FilePath = readonly (string | 0 | 1)[];

export interface InputFileField {
  readonly path: FilePath;
  /**
   * How the content goes out: `base64` text (`format: byte`, and `binary` inside JSON or a form,
   * which cannot carry bytes), or `file`, a File with the stored name and type (a `binary`
   * multipart part, or a binary request body).
   */
  readonly send: "base64" | "file";
}

export interface OutputFileField {
  readonly path: FilePath;
  /** `x-ebagent-file-mime-type`: the type of the base64 content. */
  readonly mimeType: string;
}

export interface ToolFileFields {
  /** Arguments that take a file id. */
  readonly input?: readonly InputFileField[];
  /** Answer fields holding base64 content that becomes a stored file (`x-ebagent-file-mime-type`). */
  readonly output?: readonly OutputFileField[];
}

/** Each string found at `path` under `root`, with its JSON path (`$.images[1]`) and last key. */
export interface FoundString {
  readonly at: string;
  readonly key: string;
  readonly value: string;
}

export function stringsAt(root: unknown, path: FilePath, at = "$", key = ""): FoundString[] {
  if (path.length === 0) return typeof root === "string" ? [{ at, key, value: root }] : [];
  const [step, ...rest] = path;
  if (step === 0) return Array.isArray(root) ? root.flatMap((item, i) => stringsAt(item, rest, `${at}[${i}]`, key)) : [];
  if (!isRecord(root)) return [];
  if (step === 1) return Object.entries(root).flatMap(([k, v]) => stringsAt(v, rest, childPath(at, k), k));
  return Object.hasOwn(root, step!) ? stringsAt(root[step!], rest, childPath(at, step!), step!) : [];
}

/**
 * A copy of `root` with the value at each JSON path in `replacements` swapped, copying only the
 * objects and lists on the way there; everything else is shared with the original.
 */
export function replaceAt(root: unknown, path: FilePath, replacements: ReadonlyMap<string, unknown>, at = "$"): unknown {
  if (path.length === 0) return replacements.has(at) ? replacements.get(at) : root;
  const [step, ...rest] = path;
  if (step === 0) return Array.isArray(root) ? root.map((item, i) => replaceAt(item, rest, replacements, `${at}[${i}]`)) : root;
  if (!isRecord(root)) return root;
  const keys = step === 1 ? Object.keys(root) : Object.hasOwn(root, step!) ? [step!] : [];
  if (keys.length === 0) return root;
  const copy: Record<string, unknown> = { ...root };
  for (const k of keys) {
    const value = replaceAt(root[k], rest, replacements, childPath(at, k));
    // Own, enumerable, even for `__proto__` (a name from the description like any other).
    Object.defineProperty(copy, k, { value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Blob);
}
