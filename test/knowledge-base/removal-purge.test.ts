/**
 * The loop that empties PostgreSQL's queue of deleted documents' postings (postgres/removal-purge.ts),
 * with the database's batch replaced by a function: a wake during a run makes it look again, a
 * failure is logged once and tried again later instead of at once, and close() waits for the batch
 * under way and starts none after. The batches themselves run against a real server in
 * postgres-ranking.test.ts.
 */
import { describe, expect, it } from "vitest";
import { PURGE_BATCH_DOCUMENTS, RemovalPurge } from "../../src/knowledge-base/service/postgres/removal-purge.js";

const tick = (ms = 10) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the removal purge", () => {
  it("takes batches until one finds nothing, and looks again when woken meanwhile", async () => {
    let queued = 120;
    const sizes: number[] = [];
    let release: (() => void) | undefined;
    const purge = new RemovalPurge(async (documents) => {
      sizes.push(documents);
      if (sizes.length === 1) await new Promise<void>((resolve) => (release = resolve));
      const taken = Math.min(documents, queued);
      queued -= taken;
      return taken;
    });
    try {
      purge.wake();
      await tick();
      // A delete during the first batch queues more, and wakes the purge again.
      queued += 30;
      purge.wake();
      purge.wake();
      release!();
      await tick(50);
      expect(queued).toBe(0);
      // 150 in full batches, the empty one that ends the run, and one more run for the wake.
      expect(sizes).toEqual(Array.from({ length: Math.ceil(150 / PURGE_BATCH_DOCUMENTS) + 2 }, () => PURGE_BATCH_DOCUMENTS));
    } finally {
      await purge.close();
    }
  });

  it("logs a failure once and does not retry at once, even when woken during the failing batch", async () => {
    const lines: string[] = [];
    let calls = 0;
    const purge = new RemovalPurge(async () => {
      calls++;
      await tick(5);
      throw new Error("the database server is away");
    }, (line) => lines.push(line));
    try {
      purge.wake();
      purge.wake();
      await tick(100);
      purge.wake();
      await tick(100);
      expect(calls).toBe(2);
      expect(lines).toEqual([expect.stringContaining("the database server is away")]);
    } finally {
      await purge.close();
    }
  });

  it("closes after the batch under way and starts no other", async () => {
    let calls = 0;
    let release: (() => void) | undefined;
    const purge = new RemovalPurge(async () => {
      calls++;
      await new Promise<void>((resolve) => (release = resolve));
      return 1;
    });
    purge.wake();
    await tick();
    let closed = false;
    const closing = purge.close().then(() => (closed = true));
    await tick();
    expect(closed).toBe(false);
    release!();
    await closing;
    purge.wake();
    await tick();
    expect(calls).toBe(1);
  });
});
