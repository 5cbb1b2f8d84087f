/**
 * Writing the files of an output folder: only those whose content changed, each atomically.
 */
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomically } from "../atomic-write.js";
import type { GeneratedFile } from "./generated-file.js";

/**
 * Writes the files whose content changed and returns their paths. Unchanged files are left as
 * they are (same bytes, same modification time), so a watcher or bundler downstream is not woken
 * for nothing.
 */
export async function writeFiles(outDir: string, files: readonly GeneratedFile[]): Promise<string[]> {
  const written: string[] = [];
  for (const file of files) {
    const target = join(outDir, file.path);
    const current = await readFile(target, "utf8").catch(() => undefined);
    if (current === file.content) continue;
    await writeFileAtomically(target, file.content);
    written.push(file.path);
  }
  return written;
}

/** Deletes files toolgen wrote last time and no longer writes (see `obsoleteFiles`). */
export async function removeFiles(outDir: string, paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((path) => rm(join(outDir, path), { force: true })));
}
