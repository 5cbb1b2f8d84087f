/**
 * Ends a vitest run with the plain line `Tests: N passed, N failed, N skipped`, which CI reads to
 * tell "ran and passed" from "ran nothing".
 */
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      // A file that fails to load has no failed test, but it failed: count it once.
      if (module.state() === "failed" && ![...module.children.allTests()].some((t) => t.result().state === "failed")) failed++;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
    }
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
