// Whether the inline runtime's event-stream parser keeps up with eventsource-parser (the parser
// the MCP SDK and the AI SDK use) on the common shape of a streamed answer: many small events.
// 1,000,000 events `data: {"i":<n>}\n\n` fed as 64 KiB text chunks; rounds interleaved, in
// alternating order, so that no parser gets a warmer machine or always follows the same one's
// garbage; median of the rounds. Needs `npx tsc -p tsconfig.build.json`.
//
// `--gc` collects the whole heap before every run. That is not neutral: V8 then sizes the young
// generation afresh, which costs the parser that holds a chunk's events before handing them over
// (ours) more than one whose events die at once; without it, runs see the heap a long stream sees.
// Usage: node bench/stream-parse.mjs [rounds=3] [events=1000000] [--gc] [--json]
import v8 from "node:v8";
import vm from "node:vm";
import { createParser } from "eventsource-parser";
import { EventStreamParser } from "../dist/runtime/streams/event-stream-parser.js";
import { JsonLinesParser } from "../dist/runtime/streams/json-lines-parser.js";
import { argsWithoutJson, printRows } from "./rows.mjs";

const args = argsWithoutJson().filter((arg) => arg !== "--gc");
const ROUNDS = Number(args[0] ?? 3);
const EVENTS = Number(args[1] ?? 1_000_000);
const COLLECT = process.argv.includes("--gc");
const CHUNK = 64 * 1024;

function chunked(text) {
  const chunks = [];
  for (let i = 0; i < text.length; i += CHUNK) chunks.push(text.slice(i, i + CHUNK));
  // Flattened copies, as a TextDecoder hands them over, not slices of one big string.
  return chunks.map((chunk) => chunk.split("").join(""));
}

const parts = [];
for (let i = 0; i < EVENTS; i++) parts.push(`data: {"i":${i}}\n\n`);
const sse = chunked(parts.join(""));
parts.length = 0;
for (let i = 0; i < EVENTS; i++) parts.push(`{"i":${i}}\n`);
const ndjson = chunked(parts.join(""));
parts.length = 0;

// Each run checks the count and touches every event's data, so that no parser can skip work.
function ours(maxEventBytes) {
  return () => {
    const parser = new EventStreamParser(maxEventBytes);
    let events = 0;
    let chars = 0;
    for (const chunk of sse) {
      for (const event of parser.push(chunk)) {
        events++;
        chars += event.data.length;
      }
    }
    parser.end();
    return [events, chars];
  };
}

// eventsource-parser calls back once per event. With a callback that only counts, V8 inlines it
// and never allocates the event object (escape analysis), a saving no real consumer gets: a
// stream layer keeps each event (EventSourceParserStream enqueues it), as ours has to in the
// array it returns. So it runs twice: counting in the callback, and keeping the chunk's events
// in an array as ours does.
function theirs(keep) {
  return () => {
    let events = 0;
    let chars = 0;
    const batch = [];
    const parser = createParser({
      onEvent: keep
        ? (event) => batch.push(event)
        : (event) => {
            events++;
            chars += event.data.length;
          },
    });
    for (const chunk of sse) {
      parser.feed(chunk);
      if (!keep) continue;
      for (const event of batch) {
        events++;
        chars += event.data.length;
      }
      batch.length = 0;
    }
    return [events, chars];
  };
}

function lines() {
  const parser = new JsonLinesParser(1024 * 1024, "line");
  let events = 0;
  let chars = 0;
  for (const chunk of ndjson) {
    for (const line of parser.push(chunk)) {
      events++;
      chars += line.text.length;
    }
  }
  parser.end();
  return [events, chars];
}

const REFERENCE = "eventsource-parser 3, counting in its callback";
const LINES = "ours, JSON Lines (not comparable: lines, not events), 1 MiB cap";
const contenders = [
  ["ours, no cap", ours(0)],
  ["ours, 1 MiB cap", ours(1024 * 1024)],
  [REFERENCE, theirs(false)],
  ["eventsource-parser 3, keeping each chunk's events", theirs(true)],
  [LINES, lines],
];
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc");

// One untimed round first, so that no timed round pays for compiling a parser.
for (const [, run] of contenders) run();

const times = new Map(contenders.map(([name]) => [name, []]));
let expected;
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, run] of round % 2 === 0 ? contenders : [...contenders].reverse()) {
    if (COLLECT) gc();
    const start = performance.now();
    const [events, chars] = run();
    times.get(name).push(performance.now() - start);
    if (events !== EVENTS) throw new Error(`${name}: ${events} events, expected ${EVENTS}`);
    if (name !== LINES) {
      expected ??= chars;
      if (chars !== expected) throw new Error(`${name}: ${chars} characters of data, expected ${expected}`);
    }
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rate = (name) => EVENTS / (median(times.get(name)) / 1000);
// The ratio pairs each run with the reference's run of the same round, which cancels most of what
// a shared machine does to both, then takes the median over rounds.
const ratio = (name) => median(times.get(name).map((ms, round) => times.get(REFERENCE)[round] / ms));
const spread = (name) => {
  const ms = times.get(name);
  return ms.length <= 5 ? ms.map((value) => value.toFixed(0)).join(", ") : `${Math.min(...ms).toFixed(0)} to ${Math.max(...ms).toFixed(0)}`;
};
console.log(`Node ${process.version}, ${EVENTS} events in ${sse.length} chunks of 64 KiB, median of ${ROUNDS} interleaved rounds${COLLECT ? ", whole heap collected before each run" : ""}\n`);
console.log(`| parser | rounds (ms) | events/s | speed relative to "${REFERENCE}" |`);
console.log("|---|---:|---:|---:|");
for (const [name] of contenders) {
  console.log(`| ${name} | ${spread(name)} | ${Math.round(rate(name)).toLocaleString("en")} | ${ratio(name).toFixed(2)}x |`);
}
printRows([
  {
    area: "streams",
    what: "the runtime's event-stream parser alone, no cap, time per event",
    anchor: "eventsource-parser 3, counting in its callback",
    ours: (median(times.get("ours, no cap")) * 1e6) / EVENTS,
    theirs: (median(times.get(REFERENCE)) * 1e6) / EVENTS,
    unit: "ns",
    // Paired round by round, as in the table above.
    ratio: 1 / ratio("ours, no cap"),
  },
]);
