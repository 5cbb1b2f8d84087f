/**
 * `toolgen`: the generator as a library, for build tools. `generate(source, { out })` does what
 * the CLI does; the stages are exported for tools that need only part of the pipeline.
 */
export { generate, type GenerateOptions, type GenerateResult } from "./generate.js";
export { checkUpToDate, type Change, type ChangeKind, type UpToDateCheck, type UpToDateOptions, type UpToDateResult } from "./up-to-date.js";
export { loadToolkit, type LoadToolkitOptions } from "./load-toolkit/load-toolkit.js";
export { loadDescription } from "./load/load-description.js";
export type { DescriptionSource, LoadedDescription, LoadOptions, OpenApiDocument } from "./load/loaded-description.js";
export { BadInputError } from "./load/bad-input-error.js";
export { BreakingChangesError } from "./breaking-changes-error.js";
export type { ChangePolicy, ChangesUnknown, DescriptionChanges } from "./description-changes.js";
export { buildModel } from "./model/build-model.js";
export type { OperationModel, ParameterModel, BodyModel, ResponseModel, ToolkitModel } from "./model/toolkit-model.js";
export { generateFiles, type EmitOptions } from "./emit/generate-files.js";
export type { GeneratedFile } from "./emit/generated-file.js";
export { defineConfig, type ToolgenConfig, type ToolkitConfig } from "./config/toolgen-config.js";
export { loadConfigFile, findConfigFile } from "./config/load-config.js";
export type { ResolvedConfig, ResolvedToolkit } from "./config/resolve-config.js";
export { runToolkits, type RunOptions, type ToolkitOutcome } from "./workflow/run-toolkits.js";
export { watchToolkits, type WatchOptions } from "./workflow/watch-toolkits.js";
export type { StaleFile, StaleReason } from "./emit/check-output.js";
export type { LockDocument, LockFile } from "./emit/lock-file.js";
export type { GenerateStage, ProgressEvent } from "./generate-progress.js";
