/**
 * Which failures of a PostgreSQL request mean "the database is not there right now" (answered 503
 * with Retry-After, and retried on the next request) rather than a fault of this request or of
 * toolgen (500) or a wrong configuration (refused at start).
 */
import { StorageUnavailableError } from "../storage.js";

/** Network errors of the socket to the server. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/** SQLSTATEs of a server that is going away, starting, out of connections or over its time. */
const SERVER_STATES: Readonly<Record<string, string>> = {
  "57P01": "the database server is shutting down",
  "57P02": "the database server crashed",
  "57P03": "the database server is starting up",
  "53300": "the database server has no free connections",
  "57014": "the database did not answer within the statement timeout",
  // A server demoted by a failover, or a standby: it serves reads but no writes until the
  // connection reaches the new primary.
  "25006": "the database is read-only now (a standby, or a primary being replaced)",
};

/**
 * Whether the connection itself failed (no answer in time, closed, reset): nothing more can be
 * sent on it, not even ROLLBACK, which would wait for the same silence; it is closed instead.
 */
export function connectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (NETWORK_CODES.has(code) || code.startsWith("08"))) return true;
  return /^Connection terminated|Client has encountered a connection error|^Query read timeout/i.test(error.message);
}

export function asUnavailable(error: unknown): StorageUnavailableError | undefined {
  if (error instanceof StorageUnavailableError) return error;
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code)) return new StorageUnavailableError(`the database cannot be reached (${code}); try again later`, { cause: error });
    // Class 08: connection exceptions.
    if (code.startsWith("08")) return new StorageUnavailableError(`the database connection failed (${code}); try again later`, { cause: error });
    const state = SERVER_STATES[code];
    if (state !== undefined) return new StorageUnavailableError(`${state}; try again later`, { cause: error });
  }
  // pg's own messages for a socket that closed or a pool that found no connection in time.
  if (/^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|^Query read timeout/i.test(error.message)) {
    return new StorageUnavailableError(`the database cannot be reached (${error.message}); try again later`, { cause: error });
  }
  return undefined;
}
