/**
 * oasdiff's lifecycle rules (docs/DEPRECATION.md there): removing something that was deprecated is
 * fine (INFO), unless it carried an `x-sunset` date still in the future, which is a promise to
 * keep it until then (ERR, `api-removed-before-sunset`).
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { isObject } from "../model/local-ref.js";
import { nodeAt } from "./node-at.js";

export type RemovalKind = "without-deprecation" | "with-deprecation" | "before-sunset";

/** The `x-sunset` of the object at `pointer`, as YYYY-MM-DD, when it has one. */
export function sunsetOf(document: OpenApiDocument, pointer: string): string | undefined {
  const node = nodeAt(document, pointer);
  if (!isObject(node)) return undefined;
  const value = node["x-sunset"];
  // YAML loaders turn an unquoted date into a Date.
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10);
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

export function removalKind(deprecated: boolean, sunset: string | undefined, now: Date): RemovalKind {
  if (!deprecated) return "without-deprecation";
  if (sunset !== undefined) {
    const date = Date.parse(sunset.length === 10 ? `${sunset}T00:00:00Z` : sunset);
    if (!Number.isNaN(date) && date > now.getTime()) return "before-sunset";
  }
  return "with-deprecation";
}
