/**
 * The route table, built once at startup: for each tool its path, and its validators compiled.
 * Everything that can be wrong with a definition is found here, before the server listens: two
 * tools with one name, a schema ajv cannot compile, an example whose arguments the tool's own
 * input schema refuses (it would teach the model a call that fails).
 */
import { isStreamingTool, type AnyTool } from "./define-tool.js";
import { describeIssues } from "./http-answers.js";
import { toJsonSchema, type SchemaRole } from "./schema-source.js";
import { compileValidator, type Validator } from "./validator.js";

export interface ToolRoute {
  readonly tool: AnyTool;
  readonly validateInput: Validator;
  /** Present when output validation is on; a stream's items are checked with it one by one. */
  readonly validateOutput: Validator | undefined;
  /** Published as a stream (see isStreamingTool). */
  readonly streams: boolean;
}

export interface RouteOptions {
  readonly namespace: string;
  readonly version: string;
  readonly validateOutput: boolean;
}

/** A tool without input accepts `{}` (and any object: extra keys are ignored). */
const NO_INPUT = { type: "object" };

export function buildRoutes(tools: readonly AnyTool[], options: RouteOptions): Map<string, ToolRoute> {
  const routes = new Map<string, ToolRoute>();
  for (const tool of tools) {
    // Matched against the request's percent-decoded path (the description writes it encoded).
    const path = `/${options.namespace}/${options.version}/${tool.name}`;
    if (routes.has(path)) throw new TypeError(`serveTools: two tools are named "${tool.name}"`);
    const compile = (schema: Parameters<typeof compileValidator>[0], role: "input" | "output") => {
      try {
        return compileValidator(schema, role);
      } catch (error) {
        throw new TypeError(`serveTools: tool ${tool.name}: ${(error as Error).message}`);
      }
    };
    for (const role of ["input", "output"] as const) checkObjectSchema(tool, role);
    const validateInput = compile(tool.input ?? NO_INPUT, "input");
    (tool.examples ?? []).forEach((example: { arguments?: unknown }, index: number) => {
      const checked = validateInput(structuredClone(example.arguments ?? {}));
      if (!checked.ok) {
        throw new TypeError(`serveTools: tool ${tool.name}: example ${index + 1} has arguments its input schema refuses: ${describeIssues(checked.issues)}`);
      }
    });
    routes.set(path, { tool, validateInput, validateOutput: options.validateOutput ? compile(tool.output, "output") : undefined, streams: isStreamingTool(tool) });
  }
  return routes;
}

/**
 * A tool's input is the JSON object of its arguments (every model API takes tool arguments as an
 * object) and its answer is a JSON object (the spec's "HTTP 200 with a JSON object"), so a schema
 * that declares another type (`z.string()`, `{ type: "array" }`) is refused at startup.
 */
function checkObjectSchema(tool: AnyTool, role: SchemaRole): void {
  const schema = role === "input" ? tool.input : tool.output;
  if (schema === undefined) return;
  let type: unknown;
  try {
    type = toJsonSchema(schema, role).schema.type;
  } catch (error) {
    throw new TypeError(`serveTools: tool ${tool.name}: the ${role} schema cannot be converted: ${(error as Error).message}`);
  }
  const types = Array.isArray(type) ? type : [type];
  if (type !== undefined && !types.includes("object")) {
    throw new TypeError(`serveTools: tool ${tool.name}: the ${role} schema must describe a JSON object (z.object(...) or { type: "object" }), not ${JSON.stringify(type)}`);
  }
}
