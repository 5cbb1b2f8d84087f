/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * A small interpreter for the descriptor dialect (json-schema.ts). Nothing is compiled: the schema
 * was already normalised at build time (no `$ref`, one nullable form, numeric exclusive bounds),
 * and nothing is generated, evaluated or imported at run time (no `new Function`, no ajv).
 * docs/llm-tools.md has the measurements behind this choice.
 *
 * For speed, each schema object is read once into a `Node` (cached per schema object): one
 * hidden class for every node, so the walk's property reads stay monomorphic. Reading the
 * descriptor objects directly (each literal has its own shape) made every read megamorphic, which
 * cost about 15 µs per call once HTTP work between calls had evicted V8's lookup caches.
 *
 * Every problem carries the JSON path of the offending value (`$.items[0].name`) and a message
 * written for a model to act on. Two deliberate leniencies, both documented: `oneOf` is checked as
 * `anyOf` (real descriptions often have overlapping branches the server accepts), and unknown
 * `format`s pass.
 */
import { type JsonSchema } from "./json-schema.js";
export interface ValidationProblem {
    /** JSON path of the value, `$` being the whole arguments object. */
    readonly path: string;
    readonly message: string;
}
export declare function validateValue(schema: JsonSchema, value: unknown, path?: string): ValidationProblem[];
export declare function isValid(schema: JsonSchema, value: unknown): boolean;
/**
 * Removes `null` from properties that are optional and do not admit `null`, at any depth (see
 * arguments.ts for why). Returns the value itself when nothing changes.
 */
export declare function dropOptionalNulls(schema: JsonSchema, value: unknown): unknown;
/** A short rendering of a bad value for a message (long text is cut). */
export declare function describe(value: unknown): string;
/** `$.a`, `$.a[0]`, `$["not an identifier"]`. */
export declare function childPath(path: string, key: string): string;
export declare function deepEqual(a: unknown, b: unknown): boolean;
