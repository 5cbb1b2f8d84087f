/**
 * Type level: the adapters' results are assignable to each provider SDK's own tool type. The SDKs
 * are optional dev dependencies (`openai`, `@anthropic-ai/sdk`, `ai`, `@google/genai`); a check
 * whose package is not installed is skipped. Each check writes a small program and runs tsc.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { freshOutputDir, REPO_ROOT } from "../../support/output-dir.js";
import { typecheck } from "../../support/typecheck.js";

const installed = (name: string) => existsSync(join(REPO_ROOT, "node_modules", name, "package.json"));

const PRELUDE = `import { toOpenAITools, toAnthropicTools, toAiSdkTools, toGeminiTools } from "../../../src/runtime/adapters/index.js";
import type { Toolkit } from "../../../src/runtime/toolkit.js";
declare const toolkit: Toolkit;
`;

const checks: [string, string, string][] = [
  [
    "openai",
    "openai",
    `import type OpenAI from "openai";
export const chat: OpenAI.Chat.ChatCompletionTool[] = toOpenAITools(toolkit);
export const responses: OpenAI.Responses.FunctionTool[] = toOpenAITools(toolkit, { api: "responses" });
export const params: OpenAI.Chat.ChatCompletionCreateParams["tools"] = toOpenAITools(toolkit, { strict: false });
`,
  ],
  [
    "@anthropic-ai/sdk",
    "anthropic",
    `import type Anthropic from "@anthropic-ai/sdk";
export const tools: Anthropic.Messages.Tool[] = toAnthropicTools(toolkit, { examples: "input_examples", strict: true });
export const params: Anthropic.Messages.MessageCreateParams["tools"] = toAnthropicTools(toolkit);
`,
  ],
  [
    "ai",
    "ai-sdk",
    `import { jsonSchema, type ToolSet } from "ai";
export const tools: ToolSet = toAiSdkTools(toolkit, { jsonSchema });
`,
  ],
  [
    "@google/genai",
    "gemini",
    `import { GoogleGenAI, Type, type FunctionCall, type FunctionDeclaration, type GenerateContentConfig, type Tool } from "@google/genai";
export const tools: Tool[] = toGeminiTools(toolkit);
export const declarations: FunctionDeclaration[] = toGeminiTools(toolkit, { responses: false })[0]!.functionDeclarations;
// The OpenAPI subset: written straight to the SDK's type, its \`Type\` enum is inferred; kept in a
// variable first, the SDK's enum given as \`types\` types it.
export const openapi: Tool[] = toGeminiTools(toolkit, { schema: "openapi" });
const kept = toGeminiTools(toolkit, { schema: "openapi", types: Type });
export const keptConfig: GenerateContentConfig = { tools: kept };
export const config: GenerateContentConfig = { tools: toGeminiTools(toolkit) };
declare const ai: GoogleGenAI;
const answer = await ai.models.generateContent({ model: "gemini-2.5-flash", contents: "Add a word", config: { tools: toGeminiTools(toolkit) } });
// A model's function call, as the SDK types it, goes to toolkit.call as it is.
const functionCall: FunctionCall | undefined = answer.functionCalls?.[0];
export const result: unknown = functionCall && (await toolkit.call(functionCall.name, functionCall.args));
const plain = toGeminiTools(toolkit, { schema: "openapi" });
// @ts-expect-error without it, the type names are plain strings, which no string enum accepts
export const untyped: Tool[] = plain;
`,
  ],
];

describe("adapter results are assignable to the provider SDKs' types", () => {
  test.each(checks)("%s", async (pkg, name, body) => {
    if (!installed(pkg)) {
      console.info(`skipped: ${pkg} is not installed (an optional dev dependency)`);
      return;
    }
    const dir = freshOutputDir(`provider-types/${name}`);
    writeFileSync(join(dir, "check.ts"), PRELUDE + body);
    // The repo's own sources are compiled with its settings; only the check's strictness matters.
    expect(await typecheck(dir, { skipLibCheck: true, exactOptionalPropertyTypes: false, types: ["node"] })).toBe("");
  });
});
