/**
 * `allOf` simplification. OpenAPI descriptions use `allOf` mostly for two things: to extend an
 * object (`allOf: [Base, { properties }]`) and to annotate a `$ref` (`allOf: [$ref], description`).
 * Both are rewritten into one plain schema, which models and OpenAI strict mode read far better.
 * Anything that is not clearly one of those (conflicting types, open maps, constraints the merge
 * could change) keeps its `allOf`, so the meaning never changes.
 */
import { setOwn, type JsonSchema } from "../../runtime/validation/json-schema.js";
import type { Draft } from "./draft-schema.js";

/** Keys an object part may have and still merge. */
const OBJECT_KEYS = new Set(["type", "description", "properties", "required", "additionalProperties", "deprecated", "default"]);
/** Keys of the outer schema that only annotate. */
const ANNOTATIONS = new Set(["description", "default", "deprecated"]);

export function mergeAllOf(schema: Draft): Draft {
  const parts = schema.allOf;
  if (!parts || parts.length === 0) return schema;
  const { allOf: _parts, ...outer } = schema;

  // allOf: [X] with only annotations beside it: X with those annotations.
  if (parts.length === 1 && Object.keys(outer).every((k) => ANNOTATIONS.has(k) || (k === "type" && sameType(outer.type, parts[0]!.type)))) {
    return { ...parts[0]!, ...outer };
  }

  const all = [outer, ...parts];
  if (!all.every(isMergeableObject)) return schema;
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  let closed = true;
  for (const part of all) {
    for (const [name, property] of Object.entries(part.properties ?? {})) {
      const existing = Object.hasOwn(properties, name) ? properties[name] : undefined;
      // The same property constrained twice: both constraints apply.
      setOwn(properties, name, existing === undefined ? property : { allOf: [existing, property] });
    }
    for (const name of part.required ?? []) required.add(name);
    if (part.additionalProperties !== false) closed = false;
  }
  const description = outer.description ?? parts.find((p) => p.description !== undefined)?.description;
  const merged: Draft = { type: "object" };
  if (description !== undefined) merged.description = description;
  if (outer.default !== undefined) merged.default = outer.default;
  if (all.some((p) => p.deprecated === true)) merged.deprecated = true;
  merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  // additionalProperties: false in one part of an allOf forbids the other parts' properties;
  // merged, it means "closed" only when every part said so.
  if (closed) merged.additionalProperties = false;
  return merged;
}

/**
 * Drops `required` names no property defines: those of properties removed from this direction
 * (readOnly ones in a request), and names a description lists without defining. Run on a whole
 * schema after its `allOf` parts were merged, never on one part, where a name may be required in
 * one part and defined in another (DigitalOcean's volumes: `required` beside the last part, the
 * properties in the `$ref`ed base). An `allOf` that stays unmerged is checked against the
 * properties of all its parts together. A schema that defines no properties at all keeps its
 * `required` as written.
 */
export function dropUndeclaredRequired(schema: Draft): Draft {
  const defined = definedNames(schema);
  if (defined === undefined) return schema;
  return withRequiredIn(schema, defined);
}

function withRequiredIn(schema: JsonSchema, defined: ReadonlySet<string>): Draft {
  const out: Draft = { ...schema };
  if (schema.required) {
    const kept = schema.required.filter((name) => defined.has(name));
    if (kept.length > 0) out.required = kept;
    else delete out.required;
  }
  if (schema.allOf) out.allOf = schema.allOf.map((part) => withRequiredIn(part, defined));
  return out;
}

/** Property names of a schema and, when it stays an allOf, of its parts; `undefined` when none defines any. */
function definedNames(schema: JsonSchema, into = new Set<string>()): Set<string> | undefined {
  let any = false;
  if (schema.properties) {
    any = true;
    for (const name of Object.keys(schema.properties)) into.add(name);
  }
  if (schema.allOf) for (const part of schema.allOf) if (definedNames(part, into)) any = true;
  return any ? into : undefined;
}

function isMergeableObject(part: JsonSchema): boolean {
  if (!Object.keys(part).every((k) => OBJECT_KEYS.has(k))) return false;
  if (part.type !== undefined && part.type !== "object") return false;
  if (part.additionalProperties !== undefined && part.additionalProperties !== false) return false;
  return true;
}

function sameType(a: JsonSchema["type"], b: JsonSchema["type"]): boolean {
  return a === undefined || JSON.stringify(a) === JSON.stringify(b);
}
