/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
import { ownValue } from "./own-property.js";
/** What is wrong with the call's parameters, or `undefined` when nothing is. */
export function parameterProblem(op, input) {
    for (const p of op.params) {
        const value = ownValue(input, p.key);
        const required = p.in === "path" || p.required === true;
        if (value === undefined) {
            if (required && (p.in === "path" || p.in === "query" || p.in === "querystring"))
                return `${where(p)} is required and was not given`;
            continue;
        }
        if (value === null) {
            if (required)
                return `${where(p)} is required, got null`;
            continue;
        }
        const shape = shapeOfValue(value);
        if (shape === undefined)
            return `${where(p)} cannot be sent: got ${describe(value)}`;
        if (p.shape !== undefined && !p.json && shape !== p.shape)
            return `${where(p)} must be ${SHAPE_NAMES[p.shape]}, got ${describe(value)}`;
        if (p.in === "path" && (value === "" || (Array.isArray(value) && value.length === 0)))
            return `${where(p)} must not be empty (it is part of the path)`;
    }
    return undefined;
}
const SHAPE_NAMES = {
    scalar: "a string, number or boolean",
    array: "an array",
    object: "an object",
};
function where(p) {
    return `${p.in} parameter "${p.key}"`;
}
function shapeOfValue(value) {
    switch (typeof value) {
        case "string":
        case "boolean":
        case "bigint":
            return "scalar";
        case "number":
            return Number.isFinite(value) ? "scalar" : undefined;
        case "object":
            if (value instanceof Date)
                return Number.isNaN(value.getTime()) ? undefined : "scalar";
            if (Array.isArray(value))
                return "array";
            return Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null ? "object" : undefined;
        default:
            return undefined;
    }
}
function describe(value) {
    if (Array.isArray(value))
        return "an array";
    if (value instanceof Date)
        return "an invalid Date";
    if (typeof value === "object" && value !== null)
        return Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null ? "an object" : `a ${value.constructor?.name ?? "class"} instance`;
    if (typeof value === "number")
        return String(value);
    return `a ${typeof value}`;
}
