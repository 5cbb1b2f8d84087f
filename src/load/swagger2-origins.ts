/**
 * Where each part of a converted Swagger 2.0 description came from, so that an error found after
 * conversion names the place in the 2.0 document the user wrote. swagger2openapi moves things
 * (a body or formData parameter becomes `requestBody`, parameter lists shrink, `definitions`
 * becomes `components/schemas` under sanitised names), so pointers cannot be rewritten by text
 * alone. Instead every object a message may name is marked with its 2.0 pointer under an
 * extension key before conversion; the converter carries extensions along (onto the requestBody
 * made from a body parameter, onto the form field made from a formData parameter), and the marks
 * are read back and removed afterwards.
 */
import { decodePointer, encodePointerSegment } from "./json-pointer.js";

type Json = Record<string, unknown>;

/** Not `x-s2o-…`: swagger2openapi copies every other extension when it moves a parameter. */
export const ORIGIN_KEY = "x-toolgen-swagger2-origin";
/** Where swagger2openapi (with `warnOnly`) writes a problem it found, on the object concerned. */
export const WARNING_KEY = "x-toolgen-swagger2-warning";

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch"]);
const MARKED_MAPS = new Set(["parameters", "responses", "definitions", "securityDefinitions"]);
/** AutoRest's second `paths` (keys with a fixed query part), moved into `paths` by swagger2.ts. */
export const MS_PATHS = "x-ms-paths";

/** The marked copy of a 2.0 description, as handed to the converter. */
export interface MarkedDocument {
  readonly document: Json;
  /**
   * Where each `$ref` entry of a parameter list sits in the 2.0 description. Such an entry cannot
   * carry a mark (the converter drops keys beside a `$ref`), so it is known by identity; this
   * also survives entries being taken out of the copy (see swagger2.ts on x-ms-paths).
   */
  readonly refOrigins: WeakMap<object, string>;
}

/**
 * A copy of `document` with marks. Copying also undoes YAML aliases (one object reached from two
 * places), which the converter would otherwise refuse, and which would carry one mark to both.
 */
export function markOrigins(document: Json): MarkedDocument {
  const refOrigins = new WeakMap<object, string>();
  return { document: copy(document, [], refOrigins) as Json, refOrigins };
}

function copy(node: unknown, path: readonly string[], refOrigins: WeakMap<object, string>): unknown {
  if (typeof node !== "object" || node === null) return node;
  if (Array.isArray(node)) return node.map((item, i) => copy(item, [...path, String(i)], refOrigins));
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    const childPath = [...path, key];
    const extension = key.startsWith("x-") && !(path.length === 0 && key === MS_PATHS);
    setOwn(out, key, !extension && isStructural(childPath) ? copy(value, childPath, refOrigins) : plainCopy(value));
  }
  if (isMarked(path)) {
    if (typeof out.$ref === "string") refOrigins.set(out, pointerOf(path));
    else out[ORIGIN_KEY] = pointerOf(path);
  }
  return out;
}

function plainCopy(node: unknown): unknown {
  if (typeof node !== "object" || node === null) return node;
  if (Array.isArray(node)) return node.map(plainCopy);
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) setOwn(out, key, plainCopy(value));
  return out;
}

/** Positions the walk keeps descending through to reach the marked ones (data below is copied as is). */
function isStructural(path: readonly string[]): boolean {
  const [top, , third = "", fourth] = path;
  if (top !== "paths" && top !== MS_PATHS) return MARKED_MAPS.has(top!) && path.length <= 2;
  switch (path.length) {
    case 1:
    case 2:
      return true;
    case 3:
      return third === "parameters" || METHODS.has(third);
    case 4:
      return third === "parameters" || (METHODS.has(third) && (fourth === "parameters" || fourth === "responses"));
    case 5:
      return METHODS.has(third);
    default:
      return false;
  }
}

/** Path items, operations, each parameter, each response, and every named component. */
function isMarked(path: readonly string[]): boolean {
  const [top, , third = "", fourth] = path;
  if (top !== "paths" && top !== MS_PATHS) return MARKED_MAPS.has(top!) && path.length === 2;
  switch (path.length) {
    case 2:
      return true;
    case 3:
      return METHODS.has(third);
    case 4:
      return third === "parameters";
    case 5:
      return METHODS.has(third) && (fourth === "parameters" || fourth === "responses");
    default:
      return false;
  }
}

function pointerOf(path: readonly string[]): string {
  return `#${path.map((segment) => `/${encodePointerSegment(segment)}`).join("")}`;
}

