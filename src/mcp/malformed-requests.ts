/**
 * Requests whose params do not match the MCP schema are answered here, before the SDK's `Server`
 * sees them, with JSON-RPC `-32602` (Invalid params) and one line naming what is wrong, as the
 * specification asks of a `tools/call` without `name` or an `initialize` without
 * `protocolVersion`. Left to the SDK, its handler registry parses the request itself and answers
 * the ZodError as `-32603` (Internal error) carrying the whole issue list as pretty-printed JSON;
 * checking the message on its way in keeps the SDK unpatched.
 *
 * A message the transport cannot read as JSON-RPC at all (`params` that is no object, no
 * `jsonrpc`) never gets here: invalid-messages.ts answers it.
 *
 * Only the requests this bridge answers are checked (mcp-server.ts and file-resources.ts register
 * their handlers): any other method still gets the SDK's `-32601` (Method not found), whatever its
 * params.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  isJSONRPCRequest,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
  type JSONRPCMessage,
  type JSONRPCRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { issuesLine } from "./issue-line.js";

const ANSWERED = [
  InitializeRequestSchema,
  PingRequestSchema,
  ListToolsRequestSchema,
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
];
const SCHEMAS = new Map(ANSWERED.map((schema) => [schema.shape.method.value as string, schema]));

/**
 * Call once the server is connected to `transport` (`server.connect` installs the handler this
 * wraps). Every other message passes through untouched.
 */
export function answerMalformedRequests(transport: Transport): void {
  const deliver = transport.onmessage;
  if (deliver === undefined) throw new Error("answerMalformedRequests: connect the server to the transport first");
  transport.onmessage = (message, extra) => {
    const refusal = isJSONRPCRequest(message) ? refusalOf(message) : undefined;
    if (refusal === undefined) return deliver(message, extra);
    // A client gone before its answer is not this server's failure; the transport reports it.
    transport.send(refusal).catch(() => {});
  };
}

function refusalOf(request: JSONRPCRequest): JSONRPCMessage | undefined {
  const problem = paramsProblem(request);
  return problem === undefined ? undefined : { jsonrpc: "2.0", id: request.id, error: { code: ErrorCode.InvalidParams, message: problem } };
}

/** One line saying what is wrong with the request's params, or undefined when they are well formed. */
function paramsProblem(request: JSONRPCRequest): string | undefined {
  const schema = SCHEMAS.get(request.method);
  if (schema === undefined) return undefined;
  const parsed = schema.safeParse({ method: request.method, params: request.params });
  return parsed.success ? undefined : `Invalid params for ${request.method}: ${issuesLine(parsed.error.issues)}`;
}
