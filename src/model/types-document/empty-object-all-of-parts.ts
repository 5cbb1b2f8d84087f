/**
 * An `allOf` part that says only `type: object` (Plaid: `allOf: [$ref: Base, {type: object}]`)
 * constrains nothing that the parts beside it do not: every object already matches it. But
 * openapi-typescript types a bare object schema as `Record<string, never>`, and intersected with
 * the other parts that admits no object with any property at all. Such parts are left out of the
 * types; a holder whose parts are all such keeps one.
 */
import { isObject } from "../local-ref.js";
import { forEachDescriptionObject } from "./ref-holders.js";

type Json = Record<string, unknown>;

/** Keys that do not change which values a schema admits. */
const ANNOTATIONS = new Set(["type", "title", "description", "example", "examples", "deprecated", "readOnly", "writeOnly"]);

/** The holders whose `allOf` has such parts beside others. */
export function planEmptyObjectAllOfParts(document: Json): Json[] {
  const found: Json[] = [];
  forEachDescriptionObject(document, (node) => {
    if (!Array.isArray(node.allOf) || node.allOf.length < 2) return;
    const empty = node.allOf.filter(isBareObject).length;
    if (empty > 0 && empty < node.allOf.length) found.push(node);
  });
  return found;
}

export function dropEmptyObjectAllOfParts(holders: readonly Json[]): void {
  for (const holder of holders) holder.allOf = (holder.allOf as unknown[]).filter((part) => !isBareObject(part));
}

function isBareObject(part: unknown): boolean {
  return isObject(part) && part.type === "object" && Object.keys(part).every((key) => ANNOTATIONS.has(key) || key.startsWith("x-"));
}
