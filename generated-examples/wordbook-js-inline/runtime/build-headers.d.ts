/**
 * Header and cookie parameters (OpenAPI 3.0 §4.7.12: header style `simple`, cookie style `form`),
 * merged with the client's and the call's headers.
 */
import type { OperationSpec } from "./operation.js";
export declare function parameterHeaders(op: OperationSpec, input: Record<string, unknown>): Record<string, string>;
/** Merges header maps case-insensitively; later maps win, an `undefined` value removes a header. */
export declare function mergeHeaders(...maps: (Record<string, string | undefined> | undefined)[]): Record<string, string>;
