/**
 * Retries through a generated client: an operation whose description requires an
 * `Idempotency-Key` header takes calls without it (tsc --strict), and the runtime sends one random
 * key, the same on each attempt, retrying the POST after a 503; a model's tool schema does not
 * ask for the key either.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { generateFrom, typecheckWith } from "../support/generated-module.js";

const description = {
  openapi: "3.1.0",
  info: { title: "Shop", version: "v1" },
  servers: [{ url: "http://127.0.0.1:1" }],
  paths: {
    "/orders": {
      post: {
        operationId: "createOrder",
        parameters: [{ name: "Idempotency-Key", in: "header", required: true, "x-toolgen-model": true, schema: { type: "string" } }],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "object", required: ["item"], properties: { item: { type: "string" } } } } },
        },
        responses: { "201": { description: "created", content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } } } },
      },
    },
    "/notes": {
      post: {
        operationId: "addNote",
        requestBody: { required: true, content: { "application/json": { schema: { type: "object", properties: { text: { type: "string" } } } } } },
        responses: { "201": { description: "created" } },
      },
    },
  },
};

let server: Server;
let base: string;
let seen: { path: string; key: string | undefined; body: string }[] = [];
let failures = 0;

let gen: any;
let out: string;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      seen.push({ path: req.url ?? "", key: req.headers["idempotency-key"] as string | undefined, body });
      if (failures-- > 0) return void res.writeHead(503, { "retry-after": "0" }).end("busy");
      res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ id: "o1" }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({ out } = await generateFrom("retries", description));
  gen = await import(join(out, "index.ts"));
  gen.configure({ baseUrl: base });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

test("the declared-required Idempotency-Key is optional in the input type", async () => {
  const app = `
import { createOrder, configure } from "./toolgen/index.js";
export async function use(): Promise<void> {
  const a = await createOrder({ item: "x" });
  const b = await createOrder({ item: "x", "Idempotency-Key": "mine" }, { retry: { retries: 0 } });
  configure({ retry: { retries: 3, minDelayMs: 100, maxBackoffMs: 2000, maxDelayMs: 10_000 } });
  // @ts-expect-error the body's own required field still is required
  await createOrder({});
  void a, b;
}
`;
  expect(await typecheckWith(join(out, ".."), app)).toBe("");
});

test("a 503 on a POST with a declared key: retried, the same key on both attempts; a POST without one is not retried", async () => {
  seen = [];
  failures = 1;
  expect(await gen.createOrder({ item: "x" })).toEqual({ id: "o1" });
  expect(seen).toHaveLength(2);
  expect(seen[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  expect(seen[1]!.key).toBe(seen[0]!.key);
  expect(JSON.parse(seen[1]!.body)).toEqual({ item: "x" });

  seen = [];
  failures = 1;
  await expect(gen.addNote({ text: "t" })).rejects.toMatchObject({ code: "HTTP_STATUS", status: 503 });
  expect(seen).toHaveLength(1);
});

test("a model's tool schema shows the key but does not require it, and toolkit.call fills it", async () => {
  const tool = (gen.toolkit.tools as { name: string; parameters: { required?: string[]; properties: Record<string, unknown> } }[]).find((t) => t.name.endsWith("createOrder"))!;
  expect(Object.keys(tool.parameters.properties)).toContain("Idempotency-Key");
  expect(tool.parameters.required).toEqual(["item"]);
  seen = [];
  failures = 1;
  expect(await gen.toolkit.call("Shop/v1/createOrder", { item: "y" })).toEqual({ id: "o1" });
  expect(seen).toHaveLength(2);
  expect(seen[1]!.key).toBe(seen[0]!.key);
});
