/**
 * Request-side forms of component schemas, for schema.ts. A value of one schema can look
 * different on its way to the server than on its way back, for three reasons:
 *
 * - Defaults. schema.ts is typed with openapi-typescript's `defaultNonNullable`: a property with
 *   a `default` is required, because an answer from the server always carries it. A request is
 *   the other way round: the caller may leave such a property out and the server fills it in, so
 *   it is optional unless the schema lists it in `required`. (openapi-typescript already types
 *   inline request bodies and parameters that way, skipping the option under a `requestBody` or
 *   `parameters` path, but a `$ref` to `components.schemas` gets the one shared type.)
 * - readOnly properties are sent in answers only, and their `required` holds there only
 *   (OpenAPI 3.0.3 §4.7.24 Schema Object, `readOnly`): a request leaves them out, so a caller
 *   never has to invent the id the server assigns.
 * - writeOnly properties are sent in requests only (`writeOnly`, the same section): answers
 *   leave them out (one-way-properties.ts, `answerSide`), so the request needs its own form to
 *   keep them.
 *
 * So a component schema that a request reaches, and that has such a property (a defaulted one
 * that `required` does not list, a readOnly or a writeOnly one) or refers to a schema that does,
 * is typed a second time, as `requestComponents["schemas"][name]`: without `defaultNonNullable`,
 * without its readOnly properties, with its writeOnly ones. The `$ref`s of the request side
 * (parameters and request bodies of paths, path items and `components`, and the request forms
 * themselves) point there, and the inline schemas of the request side lose their readOnly
 * properties too. `components["schemas"]` is the answers' form. These are rewrites of the types
 * document only; tool schemas, the runtime and the diff read the description as written. A
 * description without such a schema (the GitHub one has 4 of 969) costs read-only walks over its
 * request side and answer side, no copy, and gets its document back unchanged.
 */
import { decodePointer } from "../load/json-pointer.js";
import { getPointer, isObject } from "../model/local-ref.js";
import { leftOutOf } from "../model/read-write-only.js";
import { pathItemOperations, withOperationAt } from "../model/operation-methods.js";
import { isDataKey, NAME_MAPS } from "../model/description-structure.js";
import { memoized, oneWay, type Side } from "./one-way-properties.js";

type Json = Record<string, unknown>;

/** Top-level name of the request forms in schema.ts, beside openapi-typescript's `components`. */
export const REQUEST_COMPONENTS = "requestComponents";

const SCHEMAS = "#/components/schemas/";
const REQUEST_SCHEMAS = `#/${REQUEST_COMPONENTS}/schemas/`;

export interface RequestSide {
  /**
   * The document to type: the request side's `$ref`s to a schema with a request form point at
   * that form, and its inline schemas have no readOnly properties. The given document itself
   * when nothing changes; otherwise a copy sharing every part it did not change.
   */
  readonly document: Json;
  /** Request forms by component name, in the document's order (their own `$ref`s rewritten too, readOnly properties left out). */
  readonly schemas: Readonly<Record<string, unknown>>;
  /** The request form's pointer for a `$ref` into a schema that has one; else undefined. */
  requestRef(ref: string): string | undefined;
}

export function requestSide(document: Json): RequestSide {
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const resolve = memoized((ref) => getPointer(document, ref));
  const varied = variedSchemas(document, schemas, resolve);
  const requestRef = (ref: string): string | undefined => {
    const name = schemaName(ref);
    return name !== undefined && varied.has(name) ? REQUEST_SCHEMAS + ref.slice(SCHEMAS.length) : undefined;
  };
  const side: Side = { direction: "request", resolve, ...(varied.size > 0 ? { moveRef: requestRef } : {}) };

  const forms: Json = {};
  for (const name of Object.keys(schemas)) if (varied.has(name)) forms[name] = oneWay(schemas[name], side);

  let paths = document.paths;
  if (isObject(paths)) {
    const rewritten: Json = {};
    let changed = false;
    for (const [path, item] of Object.entries(paths)) {
      const next = isObject(item) ? rewritePathItem(item, side) : item;
      rewritten[path] = next;
      if (next !== item) changed = true;
    }
    if (changed) paths = rewritten;
  }
  const parameters = oneWay(components.parameters, side, true);
  const requestBodies = oneWay(components.requestBodies, side, true);
  const nextComponents =
    parameters === components.parameters && requestBodies === components.requestBodies
      ? document.components
      : { ...components, ...(parameters !== undefined ? { parameters } : {}), ...(requestBodies !== undefined ? { requestBodies } : {}) };
  if (paths === document.paths && nextComponents === document.components) return { document, schemas: forms, requestRef };
  return { document: { ...document, paths, components: nextComponents }, schemas: forms, requestRef };
}

