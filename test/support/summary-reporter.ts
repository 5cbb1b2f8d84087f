/**
 * Ends a vitest run with the slowest files (where a contributor looks first when the run grows)
 * and the plain line `Tests: N passed, N failed, N skipped`, which CI reads to tell "ran and
 * passed" from "ran nothing".
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
    if (testModules.length > 10) {
      const slowest = [...testModules].map((m) => [m.moduleId, m.diagnostic().duration] as const).sort((a, b) => b[1] - a[1]);
      process.stdout.write("\nSlowest files:\n");
      for (const [id, ms] of slowest.slice(0, 12)) process.stdout.write(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${id.slice(process.cwd().length + 1)}\n`);
    }
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
