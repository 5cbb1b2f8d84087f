/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * OpenAI strict mode (Structured Outputs for function calling): the model's arguments are then
 * guaranteed to match the schema, but only a subset of JSON Schema is accepted (research §1.2):
 * every object closed (`additionalProperties: false`) with every property in `required`, optional
 * fields written as nullable, `anyOf` but no `oneOf`/`allOf`/`not`, arrays with `items`, at most
 * 10 levels of nesting and 5,000 properties, and only some constraint keywords.
 *
 * `toStrictSchema` rewrites a descriptor schema into that subset or says why it cannot:
 * - optional property -> required and nullable (the `null`s a model then writes are removed again
 *   by toolkit.call before validation: dropOptionalNulls);
 * - `oneOf` -> `anyOf`;
 * - constraint keywords strict mode lacks (minLength, maxLength, uniqueItems, default, formats
 *   outside its list, …) move into the description as `{key: value}` text, the way the Anthropic
 *   SDK does it, so the model still reads them and toolkit.call still enforces them;
 * - open objects (maps, free-form `object`), schemas accepting any value, `not`, an `allOf` that
 *   could not be merged, tuples: not expressible, so the caller falls back to `strict: false`.
 */
import type { JsonSchema } from "../validation/json-schema.js";
export type StrictResult = {
    readonly ok: true;
    readonly schema: JsonSchema;
} | {
    readonly ok: false;
    readonly reason: string;
};
export declare function toStrictSchema(schema: JsonSchema): StrictResult;
