// Building the score index (--score-index) on a knowledge base that exists: in one write
// transaction (SqliteQueries.setScoreIndex, what `kb serve --score-index` did before listening) and
// in batches on the writer's thread while the service answers (SqliteStorage.setScoreIndex,
// sqlite/score-index-build.ts). Both start from copies of one file of --size chunks (kb-scale.mjs's
// corpus: seeded, half English, 30% Chinese, 20% mixed, 40-160 words), ingested without the index.
//
// In batches, the storage is the service's (writer and reader threads, searches on this thread when
// small), called in process without HTTP. A steady load runs before, during and after the build:
// a one-word search every --search-every ms (half with a 5% `source` filter) and an add of
// --add-size new chunks every --add-every ms; each one's latency is recorded by phase. The one
// transaction's build holds the write lock throughout and, before this change, the service did not
// listen meanwhile: every request that came waited for all of it, so its figure is its build time.
//
// Run after `npm run build`:
//   node bench/kb-score-index-build.mjs [--size 100000] [--batches 200,1000] [--seed 20261124]
//        [--search-every 5] [--add-every 100] [--add-size 10] [--before-ms 10000]
// Progress goes to stderr, a table to stdout.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { parseFilterConditions } from "../dist/knowledge-base/service/filters.js";
import { indexDocuments } from "../dist/knowledge-base/service/index-documents.js";
import { segmentWords } from "../dist/knowledge-base/service/segment.js";
import { DATABASE_FILE, openDatabase } from "../dist/knowledge-base/service/sqlite/database.js";
import { SqliteQueries } from "../dist/knowledge-base/service/sqlite/sqlite-queries.js";
import { SqliteStorage } from "../dist/knowledge-base/service/sqlite/sqlite-storage.js";
import { pick, scaleVocabularies } from "./kb-vocabulary.mjs";
import { mulberry32 } from "./seeded-random.mjs";

const { values: args } = parseArgs({
  options: {
    size: { type: "string", default: "100000" },
    batches: { type: "string", default: "200,1000" },
    seed: { type: "string", default: "20261124" },
    "search-every": { type: "string", default: "5" },
    "add-every": { type: "string", default: "100" },
    "add-size": { type: "string", default: "10" },
    "before-ms": { type: "string", default: "10000" },
  },
});
const SIZE = Number(args.size);
for (const name of ["size", "batches", "seed", "search-every", "add-every", "add-size", "before-ms"]) {
  if (args[name].split(",").some((value) => !Number.isFinite(Number(value)) || Number(value) < 0)) throw new Error(`--${name}: not a number: ${args[name]}`);
}
const BATCHES = args.batches.split(",").map(Number);
const SEED = Number(args.seed);
const SEARCH_EVERY = Number(args["search-every"]);
const ADD_EVERY = Number(args["add-every"]);
const ADD_SIZE = Number(args["add-size"]);
const BEFORE_MS = Number(args["before-ms"]);

const now = () => Number(process.hrtime.bigint()) / 1e6;
const started = now();
const progress = (line) => process.stderr.write(`[kb-score-index-build ${((now() - started) / 1000).toFixed(0)} s] ${line}\n`);

// The corpus of bench/kb-scale.mjs (the same chunks for the same seed).
const random = mulberry32(SEED);
const { english, chinese } = scaleVocabularies(random, segmentWords);
const seeded = (i, salt) => mulberry32((SEED ^ Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca6b)) | 0);
const SOURCES = "handbook wiki tickets runbooks contracts policies changelog faq forum email minutes specs reviews postmortems onboarding legal finance research support design".split(" ");
const englishText = (n, rng) => Array.from({ length: n }, () => pick(english, rng)).join(" ") + ".";
function chineseText(n, rng) {
  let text = "";
  for (let i = 0; i < n; i++) text += pick(chinese, rng) + (rng() < 0.08 ? "，" : "");
  return text + "。";
}
function chunk(i) {
  const documentIndex = Math.floor(i / 8);
  const doc = seeded(documentIndex, 1);
  const lang = ["en", "en", "en", "en", "en", "zh", "zh", "zh", "mixed", "mixed"][Math.floor(doc() * 10)];
  const source = SOURCES[Math.floor(doc() * SOURCES.length)];
  const year = 2010 + Math.floor(doc() * 16);
  const title = lang === "zh" ? `${pick(chinese, doc)}${pick(chinese, doc)}.pdf` : `${pick(english, doc)}-${pick(english, doc)}.md`;
  const team = Math.floor(doc() * 500);
  const rng = seeded(i, 2);
  const words = 40 + Math.floor(rng() * 120);
  const content = lang === "en" ? englishText(words, rng) : lang === "zh" ? chineseText(words, rng) : `${englishText(words >> 1, rng)} ${chineseText(words >> 1, rng)}`;
  return { id: `chunk-${i}`, title, content, metadata: { source, lang, year, document: `doc-${documentIndex}`, part: i % 8, team: `team-${team}` } };
}

// One-word queries of middle frequency (ranks 20-2,000), half English, half Chinese.
const queryRandom = mulberry32(SEED + 1);
const QUERIES = Array.from({ length: 400 }, (_, n) => {
  const vocabulary = n % 2 === 0 ? english : chinese;
  const word = vocabulary.words[20 + Math.floor(queryRandom() * Math.min(1980, vocabulary.words.length - 20))];
  const terms = n % 4 < 2 ? [] : parseFilterConditions({ bool: { filter: [{ term: { source: SOURCES[n % SOURCES.length] } }] } });
  return { words: segmentWords(word).map((w) => w.toLowerCase()), terms };
});

const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => (Number.isNaN(value) ? "-" : value < 10 ? value.toFixed(2) : value.toFixed(0));

