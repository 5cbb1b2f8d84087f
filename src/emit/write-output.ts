/**
 * Writing the files of an output folder: only those whose content changed, each atomically.
 */
import { readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomically } from "../atomic-write.js";
import { sha256Hex } from "../load/document-reader.js";
import type { GeneratedFile } from "./generated-file.js";

/**
 * Writes the files whose content changed and returns their paths. Unchanged files are left as
 * they are (same bytes, same modification time), so a watcher or bundler downstream is not woken
 * for nothing.
 *
 * `sha256`: the content's hashes where already known (the lock's), so that a file on disk is
 * compared by its size and then its hash, as bytes: decoding it into a string to compare was the
 * peak of a GitHub generation's memory (a 14 MB schema.d.ts held twice).
 */
export async function writeFiles(outDir: string, files: readonly GeneratedFile[], sha256: Readonly<Record<string, string>> = {}): Promise<string[]> {
  const written: string[] = [];
  for (const file of files) {
    const target = join(outDir, file.path);
    const expected = Object.hasOwn(sha256, file.path) ? sha256[file.path] : undefined;
    if (await unchanged(target, file.content, expected)) continue;
    await writeFileAtomically(target, file.content);
    written.push(file.path);
  }
  return written;
}

async function unchanged(target: string, content: string, sha256: string | undefined): Promise<boolean> {
  if (sha256 === undefined) return (await readFile(target, "utf8").catch(() => undefined)) === content;
  const size = await stat(target).then(
    (found) => (found.isFile() ? found.size : undefined),
    () => undefined,
  );
  if (size !== Buffer.byteLength(content, "utf8")) return false;
  const bytes = await readFile(target).catch(() => undefined);
  return bytes !== undefined && sha256Hex(bytes) === sha256;
}

/** Deletes files toolgen wrote last time and no longer writes (see `obsoleteFiles`). */
export async function removeFiles(outDir: string, paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((path) => rm(join(outDir, path), { force: true })));
}
