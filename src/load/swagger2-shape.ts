/**
 * The structure of a Swagger 2.0 description checked in 2.0 terms before it is converted. The
 * converter assumes this structure: fed a parameter that is a string or a `paths` that is a list,
 * it fails with a TypeError that names no place, or quietly makes something else of it. Checking
 * here names the place in the document the user wrote (`#/paths/~1pets/get/parameters/0`).
 * Everything the converter can repair (a missing parameter type, a path parameter not marked
 * required, `consumes` as a string) is left to it.
 */
import { BadInputError } from "./bad-input-error.js";
import { encodePointerSegment } from "./json-pointer.js";

type Json = Record<string, unknown>;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch"] as const;
const LOCATIONS = new Set(["query", "header", "path", "formData", "body"]);
/** Maps of named objects whose names swagger2openapi sanitises (and must not make collide). */
const NAMED = ["parameters", "responses", "securityDefinitions"] as const;

export function checkSwagger2Shape(document: Json, file: string): void {
  const fail = (message: string, pointer: string): never => {
    throw new BadInputError(message, `${file}${pointer}`);
  };
  if (!isRecord(document.info)) fail("the description has no info object", "#/info");
  for (const key of [...NAMED, "definitions"]) {
    const map = document[key];
    if (map === undefined) continue;
    if (!isRecord(map)) fail(`${key} must be an object`, `#/${key}`);
    for (const [name, value] of Object.entries(map as Json)) {
      if (!isRecord(value)) fail(`${key} entry "${name}" must be an object`, pointer(key, name));
    }
  }
  // Shared parameters are checked where they are used (through the model, after conversion): some
  // real files keep schemas under `parameters` too (Opsgenie refers to them as `schema: $ref`).
  for (const key of NAMED) checkSanitisedNames(document[key] as Json | undefined, key, fail);

  const paths = document.paths;
  if (paths === undefined) return;
  if (!isRecord(paths)) fail("paths must be an object", "#/paths");
  for (const [path, item] of Object.entries(paths as Json)) {
    if (path.startsWith("x-")) continue;
    const at = pointer("paths", path);
    if (!isRecord(item)) fail("a path item must be an object", at);
    const pathItem = item as Json;
    checkParameters(pathItem.parameters, `${at}/parameters`, fail);
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (operation === undefined) continue;
      if (!isRecord(operation)) fail(`${method} must be an operation object`, `${at}/${method}`);
      checkParameters((operation as Json).parameters, `${at}/${method}/parameters`, fail);
      const responses = (operation as Json).responses;
      if (responses === undefined) continue;
      if (!isRecord(responses)) fail("responses must be an object", `${at}/${method}/responses`);
      for (const [status, response] of Object.entries(responses as Json)) {
        if (!status.startsWith("x-") && !isRecord(response)) fail(`response ${status} must be an object`, `${at}/${method}/responses/${encodePointerSegment(status)}`);
      }
    }
  }
}

type Fail = (message: string, pointer: string) => never;

function checkParameters(list: unknown, at: string, fail: Fail): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) fail("parameters must be a list", at);
  (list as unknown[]).forEach((parameter, i) => {
    if (!isRecord(parameter)) fail("a parameter must be an object", `${at}/${i}`);
    checkParameter(parameter as Json, `${at}/${i}`, fail);
  });
}

function checkParameter(parameter: Json, at: string, fail: Fail): void {
  if (typeof parameter.$ref === "string") return;
  const name = parameter.name;
  // A body parameter's name is never sent (the converter does not need it either).
  if (parameter.in !== "body" && (typeof name !== "string" || name === "")) fail("parameter has no name", at);
  if (!LOCATIONS.has(String(parameter.in))) {
    fail(`parameter "${String(name)}" has an unknown location "${String(parameter.in)}" (Swagger 2.0 allows query, header, path, formData and body)`, at);
  }
  if (parameter.in === "body" && parameter.schema !== undefined && !isRecord(parameter.schema)) {
    fail(`body parameter "${String(name)}" has a schema that is not an object`, `${at}/schema`);
  }
}

/**
 * swagger2openapi renames `a b` to `a_b` (OpenAPI 3 component names allow only A-Z a-z 0-9 . - _);
 * two names that end up the same would make it stop with a message naming neither place.
 */
function checkSanitisedNames(map: Json | undefined, key: string, fail: Fail): void {
  const seen = new Map<string, string>();
  for (const name of Object.keys(map ?? {})) {
    const sanitised = sanitise(name);
    const other = seen.get(sanitised);
    if (other !== undefined) {
      fail(`"${other}" and "${name}" both become "${sanitised}" in OpenAPI 3 (component names allow only A-Z, a-z, 0-9, ".", "-" and "_"); rename one`, pointer(key, name));
    }
    seen.set(sanitised, name);
  }
}

/** swagger2openapi's own rule (oas-kit-common `sanitise`), for the collision check above. */
function sanitise(name: string): string {
  const parts = name.replace("[]", "Array").split("/");
  parts[0] = parts[0]!.replace(/[^A-Za-z0-9_\-.]+|\s+/gm, "_");
  return parts.join("/");
}

function pointer(...segments: string[]): string {
  return `#${segments.map((segment) => `/${encodePointerSegment(segment)}`).join("")}`;
}

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
