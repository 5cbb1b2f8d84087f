/**
 * The two ways an app gets a toolkit, for tests that must behave the same through both: generated
 * code (`--runtime inline`, so it carries the portable runtime and nothing else, type-checked under
 * tsc --strict, then imported) and `loadToolkit` at run time.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect } from "vitest";
import { main } from "../../../src/cli/main.js";
import { loadToolkit } from "../../../src/load-toolkit/load-toolkit.js";
import type { Toolkit } from "../../../src/runtime/toolkit.js";
import { freshOutputDir } from "../../support/output-dir.js";
import { typecheck } from "../../support/typecheck.js";

export interface Source {
  /** Folder name of the generated module. */
  readonly key: string;
  /** A description file, or a tool server's address. */
  readonly source: string;
  /** Where calls go, when not the description's own address. */
  readonly baseUrl?: string;
}

/** Generates every source into `<dir>/<key>`, type-checks them all in one tsc run, imports each toolkit. */
export async function generatedToolkits(dir: string, sources: readonly Source[]): Promise<Record<string, Toolkit>> {
  const root = freshOutputDir(dir);
  const io = { stdout: () => {}, stderr: () => {}, exitCode: () => {} };
  for (const { key, source, baseUrl } of sources) {
    const args = [source, "--out", join(root, key), "--runtime", "inline", "-q", ...(baseUrl !== undefined ? ["--base-url", baseUrl] : [])];
    expect(await main(args, io)).toBe(0);
  }
  expect(await typecheck(root)).toBe("");
  const toolkits: Record<string, Toolkit> = {};
  for (const { key } of sources) toolkits[key] = ((await import(pathToFileURL(join(root, key, "index.ts")).href)) as { toolkit: Toolkit }).toolkit;
  return toolkits;
}

export async function loadedToolkits(sources: readonly Source[]): Promise<Record<string, Toolkit>> {
  const toolkits: Record<string, Toolkit> = {};
  for (const { key, source, baseUrl } of sources) toolkits[key] = await loadToolkit(source, { ...(baseUrl !== undefined ? { baseUrl } : {}), onWarning: () => {} });
  return toolkits;
}
