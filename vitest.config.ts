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
    // Each worker imports toolgen's modules once and keeps its type checker (test/support/
    // typecheck.ts) from file to file: a fresh module graph per file cost a minute of the run. No
    // test leaves state another can see: servers are closed, temporary folders are each file's own,
    // and the environment variables a test sets it restores.
    isolate: false,
    reporters: ["default", "./test/support/summary-reporter.ts"],
  },
});
