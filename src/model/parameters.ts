/**
 * Parameter Objects (OpenAPI 3.0 §4.7.12): path-level and operation-level lists merged (the
 * operation's entry wins for the same `in` + `name`), references resolved, style and explode
 * defaulted per location (§4.7.12.2 "style", "explode"). A parameter with no name or an unknown
 * `in` cannot be sent: it is left out with a warning naming it (openapi-typescript types it and
 * goes on, so refusing the description would be stricter than the schema types are).
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { BadInputError } from "../load/bad-input-error.js";
import type { ParameterLocation, ParameterStyle } from "../runtime/operation.js";
import { isObject, resolveLocal } from "./local-ref.js";
import type { ParameterModel, SchemaNode } from "./toolkit-model.js";
import { valueShapeOf } from "./value-shape.js";

const LOCATIONS: readonly ParameterLocation[] = ["path", "query", "header", "cookie"];
const DEFAULT_STYLE: Record<ParameterLocation, ParameterStyle> = {
  path: "simple",
  query: "form",
  header: "simple",
  cookie: "form",
};
const STYLES = new Set(["matrix", "label", "simple", "form", "spaceDelimited", "pipeDelimited", "deepObject"]);

/** A parameter before its input key is assigned. */
export type RawParameter = Omit<ParameterModel, "key">;

export function readParameters(
  document: OpenApiDocument,
  pathItemParams: unknown,
  operationParams: unknown,
  pathItemPointer: string,
  operationPointer: string,
  warn: (message: string) => void,
): RawParameter[] {
  const byKey = new Map<string, RawParameter>();
  const lists: [unknown, string][] = [
    [pathItemParams, `${pathItemPointer}/parameters`],
    [operationParams, `${operationPointer}/parameters`],
  ];
  for (const [list, listPointer] of lists) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new BadInputError("parameters must be a list", listPointer);
    list.forEach((entry, index) => {
      const parameter = readParameter(document, entry, `${listPointer}/${index}`, warn);
      if (parameter === undefined) return;
      // Header names are case-insensitive (RFC 9110 §5.1); the others are not.
      const id = `${parameter.in}:${parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name}`;
      byKey.delete(id);
      byKey.set(id, parameter);
    });
  }
  return [...byKey.values()].filter(
    // §4.7.12.1: Accept, Content-Type and Authorization header parameters are ignored.
    (p) => !(p.in === "header" && ["accept", "content-type", "authorization"].includes(p.name.toLowerCase())),
  );
}

function readParameter(document: OpenApiDocument, entry: unknown, at: string, warn: (message: string) => void): RawParameter | undefined {
  const { value, pointer } = resolveLocal(document, entry, at);
  if (!isObject(value)) throw new BadInputError("a parameter must be an object", pointer);
  const name = value.name;
  const location = value.in;
  if (typeof name !== "string" || name === "") {
    warn(`${pointer}: the parameter has no name, so it cannot be sent; it is left out`);
    return undefined;
  }
  if (typeof location !== "string" || !LOCATIONS.includes(location as ParameterLocation)) {
    warn(`${pointer}: the parameter "${name}" has an unknown location "${String(location)}" (OpenAPI 3 allows path, query, header and cookie); it is left out`);
    return undefined;
  }
  const loc = location as ParameterLocation;
  const style = typeof value.style === "string" && STYLES.has(value.style) ? (value.style as ParameterStyle) : DEFAULT_STYLE[loc];
  let schema = value.schema as SchemaNode | undefined;
  let json = false;
  if (schema === undefined && isObject(value.content)) {
    const [mediaType, media] = Object.entries(value.content)[0] ?? [];
    if (mediaType !== undefined && isObject(media)) {
      schema = media.schema as SchemaNode | undefined;
      json = /json/i.test(mediaType);
    }
  }
  return {
    name,
    in: loc,
    // §4.7.12.1: path parameters are always required.
    required: loc === "path" ? true : value.required === true,
    deprecated: value.deprecated === true,
    ...(typeof value.description === "string" ? { description: value.description } : {}),
    ...(schema !== undefined ? { schema } : {}),
    style,
    explode: typeof value.explode === "boolean" ? value.explode : style === "form",
    allowReserved: value.allowReserved === true,
    json,
    ...shapeOf(document, schema, json),
    pointer: pointer === at ? at : pointer,
  };
}

/** A JSON-text parameter (`content`) takes any shape; otherwise what its schema declares. */
function shapeOf(document: OpenApiDocument, schema: SchemaNode | undefined, json: boolean): Pick<RawParameter, "shape"> {
  const shape = json || schema === undefined ? undefined : valueShapeOf(document, schema);
  return shape ? { shape } : {};
}
