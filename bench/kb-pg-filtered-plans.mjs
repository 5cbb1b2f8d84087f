// PostgreSQL's filtered plans (schema step 7) compared on one database: each one-word search with a
// one-term filter runs with the plan `toolgen_filtered_plan` chooses ("auto") and with each plan
// forced (text, probe, join), in rounds that take the plans in turn, so that the page cache and
// the machine's load fall on all alike. Every plan must give the same answers; the bench fails if
// one differs. The cost model in toolgen_filtered_plan was calibrated at 100k chunks with the
// default shared_buffers: this shows where, on another database, it picks a slower plan.
//
// On a database that bench/kb-scale.mjs kept (`--keep`; its stderr gives the URL and knowledge
// base), with the same --seed, so the words are that corpus's: common words (ranks 20-100) and rare
// ones (1,000-2,000), with a broad filter (`source`, ~5%) or a selective one (`team`, ~0.2%), half
// English and half Chinese, as kb-scale's filtered cells draw them; and common words with one
// document's title (schema step 11), drawn from the knowledge base's first 2,000 chunks.
//
// Forcing replaces toolgen_filtered_plan (same signature) and restores the original at the end,
// also on failure; do not run it against a database in use.
//
// Run after `npm run build`:
//   node bench/kb-pg-filtered-plans.mjs --database-url <url> [--knowledge-base 1] [--words 20]
//        [--rounds 3] [--seed 20261124] [--draws 1] [--candidate <file.sql>]
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { openStorage } from "../dist/knowledge-base/service/open-storage.js";
import { parseFilterConditions } from "../dist/knowledge-base/service/filters.js";
import { queryGrams, queryWords } from "../dist/knowledge-base/service/query-words.js";
import { segmentWords } from "../dist/knowledge-base/service/segment.js";
import { COMMON_RANKS, RARE_RANKS, scaleVocabularies, SOURCES, TEAMS } from "./kb-vocabulary.mjs";
import { mulberry32 } from "./seeded-random.mjs";

const { values: options } = parseArgs({
  options: {
    "database-url": { type: "string" },
    "knowledge-base": { type: "string", default: "1" },
    words: { type: "string", default: "20" },
    rounds: { type: "string", default: "3" },
    seed: { type: "string", default: "20261124" },
    draws: { type: "string", default: "1" },
    candidate: { type: "string" },
  },
});
if (options["database-url"] === undefined) throw new Error("--database-url is required (a database that bench/kb-scale.mjs --keep left)");
const KB = Number(options["knowledge-base"]);
const WORDS = Number(options.words);
const ROUNDS = Number(options.rounds);
const progress = (line) => process.stderr.write(`[kb-pg-filtered-plans] ${line}\n`);
const now = () => Number(process.hrtime.bigint()) / 1e6;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// The corpus's vocabulary, from kb-scale's seed; the words and filter values drawn from it, from --draws.
const { english, chinese } = scaleVocabularies(mulberry32(Number(options.seed)), segmentWords);
const random = mulberry32(Number(options.draws));
const CELLS = [
  ["common + broad", COMMON_RANKS, "source"],
  ["common + selective", COMMON_RANKS, "team"],
  ["rare + broad", RARE_RANKS, "source"],
  ["rare + selective", RARE_RANKS, "team"],
  ["common + title", COMMON_RANKS, "title"],
];
const { default: pg } = await import("pg");
const admin = new pg.Client({ connectionString: options["database-url"] });
await admin.connect();
const { rows: titled } = await admin.query("SELECT DISTINCT title FROM (SELECT title FROM toolgen_documents WHERE kb_id = $1 ORDER BY seq LIMIT 2000) AS d ORDER BY title", [KB]);
const TITLES = titled.map((row) => row.title);
const draw = (vocabulary, [low, high]) => vocabulary.words[low + Math.floor(random() * (high - low))];
const pick = (values) => values[Math.floor(random() * values.length)];
const filterValue = (key) => (key === "source" ? pick(SOURCES) : key === "team" ? `team-${Math.floor(random() * TEAMS)}` : pick(TITLES));
const cells = CELLS.flatMap(([name, ranks, key]) =>
  [["English", english], ["Chinese", chinese]].map(([language, vocabulary]) => ({
    name: `${name}, ${language}`,
    queries: Array.from({ length: WORDS }, () => {
      const text = draw(vocabulary, ranks);
      return { text, filter: parseFilterConditions({ bool: { filter: [{ term: { [key]: filterValue(key) } }] } }) };
    }),
  })),
);

