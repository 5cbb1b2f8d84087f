// Requests/second through the tool manager (routing, version check, bounded body
// read, JSON parse, input validation, handler, output validation, JSON stringify) against a bare
// node:http handler doing the same JSON work and nothing else, side by side in one run, loopback
// only, bounded in time. Two tools: a trivial one (one string in, one out), which shows the tool
// manager's own cost, and a richer one (nested objects, an array of five items, an enum, nullable
// fields), to show what validation costs once there is something to validate.
// Usage: npm run build && node bench/server.mjs [seconds per run = 10] [connections = 50] [runs = 3] [--json]
import { createServer } from "node:http";
import autocannon from "autocannon";
import { z } from "zod";
import { defineTool, serveTools } from "../dist/server/index.js";
import { argsWithoutJson, printRows } from "./rows.mjs";

const [SECONDS, CONNECTIONS, RUNS] = [10, 50, 3].map((fallback, i) => Number(argsWithoutJson()[i] ?? fallback));

const trivialBody = JSON.stringify({ word: "hello" });
const trivialRun = ({ word }) => ({ message: `got ${word}` });

const richBody = JSON.stringify({
  customer: { name: "Ada", email: null },
  items: Array.from({ length: 5 }, (_, i) => ({ sku: `sku-${i}`, quantity: i + 1, unitPrice: 2.5 })),
  priority: "high",
  note: null,
});
const richRun = (order) => ({
  id: `order-${order.items.length}`,
  total: order.items.reduce((sum, i) => sum + i.quantity * i.unitPrice, 0),
  priority: order.priority,
  note: order.note ?? null,
  customer: order.customer,
});

const schemas = {
  trivial: {
    zod: [z.object({ word: z.string().min(1) }), z.object({ message: z.string() })],
    json: [
      { type: "object", required: ["word"], properties: { word: { type: "string", minLength: 1 } } },
      { type: "object", required: ["message"], properties: { message: { type: "string" } } },
    ],
  },
  rich: {
    zod: [
      z.object({
        customer: z.object({ name: z.string(), email: z.string().nullable() }),
        items: z.array(z.object({ sku: z.string(), quantity: z.int().min(1), unitPrice: z.number().min(0) })).min(1),
        priority: z.enum(["low", "normal", "high"]),
        note: z.string().nullable().optional(),
      }),
      z.object({
        id: z.string(),
        total: z.number(),
        priority: z.enum(["low", "normal", "high"]),
        note: z.string().nullable(),
        customer: z.object({ name: z.string(), email: z.string().nullable() }),
      }),
    ],
  },
};

/** The floor: read the body, JSON.parse, the same handler, JSON.stringify, write. */
async function bare(run) {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const text = JSON.stringify(run(JSON.parse(Buffer.concat(chunks).toString("utf8"))));
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
      res.end(text);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}/Bench/v1/Tool?version=v1`, close: () => new Promise((r) => server.close(r)) };
}

async function manager([input, output], run) {
  const tool = defineTool({ name: "Tool", description: "Benchmark tool.", input, output, run });
  const server = await serveTools([tool], { namespace: "Bench", version: "v1", validateOutput: true });
  return { url: `${server.url}/Bench/v1/Tool?version=v1`, close: () => server.close() };
}

async function load(target, body) {
  try {
    const result = await autocannon({ url: target.url, method: "POST", body, headers: { "content-type": "application/json" }, connections: CONNECTIONS, duration: SECONDS });
    if (result.errors || result.non2xx) throw new Error(`errors: ${result.errors}, non-2xx: ${result.non2xx}`);
    return result.requests.average;
  } finally {
    await target.close();
  }
}

const cases = [
  ["trivial", "bare node:http (parse + stringify)", () => bare(trivialRun), trivialBody],
  ["trivial", "tool manager, zod schemas (input + output validated)", () => manager(schemas.trivial.zod, trivialRun), trivialBody],
  ["trivial", "tool manager, JSON Schema via ajv (input + output validated)", () => manager(schemas.trivial.json, trivialRun), trivialBody],
  ["rich", "bare node:http (parse + stringify)", () => bare(richRun), richBody],
  ["rich", "tool manager, zod schemas (input + output validated)", () => manager(schemas.rich.zod, richRun), richBody],
];

// Interleaved, RUNS times each, best run kept, so a noisy neighbour hurts every row alike.
const best = new Map();
for (let run = 0; run < RUNS; run++) {
  for (const [tool, name, start, body] of cases) {
    const rate = await load(await start(), body);
    const key = `${tool}\t${name}`;
    best.set(key, Math.max(best.get(key) ?? 0, rate));
  }
}

console.log(`Node ${process.version}; autocannon ${CONNECTIONS} connections x ${SECONDS} s per run, ${RUNS} runs each (interleaved), best kept; loopback, 2 cores shared with autocannon\n`);
console.log("| tool | server | requests/s | ratio to bare node:http |");
console.log("|---|---|---:|---:|");
for (const [key, rate] of best) {
  const [tool, name] = key.split("\t");
  const floor = best.get(`${tool}\tbare node:http (parse + stringify)`);
  console.log(`| ${tool} | ${name} | ${rate.toFixed(0)} | ${(rate / floor).toFixed(2)}x |`);
}

// As times per request, so that a ratio below 1 reads "faster" as everywhere in bench/run.mjs.
printRows(
  [...best].filter(([key]) => !key.includes("bare node:http")).map(([key, rate]) => {
    const [tool, name] = key.split("\t");
    const what = `${tool} tool, ${name.replace("tool manager, ", "")}, ${CONNECTIONS} connections`;
    return { area: "tool manager", what, anchor: "bare node:http (parse + stringify)", ours: 1e6 / rate, theirs: 1e6 / best.get(`${tool}\tbare node:http (parse + stringify)`), unit: "µs/req" };
  }),
);
