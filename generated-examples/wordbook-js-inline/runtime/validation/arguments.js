/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
import { ToolInputError } from "./tool-input-error.js";
import { describe, dropOptionalNulls, validateValue } from "./validate.js";
/** The arguments object: `undefined`, `null` and blank text mean "no arguments". */
export function parseArguments(tool, args) {
    let value = args;
    if (typeof value === "string") {
        if (!/\S/.test(value))
            return {};
        try {
            value = JSON.parse(value);
        }
        catch (error) {
            const reason = error instanceof Error ? error.message : String(error);
            throw new ToolInputError(tool, "INVALID_JSON", [{ path: "$", message: `is not valid JSON (${reason}); send one JSON object with the arguments by name` }]);
        }
    }
    if (value === undefined || value === null)
        return {};
    if (typeof value !== "object" || Array.isArray(value)) {
        throw new ToolInputError(tool, "INVALID_ARGUMENTS", [{ path: "$", message: `must be an object with the arguments by name, got ${describe(value)}` }]);
    }
    return value;
}
/**
 * Removes `null` from properties that are optional and do not admit `null`. Models write them
 * for fields they leave out (OpenAI strict mode even requires every field, so optional ones
 * become nullable in what the model sees; see adapters/openai.ts). `null` is never a valid value
 * there, so leaving the field out is the only reading that can be meant. Nested objects too.
 * (Implemented beside the validator, on the same cached schema nodes.)
 */
export { dropOptionalNulls };
/** Parses, cleans and validates; returns the arguments to send or throws ToolInputError. */
export function checkArguments(tool, parameters, args) {
    const parsed = dropOptionalNulls(parameters, parseArguments(tool, args));
    const problems = validateValue(parameters, parsed);
    if (problems.length > 0)
        throw new ToolInputError(tool, "INVALID_ARGUMENTS", problems);
    return parsed;
}
