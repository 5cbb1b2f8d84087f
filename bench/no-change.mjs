// Runs that find nothing to do, measured in one run on GitHub's description (13 MB, 1,223
// operations): a regeneration and a `--check` with nothing changed must take at most 0.1x of a
// full generation.
// Rows, each a fresh `toolgen` process, interleaved:
//   1. full generation into an empty folder (the anchor);
//   2. `--force` over unchanged output: what every unchanged run cost before the skip;
//   3. no-change regeneration (the skip: hash the description and the output, write nothing);
//   4. no-change `--check`;
//   5. `--check --force`: the full comparison the skip replaces;
//   6. `node -e 0`: the start-up floor under every row.
// `--quick` leaves out rows 2 and 5, which cost a full generation each.
// Usage: npm run build && node bench/no-change.mjs [runs=3] [--emit js] [--quick] [--json]
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { best, measure } from "./measure.mjs";
import { printRows } from "./rows.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const SPEC = resolve(ROOT, "../shared/corpus/specs/github-api.json");
const OUT = join(ROOT, "bench/.out/no-change");
const args = process.argv.slice(2);
const RUNS = Number(args.find((a) => /^\d+$/.test(a)) ?? 3);
const EMIT = args.includes("--emit") ? args[args.indexOf("--emit") + 1] : "ts";
const QUICK = args.includes("--quick");
const TOOLGEN = join(ROOT, "bin/toolgen.js");

const fresh = join(OUT, "fresh");
const kept = join(OUT, "kept");
const run = (label, out, ...flags) => measure(label, [TOOLGEN, SPEC, "--out", out, "--emit", EMIT, "-q", ...flags]);

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
run("prepare", kept);

const rows = QUICK ? { full: [], skip: [], check: [], node: [] } : { full: [], force: [], skip: [], check: [], checkForce: [], node: [] };
for (let i = 0; i < RUNS; i++) {
  rmSync(fresh, { recursive: true, force: true });
  rows.full.push(run("full generation (empty folder)", fresh));
  rows.force?.push(run("--force, nothing changed (the cost before the skip)", kept, "--force"));
  rows.skip.push(run("no-change regeneration", kept));
  rows.check.push(run("no-change --check", kept, "--check"));
  rows.checkForce?.push(run("--check --force, nothing changed", kept, "--check", "--force"));
  rows.node.push(measure("node -e 0 (start-up floor)", ["-e", "0"]));
}

const anchor = best(rows.full);
console.log(`Node ${process.version}, ${RUNS} runs each, interleaved; spec: github-api.json (13 MB, 1,223 operations), --emit ${EMIT}\n`);
console.log(`| | wall (best of ${RUNS}) | peak RSS | wall ratio | goal |`);
console.log("|---|---:|---:|---:|---:|");
for (const [key, runs] of Object.entries(rows)) {
  const row = best(runs);
  const goal = key === "skip" || key === "check" ? "≤ 0.10x" : "";
  console.log(`| ${row.label} | ${(row.wallMs / 1000).toFixed(2)} s | ${row.rssMb.toFixed(0)} MB | ${(row.wallMs / anchor.wallMs).toFixed(3)}x | ${goal} |`);
}
const anchorLabel = `full generation into an empty folder (--emit ${EMIT})`;
printRows(
  [
    ["skip", `regeneration with nothing changed, GitHub's description`],
    ["check", `--check with nothing changed, GitHub's description`],
  ].map(([key, what]) => ({ area: "no-change builds", what, anchor: anchorLabel, ours: best(rows[key]).wallMs / 1000, theirs: anchor.wallMs / 1000, unit: "s" })),
);
rmSync(OUT, { recursive: true, force: true });
