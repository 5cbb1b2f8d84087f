// Every operation of the Prism wire test's descriptions (1,114 operations, each called with every
// property filled and with only the required ones) through the generated client against Prism's
// validating mock. The test run in CI calls a seeded sample of up to 60 per description
// (test/wire/prism.test.ts); this is the whole of it, a few minutes on 2 cores.
// Usage: node bench/prism-sweep.mjs
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const run = spawnSync(process.execPath, [resolve(ROOT, "node_modules/vitest/vitest.mjs"), "run", "test/wire/prism.test.ts"], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, PRISM_OPERATIONS: "all" },
});
process.exit(run.status ?? 1);
