/**
 * define -> serve -> generate -> compile -> call: tools with every kind of field (fixtures/every-kind.ts)
 * and the rich-types sample, served on 127.0.0.1, turned into a typed client by toolgen,
 * type-checked with tsc --strict, then called through the generated JavaScript; each result
 * equals what `run` returns for the same validated input.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { generate } from "../../src/generate.js";
import { serveTools, type ToolServer } from "../../src/server/index.js";
import { convertTemperature, createOrder, ping, richTypeTools, RICH_NAMESPACE, RICH_VERSION } from "../../src/server/samples/rich-types.js";
import { freshOutputDir } from "../support/output-dir.js";
import { typecheck } from "../support/typecheck.js";
import { countNodes, everyField, everyKindTools, NAMESPACE, noInput, sampleInput, sampleTree, scaleVector, VERSION } from "./fixtures/every-kind.js";

let kinds: ToolServer;
let shop: ToolServer;
beforeAll(async () => {
  kinds = await serveTools(everyKindTools, { namespace: NAMESPACE, version: VERSION });
  shop = await serveTools(richTypeTools, { namespace: RICH_NAMESPACE, version: RICH_VERSION });
});
afterAll(async () => {
  await kinds.close();
  await shop.close();
});

const order = {
  customer: { name: "Ada", email: null },
  items: [
    { sku: "pen", quantity: 2, unitPrice: 1.5 },
    { sku: "ink", quantity: 1, unitPrice: 4 },
  ],
  priority: "high" as const,
  tags: ["b", "a"],
  note: null,
};

test("the generated client compiles under tsc --strict and types every field", async () => {
  const out = freshOutputDir("server/round-trip-ts");
  await generate(kinds.url, { out, env: {} });
  writeFileSync(
    join(out, "app.ts"),
    `import { everyField, countNodes, scaleVector, noInput } from "./index.js";
const input = ${JSON.stringify({ ...sampleInput, limit: 10 })} as const;
const result = await everyField({ ...input, tags: [...input.tags], scores: [...input.scores], matrix: input.matrix.map((r) => [...r]), stops: [...input.stops] });
const total: number = result.total;
const flag: boolean = result.echo.flag;
const color: "red" | "green" | "blue" = result.echo.color;
const level: 1 | 2 | 3 = result.echo.level;
const nickname: string | null = result.echo.nickname;
const note: string | undefined = result.echo.note;
const zip: string | null = result.echo.address.zip;
const cell: number | undefined = result.echo.matrix[0]?.[0];
const extra: number | undefined = result.echo.extras["x"];
const idOrName: string | number = result.echo.idOrName;
const labels: string[] = (await countNodes({ tree: ${JSON.stringify(sampleTree)} })).labels;
const scaled: number[] = (await scaleVector({ vector: [1, 2], factor: 2, unit: null })).vector;
const answer: number = (await noInput()).answer;
// @ts-expect-error color is an enum
await everyField({ ...input, color: "purple" });
// @ts-expect-error vector is required
await scaleVector({ factor: 2, unit: "m" });
export { total, flag, color, level, nickname, note, zip, cell, extra, idOrName, labels, scaled, answer };
`,
  );
  expect(await typecheck(out)).toBe("");
});

test("every tool called through the generated JavaScript returns what run returned", async () => {
  const out = freshOutputDir("server/round-trip-js");
  const result = await generate(kinds.url, { out, emit: "js", env: {} });
  expect(result.model.operations.map((o) => o.toolName)).toEqual(["Kinds/1.0/EveryField", "Kinds/1.0/CountNodes", "Kinds/1.0/ScaleVector", "Kinds/1.0/NoInput"]);
  const gen = await import(pathToFileURL(join(out, "index.js")).href);

  // run gets the validated input (zod: defaults filled), so compare with run on exactly that.
  expect(await gen.everyField(sampleInput)).toEqual(await everyField.run(everyField.input!.parse(sampleInput)));
  const withNote = { ...sampleInput, note: "hi", limit: 3, idOrName: "seven" };
  expect(await gen.everyField(withNote)).toEqual(await everyField.run(everyField.input!.parse(withNote)));
  expect(await gen.countNodes({ tree: sampleTree })).toEqual(await countNodes.run({ tree: sampleTree }));
  expect(await gen.countNodes({ tree: sampleTree })).toEqual({ count: 4, labels: ["root", "a", "a1", "b"] });
  expect(await gen.scaleVector({ vector: [1, -2.5], unit: "m" })).toEqual({ vector: [2, -5], unit: "m" });
  expect(await gen.scaleVector({ vector: [1, 2], factor: 0.5, unit: null })).toEqual(await scaleVector.run({ vector: [1, 2], factor: 0.5, unit: null }));
  expect(await gen.noInput()).toEqual(await noInput.run(undefined));

  // The same through the toolkit a model's tool call goes through.
  expect(await gen.toolkit.call("Kinds/1.0/NoInput", "{}")).toEqual({ answer: 42 });
});

test("the rich-types sample round-trips too, through the typed client and the JavaScript one", async () => {
  const ts = freshOutputDir("server/round-trip-shop-ts");
  await generate(shop.url, { out: ts, env: {} });
  writeFileSync(
    join(ts, "app.ts"),
    `import { createOrder, convertTemperature, ping } from "./index.js";
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
export { total, wrapped, note, f, pong };
`,
  );
  expect(await typecheck(ts)).toBe("");

  const js = freshOutputDir("server/round-trip-shop-js");
  await generate(shop.url, { out: js, emit: "js", env: {} });
  const gen = await import(pathToFileURL(join(js, "index.js")).href);
  const gift = { ...order, giftWrap: true, note: "ring twice" };
  expect(await gen.createOrder(order)).toEqual(await createOrder.run(createOrder.input!.parse(order)));
  expect(await gen.createOrder(gift)).toEqual(await createOrder.run(createOrder.input!.parse(gift)));
  expect(await gen.convertTemperature({ celsius: -3, precision: 2 })).toEqual(await convertTemperature.run({ celsius: -3, precision: 2 }));
  expect(await gen.ping()).toEqual(await ping.run(undefined));
});

test("generating from the served description is deterministic", async () => {
  const a = freshOutputDir("server/det-a");
  const b = freshOutputDir("server/det-b");
  const first = await generate(kinds.url, { out: a, env: {} });
  const second = await generate(kinds.url, { out: b, env: {} });
  expect(second.files).toEqual(first.files);
});

// schema.ts is written with openapi-typescript's `defaultNonNullable` (an answer's defaulted field
// is always there); the request forms of the component schemas (src/emit/request-schemas.ts) keep
// a defaulted input field optional, as the server fills it in. `sampleInput` leaves `limit` out.
test("generator: an input field with a default may be left out of the typed call", async () => {
  const out = freshOutputDir("server/round-trip-default");
  await generate(kinds.url, { out, env: {} });
  writeFileSync(join(out, "app.ts"), `import { everyField } from "./index.js";\nexport const r = await everyField(${JSON.stringify(sampleInput)});\n`);
  expect(await typecheck(out)).toBe("");
});
