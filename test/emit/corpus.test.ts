/**
 * Every real description in the corpus generates, and the output compiles under tsc --strict
 * (with noUncheckedIndexedAccess and exactOptionalPropertyTypes on). Swagger 2.0 is converted on
 * load (test/load/swagger2-*.test.ts covers the 20 descriptions of corpus/swagger2).
 */
import { createReadStream, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join, normalize } from "node:path";
import { describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { CORPUS, freshOutputDir } from "../support/output-dir.js";
import { typecheck } from "../support/typecheck.js";

const SPECS = join(CORPUS, "specs");
const cases: [string, string][] = [
  ["petstore", "petstore-3.0.yaml"],
  ["ots-simple-3.1", "ots-simple-example-3.1.yaml"],
  ["heyapi-full-3.0", "heyapi-full-3.0/full.yaml"],
  ["opencode", "opencode.yaml"],
  ["clerk", "clerk-2025-11-10.yaml"],
  ["odata", "odata-sdk-method-class-conflict.yaml"],
  ["openai", "openai.yaml"],
  ["digital-ocean", "digital-ocean-api/DigitalOcean-public.v2.yaml"],
  ["stripe", "stripe-spec3-2023-09-12.yaml"],
  ["github", "github-api.json"],
];

/**
 * Each description's security schemes as typed credentials: an app that configures
 * them compiles with the output, and one that names no scheme or gives basic a string does not.
 */
const AUTH_APPS: Record<string, string> = {
  petstore: `configure({ auth: { api_key: "k", petstore_auth: async () => "t" } });
// @ts-expect-error the scheme is api_key
configure({ auth: { apiKey: "k" } });`,
  clerk: `configure({ auth: { bearerAuth: "sk_test_x" } });
// @ts-expect-error a bearer token is a string
configure({ auth: { bearerAuth: { username: "u", password: "p" } } });`,
  openai: `configure({ auth: { ApiKeyAuth: () => "sk-x" } });
// @ts-expect-error OpenAI declares ApiKeyAuth only
configure({ auth: { bearerAuth: "x" } });`,
  "digital-ocean": `configure({ auth: { bearer_auth: "dop_v1_x" } });
// @ts-expect-error scheme names are kept as written
configure({ auth: { bearerAuth: "x" } });`,
  stripe: `configure({ auth: { basicAuth: { username: "sk_test_x", password: "" }, bearerAuth: "sk_test_x" } });
// @ts-expect-error basic takes a user name and a password
configure({ auth: { basicAuth: "sk_test_x:" } });`,
};

function capture() {
  const lines: string[] = [];
  return { lines, io: { stdout: (l: string) => lines.push(l), stderr: (l: string) => lines.push(l), exitCode: () => {} } };
}

test("every description in the corpus folder is in the list (a new one is not silently skipped)", () => {
  const listed = new Set([...cases.map(([, file]) => file.split("/")[0]), "heyapi-full-swagger-2.0"]);
  expect(readdirSync(SPECS).filter((entry) => !listed.has(entry))).toEqual([]);
});

describe("corpus: generate and compile", () => {
  test.each(cases)("%s", async (name, file) => {
    const out = freshOutputDir(`corpus/${name}`);
    const { lines, io } = capture();
    const code = await main([join(SPECS, file), "--out", out, "--no-format", "-q"], io);
    expect(lines.filter((l) => !l.includes("warning:")).join("\n")).toBe("");
    expect(code).toBe(0);
    const app = AUTH_APPS[name];
    if (app !== undefined) writeFileSync(join(out, "auth-app.ts"), `import { configure } from "./index.js";\n${app}\n`);
    // No security-declared parameter is a model input (petstore's deletePet has an api_key header).
    if (name === "petstore") expect(readFileSync(join(out, "toolkit.ts"), "utf8")).not.toMatch(/\bapi_key\b/);
    expect(await typecheck(out)).toBe("");
  });

  test("DigitalOcean served over HTTP from 127.0.0.1 generates the same code as from disk", async () => {
    const root = join(SPECS, "digital-ocean-api");
    const server = createServer((req, res) => {
      const rel = decodeURIComponent((req.url ?? "").split("?")[0]!).replace(/^\/\.well-known\//, "");
      const file = normalize(join(root, rel === "openapi.yaml" ? "DigitalOcean-public.v2.yaml" : rel));
      if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
      createReadStream(file).pipe(res.writeHead(200));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const out = freshOutputDir("corpus/digital-ocean-http");
      const httpRun = capture();
      expect(await main([url, "--out", out, "--no-format", "-q", "--token", "t"], httpRun.io), httpRun.lines.join("\n")).toBe(0);
      const fromDisk = join(freshOutputDir("corpus/digital-ocean-disk"));
      expect(await main([join(root, "DigitalOcean-public.v2.yaml"), "--out", fromDisk, "--no-format", "-q"], capture().io)).toBe(0);
      for (const file of ["schema.d.ts", "operation-types.d.ts", "operations.ts", "toolkit.ts"]) {
        expect(readFileSync(join(out, file), "utf8") === readFileSync(join(fromDisk, file), "utf8"), file).toBe(true);
      }
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  test("the GitHub description as .js + .d.ts also compiles", async () => {
    const out = freshOutputDir("corpus/github-js");
    expect(await main([join(SPECS, "github-api.json"), "--out", out, "--emit", "js", "-q"], capture().io)).toBe(0);
    expect(await typecheck(out)).toBe("");
  });

  test("Swagger 2.0 (hey-api's full.yaml) is converted on load: it generates, says so in one warning, and compiles", async () => {
    const out = join(freshOutputDir("corpus/swagger"), "gen");
    const { lines, io } = capture();
    expect(await main([join(SPECS, "heyapi-full-swagger-2.0/full.yaml"), "--out", out, "--no-format"], io)).toBe(0);
    expect(lines.filter((l) => l.includes("warning:") && /converted from Swagger 2\.0 to OpenAPI 3\.0/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith("toolgen:") && !l.includes("warning:"))).toEqual([]);
    expect(existsSync(join(out, "operations.ts"))).toBe(true);
    expect(await typecheck(out)).toBe("");
  });
});
