/**
 * `--check`: compares what would be generated with what is on disk and, with the lock written
 * last time, says why each file differs. The reasons, in the order they are decided:
 * - `missing`: the file is not there;
 * - `edited`: its bytes are not the ones toolgen wrote (the lock's hash), so someone changed it;
 * - `description-changed`: toolgen wrote it, but the description (or a `$ref` target, or
 *   `examples.yaml`) changed since;
 * - `options-changed` / `toolgen-changed`: same description, other options or toolgen version;
 * - `obsolete`: toolgen wrote it last time and would not write it now;
 * - `unknown`: no lock to compare with (generated before locks existed, or the lock was deleted).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { sha256Hex } from "../load/document-reader.js";
import type { GeneratedFile } from "./generated-file.js";
import { LOCK_FILE, type LockFile } from "./lock-file.js";

export type StaleReason = "missing" | "edited" | "description-changed" | "options-changed" | "toolgen-changed" | "obsolete" | "unknown";

export interface StaleFile {
  readonly path: string;
  readonly reason: StaleReason;
}

/**
 * `files` are the generated files (the lock excluded: the generated code is what matters),
 * `next` the lock they would be written with, `previous` the one in the folder.
 */
export function checkOutput(outDir: string, files: readonly GeneratedFile[], next: LockFile, previous: LockFile | undefined): Promise<StaleFile[]> {
  return Promise.all([staleGenerated(outDir, files, next, previous), obsoleteFiles(outDir, files, previous)]).then(([stale, obsolete]) => [
    ...stale,
    ...obsolete.map((path): StaleFile => ({ path, reason: "obsolete" })),
  ]);
}

async function staleGenerated(outDir: string, files: readonly GeneratedFile[], next: LockFile, previous: LockFile | undefined): Promise<StaleFile[]> {
  const stale: StaleFile[] = [];
  for (const file of files) {
    const current = await readText(join(outDir, file.path));
    if (current === file.content) continue;
    stale.push({ path: file.path, reason: reasonFor(file.path, current, previous, next) });
  }
  return stale;
}

function reasonFor(path: string, current: string | undefined, previous: LockFile | undefined, next: LockFile): StaleReason {
  if (current === undefined) return "missing";
  if (previous === undefined) return "unknown";
  const written = previous.files[path];
  if (written !== undefined && sha256Hex(current) !== written) return "edited";
  if (previous.description.inputsSha256 !== next.description.inputsSha256) return "description-changed";
  if (JSON.stringify(previous.options) !== JSON.stringify(next.options)) return "options-changed";
  if (previous.toolgen !== next.toolgen) return "toolgen-changed";
  return "unknown";
}

/**
 * Files the previous lock lists that are no longer generated and still hold exactly what toolgen
 * wrote: reported by `--check`, and safe to delete when writing (a file someone edited is left alone).
 */
export async function obsoleteFiles(outDir: string, files: readonly GeneratedFile[], previous: LockFile | undefined): Promise<string[]> {
  if (previous === undefined) return [];
  const generated = new Set(files.map((file) => file.path));
  const obsolete: string[] = [];
  for (const [path, hash] of Object.entries(previous.files)) {
    if (generated.has(path) || path === LOCK_FILE || path.includes("..")) continue;
    const current = await readText(join(outDir, path));
    if (current !== undefined && sha256Hex(current) === hash) obsolete.push(path);
  }
  return obsolete;
}

function readText(path: string): Promise<string | undefined> {
  return readFile(path, "utf8").catch(() => undefined);
}
