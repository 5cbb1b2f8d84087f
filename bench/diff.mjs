// The diff's performance goal: `toolgen diff` of github-api.json against a copy with 50 scattered
// edits takes no more than 1.5x the time toolgen needs just to load and model both files.
// Both are measured in this one process, alternating, on fresh loads each time.
// Usage: npm run build && node --expose-gc bench/diff.mjs [runs=7] [--json]
// The machine may be busy: both the ratio of the minima (least noise) and of the medians are shown.
// A second table measures the same two things cold, one child process per run (what CI sees).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadDescription } from "../dist/load/load-description.js";
import { buildModel } from "../dist/model/build-model.js";
import { diffModels } from "../dist/diff/diff-models.js";
import { formatText } from "../dist/diff/format-text.js";
import { best, measure } from "./measure.mjs";
import { argsWithoutJson, printRows } from "./rows.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const SPEC = resolve(ROOT, "../shared/corpus/specs/github-api.json");
const RUNS = Number(argsWithoutJson()[0] ?? 7);
const METHODS = ["get", "put", "post", "delete", "patch"];

/** 25 edits to operations and 25 to component schemas, spread evenly over the document. */
function edit(document) {
  const edits = [];
  const ops = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) if (item[method]) ops.push({ path, method, op: item[method] });
  }
  const step = Math.floor(ops.length / 25);
  for (let i = 0; i < 25; i++) {
    const { path, method, op } = ops[i * step];
    switch (i % 5) {
      case 0:
        (op.parameters ??= []).push({ name: `bench_${i}`, in: "query", required: true, schema: { type: "string" } });
        edits.push(`required query parameter added: ${method} ${path}`);
        break;
      case 1:
        op.operationId = `${op.operationId}-renamed`;
        edits.push(`operationId changed: ${method} ${path}`);
        break;
      case 2:
        delete document.paths[path][method];
        edits.push(`operation removed: ${method} ${path}`);
        break;
      case 3:
        op.deprecated = true;
        edits.push(`deprecated: ${method} ${path}`);
        break;
      default:
        op.summary = `${op.summary ?? ""} (edited)`;
        (op.parameters ??= []).push({ name: `bench_opt_${i}`, in: "query", schema: { type: "integer", minimum: 1 } });
        edits.push(`optional query parameter added: ${method} ${path}`);
    }
  }
  const schemas = Object.entries(document.components.schemas).filter(([, s]) => s.type === "object" && s.properties);
  const every = Math.floor(schemas.length / 25);
  for (let i = 0; i < 25; i++) {
    const [name, schema] = schemas[i * every];
    const props = Object.entries(schema.properties);
    const enumProp = props.find(([, p]) => Array.isArray(p.enum));
    const stringProp = props.find(([, p]) => p.type === "string" && !p.enum);
    switch (i % 5) {
      case 0:
        schema.properties[`bench_${i}`] = { type: "string" };
        edits.push(`optional property added: ${name}`);
        break;
      case 1:
        delete schema.properties[props[props.length - 1][0]];
        edits.push(`property removed: ${name}`);
        break;
      case 2:
        if (enumProp) enumProp[1].enum = [...enumProp[1].enum, "bench_value"];
        else schema.properties[`bench_enum_${i}`] = { type: "string", enum: ["a"] };
        edits.push(`enum value added: ${name}`);
        break;
      case 3:
        if (stringProp) stringProp[1].type = "integer";
        else schema.required = [...(schema.required ?? []), props[0][0]];
        edits.push(`property type changed: ${name}`);
        break;
      default:
        if (stringProp) stringProp[1].nullable = true;
        else schema.properties[props[0][0]] = { ...props[0][1], deprecated: true };
        edits.push(`property became nullable: ${name}`);
    }
  }
  return edits;
}

const dir = mkdtempSync(join(tmpdir(), "toolgen-bench-diff-"));
const edited = join(dir, "github-api-edited.json");
const document = JSON.parse(readFileSync(SPEC, "utf8"));
const edits = edit(document);
writeFileSync(edited, JSON.stringify(document));

const options = { env: {} };
// What `toolgen diff` loads with: its findings name the file, line and column of each change.
const diffOptions = { env: {}, places: true };
async function loadAndModel(given = options) {
  const [a, b] = await Promise.all([loadDescription(SPEC, given), loadDescription(edited, given)]);
  return [buildModel(a), buildModel(b)];
}

