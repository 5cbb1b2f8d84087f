import { type AdapterOptions, type ToolSource } from "./common.js";
export interface AnthropicToolsOptions extends AdapterOptions {
    /** Where examples go: `description` (default), `input_examples`, or nowhere (`false`). */
    readonly examples?: "description" | "input_examples" | false;
    /** Send `strict: true` where the schema fits Anthropic's strict subset (default false). */
    readonly strict?: boolean;
}
/** Assignable to `Tool` of `@anthropic-ai/sdk`. */
export interface AnthropicTool {
    name: string;
    description: string;
    input_schema: {
        type: "object";
        properties?: unknown;
        required?: string[];
        [key: string]: unknown;
    };
    input_examples?: Array<Record<string, unknown>>;
    strict?: boolean;
}
export declare function toAnthropicTools(source: ToolSource, options?: AnthropicToolsOptions): AnthropicTool[];
