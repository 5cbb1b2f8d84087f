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
import { LOCK_FILE, parseLock, type LockFile } from "./lock-file.js";

export type StaleReason = "missing" | "edited" | "description-changed" | "options-changed" | "toolgen-changed" | "obsolete" | "unknown";

export interface StaleFile {
  readonly path: string;
  readonly reason: StaleReason;
}

export interface CheckReport {
  readonly stale: readonly StaleFile[];
  /** The lock found in the output folder, if any. */
  readonly previous?: LockFile;
}

/** `files` includes the new lock (its own content is not compared: the generated code is what matters). */
export async function checkOutput(outDir: string, files: readonly GeneratedFile[]): Promise<CheckReport> {
  const previous = parseLock(await readText(join(outDir, LOCK_FILE)));
  const next = parseLock(files.find((file) => file.path === LOCK_FILE)?.content);
  const stale: StaleFile[] = [];
  for (const file of files) {
    if (file.path === LOCK_FILE) continue;
    const current = await readText(join(outDir, file.path));
    if (current === file.content) continue;
    stale.push({ path: file.path, reason: reasonFor(file.path, current, previous, next) });
  }
  if (previous !== undefined) {
    const generated = new Set(files.map((file) => file.path));
    for (const path of Object.keys(previous.files)) {
      if (generated.has(path) || path.includes("..")) continue;
      const current = await readText(join(outDir, path));
      if (current !== undefined && sha256Hex(current) === previous.files[path]) stale.push({ path, reason: "obsolete" });
    }
  }
  return { stale, ...(previous !== undefined ? { previous } : {}) };
}

function reasonFor(path: string, current: string | undefined, previous: LockFile | undefined, next: LockFile | undefined): StaleReason {
  if (current === undefined) return "missing";
  if (previous === undefined || next === undefined) return "unknown";
  const written = previous.files[path];
  if (written !== undefined && sha256Hex(current) !== written) return "edited";
  if (previous.description.inputsSha256 !== next.description.inputsSha256) return "description-changed";
  if (JSON.stringify(previous.options) !== JSON.stringify(next.options)) return "options-changed";
  if (previous.toolgen !== next.toolgen) return "toolgen-changed";
  return "unknown";
}

/**
 * Files the previous lock lists that are no longer generated and still hold exactly what toolgen
 * wrote: safe to delete when writing (a file someone edited is left alone).
 */
export async function obsoleteFiles(outDir: string, files: readonly GeneratedFile[]): Promise<string[]> {
  const previous = parseLock(await readText(join(outDir, LOCK_FILE)));
  if (previous === undefined) return [];
  const generated = new Set(files.map((file) => file.path));
  const obsolete: string[] = [];
  for (const [path, hash] of Object.entries(previous.files)) {
    if (generated.has(path) || path.includes("..")) continue;
    const current = await readText(join(outDir, path));
    if (current !== undefined && sha256Hex(current) === hash) obsolete.push(path);
  }
  return obsolete;
}

function readText(path: string): Promise<string | undefined> {
  return readFile(path, "utf8").catch(() => undefined);
}
