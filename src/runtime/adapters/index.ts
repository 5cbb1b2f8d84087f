/** Provider adapters: pure functions from a toolkit's descriptors to each API's tool format. */
export { toOpenAITools, OPENAI_DESCRIPTION_LIMIT, OPENAI_TOOL_LIMIT, type OpenAIToolsOptions, type OpenAIChatTool, type OpenAIResponsesTool } from "./openai.js";
export { toStrictSchema, type StrictResult } from "./openai-strict.js";
export { toAnthropicTools, type AnthropicToolsOptions, type AnthropicTool } from "./anthropic.js";
export {
  toGeminiTools,
  toGeminiSchema,
  type GeminiToolsOptions,
  type GeminiTool,
  type GeminiFunctionDeclaration,
  type GeminiOpenApiFunctionDeclaration,
  type GeminiSchema,
  type GeminiTypeName,
} from "./gemini.js";
export { toErnieFunctions, type ErnieFunctionsOptions, type ErnieFunction, type ErnieMessage } from "./ernie.js";
export { toAiSdkTools, type AiSdkToolsOptions, type AiSdkTool, type AiSdkSchema, type AiSdkValidationResult } from "./ai-sdk.js";
export { toolResultText, toolErrorText } from "./result.js";
export type { ToolSource, AdapterOptions } from "./common.js";
