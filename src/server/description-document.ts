/**
 * The description a tool-manager server publishes at `/.well-known/openapi.yaml`, generated from
 * the tool definitions (spec: "a tool-manager server generates the description from the tool
 * definitions"). It is written to load everywhere, the reference Python client included, which
 * is stricter than OpenAPI itself (see README.md in this folder for each rule and its reason):
 *
 * - `openapi: 3.0.3`: the reference refuses 3.1 ("only support openapi v3.0.1"), and 3.0 is what
 *   every generator reads;
 * - `info` holds only `title` (the namespace), `version` and `description`: the reference builds
 *   a dataclass from `info` and crashes on any other key, and its released version crashes when
 *   `description` is missing, so one is always written;
 * - `servers` is the address the server listens on (the reference's own server left it out);
 * - one POST per tool, `operationId` = tool name, request and 200 bodies are `$ref`s into
 *   `components.schemas` (the reference reads only `$ref` bodies, and the first response listed);
 * - `security: []` when the server has no authentication, said explicitly; with `auth`, the scheme
 *   in `components.securitySchemes` and a document-level `security` requiring it, plus a `401`
 *   answer on every tool (the reference client ignores both: it reads only `components.schemas`);
 * - no `parameters` at all: `?version=` is appended by every client by protocol, and the
 *   reference's bogus `__tool__` query parameter is exactly what not to publish;
 * - 400 and 500 answers share one error schema, so clients know what a refusal looks like;
 * - a streaming tool's 200 lists `text/event-stream` first, whose `schema` types each event's
 *   JSON `data` (OpenAPI 3.0 has no `itemSchema`; this is how OpenAI's and opencode's
 *   descriptions say it, and how generators read it), then `application/jsonl` as an array of
 *   the same items.
 *
 * The text depends only on the tools, the options and the address: the same input gives the same
 * bytes, so generating a client from it is reproducible.
 */
import { publishedScheme, type AuthDeclaration, type ToolServerAuth } from "./auth.js";
import { isStreamingTool, type AnyTool, type JsonSchema } from "./define-tool.js";
import { ComponentNames } from "./component-names.js";
import { toOpenApi30 } from "./openapi-schema.js";
import { toJsonSchema, type SchemaRole } from "./schema-source.js";
import { toYaml } from "./yaml-text.js";

export interface DescriptionOptions {
  readonly namespace: string;
  readonly version: string;
  /** `info.description`; a sentence listing the tools when absent. */
  readonly description?: string;
  /** The `servers` entry: the address the server listens on. */
  readonly serverUrl: string;
  /**
   * The authentication scheme, as `serveTools`' `auth` option declares it (the credentials are
   * not needed and not read): published in `components.securitySchemes` and required by the
   * document-level `security`. Absent: `security: []`, no authentication.
   */
  readonly auth?: AuthDeclaration | ToolServerAuth;
}

/** A tool without input is called with `{}`; its input schema says exactly that. */
const NO_INPUT: JsonSchema = { type: "object", properties: {} };

export function toolPath(namespace: string, version: string, toolName: string): string {
  return `/${encodeURIComponent(namespace)}/${encodeURIComponent(version)}/${toolName}`;
}

