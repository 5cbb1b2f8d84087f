/**
 * Waiting for another process's lock without blocking a thread. Statements wait only a few
 * milliseconds for a lock (database.ts); a transaction that still finds it taken fails with
 * SQLITE_BUSY and is tried again after a growing pause, until the request's deadline, after which
 * the request gets StorageUnavailableError (503 with Retry-After).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { StorageUnavailableError } from "../storage.js";

/** How long a write waits for another process's write lock by default. */
export const DEFAULT_BUSY_WAIT_MS = 10_000;
/** Longest pause between two attempts to take the lock. */
const MAX_BUSY_PAUSE_MS = 100;

/**
 * How long a request may wait for locks: `busyWaitMs` from `startedAt` (ms since the epoch, when
 * the storage method was called). The time a request spent queued for its thread counts too, so
 * several writes waiting for one lock get their answers within `busyWaitMs` of their arrival, as
 * when they all retried at once on the event loop, not one `busyWaitMs` after the other. Every
 * request is tried at least once, however long it was queued.
 */
export interface BusyBudget {
  readonly startedAt: number;
  readonly busyWaitMs: number;
}

/** Runs `attempt`, again after a growing pause while another process holds a lock it needs. */
export async function whenFree<T>(attempt: () => T, { startedAt, busyWaitMs }: BusyBudget): Promise<T> {
  const deadline = startedAt + busyWaitMs;
  for (let pause = 2; ; pause = Math.min(pause * 2, MAX_BUSY_PAUSE_MS)) {
    try {
      return attempt();
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (Date.now() + pause > deadline) {
        throw new StorageUnavailableError(`another process has held a lock on the database for ${busyWaitMs} ms; try again later`, { cause: error });
      }
      await sleep(pause);
    }
  }
}

/** SQLITE_BUSY (and its extended codes): another connection holds the lock this one needs. */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}
