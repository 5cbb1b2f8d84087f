/**
 * Every answer the server writes. Errors are JSON `{ error, message, issues? }` (the
 * `ErrorResponse` schema of the description): `error` is a short fixed kind a program can switch
 * on, `message` is a sentence for a person or a model, `issues` names each bad field. Answers
 * carry a Content-Length, so keep-alive clients never wait for a close to find the end.
 */
import type { ServerResponse } from "node:http";
import type { ValidationIssue } from "./validator.js";

export interface ErrorBody {
  readonly error: string;
  readonly message: string;
  readonly issues?: readonly ValidationIssue[];
}

/** `text` must already be JSON. */
export function sendJsonText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

export function sendError(res: ServerResponse, status: number, body: ErrorBody): void {
  sendJsonText(res, status, JSON.stringify(body));
}

export function sendText(res: ServerResponse, status: number, text: string, type: string, headOnly: boolean): void {
  res.writeHead(status, { "content-type": `${type}; charset=utf-8`, "content-length": Buffer.byteLength(text) });
  res.end(headOnly ? undefined : text);
}

/** `"/word: is required; /count: must be integer"`: the issues as one readable line. */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((i) => `${i.path || "(the whole value)"}: ${i.message}`).join("; ");
}
