/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
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
