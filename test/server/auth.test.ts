/**
 * The tool manager's `auth` option (src/server/auth.ts) over real HTTP on 127.0.0.1: the scheme published
 * in the description, 401 with a `WWW-Authenticate` challenge for a missing or wrong credential,
 * 200 for a right one, the description and examples public, a bearer token and an API key in a
 * header, the query and a cookie, and no credential in any answer or log line.
 */
import { spawnSync } from "node:child_process";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildDescription, descriptionYaml, serveTools, type ToolServerAuth } from "../../src/server/index.js";
import { wordListTools } from "../../src/server/samples/word-list.js";
import { lintDescription, rawRequest } from "./helpers.js";

type Json = Record<string, any>;

const TOKEN = "s3cret-token-alpha";
const ROTATED = "s3cret-token-beta";
const KEY = "k3y-value-0123";
const SECRETS = [TOKEN, ROTATED, KEY, "wrong-token-xyz", "wrong-key-xyz"];

const tools = () => wordListTools().tools;
const description = (auth?: ToolServerAuth) =>
  buildDescription(tools(), { namespace: "WordBook", version: "v1", serverUrl: "http://127.0.0.1:5000", ...(auth ? { auth } : {}) }) as Json;

/** A server with `auth`, its log, and a call to AddWord with extra headers and query. */
async function secured(auth: ToolServerAuth) {
  const logged: string[] = [];
  const server = await serveTools(tools(), {
    namespace: "WordBook",
    version: "v1",
    auth,
    logger: (message, error) => logged.push(`${message} ${error instanceof Error ? `${error.message} ${error.stack}` : String(error ?? "")}`),
  });
  const call = (headers: Record<string, string> = {}, query = "", version = "v1") =>
    rawRequest(`${server.url}/WordBook/v1/AddWord?version=${version}${query}`, {
      headers: { "content-type": "application/json", ...headers },
      chunks: [JSON.stringify({ word: "lucid" })],
    });
  return { server, logged, call };
}

/** An answer that names no secret, in its headers or its body. */
function expectNoSecret(answer: { headers: object; body: string }): void {
  const text = JSON.stringify(answer.headers) + answer.body;
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

describe("the published description", () => {
  test("bearer: components.securitySchemes, a document-level security requirement and a 401 answer on every tool", () => {
    const doc = description({ scheme: "bearer", token: TOKEN, bearerFormat: "opaque" });
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "opaque", description: "Send the token as `Authorization: Bearer <token>` on every tool call." },
    });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    for (const item of Object.values(doc.paths as Json)) {
      expect(Object.keys(item.post.responses)).toEqual(["200", "400", "401", "500"]); // 200 still first, for the reference client
      expect(item.post.responses["401"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/ErrorResponse" });
      expect(item.post.security).toBeUndefined(); // the document-level requirement applies
    }
    expect(JSON.stringify(doc)).not.toContain(TOKEN);
  });

  test("apiKey in a header, the query, a cookie; the scheme name can be chosen", () => {
    expect(description({ scheme: "apiKey", in: "header", name: "X-Api-Key", key: KEY }).components.securitySchemes).toEqual({
      apiKeyAuth: { type: "apiKey", in: "header", name: "X-Api-Key", description: "Send the API key in the header `X-Api-Key` on every tool call." },
    });
    const query = description({ scheme: "apiKey", in: "query", name: "api_key", key: KEY, schemeName: "wordbook_key", description: "Ask the admin." });
    expect(query.components.securitySchemes).toEqual({ wordbook_key: { type: "apiKey", in: "query", name: "api_key", description: "Ask the admin." } });
    expect(query.security).toEqual([{ wordbook_key: [] }]);
    expect(description({ scheme: "apiKey", in: "cookie", name: "session", key: KEY }).components.securitySchemes.apiKeyAuth).toMatchObject({ type: "apiKey", in: "cookie", name: "session" });
  });

  test("without auth nothing changes: security: [], no securitySchemes, no 401", () => {
    const doc = description();
    expect(doc.security).toEqual([]);
    expect(doc.components.securitySchemes).toBeUndefined();
    expect(Object.keys(doc.paths["/WordBook/v1/AddWord"].post.responses)).toEqual(["200", "400", "500"]);
  });

  test("what the reference Python client reads (info, servers, paths' bodies, components.schemas) is the same with and without auth", () => {
    const plain = description();
    const withAuth = description({ scheme: "bearer", token: TOKEN });
    expect(withAuth.info).toEqual(plain.info);
    expect(withAuth.servers).toEqual(plain.servers);
    expect(withAuth.components.schemas).toEqual(plain.components.schemas);
    for (const [path, item] of Object.entries(plain.paths as Json)) {
      const secured = withAuth.paths[path].post;
      expect({ ...secured, responses: { ...secured.responses, "401": undefined } }).toEqual({ ...item.post, responses: { ...item.post.responses, "401": undefined } });
    }
  });

  test.each([
    ["bearer", { scheme: "bearer", token: TOKEN }],
    ["apiKey in a cookie", { scheme: "apiKey", in: "cookie", name: "api_key", key: KEY }],
  ] as const)("valid OpenAPI 3.0 with %s (Redocly recommended-strict and minimal, security-defined included)", async (_name, auth) => {
    const text = descriptionYaml(tools(), { namespace: "WordBook", version: "v1", serverUrl: "http://127.0.0.1:5000", auth });
    expect(await lintDescription(text, "recommended-strict")).toEqual([]);
    expect(await lintDescription(text, "minimal")).toEqual([]);
  });

  const python = spawnSync("python3", ["-c", "import yaml"], { encoding: "utf8" });
  test.skipIf(python.status !== 0)("PyYAML's safe loader (the reference client's) reads the secured description the same", () => {
    const text = descriptionYaml(tools(), { namespace: "WordBook", version: "v1", serverUrl: "http://127.0.0.1:5000", auth: { scheme: "bearer", token: TOKEN } });
    const loaded = spawnSync("python3", ["-c", "import sys, json, yaml; print(json.dumps(yaml.safe_load(sys.stdin.read())))"], { input: text, encoding: "utf8" });
    expect(loaded.stderr).toBe("");
    expect(JSON.parse(loaded.stdout)).toEqual(parse(text));
  });
});

