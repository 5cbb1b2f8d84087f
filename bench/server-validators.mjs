// Which validator the tool manager should run for a zod tool: zod's own safeParse, or ajv compiled
// from z.toJSONSchema(...). Measured per call on a trivial input (the benchmark tool's) and on a
// rich one (nested objects, arrays, enums, nullable, optional), valid and invalid, in one process.
// Usage: node bench/server-validators.mjs [milliseconds per case = 1000]
import { Ajv2020 } from "ajv/dist/2020.js";
import { z } from "zod";

const MS = Number(process.argv[2] ?? 1000);
const ajv = new Ajv2020({ allErrors: true, strict: false });

const trivial = z.object({ word: z.string().min(1) });
const rich = z.object({
  customer: z.object({ name: z.string(), email: z.string().nullable() }),
  items: z.array(z.object({ sku: z.string(), quantity: z.int().min(1), unitPrice: z.number().min(0) })).min(1),
  priority: z.enum(["low", "normal", "high"]),
  giftWrap: z.boolean().optional(),
  note: z.string().nullable().optional(),
});
const richValue = {
  customer: { name: "Ada", email: null },
  items: Array.from({ length: 5 }, (_, i) => ({ sku: `s${i}`, quantity: i + 1, unitPrice: 1.5 })),
  priority: "high",
  note: null,
};
const cases = [
  ["trivial, valid", trivial, { word: "hello" }],
  ["trivial, invalid", trivial, { word: 42 }],
  ["rich, valid", rich, richValue],
  ["rich, invalid", rich, { ...richValue, priority: "urgent", items: [{ sku: 1 }] }],
];

function rate(fn) {
  for (let i = 0; i < 20_000; i++) fn(); // warm up
  let n = 0;
  const end = performance.now() + MS;
  while (performance.now() < end) for (let i = 0; i < 1000; i++, n++) fn();
  return (n / MS) * 1000;
}

console.log(`Node ${process.version}; ${MS} ms per case\n`);
console.log("| input | zod safeParse (calls/s) | ajv from z.toJSONSchema (calls/s) | ajv / zod |");
console.log("|---|---:|---:|---:|");
for (const [name, schema, value] of cases) {
  const validate = ajv.compile(z.toJSONSchema(schema, { io: "input" }));
  const zod = rate(() => schema.safeParse(value));
  const viaAjv = rate(() => validate(value));
  console.log(`| ${name} | ${zod.toFixed(0)} | ${viaAjv.toFixed(0)} | ${(viaAjv / zod).toFixed(1)}x |`);
}
