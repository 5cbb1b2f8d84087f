/**
 * The request body (OpenAPI 3.0 §4.7.13 Request Body, §4.7.15 Encoding Object) from the flat
 * input: either everything that is not a parameter (`key: null`) or `input[key]`.
 */
import type { OperationSpec } from "./operation.js";
export interface EncodedBody {
    readonly body?: BodyInit;
    /** Content-Type to send; absent for multipart (fetch adds the boundary). */
    readonly contentType?: string;
}
export declare function encodeBody(op: OperationSpec, input: Record<string, unknown>): EncodedBody;
