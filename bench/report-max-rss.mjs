// Preloaded with --import into a measured child: reports its peak RSS (kB) and its CPU time (user
// + system, µs) when it exits.
import { writeFileSync } from "node:fs";

process.on("exit", () => {
  if (process.env.BENCH_RSS_FILE) {
    const usage = process.resourceUsage();
    writeFileSync(process.env.BENCH_RSS_FILE, `${usage.maxRSS} ${usage.userCPUTime + usage.systemCPUTime}`);
  }
});
