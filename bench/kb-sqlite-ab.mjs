// Two builds' SQLite storage engines on copies of one database, query by query: the
// base build (another checkout, built, e.g. a `git worktree` of main) on one copy of a data
// directory that build wrote, this checkout's build on another copy (which it migrates when its
// schema is newer: the migration is timed). Each query runs on both engines back to back, the
// order alternating, so load from other processes on a shared machine falls on both alike; the
// answers (ids, order, scores) are compared. Queries as bench/kb-scale.mjs draws them: one word,
// three words, one word with a filter on `source` (the values found in the database), words of
// frequency ranks 20-2,000, half English, half Chinese, topK 10. The engines run in this process,
// on the thread (SqliteQueries, no worker pool, no HTTP).
//
// A data directory to compare on: `node bench/kb-scale.mjs --sizes 1000000 --backends sqlite --keep`
// run in the base checkout prints where it left it (`.../sqlite-1000000`).
//
// Run after `npm run build` in both checkouts:
//   node bench/kb-sqlite-ab.mjs --data <data dir> --base <base checkout> [--queries 300] [--seed 20261124]
//                               [--pragma cache_size=-131072 ...]
// The copies go to a temporary directory and are removed at the end. BENCHMARKS.md, "Knowledge
// base at scale", has the figures of each backend at 1M chunks.
import { cpSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { segmentWords } from "../dist/knowledge-base/service/segment.js";
import { queryWords } from "../dist/knowledge-base/service/query-words.js";
import { parseFilterConditions } from "../dist/knowledge-base/service/filters.js";
import { scaleVocabularies } from "./kb-vocabulary.mjs";
import { mulberry32 } from "./seeded-random.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values: args } = parseArgs({
  options: {
    data: { type: "string" },
    base: { type: "string" },
    queries: { type: "string", default: "300" },
    seed: { type: "string", default: "20261124" },
    // A PRAGMA for both connections after opening (e.g. cache_size=-131072), to try settings.
    pragma: { type: "string", multiple: true, default: [] },
  },
});
if (!args.data || !args.base) throw new Error("usage: node bench/kb-sqlite-ab.mjs --data <data dir> --base <base checkout>");
const QUERIES = Number(args.queries);
const WARM_UP = 20;
const TOP_K = 10;
const DATABASE_FILE = "knowledge-base.sqlite3";
const progress = (line) => process.stderr.write(`[kb-sqlite-ab] ${line}\n`);
const ms = (n) => (n < 1 ? n.toFixed(3) : n < 10 ? n.toFixed(2) : n.toFixed(1));

const random = mulberry32(Number(args.seed));
const { english, chinese } = scaleVocabularies(random, segmentWords);

/** A copy of the data directory, opened by the build in `root` (migrating it if that build's schema is newer). */
async function openEngine(root, label, scratch) {
  const dir = join(scratch, label);
  cpSync(resolve(args.data), dir, { recursive: true });
  const { openDatabase } = await import(join(resolve(root), "dist/knowledge-base/service/sqlite/database.js"));
  const { SqliteQueries } = await import(join(resolve(root), "dist/knowledge-base/service/sqlite/sqlite-queries.js"));
  const before = statSync(join(dir, DATABASE_FILE)).size;
  const started = performance.now();
  const db = openDatabase(dir);
  const openMs = performance.now() - started;
  db.pragma("wal_checkpoint(TRUNCATE)");
  for (const pragma of args.pragma) db.pragma(pragma);
  const after = statSync(join(dir, DATABASE_FILE)).size;
  progress(`${label}: opened in ${ms(openMs)} ms, schema ${db.pragma("user_version", { simple: true })}, ${(before / 2 ** 20).toFixed(0)} -> ${(after / 2 ** 20).toFixed(0)} MB`);
  return { label, db, queries: new SqliteQueries(db), openMs, bytes: after };
}

