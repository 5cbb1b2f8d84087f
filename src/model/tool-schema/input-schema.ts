/**
 * A tool's `parameters`: the JSON Schema of the flat input object of DESIGN.md, as the model
 * sees it. Path and query parameters (or 3.2's querystring, the content's schema) by input key,
 * then the request body's properties (or the whole body under its key), exactly the keys the
 * generated function takes, so the arguments a model writes are passed on unchanged.
 *
 * Left out of the model's view:
 * - header and cookie parameters: the app supplies them (client options), and they are mostly
 *   credentials and tracing. A parameter opts in with the extension `x-toolgen-model: true`.
 * - a parameter that is an apiKey security scheme's credential (same name and location), even
 *   with `x-toolgen-model`: the client sends it from `configure({ auth })`.
 * - properties with `x-ebagent-fixed-value` (the reference's extension): the value is forced on
 *   every call, so the model is not asked for it (the reference showed them and then overwrote).
 *   Only top-level properties and parameters are read, which is where the reference applies it.
 *
 * The root is closed (`additionalProperties: false`) unless a flat body declares itself an open
 * map, so an argument the model invented is reported instead of silently dropped.
 */
import type { OpenApiDocument } from "../../load/loaded-description.js";
import { setOwn, type JsonObjectSchema, type JsonSchema } from "../../runtime/validation/json-schema.js";
import { getPointer, isObject, resolveLocal } from "../local-ref.js";
import type { OperationModel, ParameterModel } from "../toolkit-model.js";
import { convertSchema, type SchemaBudget } from "./convert.js";
import type { Draft } from "./draft-schema.js";

/** The OpenAPI extension that shows a header or cookie parameter to the model. */
export const MODEL_VISIBLE_EXTENSION = "x-toolgen-model";
/** The reference's extension for a value the client always sends itself. */
export const FIXED_VALUE_EXTENSION = "x-ebagent-fixed-value";

export interface InputSchema {
  readonly schema: JsonObjectSchema;
  /** Input keys with a forced value (`x-ebagent-fixed-value`), merged into every call. */
  readonly fixed?: Readonly<Record<string, unknown>>;
}

export function inputSchemaOf(op: OperationModel, document: OpenApiDocument, budget: SchemaBudget): InputSchema {
  const convert = (node: unknown): JsonSchema => convertSchema(node, { document, direction: "request", budget });
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const fixed: Record<string, unknown> = {};
  let additionalProperties: boolean | JsonSchema = false;

  for (const parameter of op.parameters) {
    if (!visibleToModel(parameter, document)) continue;
    const forced = fixedValueOf(parameter.schema, document);
    if (forced !== undefined) {
      setOwn(fixed, parameter.key, forced);
      continue;
    }
    setOwn(properties, parameter.key, parameterSchema(parameter, convert(parameter.schema)));
    if (parameter.required) required.push(parameter.key);
  }

  const body = op.body;
  if (body && body.key === null) {
    const flat = flatObject(convert(body.schema));
    const raw = rawProperties(body.schema, document);
    for (const [name, schema] of Object.entries(flat.properties)) {
      const forced = fixedValueOf(raw.get(name), document);
      if (forced !== undefined) {
        setOwn(fixed, name, forced);
        continue;
      }
      setOwn(properties, name, schema);
    }
    for (const name of flat.required) if (Object.hasOwn(properties, name)) required.push(name);
    if (flat.additionalProperties !== undefined && flat.additionalProperties !== false) additionalProperties = flat.additionalProperties;
  } else if (body && body.key !== null) {
    let schema: Draft = { ...convert(body.schema) };
    if (body.description !== undefined && schema.description === undefined) schema.description = body.description;
    if (body.encoding === "binary" && schema.type === undefined) schema = { type: "string", format: "binary", ...schema };
    setOwn(properties, body.key, schema);
    if (body.required) required.push(body.key);
  }

  const schema: Draft & { type: "object"; properties: Record<string, JsonSchema> } = { type: "object", properties };
  if (required.length > 0) schema.required = [...new Set(required)];
  schema.additionalProperties = additionalProperties;
  return { schema, ...(Object.keys(fixed).length > 0 ? { fixed } : {}) };
}

function visibleToModel(parameter: ParameterModel, document: OpenApiDocument): boolean {
  // The key of an apiKey scheme the operation uses: the app's secret, never the model's to see or write.
  if (parameter.credential) return false;
  if (parameter.in === "path" || parameter.in === "query" || parameter.in === "querystring") return true;
  const raw = getPointer(document, parameter.pointer);
  return isObject(raw) && raw[MODEL_VISIBLE_EXTENSION] === true;
}

/** The parameter's schema with the parameter's own description and flags, which win. */
function parameterSchema(parameter: ParameterModel, converted: JsonSchema): JsonSchema {
  const out: Draft = { ...converted };
  let description = parameter.description ?? converted.description;
  if (parameter.key !== parameter.name) {
    const where = `(the ${parameter.in} parameter "${parameter.name}")`;
    description = description ? `${description} ${where}` : where;
  }
  if (description !== undefined) out.description = description;
  if (parameter.deprecated) out.deprecated = true;
  return out;
}

interface FlatObject {
  readonly properties: Readonly<Record<string, JsonSchema>>;
  readonly required: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
}

/**
 * The properties of a converted object body. The model stage only flattens bodies whose
 * properties are known (plain objects, or allOfs of them), so an unmerged allOf is read part by
 * part here.
 */
function flatObject(schema: JsonSchema): FlatObject {
  if (schema.allOf && !schema.properties) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    let additional: boolean | JsonSchema | undefined;
    for (const part of schema.allOf) {
      const flat = flatObject(part);
      for (const [name, property] of Object.entries(flat.properties)) setOwn(properties, name, property);
      required.push(...flat.required);
      if (flat.additionalProperties !== undefined && flat.additionalProperties !== false) additional = flat.additionalProperties;
    }
    return { properties, required, ...(additional !== undefined ? { additionalProperties: additional } : {}) };
  }
  return {
    properties: schema.properties ?? {},
    required: schema.required ?? [],
    ...(schema.additionalProperties !== undefined ? { additionalProperties: schema.additionalProperties } : {}),
  };
}

/** Raw (unconverted) top-level property schemas of an object body, following `$ref` and `allOf`. */
function rawProperties(node: unknown, document: OpenApiDocument, seen = new Set<unknown>()): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const { value } = safeResolve(document, node);
  if (!isObject(value) || seen.has(value)) return out;
  seen.add(value);
  if (isObject(value.properties)) for (const [name, schema] of Object.entries(value.properties)) out.set(name, schema);
  if (Array.isArray(value.allOf)) {
    for (const part of value.allOf) for (const [name, schema] of rawProperties(part, document, seen)) if (!out.has(name)) out.set(name, schema);
  }
  return out;
}

function fixedValueOf(node: unknown, document: OpenApiDocument): unknown {
  if (!isObject(node)) return undefined;
  if (node[FIXED_VALUE_EXTENSION] !== undefined && node[FIXED_VALUE_EXTENSION] !== null) return node[FIXED_VALUE_EXTENSION];
  const { value } = safeResolve(document, node);
  if (!isObject(value) || value === node) return undefined;
  const forced = value[FIXED_VALUE_EXTENSION];
  return forced === null ? undefined : forced;
}

function safeResolve(document: OpenApiDocument, node: unknown): { value: unknown } {
  try {
    return resolveLocal(document, node, "#");
  } catch {
    return { value: undefined };
  }
}
