/**
 * Sequential media types (OpenAPI 3.2 §4.14.1 "Sequential Media Types"): an answer whose items
 * arrive one by one, each typed by the Media Type Object's `itemSchema`. Descriptions written
 * before 3.2 say the same with `schema` alone, and the rules below read them the way their
 * authors (OpenAI, opencode) and the generators that read them (hey-api, kubb) do:
 *
 * - `itemSchema` (3.2, and 3.1 documents as FastAPI and ASP.NET Core write them) is the item.
 *   For an event stream the item is the parsed event `{ data, event?, id?, retry? }`, whose
 *   `data` is JSON when it declares `contentMediaType: application/json` (or a `contentSchema`).
 * - Without `itemSchema`, an event stream's `schema` types each event's decoded JSON `data`
 *   (a plain `type: string` schema, or none, leaves `data` the text it is), and a JSON-lines
 *   `schema` of `type: array` types each line by its `items`, else by the schema itself.
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { escapePointerSegment, isObject, resolveLocal } from "./local-ref.js";
import { streamFormatOf } from "../runtime/streams/stream-format.js";
import type { SchemaNode, StreamModel } from "./toolkit-model.js";

export { streamFormatOf };

export function isStreamMediaType(mediaType: string): boolean {
  return streamFormatOf(mediaType) !== undefined;
}

/** The first sequential media type of a Responses Object's `content`, read into a StreamModel. */
export function readStream(document: OpenApiDocument, content: Record<string, unknown>, contentPointer: string): StreamModel | undefined {
  for (const [mediaType, media] of Object.entries(content)) {
    const format = streamFormatOf(mediaType);
    if (format === undefined) continue;
    const pointer = `${contentPointer}/${escapePointerSegment(mediaType)}`;
    // 3.2: a Media Type Object may be a $ref (into components.mediaTypes).
    const resolved = resolveLocal(document, media, pointer).value;
    const node = isObject(resolved) ? resolved : {};
    const itemSchema = node.itemSchema as SchemaNode | undefined;
    const schema = node.schema as SchemaNode | undefined;
    const jsonData = format !== "event-stream" || eventDataIsJson(document, itemSchema, schema, pointer);
    return {
      format,
      mediaType,
      pointer,
      ...(itemSchema !== undefined ? { itemSchema } : {}),
      ...(schema !== undefined ? { schema } : {}),
      jsonData,
    };
  }
  return undefined;
}

/**
 * Whether an event's `data` is JSON to decode. With `itemSchema`, when its `data` property (in the
 * envelope or in any branch of it) declares a JSON `contentMediaType` or a `contentSchema`;
 * without, when `schema` says anything but "a string".
 */
function eventDataIsJson(document: OpenApiDocument, itemSchema: SchemaNode | undefined, schema: SchemaNode | undefined, at: string): boolean {
  if (itemSchema !== undefined) return envelopeDataSchemas(document, itemSchema, `${at}/itemSchema`).some(isJsonContent);
  if (schema === undefined || typeof schema === "boolean") return false;
  const { value } = resolveLocal(document, schema, `${at}/schema`);
  if (!isObject(value)) return false;
  if (value.type === "string") return isJsonContent(value);
  return true;
}

/** A string schema that says its text is JSON. */
export function isJsonContent(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (schema.contentSchema !== undefined) return true;
  const type = typeof schema.contentMediaType === "string" ? schema.contentMediaType.split(";")[0]!.trim().toLowerCase() : "";
  return type === "application/json" || type.endsWith("+json");
}

/**
 * The `data` property schemas of an event envelope: its own, and those of every `oneOf`/`anyOf`/
 * `allOf` branch (the 3.2 specification's own example discriminates kinds with `oneOf` branches
 * whose `event` has a `const`). References are followed; a cycle stops the walk.
 */
export function envelopeDataSchemas(document: OpenApiDocument, envelope: SchemaNode, at: string): unknown[] {
  const found: unknown[] = [];
  const seen = new Set<unknown>();
  const visit = (node: unknown, pointer: string) => {
    const { value } = resolveLocal(document, node, pointer);
    if (!isObject(value) || seen.has(value)) return;
    seen.add(value);
    if (isObject(value.properties) && value.properties.data !== undefined) {
      found.push(resolveLocal(document, value.properties.data, `${pointer}/properties/data`).value);
    }
    for (const key of ["oneOf", "anyOf", "allOf"] as const) {
      const branches = value[key];
      if (Array.isArray(branches)) branches.forEach((branch, i) => visit(branch, `${pointer}/${key}/${i}`));
    }
  };
  visit(envelope, at);
  return found;
}