/** Name of the component schema a `$ref` points into (`#/components/schemas/<name>[/...]`). */
function schemaName(ref: string): string | undefined {
  if (!ref.startsWith(SCHEMAS)) return undefined;
  return decodePointer(ref.slice(1))[2];
}

/** Schemas reached from the request side whose request form differs from the answers' form. */
function variedSchemas(document: Json, schemas: Json, resolve: (ref: string) => unknown): Set<string> {
  const roots = new Set<string>();
  forEachRequestRoot(document, (node, names) => scan(node, roots, names, resolve));

  // Every component schema the request side reaches: its own varying properties, its references.
  const reached = new Map<string, { own: boolean; refersTo: string[] }>();
  const queue = [...roots].map(schemaName).filter((n): n is string => n !== undefined);
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (reached.has(name) || !Object.hasOwn(schemas, name)) continue;
    const refs = new Set<string>();
    const own = scan(schemas[name], refs, false, resolve);
    const refersTo = [...refs].map(schemaName).filter((n): n is string => n !== undefined);
    reached.set(name, { own, refersTo });
    queue.push(...refersTo);
  }

  // A schema varies when it has such a property or refers to a schema that varies.
  const referrers = new Map<string, string[]>();
  for (const [name, { refersTo }] of reached) {
    for (const target of refersTo) {
      const list = referrers.get(target);
      if (list) list.push(name);
      else referrers.set(target, [name]);
    }
  }
  const varied = new Set<string>();
  const pending = [...reached].filter(([, info]) => info.own).map(([name]) => name);
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (varied.has(name)) continue;
    varied.add(name);
    pending.push(...(referrers.get(name) ?? []));
  }
  return varied;
}

/** `names`: the node is a map keyed by component names (`components.parameters`, `.requestBodies`). */
function forEachRequestRoot(document: Json, visit: (node: unknown, names: boolean) => void): void {
  if (isObject(document.paths)) {
    for (const item of Object.values(document.paths)) {
      if (!isObject(item)) continue;
      visit(item.parameters, false);
      for (const { operation: op } of pathItemOperations(item)) {
        if (!isObject(op)) continue;
        visit(op.parameters, false);
        visit(op.requestBody, false);
      }
    }
  }
  if (isObject(document.components)) {
    visit(document.components.parameters, true);
    visit(document.components.requestBodies, true);
  }
}

/**
 * Collects the `$ref`s under `node` (not following them) and tells whether it holds an object
 * schema with a property whose type differs between the directions: one that has a `default`
 * and is not listed in that schema's `required`, or a readOnly or writeOnly one.
 * `names`: `node` is a map keyed by names, whose values are all followed.
 */
function scan(node: unknown, refs: Set<string>, names: boolean, resolve: (ref: string) => unknown): boolean {
  if (Array.isArray(node)) {
    let found = false;
    for (const item of node) if (scan(item, refs, false, resolve)) found = true;
    return found;
  }
  if (!isObject(node)) return false;
  let found = false;
  if (!names) {
    if (typeof node.$ref === "string") refs.add(node.$ref);
    if (isObject(node.properties)) {
      const required = Array.isArray(node.required) ? node.required : [];
      for (const [key, property] of Object.entries(node.properties)) {
        if (!isObject(property)) continue;
        if (property.default !== undefined && !required.includes(key)) found = true;
        else if (leftOutOf("request", property, resolve) || leftOutOf("response", property, resolve)) found = true;
      }
    }
  }
  for (const [key, value] of Object.entries(node)) {
    if (!names && isDataKey(key)) continue;
    if (scan(value, refs, !names && NAME_MAPS.has(key) && !Array.isArray(value), resolve)) found = true;
  }
  return found;
}

function rewritePathItem(item: Json, side: Side): Json {
  let out: Json | undefined;
  const parameters = oneWay(item.parameters, side);
  if (parameters !== item.parameters) out = { ...item, parameters };
  for (const { place, operation: op } of pathItemOperations(item)) {
    if (!isObject(op)) continue;
    const opParameters = oneWay(op.parameters, side);
    const requestBody = oneWay(op.requestBody, side);
    if (opParameters === op.parameters && requestBody === op.requestBody) continue;
    out = withOperationAt(out ?? item, place, {
      ...op,
      ...(opParameters !== undefined ? { parameters: opParameters } : {}),
      ...(requestBody !== undefined ? { requestBody } : {}),
    });
  }
  return out ?? item;
}
