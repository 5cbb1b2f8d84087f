/**
 * Cooperative sharing of the event loop. One request's CPU work (parsing a 32 MiB body,
 * segmenting its documents) runs for seconds; done in one go it would hold up every other request,
 * health probes included, for as long. Work that can be cut into steps calls `pause()` between
 * steps: once a slice's budget is spent, it waits for `setImmediate`, which runs after the
 * loop has polled for I/O, so other connections' reads, timers and small requests run first.
 */

/** CPU time one request may take before it lets others run: well under the 50 ms aimed at. */
export const SLICE_BUDGET_MS = 10;

export class TimeSlice {
  readonly #budgetMs: number;
  #started = performance.now();

  constructor(budgetMs = SLICE_BUDGET_MS) {
    this.#budgetMs = budgetMs;
  }

  /** Resolves at once while the budget lasts; otherwise after the loop's next turn. */
  async pause(): Promise<void> {
    if (performance.now() - this.#started < this.#budgetMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.#started = performance.now();
  }
}
