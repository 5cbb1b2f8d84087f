/**
 * Request-side forms of component schemas, for schema.ts.
 *
 * schema.ts is typed with openapi-typescript's `defaultNonNullable`: a property with a `default`
 * is required, because an answer from the server always carries it. A request is the other way
 * round: the caller may leave such a property out and the server fills it in, so it is optional
 * unless the schema lists it in `required`. openapi-typescript already types inline request
 * bodies and parameters that way (it skips `defaultNonNullable` under a `requestBody` or
 * `parameters` path), but a `$ref` to `components.schemas` gets the one shared type, the
 * answer's.
 *
 * So a component schema that a request reaches, and whose type the option changes (it, or a
 * schema it refers to, has a property with a `default` that `required` does not list), is typed
 * a second time without the option, as `requestComponents["schemas"][name]`, and the `$ref`s of
 * the request side (parameters and request bodies of paths, path items and `components`, and the
 * request forms themselves) point there. `components["schemas"]` keeps the answer's form. A
 * description without such a schema (the GitHub one has 4 of 969) costs one walk over its
 * request side and gets its document back unchanged.
 */
import { decodePointer } from "../load/json-pointer.js";
import { isObject } from "../model/local-ref.js";
import { HTTP_METHODS } from "../model/toolkit-model.js";

type Json = Record<string, unknown>;

/** Top-level name of the request forms in schema.ts, beside openapi-typescript's `components`. */
export const REQUEST_COMPONENTS = "requestComponents";

const SCHEMAS = "#/components/schemas/";
const REQUEST_SCHEMAS = `#/${REQUEST_COMPONENTS}/schemas/`;
/** Values that are data, not schemas or objects holding them: never followed. */
const DATA_KEYS = new Set(["example", "examples", "default", "enum", "const"]);
/** Maps keyed by names (property names, media types): any key, even `default`, is followed. */
const NAME_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "content", "encoding", "headers"]);

export interface RequestSide {
  /**
   * The document to type: the request side's `$ref`s to a schema with a request form point at
   * that form. The given document itself when no schema has one; otherwise a copy sharing every
   * part it did not change.
   */
  readonly document: Json;
  /** Request forms by component name, in the document's order (their own `$ref`s rewritten too). */
  readonly schemas: Readonly<Record<string, unknown>>;
  /** The request form's pointer for a `$ref` into a schema that has one; else undefined. */
  requestRef(ref: string): string | undefined;
}

export function requestSide(document: Json): RequestSide {
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const varied = variedSchemas(document, schemas);
  const requestRef = (ref: string): string | undefined => {
    const name = schemaName(ref);
    return name !== undefined && varied.has(name) ? REQUEST_SCHEMAS + ref.slice(SCHEMAS.length) : undefined;
  };
  if (varied.size === 0) return { document, schemas: {}, requestRef };

  const forms: Json = {};
  for (const name of Object.keys(schemas)) if (varied.has(name)) forms[name] = rewriteRefs(schemas[name], requestRef);

  let paths = document.paths;
  if (isObject(paths)) {
    const rewritten: Json = {};
    let changed = false;
    for (const [path, item] of Object.entries(paths)) {
      const next = isObject(item) ? rewritePathItem(item, requestRef) : item;
      rewritten[path] = next;
      if (next !== item) changed = true;
    }
    if (changed) paths = rewritten;
  }
  const parameters = rewriteRefs(components.parameters, requestRef, true);
  const requestBodies = rewriteRefs(components.requestBodies, requestRef, true);
  const nextComponents =
    parameters === components.parameters && requestBodies === components.requestBodies
      ? document.components
      : { ...components, ...(parameters !== undefined ? { parameters } : {}), ...(requestBodies !== undefined ? { requestBodies } : {}) };
  return { document: { ...document, paths, components: nextComponents }, schemas: forms, requestRef };
}

/** Name of the component schema a `$ref` points into (`#/components/schemas/<name>[/...]`). */
function schemaName(ref: string): string | undefined {
  if (!ref.startsWith(SCHEMAS)) return undefined;
  return decodePointer(ref.slice(1))[2];
}

/** Schemas reached from the request side whose type `defaultNonNullable` changes. */
function variedSchemas(document: Json, schemas: Json): Set<string> {
  const roots = new Set<string>();
  forEachRequestRoot(document, (node, names) => scan(node, roots, names));

  // Every component schema the request side reaches: its own varying properties, its references.
  const reached = new Map<string, { own: boolean; refersTo: string[] }>();
  const queue = [...roots].map(schemaName).filter((n): n is string => n !== undefined);
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (reached.has(name) || !Object.hasOwn(schemas, name)) continue;
    const refs = new Set<string>();
    const own = scan(schemas[name], refs, false);
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
      for (const method of HTTP_METHODS) {
        const op = item[method];
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
 * schema with a property that has a `default` and is not listed in that schema's `required`.
 * `names`: `node` is a map keyed by names, whose values are all followed.
 */
function scan(node: unknown, refs: Set<string>, names: boolean): boolean {
  if (Array.isArray(node)) {
    let found = false;
    for (const item of node) if (scan(item, refs, false)) found = true;
    return found;
  }
  if (!isObject(node)) return false;
  let found = false;
  if (!names) {
    if (typeof node.$ref === "string") refs.add(node.$ref);
    if (isObject(node.properties)) {
      const required = Array.isArray(node.required) ? node.required : [];
      for (const [key, property] of Object.entries(node.properties)) {
        if (isObject(property) && property.default !== undefined && !required.includes(key)) found = true;
      }
    }
  }
  for (const [key, value] of Object.entries(node)) {
    if (!names && skipped(key)) continue;
    if (scan(value, refs, !names && NAME_MAPS.has(key))) found = true;
  }
  return found;
}

function rewritePathItem(item: Json, requestRef: (ref: string) => string | undefined): Json {
  let out: Json | undefined;
  const parameters = rewriteRefs(item.parameters, requestRef);
  if (parameters !== item.parameters) out = { ...item, parameters };
  for (const method of HTTP_METHODS) {
    const op = item[method];
    if (!isObject(op)) continue;
    const opParameters = rewriteRefs(op.parameters, requestRef);
    const requestBody = rewriteRefs(op.requestBody, requestRef);
    if (opParameters === op.parameters && requestBody === op.requestBody) continue;
    out ??= { ...item };
    out[method] = {
      ...op,
      ...(opParameters !== undefined ? { parameters: opParameters } : {}),
      ...(requestBody !== undefined ? { requestBody } : {}),
    };
  }
  return out ?? item;
}

/** `node` with every `$ref` that `requestRef` maps replaced; copies only what changes. */
function rewriteRefs(node: unknown, requestRef: (ref: string) => string | undefined, names = false): unknown {
  if (Array.isArray(node)) {
    let out: unknown[] | undefined;
    node.forEach((item, i) => {
      const next = rewriteRefs(item, requestRef);
      if (next !== item) (out ??= [...node])[i] = next;
    });
    return out ?? node;
  }
  if (!isObject(node)) return node;
  let out: Json | undefined;
  for (const [key, value] of Object.entries(node)) {
    if (!names && key === "$ref" && typeof value === "string") {
      const ref = requestRef(value);
      if (ref !== undefined) (out ??= { ...node }).$ref = ref;
      continue;
    }
    if (!names && skipped(key)) continue;
    const next = rewriteRefs(value, requestRef, !names && NAME_MAPS.has(key));
    if (next !== value) (out ??= { ...node })[key] = next;
  }
  return out ?? node;
}

function skipped(key: string): boolean {
  return DATA_KEYS.has(key) || key.startsWith("x-");
}
