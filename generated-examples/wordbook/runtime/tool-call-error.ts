// @ts-nocheck
/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * The one error every generated function rejects with. `code` says what kind of failure it was,
 * so callers (and agent loops) can decide whether to retry, report or give up.
 */
export type ToolCallErrorCode =
  | "HTTP_STATUS"
  | "NETWORK"
  | "TIMEOUT"
  | "ABORTED"
  | "INVALID_RESPONSE"
  | "RESPONSE_TOO_LARGE"
  /** The input cannot be sent as the description asks (a required parameter missing, a wrong shape); nothing was sent. */
  | "INVALID_INPUT"
  /** A credential function (`auth: { scheme: () => token }`) failed or gave no usable value; nothing was sent. */
  | "AUTH";

export interface ToolCallErrorInit {
  readonly tool: string;
  readonly code: ToolCallErrorCode;
  readonly method: string;
  /** The request URL. Never holds a secret: tokens travel in headers only. */
  readonly url: string;
  readonly status?: number;
  readonly body?: unknown;
  readonly cause?: unknown;
  /** From the answer's Retry-After header. */
  readonly retryAfterMs?: number;
}

export class ToolCallError extends Error {
  override readonly name = "ToolCallError";
  readonly tool: string;
  readonly code: ToolCallErrorCode;
  readonly method: string;
  readonly url: string;
  readonly status?: number;
  /** The answer's body: parsed JSON when it was JSON, else text. */
  readonly body?: unknown;
  /** How long the server asked to wait before retrying (Retry-After), in ms. */
  readonly retryAfterMs?: number;

  constructor(message: string, init: ToolCallErrorInit) {
    super(`${init.tool}: ${init.method} ${init.url} ${message}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.tool = init.tool;
    this.code = init.code;
    this.method = init.method;
    this.url = init.url;
    if (init.status !== undefined) this.status = init.status;
    if (init.body !== undefined) this.body = init.body;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }
}

export function isToolCallError(error: unknown): error is ToolCallError {
  return error instanceof ToolCallError;
}
