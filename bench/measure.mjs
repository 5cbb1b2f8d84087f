// Runs a command as a child process and returns its wall time (ms), peak RSS (MB) and CPU time
// (user + system of its main process, ms).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const PRELOAD = resolve(import.meta.dirname, "report-max-rss.mjs");

export function measure(label, args, options = {}) {
  const dir = mkdtempSync(join(tmpdir(), "bench-"));
  const rssFile = join(dir, "rss");
  const start = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ["--import", PRELOAD, ...args], {
    cwd: options.cwd,
    env: { ...process.env, BENCH_RSS_FILE: rssFile },
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  if (child.status !== 0 && !options.allowFailure) {
    throw new Error(`${label} failed (${child.status}): ${child.stderr || child.stdout}`);
  }
  const [rssKb, cpuUs] = readFileSync(rssFile, "utf8").split(" ").map(Number);
  rmSync(dir, { recursive: true, force: true });
  return { label, wallMs, rssMb: rssKb / 1024, cpuMs: cpuUs / 1000 };
}

export function best(runs) {
  return {
    label: runs[0].label,
    wallMs: Math.min(...runs.map((r) => r.wallMs)),
    rssMb: Math.max(...runs.map((r) => r.rssMb)),
    /** The median: CPU time moves less with the machine's load than wall time does. */
    cpuMs: median(runs.map((r) => r.cpuMs)),
    /** The median peak RSS, beside the largest: both tools' peaks vary with when GC runs. */
    medianRssMb: median(runs.map((r) => r.rssMb)),
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
