/**
 * One direction's view of part of the types document: the properties that never travel that way
 * left out (readOnly ones from requests, writeOnly ones from answers: OpenAPI 3.0.3 §4.7.24,
 * src/model/read-write-only.ts), and optionally `$ref`s moved to other targets (the request
 * forms, request-schemas.ts). Copy on write: what does not change is returned as it is, so a
 * description without such properties costs one read-only walk.
 *
 * The names of left-out properties leave `required` too, "the required will take effect on the
 * response only" (readOnly; writeOnly the other way). That includes names a schema requires of
 * its `allOf` parts (`allOf: [{ $ref: Base }], required: [id]` with Base's `id` readOnly):
 * openapi-typescript types that requirement as `WithRequired<Base, "id">`, which does not compile
 * once the direction's form of Base has no `id`.
 */
import { isDataKey, NAME_MAPS } from "../model/description-structure.js";
import { isObject } from "../model/local-ref.js";
import { leftOutOf, type Direction } from "../model/read-write-only.js";
import { pathItemOperations, withOperationAt } from "../model/operation-methods.js";

type Json = Record<string, unknown>;

const NONE: ReadonlySet<string> = new Set();


export interface Side {
  readonly direction: Direction;
  /** Resolves a `$ref` in the description as written: flags and `allOf` parts are read there. */
  readonly resolve: (ref: string) => unknown;
  /** The target a `$ref` is moved to, or undefined to keep it. */
  readonly moveRef?: (ref: string) => string | undefined;
}

/**
 * `node` as seen travelling in `side.direction`. `names`: `node` is a map keyed by names
 * (`components.parameters`, a schema's `properties`), whose values are all followed.
 */
export function oneWay(node: unknown, side: Side, names = false, inherited: ReadonlySet<string> = NONE): unknown {
  if (Array.isArray(node)) return mapped(node, (item) => oneWay(item, side));
  if (!isObject(node)) return node;
  if (names) {
    let out: Json | undefined;
    for (const key of Object.keys(node)) {
      const value = node[key];
      const next = oneWay(value, side);
      if (next !== value) (out ??= { ...node })[key] = next;
    }
    return out ?? node;
  }
  const own = ownLeftOut(node, side);
  // Only a schema with `required`, or with parts that may have one, needs the names of its parts.
  const dropped =
    Array.isArray(node.required) || Array.isArray(node.allOf) ? new Set([...inherited, ...leftOutThrough(node, side, new Set())]) : inherited;
  let out: Json | undefined;
  // Object.keys and an index, not Object.entries: this walks the whole document, and an entry
  // array per key was most of its garbage.
  for (const key of Object.keys(node)) {
    const value = node[key];
    let next: unknown;
    if (key === "$ref" && typeof value === "string") next = side.moveRef?.(value) ?? value;
    else if (isDataKey(key)) continue;
    else if (key === "properties" && isObject(value) && own.length > 0) next = oneWay(without(value, own), side, true);
    else if (key === "required" && Array.isArray(value) && dropped.size > 0) next = remaining(value, dropped);
    else if (key === "allOf" && Array.isArray(value)) next = mapped(value, (part) => oneWay(part, side, false, dropped));
    else next = oneWay(value, side, NAME_MAPS.has(key) && !Array.isArray(value));
    if (next === value) continue;
    out ??= { ...node };
    if (next === undefined) delete out[key];
    else out[key] = next;
  }
  return out ?? node;
}

/**
 * The answer side of `document` (the answers' form of `components.schemas`, and the schemas of
 * the responses of paths and `components.responses`) without writeOnly properties. `resolve`
 * reads the description as written.
 */
export function answerSide(document: Json, resolve: (ref: string) => unknown): Json {
  const side: Side = { direction: "response", resolve };
  let paths = document.paths;
  if (isObject(paths)) {
    let rewritten: Json | undefined;
    for (const [path, item] of Object.entries(paths)) {
      if (!isObject(item)) continue;
      let nextItem: Json | undefined;
      for (const { place, operation: op } of pathItemOperations(item)) {
        if (!isObject(op) || op.responses === undefined) continue;
        const responses = oneWay(op.responses, side, true);
        if (responses !== op.responses) nextItem = withOperationAt(nextItem ?? item, place, { ...op, responses });
      }
      if (nextItem) (rewritten ??= { ...paths })[path] = nextItem;
    }
    if (rewritten) paths = rewritten;
  }
  const components = isObject(document.components) ? document.components : undefined;
  let nextComponents = components;
  for (const key of ["schemas", "responses"] as const) {
    const value = components?.[key];
    const next = oneWay(value, side, true);
    if (next !== value) nextComponents = { ...nextComponents, [key]: next };
  }
  if (paths === document.paths && nextComponents === components) return document;
  return { ...document, paths, components: nextComponents };
}

/** A `$ref` resolver that reads each target once. */
export function memoized(resolve: (ref: string) => unknown): (ref: string) => unknown {
  const seen = new Map<string, unknown>();
  return (ref) => {
    if (!seen.has(ref)) seen.set(ref, resolve(ref));
    return seen.get(ref);
  };
}

/** Names of `node`'s own properties that do not travel this way. */
function ownLeftOut(node: Json, side: Side): string[] {
  if (!isObject(node.properties)) return [];
  return Object.keys(node.properties).filter((name) => leftOutOf(side.direction, (node.properties as Json)[name], side.resolve));
}

/** The same, and those of the schemas `node` is made of (its `$ref`, its `allOf` parts), each once. */
function leftOutThrough(node: Json, side: Side, seen: Set<string>): string[] {
  const names = ownLeftOut(node, side);
  const parts: unknown[] = Array.isArray(node.allOf) ? [...node.allOf] : [];
  if (typeof node.$ref === "string") parts.push({ $ref: node.$ref });
  for (const part of parts) {
    if (!isObject(part)) continue;
    let schema: unknown = part;
    if (typeof part.$ref === "string") {
      if (seen.has(part.$ref)) continue;
      seen.add(part.$ref);
      if (Object.keys(part).length > 1) names.push(...leftOutThrough({ ...part, $ref: undefined }, side, seen));
      schema = side.resolve(part.$ref);
    }
    if (isObject(schema)) names.push(...leftOutThrough(schema, side, seen));
  }
  return names;
}

function without(properties: Json, names: readonly string[]): Json {
  const out = { ...properties };
  for (const name of names) delete out[name];
  return out;
}

/** `required` without `dropped`; undefined (the key goes) when nothing is left. */
function remaining(required: unknown[], dropped: ReadonlySet<string>): unknown[] | undefined {
  if (!required.some((name) => typeof name === "string" && dropped.has(name))) return required;
  const kept = required.filter((name) => typeof name !== "string" || !dropped.has(name));
  return kept.length > 0 ? kept : undefined;
}

function mapped(list: unknown[], each: (item: unknown) => unknown): unknown[] {
  let out: unknown[] | undefined;
  list.forEach((item, i) => {
    const next = each(item);
    if (next !== item) (out ??= [...list])[i] = next;
  });
  return out ?? list;
}
