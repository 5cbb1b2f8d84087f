/**
 * The whole generate path as one function (the CLI and the programmatic API both call it):
 * load -> model -> emit -> write or check.
 */
import { loadDescription } from "./load/load-description.js";
import type { LoadOptions } from "./load/loaded-description.js";
import { buildModel } from "./model/build-model.js";
import type { ToolkitModel } from "./model/toolkit-model.js";
import { generateFiles, type EmitOptions } from "./emit/generate-files.js";
import type { GeneratedFile } from "./emit/generated-file.js";
import { staleFiles, writeFiles } from "./emit/write-output.js";

export interface GenerateOptions extends LoadOptions, EmitOptions {
  /** Output directory. */
  readonly out: string;
  /** Compare instead of writing. */
  readonly check?: boolean;
  /** Replaces the default base address recorded in the client. */
  readonly baseUrl?: string;
}

export interface GenerateResult {
  readonly model: ToolkitModel;
  readonly files: readonly GeneratedFile[];
  /** With `check`: the files that differ from (or are missing in) the output directory. */
  readonly stale: readonly string[];
}

export async function generate(source: string, options: GenerateOptions): Promise<GenerateResult> {
  const loaded = await loadDescription(source, options);
  let model = buildModel(loaded);
  if (options.baseUrl !== undefined) model = { ...model, serverUrl: options.baseUrl.replace(/\/+$/, "") };
  for (const warning of model.warnings) options.onWarning?.(warning);
  const files = await generateFiles(model, options);
  if (options.check) return { model, files, stale: await staleFiles(options.out, files) };
  await writeFiles(options.out, files);
  return { model, files, stale: [] };
}
