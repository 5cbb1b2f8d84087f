/** `toolgen/server`: define tools in TypeScript and serve them with a generated description. */
export { defineTool, isZodSchema, type AnyTool, type JsonSchema, type SchemaInput, type ToolDefinition, type ToolExample } from "./define-tool.js";
export { serveTools, DEFAULT_MAX_BODY_BYTES, type ServeToolsOptions, type ToolServer } from "./serve-tools.js";
export { buildDescription, descriptionYaml, examplesYaml } from "./description-document.js";
