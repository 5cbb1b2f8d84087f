import { type AdapterOptions, type ToolSource } from "./common.js";
export interface ErnieFunctionsOptions extends AdapterOptions {
    /** Include `examples` (default true). */
    readonly examples?: boolean;
    /** Include `responses` (default true). */
    readonly responses?: boolean;
}
export type ErnieMessage = {
    role: "user";
    content: string;
} | {
    role: "assistant";
    content: string;
    function_call?: {
        name: string;
        thoughts?: string;
        arguments: string;
    };
};
export interface ErnieFunction {
    name: string;
    description: string;
    parameters: Record<string, unknown>;
    responses?: Record<string, unknown>;
    examples?: ErnieMessage[];
}
export declare function toErnieFunctions(source: ToolSource, options?: ErnieFunctionsOptions): ErnieFunction[];
/** JSON as Python's `json.dumps(value, ensure_ascii=False)` writes it: `", "` and `": "` separators. */
export declare function pythonJson(value: unknown): string;
