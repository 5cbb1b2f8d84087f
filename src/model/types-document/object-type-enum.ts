/**
 * `type: object` beside an `enum` of strings or numbers (Mercedes-Benz's configurator:
 * `ProductGroup: {type: object, enum: [PKW, VAN, SMART], properties: {name: …}}`). No value is both
 * an object and one of the strings, and openapi-typescript reads an object's `enum` as a list of
 * schemas: it stops with "Expected SchemaObject, received string". Values that are no objects can
 * never match, so they are left out of the types; when no object value is left, neither is the
 * `enum`, and the schema is typed as the object it describes, with one warning.
 */
import { isObject } from "../local-ref.js";
import { forEachDescriptionObject } from "./ref-holders.js";

type Json = Record<string, unknown>;

/** The object schemas whose `enum` holds values that are no objects. */
export function planObjectTypeEnums(document: Json): Json[] {
  const found: Json[] = [];
  forEachDescriptionObject(document, (node) => {
    if (node.type === "object" && Array.isArray(node.enum) && node.enum.some((value) => !keeps(value))) found.push(node);
  });
  return found;
}

export function dropNonObjectEnumValues(schemas: readonly Json[]): void {
  for (const schema of schemas) {
    const values = (schema.enum as unknown[]).filter(keeps);
    if (values.some(isObject)) schema.enum = values;
    else delete schema.enum;
  }
}

/** An object value, or null (which openapi-typescript types as `never` there). */
function keeps(value: unknown): boolean {
  return value === null || isObject(value);
}
