/**
 * The messages between the service's thread and the SQLite worker threads (worker-pool.ts,
 * sqlite-worker.ts), and errors as they cross: structured cloning keeps an Error's message but
 * not its class, so each error travels as what the HTTP layer needs to tell it apart (a protocol
 * error with its errorCode, a 503, anything else with its name, message and SQLite code).
 */
import { ServiceError, type ErrorCodeValue } from "../errors.js";
import { StorageUnavailableError } from "../storage.js";
import type { BusyBudget } from "./busy-retry.js";
import type { FramedRequest } from "./document-parts.js";

/** `workerData` of a worker: its data directory, and whether it owns the connection that writes. */
export interface WorkerSetup {
  readonly dataDir: string;
  readonly role: "writer" | "reader";
}

export type ToWorker =
  /** Open the connection (a reader is told once the writer has created or migrated the schema). */
  | { readonly type: "open" }
  /** Items of the request that follows (an add's documents, document-parts.ts). */
  | { readonly type: "part"; readonly items: readonly unknown[] }
  | { readonly type: "run"; readonly request: FramedRequest; readonly budget: BusyBudget }
  /** Close the connection and end the thread (sent when the worker is idle). */
  | { readonly type: "close" };

export type FromWorker =
  /** The connection is open (the answer to "open"): the worker takes requests. */
  | { readonly type: "ready" }
  | { readonly type: "result"; readonly value: unknown }
  /** The request failed, or (the answer to "open") the connection could not be opened. */
  | { readonly type: "error"; readonly error: WireError };

export type WireError =
  | { readonly kind: "service"; readonly errorCode: ErrorCodeValue; readonly message: string }
  | { readonly kind: "unavailable"; readonly message: string }
  | { readonly kind: "error"; readonly name: string; readonly message: string; readonly code?: string; readonly stack?: string };

export function toWire(error: unknown): WireError {
  if (error instanceof ServiceError) return { kind: "service", errorCode: error.errorCode, message: error.message };
  if (error instanceof StorageUnavailableError) return { kind: "unavailable", message: error.message };
  if (!(error instanceof Error)) return { kind: "error", name: "Error", message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    kind: "error",
    name: error.name,
    message: error.message,
    ...(typeof code === "string" ? { code } : {}),
    ...(error.stack !== undefined ? { stack: error.stack } : {}),
  };
}

/** The error `toWire` described, as the service's thread throws it. */
export function fromWire(wire: WireError): Error {
  switch (wire.kind) {
    case "service":
      return new ServiceError(wire.errorCode, wire.message);
    case "unavailable":
      return new StorageUnavailableError(wire.message);
    default: {
      const error = new Error(wire.message) as Error & { code?: string };
      error.name = wire.name;
      if (wire.code !== undefined) error.code = wire.code;
      // The worker's stack: where the error happened is more use than where it was received.
      if (wire.stack !== undefined) error.stack = wire.stack;
      return error;
    }
  }
}
