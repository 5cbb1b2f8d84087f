/**
 * The vocabulary every walk over a whole description shares: which keys hold data rather than
 * description structure, and which hold maps keyed by names. Example values, defaults, enums and
 * `x-` extensions are data, so a `$ref`, an `allOf` or a `title` inside them is never touched;
 * under a map of names (`properties`, `paths`, `content` …) every key is a name, even `example`
 * or `x-foo`, and every value is an OpenAPI or JSON Schema object.
 */

/**
 * Values that are data (an Example Object's `value` included, and 3.2's `dataValue` and
 * `serializedValue`), never OpenAPI or JSON Schema objects.
 */
const DATA_KEYS: ReadonlySet<string> = new Set(["example", "examples", "default", "enum", "const", "value", "dataValue", "serializedValue"]);

/** Whether the value under `key` of a keyword object is data: never walked into. */
export function isDataKey(key: string): boolean {
  return DATA_KEYS.has(key) || key.startsWith("x-");
}

/**
 * Fields whose value, when it is an object (not an array: a path item's `parameters` is a list of
 * keyword objects), is a map keyed by names.
 */
export const NAME_MAPS: ReadonlySet<string> = new Set([
  "paths",
  "webhooks",
  "properties",
  "patternProperties",
  "dependentSchemas",
  "$defs",
  "definitions",
  "schemas",
  "parameters",
  "responses",
  "requestBodies",
  "headers",
  "content",
  "encoding",
  "pathItems",
  // OpenAPI 3.2: operations by method name, Media Type Objects by component name.
  "additionalOperations",
  "mediaTypes",
  "links",
  "variables",
  "securitySchemes",
  "mapping",
  "scopes",
  "security",
]);

/** A map of callbacks is a map of maps (callback name → expression → path item). */
export const MAPS_OF_MAPS: ReadonlySet<string> = new Set(["callbacks"]);