const root = mkdtempSync(join(tmpdir(), "kb-score-index-build-"));
try {
  // The file every run starts from.
  const source = join(root, "source");
  progress(`ingesting ${SIZE.toLocaleString("en-US")} chunks without the score index`);
  let storage = await SqliteStorage.open(source);
  const { id } = await storage.createKnowledgeBase("scale");
  for (let at = 0; at < SIZE; at += 1000) {
    await storage.addDocuments(id, await indexDocuments(Array.from({ length: Math.min(1000, SIZE - at) }, (_, n) => chunk(at + n))));
    if ((at + 1000) % 20_000 === 0) progress(`  ${(at + 1000).toLocaleString("en-US")}`);
  }
  await storage.close();
  const copy = (name) => {
    const dir = join(root, name);
    mkdirSync(dir);
    copyFileSync(join(source, DATABASE_FILE), join(dir, DATABASE_FILE));
    return dir;
  };
  const rows = [];

  // Before this change: one write transaction (on this thread here; the writer's thread ran it).
  {
    const dir = copy("one-transaction");
    const db = openDatabase(dir);
    const queries = new SqliteQueries(db);
    const t0 = now();
    db.transaction(() => queries.setScoreIndex(true)).immediate();
    const took = now() - t0;
    db.close();
    progress(`one transaction: ${(took / 1000).toFixed(1)} s`);
    rows.push({ build: "one transaction", seconds: took / 1000, longest: took, file: statSync(join(dir, DATABASE_FILE)).size });
    rmSync(dir, { recursive: true, force: true });
  }

  // The batches alone, one after the other on this thread: how long each holds the write lock, the
  // longest a write can wait behind the build.
  for (const batch of BATCHES) {
    const dir = copy(`alone-${batch}`);
    const db = openDatabase(dir);
    const queries = new SqliteQueries(db);
    const t0 = now();
    db.transaction(() => queries.startScoreIndex(true)).immediate();
    const steps = [];
    for (;;) {
      const s0 = now();
      const step = db.transaction(() => queries.buildScoreIndex(batch)).immediate();
      if (step === undefined) break;
      steps.push(now() - s0);
    }
    const took = now() - t0;
    db.close();
    progress(`batches of ${batch} alone: ${(took / 1000).toFixed(1)} s, ${steps.length} batches, p50 ${ms(percentile(steps, 50))} / p99 ${ms(percentile(steps, 99))} / max ${ms(Math.max(...steps))} ms`);
    rows.push({ build: `batches of ${batch}, alone: p50 ${ms(percentile(steps, 50))} / p99 ${ms(percentile(steps, 99))} ms a batch`, seconds: took / 1000, longest: Math.max(...steps), file: statSync(join(dir, DATABASE_FILE)).size });
    rmSync(dir, { recursive: true, force: true });
  }

  for (const batch of BATCHES) {
    const dir = copy(`batches-${batch}`);
    storage = await SqliteStorage.open(dir, undefined, undefined, undefined, { batch, log: (line) => progress(`  ${line}`) });
    const latencies = { before: { search: [], add: [] }, during: { search: [], add: [] }, after: { search: [], add: [] } };
    let phase = "before";
    let running = true;
    let next = SIZE;
    let query = 0;
    const searches = (async () => {
      while (running) {
        const { words, terms } = QUERIES[query++ % QUERIES.length];
        const t0 = now();
        await storage.search(id, words, 10, terms);
        latencies[phase].search.push(now() - t0);
        await sleep(SEARCH_EVERY);
      }
    })();
    const adds = (async () => {
      while (running) {
        const documents = await indexDocuments(Array.from({ length: ADD_SIZE }, () => chunk(next++)));
        const t0 = now();
        await storage.addDocuments(id, documents);
        latencies[phase].add.push(now() - t0);
        await sleep(ADD_EVERY);
      }
    })();
    await sleep(BEFORE_MS);
    phase = "during";
    const t0 = now();
    await storage.setScoreIndex(true);
    await storage.scoreIndexBuilt();
    const took = now() - t0;
    phase = "after";
    await sleep(BEFORE_MS);
    running = false;
    await Promise.all([searches, adds]);
    await storage.close();
    progress(`batches of ${batch}: ${(took / 1000).toFixed(1)} s`);
    const during = latencies.during;
    rows.push({
      build: `batches of ${batch}`,
      seconds: took / 1000,
      longest: Math.max(...during.search, ...during.add),
      latencies,
      file: statSync(join(dir, DATABASE_FILE)).size,
    });
    rmSync(dir, { recursive: true, force: true });
  }

  console.log(`\n${SIZE.toLocaleString("en-US")} chunks; ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(" ")}; ` +
    `a search every ${SEARCH_EVERY} ms, an add of ${ADD_SIZE} every ${ADD_EVERY} ms\n`);
  console.log("| build | time | longest wait | search p50 / p99 / max before | during | after | add p50 / p99 / max before | during | after | file |");
  console.log("|---|---:|---:|---|---|---|---|---|---|---:|");
  for (const row of rows) {
    const cells = (kind) =>
      row.latencies === undefined
        ? ["-", "-", "-"]
        : ["before", "during", "after"].map((phase) => {
            const values = row.latencies[phase][kind];
            return `${ms(percentile(values, 50))} / ${ms(percentile(values, 99))} / ${ms(Math.max(...values))} (${values.length})`;
          });
    console.log(`| ${row.build} | ${row.seconds.toFixed(1)} s | ${ms(row.longest)} ms | ${cells("search").join(" | ")} | ${cells("add").join(" | ")} | ${(row.file / 1e6).toFixed(0)} MB |`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
