/**
 * Prettier over the generated TypeScript where it is affordable. The emitters already print
 * consistent code; prettier only evens out line breaks. Past `maxBytes` of input it is skipped:
 * on the GitHub description (6.5 MB of types) it would cost more than the whole generation
 * (see BENCHMARKS.md), and the output stays valid and deterministic either way.
 */
import type { GeneratedFile } from "./generated-file.js";

export const DEFAULT_FORMAT_LIMIT = 1_000_000;

/** What prettier is asked for, here and when the build formats the static files in advance. */
export const PRETTIER_OPTIONS = { parser: "typescript", printWidth: 120 } as const;

export async function formatFiles(files: readonly GeneratedFile[], maxBytes = DEFAULT_FORMAT_LIMIT): Promise<GeneratedFile[]> {
  const total = files.reduce((n, f) => n + f.content.length, 0);
  if (total > maxBytes) return [...files];
  const prettier = await import("prettier");
  return Promise.all(
    files.map(async (file) => {
      if (!/\.(ts|js)$/.test(file.path)) return file;
      if (file.formatted !== undefined) return { ...file, content: file.formatted };
      const content = await prettier.format(file.content, { ...PRETTIER_OPTIONS, filepath: file.path });
      return { ...file, content };
    }),
  );
}
