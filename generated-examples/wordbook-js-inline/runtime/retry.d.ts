/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
import type { OperationSpec } from "./operation.js";
import type { CallOptions, ClientConfig, RetryOptions } from "./options.js";
import { ToolCallError } from "./tool-call-error.js";
/** Attempts after the first one. */
export declare const DEFAULT_RETRIES = 2;
/** The first backoff's ceiling; it doubles per attempt (the wait is random below it). */
export declare const DEFAULT_MIN_DELAY_MS = 500;
/** The backoff's ceiling stops doubling here. */
export declare const DEFAULT_MAX_BACKOFF_MS = 8000;
/** The longest wait of any kind; a longer Retry-After is thrown to the caller instead. */
export declare const DEFAULT_MAX_DELAY_MS = 60000;
/** Header names that carry an idempotency key (compared in lower case). */
export declare function isIdempotencyKeyHeader(name: string): boolean;
/**
 * The input with the operation's idempotency key filled in (`crypto.randomUUID()`), unless the
 * caller gave one, as the input field or in `headers` (a header set to `undefined` there says
 * "send none"). Called once per logical call, so every attempt sends the same key.
 */
export declare function withIdempotencyKey(config: ClientConfig<object>, op: OperationSpec, input: object | undefined, options: CallOptions<object>): object | undefined;
/** Whether the request may be sent again: an idempotent method, or an idempotency key it carries. */
export declare function mayResend(config: ClientConfig<object>, op: OperationSpec, input: object | undefined, options: CallOptions<object>): boolean;
/** Runs `attempt` until it succeeds, fails for good, or the retries are spent. */
export declare function withRetries<T>(config: ClientConfig<object>, options: CallOptions<object>, safe: boolean, attempt: () => Promise<T>): Promise<T>;
/** The wait before retry `n + 1` (0-based `n`), or undefined when the server asked for longer than the cap. */
export declare function delayOf(error: ToolCallError, n: number, settings: RetryOptions): number | undefined;
