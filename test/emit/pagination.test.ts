/**
 * Pagination end to end: a description with a GitHub-style Link list, a Stripe list and an
 * operation that does not page is generated (both `--emit ts` and `--emit js`), type-checked
 * under tsc --strict with an app whose items are typed and whose `paginate(notPaged, …)` must not
 * compile, and walked against a loopback server.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { generate } from "../../src/generate.js";
import { generateFrom, typecheckWith } from "../support/generated-module.js";

const str = { type: "string" };
const int = { type: "integer" };
const repo = { type: "object", required: ["id", "name"], properties: { id: int, name: str } };
const charge = { type: "object", required: ["id", "amount"], properties: { id: str, amount: int } };
const description = {
  openapi: "3.0.3",
  info: { title: "Paged", version: "" },
  servers: [{ url: "http://127.0.0.1:1" }],
  paths: {
    "/repos": {
      get: {
        operationId: "listRepos",
        parameters: [
          { name: "per_page", in: "query", schema: { type: "integer", default: 30 } },
          { name: "page", in: "query", schema: { type: "integer", default: 1 } },
        ],
        responses: { "200": { description: "ok", headers: { Link: { schema: str } }, content: { "application/json": { schema: { type: "array", items: repo } } } } },
      },
    },
    "/charges": {
      get: {
        operationId: "listCharges",
        parameters: [
          { name: "limit", in: "query", schema: int },
          { name: "starting_after", in: "query", schema: str },
        ],
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { type: "object", required: ["data", "has_more"], properties: { object: str, data: { type: "array", items: charge }, has_more: { type: "boolean" } } } } },
          },
        },
      },
    },
    "/repos/{id}": {
      get: {
        operationId: "getRepo",
        parameters: [{ name: "id", in: "path", required: true, schema: int }],
        responses: { "200": { description: "ok", content: { "application/json": { schema: repo } } } },
      },
    },
  },
};

const REPOS = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, name: `r${i + 1}` }));
const CHARGES = ["ch_1", "ch_2", "ch_3"].map((id, i) => ({ id, amount: i }));
let server: Server;
let base: string;

const boundHeaders: unknown[] = [];

function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url!, base);
  boundHeaders.push(req.headers["x-bound"]);
  res.setHeader("content-type", "application/json");
  if (url.pathname === "/repos") {
    const page = Number(url.searchParams.get("page") ?? 1);
    const size = Number(url.searchParams.get("per_page") ?? 30);
    if (page * size < REPOS.length) res.setHeader("link", `<${base}/repos?page=${page + 1}&per_page=${size}>; rel="next"`);
    return res.end(JSON.stringify(REPOS.slice((page - 1) * size, page * size)));
  }
  if (url.pathname === "/charges") {
    const after = url.searchParams.get("starting_after");
    const from = after ? CHARGES.findIndex((c) => c.id === after) + 1 : 0;
    const limit = Number(url.searchParams.get("limit") ?? 10);
    return res.end(JSON.stringify({ object: "list", data: CHARGES.slice(from, from + limit), has_more: from + limit < CHARGES.length }));
  }
  res.end(JSON.stringify(REPOS[0]));
}

const app = `
import { paginate, listRepos, listCharges, getRepo, createClient, type ListReposPageItem, type ListChargesPageItem } from "./toolgen/index.js";
export async function use(): Promise<void> {
  for await (const repo of paginate(listRepos, { per_page: 100 })) {
    const name: string = repo.name;
    const same: ListReposPageItem = repo;
    // @ts-expect-error a repo has no amount
    repo.amount;
    void name, same;
  }
  for await (const charge of paginate(listCharges, { limit: 2 }, { maxPages: 3 })) {
    const amount: number = charge.amount;
    const same: ListChargesPageItem = charge;
    void amount, same;
  }
  for await (const repo of paginate(listRepos)) void repo;
  const bound = createClient({ baseUrl: "http://127.0.0.1:2" });
  for await (const repo of paginate(bound.listRepos, { per_page: 10 })) {
    const name: string = repo.name;
    void name;
  }
  // @ts-expect-error getRepo does not page, bound or not
  paginate(bound.getRepo, { id: 1 });
  // @ts-expect-error getRepo does not page
  paginate(getRepo, { id: 1 });
  // @ts-expect-error the input is listRepos's
  paginate(listRepos, { limit: 2 });
}
`;

let gen: any;

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("generated client", () => {
  test("--emit ts: typed items, paginate(notPaged) does not compile, every page walked", async () => {
    const { dir, out } = await generateFrom("pagination", description);
    expect(await typecheckWith(dir, app)).toBe("");
    const types = readFileSync(join(out, "operation-types.d.ts"), "utf8");
    expect(types).toContain("export type ListReposPageItem = NonNullable<ListReposOutput>[number];");
    expect(types).toContain('export type ListChargesPageItem = NonNullable<NonNullable<ListChargesOutput>["data"]>[number];');
    expect(types).not.toContain("GetRepoPageItem");
    gen = await import(join(out, "index.ts"));
    // A bound client's functions page with its options (the module's own point nowhere yet).
    const bound = gen.createClient({ baseUrl: base, headers: { "x-bound": "yes" } });
    const boundRepos: string[] = [];
    boundHeaders.length = 0;
    for await (const repo of gen.paginate(bound.listRepos, { per_page: 2 }, { headers: { "x-page": "1" } })) boundRepos.push(repo.name);
    expect(boundRepos).toEqual(["r1", "r2", "r3", "r4", "r5"]);
    expect(boundHeaders).toEqual(["yes", "yes", "yes"]);
    gen.configure({ baseUrl: base });
    const repos: string[] = [];
    for await (const repo of gen.paginate(gen.listRepos, { per_page: 2 })) repos.push(repo.name);
    expect(repos).toEqual(["r1", "r2", "r3", "r4", "r5"]);
    const charges: string[] = [];
    for await (const charge of gen.paginate(gen.listCharges, { limit: 2 })) charges.push(charge.id);
    expect(charges).toEqual(["ch_1", "ch_2", "ch_3"]);
    const first: string[] = [];
    for await (const repo of gen.paginate(gen.listRepos, { per_page: 2 }, { maxPages: 1 })) first.push(repo.name);
    expect(first).toEqual(["r1", "r2"]);
    expect(() => gen.paginate(gen.getRepo, { id: 1 })).toThrow(TypeError);
  });

  test("--emit js: the same app compiles against operations.d.ts", async () => {
    const { dir, out } = await generateFrom("pagination-js", description, ["--emit", "js"]);
    expect(await typecheckWith(dir, app)).toBe("");
    expect(readFileSync(join(out, "operations.js"), "utf8")).toContain("listRepos.paged = { client, spec: spec_listRepos };");
  });
});

test("the config's pagination reaches generation (generate's option) and the lock", async () => {
  const { spec, dir } = await generateFrom("pagination-override", description);
  const out = join(dir, "overridden");
  const warnings: string[] = [];
  const result = await generate(spec, { out, pagination: { listRepos: false, getRepo: { kind: "link" } }, onWarning: (w) => void warnings.push(w) });
  expect(result.model.operations.map((op) => [op.functionName, op.pagination?.kind])).toEqual([
    ["listRepos", undefined],
    ["listCharges", "after"],
    ["getRepo", "link"],
  ]);
  expect(warnings.filter((w) => w.includes("pagination"))).toEqual([]);
  const types = readFileSync(join(out, "operation-types.d.ts"), "utf8");
  expect(types).not.toContain("ListReposPageItem");
  expect(JSON.parse(readFileSync(join(out, "toolgen.lock.json"), "utf8")).options.pagination).toEqual({ listRepos: false, getRepo: { kind: "link" } });
});
