// Knowledge-base service: whether a maintained streaming JSON writer could write large answers
// instead of the service's own (src/knowledge-base/service/json-pieces.ts, used for answers over
// 1 MiB of text and for PostgreSQL's add rows). The job: a listing's page of 1000 documents of
// 31,400 characters, and one document of 30 million. Each writer hands its output over in steps
// (the libraries' chunks, after each of which the consumer yields to the loop; ours its pieces,
// with a pause that does), and a 1 ms interval watches the loop meanwhile: its longest gap is the
// longest block the writer would cause in the service. Every writer's output is kept as the
// service would write it out (chunks, or our buffers), joined only after the measurement. Per
// writer: total time, longest block, and whether the text is JSON.stringify's. Rounds
// interleaved in rotating order; medians.
//
// The libraries are not dependencies: install them outside the repository and point here.
//   mkdir /tmp/jsonwriters && cd /tmp/jsonwriters && npm init -y && npm i @discoveryjs/json-ext json-stream-stringify
//   npm run build && node bench/kb-json-answer.mjs [--rounds 5] [--libs /tmp/jsonwriters/node_modules]
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { mulberry32 } from "./seeded-random.mjs";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "5" }, libs: { type: "string", default: "/tmp/jsonwriters/node_modules" } } });
const importLibrary = async (name) => {
  const manifest = JSON.parse(readFileSync(join(values.libs, name, "package.json"), "utf8"));
  const entry = manifest.exports?.["."]?.import ?? manifest.exports?.["."]?.default ?? manifest.module ?? manifest.main;
  const module = await import(pathToFileURL(join(values.libs, name, typeof entry === "string" ? entry : entry.default)).href);
  return { module, version: manifest.version };
};
const jsonExt = await importLibrary("@discoveryjs/json-ext");
const jsonStream = await importLibrary("json-stream-stringify");
const { JsonPieces, writeValue } = await import("../dist/knowledge-base/service/json-pieces.js");

const random = mulberry32(20261207);
const WORDS = 'the quick brown fox jumps over lazy dogs 知识 管理 "quoted" back\\slash tab\there'.split(" ");
const text = (length) => {
  const parts = [];
  for (let size = 0; size < length; ) {
    const word = WORDS[Math.floor(random() * WORDS.length)];
    parts.push(word);
    size += word.length + 1;
  }
  return parts.join(" ");
};
const JOBS = {
  "a page of 1000 documents of 31,400 characters": { total: 1000, documents: Array.from({ length: 1000 }, (_, i) => ({ id: `d${i}`, title: `document ${i}`, content: text(31_400), metadata: { i } })) },
  "one document of 30 million characters": { total: 1, documents: [{ id: "one", title: "one", content: text(30_000_000), metadata: {} }] },
};

/**
 * Runs `write()`, watching the loop with a 1 ms interval: the longest gap between two of its
 * ticks is the longest time the writer held the loop. Resolves to { text, totalMs, longestMs }.
 */
async function timed(write) {
  let last = performance.now();
  let longest = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  const start = performance.now();
  const text = await write();
  const totalMs = performance.now() - start;
  longest = Math.max(longest, performance.now() - last);
  clearInterval(probe);
  return { text, totalMs, longestMs: longest };
}

const yieldToLoop = () => new Promise((resolve) => setImmediate(resolve));

const WRITERS = {
  // A generator: the service would yield to the loop after each chunk.
  [`@discoveryjs/json-ext ${jsonExt.version} stringifyChunked`]: (value) =>
    timed(async () => {
      const chunks = [];
      for (const chunk of jsonExt.module.stringifyChunked(value)) {
        chunks.push(chunk);
        await yieldToLoop();
      }
      return chunks;
    }),
  [`json-stream-stringify ${jsonStream.version}`]: (value) =>
    timed(
      () =>
        new Promise((resolve, reject) => {
          const chunks = [];
          const stream = new jsonStream.module.JsonStreamStringify(value);
          stream.on("data", (chunk) => chunks.push(chunk));
          stream.on("end", () => resolve(chunks));
          stream.on("error", reject);
        }),
    ),
  "toolgen JsonPieces (ours)": (value) =>
    timed(async () => {
      const json = new JsonPieces({ pause: yieldToLoop });
      await writeValue(json, value);
      return json.buffers(); // the service writes them out as they are
    }),
};

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];
console.log(`${values.rounds} rounds, medians; load average ${loadavg().map((load) => load.toFixed(1)).join(" ")} on ${availableParallelism()} cores`);
console.log("| job | writer | total (ms) | longest block (ms) | JSON.stringify's text |");
console.log("|---|---|---:|---:|---|");
for (const [job, value] of Object.entries(JOBS)) {
  const expected = JSON.stringify(value);
  const names = Object.keys(WRITERS);
  const results = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < Number(values.rounds); round++) {
    for (let turn = 0; turn < names.length; turn++) {
      const name = names[(round + turn) % names.length];
      const { text: written, totalMs, longestMs } = await WRITERS[name](value);
      // Joined or decoded after the measurement: a service writes chunks, or our bytes, as they are.
      results[name].push({ totalMs, longestMs, same: (typeof written[0] === "string" ? written.join("") : Buffer.concat(written).toString("utf8")) === expected });
    }
  }
  for (const name of names) {
    const runs = results[name];
    const same = runs.every((run) => run.same) ? "yes" : "NO";
    console.log(`| ${job} | ${name} | ${median(runs.map((run) => run.totalMs)).toFixed(0)} | ${median(runs.map((run) => run.longestMs)).toFixed(1)} | ${same} |`);
  }
}
