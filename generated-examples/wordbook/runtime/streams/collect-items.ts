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
 * `toolkit.call` on a tool whose answer is a stream: the items collected into one array, so a
 * model (or an MCP client) gets a result it can read. Bounded by count and by the JSON size of
 * the items, since a stream may never end: past either bound the stream is closed and the call
 * fails with `RESPONSE_TOO_LARGE`, pointing at `toolkit.stream` for reading it item by item.
 */
import { ToolCallError } from "../tool-call-error.js";
import type { ToolStream } from "./tool-stream.js";

/** Items `toolkit.call` collects from a stream before it fails (`maxStreamItems`). */
export const DEFAULT_MAX_STREAM_ITEMS = 1_000;
/** Characters of JSON text of the collected items `toolkit.call` accepts (`maxStreamBytes`): 1 Mi, more than a model's context. */
export const DEFAULT_MAX_STREAM_BYTES = 1024 * 1024;

export interface CollectLimits {
  /** Most items collected (default 1 000). */
  readonly maxStreamItems?: number;
  /** Most characters of the collected items' JSON text (default 1 Mi; a UTF-8 byte is at most one). */
  readonly maxStreamBytes?: number;
  /** Called with each item as it arrives, before the array is complete (the MCP bridge's progress notifications). */
  readonly onStreamItem?: (item: unknown, index: number) => void;
}

export async function collectItems(stream: ToolStream<unknown>, tool: { readonly name: string; readonly method: string }, limits: CollectLimits = {}): Promise<unknown[]> {
  const onItem = limits.onStreamItem;
  const maxItems = limits.maxStreamItems ?? DEFAULT_MAX_STREAM_ITEMS;
  const maxBytes = limits.maxStreamBytes ?? DEFAULT_MAX_STREAM_BYTES;
  const items: unknown[] = [];
  let bytes = 2;
  for await (const item of stream) {
    bytes += (JSON.stringify(item) ?? "").length + 1;
    if (items.length >= maxItems || bytes > maxBytes) {
      await stream.close();
      const bound = items.length >= maxItems ? `${maxItems} items` : `${maxBytes} characters of JSON`;
      throw new ToolCallError(`streamed more than ${bound}; toolkit.call collects at most that (raise maxStreamItems / maxStreamBytes, or read it with toolkit.stream)`, {
        tool: tool.name,
        code: "RESPONSE_TOO_LARGE",
        method: tool.method,
        url: stream.response.url,
        status: stream.response.status,
      });
    }
    onItem?.(item, items.length);
    items.push(item);
  }
  return items;
}
