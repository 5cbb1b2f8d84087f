// Runs a command as a child process and returns its wall time (ms) and peak RSS (MB).
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
  const rssMb = Number(readFileSync(rssFile, "utf8")) / 1024;
  rmSync(dir, { recursive: true, force: true });
  return { label, wallMs, rssMb };
}

export function best(runs) {
  return {
    label: runs[0].label,
    wallMs: Math.min(...runs.map((r) => r.wallMs)),
    rssMb: Math.max(...runs.map((r) => r.rssMb)),
  };
}
