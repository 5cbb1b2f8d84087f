// How many operations each paging convention recognises in the corpus descriptions
// (model/pagination.ts, docs/pagination.md). `npm run build --silent` first; run from the repo:
//   node bench/pagination-census.mjs [--list <kind>] [description …]
// --list prints the operations of one kind (or "all"), for checking them by hand.
import { fileURLToPath } from "node:url";
import { loadDescription } from "../dist/load/load-description.js";
import { buildModel } from "../dist/model/build-model.js";

const corpus = (name) => fileURLToPath(new URL(`../../shared/corpus/specs/${name}`, import.meta.url));
const args = process.argv.slice(2);
const listAt = args.indexOf("--list");
const list = listAt >= 0 ? args.splice(listAt, 2)[1] : undefined;
const specs = args.length > 0
  ? args
  : ["github-api.json", "stripe-spec3-2023-09-12.yaml", "digital-ocean-api/DigitalOcean-public.v2.yaml", "openai.yaml", "clerk-2025-11-10.yaml"].map(corpus);
const KINDS = ["link", "url", "token", "after", "page", "offset"];

console.log(["description", "operations", "GET", ...KINDS, "paged"].join("\t"));
for (const spec of specs) {
  const model = buildModel(await loadDescription(spec, { offline: true }));
  const counts = Object.fromEntries(KINDS.map((k) => [k, 0]));
  for (const op of model.operations) if (op.pagination) counts[op.pagination.kind]++;
  const gets = model.operations.filter((op) => op.method === "get").length;
  const paged = model.operations.filter((op) => op.pagination).length;
  console.log([spec.split("/").pop(), model.operations.length, gets, ...KINDS.map((k) => counts[k]), paged].join("\t"));
  if (list) {
    for (const op of model.operations) {
      if (op.pagination && (list === "all" || op.pagination.kind === list)) console.log(`  ${op.method.toUpperCase()} ${op.path} ${op.operationId ?? ""} ${JSON.stringify(op.pagination)}`);
    }
  }
}
