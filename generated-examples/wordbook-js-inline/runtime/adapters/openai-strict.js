/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
import { setOwn } from "../validation/json-schema.js";
const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5000;
const MAX_ENUM_VALUES = 1000;
const STRICT_FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);
/** Kept as keywords in strict mode. */
const SUPPORTED = new Set([
    "type",
    "description",
    "enum",
    "const",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "anyOf",
    "pattern",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minItems",
    "maxItems",
]);
export function toStrictSchema(schema) {
    const counts = { properties: 0, enumValues: 0 };
    try {
        return { ok: true, schema: strict(schema, "$", 1, counts) };
    }
    catch (error) {
        if (error instanceof Unexpressible)
            return { ok: false, reason: error.message };
        throw error;
    }
}
class Unexpressible extends Error {
}
function strict(schema, path, depth, counts) {
    if (depth > MAX_DEPTH)
        throw new Unexpressible(`${path}: nested deeper than ${MAX_DEPTH} levels`);
    if (schema.not !== undefined)
        throw new Unexpressible(`${path}: uses "not"`);
    if (schema.allOf !== undefined)
        throw new Unexpressible(`${path}: uses "allOf"`);
    if (schema.prefixItems !== undefined)
        throw new Unexpressible(`${path}: is a tuple (prefixItems)`);
    const out = {};
    const notes = [];
    for (const [key, value] of Object.entries(schema)) {
        if (value === undefined)
            continue;
        if (key === "format" && typeof value === "string" && !STRICT_FORMATS.has(value))
            notes.push(`format: ${value}`);
        else if (key === "deprecated")
            notes.push("deprecated");
        else if (!SUPPORTED.has(key) && key !== "oneOf")
            notes.push(`${key}: ${JSON.stringify(value)}`);
    }
    if (schema.type !== undefined)
        out.type = schema.type;
    if (schema.description !== undefined || notes.length > 0) {
        out.description = [schema.description, notes.length ? `{${notes.join(", ")}}` : undefined].filter(Boolean).join(" ");
    }
    if (schema.enum !== undefined) {
        counts.enumValues += schema.enum.length;
        if (counts.enumValues > MAX_ENUM_VALUES)
            throw new Unexpressible(`${path}: more than ${MAX_ENUM_VALUES} enum values in all`);
        out.enum = schema.enum;
    }
    if (Object.hasOwn(schema, "const"))
        out.const = schema.const;
    if (schema.format !== undefined && STRICT_FORMATS.has(schema.format))
        out.format = schema.format;
    for (const key of ["pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems"]) {
        if (schema[key] !== undefined)
            out[key] = schema[key];
    }
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives !== undefined) {
        out.anyOf = alternatives.map((a, i) => strict(a, `${path}.anyOf[${i}]`, depth, counts));
    }
    const types = schema.type === undefined ? [] : typeof schema.type === "string" ? [schema.type] : schema.type;
    const isObject = types.includes("object") || schema.properties !== undefined;
    const isArray = types.includes("array") || schema.items !== undefined;
    if (isObject) {
        if (schema.properties === undefined || (schema.additionalProperties !== undefined && schema.additionalProperties !== false)) {
            throw new Unexpressible(`${path}: is an open object (its keys are not all declared)`);
        }
        const required = new Set(schema.required ?? []);
        const properties = {};
        for (const [name, property] of Object.entries(schema.properties)) {
            counts.properties++;
            if (counts.properties > MAX_PROPERTIES)
                throw new Unexpressible(`more than ${MAX_PROPERTIES} properties in all`);
            const converted = strict(property, childPath(path, name), depth + 1, counts);
            setOwn(properties, name, required.has(name) ? converted : nullable(converted));
        }
        out.properties = properties;
        out.required = Object.keys(properties);
        out.additionalProperties = false;
    }
    if (isArray) {
        if (schema.items === undefined)
            throw new Unexpressible(`${path}: is an array without an item schema`);
        out.items = strict(schema.items, `${path}[]`, depth + 1, counts);
    }
    if (schema.type === undefined && out.anyOf === undefined && out.enum === undefined && !Object.hasOwn(out, "const") && !isObject && !isArray) {
        throw new Unexpressible(`${path}: accepts any value`);
    }
    return out;
}
/** An optional property as strict mode wants it: required, and `null` meaning "left out". */
function nullable(schema) {
    if (schema.type !== undefined) {
        const types = typeof schema.type === "string" ? [schema.type] : [...schema.type];
        if (types.includes("null"))
            return schema;
        const out = { ...schema, type: [...types, "null"] };
        if (out.enum !== undefined && !out.enum.includes(null))
            out.enum = [...out.enum, null];
        return out;
    }
    if (schema.anyOf !== undefined) {
        return schema.anyOf.some((a) => a.type === "null") ? schema : { ...schema, anyOf: [...schema.anyOf, { type: "null" }] };
    }
    if (schema.enum !== undefined)
        return schema.enum.includes(null) ? schema : { ...schema, enum: [...schema.enum, null] };
    const { description, ...rest } = schema;
    return { ...(description !== undefined ? { description } : {}), anyOf: [rest, { type: "null" }] };
}
function childPath(path, key) {
    return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}
