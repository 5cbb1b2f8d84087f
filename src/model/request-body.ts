/**
 * Request Body Object (OpenAPI 3.0 §4.7.13) and Encoding Object (§4.7.15). Decides whether the
 * body's properties can sit flat in the function's input beside the parameters (DESIGN.md:
 * "one flat object") or must go under one key. Flattening needs an object body whose property
 * names are known and collide with no parameter; anything else (arrays, unions, maps, binary)
 * goes under `body`. An object that may be null is flattened all the same: the flat input cannot
 * be null, so that value is the one it cannot send.
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { BadInputError } from "../load/bad-input-error.js";
import { escapePointerSegment, isObject, resolveLocal } from "./local-ref.js";
import { bodyEncodingOf, pickRequestMediaType } from "./media-type.js";
import type { BodyFieldModel, BodyModel, SchemaNode } from "./toolkit-model.js";
import type { ParameterStyle } from "../runtime/operation.js";

export interface RawBody {
  readonly mediaType: string;
  readonly mediaTypes: readonly string[];
  readonly required: boolean;
  readonly description?: string;
  readonly schema?: SchemaNode;
  readonly fields?: Readonly<Record<string, BodyFieldModel>>;
  /** Known property names when the schema is a plain object (or an allOf of them); else undefined. */
  readonly objectProperties?: readonly string[];
  /** Property names listed as required in that object schema. */
  readonly requiredProperties: readonly string[];
  /** That object schema admits null too. */
  readonly nullable: boolean;
}

/**
 * GET and HEAD requests carry no body: HTTP gives one no meaning (RFC 9110 §9.3.1, §9.3.2) and
 * `fetch` refuses to send it, so every call would fail. Such an operation gets no body input and
 * its tool no body fields; the description's body is reported once as a warning. QUERY (3.2's
 * `query`) keeps its body: a safe request whose body says what to find is what the method is for.
 */
const NO_BODY_METHODS = new Set(["get", "head"]);

/** Whether the model gives an operation of this method a body at all (not GET or HEAD). */
export function methodCarriesBody(method: string): boolean {
  return !NO_BODY_METHODS.has(method.toLowerCase());
}

export function readRequestBody(document: OpenApiDocument, node: unknown, at: string, method: string, warn: (message: string) => void): RawBody | undefined {
  if (node === undefined) return undefined;
  const { value, pointer } = resolveLocal(document, node, at);
  if (!isObject(value)) throw new BadInputError("requestBody must be an object", pointer);
  if (!methodCarriesBody(method)) {
    warn(`${at}: a ${method.toUpperCase()} request cannot carry a body (fetch refuses one and HTTP gives it no meaning); the requestBody is ignored`);
    return undefined;
  }
  if (!isObject(value.content)) return undefined;
  const mediaTypes = Object.keys(value.content);
  const mediaType = pickRequestMediaType(mediaTypes);
  if (mediaType === undefined) return undefined;
  // 3.2: a Media Type Object may be a $ref (into components.mediaTypes).
  const { value: media, pointer: mediaPointer } = resolveLocal(document, value.content[mediaType], `${pointer}/content/${escapePointerSegment(mediaType)}`);
  const schema = isObject(media) ? (media.schema as SchemaNode | undefined) : undefined;
  if (isObject(media) && (media.itemEncoding !== undefined || media.prefixEncoding !== undefined)) {
    warn(`${mediaPointer}: itemEncoding and prefixEncoding (OpenAPI 3.2) are not used: the body is sent as named multipart/form-data parts`);
  }
  const shape = schema === undefined ? undefined : objectShape(document, schema, `${pointer}/content`, new Set());
  const fields = isObject(media) && isObject(media.encoding) ? readEncoding(media.encoding) : undefined;
  return {
    mediaType,
    mediaTypes,
    required: value.required === true,
    ...(typeof value.description === "string" ? { description: value.description } : {}),
    ...(schema !== undefined ? { schema } : {}),
    ...(fields ? { fields } : {}),
    ...(shape ? { objectProperties: shape.properties } : {}),
    requiredProperties: shape?.required ?? [],
    nullable: shape?.nullable ?? false,
  };
}

