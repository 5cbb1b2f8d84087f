/**
 * A tool's `responses`: the JSON Schema of what a successful call returns (the 2xx answers the
 * model stage picked; `default` when there is none). Several different 2xx bodies become an
 * `anyOf`; a text answer is a string; an answer without a body, a binary one (a model cannot read
 * it) or one whose schema says nothing (`{}`) has no schema.
 *
 * Size: a response schema is written whole when it is small (at most `budget.maxNodes` schema
 * nodes); a larger one is written shallow, `budget.maxDepth` levels deep, its deeper objects
 * summarised. Responses only tell the model what comes back (calls never validate against them)
 * and on large descriptions they are most of the size: on GitHub's, 6.7 MB whole, 2.5 MB this way
 * (docs/llm-tools.md).
 */
import type { OpenApiDocument } from "../../load/loaded-description.js";
import type { JsonSchema } from "../../runtime/validation/json-schema.js";
import { isObject, resolveLocal } from "../local-ref.js";
import { streamItemSchema } from "../stream-item-schema.js";
import type { OperationModel, StreamModel } from "../toolkit-model.js";
import { convertSchemaWhole, convertSchemaWithCut, type SchemaBudget } from "./convert.js";

/** What "whole" means for a small response schema: the same limits as arguments. */
const WHOLE: SchemaBudget = { maxDepth: 10, maxNodes: 1500 };

/** The reference's extension on a response schema: a `prompt` added to the result. */
export const PROMPT_EXTENSION = "x-ebagent-prompt";

/**
 * Response schemas already converted in this build, by the `$ref` they consist of: most answers
 * are a component or an array of one (on GitHub 763 of 1,087, naming 243 components), converted
 * once here. A converted schema is never modified afterwards (markFileAnswers copies), so the
 * tools that share one can share the object.
 */
export type ResponseSchemas = Map<string, JsonSchema>;

export function outputSchemaOf(op: OperationModel, document: OpenApiDocument, budget: SchemaBudget, converted: ResponseSchemas = new Map()): JsonSchema | undefined {
  const schemas: JsonSchema[] = [];
  const seen = new Set<string>();
  for (const response of op.success) {
    let schema: JsonSchema | undefined;
    if (response.kind === "json") schema = responseSchema(response.schema, document, budget, converted);
    // `toolkit.call` collects a stream's items into an array.
    else if (response.kind === "stream" && response.stream) schema = { type: "array", items: streamItemsSchema(response.stream, document, budget) };
    else if (response.kind === "text") schema = { type: "string" };
    if (schema === undefined || Object.keys(schema).length === 0) continue;
    if (op.success.length > 1) {
      const key = JSON.stringify(schema);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    schemas.push(schema);
  }
  if (schemas.length === 0) return undefined;
  return schemas.length === 1 ? schemas[0] : { anyOf: schemas };
}

function responseSchema(node: unknown, document: OpenApiDocument, budget: SchemaBudget, converted: ResponseSchemas): JsonSchema {
  const key = refShapeOf(node);
  if (key === undefined) return convertResponse(node, document, budget);
  let schema = converted.get(key);
  if (schema === undefined) {
    schema = convertResponse(node, document, budget);
    converted.set(key, schema);
  }
  return schema;
}

/** `{ $ref }` or `{ type: array, items: { $ref } }`, as a key; any other shape is converted each time. */
function refShapeOf(node: unknown): string | undefined {
  if (!isObject(node)) return undefined;
  const keys = Object.keys(node);
  if (keys.length === 1 && typeof node.$ref === "string") return `=${node.$ref}`;
  if (keys.length === 2 && node.type === "array" && isObject(node.items) && Object.keys(node.items).length === 1 && typeof node.items.$ref === "string") {
    return `[]${node.items.$ref}`;
  }
  return undefined;
}

/** The JSON Schema of one item of a stream, as the runtime hands it over. */
export function streamItemsSchema(stream: StreamModel, document: OpenApiDocument, budget: SchemaBudget): JsonSchema {
  return convertResponse(streamItemSchema(document, stream, stream.format), document, budget);
}

/**
 * Whole when it fits, else shallow. The shallow form is converted first: when nothing in it was
 * cut, the whole form is the same conversion; when something was cut for the node count, the
 * whole form (which writes every node the shallow one does, and more) is cut too. Only a schema
 * cut for depth alone is tried whole. That holds while the shallow depth is the smaller one.
 */
export function convertResponse(node: unknown, document: OpenApiDocument, budget: SchemaBudget): JsonSchema {
  const whole = () => convertSchemaWhole(node, { document, direction: "response", budget: { maxDepth: WHOLE.maxDepth, maxNodes: budget.maxNodes } });
  const shallow = () => convertSchemaWithCut(node, { document, direction: "response", budget });
  if (budget.maxDepth > WHOLE.maxDepth) return whole() ?? shallow().schema;
  const first = shallow();
  if (first.cut !== "depth") return first.schema;
  return whole() ?? first.schema;
}

/** `x-ebagent-prompt` on the (first) JSON success schema, as the reference reads it. */
export function promptOf(op: OperationModel, document: OpenApiDocument): string | undefined {
  for (const response of op.success) {
    if (response.kind !== "json" || response.schema === undefined) continue;
    try {
      const { value } = resolveLocal(document, response.schema, "#");
      if (isObject(value) && typeof value[PROMPT_EXTENSION] === "string") return value[PROMPT_EXTENSION];
    } catch {
      // An unresolvable schema was already reported by the model stage.
    }
  }
  return undefined;
}
