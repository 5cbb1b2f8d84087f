/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
import { schemaRecord, selectTools, truncate } from "./common.js";
export function toErnieFunctions(source, options = {}) {
    return selectTools(source, options).map((tool) => {
        const out = {
            name: tool.name,
            description: truncate(tool.description, options.maxDescription),
            parameters: schemaRecord(tool.parameters),
        };
        if (options.responses !== false && tool.responses !== undefined)
            out.responses = schemaRecord(tool.responses);
        if (options.examples !== false) {
            const messages = ernieExamples(tool);
            if (messages.length > 0)
                out.examples = messages;
        }
        return out;
    });
}
function ernieExamples(tool) {
    const messages = [];
    for (const example of tool.examples) {
        for (const message of example.messages) {
            if (message.role === "user")
                messages.push({ role: "user", content: message.content });
            else if (message.call) {
                messages.push({
                    role: "assistant",
                    content: "",
                    function_call: {
                        name: message.call.name,
                        ...(message.thoughts !== undefined ? { thoughts: message.thoughts } : {}),
                        arguments: pythonJson(message.call.arguments),
                    },
                });
            }
            else
                messages.push({ role: "assistant", content: message.thoughts ?? "" });
        }
    }
    return messages;
}
/** JSON as Python's `json.dumps(value, ensure_ascii=False)` writes it: `", "` and `": "` separators. */
export function pythonJson(value) {
    if (Array.isArray(value))
        return `[${value.map(pythonJson).join(", ")}]`;
    if (typeof value === "object" && value !== null) {
        return `{${Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => `${JSON.stringify(k)}: ${pythonJson(v)}`)
            .join(", ")}}`;
    }
    return JSON.stringify(value) ?? "null";
}
