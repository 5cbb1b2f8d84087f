/**
 * Answers for what a client sends that is not a JSON-RPC message the MCP SDK can read: the SDK's
 * stdio transport reports such a line to `onerror` and answers nothing, so the client waits
 * forever; its HTTP transport answers 400 with `-32700` (Parse error) even when the JSON parsed.
 * JSON-RPC 2.0 names the errors:
 *
 * - text that is not JSON: `-32700` (Parse error), `id: null`;
 * - JSON that is no valid message (`jsonrpc` missing, `method` not a string, a member JSON-RPC
 *   does not define …): `-32600` (Invalid Request), with the request's id when it has a valid
 *   one, else `id: null`;
 * - a request well formed but for `params`, which MCP requires to be an object: `-32602` (Invalid
 *   params) with its id, as malformed-requests.ts answers params of the wrong shape.
 */
import { ErrorCode, JSONRPCMessageSchema, JSONRPCNotificationSchema, JSONRPCRequestSchema, type RequestId } from "@modelcontextprotocol/sdk/types.js";
import { issuesLine } from "./issue-line.js";

export interface JsonRpcErrorAnswer {
  readonly jsonrpc: "2.0";
  readonly id: RequestId | null;
  readonly error: { readonly code: number; readonly message: string };
}

export function parseErrorAnswer(): JsonRpcErrorAnswer {
  return { jsonrpc: "2.0", id: null, error: { code: ErrorCode.ParseError, message: "Parse error: the message is not JSON" } };
}

/** The error answer for a parsed value that is no JSON-RPC message, or undefined for a message. */
export function invalidMessageAnswer(value: unknown): JsonRpcErrorAnswer | undefined {
  if (JSONRPCMessageSchema.safeParse(value).success) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { jsonrpc: "2.0", id: null, error: { code: ErrorCode.InvalidRequest, message: "Invalid Request: a JSON-RPC message is an object" } };
  }
  const message = value as Record<string, unknown>;
  const id = isRequestId(message.id) ? message.id : null;
  const { params, ...envelope } = message;
  const paramsOnly = id !== null && params !== undefined && JSONRPCRequestSchema.safeParse(envelope).success;
  if (paramsOnly) {
    const method = String(message.method);
    return { jsonrpc: "2.0", id, error: { code: ErrorCode.InvalidParams, message: `Invalid params for ${method}: params: expected object, received ${kindOf(params)}` } };
  }
  // Read as what it tries to be, so a notification is not told it lacks an id.
  const meant = "method" in message && !("id" in message) ? JSONRPCNotificationSchema : JSONRPCRequestSchema;
  const issues = meant.safeParse(value).error?.issues ?? [];
  return { jsonrpc: "2.0", id, error: { code: ErrorCode.InvalidRequest, message: `Invalid Request: ${issuesLine(issues)}` } };
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === "string" || (typeof value === "number" && Number.isInteger(value));
}

function kindOf(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}