// --candidate <file>: a CREATE OR REPLACE FUNCTION toolgen_filtered_plan(...) to measure beside the
// database's own ("auto"), e.g. other coefficients.
const candidate = options.candidate === undefined ? undefined : readFileSync(options.candidate, "utf8");
const PLANS = ["auto", "text", "probe", "join", ...(candidate === undefined ? [] : ["candidate"])];
const FORCED = ["text", "probe", "join"];
const SIGNATURE = "toolgen_filtered_plan(postings double precision, fewest double precision, words integer, documents double precision)";
const { rows: [original] } = await admin.query(
  `SELECT pg_get_functiondef('toolgen_filtered_plan(double precision, double precision, integer, double precision)'::regprocedure) AS text`,
);
const force = (plan) =>
  admin.query(plan === "auto" ? original.text : plan === "candidate" ? candidate : `CREATE OR REPLACE FUNCTION ${SIGNATURE} RETURNS text LANGUAGE sql STABLE AS $$ SELECT '${plan}'::text $$`);

// A forced plan can be far slower than the chosen one: a search over this timeout counts as taking
// it (and its answer is not compared); the table says how many did.
const TIMEOUT_MS = 20_000;
const store = await openStorage({ databaseUrl: options["database-url"], statementTimeoutMs: TIMEOUT_MS });
const timeouts = new Map();
const times = new Map(cells.map((cell) => [cell.name, Object.fromEntries(PLANS.map((plan) => [plan, []]))]));
const answers = new Map();
try {
  for (let round = 0; round < ROUNDS; round++) {
    const order = PLANS.map((_, i) => PLANS[(i + round) % PLANS.length]);
    for (const plan of order) {
      await force(plan);
      // The replaced function's callers are planned again at their next call: one search first,
      // unmeasured (another query than the measured ones: run twice in a row, a query finds its
      // own pages cached, which made a plan of look-ups look 2-3 times cheaper than it is).
      const { text } = cells[0].queries[0];
      await store.search(KB, queryWords(`${text}${text}`), 10, cells[0].queries[0].filter, queryGrams(`${text}${text}`)).catch(() => undefined);
      for (const cell of cells) {
        for (const [index, query] of cell.queries.entries()) {
          const run = () => store.search(KB, queryWords(query.text), 10, query.filter, queryGrams(query.text));
          const timedOut = (error) => {
            if (!/statement timeout/.test(String(error?.message))) throw error;
            timeouts.set(`${cell.name}/${plan}`, (timeouts.get(`${cell.name}/${plan}`) ?? 0) + 1);
            return undefined;
          };
          const start = now();
          const hits = await run().catch(timedOut);
          times.get(cell.name)[plan].push(hits === undefined ? TIMEOUT_MS : now() - start);
          if (hits === undefined) continue;
          const answer = hits.map((hit) => `${hit.id}:${hit.score}`).join(" ");
          const key = `${cell.name}/${index}`;
          if (!answers.has(key)) answers.set(key, { plan, answer });
          else if (answers.get(key).answer !== answer) throw new Error(`${key} (${query.text}): ${plan} answered ${answer}, ${answers.get(key).plan} ${answers.get(key).answer}`);
        }
      }
      progress(`round ${round + 1}/${ROUNDS}: ${plan} done`);
    }
  }
} finally {
  await force("auto");
  await store.close();
  await admin.end();
}

const lines = [
  `Knowledge base ${KB}, ${WORDS} words a cell and language, ${ROUNDS} rounds, p50 ms (the fastest forced plan in bold); load ${loadavg()[0].toFixed(1)}.`,
  "",
  `| cell | ${PLANS.join(" | ")} | auto / fastest |${candidate === undefined ? "" : " candidate / fastest |"}`,
  `|---|${PLANS.map(() => "---:|").join("")}---:|${candidate === undefined ? "" : "---:|"}`,
];
for (const cell of cells) {
  const p50 = Object.fromEntries(PLANS.map((plan) => [plan, median(times.get(cell.name)[plan])]));
  const fastest = FORCED.reduce((best, plan) => (p50[plan] < p50[best] ? plan : best), "text");
  const shown = (plan) => {
    const text = plan === fastest ? `**${p50[plan].toFixed(2)}**` : p50[plan].toFixed(2);
    const late = timeouts.get(`${cell.name}/${plan}`);
    return late === undefined ? text : `${text} (${late} over ${TIMEOUT_MS / 1000} s)`;
  };
  const versus = (plan) => `${(p50[plan] / p50[fastest]).toFixed(2)}x |`;
  lines.push(`| ${cell.name} | ${PLANS.map(shown).join(" | ")} | ${versus("auto")}${candidate === undefined ? "" : ` ${versus("candidate")}`}`);
}
process.stdout.write(`${lines.join("\n")}\n`);
