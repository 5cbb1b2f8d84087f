/**
 * OpenAPI 3.2 in the types document. openapi-typescript 7 reads 3.0 and 3.1: it types a Path
 * Item's eight fixed methods only (3.2's `query` and `additionalOperations` come out as nothing),
 * drops `in: querystring` parameters, types a Media Type `$ref` (3.2's `components.mediaTypes`) as
 * `unknown` or as a `components["mediaTypes"]` that it never declares. So the types document is
 * made 3.1-shaped first, before every other step:
 *
 * - `openapi: 3.1.1` (3.2 is JSON Schema 2020-12 like 3.1; nothing else in a schema changes);
 * - each `query` or `additionalOperations` operation moves to a path of its own, `"<METHOD> <path>"`
 *   (`"QUERY /items"`, `"COPY /items"`), under `post`, with the path item's `parameters`:
 *   `typesPlace` says where, and the generated Input and Output aliases index the same place.
 *   No real path can collide: a path starts with `/`. `$ref`s into a moved operation follow it;
 * - an `in: querystring` parameter becomes an `in: query` one whose `schema` is its content's
 *   (its name is its input field; 3.2 allows no `in: query` beside it, so no name is taken);
 * - a Media Type `$ref` in a `content` map is replaced by what it points to (shared, not copied).
 *
 * `itemSchema` is left where it is: stream-items.ts, the next step, reads it. Only the types see
 * this document; the runtime, tool schemas and the diff read the description as written.
 */
import { encodePointerSegment } from "../../load/json-pointer.js";
import { isObject, resolveLocal } from "../local-ref.js";
import { pathItemOperations, wireMethod } from "../operation-methods.js";
import { HTTP_METHODS, type OperationMethod } from "../toolkit-model.js";
import type { OpenApiDocument } from "../../load/loaded-description.js";
import type { ParameterLocation } from "../../runtime/operation.js";
import { forEachDescriptionObject } from "./ref-holders.js";

type Json = Record<string, unknown>;

/** Where openapi-typescript types an operation: `paths[path][method]` of the types document. */
export interface TypesPlace {
  readonly path: string;
  readonly method: string;
}

/** `get /items` stays; `query /items` is `"QUERY /items"`'s `post`, `COPY /items` `"COPY /items"`'s. */
export function typesPlace(path: string, method: OperationMethod): TypesPlace {
  if ((HTTP_METHODS as readonly string[]).includes(method)) return { path, method };
  return { path: `${wireMethod(method)} ${path}`, method: "post" };
}

/** The parameter group of openapi-typescript's types a parameter of this location is found in. */
export function typesParameterLocation(location: ParameterLocation): Exclude<ParameterLocation, "querystring"> {
  return location === "querystring" ? "query" : location;
}

/** Whether `document` has anything of 3.2 that openapi-typescript cannot read (a read-only look). */
export function needsOpenapi31Shape(document: Json): boolean {
  if (isVersion32(document)) return true;
  // The same fields in a 3.0 or 3.1 document are read by the model all the same.
  const paths = isObject(document.paths) ? document.paths : {};
  for (const entry of Object.values(paths)) {
    const item = safeResolve(document, entry);
    if (isObject(item) && hasOtherMethods(item)) return true;
  }
  let found = false;
  forEachDescriptionObject(document, (node) => {
    if (!found && (node.in === "querystring" || hasMediaTypeRef(node))) found = true;
  });
  return found;
}

function isVersion32(document: Json): boolean {
  return typeof document.openapi === "string" && /^3\.2(\.|$)/.test(document.openapi);
}

/** Applies the rewrites to `document`, a copy the caller owns. */
export function toOpenapi31Shape(document: Json): void {
  if (isVersion32(document)) document.openapi = "3.1.1";
  delete document.$self;
  // First, so that the media types moved and the querystring parameters read below are plain.
  forEachDescriptionObject(document, (node) => inlineMediaTypeRefs(document, node));
  forEachDescriptionObject(document, querystringAsQuery);
  moveOtherMethods(document);
}

function hasOtherMethods(node: Json): boolean {
  return node.query !== undefined || node.additionalOperations !== undefined;
}

function hasMediaTypeRef(node: Json): boolean {
  return isObject(node.content) && Object.values(node.content).some((entry) => isObject(entry) && typeof entry.$ref === "string");
}

function inlineMediaTypeRefs(document: Json, node: Json): void {
  if (!hasMediaTypeRef(node)) return;
  const content = node.content as Json;
  for (const [mediaType, entry] of Object.entries(content)) {
    if (!isObject(entry) || typeof entry.$ref !== "string") continue;
    const target = safeResolve(document, entry);
    if (isObject(target)) content[mediaType] = target;
  }
}

function querystringAsQuery(node: Json): void {
  if (node.in !== "querystring" || typeof node.name !== "string") return;
  const media = isObject(node.content) ? Object.values(node.content)[0] : undefined;
  node.in = "query";
  node.schema = isObject(media) && media.schema !== undefined ? media.schema : {};
  delete node.content;
}

/**
 * Each path's `query` and `additionalOperations` operations move to their own paths, placed
 * right after it. A path item reached through a `$ref` (`components.pathItems`) is read where it
 * points, and loses those fields there too once every path has been read.
 */
function moveOtherMethods(document: Json): void {
  if (!isObject(document.paths)) return;
  const paths = document.paths;
  const emptied = new Set<Json>();
  const redirects: [string, string][] = [];
  const next: Json = {};
  let moved = false;
  for (const [path, entry] of Object.entries(paths)) {
    next[path] = entry;
    const at = `#/paths/${encodePointerSegment(path)}`;
    const { value: item, pointer } = safeResolveWithPointer(document, entry, at);
    if (!isObject(item) || !hasOtherMethods(item)) continue;
    emptied.add(item);
    for (const { method, place, operation } of pathItemOperations(item)) {
      if ((HTTP_METHODS as readonly string[]).includes(method)) continue;
      const target = typesPlace(path, method);
      next[target.path] = { ...(item.parameters !== undefined ? { parameters: item.parameters } : {}), [target.method]: operation };
      const to = `#/paths/${encodePointerSegment(target.path)}/${target.method}`;
      for (const from of new Set([at, pointer])) redirects.push([`${from}/${place.map(encodePointerSegment).join("/")}`, to]);
      moved = true;
    }
  }
  for (const item of emptied) {
    delete item.query;
    delete item.additionalOperations;
  }
  if (!moved) return;
  document.paths = next;
  forEachDescriptionObject(document, (node) => {
    if (typeof node.$ref !== "string") return;
    for (const [from, to] of redirects) {
      if (node.$ref === from || node.$ref.startsWith(`${from}/`)) {
        node.$ref = to + node.$ref.slice(from.length);
        return;
      }
    }
  });
}

function safeResolve(document: Json, node: unknown): unknown {
  return safeResolveWithPointer(document, node, "#").value;
}

/** Local resolution that leaves a broken reference as it is (the model reports those). */
function safeResolveWithPointer(document: Json, node: unknown, at: string): { value: unknown; pointer: string } {
  try {
    return resolveLocal(document as OpenApiDocument, node, at);
  } catch {
    return { value: node, pointer: at };
  }
}
