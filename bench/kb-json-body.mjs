// Knowledge-base service: whether a maintained streaming JSON parser could read large request
// bodies instead of the service's own (src/knowledge-base/service/incremental-json.ts). Each
// parser gets the body as the service has it (one Buffer) and the same cooperative policy
// (TimeSlice: yield to the loop once 10 ms of work are spent); the libraries are fed 64 KiB chunks
// and given the limits the service needs where they have hooks for them (depth; numbers that
// would read as Infinity). Plain JSON.parse is the reference: fastest, but one block.
//
// Every measurement runs in a fresh child process (peak RSS is a process's high-water mark, and
// one parser's garbage must not be the next one's), rounds interleaved in rotating order, so load
// from the other users of the machine falls on all of them alike; the load average is printed
// with every round. Per run: total time, CPU time (process-wide, GC threads included; less
// sensitive to the load than wall time), the longest event-loop block (monitorEventLoopDelay max,
// and the largest gap of a 1 ms setInterval probe), the growth of peak RSS and of the heap, and
// whether the value deep-equals JSON.parse's (own property names in order, so a lost
// `__proto__` or a reordered key counts). Then, once per parser, the semantic cases and the fuzz
// of test/knowledge-base/incremental-json.test.ts, and how early a too-deep 30 MiB body is refused.
//
// The libraries are not dependencies: install them outside the repository and point here.
//   mkdir /tmp/jsonlibs && cd /tmp/jsonlibs && npm init -y && npm i stream-json @streamparser/json
//   npm run build && node bench/kb-json-body.mjs [--rounds 3] [--libs /tmp/jsonlibs/node_modules]
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { mulberry32 } from "./seeded-random.mjs";

const MAX_DEPTH = 64;
const CHUNK = 64 * 1024;
const PARSERS = ["JSON.parse", "ours", "stream-json", "@streamparser/json"];
const BODIES = {
  documents: "6,000-odd documents of 2-8 KB, Chinese and English, metadata",
  longStrings: "4 documents of ~7.5 MiB content each",
};

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    libs: { type: "string", default: "/tmp/jsonlibs/node_modules" },
    child: { type: "string" },
    body: { type: "string" },
    mode: { type: "string" },
  },
});

const here = fileURLToPath(new URL(".", import.meta.url));
const libs = existsSync(join(here, "../node_modules/stream-json")) ? join(here, "../node_modules") : args.libs;
const lib = (path) => import(pathToFileURL(join(libs, path)).href);

// ---- the parsers, each turning one Buffer into a value or throwing --------------------------
async function loadParsers() {
  const { parseJsonIncrementally } = await import("../dist/knowledge-base/service/incremental-json.js");
  const { TimeSlice } = await import("../dist/knowledge-base/service/time-slice.js");
  const { jsonParser } = await lib("stream-json/src/core/parser.js");
  const { default: Assembler } = await lib("stream-json/src/core/assembler.js");
  const { default: fixUtf8Stream } = await lib("stream-chain/src/utils/fixUtf8Stream.js");
  const { none } = await lib("stream-chain/src/defs.js");
  const { default: JSONParser } = await lib("@streamparser/json/dist/mjs/jsonparser.js");

  const tooLarge = (literal) => new Error(`the number ${String(literal).slice(0, 24)} is too large for JSON`);
  return {
    "JSON.parse": async (bytes) => JSON.parse(bytes.toString("utf8")),
    async ours(bytes, maxDepth) {
      const parsed = await parseJsonIncrementally(bytes, maxDepth, new TimeSlice());
      if (!parsed.ok) throw new Error(parsed.message);
      return parsed.value;
    },
    // The tokenizer and assembler called directly, without stream-chain's async bridge: the
    // cheapest way to drive them. Streamed string/number chunks are off, the assembler reads only
    // the packed tokens. ignoreBOM keeps a byte-order mark, which JSON.parse refuses.
    async "stream-json"(bytes, maxDepth) {
      const decode = fixUtf8Stream({ ignoreBOM: true });
      const tokenize = jsonParser({ packValues: true, streamValues: false, maxDepth });
      const assembler = new Assembler();
      const slice = new TimeSlice();
      let tokens = 0;
      const feed = (input) => {
        const out = tokenize(input);
        if (out === none) return;
        tokens += out.values.length;
        for (const token of out.values) {
          if (token.name === "numberValue" && !Number.isFinite(parseFloat(token.value))) throw tooLarge(token.value);
          assembler.consume(token);
        }
      };
      for (let at = 0; at < bytes.length; at += CHUNK) {
        const text = decode(bytes.subarray(at, at + CHUNK));
        if (text) feed(text);
        await slice.pause();
      }
      const tail = decode(none);
      if (tail) feed(tail);
      feed(none);
      if (!assembler.done || tokens === 0) throw new Error("stream-json: no complete value");
      return assembler.current;
    },
    // paths ['$']: only the whole document is emitted (by default every nested value is too).
    // Depth through the onToken hook, numbers through the tokenizer's parseNumber.
    async "@streamparser/json"(bytes, maxDepth) {
      const parser = new JSONParser({ paths: ["$"], keepStack: true });
      let result;
      let done = false;
      let depth = 0;
      parser.onValue = ({ value }) => {
        result = value;
        done = true;
      };
      parser.onToken = ({ token }) => {
        if (token === 0 || token === 2) {
          if (++depth > maxDepth) throw new Error(`nests deeper than ${maxDepth} levels`);
        } else if (token === 1 || token === 3) depth--;
      };
      parser.tokenizer.parseNumber = (literal) => {
        const number = Number(literal);
        if (!Number.isFinite(number)) throw tooLarge(literal);
        return number;
      };
      const slice = new TimeSlice();
      for (let at = 0; at < bytes.length; at += CHUNK) {
        parser.write(bytes.subarray(at, at + CHUNK));
        await slice.pause();
      }
      if (!parser.isEnded) parser.end();
      if (!done) throw new Error("@streamparser/json: no complete value");
      return result;
    },
  };
}

