/**
 * The sequential media types (OpenAPI 3.2 §4.14.1) the runtime reads item by item, by format.
 * The generator reads descriptions with the same table, so what it types as a stream is what the
 * runtime parses as one.
 */
import type { StreamFormat } from "../operation.js";

const FORMATS_BY_MEDIA_TYPE: ReadonlyMap<string, StreamFormat> = new Map([
  ["text/event-stream", "event-stream"],
  ["application/jsonl", "json-lines"],
  ["application/x-ndjson", "json-lines"],
  ["application/x-jsonlines", "json-lines"],
  ["application/json-seq", "json-seq"],
  ["application/geo+json-seq", "json-seq"],
]);

/** The stream format of a media type or Content-Type value (parameters ignored), if it is one. */
export function streamFormatOf(mediaType: string): StreamFormat | undefined {
  return FORMATS_BY_MEDIA_TYPE.get(mediaType.split(";")[0]!.trim().toLowerCase());
}