export function buildDescription(tools: readonly AnyTool[], options: DescriptionOptions): JsonSchema {
  const security = options.auth === undefined ? undefined : publishedScheme(options.auth);
  const names = new ComponentNames();
  for (const tool of tools) {
    names.reserve(`${tool.name}Input`);
    names.reserve(`${tool.name}Output`);
  }
  const errorName = names.allocate("ErrorResponse");
  const schemas: Record<string, JsonSchema> = {};
  const paths: Record<string, JsonSchema> = {};
  const schemaOf = (tool: AnyTool, role: SchemaRole, name: string) => {
    const source = role === "input" && tool.input === undefined ? { schema: NO_INPUT, fromZod: false } : toJsonSchema(role === "input" ? tool.input : tool.output, role);
    try {
      const converted = toOpenApi30(source.schema, { name, names, fromZod: source.fromZod, openObjects: source.fromZod && role === "output" });
      schemas[name] = converted.schema;
      for (const [hoisted, schema] of converted.components) schemas[hoisted] = schema;
    } catch (error) {
      throw new TypeError(`tool ${tool.name}: the ${role} schema cannot be published: ${(error as Error).message}`);
    }
    return { $ref: `#/components/schemas/${name}` };
  };
  const errorBody = { "application/json": { schema: { $ref: `#/components/schemas/${errorName}` } } };

  for (const tool of tools) {
    const input = schemaOf(tool, "input", `${tool.name}Input`);
    const output = schemaOf(tool, "output", `${tool.name}Output`);
    paths[toolPath(options.namespace, options.version, tool.name)] = {
      post: {
        operationId: tool.name,
        summary: summaryOf(tool.description),
        description: tool.description,
        requestBody: { required: true, content: { "application/json": { schema: input } } },
        responses: {
          // First: the reference client takes the first response listed as the result.
          "200": isStreamingTool(tool) ? streamAnswer(tool.name, output) : { description: `The result of ${tool.name}.`, content: { "application/json": { schema: output } } },
          "400": {
            description: `The body is not JSON, does not match ${tool.name}Input (the issues name each field), or ?version= is not ${options.version}.`,
            content: errorBody,
          },
          ...(security ? { "401": { description: `No credential, or one that is not accepted: send what the security scheme ${security.name} says.`, content: errorBody } } : {}),
          "500": { description: `${tool.name} failed; the details are in the server's log, never in the answer.`, content: errorBody },
        },
      },
    };
  }
  schemas[errorName] = ERROR_SCHEMA;

  return {
    openapi: "3.0.3",
    info: {
      title: options.namespace,
      version: options.version,
      description: options.description ?? defaultDescription(tools, options.version),
    },
    servers: [{ url: options.serverUrl }],
    // Every tool needs the one scheme; without one, no authentication, said explicitly (linters
    // ask every operation to state it). The description and examples.yaml are public, and they
    // are not operations here, so nothing needs `security: []` of its own.
    security: security ? [{ [security.name]: [] }] : [],
    paths,
    components: { schemas, ...(security ? { securitySchemes: { [security.name]: security.scheme } } : {}) },
  };
}

export function descriptionYaml(tools: readonly AnyTool[], options: DescriptionOptions): string {
  return toYaml(buildDescription(tools, options));
}

/**
 * A streaming tool's 200. The `error` event that can end a stream is said in words, not in the
 * schema: as a `oneOf` it would make every item's type a union with the error body.
 */
function streamAnswer(toolName: string, output: JsonSchema): JsonSchema {
  return {
    description:
      `The results of ${toolName}, streamed as they are produced: each server-sent event's data (or each line of JSON lines, ` +
      `sent for Accept: application/jsonl) is one ${toolName}Output. A failure after the first item ends the stream with an ` +
      `"error" event (JSON lines: a last line {"error": ...}) whose data is an error body like the 500 answer's.`,
    content: {
      "text/event-stream": { schema: output },
      "application/jsonl": { schema: { type: "array", items: output } },
    },
  };
}

/** The body of every error answer (see http-answers.ts). Plain strings and objects: loads everywhere. */
const ERROR_SCHEMA: JsonSchema = {
  type: "object",
  required: ["error", "message"],
  properties: {
    error: { type: "string", description: 'What kind of error: "invalid JSON", "invalid input", "wrong version", "internal error", ...' },
    message: { type: "string", description: "What went wrong, in one sentence." },
    issues: {
      type: "array",
      description: "For invalid input: one entry per field that does not match the input schema.",
      items: {
        type: "object",
        required: ["path", "message"],
        properties: {
          path: { type: "string", description: 'JSON Pointer to the field, e.g. "/items/0/sku"; "" is the whole input.' },
          message: { type: "string", description: "What is wrong with the field." },
        },
      },
    },
  },
};

function defaultDescription(tools: readonly AnyTool[], version: string): string {
  const list = tools.map((t) => t.name).join(", ");
  return `Tools served by the toolgen tool manager${list ? `: ${list}` : ""}. Each is called with POST, a JSON body and ?version=${version}.`;
}

/** The description's first sentence, short enough for a summary line (linters want one). */
function summaryOf(description: string): string {
  const first = description.trim().split(/(?<=[.!?])\s|(?<=[。！？])/)[0] ?? description;
  return first.length > 120 ? `${first.slice(0, 117)}...` : first;
}
