/**
 * A schema with a `discriminator` whose `allOf` has an inline part that is itself an `allOf`
 * (Azure's bundled descriptions: `Database: {discriminator: {propertyName: kind}, properties:
 * {kind: {enum: [ReadWrite, …]}}, allOf: [{allOf: [<ProxyResource, inlined>]}]}`).
 * openapi-typescript types an inline `allOf` part at its holder's place, and a schema there that
 * has an `allOf` and no discriminator of its own is taken for a child of the holder's
 * discriminator: it gets `kind: "Database"` (the holder's name). Beside the holder's own
 * `kind?: "ReadWrite" | …` the intersection is `never`, and so is every input holding it.
 *
 * `allOf` nested in an `allOf` part admits the same values as its parts listed in the outer one,
 * so such parts are flattened into the holder: their parts take their place, their `required` goes
 * to the holder (it is about the same value), and what else they say stays as one more part.
 */
import { isObject } from "../local-ref.js";
import { forEachDescriptionObject } from "./ref-holders.js";

type Json = Record<string, unknown>;

/** Keys that do not change which values a schema admits. */
const ANNOTATIONS = new Set(["title", "description", "example", "examples", "deprecated", "externalDocs", "$comment"]);

/** The holders with a discriminator and such parts. */
export function planDiscriminatorAllOfParts(document: Json): Json[] {
  const found: Json[] = [];
  forEachDescriptionObject(document, (node) => {
    if (!isObject(node.discriminator) || typeof node.discriminator.propertyName !== "string") return;
    if (Array.isArray(node.allOf) && node.allOf.some(isFlattenable)) found.push(node);
  });
  return found;
}

export function flattenDiscriminatorAllOfParts(holders: readonly Json[]): void {
  for (const holder of holders) {
    const required = new Set(Array.isArray(holder.required) ? holder.required : []);
    const parts: unknown[] = [];
    // A part's parts may be such parts themselves: taken apart until none is left.
    const pending = [...(holder.allOf as unknown[])];
    while (pending.length > 0) {
      const part = pending.shift();
      if (!isFlattenable(part)) {
        parts.push(part);
        continue;
      }
      const { allOf, required: partRequired, ...rest } = part;
      if (Array.isArray(partRequired)) for (const key of partRequired) required.add(key);
      const remaining = Object.keys(rest).some((key) => !ANNOTATIONS.has(key) && !key.startsWith("x-")) ? [rest] : [];
      pending.unshift(...(allOf as unknown[]), ...remaining);
    }
    holder.allOf = parts;
    if (required.size > 0) holder.required = [...required];
  }
}

/**
 * An inline part with an `allOf` and no discriminator of its own. One that is nullable or of
 * another type than object is left as it is: its other keywords alone would be typed loosely.
 */
function isFlattenable(part: unknown): part is Json {
  if (!isObject(part) || typeof part.$ref === "string" || part.discriminator !== undefined || !Array.isArray(part.allOf)) return false;
  if (part.nullable !== undefined) return false;
  return part.type === undefined || part.type === "object";
}
