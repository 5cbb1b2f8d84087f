/**
 * Writing the files of an output folder: only those whose content changed, each atomically.
 */
import { readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomically } from "../atomic-write.js";
import type { GeneratedFile } from "./generated-file.js";

/**
 * Writes the files whose content changed and returns their paths. Unchanged files are left as
 * they are (same bytes, same modification time), so a watcher or bundler downstream is not woken
 * for nothing.
 *
 * A file on disk is compared by its size and then as bytes: decoding it into a string to compare
 * was the peak of a GitHub generation's memory (a 14 MB schema.d.ts held twice).
 */
export async function writeFiles(outDir: string, files: readonly GeneratedFile[]): Promise<string[]> {
  const written: string[] = [];
  for (const file of files) {
    const target = join(outDir, file.path);
    if (await unchanged(target, file.content)) continue;
    await writeFileAtomically(target, file.content);
    written.push(file.path);
  }
  return written;
}

async function unchanged(target: string, content: string): Promise<boolean> {
  const size = await stat(target).then(
    (found) => (found.isFile() ? found.size : undefined),
    () => undefined,
  );
  if (size !== Buffer.byteLength(content, "utf8")) return false;
  const bytes = await readFile(target).catch(() => undefined);
  return bytes !== undefined && bytes.equals(Buffer.from(content, "utf8"));
}

/** Deletes files toolgen wrote last time and no longer writes (see `obsoleteFiles`). */
export async function removeFiles(outDir: string, paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((path) => rm(join(outDir, path), { force: true })));
}
