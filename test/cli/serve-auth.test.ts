/**
 * `toolgen serve`'s authentication flags (src/cli/auth-flags.ts), from the sources: the command is parsed by
 * commander as `toolgen serve` parses it and stopped through its `stop` promise (no signal to
 * the test runner); the refusals go through `main`, exit 2 and one line naming the flag.
 */
import { join } from "node:path";
import { Command } from "commander";
import { parse } from "yaml";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { CliIo } from "../../src/cli/cli-io.js";
import { main } from "../../src/cli/main.js";
import { addServeCommand } from "../../src/cli/serve-command.js";

const CLOCK = join(import.meta.dirname, "../server/fixtures/clock.mjs");
const SECRET = "cli-secret-7f3a";

afterEach(() => vi.unstubAllEnvs());

function capture(): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (l) => out.push(l), stderr: (l) => err.push(l), exitCode: () => undefined };
}

/** `toolgen serve <args>` until `stop()`; resolves once it printed its address. */
async function serve(args: readonly string[]) {
  const io = capture();
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const program = new Command("toolgen").exitOverride().enablePositionalOptions();
  addServeCommand(program, io, stopped);
  const running = program.parseAsync(["serve", CLOCK, "--port", "0", ...args], { from: "user" });
  let failed: unknown;
  running.catch((error: unknown) => (failed = error));
  while (!io.out.some((l) => l.startsWith("Serving"))) {
    if (failed !== undefined) throw failed;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const url = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(io.out[0]!)![1]!;
  const call = (init: { headers?: Record<string, string>; query?: string } = {}) =>
    fetch(`${url}/Clock/0.1/Now?version=0.1${init.query ?? ""}`, { method: "POST", headers: { "content-type": "application/json", ...init.headers }, body: "{}" });
  const finish = async () => {
    stop();
    await running;
  };
  return { io, url, call, finish };
}

async function run(args: readonly string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await main(["serve", CLOCK, "--port", "0", ...args], { stdout: (l) => lines.push(l), stderr: (l) => lines.push(l), exitCode: () => undefined });
  return { code, lines };
}

describe("serving with a credential from the environment", () => {
  test("--auth-bearer-env: the description declares bearerAuth and stays public; calls need the token", async () => {
    vi.stubEnv("CLOCK_TOKEN", SECRET);
    const s = await serve(["--auth-bearer-env", "CLOCK_TOKEN"]);
    try {
      const doc = parse(await (await fetch(`${s.url}/.well-known/openapi.yaml`)).text());
      expect(doc.components.securitySchemes).toEqual({ bearerAuth: expect.objectContaining({ type: "http", scheme: "bearer" }) });
      expect(doc.security).toEqual([{ bearerAuth: [] }]);
      const missing = await s.call();
      expect(missing.status).toBe(401);
      expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="Clock"');
      const wrong = await s.call({ headers: { authorization: "Bearer nope" } });
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get("www-authenticate")).toContain('error="invalid_token"');
      const right = await s.call({ headers: { authorization: `Bearer ${SECRET}` } });
      expect(right.status).toBe(200);
      expect(await right.json()).toEqual({ iso: "2024-01-01T00:00:00.000Z" });
      expect(s.io.out).toContain("Authentication: Authorization: Bearer <token>, token from $CLOCK_TOKEN (the description and examples.yaml stay public)");
    } finally {
      await s.finish();
    }
    expect([...s.io.out, ...s.io.err].join("\n")).not.toContain(SECRET);
  });

  test("several comma-separated tokens (a rotation) are each accepted", async () => {
    vi.stubEnv("CLOCK_TOKENS", ` old-${SECRET} , new-${SECRET},`);
    const s = await serve(["--auth-bearer-env", "CLOCK_TOKENS"]);
    try {
      expect((await s.call({ headers: { authorization: `Bearer old-${SECRET}` } })).status).toBe(200);
      expect((await s.call({ headers: { authorization: `Bearer new-${SECRET}` } })).status).toBe(200);
      expect((await s.call({ headers: { authorization: `Bearer ${SECRET}` } })).status).toBe(401);
      expect(s.io.out.some((l) => l.includes("token from $CLOCK_TOKENS (2 accepted)"))).toBe(true);
    } finally {
      await s.finish();
    }
  });

  test("--auth-api-key-env with the default place: the X-Api-Key header", async () => {
    vi.stubEnv("CLOCK_KEY", SECRET);
    const s = await serve(["--auth-api-key-env", "CLOCK_KEY"]);
    try {
      const doc = parse(await (await fetch(`${s.url}/.well-known/openapi.yaml`)).text());
      expect(doc.components.securitySchemes.apiKeyAuth).toMatchObject({ type: "apiKey", in: "header", name: "X-Api-Key" });
      expect((await s.call()).status).toBe(401);
      expect((await s.call({ headers: { "x-api-key": SECRET } })).status).toBe(200);
    } finally {
      await s.finish();
    }
  });

  test("--auth-api-key-in query --auth-api-key-name key --auth-scheme-name clockKey", async () => {
    vi.stubEnv("CLOCK_KEY", SECRET);
    const s = await serve(["--auth-api-key-env", "CLOCK_KEY", "--auth-api-key-in", "query", "--auth-api-key-name", "key", "--auth-scheme-name", "clockKey"]);
    try {
      const doc = parse(await (await fetch(`${s.url}/.well-known/openapi.yaml`)).text());
      expect(doc.components.securitySchemes).toEqual({ clockKey: expect.objectContaining({ type: "apiKey", in: "query", name: "key" }) });
      expect(doc.security).toEqual([{ clockKey: [] }]);
      expect((await s.call({ query: "&key=nope" })).status).toBe(401);
      expect((await s.call({ query: `&key=${SECRET}` })).status).toBe(200);
      expect(s.io.out).toContain("Authentication: API key in the query key, key from $CLOCK_KEY (the description and examples.yaml stay public)");
    } finally {
      await s.finish();
    }
  });

  test("--auth-api-key-in cookie (default name api_key)", async () => {
    vi.stubEnv("CLOCK_KEY", SECRET);
    const s = await serve(["--auth-api-key-env", "CLOCK_KEY", "--auth-api-key-in", "cookie"]);
    try {
      expect((await s.call({ headers: { cookie: "api_key=nope" } })).status).toBe(401);
      expect((await s.call({ headers: { cookie: `lang=en; api_key=${SECRET}` } })).status).toBe(200);
    } finally {
      await s.finish();
    }
  });

  test("without auth flags nothing changes", async () => {
    const s = await serve([]);
    try {
      expect((await s.call()).status).toBe(200);
      expect(parse(await (await fetch(`${s.url}/.well-known/openapi.yaml`)).text()).security).toEqual([]);
      expect(s.io.out.some((l) => l.startsWith("Authentication"))).toBe(false);
    } finally {
      await s.finish();
    }
  });
});

