/**
 * An access token (and any header the user adds) reaches the tool server it is
 * meant for and nothing else: not another origin behind a redirect or an external `$ref`, not
 * stdout or stderr (even with --verbose, even when the server fails and echoes it back), not the
 * generated files, the lock or the offline cache, and not the errors of the generated client.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { descriptionWith, startDescriptionServer, type DescriptionServer } from "../support/description-server.js";
import { freshOutputDir } from "../support/output-dir.js";

const TOKEN = "tok-7f3a9c-never-print-me";
const HEADER_SECRET = "hdr-42b1e0-never-print-me";
const ENV_TOKEN = "env-9d8c7b-never-print-me";
const SECRETS = [TOKEN, HEADER_SECRET, ENV_TOKEN];

interface Recorder {
  url: string;
  seen: IncomingHttpHeaders[];
  server: Server;
}

/** A server that records request headers and answers with `answer` (which may echo them). */
async function recorder(answer: (req: { url: string; headers: IncomingHttpHeaders }) => { status: number; headers?: Record<string, string>; body?: string }): Promise<Recorder> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    const { status, headers, body } = answer({ url: req.url ?? "/", headers: req.headers });
    res.writeHead(status, headers ?? {}).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

function everyFileText(dir: string): string {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => statSync(join(dir, f)).isFile())
    .map((f) => readFileSync(join(dir, f), "latin1"))
    .join("\n");
}

async function toolgen(args: string[]) {
  const lines: string[] = [];
  const io = { stdout: (l: string) => lines.push(l), stderr: (l: string) => lines.push(l), exitCode: () => {} };
  const code = await main(args, io);
  return { code, text: lines.join("\n") };
}

