/**
 * Generated code in tests lives under `<repo>/.test-output/` so that its `import "toolgen/runtime"`
 * resolves to this package (Node and TypeScript self-reference by package name) exactly as it
 * would in a user's project.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

export const REPO_ROOT = resolve(import.meta.dirname, "../..");
export const CORPUS = resolve(REPO_ROOT, "../shared/corpus");

export function freshOutputDir(name: string): string {
  const dir = join(REPO_ROOT, ".test-output", name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}
