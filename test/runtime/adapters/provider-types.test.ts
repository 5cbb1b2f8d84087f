/**
 * Type level: the adapters' results are assignable to each provider SDK's own tool type. The SDKs
 * are optional dev dependencies (`openai`, `@anthropic-ai/sdk`, `ai`); a check
 * whose package is not installed is skipped. Each check writes a small program and runs tsc.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { freshOutputDir, REPO_ROOT } from "../../support/output-dir.js";
import { typecheck } from "../../support/typecheck.js";

const installed = (name: string) => existsSync(join(REPO_ROOT, "node_modules", name, "package.json"));

const PRELUDE = `import { toOpenAITools, toAnthropicTools, toAiSdkTools } from "../../../src/runtime/adapters/index.js";
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
