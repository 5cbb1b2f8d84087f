/** Argument validation for tool calls: the descriptor schema dialect, its interpreter, the error. */
export type { JsonSchema, JsonObjectSchema, JsonSchemaType } from "./json-schema.js";
export { validateValue, type ValidationProblem } from "./validate.js";
export { checkArguments, parseArguments, dropOptionalNulls } from "./arguments.js";
export { ToolInputError, isToolInputError, type ToolInputErrorCode } from "./tool-input-error.js";
