/**
 * An operation's `x-mcp-annotations`: MCP tool hints the description gives where the method's
 * semantics would mislead (a POST that only searches, a PUT that only adds). The name is the one
 * other OpenAPI-to-MCP generators read; its value is an object of the MCP annotations' boolean
 * hints. A key that is not one of them, or a value that is not a boolean, is left out with a
 * warning, so a typo does not silently keep the method's hint.
 */
import type { McpToolHints } from "../../runtime/toolkit.js";
import type { OpenApiDocument } from "../../load/loaded-description.js";
import { getPointer, isObject } from "../local-ref.js";
import type { OperationModel } from "../toolkit-model.js";

export const MCP_ANNOTATIONS_EXTENSION = "x-mcp-annotations";

const HINTS: readonly (keyof McpToolHints)[] = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"];

export function mcpAnnotationsOf(op: OperationModel, document: OpenApiDocument, warn: (message: string) => void): McpToolHints | undefined {
  const operation = getPointer(document, op.pointer);
  if (!isObject(operation) || operation[MCP_ANNOTATIONS_EXTENSION] === undefined) return undefined;
  const at = `${op.pointer}/${MCP_ANNOTATIONS_EXTENSION}`;
  const given = operation[MCP_ANNOTATIONS_EXTENSION];
  if (!isObject(given)) {
    warn(`${at}: left out, it must be an object of boolean hints (${HINTS.join(", ")})`);
    return undefined;
  }
  const hints: Partial<Record<keyof McpToolHints, boolean>> = {};
  for (const [key, value] of Object.entries(given)) {
    if (!(HINTS as readonly string[]).includes(key)) warn(`${at}/${key}: left out, the hints are ${HINTS.join(", ")}`);
    else if (typeof value !== "boolean") warn(`${at}/${key}: left out, a hint is true or false`);
    else hints[key as keyof McpToolHints] = value;
  }
  return Object.keys(hints).length > 0 ? hints : undefined;
}
