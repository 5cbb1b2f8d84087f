/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * OpenAI function tools, for Chat Completions (`tools: [{ type: "function", function }]`) and the
 * Responses API (`tools: [{ type: "function", name, … }]`).
 *
 * - Names are wire names (`^[A-Za-z0-9_-]{1,64}$` is OpenAI's rule); toolkit.call accepts them.
 * - Strict mode is used wherever the schema can be expressed in it (openai-strict.ts); a tool
 *   that cannot is sent with `strict: false` and a warning. `strict` is always sent explicitly:
 *   the Responses API treats a missing `strict` as true and rewrites the schema itself.
 * - Descriptions are capped at 1,024 characters (the API answers 400 beyond that); example calls
 *   from examples.yaml are appended while they fit, since OpenAI has no examples field.
 * - More than 128 tools in one request is refused by the API: that is a warning here, so a
 *   caller can still select tools afterwards.
 */
import { describeWithExamples, schemaRecord, selectTools, Warnings } from "./common.js";
import { toStrictSchema } from "./openai-strict.js";
export const OPENAI_DESCRIPTION_LIMIT = 1024;
export const OPENAI_TOOL_LIMIT = 128;
export function toOpenAITools(source, options = {}) {
    const warnings = new Warnings("toOpenAITools", options.onWarning);
    const tools = selectTools(source, options);
    if (tools.length > OPENAI_TOOL_LIMIT) {
        warnings.add(`${tools.length} tools; OpenAI accepts at most ${OPENAI_TOOL_LIMIT} per request (select some with \`only\`)`);
    }
    const max = options.maxDescription ?? OPENAI_DESCRIPTION_LIMIT;
    const converted = tools.map((tool) => {
        let parameters = schemaRecord(tool.parameters);
        let strict = false;
        if (options.strict !== false) {
            const result = toStrictSchema(tool.parameters);
            if (result.ok) {
                parameters = schemaRecord(result.schema);
                strict = true;
            }
            else {
                warnings.add(`"${tool.wireName}" is sent with strict: false; its schema cannot be expressed in strict mode (${result.reason})`);
            }
        }
        const description = describeWithExamples(tool, tool.wireName, max, options.examples !== false);
        return { name: tool.wireName, description, parameters, strict };
    });
    warnings.flush();
    if (options.api === "responses")
        return converted.map((f) => ({ type: "function", ...f }));
    return converted.map((f) => ({ type: "function", function: f }));
}
