/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
import type { ToolStream } from "./tool-stream.js";
/** Items `toolkit.call` collects from a stream before it fails (`maxStreamItems`). */
export declare const DEFAULT_MAX_STREAM_ITEMS = 1000;
/** Characters of JSON text of the collected items `toolkit.call` accepts (`maxStreamBytes`): 1 Mi, more than a model's context. */
export declare const DEFAULT_MAX_STREAM_BYTES: number;
export interface CollectLimits {
    /** Most items collected (default 1 000). */
    readonly maxStreamItems?: number;
    /** Most characters of the collected items' JSON text (default 1 Mi; a UTF-8 byte is at most one). */
    readonly maxStreamBytes?: number;
    /** Called with each item as it arrives, before the array is complete (the MCP bridge's progress notifications). */
    readonly onStreamItem?: (item: unknown, index: number) => void;
}
export declare function collectItems(stream: ToolStream<unknown>, tool: {
    readonly name: string;
    readonly method: string;
}, limits?: CollectLimits): Promise<unknown[]>;
