/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
import type { OperationSpec } from "./operation.js";
import { type CallOptions, type ClientConfig } from "./options.js";
import { ToolStream, type StreamOptions } from "./streams/tool-stream.js";
/**
 * `input` is the operation's flat input object, typed `object` rather than
 * `Record<string, unknown>`: tsc relates a generated `<Name>Input` to `object` without looking at
 * its members, while the index signature would make an app's type check resolve every member of
 * every operation's input, called or not. Transient failures are retried where safe (retry.ts).
 */
export declare function request(config: ClientConfig<object>, op: OperationSpec, input: object | undefined, options?: CallOptions<object>): Promise<unknown>;
/**
 * A stream's request: the answer's headers within `timeoutMs`, an error status rejected as any
 * call's is (its body read under the size cap), and a 2xx answer handed to a ToolStream that
 * reads it item by item. Streams are never retried; `options.reconnect` resumes a broken one.
 */
export declare function streamRequest(config: ClientConfig<object>, op: OperationSpec, input: object | undefined, options?: StreamOptions<object>): Promise<ToolStream<unknown>>;
