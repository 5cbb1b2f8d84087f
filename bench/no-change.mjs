// Runs that find nothing to do, measured in one run on GitHub's description (13 MB, 1,223
// operations): a regeneration and a `--check` with nothing changed must take at most 0.1x of a
// full generation.
// Rows, each a fresh `toolgen` process, interleaved:
//   1. full generation into an empty folder (the anchor);
//   2. `--force` over unchanged output: what every unchanged run cost before the skip;
//   3. no-change regeneration (the skip: hash the description and the output, write nothing);
//   4. no-change `--check`;
//   5. `--check --force`: the full comparison the skip replaces;
//   6. `node -e 0`: the start-up floor under every row;
//   7. full generation from a URL (`--force`), the remote anchor;
//   8. no-change regeneration from that URL: the server answers the conditional GET with 304.
// The URL is a loopback server in a child process (so it does not share this process's event
// loop with the timing) serving the same file at /.well-known/openapi.json with an ETag, as the
// tool manager does; it counts the 304s so a row that did not get one fails instead of lying.
// `--quick` leaves out rows 2 and 5, which cost a full generation each.
// Usage: npm run build && node bench/no-change.mjs [runs=3] [--emit js] [--quick] [--json]
import { fork } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
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
const remote = join(OUT, "remote");
const run = (label, out, ...flags) => measure(label, [TOOLGEN, SPEC, "--out", out, "--emit", EMIT, "-q", ...flags]);

const server = fork(join(import.meta.dirname, "no-change-server.mjs"), [SPEC], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
const ask = (message) =>
  new Promise((done) => {
    server.once("message", done);
    server.send(message);
  });
const { url } = await new Promise((done) => server.once("message", done));
const runRemote = (label, ...flags) => measure(label, [TOOLGEN, url, "--out", remote, "--emit", EMIT, "-q", ...flags]);

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
run("prepare", kept);
runRemote("prepare remote");

const rows = QUICK
  ? { full: [], skip: [], check: [], node: [], remoteFull: [], remoteSkip: [] }
  : { full: [], force: [], skip: [], check: [], checkForce: [], node: [], remoteFull: [], remoteSkip: [] };
for (let i = 0; i < RUNS; i++) {
  rmSync(fresh, { recursive: true, force: true });
  rows.full.push(run("full generation (empty folder)", fresh));
  rows.force?.push(run("--force, nothing changed (the cost before the skip)", kept, "--force"));
  rows.skip.push(run("no-change regeneration", kept));
  rows.check.push(run("no-change --check", kept, "--check"));
  rows.checkForce?.push(run("--check --force, nothing changed", kept, "--check", "--force"));
  rows.node.push(measure("node -e 0 (start-up floor)", ["-e", "0"]));
  rows.remoteFull.push(runRemote("full generation from the URL (--force)", "--force"));
  const before = (await ask("count")).notModified;
  rows.remoteSkip.push(runRemote("no-change regeneration from the URL (304)"));
  if ((await ask("count")).notModified !== before + 1) throw new Error("the remote no-change run did not get a 304");
}
server.kill();

const anchor = best(rows.full);
const remoteAnchor = best(rows.remoteFull);
// The remote rows are measured against the remote full run, the others against the local one.
const anchorOf = (key) => (key.startsWith("remote") ? remoteAnchor : anchor);
console.log(`Node ${process.version}, ${RUNS} runs each, interleaved; spec: github-api.json (13 MB, 1,223 operations), --emit ${EMIT}; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}\n`);
console.log(`| | wall (best of ${RUNS}) | CPU (median) | peak RSS | wall ratio | CPU ratio | goal |`);
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const [key, runs] of Object.entries(rows)) {
  const row = best(runs);
  const goal = key === "skip" || key === "check" || key === "remoteSkip" ? "≤ 0.10x" : "";
  const base = anchorOf(key);
  console.log(
    `| ${row.label} | ${(row.wallMs / 1000).toFixed(2)} s | ${(row.cpuMs / 1000).toFixed(2)} s | ${row.rssMb.toFixed(0)} MB | ${(row.wallMs / base.wallMs).toFixed(3)}x | ${(row.cpuMs / base.cpuMs).toFixed(3)}x | ${goal} |`,
  );
}
const anchorLabel = `full generation into an empty folder (--emit ${EMIT})`;
printRows(
  [
    ["skip", `regeneration with nothing changed, GitHub's description`],
    ["check", `--check with nothing changed, GitHub's description`],
  ]
    .map(([key, what]) => ({ area: "no-change builds", what, anchor: anchorLabel, ours: best(rows[key]).wallMs / 1000, theirs: anchor.wallMs / 1000, unit: "s" }))
    .concat({
      area: "no-change builds",
      what: "regeneration from a URL answering 304, GitHub's description",
      anchor: `full generation from the URL (--force, --emit ${EMIT})`,
      ours: best(rows.remoteSkip).wallMs / 1000,
      theirs: remoteAnchor.wallMs / 1000,
      unit: "s",
    }),
);
rmSync(OUT, { recursive: true, force: true });
