// Consuming a long event stream: toolgen's streaming call (fetch + the runtime's WHATWG parser,
// JSON-decoded typed items through `for await`) against the anchor, a bare `fetch` +
// `eventsource-parser` loop decoding the same JSON, on the same stream from a server in another
// process, interleaved. Prints events/s of each, the ratio, and each side's heap and RSS after the
// stream (sampled every 100,000 events, so a leak shows as growth).
//
//   npm run build && node bench/streams.mjs [events=1000000] [rounds=3] [--json]
import { fork } from "node:child_process";
import { TextDecoderStream } from "node:stream/web";
import { createParser } from "eventsource-parser";
import { streamRequest } from "../dist/runtime/request.js";
import { argsWithoutJson, printRows } from "./rows.mjs";

const EVENTS = Number(argsWithoutJson()[0] ?? 1_000_000);
const ROUNDS = Number(argsWithoutJson()[1] ?? 3);

if (process.argv[2] === "--serve") {
  const { createServer } = await import("node:http");
  const count = Number(process.argv[3]);
  const server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    let i = 0;
    // 64 KiB writes of `data: {"i":n,"text":"…"}` events, waiting for drain: the client sets the pace.
    const pump = () => {
      while (i < count) {
        let chunk = "";
        while (chunk.length < 65_536 && i < count) chunk += `data: {"i":${i++},"text":"item"}\n\n`;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      res.end();
    };
    pump();
  });
  server.listen(0, "127.0.0.1", () => process.send(server.address().port));
} else {
  const child = fork(new URL(import.meta.url), ["--serve", String(EVENTS)], { stdio: "inherit" });
  const port = await new Promise((resolve) => child.once("message", resolve));
  const url = `http://127.0.0.1:${port}/events`;

  const anchor = async () => {
    let count = 0;
    let last = -1;
    const parser = createParser({
      onEvent(event) {
        last = JSON.parse(event.data).i;
        if (++count % 100_000 === 0) sample();
      },
    });
    const response = await fetch(url);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
    return { count, last };
  };

  const config = { baseUrl: `http://127.0.0.1:${port}`, version: "" };
  const spec = { tool: "Bench/1/events", method: "GET", path: "/events", params: [], response: "stream", stream: { format: "event-stream", mediaType: "text/event-stream", json: true } };
  const toolgen = async () => {
    let count = 0;
    let last = -1;
    for await (const event of await streamRequest(config, spec, undefined)) {
      last = event.data.i;
      if (++count % 100_000 === 0) sample();
    }
    return { count, last };
  };

  let peakHeap = 0;
  function sample() {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }

  const results = { anchor: [], toolgen: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of round % 2 === 0 ? [["anchor", anchor], ["toolgen", toolgen]] : [["toolgen", toolgen], ["anchor", anchor]]) {
      globalThis.gc?.();
      peakHeap = 0;
      const start = performance.now();
      const { count, last } = await run();
      const ms = performance.now() - start;
      if (count !== EVENTS || last !== EVENTS - 1) throw new Error(`${name} read ${count} events, last ${last}`);
      results[name].push({ ms, peakHeapMb: peakHeap / 2 ** 20 });
      console.log(`round ${round + 1} ${name.padEnd(8)} ${(EVENTS / (ms / 1000)).toFixed(0).padStart(9)} events/s  peak heap ${(peakHeap / 2 ** 20).toFixed(1)} MB`);
    }
  }
  child.kill();
  const best = (runs) => Math.min(...runs.map((r) => r.ms));
  const heap = (runs) => Math.max(...runs.map((r) => r.peakHeapMb));
  const ratio = best(results.anchor) / best(results.toolgen);
  console.log(
    `\n${EVENTS} events, best of ${ROUNDS}: toolgen ${(EVENTS / (best(results.toolgen) / 1000)).toFixed(0)} events/s, fetch + eventsource-parser ${(EVENTS / (best(results.anchor) / 1000)).toFixed(0)} events/s: ${ratio.toFixed(2)}x the anchor's throughput; peak heap ${heap(results.toolgen).toFixed(1)} vs ${heap(results.anchor).toFixed(1)} MB; RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`,
  );
  printRows([
    {
      area: "streams",
      what: `a streaming call reading ${EVENTS.toLocaleString("en")} small JSON events, time per event`,
      anchor: "fetch + eventsource-parser + JSON.parse",
      ours: (best(results.toolgen) * 1e6) / EVENTS,
      theirs: (best(results.anchor) * 1e6) / EVENTS,
      unit: "ns",
    },
  ]);
}
