// Why toolkit.call validates with a small interpreter over the precomputed schema and not with
// ajv (docs/llm-tools.md): on the GitHub description's 1,223 `parameters` schemas, measures
//   1. ajv compiling every schema (what compiling at run time would cost at startup),
//   2. ajv standalone code for every schema (what compiling at build time would add to the
//      generated module; it also needs ajv's runtime helpers and ajv-formats at run time),
//   3. the interpreter's one-time cost per tool, and per-call validation time, interpreter vs
//      compiled ajv, on realistic arguments.
//
// Run after `npm run build`:  node bench/dispatch-validation.mjs
import { resolve } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import { loadDescription } from "../dist/load/load-description.js";
import { buildModel } from "../dist/model/build-model.js";
import { buildToolDescriptors } from "../dist/model/tool-schema/tool-descriptors.js";
import { validateValue } from "../dist/runtime/validation/validate.js";

const SPEC = resolve(import.meta.dirname, "../../shared/corpus/specs/github-api.json");
const { tools } = buildToolDescriptors(buildModel(await loadDescription(SPEC)));
const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;

// 1. compile everything at run time
let start = process.hrtime.bigint();
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const compiled = tools.map((t) => ajv.compile(t.parameters));
const compileMs = ms(start);

// 2. standalone code at build time
start = process.hrtime.bigint();
const ajvCode = new Ajv2020({ strict: false, validateFormats: false, allErrors: true, code: { source: true, esm: true } });
let codeBytes = 0;
for (const t of tools) codeBytes += standaloneCode(ajvCode, ajvCode.compile(t.parameters)).length;
const standaloneMs = ms(start);
const schemaBytes = tools.reduce((n, t) => n + JSON.stringify(t.parameters).length, 0);

// 2b. the interpreter's one-time cost: its first validation per tool reads the schema into nodes
start = process.hrtime.bigint();
for (const t of tools) validateValue(t.parameters, {});
const firstUseMs = ms(start);

// 3. per-call validation: issues/create with typical arguments
const index = tools.findIndex((t) => t.name.endsWith("/issues/create"));
const schema = tools[index].parameters;
const args = { owner: "octocat", repo: "hello-world", title: "Found a bug", body: "It breaks when…", labels: ["bug", { name: "p1" }], assignees: ["octocat"], milestone: 3 };
const N = 300_000;
const time = (fn) => {
  for (let i = 0; i < 30_000; i++) fn();
  const s = process.hrtime.bigint();
  for (let i = 0; i < N; i++) fn();
  return (Number(process.hrtime.bigint() - s) / 1e3 / N).toFixed(2);
};
const interpreterUs = time(() => validateValue(schema, args));
const ajvUs = time(() => compiled[index](args));
if (validateValue(schema, args).length !== 0 || !compiled[index](args)) throw new Error("the sample arguments should be valid");

console.log(`| GitHub description, ${tools.length} tools | |
|---|---:|
| parameters schemas (JSON) | ${(schemaBytes / 1e6).toFixed(2)} MB |
| ajv: compile all at run time (startup cost) | ${Math.round(compileMs)} ms |
| ajv standalone code for all (build-time output) | ${(codeBytes / 1e6).toFixed(2)} MB, ${Math.round(standaloneMs)} ms to generate |
| interpreter: first validation of every tool (reads each schema once) | ${Math.round(firstUseMs)} ms |
| one validation of issues/create arguments, interpreter | ${interpreterUs} µs |
| one validation of issues/create arguments, ajv compiled | ${ajvUs} µs |`);
