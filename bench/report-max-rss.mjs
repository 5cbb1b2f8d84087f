// Preloaded with --import into a measured child: reports its peak RSS (kB) when it exits.
import { writeFileSync } from "node:fs";

process.on("exit", () => {
  if (process.env.BENCH_RSS_FILE) writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS));
});
