// Only the "app `tsc`" part of bench/generate.mjs, with more rows and runs. Generates once
// (openapi-typescript's schema.ts, toolgen --emit ts, toolgen --emit js), then type-checks the same
// small app against each, interleaved, N times: wall time best of N, CPU time (user + system, all
// threads) best of N, and the ratios to openapi-typescript + openapi-fetch. A last run per folder
// with --extendedDiagnostics gives tsc's own split (parse, bind, check) and its type counts.
// Two more rows make the same three calls through the typed `toolkit.call`, with literal tool
// names, in copies of the two toolgen folders.
// Usage: npm run build && node bench/app-typecheck.mjs [runs=5]
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { writeOpenapiFetchApp, writeToolgenApp, writeToolkitCallApp } from "./typecheck-apps.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const SPEC = resolve(ROOT, "../shared/corpus/specs/github-api.json");
const OUT = join(ROOT, "bench/.out/app-typecheck");
const RUNS = Number(process.argv[2] ?? 5);
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");

function run(args) {
  const start = process.hrtime.bigint();
  const child = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  if (child.status !== 0) throw new Error(`${args.join(" ")} failed (${child.status}): ${child.stderr || child.stdout}`);
  return { wallMs, stdout: child.stdout };
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(join(OUT, "ots"), { recursive: true });
run([join(ROOT, "node_modules/openapi-typescript/bin/cli.js"), SPEC, "-o", join(OUT, "ots/schema.ts")]);
run([join(ROOT, "bin/toolgen.js"), SPEC, "--out", join(OUT, "toolgen-ts"), "-q"]);
run([join(ROOT, "bin/toolgen.js"), SPEC, "--out", join(OUT, "toolgen-ts-package"), "--runtime", "package", "-q"]);
run([join(ROOT, "bin/toolgen.js"), SPEC, "--out", join(OUT, "toolgen-js"), "--emit", "js", "-q"]);
writeOpenapiFetchApp(join(OUT, "ots"));
writeToolgenApp(join(OUT, "toolgen-ts"));
writeToolgenApp(join(OUT, "toolgen-ts-package"));
writeToolgenApp(join(OUT, "toolgen-js"));
const { info } = JSON.parse(readFileSync(SPEC, "utf8"));
for (const emit of ["ts", "js"]) {
  cpSync(join(OUT, `toolgen-${emit}`), join(OUT, `toolgen-${emit}-call`), { recursive: true });
  writeToolkitCallApp(join(OUT, `toolgen-${emit}-call`), `${info.title}/${info.version}`);
}

const rows = [
  { label: "openapi-typescript + openapi-fetch", dir: "ots" },
  { label: "toolgen --emit ts (inlined runtime, the default)", dir: "toolgen-ts" },
  { label: "toolgen --emit ts --runtime package", dir: "toolgen-ts-package" },
  { label: "toolgen --emit js (.d.ts, skipLibCheck)", dir: "toolgen-js" },
  { label: "toolgen --emit ts, through toolkit.call", dir: "toolgen-ts-call" },
  { label: "toolgen --emit js, through toolkit.call", dir: "toolgen-js-call" },
];
for (const row of rows) Object.assign(row, { wall: [], cpu: [] });

for (let i = 0; i < RUNS; i++) {
  for (const row of rows) {
    const cpu0 = childrenCpuMs();
    const { wallMs } = run([TSC, "-p", join(OUT, row.dir)]);
    row.wall.push(wallMs);
    row.cpu.push(childrenCpuMs() - cpu0);
  }
}

/**
 * User + system CPU time of this process's waited-for children (tsc and its GC threads), from
 * Linux's /proc (cutime and cstime, in clock ticks of 1/100 s); NaN elsewhere. Less disturbed than
 * wall time when other work shares the machine.
 */
function childrenCpuMs() {
  try {
    const stat = readFileSync(`/proc/${process.pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return NaN;
  }
}

const diagnostics = (dir) => {
  const { stdout } = run([TSC, "-p", join(OUT, dir), "--extendedDiagnostics"]);
  const get = (name) => stdout.match(new RegExp(`^${name}:\\s+([\\d.]+)`, "m"))?.[1] ?? "?";
  return { parse: get("Parse time"), bind: get("Bind time"), check: get("Check time"), types: get("Types"), instantiations: get("Instantiations"), memory: get("Memory used") };
};

const anchor = rows[0];
const min = (xs) => Math.min(...xs);
console.log(`Node ${process.version}, ${RUNS} runs each, interleaved; spec: github-api.json (13 MB, 1,223 operations)\n`);
console.log(`| | wall (best of ${RUNS}) | CPU (best of ${RUNS}) | wall ratio | CPU ratio | parse / bind / check (last run) | types | instantiations |`);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
for (const row of rows) {
  const d = diagnostics(row.dir);
  console.log(
    `| ${row.label} | ${(min(row.wall) / 1000).toFixed(2)} s | ${(min(row.cpu) / 1000).toFixed(2)} s | ${(min(row.wall) / min(anchor.wall)).toFixed(2)}x | ${(min(row.cpu) / min(anchor.cpu)).toFixed(2)}x | ${d.parse} / ${d.bind} / ${d.check} s | ${d.types} | ${d.instantiations} |`,
  );
}