function expectNoSecret(text: string): void {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

const credentials = ["--token", TOKEN, "--header", `X-Api-Key: ${HEADER_SECRET}`];

describe("loading", () => {
  let source: DescriptionServer;
  let elsewhere: Recorder;
  let redirecting: Recorder;
  let echoing: Recorder;

  beforeAll(async () => {
    elsewhere = await recorder(({ url }) =>
      url.endsWith("/schemas.yaml")
        ? { status: 200, body: "Text:\n  type: object\n  properties:\n    text: { type: string }\n" }
        : url.endsWith("/openapi.yaml")
          ? { status: 200, headers: { "content-type": "application/yaml" }, body: descriptionWith("moved", ["ping"]) }
          : { status: 404 },
    );
    source = await startDescriptionServer(descriptionWith("alpha", ["summarize"]));
    redirecting = await recorder(({ url }) =>
      url.endsWith("/openapi.yaml") ? { status: 302, headers: { location: `${elsewhere.url}/.well-known/openapi.yaml` } } : { status: 404 },
    );
    // The worst server: it fails and puts the request's credentials in its answer.
    echoing = await recorder(({ headers }) => ({ status: 500, body: `denied for ${headers.authorization} ${headers["x-api-key"]}` }));
  });
  afterAll(async () => {
    await source.close();
    for (const r of [elsewhere, redirecting, echoing]) r.server.close();
  });

  test("--verbose run: the source gets the credentials; no output, generated file, lock or cache holds them", async () => {
    const dir = freshOutputDir("secrets/verbose");
    const run = await toolgen([source.url, "--out", join(dir, "out"), "--cache-dir", join(dir, "cache"), "--verbose", ...credentials]);
    expect(run.code).toBe(0);
    expect(source.requests[0]?.headers.authorization).toBe(`token ${TOKEN}`);
    expect(source.requests[0]?.headers["x-api-key"]).toBe(HEADER_SECRET);
    expect(run.text).toMatch(/fetch: .*openapi\.yaml/); // verbose did print the documents it read
    expectNoSecret(run.text);
    const files = everyFileText(dir);
    expect(files).toMatch(/"inputsSha256"/); // the lock is there...
    expect(readdirSync(join(dir, "cache")).length).toBeGreaterThan(0); // ...and the cache
    expectNoSecret(files);
  });

  test("a redirect to another origin: followed without the credentials", async () => {
    const dir = freshOutputDir("secrets/redirect");
    const run = await toolgen([redirecting.url, "--out", dir, "--verbose", ...credentials]);
    expect(run.code).toBe(0);
    expect(redirecting.seen[0]?.authorization).toBe(`token ${TOKEN}`);
    expect(elsewhere.seen.length).toBeGreaterThan(0);
    for (const headers of elsewhere.seen) {
      expect(headers.authorization).toBeUndefined();
      expect(headers["x-api-key"]).toBeUndefined();
    }
    expectNoSecret(run.text);
  });

  test("an external $ref to another origin (allowed): fetched without the credentials", async () => {
    const dir = freshOutputDir("secrets/ref");
    const before = elsewhere.seen.length;
    source.description = descriptionWith("alpha", ["summarize"]) + `components:\n  schemas:\n    Text:\n      $ref: "${elsewhere.url}/schemas.yaml#/Text"\n`;
    const run = await toolgen([source.url, "--out", dir, "--allow-external-refs", ...credentials]);
    expect(run.code).toBe(0);
    const refRequests = elsewhere.seen.slice(before);
    expect(refRequests.length).toBe(1);
    expect(refRequests[0]?.authorization).toBeUndefined();
    expect(refRequests[0]?.["x-api-key"]).toBeUndefined();
    source.description = descriptionWith("alpha", ["summarize"]);
  });

  test("a server that fails and echoes the credentials: the error names the status, not the body", async () => {
    const dir = freshOutputDir("secrets/echo");
    const run = await toolgen([echoing.url, "--out", dir, "--verbose", ...credentials]);
    expect(run.code).toBe(2);
    expect(run.text).toMatch(/answered 500/);
    expectNoSecret(run.text);
    expect(readdirSync(dir)).toEqual([]);
  });

  test("a password in the source URL is not printed, even when loading fails", async () => {
    const dir = freshOutputDir("secrets/userinfo");
    const url = source.url.replace("http://", `http://someone:${TOKEN}@`);
    const run = await toolgen([url, "--out", dir, "--verbose"]);
    expect(run.code).toBe(2);
    expect(run.text).toMatch(/toolgen: http:\/\/127\.0\.0\.1:\d+\/\.well-known\/openapi\.yaml: /);
    expectNoSecret(run.text);
  });

  test("the environment's token: used for loading, never written into the generated client", async () => {
    const dir = freshOutputDir("secrets/env");
    const previous = process.env.EB_AGENT_ACCESS_TOKEN;
    process.env.EB_AGENT_ACCESS_TOKEN = ENV_TOKEN;
    try {
      const before = source.requests.length;
      const run = await toolgen([source.url, "--out", dir, "--verbose"]);
        expect(run.code).toBe(0);
      expect(source.requests[before]?.headers.authorization).toBe(`token ${ENV_TOKEN}`);
      expectNoSecret(run.text);
      expectNoSecret(everyFileText(dir));
    } finally {
      if (previous === undefined) delete process.env.EB_AGENT_ACCESS_TOKEN;
      else process.env.EB_AGENT_ACCESS_TOKEN = previous;
    }
  });
});

describe("the generated client", () => {
  let tools: Recorder;
  beforeAll(async () => {
    tools = await recorder(({ headers }) => ({ status: 500, headers: { "content-type": "text/plain" }, body: `no: ${headers.authorization}` }));
  });
  afterAll(() => void tools.server.close());

  test("a failed call's error, its message, stack and JSON carry no token", async () => {
    const dir = freshOutputDir("secrets/client");
    const spec = join(dir, "api.yaml");
    (await import("node:fs")).writeFileSync(spec, descriptionWith("alpha", ["summarize"], tools.url));
    expect((await toolgen([spec, "--out", join(dir, "gen"), "--quiet"])).code).toBe(0);
    const generated = (await import(join(dir, "gen/index.ts"))) as {
      summarize(input: { text?: string }, options?: { accessToken?: string }): Promise<unknown>;
    };
    const error = await generated.summarize({ text: "hi" }, { accessToken: TOKEN }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(tools.seen[0]?.authorization).toBe(`token ${TOKEN}`);
    expect(error?.name).toBe("ToolCallError");
    const everything = [String(error), error?.message, error?.stack, JSON.stringify(error), JSON.stringify(Object.entries(error ?? {}))].join("\n");
    expect(everything).toMatch(/500/);
    expectNoSecret(everything);
  });
});
