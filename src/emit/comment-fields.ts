/**
 * The copy of the document openapi-typescript types, with every `title` and `summary` a string.
 *
 * openapi-typescript writes both into JSDoc with `.trim()`, so `title: 2024` (YAML reads it as a
 * number), `summary: true` or an object there stopped toolgen with an internal error. Its other
 * comment fields (`description`, `default`, `example`, `format`) go through `String()` or
 * `JSON.stringify`, and it escapes `*\/` in the whole comment itself; schema-types.ts handles the
 * comment directives it lets through.
 *
 * Only keyword positions are rewritten: the keys of maps of names (`properties`, `paths`,
 * `responses`, `content`, …) are names, so a property called `title` keeps its schema. Data
 * (`example`, `default`, `enum`, `x-` extensions) is never entered. The walk copies only the
 * objects on the way to a rewritten value; a document with nothing to rewrite comes back as is.
 */
import { isDataKey, MAPS_OF_MAPS, NAME_MAPS } from "../model/description-structure.js";
import { isObject } from "../model/local-ref.js";

type Json = Record<string, unknown>;

const COMMENTED = ["title", "summary"] as const;

export function withStringCommentFields(document: Json): Json {
  return rewrite(document, 0) as Json;
}

/** `names`: how many levels of name maps `node` is (0: an object of keywords). */
function rewrite(node: unknown, names: number): unknown {
  if (Array.isArray(node)) {
    let out: unknown[] | undefined;
    node.forEach((item, i) => {
      const next = rewrite(item, names);
      if (next !== item) (out ??= [...node])[i] = next;
    });
    return out ?? node;
  }
  if (!isObject(node)) return node;
  let out: Json | undefined;
  if (names === 0) {
    for (const key of COMMENTED) {
      const value = node[key];
      if (value && typeof value !== "string") (out ??= { ...node })[key] = typeof value === "object" ? JSON.stringify(value) : String(value);
    }
  }
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (typeof value !== "object" || value === null) continue;
    let childNames = names > 0 ? names - 1 : 0;
    if (names === 0) {
      if (isDataKey(key)) continue;
      // An array holds keyword objects (`parameters`, `allOf`, `servers`), except `security`'s maps.
      if (Array.isArray(value)) childNames = key === "security" ? 1 : 0;
      else if (NAME_MAPS.has(key)) childNames = 1;
      else if (MAPS_OF_MAPS.has(key)) childNames = 2;
    }
    const next = rewrite(value, childNames);
    if (next !== value) {
      out ??= { ...node };
      Object.defineProperty(out, key, { value: next, enumerable: true, writable: true, configurable: true });
    }
  }
  return out ?? node;
}
