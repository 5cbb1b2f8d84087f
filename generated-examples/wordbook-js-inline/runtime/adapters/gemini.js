/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
import { setOwn } from "../validation/json-schema.js";
import { describeWithExamples, selectTools, Warnings } from "./common.js";
export function toGeminiTools(source, options = {}) {
    const warnings = new Warnings("toGeminiTools", options.onWarning);
    const openapi = options.schema === "openapi";
    const declarations = selectTools(source, options).map((tool) => {
        const out = {
            name: tool.wireName,
            description: describeWithExamples(tool, tool.wireName, options.maxDescription, options.examples !== false),
        };
        if (Object.keys(tool.parameters.properties).length > 0) {
            if (openapi)
                out.parameters = toGeminiSchema(tool.parameters, options.types);
            else
                out.parametersJsonSchema = tool.parameters;
        }
        if (options.responses !== false && tool.responses !== undefined) {
            if (openapi)
                out.response = toGeminiSchema(tool.responses, options.types);
            else
                out.responseJsonSchema = tool.responses;
        }
        return out;
    });
    warnings.flush();
    return [{ functionDeclarations: declarations }];
}
const UPPER = { string: "STRING", number: "NUMBER", integer: "INTEGER", boolean: "BOOLEAN", array: "ARRAY", object: "OBJECT", null: "NULL" };
const TYPE_NAMES = { STRING: "STRING", NUMBER: "NUMBER", INTEGER: "INTEGER", BOOLEAN: "BOOLEAN", ARRAY: "ARRAY", OBJECT: "OBJECT", NULL: "NULL" };
/** Our dialect -> Gemini's OpenAPI subset. Lossy only towards the description. */
export function toGeminiSchema(schema, typeValues) {
    // Without values given, T is its default, GeminiTypeName, and the names are the values.
    const typeOf = typeValues ?? TYPE_NAMES;
    const convert = (part) => toGeminiSchema(part, typeOf);
    const out = {};
    const notes = [];
    const types = schema.type === undefined ? [] : typeof schema.type === "string" ? [schema.type] : [...schema.type];
    const nonNull = types.filter((t) => t !== "null");
    const nullable = types.includes("null") || schema.enum?.includes(null) === true;
    let alternatives = schema.anyOf ?? schema.oneOf;
    if (nonNull.length === 1)
        out.type = typeOf[UPPER[nonNull[0]]];
    else if (nonNull.length > 1)
        alternatives = nonNull.map((t) => ({ type: t }));
    if (nullable)
        out.nullable = true;
    if (schema.format !== undefined)
        out.format = schema.format;
    if (schema.enum !== undefined) {
        const values = schema.enum.filter((v) => v !== null);
        if (values.every((v) => typeof v === "string")) {
            out.enum = values;
            out.type ??= typeOf.STRING;
        }
        else
            notes.push(`one of ${values.map((v) => JSON.stringify(v)).join(", ")}`);
    }
    if (Object.hasOwn(schema, "const")) {
        if (typeof schema.const === "string") {
            out.enum = [schema.const];
            out.type ??= typeOf.STRING;
        }
        else
            notes.push(`always ${JSON.stringify(schema.const)}`);
    }
    if (schema.default !== undefined)
        out.default = schema.default;
    if (schema.pattern !== undefined)
        out.pattern = schema.pattern;
    if (schema.minimum !== undefined)
        out.minimum = schema.minimum;
    if (schema.maximum !== undefined)
        out.maximum = schema.maximum;
    if (schema.exclusiveMinimum !== undefined)
        notes.push(`greater than ${schema.exclusiveMinimum}`);
    if (schema.exclusiveMaximum !== undefined)
        notes.push(`less than ${schema.exclusiveMaximum}`);
    // The proto declares these int64, which JSON carries as strings.
    if (schema.minLength !== undefined)
        out.minLength = String(schema.minLength);
    if (schema.maxLength !== undefined)
        out.maxLength = String(schema.maxLength);
    if (schema.minItems !== undefined)
        out.minItems = String(schema.minItems);
    if (schema.maxItems !== undefined)
        out.maxItems = String(schema.maxItems);
    if (schema.multipleOf !== undefined)
        notes.push(`a multiple of ${schema.multipleOf}`);
    if (schema.uniqueItems)
        notes.push("no repeated items");
    if (schema.properties !== undefined) {
        const properties = {};
        for (const [name, property] of Object.entries(schema.properties))
            setOwn(properties, name, convert(property));
        out.properties = properties;
        out.type ??= typeOf.OBJECT;
        if (schema.required?.length)
            out.required = [...schema.required];
    }
    else if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
        out.type ??= typeOf.OBJECT;
        notes.push("an object with any keys");
    }
    if (schema.items !== undefined)
        out.items = convert(schema.items);
    if (alternatives !== undefined)
        out.anyOf = alternatives.map(convert);
    if (schema.allOf !== undefined) {
        // Gemini has no allOf: the parts' properties are offered together.
        const merged = schema.allOf.map(convert);
        for (const part of merged) {
            if (part.properties)
                out.properties = { ...out.properties, ...part.properties };
            if (part.required)
                out.required = [...new Set([...(out.required ?? []), ...part.required])];
            if (out.type === undefined && part.type !== undefined)
                out.type = part.type;
        }
    }
    if (schema.not !== undefined)
        notes.push("with exclusions the server checks");
    const description = [schema.description, notes.length ? `(${notes.join("; ")})` : undefined].filter(Boolean).join(" ");
    if (description)
        out.description = description;
    return out;
}
