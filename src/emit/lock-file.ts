/**
 * `toolgen.lock.json`, written beside the generated files: what they were generated from (the
 * description's hash, toolgen's version, the options) and the hash of each file as written. With
 * it, `--check` can tell "the server's description changed since you generated" from "someone
 * edited a generated file" from "a newer toolgen writes different code".
 *
 * Deterministic on purpose (no time stamps, no absolute paths): generating twice from the same
 * description gives the same lock, so it can be committed with the output.
 *
 * It also lists every document read (`description.documents`), so the next run can tell that
 * nothing changed by hashing those files again (or asking the server with their ETag and
 * Last-Modified) before parsing anything: see `src/up-to-date.ts`.
 */
import { readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { sha256Hex } from "../load/document-reader.js";
import type { ReadRecord } from "../load/document-reader.js";
import type { LoadedDescription } from "../load/loaded-description.js";
import type { GeneratedFile } from "./generated-file.js";
import { DEFAULT_RUNTIME, type RuntimeKind } from "../runtime-kind.js";

export const LOCK_FILE = "toolgen.lock.json";

export interface LockOptions {
  readonly emit: "ts" | "js";
  readonly runtime: RuntimeKind;
  readonly format: boolean;
  readonly baseUrl?: string;
  readonly pagination?: Readonly<Record<string, unknown>>;
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
    /** Number of operations generated (absent in locks of toolgen before the no-change check). */
    readonly operations?: number;
    /** Every document read, root first, in the order read (absent in older locks). */
    readonly documents?: readonly LockDocument[];
  };
  readonly options: LockOptions;
  /** sha256 of each generated file, by path relative to the output folder. */
  readonly files: Readonly<Record<string, string>>;
}

/**
 * One document a generation read: a file by its path relative to the output folder, or a remote
 * document by its URL (never with user name or password; the root's without its query either,
 * since the source given on the command line or in the config supplies it again).
 */
export interface LockDocument {
  readonly path?: string;
  readonly url?: string;
  readonly sha256: string;
  readonly bytes: number;
  /** The server's validators, sent back as If-None-Match / If-Modified-Since. */
  readonly etag?: string;
  readonly lastModified?: string;
  /** Where a redirect finally led (origin and path), when it was elsewhere: relative `$ref`s resolve against it. */
  readonly redirectedTo?: string;
}

/** The options recorded in the lock: exactly those that change the generated files. */
export function lockOptionsOf(options: { readonly emit?: "ts" | "js"; readonly runtime?: RuntimeKind; readonly format?: boolean; readonly baseUrl?: string; readonly pagination?: Readonly<Record<string, unknown>> }): LockOptions {
  return {
    emit: options.emit ?? "ts",
    runtime: options.runtime ?? DEFAULT_RUNTIME,
    format: options.format !== false,
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
    ...(options.pagination !== undefined ? { pagination: options.pagination } : {}),
  };
}

/** The names of the options that differ between two locks' `options` (in the lock's order), compared key by key. */
export function changedOptions(previous: LockOptions | undefined, next: LockOptions): string[] {
  const before: Readonly<Record<string, unknown>> = { ...previous };
  const after: Readonly<Record<string, unknown>> = { ...next };
  return Object.keys({ ...before, ...after }).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

export function buildLock(
  loaded: LoadedDescription,
  info: { readonly title: string; readonly version: string; readonly operations: readonly unknown[] },
  files: readonly GeneratedFile[],
  outDir: string,
  options: LockOptions,
  toolgenVersion: string,
): LockFile {
  return {
    lockfileVersion: 1,
    toolgen: toolgenVersion,
    source: displaySource(loaded, outDir),
    description: {
      sha256: loaded.sha256,
      bytes: loaded.bytes,
      inputsSha256: loaded.inputsSha256,
      title: info.title,
      version: info.version,
      operations: info.operations.length,
      documents: lockDocuments(loaded.documents.map((record, index) => lockDocumentOf(record, index === 0, outDir))),
    },
    options: lockOptionsOf(options),
    files: Object.fromEntries(files.map((file) => [file.path, sha256Hex(file.content)])),
  };
}

/**
 * The root first, then the others sorted: `$ref`'d documents are read in parallel and finish in
 * any order, and a committed lock must not change from one identical run to the next.
 */
function lockDocuments(documents: LockDocument[]): LockDocument[] {
  const [root, ...rest] = documents;
  if (root === undefined) return documents;
  const key = (d: LockDocument) => JSON.stringify(d);
  return [root, ...rest.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))];
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

function lockDocumentOf(record: ReadRecord, root: boolean, outDir: string): LockDocument {
  const validators = {
    ...(record.etag !== undefined ? { etag: record.etag } : {}),
    ...(record.lastModified !== undefined ? { lastModified: record.lastModified } : {}),
  };
  if (record.url.startsWith("file:")) return { path: lockPathOf(record.url, outDir), sha256: record.sha256, bytes: record.bytes };
  const url = lockUrlOf(record.url, root);
  const final = lockUrlOf(record.finalUrl, true);
  return { url, sha256: record.sha256, bytes: record.bytes, ...validators, ...(final !== lockUrlOf(record.url, true) ? { redirectedTo: final } : {}) };
}

/** A file as the lock names it: relative to the output folder, with `/`. */
export function lockPathOf(fileUrl: string, outDir: string): string {
  return relative(outDir, fileURLToPath(fileUrl)).split(sep).join("/");
}

/** A URL as the lock names it: no user name or password, no fragment, and for `bare` no query. */
export function lockUrlOf(href: string, bare: boolean): string {
  const url = new URL(href);
  url.username = "";
  url.password = "";
  url.hash = "";
  if (bare) url.search = "";
  return url.href;
}

function displaySource(loaded: LoadedDescription, outDir: string): string {
  const { source } = loaded;
  if (source.kind === "file") return lockPathOf(source.documentUrl, outDir);
  if (source.kind === "hub") return source.input;
  // Without its query: a query may carry a key, and the lock is meant to be committed.
  return lockUrlOf(source.input.includes("://") ? source.input : source.documentUrl, true).replace(/\/$/, "");
}
