/**
 * The object at a JSON pointer of a document, remembered: the per-operation comparisons look up
 * the same operation objects (responses, security, x-sunset) several times per operation.
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { getPointer } from "../model/local-ref.js";

const cache = new WeakMap<OpenApiDocument, Map<string, unknown>>();

export function nodeAt(document: OpenApiDocument, pointer: string): unknown {
  let nodes = cache.get(document);
  if (!nodes) cache.set(document, (nodes = new Map()));
  if (nodes.has(pointer)) return nodes.get(pointer);
  const node = getPointer(document, pointer);
  nodes.set(pointer, node);
  return node;
}