// ---- the child: one parser on one body --------------------------------------------------------
async function child(name, bodyPath) {
  const parsers = await loadParsers();
  const parse = parsers[name];
  const bytes = readFileSync(bodyPath);
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const rssBefore = process.resourceUsage().maxRSS;
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  let probeGap = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    probeGap = Math.max(probeGap, now - last);
    last = now;
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 1);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  // The histogram records a delay only between two of its ticks, and reset() (or a late
  // enable()) forgets the last one: a block that follows at once, like JSON.parse's, is lost
  // (Node 20: 1.1 ms recorded for a 200 ms busy loop). Hence no reset, after idle ticks.
  await new Promise((resolve) => setTimeout(resolve, 20));
  probeGap = 0;
  last = performance.now();
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  let value;
  let error;
  try {
    value = await parse(bytes, MAX_DEPTH);
  } catch (caught) {
    error = caught;
  }
  const totalMs = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  // One more turn of the loop, so that a block at the very end is seen by both watchers.
  await new Promise((resolve) => setTimeout(resolve, 5));
  delay.disable();
  clearInterval(probe);
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  const row = {
    totalMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    blockMs: delay.max / 1e6,
    probeMs: probeGap,
    rssMB: (process.resourceUsage().maxRSS - rssBefore) / 1024,
    heapMB: (heapPeak - heapBefore) / 2 ** 20,
    error: error === undefined ? undefined : String(error.message).slice(0, 160),
  };
  if (error === undefined && args.mode !== "refusal") {
    const difference = differs(value, JSON.parse(bytes.toString("utf8")), "$");
    row.same = difference === undefined ? "yes" : `no: ${difference}`;
  }
  process.stdout.write(JSON.stringify(row));
}

