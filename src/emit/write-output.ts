/**
 * Writing the files, or (`--check`) comparing them with what is on disk. Each file is written to
 * a temporary sibling and renamed over the old one, so a reader never sees half a file.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { GeneratedFile } from "./generated-file.js";

export async function writeFiles(outDir: string, files: readonly GeneratedFile[]): Promise<void> {
  for (const file of files) {
    const target = join(outDir, file.path);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, file.content);
    await rename(temporary, target);
  }
}

/** Paths (relative to `outDir`) whose content differs from what would be generated, or that are missing. */
export async function staleFiles(outDir: string, files: readonly GeneratedFile[]): Promise<string[]> {
  const stale: string[] = [];
  for (const file of files) {
    const current = await readFile(join(outDir, file.path), "utf8").catch(() => undefined);
    if (current !== file.content) stale.push(file.path);
  }
  return stale;
}
