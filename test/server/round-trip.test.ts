/**
 * define -> serve -> generate -> compile -> call: tools with every kind of field, served on
 * 127.0.0.1, turned into a typed client by toolgen, type-checked with tsc --strict, and called;
 * each result equals what `run` returned.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { generate } from "../../src/generate.js";
import { serveTools, type ToolServer } from "../../src/server/index.js";
import { convertTemperature, createOrder, richTypeTools, RICH_NAMESPACE, RICH_VERSION } from "../../src/server/samples/rich-types.js";
import { freshOutputDir } from "../support/output-dir.js";
import { typecheck } from "../support/typecheck.js";

let server: ToolServer;
beforeAll(async () => void (server = await serveTools(richTypeTools, { namespace: RICH_NAMESPACE, version: RICH_VERSION })));
afterAll(() => server.close());

const order = {
  customer: { name: "Ada", email: null },
  items: [
    { sku: "pen", quantity: 2, unitPrice: 1.5 },
    { sku: "ink", quantity: 1, unitPrice: 4 },
  ],
  priority: "high" as const,
  note: null,
};

test("the generated client compiles and type-checks calls against the tools' schemas", async () => {
  const out = freshOutputDir("server/round-trip-ts");
  await generate(server.url, { out, env: {} });
  writeFileSync(
    join(out, "app.ts"),
    `import { createOrder, convertTemperature, ping, toolkit } from "./index.js";
const order = await createOrder(${JSON.stringify(order)});
const total: number = order.total;
const wrapped: boolean = order.giftWrap;
const note: string | null = order.note;
const f: number = (await convertTemperature({ celsius: 21.5 })).fahrenheit;
const pong: true = (await ping()).pong;
// @ts-expect-error priority is an enum
await createOrder({ ...${JSON.stringify(order)}, priority: "urgent" });
// @ts-expect-error celsius is required
await convertTemperature({ precision: 2 });
export { total, wrapped, note, f, pong, toolkit };
`,
  );
  expect(await typecheck(out)).toBe("");
});

test("every tool called through the generated code returns what run returned", async () => {
  const out = freshOutputDir("server/round-trip-js");
  const result = await generate(server.url, { out, emit: "js", env: {} });
  expect(result.model.operations.map((o) => o.toolName)).toEqual(["Shop/2024-06/CreateOrder", "Shop/2024-06/ConvertTemperature", "Shop/2024-06/Ping"]);
  const gen = await import(pathToFileURL(join(out, "index.js")).href);
  expect(await gen.createOrder(order)).toEqual(await createOrder.run(order));
  expect(await gen.createOrder({ ...order, giftWrap: true, note: "ring twice" })).toEqual(
    await createOrder.run({ ...order, giftWrap: true, note: "ring twice" }),
  );
  expect(await gen.convertTemperature({ celsius: -3, precision: 2 })).toEqual(await convertTemperature.run({ celsius: -3, precision: 2 }));
  expect(await gen.ping()).toEqual({ pong: true });
});

test("generating from the served description is deterministic", async () => {
  const a = freshOutputDir("server/det-a");
  const b = freshOutputDir("server/det-b");
  const first = await generate(server.url, { out: a, env: {} });
  const second = await generate(server.url, { out: b, env: {} });
  expect(second.files).toEqual(first.files);
});
