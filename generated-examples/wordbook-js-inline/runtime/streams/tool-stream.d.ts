/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * A streamed answer as a typed async iterable: the object a streaming function resolves to once
 * a 2xx answer's headers arrive. Items are cut by the parser of the answer's actual Content-Type
 * (event stream, JSON lines, JSON text sequence), one connection at a time:
 *
 * - `break` (the iterator's `return()`) or `close()` closes the connection at once;
 * - the caller's `signal` aborts it (the iteration throws `ABORTED`);
 * - a connection that breaks throws `NETWORK` after every complete item, unless the caller asked
 *   for `reconnect`: then the request is sent again with `Last-Event-ID`, after the server's
 *   `retry` delay (or a backoff), and a `204` ends the stream. Never silently by default;
 * - `maxResponseBytes` caps each item, not the stream, which may run for hours; `idleTimeoutMs`
 *   bounds the silence between two reads (keep-alive comments count as activity).
 *
 * Items parsed from one chunk are queued and handed out one per `next()`: an error found later in
 * the chunk (a broken line) is thrown only after every good item before it.
 */
import type { Exchange, Resend } from "../exchange.js";
import type { StreamSpec } from "../operation.js";
import type { CallOptions, ClientConfig } from "../options.js";
/** One server-sent event: `data` decoded when the description declares JSON. */
export interface ServerSentEvent<Data = string> {
    data: Data;
    /** The `event:` field; absent for the default kind ("message"). */
    event?: string;
    /** The last event id (it persists from event to event, as in browsers). */
    id?: string;
    /** The reconnection delay the server asked for with this event, in ms. */
    retry?: number;
}
/** Silence longer than this between two reads fails the stream (`TIMEOUT`): 5 minutes. */
export declare const DEFAULT_IDLE_TIMEOUT_MS = 300000;
export interface ReconnectOptions {
    /** Reconnections in a row without an item in between before the stream fails. */
    readonly retries: number;
    /** Backoff when the server gave no `retry:` (default 1 000 ms), doubling with full jitter. */
    readonly minDelayMs?: number;
    /** Longest wait, also the cap on the server's `retry:` (default 30 000 ms). */
    readonly maxDelayMs?: number;
}
/** Options of a streaming call: a call's options, and what only a stream has. */
export interface StreamOptions<Auth extends object = Record<string, never>> extends CallOptions<Auth> {
    /**
     * Milliseconds to wait for the answer's headers (`TIMEOUT`); the stream itself may run for hours.
     * Default 60 000; `0` disables.
     */
    timeoutMs?: number;
    /** Longest silence between two reads of the stream, ms (default 300 000; `0` disables): `TIMEOUT`. */
    idleTimeoutMs?: number;
    /** Resume a stream whose connection breaks (`Last-Event-ID`, the server's `retry`). Off by default. */
    reconnect?: ReconnectOptions;
    /**
     * Checks each item before it is handed out: a returned text ends the iteration with
     * `INVALID_RESPONSE` naming the item and the problem. Off by default, like answers' checks;
     * `toolkit.stream(name, args, { validate: true })` checks against the tool's item schema.
     */
    validateItem?: (item: unknown) => string | undefined;
}
interface ReadOptions {
    readonly signal: AbortSignal | undefined;
    readonly validateItem: ((item: unknown) => string | undefined) | undefined;
    readonly maxItemBytes: number;
    readonly idleTimeoutMs: number;
    readonly reconnect: ReconnectOptions | undefined;
}
export declare function readStreamOptions(config: ClientConfig<object>, options: StreamOptions<object>): ReadOptions;
/** The items of a streamed answer; iterate it once (`for await`), or `close()` it. */
export declare class ToolStream<Item> implements AsyncIterable<Item> {
    #private;
    /** The first answer (status and headers). */
    readonly response: Response;
    /** @internal Made by the runtime's streaming call. */
    constructor(exchange: Exchange, spec: StreamSpec, options: ReadOptions, resend: Resend);
    [Symbol.asyncIterator](): AsyncIterator<Item>;
    /** The last event id seen (event streams), as `Last-Event-ID` would send it. */
    get lastEventId(): string | undefined;
    /** Closes the connection; an iteration in progress ends. */
    close(): Promise<void>;
}
export {};
