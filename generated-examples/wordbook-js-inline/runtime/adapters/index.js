/** Provider adapters: pure functions from a toolkit's descriptors to each API's tool format. */
export { toOpenAITools, OPENAI_DESCRIPTION_LIMIT, OPENAI_TOOL_LIMIT } from "./openai.js";
export { toStrictSchema } from "./openai-strict.js";
export { toAnthropicTools } from "./anthropic.js";
export { toGeminiTools, toGeminiSchema, } from "./gemini.js";
export { toErnieFunctions } from "./ernie.js";
export { toAiSdkTools } from "./ai-sdk.js";
export { toolResultText, toolErrorText } from "./result.js";
