/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
import { setOwn } from "../validation/json-schema.js";
import { describeWithExamples, exampleCalls, selectTools, truncate, Warnings } from "./common.js";
export function toAnthropicTools(source, options = {}) {
    const warnings = new Warnings("toAnthropicTools", options.onWarning);
    const where = options.examples ?? "description";
    const result = selectTools(source, options).map((tool) => {
        let schema = tool.parameters;
        let strict = false;
        if (options.strict === true) {
            try {
                schema = anthropicStrict(tool.parameters, "$");
                strict = true;
            }
            catch (error) {
                if (!(error instanceof Unexpressible))
                    throw error;
                warnings.add(`"${tool.wireName}" is sent without strict; ${error.message}`);
            }
        }
        const description = where === "description" ? describeWithExamples(tool, tool.wireName, options.maxDescription, true) : truncate(tool.description, options.maxDescription);
        const out = { name: tool.wireName, description, input_schema: schema };
        if (where === "input_examples") {
            const inputs = exampleCalls(tool).map((call) => ({ ...call.arguments }));
            if (inputs.length > 0)
                out.input_examples = inputs;
        }
        if (strict)
            out.strict = true;
        return out;
    });
    warnings.flush();
    return result;
}
class Unexpressible extends Error {
}
const KEPT = new Set(["type", "description", "enum", "const", "properties", "required", "additionalProperties", "items", "anyOf", "allOf", "format"]);
const FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"]);
/** The subset `@anthropic-ai/sdk`'s transform-json-schema produces, written against our dialect. */
function anthropicStrict(schema, path) {
    if (schema.not !== undefined || schema.prefixItems !== undefined)
        throw new Unexpressible(`${path} uses ${schema.not ? "not" : "prefixItems"}`);
    const out = {};
    const notes = [];
    for (const [key, value] of Object.entries(schema)) {
        if (value === undefined)
            continue;
        if (key === "format" && !FORMATS.has(String(value)))
            notes.push(`format: ${String(value)}`);
        else if (key === "minItems" && (value === 0 || value === 1))
            out.minItems = value;
        else if (!KEPT.has(key) && key !== "oneOf")
            notes.push(`${key}: ${JSON.stringify(value)}`);
        else if (KEPT.has(key) && !["properties", "items", "anyOf", "allOf", "additionalProperties", "description"].includes(key))
            out[key] = value;
    }
    if (schema.enum?.some((v) => typeof v === "object" && v !== null))
        throw new Unexpressible(`${path} has a non-primitive enum value`);
    const description = [schema.description, notes.length ? `{${notes.join(", ")}}` : undefined].filter(Boolean).join(" ");
    if (description)
        out.description = description;
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives)
        out.anyOf = alternatives.map((a, i) => anthropicStrict(a, `${path}.anyOf[${i}]`));
    if (schema.allOf)
        out.allOf = schema.allOf.map((a, i) => anthropicStrict(a, `${path}.allOf[${i}]`));
    if (schema.items)
        out.items = anthropicStrict(schema.items, `${path}[]`);
    const types = schema.type === undefined ? [] : typeof schema.type === "string" ? [schema.type] : schema.type;
    if (types.includes("object") || schema.properties !== undefined) {
        if (schema.properties === undefined || (schema.additionalProperties !== undefined && schema.additionalProperties !== false)) {
            throw new Unexpressible(`${path} is an open object`);
        }
        const properties = {};
        for (const [name, property] of Object.entries(schema.properties))
            setOwn(properties, name, anthropicStrict(property, `${path}.${name}`));
        out.properties = properties;
        out.additionalProperties = false;
    }
    return out;
}
