/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
import { ToolInputError } from "../validation/tool-input-error.js";
import { exampleCalls, selectTools, truncate } from "./common.js";
const SCHEMA_SYMBOL = Symbol.for("vercel.ai.schema");
const VALIDATOR_SYMBOL = Symbol.for("vercel.ai.validator");
export function toAiSdkTools(toolkit, options = {}) {
    const tools = {};
    for (const tool of selectTools(toolkit, options)) {
        const validate = (value) => {
            try {
                return { success: true, value: toolkit.check(tool.name, value) };
            }
            catch (error) {
                if (error instanceof ToolInputError)
                    return { success: false, error };
                throw error;
            }
        };
        const inputSchema = options.jsonSchema ? options.jsonSchema(tool.parameters, { validate }) : brandedSchema(tool, validate);
        const entry = {
            description: truncate(tool.description, options.maxDescription),
            inputSchema,
            execute: (input, { abortSignal } = {}) => toolkit.call(tool.name, input, abortSignal ? { signal: abortSignal } : undefined),
        };
        if (options.examples !== false) {
            const calls = exampleCalls(tool);
            if (calls.length > 0)
                entry.inputExamples = calls.map((call) => ({ input: { ...call.arguments } }));
        }
        if (options.strict !== undefined)
            entry.strict = options.strict;
        Object.defineProperty(tools, tool.wireName, { value: entry, enumerable: true, writable: true, configurable: true });
    }
    return tools;
}
function brandedSchema(tool, validate) {
    return {
        [SCHEMA_SYMBOL]: true,
        [VALIDATOR_SYMBOL]: true,
        _type: undefined,
        jsonSchema: tool.parameters,
        validate,
    };
}