function readEncoding(encoding: Record<string, unknown>): Record<string, BodyFieldModel> {
  const fields: Record<string, BodyFieldModel> = {};
  for (const [name, entry] of Object.entries(encoding)) {
    if (!isObject(entry)) continue;
    fields[name] = {
      ...(typeof entry.contentType === "string" ? { contentType: entry.contentType } : {}),
      ...(typeof entry.style === "string" ? { style: entry.style as ParameterStyle } : {}),
      ...(typeof entry.explode === "boolean" ? { explode: entry.explode } : {}),
    };
  }
  return fields;
}

/**
 * Property names of an object schema, following `$ref` and `allOf`. `undefined` when the shape
 * is not a plain object: a union, an array, a primitive, or a pure map. `nullable` when null is
 * a value too: the schema says `nullable: true`, or each of its `allOf` parts does (openapi-typescript
 * types them `(A | null) & (B | null)`, which holds null).
 */
function objectShape(
  document: OpenApiDocument,
  node: unknown,
  at: string,
  seen: Set<unknown>,
): { properties: string[]; required: string[]; nullable: boolean } | undefined {
  const { value } = resolveLocal(document, node, at);
  if (!isObject(value) || seen.has(value)) return undefined;
  seen.add(value);
  if (value.oneOf !== undefined || value.anyOf !== undefined || value.not !== undefined) return undefined;
  const type = value.type;
  if (type !== undefined && type !== "object") return undefined;
  const properties = new Set<string>(isObject(value.properties) ? Object.keys(value.properties) : []);
  const required = new Set<string>(Array.isArray(value.required) ? value.required.filter((r): r is string => typeof r === "string") : []);
  let nullable = value.nullable === true;
  if (Array.isArray(value.allOf)) {
    let partsNullable = value.allOf.length > 0;
    for (const part of value.allOf) {
      const shape = objectShape(document, part, at, seen);
      if (!shape) return undefined;
      shape.properties.forEach((p) => properties.add(p));
      shape.required.forEach((r) => required.add(r));
      partsNullable &&= shape.nullable;
    }
    nullable ||= partsNullable;
  }
  // A map (`additionalProperties` as a schema or true, no properties) has unknown keys; an empty
  // object (a tool-manager tool without input) is an object with no fields.
  const map = value.additionalProperties !== undefined && value.additionalProperties !== false;
  if (properties.size === 0 && (map || value.allOf === undefined && type === undefined)) return undefined;
  return { properties: [...properties], required: [...required], nullable };
}

/** Final body model once parameter keys are known. */
export function finishBody(raw: RawBody, parameterKeys: ReadonlySet<string>, bodyKey: string): BodyModel {
  const encoding = bodyEncodingOf(raw.mediaType);
  const objectLike = encoding === "json" || encoding === "form" || encoding === "multipart";
  const props = raw.objectProperties;
  const flatten =
    objectLike &&
    props !== undefined &&
    !props.some((p) => parameterKeys.has(p)) &&
    // An optional body with required properties cannot be flat: "absent" and "present" differ.
    (raw.required || raw.requiredProperties.length === 0);
  return {
    mediaType: raw.mediaType,
    mediaTypes: raw.mediaTypes,
    encoding,
    required: raw.required,
    ...(raw.description !== undefined ? { description: raw.description } : {}),
    ...(raw.schema !== undefined ? { schema: raw.schema } : {}),
    key: flatten ? null : bodyKey,
    // stream-io's request schemas are `nullable: true` objects.
    ...(raw.nullable ? { nullable: true as const } : {}),
    propertyNames: props ?? [],
    ...(raw.fields ? { fields: raw.fields } : {}),
  };
}
