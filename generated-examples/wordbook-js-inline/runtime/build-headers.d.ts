/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Header and cookie parameters (OpenAPI 3.0 §4.7.12: header style `simple`, cookie style `form`),
 * merged with the client's and the call's headers.
 */
import type { OperationSpec } from "./operation.js";
export declare function parameterHeaders(op: OperationSpec, input: Record<string, unknown>): Record<string, string>;
/** Merges header maps case-insensitively; later maps win, an `undefined` value removes a header. */
export declare function mergeHeaders(...maps: (Record<string, string | undefined> | undefined)[]): Record<string, string>;
