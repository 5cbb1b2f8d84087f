// Why load parses YAML with js-yaml rather than the `yaml` package (docs/choices.md):
// both parsers on the corpus's large YAML descriptions, in one run, best of N.
// Usage: node bench/yaml-parse.mjs [runs=3]
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import jsYaml from "js-yaml";
import YAML from "yaml";

const SPECS = resolve(import.meta.dirname, "../../shared/corpus/specs");
const RUNS = Number(process.argv[2] ?? 3);
const files = ["stripe-spec3-2023-09-12.yaml", "openai.yaml", "clerk-2025-11-10.yaml"];

function bestOf(fn) {
  let best = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

console.log(`Node ${process.version}, best of ${RUNS}\n`);
console.log("| file | size | yaml@2 `parse` | js-yaml@4 `load` | ratio |");
console.log("|---|---:|---:|---:|---:|");
for (const file of files) {
  const text = readFileSync(resolve(SPECS, file), "utf8");
  const a = bestOf(() => YAML.parse(text, { maxAliasCount: -1 }));
  const b = bestOf(() => jsYaml.load(text));
  console.log(`| ${file} | ${(text.length / 1e6).toFixed(1)} MB | ${a.toFixed(0)} ms | ${b.toFixed(0)} ms | ${(a / b).toFixed(1)}x |`);
}
