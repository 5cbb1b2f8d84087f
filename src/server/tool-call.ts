/**
 * One tool call, `POST /<namespace>/<version>/<ToolName>?version=<version>`, from request to
 * answer: read the body (bounded), check the version, parse, validate the input, run, check the
 * output (in development), write. Each refusal is a 4xx naming what is wrong; each failure of the
 * tool itself is a 500 whose details go to the log only, never to the caller (a stack trace in a
 * tool result ends up in front of a model, and of whoever reads its answer).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { describeIssues, sendError, sendJsonText } from "./http-answers.js";
import { readBody } from "./read-body.js";
import type { ToolRoute } from "./tool-routes.js";

export type Logger = (message: string, error?: unknown) => void;

export interface CallSettings {
  readonly version: string;
  /** `version=<v>`, URL-encoded. */
  readonly versionQuery: string;
  readonly maxBodyBytes: number;
  readonly log: Logger;
}

export async function callTool(route: ToolRoute, req: IncomingMessage, res: ServerResponse, query: string, settings: CallSettings): Promise<void> {
  const name = route.tool.name;
  const read = await readBody(req, settings.maxBodyBytes);
  if (read.kind === "aborted") return;
  if (read.kind === "too-large") {
    res.setHeader("connection", "close"); // stop the upload: Node closes the socket after this answer
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
    try {
      input = JSON.parse(read.body.toString("utf8"));
    } catch (error) {
      return sendError(res, 400, { error: "invalid JSON", message: `the request body is not valid JSON: ${(error as Error).message}` });
    }
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
  if (route.validateOutput) {
    const result = route.validateOutput(output);
    if (!result.ok) {
      settings.log(`tool ${name} returned a result that does not match its output schema: ${describeIssues(result.issues)}`);
      return sendError(res, 500, { error: "internal error", message: `${name} returned an invalid result; the details are in the server's log` });
    }
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(output);
  } catch (error) {
    settings.log(`tool ${name} returned a result that cannot be written as JSON`, error);
    return sendError(res, 500, { error: "internal error", message: `${name} returned an invalid result; the details are in the server's log` });
  }
  sendJsonText(res, 200, text ?? "null");
}
