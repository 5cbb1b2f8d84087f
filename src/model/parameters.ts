/**
 * Parameter Objects (OpenAPI 3.0 §4.7.12): path-level and operation-level lists merged (the
 * operation's entry wins for the same `in` + `name`), references resolved, style and explode
 * defaulted per location (§4.7.12.2 "style", "explode"). A parameter with no name or an unknown
 * `in` cannot be sent: it is left out with a warning naming it (openapi-typescript types it and
 * goes on, so refusing the description would be stricter than the schema types are).
 *
 * OpenAPI 3.2's `in: querystring` is the whole query string, described by `content`: its value is
 * the content's schema, sent by its media type (runtime build-url.ts). 3.2 forbids it beside
 * `in: query` parameters and more than once per operation; both would leave the query string
 * with two owners, so either is refused.
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { BadInputError } from "../load/bad-input-error.js";
import type { ParameterLocation, ParameterStyle } from "../runtime/operation.js";
import { escapePointerSegment, isObject, resolveLocal } from "./local-ref.js";
import type { ParameterModel, SchemaNode } from "./toolkit-model.js";
import { isJsonMediaType } from "./media-type.js";
import { valueShapeOf } from "./value-shape.js";
import { isIdempotencyKeyHeader } from "../runtime/retry.js";

const LOCATIONS: readonly ParameterLocation[] = ["path", "query", "querystring", "header", "cookie"];
const DEFAULT_STYLE: Record<ParameterLocation, ParameterStyle> = {
  path: "simple",
  query: "form",
  // Not used to serialise (the media type decides); form with explode is what its form fields get.
  querystring: "form",
  header: "simple",
  cookie: "form",
};
const STYLES = new Set(["matrix", "label", "simple", "form", "spaceDelimited", "pipeDelimited", "deepObject"]);

/**
 * Marks the operation's first `Idempotency-Key` / `X-Idempotency-Key` header parameter (any case)
 * with a scalar value: the runtime fills it with a random key per call, sends the same key on each
 * retry (runtime/retry.ts), so the caller and the model need not pass it: it is made optional.
 */
export function markIdempotencyKey(parameters: ParameterModel[]): ParameterModel[] {
  const index = parameters.findIndex((p) => p.in === "header" && isIdempotencyKeyHeader(p.name) && (p.shape === undefined || p.shape === "scalar") && !p.credential);
  if (index < 0) return parameters;
  return parameters.map((p, i) => (i === index ? { ...p, required: false, idempotencyKey: true } : p));
}

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
  const parameters = [...byKey.values()].filter(
    // §4.7.12.1: Accept, Content-Type and Authorization header parameters are ignored.
    (p) => !(p.in === "header" && ["accept", "content-type", "authorization"].includes(p.name.toLowerCase())),
  );
  checkQueryStringOwner(parameters);
  return parameters;
}

/** One owner of the query string: a `querystring` parameter alone, or `query` parameters. */
function checkQueryStringOwner(parameters: readonly RawParameter[]): void {
  const whole = parameters.filter((p) => p.in === "querystring");
  if (whole.length === 0) return;
  const [first, second] = whole;
  if (second !== undefined) {
    throw new BadInputError(`two in: querystring parameters ("${first!.name}" and "${second.name}"), but the query string can only be one of them`, second.pointer);
  }
  const query = parameters.find((p) => p.in === "query");
  if (query !== undefined) {
    throw new BadInputError(`the in: querystring parameter "${first!.name}" is the whole query string, so in: query parameters ("${query.name}", ${query.pointer}) cannot be beside it`, first!.pointer);
  }
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
    warn(`${pointer}: the parameter "${name}" has an unknown location "${String(location)}" (OpenAPI 3 allows path, query, header and cookie, and 3.2 querystring); it is left out`);
    return undefined;
  }
  const loc = location as ParameterLocation;
  const style = typeof value.style === "string" && STYLES.has(value.style) ? (value.style as ParameterStyle) : DEFAULT_STYLE[loc];
  let schema = value.schema as SchemaNode | undefined;
  let json = false;
  if ((schema === undefined || loc === "querystring") && isObject(value.content)) {
    const [mediaType, entry] = Object.entries(value.content)[0] ?? [];
    // 3.2: a Media Type Object may be a $ref (into components.mediaTypes).
    const media = mediaType !== undefined ? resolveLocal(document, entry, `${pointer}/content/${escapePointerSegment(mediaType)}`).value : undefined;
    if (mediaType !== undefined && isObject(media)) {
      schema = media.schema as SchemaNode | undefined;
      // A querystring of `application/jsonpath` is a string, not JSON text.
      json = loc === "querystring" ? isJsonMediaType(mediaType) : /json/i.test(mediaType);
    }
  } else if (loc === "querystring") {
    warn(`${pointer}: the querystring parameter "${name}" has no content (a media type saying how the query string is written); it is left out`);
    return undefined;
  }
  if (value.style === "cookie") warn(`${pointer}: style "cookie" (OpenAPI 3.2) is sent as style "form": values are percent-encoded`);
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
