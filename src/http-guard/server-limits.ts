/**
 * The limits every toolgen server (`serve`, `kb serve`, `mcp --http`) applies to its clients, in
 * one place so the tables of docs/security.md and the code cannot drift. A limit exists because a
 * client that never finishes, or sends too much, must cost the server a bounded amount.
 */
import type { Server, ServerOptions } from "node:http";

export interface ServerLimits {
  /** A request's headers must arrive within this (slowloris). */
  readonly headersTimeoutMs: number;
  /** A request's body must arrive within this after the headers; then 408 and the socket closes. */
  readonly bodyTimeoutMs: number;
  /** Open connections at once; Node closes connections past it as they arrive. */
  readonly maxConnections: number;
  /** Deepest nesting of `[`/`{` in a JSON request body; deeper gets 400 before it is parsed. */
  readonly maxJsonDepth: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 30_000,
  maxConnections: 512,
  maxJsonDepth: 64,
};

export function resolveLimits(given: Partial<ServerLimits> | undefined): ServerLimits {
  const limits = { ...DEFAULT_SERVER_LIMITS, ...given };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value <= 0) throw new TypeError(`server limit ${name} must be a positive whole number, not ${String(value)}`);
  }
  return limits;
}

/** Options for `createServer`: deadlines are checked every second, not every 30 s as by default. */
export function serverOptions(limits: ServerLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    // Node's own whole-request deadline is only a backstop: it did not reliably end a body that
    // never finishes (measured), so readBody keeps its own timer.
    requestTimeout: limits.headersTimeoutMs + limits.bodyTimeoutMs + 5_000,
    connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
  };
}

export function applyServerLimits(server: Server, limits: ServerLimits): void {
  server.maxConnections = limits.maxConnections;
}
