/**
 * Authentication as descriptions declare it: typed credentials per security scheme,
 * applied per operation, refreshed per call, never leaked. A description with every scheme kind
 * is generated (TypeScript, type-checked with an app that must fail where it misuses them, and
 * JavaScript, imported and called) against loopback servers that record what they receive.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { dump } from "js-yaml";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { loadToolkit } from "../../src/load-toolkit/load-toolkit.js";
import { ToolCallError } from "../../src/runtime/tool-call-error.js";
import { freshOutputDir } from "../support/output-dir.js";
import { typecheck } from "../support/typecheck.js";

interface Received {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly headers: Record<string, string>;
}

interface Recorder {
  readonly url: string;
  readonly received: Received[];
  close(): Promise<void>;
}

/** Answers every request with what it received; `/redirect-*` and `/guarded` behave as named. */
async function startRecorder(redirectTo?: () => string): Promise<Recorder> {
  const received: Received[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://x");
    const record: Received = { method: req.method ?? "", path: url.pathname, query: url.search.slice(1), headers: req.headers as Record<string, string> };
    received.push(record);
    if (url.pathname === "/redirect-cross" && redirectTo) {
      res.writeHead(307, { location: `${redirectTo()}/landing${url.search}` }).end();
      return;
    }
    if (url.pathname === "/redirect-same") {
      res.writeHead(307, { location: `/landing${url.search}` }).end();
      return;
    }
    if (url.pathname === "/guarded" && !req.headers.authorization) {
      res.writeHead(401, { "content-type": "application/json", "www-authenticate": "Bearer" }).end(JSON.stringify({ error: "no token" }));
      return;
    }
    if (url.pathname === "/echo-secret") {
      // A server that echoes the credential back in its error.
      res.writeHead(400, { "content-type": "text/plain" }).end(`bad key ${req.headers["x-api-key"]} and ${url.searchParams.get("api_key")}`);
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(record));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const echo = { "200": { description: "what arrived", content: { "application/json": { schema: { $ref: "#/components/schemas/Received" } } } } };
const get = (operationId: string, security?: unknown[], extra: Record<string, unknown> = {}) => ({
  get: { operationId, ...(security !== undefined ? { security } : {}), responses: echo, ...extra },
});

function description(serverUrl: string) {
  return {
    openapi: "3.0.3",
    info: { title: "Secured", version: "1" },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    paths: {
      "/default": get("byDefault"),
      "/header": get("withHeaderKey", [{ headerKey: [] }]),
      "/query": get("withQueryKey", [{ queryKey: [] }], {
        parameters: [
          { name: "api_key", in: "query", required: true, schema: { type: "string" }, description: "the key (also declared as a scheme)" },
          { name: "q", in: "query", schema: { type: "string" } },
        ],
      }),
      "/cookie": get("withCookieKey", [{ cookieKey: [] }], { parameters: [{ name: "pref", in: "cookie", schema: { type: "string" } }] }),
      "/basic": get("withBasic", [{ basic: [] }]),
      "/custom": get("withCustomHttp", [{ "token auth": [] }]),
      "/oauth": get("withOauth", [{ petstore_auth: ["read:pets"] }]),
      "/oidc": get("withOidc", [{ oidc: [] }]),
      "/and": get("withBoth", [{ headerKey: [], queryKey: [] }]),
      "/or": get("withEither", [{ basic: [] }, { headerKey: [] }]),
      "/none": get("withNone", []),
      "/optional": get("withOptional", [{}, { headerKey: [] }]),
      "/mtls": get("withMutualTls", [{ mtls: [] }]),
      "/guarded": get("guarded", [{ bearer: [] }, { headerKey: [], cookieKey: [] }]),
      "/redirect-cross": get("redirectCross", [{ headerKey: [], queryKey: [], cookieKey: [] }]),
      "/redirect-same": get("redirectSame", [{ headerKey: [], queryKey: [] }]),
      "/echo-secret": get("echoSecret", [{ headerKey: [], queryKey: [] }]),
    },
    components: {
      schemas: {
        Received: {
          type: "object",
          required: ["method", "path", "query", "headers"],
          properties: {
            method: { type: "string" },
            path: { type: "string" },
            query: { type: "string" },
            headers: { type: "object", additionalProperties: { type: "string" } },
          },
        },
      },
      securitySchemes: {
        headerKey: { type: "apiKey", in: "header", name: "X-Api-Key" },
        queryKey: { type: "apiKey", in: "query", name: "api_key" },
        cookieKey: { type: "apiKey", in: "cookie", name: "session_id" },
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        basic: { type: "http", scheme: "basic" },
        "token auth": { type: "http", scheme: "Token" },
        petstore_auth: { type: "oauth2", flows: { implicit: { authorizationUrl: "https://auth.example/authorize", scopes: { "read:pets": "read" } } } },
        oidc: { type: "openIdConnect", openIdConnectUrl: "https://auth.example/.well-known/openid-configuration" },
        mtls: { type: "mutualTLS" },
      },
    },
  };
}

const output: string[] = [];
const io = { stdout: (l: string) => output.push(l), stderr: (l: string) => output.push(l), exitCode: () => {} };

let server: Recorder;
let other: Recorder;
let specFile: string;
let gen: any;

beforeAll(async () => {
  other = await startRecorder();
  server = await startRecorder(() => other.url);
  const dir = freshOutputDir("auth-spec");
  specFile = join(dir, "secured.yaml");
  writeFileSync(specFile, dump(description(server.url)));
  const out = freshOutputDir("auth-js");
  expect(await main([specFile, "--out", out, "--emit", "js"], io)).toBe(0);
  gen = await import(pathToFileURL(join(out, "index.js")).href);
});
afterAll(async () => {
  await server.close();
  await other.close();
});

/** Clears the configured credentials between tests (configure merges). */
function reset() {
  gen.client.auth = {};
}

describe("generation", () => {
  test("mutualTLS is not supported: a warning, and the operation needing it is sent without credentials", () => {
    expect(output.join("\n")).toMatch(/security scheme "mtls" .*mutualTLS/);
  });

  test("typed credentials: a wrong scheme name or value shape fails tsc", async () => {
    const out = freshOutputDir("auth-ts");
    expect(await main([specFile, "--out", out], { stdout: () => {}, stderr: () => {}, exitCode: () => {} })).toBe(0);
    writeFileSync(
      join(out, "app.ts"),
      `import { configure, withBasic, withHeaderKey, toolkit, createClient, type Credentials } from "./index.js";
configure({ auth: { bearer: "t", headerKey: () => "k", basic: { username: "u", password: "p" }, "token auth": async () => "x" } });
configure({ auth: { petstore_auth: "oauth-token", oidc: "id-token", queryKey: "q", cookieKey: "c" } });
await withBasic({ auth: { basic: async () => ({ username: "u", password: "p" }) } });
await withHeaderKey({ auth: { headerKey: "per-call" } });
await toolkit.call("withHeaderKey", {}, { auth: { headerKey: "k" } });
createClient({ auth: { bearer: "b" } });
const all: Credentials = { headerKey: "k" };
// @ts-expect-error no scheme is called "apikey"
configure({ auth: { apikey: "x" } });
// @ts-expect-error basic takes a user name and a password, not a string
configure({ auth: { basic: "user:pass" } });
// @ts-expect-error a bearer token is a string
configure({ auth: { bearer: { username: "u", password: "p" } } });
// @ts-expect-error a refresh function must give a string
await withHeaderKey({ auth: { headerKey: () => 42 } });
// @ts-expect-error mutualTLS is not supported, so it is no credential
configure({ auth: { mtls: "cert" } });
// @ts-expect-error toolkit.call checks auth too
await toolkit.call("withHeaderKey", {}, { auth: { nope: "k" } });
export { all };
`,
    );
    expect(await typecheck(out)).toBe("");
  });

  test("a credential parameter is no model input, and the call needs no value for it", () => {
    const tool = gen.toolkit.tool("withQueryKey");
    expect(Object.keys(tool.parameters.properties)).toEqual(["q"]);
    expect(JSON.stringify(gen.toolkit.tools)).not.toMatch(/api_key|X-Api-Key|session_id/);
  });
});

describe("each scheme kind, where the description says", () => {
  test("apiKey in header, query and cookie (beside a cookie parameter)", async () => {
    reset();
    gen.configure({ auth: { headerKey: "hk-123456", queryKey: "qk-123456", cookieKey: "ck-123456" } });
    const h = await gen.withHeaderKey();
    expect(h.headers["x-api-key"]).toBe("hk-123456");
    expect(h.headers.authorization).toBeUndefined();
    const q = await gen.withQueryKey({ q: "x" });
    expect(new URLSearchParams(q.query).getAll("api_key")).toEqual(["qk-123456"]);
    expect(new URLSearchParams(q.query).get("q")).toBe("x");
    expect(q.headers["x-api-key"]).toBeUndefined();
    const c = await gen.withCookieKey({ pref: "dark" });
    expect(c.headers.cookie).toBe("pref=dark; session_id=ck-123456");
  });

  test("a query credential replaces a same-named parameter the input carried: the server sees one value", async () => {
    reset();
    gen.configure({ auth: { queryKey: "from-auth" } });
    const q = await gen.withQueryKey({ api_key: "from-input", q: "x" });
    expect(new URLSearchParams(q.query).getAll("api_key")).toEqual(["from-auth"]);
    expect(new URLSearchParams(q.query).get("q")).toBe("x");
    expect(new URLSearchParams(q.query).get("version")).not.toBeNull();
    // Without the credential configured the parameter the input carries is what goes.
    reset();
    const plain = await gen.withQueryKey({ api_key: "from-input", q: "y" });
    expect(new URLSearchParams(plain.query).getAll("api_key")).toEqual(["from-input"]);
  });

  test("http bearer, basic and another http scheme; oauth2 and openIdConnect as Bearer", async () => {
    reset();
    gen.configure({
      auth: { bearer: "jwt-token", basic: { username: "ann", password: "pä:ss" }, "token auth": "tk", petstore_auth: "oauth-tok", oidc: "oidc-tok" },
    });
    expect((await gen.byDefault()).headers.authorization).toBe("Bearer jwt-token");
    expect((await gen.withBasic()).headers.authorization).toBe(`Basic ${Buffer.from("ann:pä:ss", "utf8").toString("base64")}`);
    expect((await gen.withCustomHttp()).headers.authorization).toBe("Token tk");
    expect((await gen.withOauth()).headers.authorization).toBe("Bearer oauth-tok");
    expect((await gen.withOidc()).headers.authorization).toBe("Bearer oidc-tok");
  });
});

describe("per operation", () => {
  test("an AND set applies all its schemes; OR takes the first alternative with every credential", async () => {
    reset();
    gen.configure({ auth: { headerKey: "hk-1", queryKey: "qk-1" } });
    const both = await gen.withBoth();
    expect(both.headers["x-api-key"]).toBe("hk-1");
    expect(new URLSearchParams(both.query).get("api_key")).toBe("qk-1");
    // basic is first but not configured: the header key is used.
    const either = await gen.withEither();
    expect(either.headers["x-api-key"]).toBe("hk-1");
    expect(either.headers.authorization).toBeUndefined();
    gen.configure({ auth: { basic: { username: "u", password: "p" } } });
    const first = await gen.withEither();
    expect(first.headers.authorization).toMatch(/^Basic /);
    expect(first.headers["x-api-key"]).toBeUndefined();
  });

  test("an AND set missing one credential is not applied in part", async () => {
    reset();
    gen.configure({ auth: { headerKey: "hk-1" } });
    const both = await gen.withBoth();
    expect(both.headers["x-api-key"]).toBeUndefined();
    expect(new URLSearchParams(both.query).get("api_key")).toBeNull();
  });

  test("security: [] sends none; {} makes credentials optional; an unsupported scheme's operation sends none", async () => {
    reset();
    gen.configure({ auth: { bearer: "b-token", headerKey: "hk-1" } });
    const none = await gen.withNone();
    expect(none.headers.authorization).toBeUndefined();
    expect(none.headers["x-api-key"]).toBeUndefined();
    expect((await gen.withOptional()).headers["x-api-key"]).toBe("hk-1");
    reset();
    expect((await gen.withOptional()).headers["x-api-key"]).toBeUndefined();
    gen.configure({ auth: { bearer: "b-token" } });
    expect((await gen.withMutualTls()).headers.authorization).toBeUndefined();
  });

  test("per-call credentials are merged over the configured ones", async () => {
    reset();
    gen.configure({ auth: { headerKey: "configured", queryKey: "qk-1" } });
    const call = await gen.withBoth({ auth: { headerKey: "per-call" } });
    expect(call.headers["x-api-key"]).toBe("per-call");
    expect(new URLSearchParams(call.query).get("api_key")).toBe("qk-1");
    expect((await gen.withHeaderKey()).headers["x-api-key"]).toBe("configured");
  });

  test("a refresh function is called once per call, awaited, and only when its scheme is used", async () => {
    reset();
    let calls = 0;
    gen.configure({
      auth: {
        bearer: async () => {
          calls++;
          await new Promise((resolve) => setTimeout(resolve, 5));
          return `fresh-${calls}`;
        },
      },
    });
    expect((await gen.byDefault()).headers.authorization).toBe("Bearer fresh-1");
    expect((await gen.byDefault()).headers.authorization).toBe("Bearer fresh-2");
    await gen.withNone();
    expect(calls).toBe(2);
  });

  test("a rejected refresh fails the call with code AUTH and sends nothing", async () => {
    reset();
    gen.configure({ auth: { bearer: () => Promise.reject(new Error("refresh token expired")) } });
    const before = server.received.length;
    const error = await gen.byDefault().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ToolCallError");
    expect(error.code).toBe("AUTH");
    expect(error.message).toContain('security scheme "bearer" failed: refresh token expired');
    expect(server.received.length).toBe(before);
  });

  test("a 401 of a secured operation called without credentials names the schemes and configure({ auth })", async () => {
    reset();
    const error = await gen.guarded().catch((e: unknown) => e);
    expect(error.code).toBe("HTTP_STATUS");
    expect(error.status).toBe(401);
    expect(error.message).toContain('the operation accepts the security schemes "bearer", or "headerKey" and "cookieKey"');
    expect(error.message).toContain("configure({ auth: { bearer: … } })");
  });
});

describe("never leaked", () => {
  test("a cross-origin redirect arrives without any credential: header, query, cookie", async () => {
    reset();
    gen.configure({ auth: { headerKey: "hk-secret", queryKey: "qk-secret", cookieKey: "ck-secret" }, headers: { "X-Custom-Secret": "custom" } });
    const landed = await gen.redirectCross();
    expect(landed.path).toBe("/landing");
    expect(other.received.at(-1)!.path).toBe("/landing");
    const text = JSON.stringify(landed);
    expect(text).not.toMatch(/hk-secret|qk-secret|ck-secret|custom/);
    expect(new URLSearchParams(landed.query).get("version")).toBe("1");
    gen.client.headers = {};
  });

  test("a same-origin redirect keeps them", async () => {
    reset();
    gen.configure({ auth: { headerKey: "hk-secret", queryKey: "qk-secret" } });
    const landed = await gen.redirectSame();
    expect(landed.path).toBe("/landing");
    expect(landed.headers["x-api-key"]).toBe("hk-secret");
    expect(new URLSearchParams(landed.query).get("api_key")).toBe("qk-secret");
  });

  test("errors never show a credential: not in the URL, not where the server echoes it", async () => {
    reset();
    gen.configure({ auth: { headerKey: "hk-echoed-1", queryKey: "qk-echoed-1" } });
    const error = (await gen.echoSecret().catch((e: unknown) => e)) as ToolCallError;
    expect(error.status).toBe(400);
    expect(error.url).not.toContain("qk-echoed-1");
    expect(`${error.message} ${JSON.stringify(error.body)}`).not.toMatch(/hk-echoed-1|qk-echoed-1/);
    expect(error.message).toContain("[redacted]");
  });
});

describe("everywhere calls are made", () => {
  test("toolkit.call and createClient carry auth", async () => {
    reset();
    const viaToolkit = await gen.toolkit.call("withHeaderKey", {}, { auth: { headerKey: "from-call" } });
    expect(viaToolkit.headers["x-api-key"]).toBe("from-call");
    const client = gen.createClient({ auth: { headerKey: "bound" } });
    expect((await client.withHeaderKey()).headers["x-api-key"]).toBe("bound");
    expect((await client.withHeaderKey({ auth: { headerKey: "override" } })).headers["x-api-key"]).toBe("override");
  });

  test("loadToolkit applies the description's schemes at run time", async () => {
    const toolkit = await loadToolkit(specFile, { callOptions: { auth: { queryKey: "loaded-qk", bearer: () => "loaded-b" } } });
    const q = (await toolkit.call("withQueryKey", { q: "1" })) as Received;
    expect(new URLSearchParams(q.query).get("api_key")).toBe("loaded-qk");
    const b = (await toolkit.call("byDefault", {})) as Received;
    expect(b.headers.authorization).toBe("Bearer loaded-b");
    expect(Object.keys(toolkit.tool("withQueryKey")!.parameters.properties)).toEqual(["q"]);
  });
});

describe("toolgen mcp", () => {
  const LAUNCHER = join(import.meta.dirname, "../mcp/fixtures/mcp-cli.mjs");

  test("--auth <scheme>=<value> and TOOLGEN_AUTH_<SCHEME> reach the tool server; models never see a credential", async () => {
    const client = new Client({ name: "toolgen-test", version: "1.0.0" });
    const env = { ...(process.env as Record<string, string>), TOOLGEN_AUTH_BEARER: "env-bearer", TOOLGEN_AUTH_TOKEN_AUTH: "env-token" };
    const transport = new StdioClientTransport({ command: process.execPath, args: [LAUNCHER, "mcp", specFile, "--auth", "headerKey=flag-key", "--auth", "basic=ann:pw"], env, stderr: "pipe" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(JSON.stringify(tools)).not.toMatch(/env-bearer|flag-key|api_key"/);
      const header = await client.callTool({ name: "Secured__1__withHeaderKey", arguments: {} });
      expect((header.structuredContent as Received).headers["x-api-key"]).toBe("flag-key");
      const bearer = await client.callTool({ name: "Secured__1__byDefault", arguments: {} });
      expect((bearer.structuredContent as Received).headers.authorization).toBe("Bearer env-bearer");
      const custom = await client.callTool({ name: "Secured__1__withCustomHttp", arguments: {} });
      expect((custom.structuredContent as Received).headers.authorization).toBe("Token env-token");
      const basic = await client.callTool({ name: "Secured__1__withBasic", arguments: {} });
      expect((basic.structuredContent as Received).headers.authorization).toBe(`Basic ${Buffer.from("ann:pw").toString("base64")}`);
    } finally {
      await client.close();
    }
  });

  test("--auth naming a scheme the description lacks: exit 2, and the value is not repeated", async () => {
    const lines: string[] = [];
    const code = await main(["mcp", specFile, "--auth", "nope=s3cr3t-value"], { stdout: (l) => lines.push(l), stderr: (l) => lines.push(l), exitCode: () => {} });
    expect(code).toBe(2);
    const text = lines.join("\n");
    expect(text).toContain('--auth names the security scheme "nope", which the description does not declare');
    expect(text).not.toContain("s3cr3t-value");
  });
});

describe("a toolgen client of a toolgen server", () => {
  test("the tool manager's bearer scheme is typed and sent with nothing written by hand", async () => {
    const { serveTools } = await import("../../src/server/index.js");
    const { wordListTools } = await import("../../src/server/samples/word-list.js");
    const tools = await serveTools(wordListTools().tools, { namespace: "WordBook", version: "v1", auth: { scheme: "bearer", token: "manager-token-1" } });
    try {
      const out = freshOutputDir("auth-manager");
      expect(await main([tools.url, "--out", out, "--emit", "js"], { stdout: () => {}, stderr: () => {}, exitCode: () => {} })).toBe(0);
      const client = await import(pathToFileURL(join(out, "index.js")).href);
      expect(client.client.securitySchemes).toEqual({ bearerAuth: { type: "http", scheme: "bearer" } });
      const refused = await client.addWord({ word: "lucid" }).catch((e: unknown) => e);
      expect(refused.status).toBe(401);
      expect(refused.message).toContain('the operation accepts the security scheme "bearerAuth"; supply them with configure({ auth: { bearerAuth: … } })');
      client.configure({ auth: { bearerAuth: "manager-token-1" } });
      expect(await client.addWord({ word: "lucid" })).toMatchObject({ message: expect.stringContaining("lucid") });
    } finally {
      await tools.close();
    }
  });
});
