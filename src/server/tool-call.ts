/**
 * One tool call, `POST /<namespace>/<version>/<ToolName>?version=<version>`, from request to
 * answer: read the body (bounded), check the version, parse, validate the input, run, check the
 * output (in development), write; or, when `run` gives an async iterable, stream it
 * (stream-answer.ts). Each refusal is a 4xx naming what is wrong; each failure of the
 * tool itself is a 500 whose details go to the log only, never to the caller (a stack trace in a
 * tool result ends up in front of a model, and of whoever reads its answer).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { parseJsonBody } from "../http-guard/json-body.js";
import { readBody } from "../http-guard/read-body.js";
import { describeIssues, sendError, sendJsonText } from "./http-answers.js";
import { resultJson } from "./result-json.js";
import { isAsyncIterable, sendStream } from "./stream-answer.js";
import type { ToolRoute } from "./tool-routes.js";

export type Logger = (message: string, error?: unknown) => void;

export interface CallSettings {
  readonly version: string;
  /** `version=<v>`, URL-encoded. */
  readonly versionQuery: string;
  readonly maxBodyBytes: number;
  readonly bodyTimeoutMs: number;
  readonly maxJsonDepth: number;
  readonly log: Logger;
  /** Idle time before an event stream's keep-alive comment; 0 sends none. */
  readonly keepAliveMs: number;
}

export async function callTool(route: ToolRoute, req: IncomingMessage, res: ServerResponse, query: string, settings: CallSettings): Promise<void> {
  const name = route.tool.name;
  // A web page can send a form or text/plain to 127.0.0.1 without asking first (no CORS
  // preflight); a JSON content type it cannot send without one. No body and no type is a tool
  // without input, which programs call that way.
  const type = req.headers["content-type"];
  if (type !== undefined ? !isJson(type) : hasBody(req)) {
    res.setHeader("connection", "close");
    return sendError(res, 415, { error: "unsupported media type", message: "send the arguments as JSON with Content-Type: application/json" });
  }
  const read = await readBody(req, { maxBytes: settings.maxBodyBytes, timeoutMs: settings.bodyTimeoutMs });
  if (read.kind === "aborted") return;
  if (read.kind === "too-large" || read.kind === "timeout") {
    res.setHeader("connection", "close"); // stop the upload: Node closes the socket after this answer
    if (read.kind === "timeout") return sendError(res, 408, { error: "request timeout", message: `the request body did not arrive within ${settings.bodyTimeoutMs} ms` });
    return sendError(res, 413, { error: "payload too large", message: `the request body is larger than ${settings.maxBodyBytes} bytes` });
  }

  // The query every client sends is exactly `version=<v>`: compare it as text before parsing.
  const asked = query === settings.versionQuery ? settings.version : query === "" ? null : new URLSearchParams(query).get("version");
  if (asked !== settings.version) {
    const hint = asked === null ? `add ?version=${settings.version} to the address` : `not ${asked}`;
    return sendError(res, 400, { error: "wrong version", message: `this server serves version ${settings.version}; ${hint}` });
  }

  // The spec has tools without input called with `{}`; an empty body is read the same way.
  let input: unknown = {};
  if (read.body.length > 0) {
    const parsed = parseJsonBody(read.body.toString("utf8"), settings.maxJsonDepth);
    if (!parsed.ok) return sendError(res, 400, { error: "invalid JSON", message: parsed.message });
    input = parsed.value;
  }
  const checked = route.validateInput(input);
  if (!checked.ok) {
    return sendError(res, 400, { error: "invalid input", message: `${name}: ${describeIssues(checked.issues)}`, issues: checked.issues });
  }

  let output: unknown;
  try {
    output = await route.tool.run(checked.value);
  } catch (error) {
    settings.log(`tool ${name} failed`, error);
    return sendError(res, 500, { error: "internal error", message: `${name} failed; the details are in the server's log` });
  }
  // The answer follows what run gave: an async iterable streams, anything else is one result.
  if (isAsyncIterable(output)) {
    if (!route.streams) warnUndeclaredStream(route, settings.log);
    return sendStream(route, req, res, output, settings);
  }
  if (route.streams) {
    settings.log(`tool ${name} is published as a stream, but run returned a value that is not an async iterable`);
    return sendError(res, 500, { error: "internal error", message: `${name} returned an invalid result; the details are in the server's log` });
  }
  const text = resultJson(route, output, settings.log, "returned a result");
  if (text === undefined) return sendError(res, 500, { error: "internal error", message: `${name} returned an invalid result; the details are in the server's log` });
  sendJsonText(res, 200, text);
}

const warned = new WeakSet<ToolRoute>();

/** Once per tool: its description promises JSON, which a generated client will expect. */
function warnUndeclaredStream(route: ToolRoute, log: Logger): void {
  if (warned.has(route)) return;
  warned.add(route);
  log(`tool ${route.tool.name} returned an async iterable, so it streams, but its description says it answers JSON: add stream: true to its definition`);
}

function isJson(contentType: string): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType);
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}
