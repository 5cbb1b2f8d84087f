/**
 * `toolgen.lock.json`, written beside the generated files: what they were generated from (the
 * description's hash, toolgen's version, the options) and the hash of each file as written. With
 * it, `--check` can tell "the server's description changed since you generated" from "someone
 * edited a generated file" from "a newer toolgen writes different code".
 *
 * Deterministic on purpose (no time stamps, no absolute paths): generating twice from the same
 * description gives the same lock, so it can be committed with the output.
 */
import { readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { sha256Hex } from "../load/document-reader.js";
import type { LoadedDescription } from "../load/loaded-description.js";
import type { GeneratedFile } from "./generated-file.js";

export const LOCK_FILE = "toolgen.lock.json";

export interface LockOptions {
  readonly emit: "ts" | "js";
  readonly runtime: "package" | "inline";
  readonly format: boolean;
  readonly baseUrl?: string;
}

export interface LockFile {
  readonly lockfileVersion: 1;
  readonly toolgen: string;
  /** The source as given (URL without credentials, `hub:<name>`), or the file relative to the output folder. */
  readonly source: string;
  readonly description: {
    /** sha256 of the root description's bytes. */
    readonly sha256: string;
    readonly bytes: number;
    /** sha256 over every document read: the root, external `$ref` targets, `examples.yaml`. */
    readonly inputsSha256: string;
    readonly title: string;
    readonly version: string;
  };
  readonly options: LockOptions;
  /** sha256 of each generated file, by path relative to the output folder. */
  readonly files: Readonly<Record<string, string>>;
}

export function buildLock(
  loaded: LoadedDescription,
  info: { title: string; version: string },
  files: readonly GeneratedFile[],
  outDir: string,
  options: LockOptions,
  toolgenVersion: string,
): LockFile {
  return {
    lockfileVersion: 1,
    toolgen: toolgenVersion,
    source: displaySource(loaded, outDir),
    description: { sha256: loaded.sha256, bytes: loaded.bytes, inputsSha256: loaded.inputsSha256, title: info.title, version: info.version },
    options: { emit: options.emit, runtime: options.runtime, format: options.format, ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}) },
    files: Object.fromEntries(files.map((file) => [file.path, sha256Hex(file.content)])),
  };
}

export function lockFileOf(lock: LockFile): GeneratedFile {
  return { path: LOCK_FILE, content: `${JSON.stringify(lock, null, 2)}\n` };
}

/** The lock in an output folder, if there is one that can be understood. */
export async function readLock(outDir: string): Promise<LockFile | undefined> {
  return parseLock(await readFile(join(outDir, LOCK_FILE), "utf8").catch(() => undefined));
}

/** A lock read back from disk, or `undefined` when there is none or it cannot be understood. */
function parseLock(text: string | undefined): LockFile | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Partial<LockFile>;
    if (value.lockfileVersion !== 1 || typeof value.files !== "object" || value.files === null || typeof value.description !== "object") return undefined;
    return value as LockFile;
  } catch {
    return undefined;
  }
}

function displaySource(loaded: LoadedDescription, outDir: string): string {
  const { source } = loaded;
  if (source.kind === "file") return relative(outDir, fileURLToPath(source.documentUrl)).split(sep).join("/");
  if (source.kind === "hub") return source.input;
  const url = new URL(source.input.includes("://") ? source.input : source.documentUrl);
  url.username = "";
  url.password = "";
  url.search = ""; // a query may carry a key; the lock is meant to be committed
  url.hash = "";
  return url.href.replace(/\/$/, "");
}
