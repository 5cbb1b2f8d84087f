/**
 * The description a tool-manager server publishes at `/.well-known/openapi.yaml`, generated from
 * the tool definitions (spec: "a tool-manager server generates the description from the tool
 * definitions"). Written to load everywhere, the reference Python client included:
 * OpenAPI 3.0.3 (the reference refuses 3.1), `info` with only title, version and description
 * (it builds a dataclass from `info` and crashes on other keys), `servers` set to the listening
 * address (the reference's own server omitted it), one POST per tool whose request and response
 * bodies are `$ref`s into `components.schemas` (the reference reads only `$ref` bodies), no
 * parameters (the reference's served a bogus `__tool__` query parameter), and a `description` on
 * every property.
 */
import { stringify } from "yaml";
import type { AnyTool, JsonSchema } from "./define-tool.js";
import { toJsonSchema, toOpenApi30 } from "./openapi-schema.js";

export interface DescriptionOptions {
  readonly namespace: string;
  readonly version: string;
  readonly description?: string;
  readonly serverUrl: string;
}

export function toolPath(namespace: string, version: string, tool: AnyTool): string {
  return `/${encodeURIComponent(namespace)}/${encodeURIComponent(version)}/${tool.name}`;
}

export function buildDescription(tools: readonly AnyTool[], options: DescriptionOptions): JsonSchema {
  const schemas: Record<string, JsonSchema> = {};
  const paths: Record<string, unknown> = {};
  for (const tool of tools) {
    const inputName = `${tool.name}Input`;
    const outputName = `${tool.name}Output`;
    const input = toOpenApi30(tool.input === undefined ? { type: "object", properties: {} } : toJsonSchema(tool.input), inputName);
    const output = toOpenApi30(toJsonSchema(tool.output), outputName);
    Object.assign(schemas, input.definitions, output.definitions);
    schemas[inputName] = input.schema;
    schemas[outputName] = output.schema;
    paths[toolPath(options.namespace, options.version, tool)] = {
      post: {
        operationId: tool.name,
        summary: summaryOf(tool.description),
        description: tool.description,
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: `#/components/schemas/${inputName}` } } },
        },
        responses: {
          "200": {
            description: `The result of ${tool.name}.`,
            content: { "application/json": { schema: { $ref: `#/components/schemas/${outputName}` } } },
          },
        },
      },
    };
  }
  return {
    openapi: "3.0.3",
    info: {
      title: options.namespace,
      version: options.version,
      ...(options.description ? { description: options.description } : {}),
    },
    servers: [{ url: options.serverUrl }],
    paths,
    components: { schemas },
  };
}

export function descriptionYaml(tools: readonly AnyTool[], options: DescriptionOptions): string {
  return stringify(buildDescription(tools, options), { aliasDuplicateObjects: false, lineWidth: 0 });
}

/** `examples.yaml` in the reference's format, or `undefined` when no tool has examples. */
export function examplesYaml(tools: readonly AnyTool[]): string | undefined {
  const examples = tools.flatMap((tool) =>
    (tool.examples ?? []).map((example) => ({
      context: [
        { role: "user", content: example.user },
        {
          role: "bot",
          plugin: { operationId: tool.name, thoughts: example.thoughts ?? `Call ${tool.name}.`, requestArguments: example.arguments },
        },
      ],
    })),
  );
  if (examples.length === 0) return undefined;
  return stringify({ version: "0.0.1", examples }, { aliasDuplicateObjects: false, lineWidth: 0 });
}

/** The description's first sentence, short enough for a summary line (linters want one). */
function summaryOf(description: string): string {
  const first = description.trim().split(/(?<=[.!?。！？])\s/)[0] ?? description;
  return first.length > 120 ? `${first.slice(0, 117)}...` : first;
}
