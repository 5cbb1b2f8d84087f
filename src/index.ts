/**
 * `toolgen`: the generator as a library, for build tools. `generate(source, { out })` does what
 * the CLI does; the stages are exported for tools that need only part of the pipeline.
 */
export { generate, type GenerateOptions, type GenerateResult } from "./generate.js";
export { loadDescription } from "./load/load-description.js";
export type { DescriptionSource, LoadedDescription, LoadOptions, OpenApiDocument } from "./load/loaded-description.js";
export { BadInputError } from "./load/bad-input-error.js";
export { buildModel } from "./model/build-model.js";
export type { OperationModel, ParameterModel, BodyModel, ResponseModel, ToolkitModel } from "./model/toolkit-model.js";
export { generateFiles, type EmitOptions } from "./emit/generate-files.js";
export type { GeneratedFile } from "./emit/generated-file.js";