const QUERY_RANKS = [20, 2000];
function generateQueries(count, termCount, sources) {
  return Array.from({ length: count }, (_, i) => {
    const { words } = i % 2 === 0 ? english : chinese;
    const terms = Array.from({ length: termCount }, () => words[QUERY_RANKS[0] + Math.floor(random() * (QUERY_RANKS[1] - QUERY_RANKS[0]))]);
    const text = terms.join(i % 2 === 0 ? " " : "");
    const filter = sources ? { bool: { filter: [{ term: { source: sources[Math.floor(random() * sources.length)] } }] } } : undefined;
    return { words: queryWords(text), terms: parseFilterConditions(filter) };
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

const scratch = mkdtempSync(join(tmpdir(), "kb-sqlite-ab-"));
try {
  const base = await openEngine(args.base, "base", scratch);
  const mine = await openEngine(ROOT, "this", scratch);
  const knowledgeBaseId = base.db.prepare("SELECT min(id) AS id FROM knowledge_bases").get().id;
  const documents = base.db.prepare("SELECT count(*) AS n FROM documents WHERE kb_id = ?").get(knowledgeBaseId).n;
  const sources = base.db
    .prepare("SELECT DISTINCT json_extract(metadata, '$.source') AS s FROM documents WHERE kb_id = ? AND json_type(metadata, '$.source') = 'text' ORDER BY s")
    .all(knowledgeBaseId)
    .map((row) => row.s);
  const loadStart = loadavg()[0];
  const kinds = [
    ["one word", generateQueries(WARM_UP + QUERIES, 1)],
    ["three words", generateQueries(WARM_UP + QUERIES, 3)],
    ["one word + filter", generateQueries(WARM_UP + QUERIES, 1, sources)],
  ];
  const rows = [];
  for (const [kind, queries] of kinds) {
    const times = { base: [], this: [] };
    let identical = 0;
    queries.forEach((query, i) => {
      const engines = i % 2 === 0 ? [base, mine] : [mine, base];
      const answers = {};
      for (const engine of engines) {
        const started = performance.now();
        answers[engine.label] = engine.queries.search(knowledgeBaseId, query.words, TOP_K, query.terms);
        if (i >= WARM_UP) times[engine.label].push(performance.now() - started);
      }
      if (i >= WARM_UP && JSON.stringify(answers.base) === JSON.stringify(answers.this)) identical++;
    });
    const [b, t] = [times.base.sort((x, y) => x - y), times.this.sort((x, y) => x - y)];
    rows.push({ kind, base: [percentile(b, 0.5), percentile(b, 0.99)], mine: [percentile(t, 0.5), percentile(t, 0.99)], identical });
    progress(`${kind}: base p50 ${ms(percentile(b, 0.5))} ms, this p50 ${ms(percentile(t, 0.5))} ms, identical answers ${identical}/${QUERIES}`);
  }
  const loadEnd = loadavg()[0];
  console.log(
    [
      `SQLite engines side by side: ${documents.toLocaleString("en-US")} documents, ${QUERIES} queries per kind (+${WARM_UP} warm-up), each on both engines back to back; ${args.pragma.length > 0 ? `PRAGMA ${args.pragma.join(", ")}; ` : ""}load average ${loadStart.toFixed(1)} at start, ${loadEnd.toFixed(1)} at end.`,
      `Base: ${resolve(args.base)} (opened in ${ms(base.openMs)} ms, ${(base.bytes / 2 ** 20).toFixed(0)} MB); this: ${ROOT} (opened in ${ms(mine.openMs)} ms, migration included, ${(mine.bytes / 2 ** 20).toFixed(0)} MB).`,
      "",
      "| kind | base p50 / p99 (ms) | this p50 / p99 (ms) | base p50 / this p50 | identical answers |",
      "|---|---:|---:|---:|---:|",
      ...rows.map((r) => `| ${r.kind} | ${ms(r.base[0])} / ${ms(r.base[1])} | ${ms(r.mine[0])} / ${ms(r.mine[1])} | ${(r.base[0] / r.mine[0]).toFixed(2)}× | ${r.identical}/${QUERIES} |`),
    ].join("\n"),
  );
  base.queries.close();
  mine.queries.close();
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
