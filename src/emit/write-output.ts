/**
 * Writing the files, or (`--check`) comparing them with what is on disk. Each file is written to
 * a temporary sibling and renamed over the old one, so a reader never sees half a file.
 */
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
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
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, file.content);
    await rename(temporary, target);
    written.push(file.path);
  }
  return written;
}

/** Deletes files toolgen wrote last time and no longer writes (see `obsoleteFiles`). */
export async function removeFiles(outDir: string, paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((path) => rm(join(outDir, path), { force: true })));
}
