// What naming places costs `toolgen diff`. Loading must not get more than 10% slower on GitHub's
// description to keep what places need: loads with and without `places` are interleaved in one
// process (places: the texts kept, bundling's copies remembered; positions are found only when a
// finding asks). Then what finding the positions costs: the same diff (GitHub's description
// against a pretty-printed copy with a property's type changed in every 20th component schema)
// on models loaded with and without places. And the same two figures for a YAML description
// (Stripe's, 4 MB, every 40th `type: string` made integer: a few hundred edits in schemas Stripe
// shares widely, so tens of thousands of findings), where positions come from one parse with a
// listener.
// Usage: npm run build && node --expose-gc bench/diff-places.mjs [runs=9]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadDescription } from "../dist/load/load-description.js";
import { buildModel } from "../dist/model/build-model.js";
import { diffModels } from "../dist/diff/diff-models.js";

const ROOT = resolve(import.meta.dirname, "..");
const SPECS = resolve(ROOT, "../shared/corpus/specs");
const RUNS = Number(process.argv[2] ?? 9);

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const min = (xs) => Math.min(...xs);

/** Interleaves the two, `RUNS` times each after one warm-up of each. */
async function interleaved(a, b) {
  await a();
  await b();
  const times = { a: [], b: [] };
  for (let i = 0; i < RUNS; i++) {
    for (const [key, run] of i % 2 === 0 ? [["a", a], ["b", b]] : [["b", b], ["a", a]]) {
      globalThis.gc?.();
      const start = performance.now();
      await run();
      times[key].push(performance.now() - start);
    }
  }
  return times;
}

function row(what, times) {
  const ratio = median(times.b) / median(times.a);
  console.log(
    `| ${what} | ${min(times.a).toFixed(0)} / ${median(times.a).toFixed(0)} ms | ${min(times.b).toFixed(0)} / ${median(times.b).toFixed(0)} ms | ${(min(times.b) / min(times.a)).toFixed(3)}x / **${ratio.toFixed(3)}x** |`,
  );
}

/** A few scattered edits: a property's type changed in every 20th component schema with a string property. */
function edit(document) {
  let edits = 0;
  Object.values(document.components.schemas).forEach((schema, i) => {
    if (i % 20 !== 0 || !schema.properties) return;
    const property = Object.values(schema.properties).find((p) => p.type === "string");
    if (property) {
      property.type = "integer";
      edits++;
    }
  });
  return edits;
}

const dir = mkdtempSync(join(tmpdir(), "toolgen-bench-places-"));
const github = join(SPECS, "github-api.json");
const githubEdited = join(dir, "github-edited.json");
const githubDocument = JSON.parse(readFileSync(github, "utf8"));
const githubEdits = edit(githubDocument);
writeFileSync(githubEdited, JSON.stringify(githubDocument, null, 2));
const stripe = join(SPECS, "stripe-spec3-2023-09-12.yaml");
const stripeEdited = join(dir, "stripe-edited.yaml");
// Edited as text, so the copy keeps the original's form: every 40th `type: string` becomes integer.
let stripeEdits = 0;
writeFileSync(
  stripeEdited,
  readFileSync(stripe, "utf8").replace(/type: string\n/g, (line) => (stripeEdits++ % 40 === 0 ? "type: integer\n" : line)),
);
stripeEdits = Math.ceil(stripeEdits / 40);

const plain = { env: {} };
const places = { env: {}, places: true };
console.log(`Node ${process.version}, ${RUNS} runs each, interleaved; min / median`);
console.log("");
console.log("| | without places | with places | ratio (min / median) |");
console.log("|---|---:|---:|---:|");
row("load github-api.json (13 MB JSON)", await interleaved(() => loadDescription(github, plain), () => loadDescription(github, places)));
row("load stripe (4 MB YAML)", await interleaved(() => loadDescription(stripe, plain), () => loadDescription(stripe, places)));

for (const [name, a, b, edits] of [
  ["github-api.json", github, githubEdited, githubEdits],
  ["stripe", stripe, stripeEdited, stripeEdits],
]) {
  const without = [buildModel(await loadDescription(a, plain)), buildModel(await loadDescription(b, plain))];
  const result = diffModels(...without);
  // Fresh models each run: positions are found once per loaded description, as in one `toolgen diff`.
  const fresh = async () => [buildModel(await loadDescription(a, places)), buildModel(await loadDescription(b, places))];
  const times = { a: [], b: [] };
  for (let i = 0; i < Math.min(RUNS, 5); i++) {
    const withPlaces = await fresh();
    globalThis.gc?.();
    let start = performance.now();
    diffModels(...without);
    times.a.push(performance.now() - start);
    globalThis.gc?.();
    start = performance.now();
    const placed = diffModels(...withPlaces);
    times.b.push(performance.now() - start);
    if (i === 0 && placed.changes.some((c) => c.source === undefined)) console.log(`(${name}: ${placed.changes.filter((c) => !c.source).length} findings without a place)`);
  }
  row(`diff ${name} (${edits} edits, ${result.changes.length} findings)`, times);
}
rmSync(dir, { recursive: true, force: true });
