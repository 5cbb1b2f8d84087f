// @ts-nocheck
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
import type { HeaderValueType, OperationSpec } from "./operation.js";
import type { CallOptions, ClientConfig } from "./options.js";
import { request } from "./request.js";

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
export const ANSWER = Symbol("toolgen.answer");

export type AnswerHook = { readonly [ANSWER]?: (response: Response) => void };

/**
 * What every generated function returns: a Promise of the result (it awaits, chains and rejects as
 * the plain promise did) that also has `withResponse()`, which resolves to `{ data, headers,
 * response }`: the result, the declared answer headers (`H`, `<Name>Headers`) and the `Response`.
 * `then` and the others return plain Promises.
 */
export class CallPromise<T, H = Record<never, never>> extends Promise<T> {
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  #answer: Promise<CallResult<T, H>> | undefined;

  /** The result with the declared headers and the `Response` of the answer. */
  withResponse(): Promise<CallResult<T, H>> {
    // The caller awaits this promise instead: the call's own rejection is then no unhandled one.
    this.catch(() => undefined);
    return this.#answer ?? Promise.reject(new Error("withResponse: not a call's promise"));
  }

  /** @internal Sets what withResponse resolves to. */
  static of<T, H>(answer: Promise<CallResult<T, H>>): CallPromise<T, H> {
    const promise = new CallPromise<T, H>((resolve, reject) => {
      answer.then((result) => resolve(result.data), reject);
    });
    promise.#answer = answer;
    return promise;
  }
}

/**
 * `request` for a generated function: its result as a CallPromise. Typed `any` on purpose: the
 * generated function's declared return type (`CallPromise<<Name>Output, <Name>Headers>`) types it,
 * and tsc then relates and instantiates nothing per operation when an app checks operations.ts
 * (a generic call here cost 2,000 instantiations on GitHub's description).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- typed by each generated function's return type
export function callOperation(config: ClientConfig<object>, op: OperationSpec, input: object | undefined, options?: CallOptions<object>): any {
  let answer: Response | undefined;
  const hooked: CallOptions<object> & AnswerHook = { ...options, [ANSWER]: (response: Response) => void (answer = response) };
  const result = request(config, op, input, hooked).then((data) => ({ data, headers: declaredHeaders(op, answer), response: answer! }));
  return CallPromise.of(result);
}

/** The declared headers of the answer, read by type. */
export function declaredHeaders(op: OperationSpec, response: Response | undefined): Record<string, unknown> {
  const headers: Record<string, unknown> = {};
  if (!op.headers || !response) return headers;
  for (const [name, type] of Object.entries(op.headers)) {
    const text = response.headers.get(name);
    if (text === null) continue;
    const value = type.endsWith("[]") ? arrayValue(text, type.slice(0, -2) as HeaderValueType) : headerValue(text, type);
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

function arrayValue(text: string, type: HeaderValueType): unknown[] | undefined {
  if (text.trim() === "") return [];
  const items = text.split(",").map((item) => headerValue(item.trim(), type));
  return items.includes(undefined) ? undefined : items;
}

function headerValue(text: string, type: HeaderValueType): unknown {
  switch (type) {
    case "integer":
    case "number": {
      const n = text.trim() === "" ? NaN : Number(text);
      return Number.isFinite(n) && (type === "number" || Number.isInteger(n)) ? n : undefined;
    }
    case "boolean":
      return text === "true" ? true : text === "false" ? false : undefined;
    case "json":
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return undefined;
      }
    default:
      return text;
  }
}
