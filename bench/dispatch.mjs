// Dispatch overhead: a model's tool call through `toolkit.call` (JSON text parsed,
// looked up by wire name, validated against `parameters`, then the generated function) against
// calling the generated function directly, both against the same loopback tool server, in one
// run, interleaved call by call so drift hits both alike. A third path calls the function directly
// after running toolkit.check on the same text and discarding its result: it shows how much of the
// difference is the validation itself, run between network calls (colder than in a tight loop).
// Also the validation step alone in a tight loop, in microseconds.
//
// Run after `npm run build`:  node bench/dispatch.mjs [--calls 2000] [--rounds 10] [--json]
import { createServer } from "node:http";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { generate } from "../dist/generate.js";
import { printRows } from "./rows.mjs";

const { values: args } = parseArgs({ options: { calls: { type: "string", default: "2000" }, rounds: { type: "string", default: "10" }, json: { type: "boolean", default: false } } });
const CALLS = Number(args.calls);
const ROUNDS = Number(args.rounds);
const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "bench/.out/dispatch");

// A tool with a realistic input: path + query parameters and a JSON body with nested fields.
const DESCRIPTION = `openapi: 3.0.3
info: { title: Notes, version: v1 }
servers: [{ url: http://127.0.0.1:1 }]
paths:
  /books/{bookId}/notes:
    post:
      operationId: addNote
      description: Adds a note to a book.
      parameters:
        - { name: bookId, in: path, required: true, schema: { type: integer, minimum: 1 } }
        - { name: notify, in: query, schema: { type: boolean, default: false } }
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [title, body]
              properties:
                title: { type: string, minLength: 1, maxLength: 200 }
                body: { type: string }
                tags: { type: array, maxItems: 10, items: { type: string, pattern: "^[a-z-]+$" } }
                priority: { type: string, enum: [low, normal, high] }
                due: { type: string, format: date-time, nullable: true }
                author: { type: object, required: [name], properties: { name: { type: string }, email: { type: string, format: email } } }
      responses:
        "200":
          description: The note.
          content:
            application/json:
              schema: { type: object, properties: { id: { type: integer }, title: { type: string } } }
`;
const ANSWER = JSON.stringify({ id: 1, title: "t" });
const server = createServer((req, res) => {
  if (req.url === "/.well-known/openapi.yaml") return void res.writeHead(200, { "content-type": "application/yaml" }).end(DESCRIPTION);
  if (req.url?.startsWith("/.well-known/")) return void res.writeHead(404).end();
  req.resume();
  req.on("end", () => res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(ANSWER) }).end(ANSWER));
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${server.address().port}`;

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
await generate(base, { out: OUT, emit: "js", onWarning: () => {} });
const gen = await import(pathToFileURL(join(OUT, "index.js")).href);
const wireName = gen.toolkit.tools[0].wireName;

const input = {
  bookId: 7,
  notify: true,
  title: "Chapter 3",
  body: "The part about the lighthouse.",
  tags: ["fiction", "re-read"],
  priority: "high",
  due: "2025-03-01T09:00:00Z",
  author: { name: "Ann", email: "ann@example.com" },
};
const json = JSON.stringify(input);

const directCall = () => gen.addNote(input);
const viaToolkit = () => gen.toolkit.call(wireName, json);
const checkedDirect = () => {
  gen.toolkit.check(wireName, json);
  return gen.addNote(input);
};

// Calls alternate one by one (direct, toolkit, direct, …), each timed on its own, so any drift
// of the machine or the server hits both paths alike; the order flips every round. Per-call
// medians are compared: on a shared 2-core machine, means are dominated by scheduling spikes.
const samples = { direct: [], toolkit: [], checked: [] };
const paths = { direct: directCall, toolkit: viaToolkit, checked: checkedDirect };
async function round(n, toolkitFirst, record) {
  const order = toolkitFirst ? ["toolkit", "checked", "direct"] : ["direct", "checked", "toolkit"];
  for (let i = 0; i < n; i++) {
    for (const path of order) {
      const start = process.hrtime.bigint();
      await paths[path]();
      const us = Number(process.hrtime.bigint() - start) / 1e3;
      if (record) samples[path].push(us);
    }
  }
}

await round(500, false, false);
for (let r = 0; r < ROUNDS; r++) await round(CALLS, r % 2 === 1, true);
server.close();

// Validation alone (parse + null-dropping + validate), synchronous, no I/O.
const VALIDATIONS = 200_000;
for (let i = 0; i < 20_000; i++) gen.toolkit.check(wireName, json);
let start = process.hrtime.bigint();
for (let i = 0; i < VALIDATIONS; i++) gen.toolkit.check(wireName, json);
const checkUs = Number(process.hrtime.bigint() - start) / 1e3 / VALIDATIONS;
start = process.hrtime.bigint();
for (let i = 0; i < VALIDATIONS; i++) JSON.parse(json);
const parseUs = Number(process.hrtime.bigint() - start) / 1e3 / VALIDATIONS;

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const d = quantile(samples.direct, 0.5);
const t = quantile(samples.toolkit, 0.5);
const lines = [
  `| path (${ROUNDS} rounds × ${CALLS} calls each, interleaved) | median µs | p90 µs | mean µs |`,
  "|---|---:|---:|---:|",
  ...[
    ["generated function, direct", samples.direct],
    ["toolkit.call (JSON text, wire name, validation)", samples.toolkit],
    ["toolkit.check, result discarded, then the function directly", samples.checked],
  ].map(
    ([label, xs]) => `| ${label} | ${quantile(xs, 0.5).toFixed(1)} | ${quantile(xs, 0.9).toFixed(1)} | ${mean(xs).toFixed(1)} |`,
  ),
  "",
  `ratio of medians toolkit.call / direct: **${(t / d).toFixed(3)}** (${((t / d - 1) * 100).toFixed(1)}% overhead); check then direct / direct: ${(quantile(samples.checked, 0.5) / d).toFixed(3)}`,
  `validation alone (toolkit.check: JSON.parse + validate): ${checkUs.toFixed(2)} µs per call, of which JSON.parse ${parseUs.toFixed(2)} µs`,
];
const report = lines.join("\n");
console.log(report);
writeFileSync(join(ROOT, "bench/.out/dispatch.md"), `${report}\n`);
printRows([{ area: "dispatch", what: "toolkit.call (JSON text, wire name, validation), median per call", anchor: "the generated function called directly", ours: t, theirs: d, unit: "µs" }]);
