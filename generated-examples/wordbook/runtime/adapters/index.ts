// @ts-nocheck
/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
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
