// One config of five corpus toolkits (petstore, OpenAI, Clerk, Stripe, DigitalOcean),
// generated from scratch with `--jobs 1` (one after the other on the main thread) and with
// `--jobs <n>` (worker threads), each run a fresh process with empty output folders, interleaved;
// wall time is the best of the runs, CPU time (user + system, all threads) the least, peak RSS the
// highest (`process.resourceUsage()`, which covers every thread: the workers are threads of the
// one process). Then the same config once more with nothing changed (the no-change check,
// src/up-to-date.ts), serial and parallel. Every parallel output is compared byte for byte with the serial one.
// Usage: npm run build && node bench/parallel-toolkits.mjs [runs=3] [jobs=2]
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const SPECS = resolve(ROOT, "../shared/corpus/specs");
const RUNS = Number(process.argv[2] ?? 3);
const JOBS = Number(process.argv[3] ?? 2);
const TOOLGEN = join(ROOT, "bin/toolgen.js");
const OUT = join(ROOT, "bench/.out/parallel");

const toolkits = [
  ["petstore", "petstore-3.0.yaml"],
  ["openai", "openai.yaml"],
  ["clerk", "clerk-2025-11-10.yaml"],
  ["stripe", "stripe-spec3-2023-09-12.yaml"],
  ["digitalocean", "digital-ocean-api/DigitalOcean-public.v2.yaml"],
];
const dirs = { serial: join(OUT, "serial"), parallel: join(OUT, "parallel") };
rmSync(OUT, { recursive: true, force: true });
for (const dir of Object.values(dirs)) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "toolgen.config.json"), JSON.stringify({ toolkits: toolkits.map(([name, spec]) => ({ name, source: join(SPECS, spec), out: `gen/${name}` })) }, null, 2));
}

/** Every file under `dir`, path -> bytes. */
function tree(dir) {
  const files = new Map();
  for (const entry of readdirSync(dir, { recursive: true }).map(String).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isFile()) files.set(entry, readFileSync(path));
  }
  return files;
}

/** The files that differ between the serial and the parallel output. */
function differences() {
  const a = tree(join(dirs.serial, "gen"));
  const b = tree(join(dirs.parallel, "gen"));
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((path) => !(a.has(path) && b.has(path) && a.get(path).equals(b.get(path))));
}

// Preloaded into each run: its peak RSS and CPU time when it exits.
const USAGE = `data:text/javascript,${encodeURIComponent(`
import { writeFileSync } from "node:fs";
process.on("exit", () => {
  const usage = process.resourceUsage();
  writeFileSync(process.env.BENCH_USAGE_FILE, JSON.stringify({ maxRSS: usage.maxRSS, cpu: usage.userCPUTime + usage.systemCPUTime }));
});
`)}`;

function run(jobs, dir, label) {
  const scratch = mkdtempSync(join(tmpdir(), "bench-parallel-"));
  const file = join(scratch, "usage.json");
  const start = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ["--import", USAGE, TOOLGEN, "--jobs", String(jobs), "--quiet"], { cwd: dir, env: { ...process.env, BENCH_USAGE_FILE: file }, encoding: "utf8" });
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  if (child.status !== 0) throw new Error(`${label} failed (${child.status}): ${child.stderr}`);
  const usage = JSON.parse(readFileSync(file, "utf8"));
  rmSync(scratch, { recursive: true, force: true });
  return { label, wallMs, cpuMs: usage.cpu / 1000, rssMb: usage.maxRSS / 1024 };
}

function best(runs) {
  return {
    label: runs[0].label,
    wallMs: Math.min(...runs.map((r) => r.wallMs)),
    cpuMs: Math.min(...runs.map((r) => r.cpuMs)),
    rssMb: Math.max(...runs.map((r) => r.rssMb)),
  };
}
const fresh = { serial: [], parallel: [] };
const unchanged = { serial: [], parallel: [] };
const differing = new Set();
for (let i = 0; i < RUNS; i++) {
  for (const dir of Object.values(dirs)) rmSync(join(dir, "gen"), { recursive: true, force: true });
  fresh.serial.push(run(1, dirs.serial, "five toolkits, --jobs 1"));
  fresh.parallel.push(run(JOBS, dirs.parallel, `five toolkits, --jobs ${JOBS}`));
  for (const path of differences()) differing.add(path);
  unchanged.serial.push(run(1, dirs.serial, "no-change run, --jobs 1"));
  unchanged.parallel.push(run(JOBS, dirs.parallel, `no-change run, --jobs ${JOBS}`));
}

const load = spawnSync("cat", ["/proc/loadavg"], { encoding: "utf8" }).stdout.split(" ")[0];
console.log(`Node ${process.version}, ${RUNS} runs each, interleaved; load average ${load} at the end\n`);
console.log(`| | wall (best of ${RUNS}) | CPU, all threads | peak RSS | wall ratio | CPU ratio | RSS ratio |`);
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const pair of [fresh, unchanged]) {
  const [serial, parallel] = [best(pair.serial), best(pair.parallel)];
  for (const row of [serial, parallel]) {
    console.log(
      `| ${row.label} | ${(row.wallMs / 1000).toFixed(2)} s | ${(row.cpuMs / 1000).toFixed(2)} s | ${row.rssMb.toFixed(0)} MB | ${(row.wallMs / serial.wallMs).toFixed(2)}x | ${(row.cpuMs / serial.cpuMs).toFixed(2)}x | ${(row.rssMb / serial.rssMb).toFixed(2)}x |`,
    );
  }
}
console.log(differing.size === 0 ? "\nParallel output identical to serial output, byte for byte, in every run." : `\nFiles that differed in some run: ${[...differing].join(", ")}`);
rmSync(OUT, { recursive: true, force: true });
