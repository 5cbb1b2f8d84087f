/**
 * Streams in the types document: each sequential media type's `schema` becomes the schema of ONE
 * item, so `paths[…]["content"]["text/event-stream"]` is the type a `for await` loop gets
 * (stream-item-schema.ts). openapi-typescript 7 knows neither `itemSchema` nor the event
 * envelope, so the item is written as a plain schema it does know.
 *
 * Only the types read this document: the runtime, tool schemas and the diff see it as written.
 */
import type { OpenApiDocument } from "../../load/loaded-description.js";
import { isObject, resolveLocal } from "../local-ref.js";
import { streamItemSchema } from "../stream-item-schema.js";
import { streamFormatOf } from "../../runtime/streams/stream-format.js";
import type { StreamFormat } from "../../runtime/operation.js";

type Json = Record<string, unknown>;

/** A sequential media type's Media Type Object in a response, with its format. */
export interface StreamMedia {
  readonly media: Json;
  readonly format: StreamFormat;
}

/** The Media Type Objects of sequential media types in responses, each once. */
export function planStreamItems(document: Json): StreamMedia[] {
  const found = new Map<Json, StreamFormat>();
  const visitOperation = (operation: unknown) => {
    if (!isObject(operation) || !isObject(operation.responses)) return;
    for (const response of Object.values(operation.responses)) {
      const { value } = safeResolve(document, response);
      if (!isObject(value) || !isObject(value.content)) continue;
      for (const [mediaType, media] of Object.entries(value.content)) {
        const format = streamFormatOf(mediaType);
        if (isObject(media) && format !== undefined) found.set(media, format);
      }
    }
  };
  const paths = isObject(document.paths) ? document.paths : {};
  for (const entry of Object.values(paths)) {
    const { value: pathItem } = safeResolve(document, entry);
    if (!isObject(pathItem)) continue;
    for (const [key, operation] of Object.entries(pathItem)) {
      // 3.2's other methods, wherever the 3.2 step has put them by then.
      if (key === "additionalOperations" && isObject(operation)) Object.values(operation).forEach(visitOperation);
      else visitOperation(operation);
    }
  }
  return [...found].map(([media, format]) => ({ media, format }));
}

/** Each media type's `schema` becomes its item's schema; plan on the document that is written. */
export function writeStreamItems(document: Json, planned: readonly StreamMedia[]): void {
  for (const { media, format } of planned) {
    media.schema = streamItemSchema(document as OpenApiDocument, media, format);
    delete media.itemSchema;
  }
}

/** Local resolution that leaves a broken reference as it is (the model reports those). */
function safeResolve(document: Json, node: unknown): { value: unknown } {
  try {
    return resolveLocal(document as OpenApiDocument, node, "#");
  } catch {
    return { value: node };
  }
}
