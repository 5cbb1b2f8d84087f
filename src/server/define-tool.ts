/**
 * A locally defined tool: name, description, input and output schemas (zod v4 or plain JSON
 * Schema), optional few-shot examples, and the handler. The schemas are the single source of
 * truth: they type `run`, validate what goes in and comes out, and become the published
 * description. `defineTool` only checks what can be checked without a server (the name, the
 * description, `run`); schemas and examples are compiled and checked once, by `serveTools`.
 */
import type { z } from "zod";

/** A plain JSON Schema object: draft 2020-12 or draft-07, or an OpenAPI 3.0 Schema Object. */
export type JsonSchema = Record<string, unknown>;

declare const valueType: unique symbol;

/**
 * A plain JSON Schema that also carries, for the type checker only, the TypeScript type of the
 * values it describes. Made by `jsonSchema<T>(...)`; at run time it is the schema object itself.
 */
export type TypedJsonSchema<T> = JsonSchema & { readonly [valueType]?: T };

/**
 * Attaches a TypeScript type to a plain JSON Schema, so a tool written without zod still gets a
 * typed `run`: `input: jsonSchema<{ celsius: number }>({ type: "object", ... })`. Nothing checks
 * that the type and the schema agree (that is what zod is for); the server validates the schema.
 */
export function jsonSchema<T>(schema: JsonSchema): TypedJsonSchema<T> {
  return schema as TypedJsonSchema<T>;
}

export type SchemaInput = z.ZodType | JsonSchema;

/**
 * What a schema accepts, after parsing: `z.output` for zod, the `jsonSchema<T>` type, else
 * `Fallback` (the type the author gave `run`'s parameter, or `unknown`).
 */
export type Infer<S, Fallback> = S extends z.ZodType
  ? z.output<S>
  : S extends TypedJsonSchema<infer T>
    ? unknown extends T
      ? Fallback
      : T
    : Fallback;

/** What a caller may send for a schema: `z.input` for zod (defaults still optional). */
export type InferInput<S, Fallback> = S extends z.ZodType ? z.input<S> : Infer<S, Fallback>;

export interface ToolExample<Arguments = Record<string, unknown>> {
  /** What the user said. */
  readonly user: string;
  /** Why the model calls the tool (the reference format's `thoughts`). */
  readonly thoughts?: string;
  /** The arguments the model should send; omit for a tool without input. Checked against `input` at startup. */
  readonly arguments?: Arguments;
}

/**
 * What `run` may give back: the result, or a stream of results (an async generator, or any
 * async iterable), each item of which is typed and checked as one result.
 */
export type ToolResult<Out> = Out | AsyncIterable<Out> | Promise<Out | AsyncIterable<Out>>;

/**
 * The item type of an untyped JSON Schema tool's result. Inferred from an async generator,
 * `TOut` is the generator itself: TypeScript gives the bare `Out` of `ToolResult<Infer<O, TOut>>`
 * (a conditional type, not a bare type parameter) the same priority as the item type of
 * `AsyncIterable<...>`, and keeps the first candidate.
 */
type ItemOf<T> = T extends AsyncIterable<infer Item> ? Item : T;

export interface ToolDefinition<I extends SchemaInput = SchemaInput, O extends SchemaInput = SchemaInput, TIn = unknown, TOut = unknown> {
  /** The tool's class name: the last segment of its path, its operationId, e.g. `AddWord`. */
  readonly name: string;
  /** What the tool does; the model reads it to decide whether to call the tool. */
  readonly description: string;
  /** Input schema; omit for a tool without input (it is called with `{}`). */
  readonly input?: I;
  readonly output: O;
  readonly examples?: readonly ToolExample<NoInfer<InferInput<I, TIn>>>[];
  /**
   * Gets the validated input (zod: after defaults and transforms); returns the output, or, as an
   * async generator (`async function* (input) { yield ... }`), yields the items of a stream, each
   * typed and checked as the output.
   */
  readonly run: (input: Infer<I, TIn>) => ToolResult<Infer<O, TOut>>;
  /**
   * Publishes the tool as a stream (`text/event-stream` and JSON lines). An `async function*`
   * is recognised without it; set it for a `run` that returns an async iterable otherwise (a
   * plain function returning a generator, a ReadableStream, a bound generator function), since
   * the description is written before `run` is ever called.
   */
  readonly stream?: boolean;
}

/**
 * The intersection of what OpenAI, Anthropic, Gemini and MCP clients accept as a tool name, so
 * the name survives every adapter unchanged; it is also a safe URL segment and operationId.
 */
const NAME_RE = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

/**
 * Declares a tool. Types flow from the schemas: with zod, `run`'s input is `z.output<input>` and
 * its result must be `z.output<output>`; with plain JSON Schema, use `jsonSchema<T>(...)` or
 * annotate `run`'s parameter, else the input is `unknown`.
 */
export function defineTool<I extends SchemaInput, O extends SchemaInput, TIn = unknown, TOut = unknown>(
  definition: ToolDefinition<I, O, TIn, TOut>,
): ToolDefinition<I, O, TIn, ItemOf<TOut>> {
  if (typeof definition.name !== "string" || !NAME_RE.test(definition.name)) {
    throw new TypeError(`defineTool: name "${String(definition.name)}" must match ${NAME_RE} (it becomes a URL segment, an operationId and a model's tool name)`);
  }
  if (typeof definition.description !== "string" || definition.description.trim() === "") {
    throw new TypeError(`defineTool(${definition.name}): a description is required; the model reads it to choose the tool`);
  }
  if (definition.output === undefined || definition.output === null || typeof definition.output !== "object") {
    throw new TypeError(`defineTool(${definition.name}): an output schema is required; it types and checks what run returns`);
  }
  if (typeof definition.run !== "function") throw new TypeError(`defineTool(${definition.name}): run must be a function`);
  if (definition.stream !== undefined && typeof definition.stream !== "boolean") throw new TypeError(`defineTool(${definition.name}): stream must be true or false`);
  // A TOut inferred as the generator itself is its item type here; the value is the same either way.
  return Object.freeze({ ...definition }) as ToolDefinition<I, O, TIn, ItemOf<TOut>>;
}

/** zod v4 schemas carry `_zod`; anything else that is an object is taken as JSON Schema. */
export function isZodSchema(schema: unknown): schema is z.ZodType {
  return typeof schema === "object" && schema !== null && "_zod" in schema && typeof (schema as { safeParse?: unknown }).safeParse === "function";
}

/**
 * Whether the tool is published as a stream: `stream: true`, or a `run` that is an async
 * generator function. The description needs to know before any call; what a call answers is
 * decided by what `run` returns (see tool-call.ts), so the two can only differ for a `run` that
 * returns an async iterable without saying so, which the server then reports in its log.
 */
export function isStreamingTool(tool: { readonly run: unknown; readonly stream?: boolean }): boolean {
  return tool.stream ?? Object.prototype.toString.call(tool.run) === "[object AsyncGeneratorFunction]";
}

/** A tool of any schema and value types, as `serveTools` takes them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = ToolDefinition<any, any, any, any>;
