// Issue 4's goal: requests/second for a trivial tool through the tool manager (routing, version
// check, JSON parse, validation, handler, output validation, JSON stringify) against a bare
// node:http handler doing the same JSON work, side by side in one run, loopback only, bounded.
// Usage: npm run build && node bench/server.mjs [seconds=10] [connections=50]
import { createServer } from "node:http";
import autocannon from "autocannon";
import { z } from "zod";
import { defineTool, serveTools } from "../dist/server/index.js";

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = Number(process.argv[3] ?? 50);
const body = JSON.stringify({ word: "hello" });

async function bare() {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const input = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const text = JSON.stringify({ message: `got ${input.word}` });
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
      res.end(text);
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${server.address().port}/echo?version=v1`, close: () => new Promise((r) => server.close(r)) };
}

async function manager(kind) {
  const input = kind === "zod" ? z.object({ word: z.string().describe("A word.") }) : { type: "object", required: ["word"], properties: { word: { type: "string" } } };
  const output = kind === "zod" ? z.object({ message: z.string().describe("Reply.") }) : { type: "object", required: ["message"], properties: { message: { type: "string" } } };
  const tool = defineTool({ name: "Echo", description: "Echoes.", input, output, run: ({ word }) => ({ message: `got ${word}` }) });
  const server = await serveTools([tool], { namespace: "Bench", version: "v1", validateOutput: true });
  return { url: `${server.url}/Bench/v1/Echo?version=v1`, close: () => server.close() };
}

async function load(target) {
  const result = await autocannon({ url: target.url, method: "POST", body, headers: { "content-type": "application/json" }, connections: CONNECTIONS, duration: SECONDS });
  await target.close();
  if (result.errors || result.non2xx) throw new Error(`errors: ${result.errors}, non-2xx: ${result.non2xx}`);
  return result.requests.average;
}

// Interleaved, twice each, best run kept, so a noisy neighbour hurts both sides alike.
const runs = { bare: [], zod: [], json: [] };
for (let i = 0; i < 2; i++) {
  runs.bare.push(await load(await bare()));
  runs.zod.push(await load(await manager("zod")));
  runs.json.push(await load(await manager("json")));
}
const best = (xs) => Math.max(...xs);
const anchor = best(runs.bare);
console.log(`Node ${process.version}; autocannon ${CONNECTIONS} connections x ${SECONDS} s per run, 2 runs each, best kept\n`);
console.log("| server | requests/s | ratio to bare node:http |");
console.log("|---|---:|---:|");
console.log(`| bare node:http (parse + stringify) | ${anchor.toFixed(0)} | 1.00x |`);
console.log(`| tool manager, zod schemas (input + output validated) | ${best(runs.zod).toFixed(0)} | ${(best(runs.zod) / anchor).toFixed(2)}x |`);
console.log(`| tool manager, JSON Schema via ajv (input + output validated) | ${best(runs.json).toFixed(0)} | ${(best(runs.json) / anchor).toFixed(2)}x |`);
