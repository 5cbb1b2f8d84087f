/**
 * A large API with `--emit ts`: the operations' specs are one JSON text, the
 * Input/Output types are in `operation-types.d.ts` and the schema types in `schema.d.ts`, so an
 * app's `tsc` need not check them. The output still compiles under tsc --strict (declaration files
 * included: the helper turns `skipLibCheck` off), an app is still checked against the types, and
 * the output compiled by tsc into JavaScript (where no `.d.ts` is copied) calls the right
 * addresses, directly and through `createClient` and the toolkit.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { SPEC_TABLE_LIMIT } from "../../src/emit/operations-file.js";
import { freshOutputDir, REPO_ROOT } from "../support/output-dir.js";
import { typecheckWith } from "../support/generated-module.js";
import { STRICT_COMPILER_OPTIONS } from "../support/typecheck.js";

const quiet = { stdout: () => {}, stderr: () => {}, exitCode: () => {} };
const OPERATIONS = 400;

let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ method: req.method, url: req.url, body })));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Operations with many long-named query parameters: well over SPEC_TABLE_LIMIT of specs. */
function description(serverUrl: string) {
  const paths: Record<string, unknown> = {};
  const answer = { type: "object", properties: { method: { type: "string" }, url: { type: "string" }, body: { type: "string" } } };
  for (let i = 0; i < OPERATIONS; i++) {
    paths[`/things/{thingId}/part${i}`] = {
      get: {
        operationId: `getPart${i}`,
        parameters: [
          { name: "thingId", in: "path", required: true, schema: { type: "integer" } },
          ...Array.from({ length: 10 }, (_, j) => ({ name: `filter_number_${j}_of_the_part`, in: "query", schema: { type: "string" } })),
        ],
        responses: { "200": { description: "ok", content: { "application/json": { schema: answer } } } },
      },
      post: {
        operationId: `makePart${i}`,
        requestBody: { required: true, content: { "application/json": { schema: { type: "object", required: ["name"], properties: { name: { type: "string" } } } } } },
        responses: { "200": { description: "ok", content: { "application/json": { schema: answer } } } },
      },
    };
  }
  return { openapi: "3.0.3", info: { title: "Parts", version: "1" }, servers: [{ url: serverUrl }], paths };
}

test("a large API: specs in one JSON text, types in declaration files; compiles, checks an app and calls over HTTP", async () => {
  const dir = freshOutputDir("large-operations");
  const spec = join(dir, "openapi.json");
  writeFileSync(spec, JSON.stringify(description(url)));
  const out = join(dir, "gen");
  expect(await main([spec, "--out", out, "--no-format"], quiet)).toBe(0);

  const operations = readFileSync(join(out, "operations.ts"), "utf8");
  const table = /^const operationSpecs: \{ readonly \[functionName: string\]: OperationSpec \} = JSON\.parse\('(.*)'\);$/m.exec(operations);
  expect(table).not.toBeNull();
  expect(table![1]!.length).toBeGreaterThan(SPEC_TABLE_LIMIT);
  // Booleans, not toMatch: a failure would print the 1 MB file.
  expect(/^const spec_/m.test(operations)).toBe(false);
  expect(operations.includes('return callOperation(client, operationSpecs["getPart7"]!, input, options);')).toBe(true);
  expect(/^(export )?type \w+ =/m.test(operations)).toBe(false);
  expect(/^export type GetPart7Input = \{$/m.test(readFileSync(join(out, "operation-types.d.ts"), "utf8"))).toBe(true);
  expect(existsSync(join(out, "schema.d.ts"))).toBe(true);
  expect(existsSync(join(out, "schema.ts"))).toBe(false);
  // The toolkit is large too: createClient binds the functions without a \`functions\` literal.
  expect(readFileSync(join(out, "toolkit.ts"), "utf8").includes("return bindCallOptions(operations, ")).toBe(true);

  const app = `import { createClient, getPart7, makePart3, toolkit, type GetPart7Output } from "./index.js";
const got: GetPart7Output = await getPart7({ thingId: 1, filter_number_2_of_the_part: "a b" });
const made = await makePart3({ name: "x" });
const bound = await createClient({ headers: { "x-test": "1" } }).getPart9({ thingId: 2 });
const viaTool = await toolkit.call("getPart5", { thingId: 3 });
// @ts-expect-error thingId is a number
await getPart7({ thingId: "1" });
// @ts-expect-error name is required
await makePart3({});
export const results = [got.url, made.body, bound.url, viaTool];
`;
  expect(await typecheckWith(out, app, "app.ts")).toBe("");

  // As a user's build would: tsc writes the JavaScript (no .d.ts is copied, none is needed).
  const js = join(dir, "js");
  writeFileSync(
    join(out, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { ...STRICT_COMPILER_OPTIONS, noEmit: false, rootDir: out, outDir: js }, include: ["**/*.ts"] }),
  );
  await promisify(execFile)(process.execPath, [join(REPO_ROOT, "node_modules/typescript/bin/tsc"), "-p", join(out, "tsconfig.json")], { maxBuffer: 64 * 1024 * 1024 });
  const results: unknown[] = (await import(pathToFileURL(join(js, "app.js")).href)).results;
  // Every call carries the description's version (info.version "1") as ?version=.
  expect(results[0]).toBe("/things/1/part7?filter_number_2_of_the_part=a%20b&version=1");
  expect(JSON.parse(results[1] as string)).toEqual({ name: "x" });
  expect(results[2]).toBe("/things/2/part9?version=1");
  expect(results[3]).toEqual({ method: "GET", url: "/things/3/part5?version=1", body: "" });
}, 240_000);
