/** `toolgen/server`: define tools in TypeScript and serve them with a generated description. */
export {
  defineTool,
  isStreamingTool,
  isZodSchema,
  jsonSchema,
  type AnyTool,
  type Infer,
  type InferInput,
  type JsonSchema,
  type SchemaInput,
  type ToolDefinition,
  type ToolExample,
  type ToolResult,
  type TypedJsonSchema,
} from "./define-tool.js";
export { serveTools, DEFAULT_KEEP_ALIVE_MS, DEFAULT_MAX_BODY_BYTES, type ServeToolsOptions, type ToolServer } from "./serve-tools.js";
export type { ApiKeyAuth, AuthDeclaration, BearerAuth, CredentialCheck, ToolServerAuth } from "./auth.js";
export type { Logger } from "./tool-call.js";
export type { ErrorBody } from "./http-answers.js";
export type { ValidationIssue } from "./validator.js";
export { buildDescription, descriptionYaml, type DescriptionOptions } from "./description-document.js";
export { examplesYaml } from "./examples-document.js";