describe("bearer", () => {
  let s: Awaited<ReturnType<typeof secured>>;
  beforeAll(async () => {
    s = await secured({ scheme: "bearer", token: [TOKEN, ROTATED] });
  });
  afterAll(() => s.server.close());

  test("the served description carries the scheme and the requirement; it and examples.yaml stay public", async () => {
    const answer = await fetch(`${s.server.url}/.well-known/openapi.yaml`);
    expect(answer.status).toBe(200);
    const doc = parse(await answer.text()) as Json;
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.servers).toEqual([{ url: s.server.url }]);
    expect((await fetch(`${s.server.url}/.well-known/examples.yaml`, { method: "HEAD" })).status).toBe(200);
    expect((await fetch(`${s.server.url}/.well-known/examples.yaml`)).status).toBe(200);
  });

  test("no credential: 401, Bearer challenge without an error code (RFC 6750 §3.1), the server's error shape", async () => {
    const answer = await s.call();
    expect(answer.status).toBe(401);
    expect(answer.headers["www-authenticate"]).toBe('Bearer realm="WordBook"');
    expect(JSON.parse(answer.body)).toEqual({ error: "missing credentials", message: "this tool server needs a bearer token: send Authorization: Bearer <token>" });
    // Another scheme is no bearer token either.
    const other = await s.call({ authorization: `Basic ${Buffer.from(`u:${TOKEN}`).toString("base64")}` });
    expect(other.status).toBe(401);
    expect(other.headers["www-authenticate"]).toBe('Bearer realm="WordBook"');
  });

  test("the reference client's `Authorization: token <t>` (the hosted protocol) is accepted as the bearer token", async () => {
    expect((await s.call({ authorization: `token ${TOKEN}` })).status).toBe(200);
    expect((await s.call({ authorization: "token wrong-token-xyz" })).status).toBe(401);
  });

  test('a wrong token: 401 with error="invalid_token", the token not echoed', async () => {
    for (const authorization of ["Bearer wrong-token-xyz", `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, "Bearer", "Bearer    "]) {
      const answer = await s.call({ authorization });
      expect(answer.status, authorization).toBe(401);
      expect(answer.headers["www-authenticate"]).toBe('Bearer realm="WordBook", error="invalid_token", error_description="the token is not accepted"');
      expect(JSON.parse(answer.body)).toEqual({ error: "invalid credentials", message: "the bearer token is not accepted" });
      expectNoSecret(answer);
    }
  });

  test("the right token, either of the accepted ones, any case of the scheme: 200", async () => {
    for (const authorization of [`Bearer ${TOKEN}`, `bearer ${ROTATED}`, `BEARER   ${TOKEN}`]) {
      const answer = await s.call({ authorization });
      expect(answer.status, authorization).toBe(200);
      expect(JSON.parse(answer.body).message).toMatch(/lucid/); // added, then already there
    }
  });

  test("checked before anything else about the call: a refused call's body is not read, and the connection closes", async () => {
    const answer = await rawRequest(`${s.server.url}/WordBook/v1/AddWord?version=v2`, { headers: { "content-type": "text/plain", "content-length": 5 }, chunks: ["hello"] });
    expect(answer.status).toBe(401);
    expect(answer.headers.connection).toBe("close");
    expect((await rawRequest(`${s.server.url}/WordBook/v1/AddWord?version=v1`, { method: "GET" })).status).toBe(401);
    // With the token the usual checks apply.
    expect((await s.call({ authorization: `Bearer ${TOKEN}` }, "", "v2")).status).toBe(400);
  });

  test("nothing was logged, so no credential either", () => {
    expect(s.logged).toEqual([]);
  });
});

describe("apiKey", () => {
  test("in a header (name matched case-insensitively)", async () => {
    const { server, call } = await secured({ scheme: "apiKey", in: "header", name: "X-Api-Key", key: KEY });
    try {
      const missing = await call();
      expect(missing.status).toBe(401);
      expect(missing.headers["www-authenticate"]).toBe('ApiKey realm="WordBook", in="header", name="X-Api-Key"');
      expect(JSON.parse(missing.body)).toEqual({ error: "missing credentials", message: "this tool server needs an API key: send it in the X-Api-Key header" });
      const wrong = await call({ "x-api-key": "wrong-key-xyz" });
      expect(wrong.status).toBe(401);
      expect(JSON.parse(wrong.body)).toEqual({ error: "invalid credentials", message: "the API key in the X-Api-Key header is not accepted" });
      expectNoSecret(wrong);
      expect((await call({ authorization: `Bearer ${KEY}` })).status).toBe(401); // the wrong place
      expect((await call({ "X-API-KEY": KEY })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  test("in the query, beside ?version=", async () => {
    const { server, call } = await secured({ scheme: "apiKey", in: "query", name: "api_key", key: KEY });
    try {
      expect((await call()).status).toBe(401);
      expect((await call({}, "&api_key=")).status).toBe(401);
      const wrong = await call({}, "&api_key=wrong-key-xyz");
      expect(wrong.status).toBe(401);
      expect(JSON.parse(wrong.body).error).toBe("invalid credentials");
      expectNoSecret(wrong);
      expect((await call({ "x-api-key": KEY })).status).toBe(401); // the wrong place
      expect((await call({}, `&api_key=${KEY}`)).status).toBe(200);
      expect((await rawRequest(`${server.url}/WordBook/v1/AddWord?api_key=${encodeURIComponent(KEY)}&version=v1`, { headers: { "content-type": "application/json" }, chunks: ['{"word":"a"}'] })).status).toBe(200);
      expect((await call({}, `&api_key=${KEY}`, "v9")).status).toBe(400); // the version check still applies
    } finally {
      await server.close();
    }
  });

  test("in a cookie, among others, quoted or not", async () => {
    const { server, call } = await secured({ scheme: "apiKey", in: "cookie", name: "api_key", key: KEY });
    try {
      const missing = await call({ cookie: "theme=dark" });
      expect(missing.status).toBe(401);
      expect(missing.headers["www-authenticate"]).toBe('ApiKey realm="WordBook", in="cookie", name="api_key"');
      expect((await call({ cookie: "theme=dark; api_key=wrong-key-xyz" })).status).toBe(401);
      expect((await call({ cookie: `xapi_key=${KEY}` })).status).toBe(401);
      expect((await call({ cookie: `theme=dark; api_key=${KEY}` })).status).toBe(200);
      expect((await call({ cookie: `api_key="${KEY}"` })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe("a function decides", () => {
  test("it gets the credential as sent; only true accepts; a throw is a 500 logged without the credential", async () => {
    const seen: string[] = [];
    const { server, call, logged } = await secured({
      scheme: "apiKey",
      in: "query",
      name: "api_key",
      key: async (key) => {
        seen.push(key);
        if (key === "explode") throw new Error("key store down");
        return key === KEY;
      },
    });
    try {
      expect((await call({}, `&api_key=${KEY}`)).status).toBe(200);
      expect((await call({}, "&api_key=wrong-key-xyz")).status).toBe(401);
      expect(seen).toEqual([KEY, "wrong-key-xyz"]);
      const failed = await call({}, "&api_key=explode");
      expect(failed.status).toBe(500);
      expect(JSON.parse(failed.body)).toEqual({ error: "internal error", message: "the credential could not be checked; the details are in the server's log" });
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain("tool server: the auth check failed on POST /WordBook/v1/AddWord?version=v1&api_key=REDACTED");
      expect(logged[0]).not.toContain("explode");
    } finally {
      await server.close();
    }
  });

  test("a truthy value that is not true refuses", async () => {
    const { server, call } = await secured({ scheme: "bearer", token: (() => "yes") as unknown as () => boolean });
    try {
      expect((await call({ authorization: "Bearer anything" })).status).toBe(401);
    } finally {
      await server.close();
    }
  });
});

describe("refused at start-up with a TypeError, before listening", () => {
  test.each([
    [{ scheme: "bearer", token: [] }, /auth\.token must be a string, a non-empty array of strings, or a function/],
    [{ scheme: "bearer", token: "" }, /auth\.token: every accepted credential must be a non-empty string/],
    [{ scheme: "bearer", token: "two words\n" }, /auth\.token: a credential must be printable ASCII/],
    [{ scheme: "bearer", token: TOKEN, schemeName: "my scheme" }, /auth\.schemeName "my scheme" must be letters/],
    [{ scheme: "bearer", token: TOKEN, realm: "Wörter" }, /auth\.realm must be printable ASCII/],
    [{ scheme: "apiKey", in: "query", name: "version", key: KEY }, /auth\.name cannot be "version"/],
    [{ scheme: "apiKey", in: "header", name: "X Api Key", key: KEY }, /auth\.name "X Api Key" is not a valid header name/],
    [{ scheme: "apiKey", in: "body", name: "k", key: KEY }, /auth\.in must be "header", "query" or "cookie"/],
    [{ scheme: "basic", token: KEY }, /auth\.scheme must be "bearer" or "apiKey"/],
  ])("%j", async (auth, message) => {
    const attempt = serveTools(tools(), { namespace: "WordBook", version: "v1", auth: auth as unknown as ToolServerAuth });
    await expect(attempt).rejects.toBeInstanceOf(TypeError);
    await expect(attempt).rejects.toThrow(message);
    await attempt.catch((error: Error) => expect(error.message).not.toContain(KEY));
  });

  test("a namespace that is not ASCII gives a realm that a header can carry", async () => {
    const { server, call } = await (async () => {
      const started = await serveTools(wordListTools().tools, { namespace: "单词本", version: "v1", auth: { scheme: "bearer", token: TOKEN } });
      return { server: started, call: () => rawRequest(`${started.url}/${encodeURIComponent("单词本")}/v1/AddWord?version=v1`, { headers: { "content-type": "application/json" }, chunks: ['{"word":"a"}'] }) };
    })();
    try {
      const answer = await call();
      expect(answer.status).toBe(401);
      expect(answer.headers["www-authenticate"]).toBe(`Bearer realm="${encodeURIComponent("单词本")}"`);
    } finally {
      await server.close();
    }
  });
});