/** `__proto__` from JSON is an ordinary key; plain assignment would set the prototype instead. */
function setOwn(target: Json, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

export interface ConverterWarning {
  /** Pointer into the converted document of the object the converter complained about. */
  readonly pointer: string;
  readonly message: string;
}

/** Pointers of the converted document -> pointers of the 2.0 original. */
export class OriginMap {
  private readonly origins = new Map<string, string>();
  readonly warnings: ConverterWarning[] = [];

  /**
   * Reads the marks and the converter's warnings out of `converted` (removing both) and lines up
   * the parameter lists of `marked` with the shorter ones of `converted`.
   */
  constructor(converted: Json, marked: MarkedDocument) {
    this.collect(converted, "#");
    this.alignParameters(converted, marked);
  }

  /** The 2.0 pointer for a pointer into the converted document (unchanged when nothing moved it). */
  originalPointer(pointer: string): string {
    if (!pointer.startsWith("#")) return pointer;
    const segments = decodePointer(pointer.slice(1));
    for (let length = segments.length; length > 0; length--) {
      const prefix = pointerOf(segments.slice(0, length));
      const origin = this.origins.get(prefix) ?? (segments[length - 1] === "requestBody" ? this.formParameters(prefix) : undefined);
      if (origin === undefined) continue;
      let rest = segments.slice(length);
      // OpenAPI 3 puts a schema under content/<media type>/; in 2.0 it sits on the parameter or response.
      if (rest[0] === "content" && rest.length >= 2) rest = rest.slice(2);
      return `${origin}${rest.map((segment) => `/${encodePointerSegment(segment)}`).join("")}`;
    }
    return pointer;
  }

  /**
   * A requestBody made of formData parameters carries no mark of its own (each form field carries
   * its parameter's): it stands for the operation's parameter list.
   */
  private formParameters(requestBody: string): string | undefined {
    for (const [pointer, origin] of this.origins) {
      if (pointer.startsWith(`${requestBody}/content/`)) return origin.replace(/\/\d+$/, "");
    }
    return undefined;
  }

  private collect(node: unknown, pointer: string): void {
    if (typeof node !== "object" || node === null) return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => this.collect(item, `${pointer}/${i}`));
      return;
    }
    const record = node as Json;
    const origin = record[ORIGIN_KEY];
    if (typeof origin === "string") {
      if (!this.origins.has(pointer)) this.origins.set(pointer, origin);
      delete record[ORIGIN_KEY];
    }
    const warning = record[WARNING_KEY];
    if (warning !== undefined) {
      this.warnings.push({ pointer, message: String(warning) });
      delete record[WARNING_KEY];
    }
    for (const [key, value] of Object.entries(record)) this.collect(value, `${pointer}/${encodePointerSegment(key)}`);
  }

  /**
   * A converted parameter list is the 2.0 list minus its body and formData parameters, in the
   * same order. A `$ref` entry carries no mark, so the lists are walked side by side: a marked
   * entry meets its mark, a `$ref` entry the next `$ref` of the 2.0 list.
   */
  private alignParameters(converted: Json, marked: MarkedDocument): void {
    const paths = converted.paths;
    if (!isRecord(paths)) return;
    const homes = [marked.document.paths, marked.document[MS_PATHS]].filter(isRecord);
    for (const [path, item] of Object.entries(paths)) {
      // An operation of x-ms-paths was moved into paths after conversion.
      const originalItem = homes.map((home) => home[path]).find(isRecord);
      if (!isRecord(item) || originalItem === undefined) continue;
      const itemPointer = pointerOf(["paths", path]);
      this.alignList(item.parameters, originalItem.parameters, `${itemPointer}/parameters`, marked.refOrigins);
      for (const method of METHODS) {
        const operation = item[method];
        const originalOperation = originalItem[method];
        if (isRecord(operation) && isRecord(originalOperation)) {
          this.alignList(operation.parameters, originalOperation.parameters, `${itemPointer}/${method}/parameters`, marked.refOrigins);
        }
      }
    }
  }

  private alignList(list: unknown, originalList: unknown, pointer: string, refOrigins: WeakMap<object, string>): void {
    if (!Array.isArray(list) || !Array.isArray(originalList)) return;
    let j = 0;
    list.forEach((entry, i) => {
      const at = `${pointer}/${i}`;
      const mark = this.origins.get(at);
      const isRef = isRecord(entry) && typeof entry.$ref === "string";
      for (; j < originalList.length; j++) {
        const candidate = originalList[j] as unknown;
        if (!isRecord(candidate)) continue;
        const origin = candidate[ORIGIN_KEY] ?? refOrigins.get(candidate);
        if (mark !== undefined ? origin === mark : isRef && typeof candidate.$ref === "string") {
          if (typeof origin === "string") this.origins.set(at, origin);
          j++;
          return;
        }
      }
    });
  }
}

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