const baseline = [];
const full = [];
const diffOnly = [];
let result;
await loadAndModel(); // warm up the JIT for both paths alike
for (let i = 0; i < RUNS; i++) {
  globalThis.gc?.();
  let start = performance.now();
  await loadAndModel();
  baseline.push(performance.now() - start);

  globalThis.gc?.();
  start = performance.now();
  const [a, b] = await loadAndModel(diffOptions);
  const middle = performance.now();
  result = diffModels(a, b);
  formatText(result);
  const end = performance.now();
  full.push(end - start);
  diffOnly.push(end - middle);
}

// Cold: a fresh process per run, so JIT warm-up counts on both sides.
const dist = (file) => JSON.stringify(new URL(`../dist/${file}`, import.meta.url).href);
const preludeWith = (given) => `import { loadDescription } from ${dist("load/load-description.js")};
import { buildModel } from ${dist("model/build-model.js")};
const [a, b] = await Promise.all([loadDescription(${JSON.stringify(SPEC)}, ${JSON.stringify(given)}), loadDescription(${JSON.stringify(edited)}, ${JSON.stringify(given)})]);
const oldModel = buildModel(a), newModel = buildModel(b);`;
const prelude = preludeWith(options);
const diffCode = `${preludeWith(diffOptions)}
const { diffModels } = await import(${dist("diff/diff-models.js")});
const { formatText } = await import(${dist("diff/format-text.js")});
process.stdout.write(formatText(diffModels(oldModel, newModel)));`;
const cold = { baseline: [], full: [] };
for (let i = 0; i < RUNS; i++) {
  cold.baseline.push(measure("load + model both files", ["--input-type=module", "-e", prelude]));
  cold.full.push(measure("toolgen diff", ["--input-type=module", "-e", diffCode]));
}
rmSync(dir, { recursive: true, force: true });

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(0)} ms`;
const ratioMin = Math.min(...full) / Math.min(...baseline);
const ratioMedian = median(full) / median(baseline);
console.log(`toolgen diff: github-api.json vs a copy with ${edits.length} scattered edits (${RUNS} runs; Node ${process.version})`);
console.log(`findings: ${result.summary.breaking} breaking, ${result.summary.warning} warning, ${result.summary.info} info`);
console.log("");
console.log("| step | min | median |");
console.log("|---|---:|---:|");
console.log(`| load + model both files | ${ms(Math.min(...baseline))} | ${ms(median(baseline))} |`);
console.log(`| load + model both + diff + text output (\`toolgen diff\`) | ${ms(Math.min(...full))} | ${ms(median(full))} |`);
console.log(`| of which the diff and its output | ${ms(Math.min(...diffOnly))} | ${ms(median(diffOnly))} |`);
console.log(`| **ratio** (goal <= 1.5x) | **${ratioMin.toFixed(2)}x** | ${ratioMedian.toFixed(2)}x |`);
const coldBaseline = best(cold.baseline);
const coldFull = best(cold.full);
const coldRatio = coldFull.wallMs / coldBaseline.wallMs;
console.log("");
console.log("Cold, one process per run (best of each; includes Node start-up):");
console.log("");
console.log("| step | wall | peak RSS |");
console.log("|---|---:|---:|");
console.log(`| load + model both files | ${ms(coldBaseline.wallMs)} | ${coldBaseline.rssMb.toFixed(0)} MB |`);
console.log(`| \`toolgen diff\` (load + model both + diff + text output) | ${ms(coldFull.wallMs)} | ${coldFull.rssMb.toFixed(0)} MB |`);
console.log(`| **ratio** (goal <= 1.5x) | **${coldRatio.toFixed(2)}x** | |`);
const anchor = "loading and modelling both files";
printRows([
  { area: "diff", what: "`toolgen diff` of GitHub's description and a copy with 50 edits, in process", anchor, ours: Math.min(...full), theirs: Math.min(...baseline), unit: "ms" },
  { area: "diff", what: "the same, a fresh process per run", anchor, ours: coldFull.wallMs, theirs: coldBaseline.wallMs, unit: "ms" },
]);
process.exitCode = ratioMin <= 1.5 && coldRatio <= 1.5 ? 0 : 1;
