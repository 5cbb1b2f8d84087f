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
 * One request sent and its answer's headers received: the seam between sending (request.ts) and
 * reading, whole (request.ts) or item by item (streams/tool-stream.ts).
 */
import { networkReason } from "./network-reason.js";
import type { SecurityAlternative } from "./auth/auth-scheme.js";
import { ToolCallError } from "./tool-call-error.js";

/** Builds a ToolCallError for this call, with the call's secrets redacted from message and body. */
export type Fail = (message: string, code: ToolCallError["code"], extra?: { status?: number; body?: unknown; cause?: unknown; retryAfterMs?: number; requestId?: string; headers?: Record<string, string> }) => ToolCallError;

/**
 * One request sent and its answer's headers received: what reading the body (or a stream of
 * items) needs. `timeoutMs` keeps running until `stopTimer`; the caller's signal stays wired to
 * `controller` until `release`, so a stream handed to the app can still be aborted.
 */
export interface Exchange {
  readonly response: Response;
  readonly controller: AbortController;
  readonly fail: Fail;
  readonly timeoutMs: number;
  /** The whole-call timer fired (it aborted `controller`). */
  timedOut(): boolean;
  /** The security alternatives the call could not satisfy, for a 401/403's hint. */
  readonly unsatisfied: readonly SecurityAlternative[] | undefined;
  stopTimer(): void;
  release(): void;
}

/** What a stream needs to send the same request again (reconnection with Last-Event-ID). */
export interface Resend {
  (headers: Record<string, string>): Promise<Exchange>;
}

/** A failure while sending or reading, as the error the caller sees. */
export function transportError(exchange: Pick<Exchange, "controller" | "fail" | "timeoutMs" | "timedOut">, error: unknown): ToolCallError {
  if (error instanceof ToolCallError) return error;
  if (exchange.timedOut()) return exchange.fail(`got no complete answer within ${exchange.timeoutMs} ms`, "TIMEOUT", { cause: error });
  if (exchange.controller.signal.aborted) return exchange.fail("was aborted", "ABORTED", { cause: error });
  return exchange.fail(`failed: ${networkReason(error)}`, "NETWORK", { cause: error });
}

