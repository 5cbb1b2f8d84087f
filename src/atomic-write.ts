/**
 * Writes a file through a temporary sibling renamed over the target, so a reader (a bundler, a
 * second toolgen, `--offline` later) never sees half of it. Used for generated files and for the
 * offline cache.
 */
import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

export async function writeFileAtomically(path: string, content: Uint8Array | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}
