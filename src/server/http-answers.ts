/**
 * Every answer the server writes. Errors are JSON `{ error, message, issues? }` (the
 * `ErrorResponse` schema of the description): `error` is a short fixed kind a program can switch
 * on, `message` is a sentence for a person or a model, `issues` names each bad field. Answers
 * carry a Content-Length, so keep-alive clients never wait for a close to find the end.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
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

/**
 * A document that only changes when the server restarts (the description, examples.yaml), with
 * an ETag: a client polling with If-None-Match (`toolgen --watch`) gets a 304 and no body.
 */
export function sendDocument(req: IncomingMessage, res: ServerResponse, text: string, etag: string): void {
  const headOnly = req.method === "HEAD";
  const match = req.headers["if-none-match"];
  if (match !== undefined && match.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*")) {
    res.writeHead(304, { etag }).end();
    return;
  }
  res.writeHead(200, { "content-type": "application/yaml; charset=utf-8", "content-length": Buffer.byteLength(text), etag });
  res.end(headOnly ? undefined : text);
}

export function etagOf(text: string): string {
  return `"${createHash("sha256").update(text).digest("base64url").slice(0, 22)}"`;
}

/** `"/word: is required; /count: must be integer"`: the issues as one readable line. */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((i) => `${i.path || "(the whole value)"}: ${i.message}`).join("; ");
}
