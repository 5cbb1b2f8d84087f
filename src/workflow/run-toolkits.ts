/**
 * Generates (or checks) every toolkit of a config, one after the other so progress lines stay
 * readable and peak memory is one toolkit's. A toolkit that fails does not stop the others: a
 * build step with five tool servers reports every broken one in one run. Each toolkit is still
 * all-or-nothing on disk (nothing is written for the one that failed).
 */
import { generate, type GenerateResult } from "../generate.js";
import type { ProgressEvent } from "../generate-progress.js";
import type { LoadOptions } from "../load/loaded-description.js";
import type { ResolvedConfig, ResolvedToolkit } from "../config/resolve-config.js";

export interface RunOptions {
  readonly check?: boolean;
  readonly offline?: boolean;
  readonly onProgress?: (toolkit: ResolvedToolkit, event: ProgressEvent) => void;
  readonly onWarning?: (toolkit: ResolvedToolkit, message: string) => void;
  /** Environment and fetch for loading (tests inject them). */
  readonly env?: LoadOptions["env"];
  readonly fetch?: typeof fetch;
}

export type ToolkitOutcome =
  | { readonly toolkit: ResolvedToolkit; readonly ok: true; readonly result: GenerateResult }
  | { readonly toolkit: ResolvedToolkit; readonly ok: false; readonly error: unknown };

export async function runToolkits(config: ResolvedConfig, options: RunOptions = {}): Promise<ToolkitOutcome[]> {
  const outcomes: ToolkitOutcome[] = [];
  for (const toolkit of config.toolkits) outcomes.push(await runToolkit(toolkit, config, options));
  return outcomes;
}

export async function runToolkit(toolkit: ResolvedToolkit, config: ResolvedConfig, options: RunOptions = {}): Promise<ToolkitOutcome> {
  try {
    const result = await generate(toolkit.source, {
      ...toolkit.load,
      out: toolkit.out,
      emit: toolkit.emit,
      runtime: toolkit.runtime,
      format: toolkit.format,
      ...(toolkit.baseUrl !== undefined ? { baseUrl: toolkit.baseUrl } : {}),
      check: options.check === true,
      offline: options.offline === true,
      cacheDir: config.cacheDir,
      ...(options.env !== undefined ? { env: options.env } : {}),
      ...(options.fetch !== undefined ? { fetch: options.fetch } : {}),
      onProgress: (event) => options.onProgress?.(toolkit, event),
      onWarning: (message) => options.onWarning?.(toolkit, message),
    });
    return { toolkit, ok: true, result };
  } catch (error) {
    return { toolkit, ok: false, error };
  }
}
