/**
 * A locally defined tool: name, description, input and output schemas (zod or plain JSON Schema),
 * optional few-shot examples, and the handler. `run` receives the validated input and its result
 * is validated against `output` in development, so a handler returning the wrong shape fails
 * where it is written instead of inside a model's answer.
 */
import type { z } from "zod";

/** A JSON Schema object (draft 2020-12 / OpenAPI 3.0 subset). */
export type JsonSchema = Record<string, unknown>;

export type SchemaInput = z.ZodType | JsonSchema;

/** The value type a schema describes: inferred for zod, `unknown`-safe for JSON Schema. */
export type Infer<S, Fallback> = S extends z.ZodType ? z.output<S> : Fallback;
export type InferInput<S, Fallback> = S extends z.ZodType ? z.input<S> : Fallback;

export interface ToolExample {
  /** What the user said. */
  readonly user: string;
  /** Why the model calls the tool (the reference's `thoughts`). */
  readonly thoughts?: string;
  /** The arguments the model should send. */
  readonly arguments: Record<string, unknown>;
}

export interface ToolDefinition<I extends SchemaInput = SchemaInput, O extends SchemaInput = SchemaInput, TIn = unknown, TOut = unknown> {
  /** The tool's class name: the last segment of its path and of its tool name, e.g. `AddWord`. */
  readonly name: string;
  readonly description: string;
  /** Input schema; omit for a tool without input (it is called with `{}`). */
  readonly input?: I;
  readonly output: O;
  readonly examples?: readonly ToolExample[];
  readonly run: (input: Infer<I, TIn>) => Promise<Infer<O, TOut>> | Infer<O, TOut>;
}

const NAME_RE = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

export function defineTool<I extends SchemaInput, O extends SchemaInput, TIn = Record<string, unknown>, TOut = unknown>(
  definition: ToolDefinition<I, O, TIn, TOut>,
): ToolDefinition<I, O, TIn, TOut> {
  if (!NAME_RE.test(definition.name)) {
    throw new TypeError(`defineTool: name "${definition.name}" must match ${NAME_RE} (it becomes a URL segment and an operationId)`);
  }
  if (typeof definition.description !== "string" || definition.description.trim() === "") {
    throw new TypeError(`defineTool(${definition.name}): a description is required; the model reads it to choose the tool`);
  }
  if (typeof definition.run !== "function") throw new TypeError(`defineTool(${definition.name}): run must be a function`);
  return Object.freeze({ ...definition });
}

export function isZodSchema(schema: unknown): schema is z.ZodType {
  return typeof schema === "object" && schema !== null && "_zod" in schema && typeof (schema as { safeParse?: unknown }).safeParse === "function";
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = ToolDefinition<any, any, any, any>;
