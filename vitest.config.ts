import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/scratch/**", "node_modules/**"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Vitest's default, one worker fewer than the cores, runs the files one at a time on a 2-core
    // machine, where most of them wait on servers, child processes and tsc rather than compute:
    // as many files as cores keeps both busy.
    maxWorkers: Math.max(2, availableParallelism()),
    reporters: ["default", "./test/support/summary-reporter.ts"],
  },
});
