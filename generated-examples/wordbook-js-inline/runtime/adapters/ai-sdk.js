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