/** The first place where two JSON values differ, own property names and their order included. */
function differs(got, expected, path) {
  if (Array.isArray(expected)) {
    if (!Array.isArray(got) || got.length !== expected.length) return `${path}: array of ${got?.length} for ${expected.length}`;
    for (let i = 0; i < expected.length; i++) {
      const inner = differs(got[i], expected[i], `${path}[${i}]`);
      if (inner !== undefined) return inner;
    }
    return undefined;
  }
  if (typeof expected !== "object" || expected === null) return Object.is(got, expected) ? undefined : `${path}: ${String(got).slice(0, 20)} for ${String(expected).slice(0, 20)}`;
  if (typeof got !== "object" || got === null || Array.isArray(got)) return `${path}: not an object`;
  if (Object.getPrototypeOf(got) !== Object.getPrototypeOf(expected)) return `${path}: another prototype`;
  const keys = Object.getOwnPropertyNames(expected);
  const gotKeys = Object.getOwnPropertyNames(got);
  if (keys.join("\0") !== gotKeys.join("\0")) return `${path}: keys ${JSON.stringify(gotKeys).slice(0, 60)} for ${JSON.stringify(keys).slice(0, 60)}`;
  for (const key of keys) {
    const inner = differs(got[key], expected[key], `${path}.${key}`);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

// ---- semantics: small cases and the unit test's fuzz, in a child of their own ----------------
const CASES = [
  ["duplicate keys: the last wins, in the first's place", '{"a":1,"b":2,"a":3}', "same"],
  ["__proto__ an own property", '{"__proto__":{"x":1},"y":2,"__proto__":{"z":2}}', "same"],
  ["integer-like keys", '{"b":1,"2":2,"1":3,"a":4}', "same"],
  ["escapes, surrogate pair, lone surrogate", '["\\ud83d\\ude80\\u00e9\\n\\"\\\\\\/", "\\ud800x"]', "same"],
  ["invalid UTF-8 inside a string (JSON.parse of toString: U+FFFD)", Buffer.from([0x5b, 0x22, 0xe4, 0xb8, 0x41, 0xff, 0x22, 0x5d]), "same"],
  ["number too large for a double (1e400)", "[1e400]", "refuse"],
  ["nesting 65 deep (limit 64)", `${"[".repeat(65)}${"]".repeat(65)}`, "refuse"],
  ["nesting 64 deep (limit 64)", `${"[".repeat(64)}${"]".repeat(64)}`, "same"],
  ["byte-order mark before the value", "\ufeff[1]", "refuse"],
  ["no-break space as white space", "[1,\u00a02]", "refuse"],
  ["raw control character in a string", '["a\u0001b"]', "refuse"],
  ["leading zero", "[01]", "refuse"],
  ["trailing data", "[1] x", "refuse"],
  ["a second value", "[1][2]", "refuse"],
  ["truncated", '{"a":[1,2', "refuse"],
  ["empty body", "", "refuse"],
  ["top-level scalar", " 42 ", "same"],
  ["70,000-digit number", `[${"1".repeat(70_000)}]`, "refuse"],
];

async function semantics() {
  const parsers = await loadParsers();
  const { parseJsonBody } = await import("../dist/http-guard/json-body.js");
  const rows = {};
  for (const name of PARSERS) {
    const parse = parsers[name];
    const outcomes = [];
    for (const [label, text, want] of CASES) {
      const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
      let outcome;
      try {
        const value = await parse(bytes, MAX_DEPTH);
        const reference = parseJsonBody(bytes.toString("utf8"), 1000);
        outcome = want === "refuse" ? "accepted" : reference.ok && differs(value, reference.value, "$") === undefined ? "ok" : `differs: ${differs(value, reference.ok ? reference.value : undefined, "$")}`;
      } catch (error) {
        outcome = want === "refuse" ? `ok (${String(error.message).slice(0, 90)})` : `refused: ${String(error.message).slice(0, 90)}`;
      }
      outcomes.push([label, outcome]);
    }
    const fuzz = await fuzzAgainst(parse, parseJsonBody);
    rows[name] = { outcomes, fuzz };
  }
  process.stdout.write(JSON.stringify(rows));
}

/** The generator of test/knowledge-base/incremental-json.test.ts; counts where a parser and parseJsonBody disagree. */
async function fuzzAgainst(parse, parseJsonBody) {
  let seed = 3;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = (list) => list[Math.floor(next() * list.length)];
  const STRINGS = ["", "a", "héllo", "汉字", "🚀", "\\n", '\\"', "\\u00e9", "\\ud83d\\ude80", "\\\\", "__proto__", "1", "10", "constructor", "x y"];
  const SCALARS = ["0", "-1", "3.5", "1e3", "1E-2", "true", "false", "null", "1e400", "123456789012345678901234567890"];
  const space = () => pick(["", "", " ", "\n", "\t ", "\r\n"]);
  const string = () => `"${Array.from({ length: Math.floor(next() * 6) }, () => pick(STRINGS)).join("")}"`;
  const value = (depth) => {
    const kind = next();
    if (depth > 5 || kind < 0.35) return next() < 0.5 ? pick(SCALARS) : string();
    const count = Math.floor(next() * 6);
    if (kind < 0.65) return `[${Array.from({ length: count }, () => space() + value(depth + 1) + space()).join(",")}]`;
    return `{${Array.from({ length: count }, () => `${space()}${string()}${space()}:${space()}${value(depth + 1)}${space()}`).join(",")}}`;
  };
  const damage = (text) => {
    const at = Math.floor(next() * (text.length + 1));
    const kind = next();
    if (kind < 0.3) return text.slice(0, at) + text.slice(at + 1);
    if (kind < 0.6) return text.slice(0, at) + pick([",", "]", "}", "[", "{", '"', ":", "x", "\\", " ", "\u0001", "1"]) + text.slice(at);
    return text.slice(0, at);
  };
  let mismatches = 0;
  let example;
  for (let n = 0; n < 1500; n++) {
    let text = space() + value(0) + space();
    if (next() < 0.4) text = damage(text);
    const maxDepth = 1 + Math.floor(next() * 6);
    const expected = parseJsonBody(text, maxDepth);
    let got;
    try {
      got = { ok: true, value: await parse(Buffer.from(text), maxDepth) };
    } catch (error) {
      got = { ok: false, message: error.message };
    }
    const same = got.ok === expected.ok && (!got.ok || differs(got.value, expected.value, "$") === undefined);
    if (!same) {
      mismatches++;
      example ??= `${JSON.stringify(text).slice(0, 80)} (depth ${maxDepth}): ${got.ok ? "accepted" : `refused (${got.message.slice(0, 60)})`}, parseJsonBody ${expected.ok ? "accepts" : "refuses"}`;
    }
  }
  return { mismatches, example };
}

// ---- the bodies -------------------------------------------------------------------------------
const ENGLISH = (
  "knowledge base search index query document service client token server request answer result score ranking engine " +
  "text word language model tool function call schema version error timeout retry batch the of and to in is that for it " +
  "with as was on be by this are from or have an they which one you had not but what all were when we there can"
).split(" ");
const CHINESE = "知识库 搜索 索引 查询 文档 服务 客户端 令牌 服务器 请求 回答 结果 分数 排名 引擎 文本 语言 模型 工具 函数 调用 版本 错误 超时 重试 学校 医院 机场 北京 上海 数据 系统 用户 网络 安全 管理 中国 发展 经济 社会".split(" ");

function writeBodies(dir) {
  const random = mulberry32(35);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const sentence = () => {
    if (random() < 0.5) return `${Array.from({ length: 6 + Math.floor(random() * 12) }, () => pick(ENGLISH)).join(" ")}. `;
    return `${Array.from({ length: 8 + Math.floor(random() * 16) }, () => pick(CHINESE)).join("")}。`;
  };
  const text = (bytes) => {
    const parts = [];
    let size = 0;
    while (size < bytes) {
      const part = random() < 0.1 ? `${sentence()}\n\n"${pick(ENGLISH)}" — ${pick(CHINESE)}\t` : sentence();
      parts.push(part);
      size += Buffer.byteLength(part);
    }
    return parts.join("");
  };
  const document = (i, contentBytes) => ({
    id: `doc-${i}`,
    title: `${pick(CHINESE)}${pick(CHINESE)} ${pick(ENGLISH)} ${pick(ENGLISH)} #${i}`,
    content: text(contentBytes),
    metadata: { source: `https://example.com/docs/${i}`, author: pick(ENGLISH), tags: [pick(ENGLISH), pick(CHINESE)], lang: random() < 0.5 ? "zh" : "en", version: i % 7, score: Math.round(random() * 1000) / 1000, reviewed: random() < 0.5, extra: null },
  });
  const target = 30 * 2 ** 20;
  const documents = [];
  let size = 0;
  for (let i = 0; size < target; i++) {
    const next = document(i, 2_000 + Math.floor(random() * 6_000));
    documents.push(next);
    size += Buffer.byteLength(JSON.stringify(next)) + 1;
  }
  const paths = {};
  paths.documents = join(dir, "documents.json");
  writeFileSync(paths.documents, JSON.stringify({ knowledgeBaseId: "kb", documents }));
  paths.longStrings = join(dir, "long-strings.json");
  writeFileSync(paths.longStrings, JSON.stringify({ knowledgeBaseId: "kb", documents: Array.from({ length: 4 }, (_, i) => document(i, 7.5 * 2 ** 20)) }));
  // Too deep at byte ~60, then 30 MiB more: a parser that enforces the depth refuses at once.
  paths.tooDeep = join(dir, "too-deep.json");
  writeFileSync(paths.tooDeep, `{"knowledgeBaseId":"kb","documents":${"[".repeat(65)}${"]".repeat(65)},"pad":${JSON.stringify(text(target))}}`);
  return { paths, counts: { documents: documents.length } };
}

// ---- the parent -------------------------------------------------------------------------------
function run(extra) {
  const result = spawnSync(process.execPath, ["--expose-gc", fileURLToPath(import.meta.url), ...extra], { encoding: "utf8", maxBuffer: 2 ** 24 });
  if (result.status !== 0) return { crashed: (result.stderr || `exit ${result.status}`).trim().split("\n").slice(-3).join(" ").slice(0, 200) };
  return JSON.parse(result.stdout);
}

const load = () => loadavg().map((value) => value.toFixed(1)).join(" ");
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];
const range = (list, digits = 0) => `${median(list).toFixed(digits)} (${Math.min(...list).toFixed(digits)}-${Math.max(...list).toFixed(digits)})`;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "kb-json-body-"));
  try {
    const { paths, counts } = writeBodies(dir);
    const mib = (path) => (readFileSync(path).length / 2 ** 20).toFixed(1);
    console.log(`bodies: documents ${mib(paths.documents)} MiB (${counts.documents} documents), longStrings ${mib(paths.longStrings)} MiB, tooDeep ${mib(paths.tooDeep)} MiB; ${availableParallelism()} cores; ${["stream-json", "@streamparser/json"].map((name) => `${name} ${JSON.parse(readFileSync(join(libs, name, "package.json"), "utf8")).version}`).join(", ")} from ${libs}; node ${process.version}`);
    const results = {};
    const rounds = Number(args.rounds);
    for (let round = 0; round < rounds; round++) {
      console.log(`round ${round + 1}: load ${load()}`);
      for (const body of Object.keys(BODIES)) {
        // Rotated order: no parser always runs first, or always right after the same one.
        const order = PARSERS.map((_, i) => PARSERS[(i + round) % PARSERS.length]);
        for (const name of order) {
          const row = run(["--child", name, "--body", paths[body]]);
          ((results[body] ??= {})[name] ??= []).push(row);
          console.log(`  ${body} ${name}: ${JSON.stringify(row)}`);
        }
      }
      const order = PARSERS.map((_, i) => PARSERS[(i + round) % PARSERS.length]);
      for (const name of order) {
        const row = run(["--child", name, "--body", paths.tooDeep, "--mode", "refusal"]);
        ((results.tooDeep ??= {})[name] ??= []).push(row);
        console.log(`  tooDeep ${name}: ${JSON.stringify(row)}`);
      }
    }
    console.log(`\nmedians (min-max) of ${rounds} rounds; load at the end ${load()} on ${availableParallelism()} cores`);
    console.log("| body | parser | total (ms) | CPU (ms) | longest block, eld max (ms) | longest gap, 1 ms probe (ms) | peak RSS growth (MB) | peak heap growth (MB) | same value as JSON.parse |");
    console.log("|---|---|---:|---:|---:|---:|---:|---:|---|");
    for (const body of Object.keys(BODIES)) {
      for (const name of PARSERS) {
        const rows = results[body][name].filter((row) => row.crashed === undefined && row.error === undefined);
        const failed = results[body][name].find((row) => row.crashed !== undefined || row.error !== undefined);
        if (rows.length === 0) {
          console.log(`| ${body} | ${name} | failed: ${failed.crashed ?? failed.error} | | | | | | |`);
          continue;
        }
        const cells = [range(rows.map((r) => r.totalMs)), range(rows.map((r) => r.cpuMs)), range(rows.map((r) => r.blockMs), 1), range(rows.map((r) => r.probeMs), 1), range(rows.map((r) => r.rssMB)), range(rows.map((r) => r.heapMB)), [...new Set(rows.map((r) => r.same))].join("; ")];
        console.log(`| ${body} | ${name} | ${cells.join(" | ")} |`);
      }
    }
    console.log("\ntoo deep at byte ~60, then 30 MiB: time to the refusal (ms), longest block (ms), the refusal");
    for (const name of PARSERS) {
      const rows = results.tooDeep[name].filter((row) => row.crashed === undefined);
      console.log(`| ${name} | ${range(rows.map((r) => r.totalMs))} | ${range(rows.map((r) => r.blockMs), 1)} | ${rows[0]?.error ?? "accepted (no depth limit)"} |`);
    }
    console.log(`\nsemantics (load ${load()}):`);
    const semanticRows = run(["--mode", "semantics"]);
    if (semanticRows.crashed) console.log(semanticRows.crashed);
    else {
      console.log(`| case | ${PARSERS.join(" | ")} |`);
      console.log(`|---|${PARSERS.map(() => "---").join("|")}|`);
      CASES.forEach(([label], index) => console.log(`| ${label} | ${PARSERS.map((name) => semanticRows[name].outcomes[index][1]).join(" | ")} |`));
      console.log(`| fuzz of incremental-json.test.ts: disagreements with parseJsonBody in 1500 | ${PARSERS.map((name) => semanticRows[name].fuzz.mismatches).join(" | ")} |`);
      for (const name of PARSERS) if (semanticRows[name].fuzz.example) console.log(`  ${name}, first disagreement: ${semanticRows[name].fuzz.example}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (args.mode === "semantics") await semantics();
else if (args.child !== undefined) await child(args.child, args.body);
else await main();
