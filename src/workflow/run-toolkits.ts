/**
 * Generates (or checks) every toolkit of a config, one after the other so progress lines stay
 * readable and peak memory is one toolkit's. A toolkit that fails does not stop the others: a
 * build step with five tool servers reports every broken one in one run. Each toolkit is still
 * all-or-nothing on disk (nothing is written for the one that failed).
 *
 * Unless `force` is set, each toolkit is first checked against its lock (src/up-to-date.ts): when
 * nothing it is generated from changed and its files are as written, it is skipped, its outcome
 * an `UpToDateResult`, and the generator itself is never even imported.
 */
import type { GenerateOptions, GenerateResult } from "../generate.js";
import { checkUpToDate, type Change, type UpToDateResult } from "../up-to-date.js";
import type { ProgressEvent } from "../generate-progress.js";
import type { LoadOptions } from "../load/loaded-description.js";
import type { ResolvedConfig, ResolvedToolkit } from "../config/resolve-config.js";

export interface RunOptions {
  readonly check?: boolean;
  /** Generate (or check) in full even when the no-change check finds nothing changed. */
  readonly force?: boolean;
  readonly offline?: boolean;
  readonly onProgress?: (toolkit: ResolvedToolkit, event: ProgressEvent) => void;
  readonly onWarning?: (toolkit: ResolvedToolkit, message: string) => void;
  /** Environment and fetch for loading (tests inject them). */
  readonly env?: LoadOptions["env"];
  readonly fetch?: typeof fetch;
}

export type ToolkitOutcome =
  | { readonly toolkit: ResolvedToolkit; readonly ok: true; readonly result: GenerateResult | UpToDateResult }
  | { readonly toolkit: ResolvedToolkit; readonly ok: false; readonly error: unknown };

export async function runToolkits(config: ResolvedConfig, options: RunOptions = {}): Promise<ToolkitOutcome[]> {
  const outcomes: ToolkitOutcome[] = [];
  for (const toolkit of config.toolkits) outcomes.push(await runToolkit(toolkit, config, options));
  return outcomes;
}

export async function runToolkit(toolkit: ResolvedToolkit, config: ResolvedConfig, options: RunOptions = {}): Promise<ToolkitOutcome> {
  try {
    const generateOptions: GenerateOptions = {
      ...toolkit.load,
      out: toolkit.out,
      emit: toolkit.emit,
      runtime: toolkit.runtime,
      format: toolkit.format,
      ...(toolkit.baseUrl !== undefined ? { baseUrl: toolkit.baseUrl } : {}),
      ...(toolkit.pagination !== undefined ? { pagination: toolkit.pagination } : {}),
      ...(toolkit.failOn !== undefined ? { failOn: toolkit.failOn } : {}),
      ...(toolkit.diffPolicyFile !== undefined ? { diffPolicyFile: toolkit.diffPolicyFile } : {}),
      check: options.check === true,
      offline: options.offline === true,
      cacheDir: config.cacheDir,
      ...(options.env !== undefined ? { env: options.env } : {}),
      ...(options.fetch !== undefined ? { fetch: options.fetch } : {}),
      onProgress: (event) => options.onProgress?.(toolkit, event),
      onWarning: (message) => options.onWarning?.(toolkit, message),
    };
    let change: Change | undefined;
    let prefetched: GenerateOptions["prefetched"];
    if (options.force !== true) {
      const found = await checkUpToDate(toolkit.source, generateOptions);
      if (found.upToDate) return { toolkit, ok: true, result: found };
      if (found.change.kind !== "no-lock") change = found.change;
      prefetched = found.prefetched;
    }
    const { generate } = await import("../generate.js");
    const result = await generate(toolkit.source, { ...generateOptions, ...(prefetched !== undefined ? { prefetched } : {}) });
    return { toolkit, ok: true, result: change !== undefined ? { ...result, change } : result };
  } catch (error) {
    return { toolkit, ok: false, error };
  }
}
