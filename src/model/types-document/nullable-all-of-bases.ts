/**
 * A schema that lists `required` beside an `allOf` whose part is a `$ref` to a nullable schema
 * (Plaid: `allOf: [$ref: PlaidError]` with `PlaidError.nullable: true`, and `required: [...]`):
 * openapi-typescript makes the part `WithRequired<PlaidError, "error_type" | …>`, whose type
 * `PlaidError | null` has no keys, so the output does not compile (TS2344).
 *
 * `null` can only be the value of the whole when every part admits it; inside the intersection
 * the part stands for its object form. Each such part is pointed at a twin of the base without
 * `null` (`PlaidError_nonNull`), so the whole keeps its own `nullable` and the base its type.
 */
import { isObject } from "../local-ref.js";
import { componentSchemaName, componentSchemaRef, freeComponentName } from "./component-ref.js";
import { forEachDescriptionObject } from "./ref-holders.js";
import { admitsNullByType } from "./schema-keywords.js";

type Json = Record<string, unknown>;

/** The `allOf` parts (by holder) that need the twin, and the base each names. */
export function planNullableAllOfBases(document: Json): Map<Json, string> {
  const schemas = isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  const parts = new Map<Json, string>();
  forEachDescriptionObject(document, (node) => {
    if (!Array.isArray(node.allOf) || !Array.isArray(node.required) || node.required.length === 0) return;
    for (const part of node.allOf) {
      const name = isObject(part) ? componentSchemaName(part.$ref) : undefined;
      const base = name === undefined ? undefined : schemas[name];
      if (!isObject(base) || !admitsNullByType(base) || !isObject(base.properties)) continue;
      const properties = base.properties;
      // openapi-typescript adds WithRequired only for keys the base defines.
      if (node.required.some((key) => typeof key === "string" && Object.hasOwn(properties, key))) parts.set(part as Json, name!);
    }
  });
  return parts;
}

/** Points each planned part at the twin of its base, adding each twin once. */
export function twinNullableAllOfBases(document: Json, parts: Map<Json, string>): string[] {
  const schemas = (document.components as Json).schemas as Json;
  const twins = new Map<string, string>();
  for (const [part, base] of parts) {
    let twin = twins.get(base);
    if (twin === undefined) {
      twin = freeComponentName(schemas, `${base}_nonNull`);
      schemas[twin] = withoutNull(schemas[base] as Json);
      twins.set(base, twin);
    }
    part.$ref = componentSchemaRef(twin);
  }
  return [...twins.values()];
}

function withoutNull(schema: Json): Json {
  const { nullable: _nullable, ...rest } = schema;
  if (rest.type === "null") delete rest.type;
  else if (Array.isArray(rest.type)) {
    const types = rest.type.filter((t) => t !== "null");
    if (types.length === 1) rest.type = types[0];
    else rest.type = types;
  }
  return rest;
}