describe("refusals: exit 2 and one line naming the flag", () => {
  test.each([
    [["--auth-bearer-env", "A", "--auth-api-key-env", "B"], /^toolgen: --auth-bearer-env and --auth-api-key-env cannot be combined/],
    [["--auth-bearer-env", "A", "--auth-api-key-name", "X-Key"], /^toolgen: --auth-api-key-name needs --auth-api-key-env/],
    [["--auth-api-key-in", "query"], /^toolgen: --auth-api-key-in needs --auth-api-key-env/],
    [["--auth-scheme-name", "x"], /^toolgen: --auth-scheme-name needs --auth-bearer-env or --auth-api-key-env/],
    [["--auth-bearer-env", "TOOLGEN_TEST_UNSET_VAR"], /^toolgen: --auth-bearer-env: the environment variable TOOLGEN_TEST_UNSET_VAR is not set or empty$/],
    [["--auth-bearer-env", "TOOLGEN_TEST_EMPTY_VAR"], /^toolgen: --auth-bearer-env: the environment variable TOOLGEN_TEST_EMPTY_VAR is not set or empty$/],
    [["--auth-bearer-env", "TOOLGEN_TEST_COMMAS"], /^toolgen: --auth-bearer-env: the environment variable TOOLGEN_TEST_COMMAS holds no credential$/],
    [["--auth-api-key-env", "TOOLGEN_TEST_KEY", "--auth-api-key-in", "query", "--auth-api-key-name", "version"], /^toolgen: --auth-api-key-name: cannot be "version"/],
    [["--auth-api-key-env", "TOOLGEN_TEST_KEY", "--auth-api-key-name", "X Key"], /^toolgen: --auth-api-key-name: "X Key" is not a valid header name$/],
    [["--auth-bearer-env", "TOOLGEN_TEST_KEY", "--auth-scheme-name", "a b"], /^toolgen: --auth-scheme-name: "a b" must be letters/],
  ])("%j", async (args, pattern) => {
    vi.stubEnv("TOOLGEN_TEST_UNSET_VAR", undefined);
    vi.stubEnv("TOOLGEN_TEST_EMPTY_VAR", "");
    vi.stubEnv("TOOLGEN_TEST_COMMAS", " , ,");
    vi.stubEnv("TOOLGEN_TEST_KEY", SECRET);
    const { code, lines } = await run(args);
    expect(code).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(pattern);
    expect(lines[0]).not.toContain(SECRET);
  });

  test("a credential pasted where the variable name goes is not repeated", async () => {
    const { code, lines } = await run(["--auth-bearer-env", "sk-live/abc+def="]);
    expect(code).toBe(2);
    expect(lines).toEqual(["toolgen: --auth-bearer-env takes the name of an environment variable (letters, digits and _), not the credential itself"]);
  });

  test("a credential a header cannot carry", async () => {
    vi.stubEnv("TOOLGEN_TEST_KEY", "two words\u0007");
    const { code, lines } = await run(["--auth-api-key-env", "TOOLGEN_TEST_KEY"]);
    expect(code).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^toolgen: --auth-api-key-env: a credential must be printable ASCII/);
    expect(lines[0]).not.toContain("two words");
  });

  test("an unknown --auth-api-key-in is a usage error (commander's choices)", async () => {
    vi.stubEnv("TOOLGEN_TEST_KEY", SECRET);
    const { code, lines } = await run(["--auth-api-key-env", "TOOLGEN_TEST_KEY", "--auth-api-key-in", "body"]);
    expect(code).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/--auth-api-key-in <where>' argument 'body' is invalid\. Allowed choices are header, query, cookie/);
  });
});
