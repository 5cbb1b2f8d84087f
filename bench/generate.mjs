// Generation and an app's type-check, measured side by side in one run on GitHub's description:
//   1. toolgen's whole generate (types + functions + toolkit) vs openapi-typescript's types alone;
//   2. `tsc --noEmit` over a small app calling three operations: toolgen's output (as .ts and as
//      .js + .d.ts) vs openapi-typescript + openapi-fetch.
// Usage: npm run build && node bench/generate.mjs [runs=3] [--json]
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { best, measure } from "./measure.mjs";
import { argsWithoutJson, printRows } from "./rows.mjs";
import { writeOpenapiFetchApp, writeToolgenApp } from "./typecheck-apps.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const SPEC = resolve(ROOT, "../shared/corpus/specs/github-api.json");
const OUT = join(ROOT, "bench/.out/generate");
const RUNS = Number(argsWithoutJson()[0] ?? 3);
const OTS_CLI = join(ROOT, "node_modules/openapi-typescript/bin/cli.js");
const TOOLGEN = join(ROOT, "bin/toolgen.js");
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const generation = { ots: [], toolgenTs: [], toolgenJs: [] };
for (let i = 0; i < RUNS; i++) {
  generation.ots.push(measure("openapi-typescript (types only)", [OTS_CLI, SPEC, "-o", join(OUT, "ots/schema.ts")]));
  // --force: from the second run on, toolgen would find its output up to date and skip the work.
  generation.toolgenTs.push(measure("toolgen --emit ts (types + functions + toolkit)", [TOOLGEN, SPEC, "--out", join(OUT, "toolgen-ts"), "-q", "--force"]));
  generation.toolgenJs.push(measure("toolgen --emit js", [TOOLGEN, SPEC, "--out", join(OUT, "toolgen-js"), "--emit", "js", "-q", "--force"]));
}

writeOpenapiFetchApp(join(OUT, "ots"));
for (const dir of ["toolgen-ts", "toolgen-js"]) writeToolgenApp(join(OUT, dir));

const check = { ots: [], toolgenTs: [], toolgenJs: [] };
for (let i = 0; i < RUNS; i++) {
  check.ots.push(measure("openapi-typescript + openapi-fetch", [TSC, "-p", join(OUT, "ots")]));
  check.toolgenTs.push(measure("toolgen --emit ts", [TSC, "-p", join(OUT, "toolgen-ts")]));
  check.toolgenJs.push(measure("toolgen --emit js (.d.ts, skipLibCheck)", [TSC, "-p", join(OUT, "toolgen-js")]));
}

function table(title, rows, anchor) {
  const lines = [
    `### ${title}`,
    "",
    `| | wall (best of ${RUNS}) | CPU (median) | peak RSS (largest / median) | wall ratio | CPU ratio | RSS ratio (largest / median) |`,
    "|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.label} | ${(row.wallMs / 1000).toFixed(2)} s | ${(row.cpuMs / 1000).toFixed(2)} s | ${row.rssMb.toFixed(0)} / ${row.medianRssMb.toFixed(0)} MB | ` +
        `${(row.wallMs / anchor.wallMs).toFixed(2)}x | ${(row.cpuMs / anchor.cpuMs).toFixed(2)}x | ${(row.rssMb / anchor.rssMb).toFixed(2)}x / ${(row.medianRssMb / anchor.medianRssMb).toFixed(2)}x |`,
    );
  }
  return lines.join("\n");
}

const g = { ots: best(generation.ots), ts: best(generation.toolgenTs), js: best(generation.toolgenJs) };
const c = { ots: best(check.ots), ts: best(check.toolgenTs), js: best(check.toolgenJs) };
console.log(`Node ${process.version}, ${RUNS} runs each, interleaved; spec: github-api.json (13 MB, 1,223 operations)\n`);
console.log(table("Generation", [g.ots, g.ts, g.js], g.ots));
console.log();
console.log(table("tsc --noEmit over an app calling three operations", [c.ots, c.ts, c.js], c.ots));

const GITHUB = "GitHub's description (1,223 operations)";
// CPU time (the median), not wall time: on a shared machine a process's wall time grows with
// everything else that runs, its CPU time hardly.
const cpuSeconds = (row) => row.cpuMs / 1000;
printRows([
  { area: "generation", what: `toolgen --emit ts, ${GITHUB}, CPU`, anchor: "openapi-typescript (types only)", ours: cpuSeconds(g.ts), theirs: cpuSeconds(g.ots), unit: "s" },
  { area: "generation", what: `toolgen --emit js, ${GITHUB}, CPU`, anchor: "openapi-typescript (types only)", ours: cpuSeconds(g.js), theirs: cpuSeconds(g.ots), unit: "s" },
  { area: "type-checking apps", what: "tsc of a three-call app on --emit ts output, CPU", anchor: "the same app on openapi-typescript + openapi-fetch", ours: cpuSeconds(c.ts), theirs: cpuSeconds(c.ots), unit: "s" },
  { area: "type-checking apps", what: "tsc of a three-call app on --emit js output, CPU", anchor: "the same app on openapi-typescript + openapi-fetch", ours: cpuSeconds(c.js), theirs: cpuSeconds(c.ots), unit: "s" },
]);
