/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * What every generated function returns: the promise of its result, with `.withResponse()` for
 * the answer around it (`{ data, headers, response }`). `headers` holds the success answer's
 * declared headers (OperationSpec `headers`), read by their declared types and keyed in lower
 * case; every other header stays in `response.headers`.
 */
import type { OperationSpec } from "./operation.js";
import type { CallOptions, ClientConfig } from "./options.js";
/** What `.withResponse()` resolves to. `response`'s body has been read: `data` holds it. */
export interface CallResult<T, H> {
    readonly data: T;
    /** The declared headers the answer carries (a value that is not of its declared type is left out). */
    readonly headers: H;
    readonly response: Response;
}
/**
 * The hook `request` calls with a 2xx answer before it is decoded (an options key no caller can
 * write by accident): how `callOperation` learns the Response of the attempt that succeeded.
 */
export declare const ANSWER: unique symbol;
export type AnswerHook = {
    readonly [ANSWER]?: (response: Response) => void;
};
/**
 * What every generated function returns: a Promise of the result (it awaits, chains and rejects as
 * the plain promise did) that also has `withResponse()`, which resolves to `{ data, headers,
 * response }`: the result, the declared answer headers (`H`, `<Name>Headers`) and the `Response`.
 * `then` and the others return plain Promises.
 */
export declare class CallPromise<T, H = Record<never, never>> extends Promise<T> {
    #private;
    static get [Symbol.species](): PromiseConstructor;
    /** The result with the declared headers and the `Response` of the answer. */
    withResponse(): Promise<CallResult<T, H>>;
    /** @internal Sets what withResponse resolves to. */
    static of<T, H>(answer: Promise<CallResult<T, H>>): CallPromise<T, H>;
}
/**
 * `request` for a generated function: its result as a CallPromise. Typed `any` on purpose: the
 * generated function's declared return type (`CallPromise<<Name>Output, <Name>Headers>`) types it,
 * and tsc then relates and instantiates nothing per operation when an app checks operations.ts
 * (a generic call here cost 2,000 instantiations on GitHub's description).
 */
export declare function callOperation(config: ClientConfig<object>, op: OperationSpec, input: object | undefined, options?: CallOptions<object>): any;
/** The declared headers of the answer, read by type. */
export declare function declaredHeaders(op: OperationSpec, response: Response | undefined): Record<string, unknown>;
