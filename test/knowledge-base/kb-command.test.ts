/** `toolgen kb serve`: options, tokens from flags or TOOLGEN_KB_TOKENS, start failures, stopping. */
import { Command, CommanderError } from "commander";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { addKbCommand, runKbServe, type KbServeOptions } from "../../src/cli/kb-command.js";
import type { CliIo } from "../../src/cli/cli-io.js";
import { BadInputError } from "../../src/load/bad-input-error.js";
import { DEFAULT_KB_DATA_DIR } from "../../src/cli/kb-command.js";
import { startPostgres, type TestPostgres } from "../support/postgres.js";
import { removeTempDirs, tempDir } from "./support.js";

// A DATABASE_URL of the machine running the tests must not move these servers to PostgreSQL.
beforeEach(() => vi.stubEnv("DATABASE_URL", ""));
afterEach(() => vi.unstubAllEnvs());
afterAll(() => removeTempDirs());

function capture(): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (l) => out.push(l), stderr: (l) => err.push(l), exitCode: () => undefined };
}

function flags(overrides: Partial<KbServeOptions> = {}): KbServeOptions {
  return { port: 0, host: "127.0.0.1", data: tempDir(), token: [], ...overrides };
}

/** Runs the command until `stop()` is called; resolves once it printed its address. */
async function serveInProcess(options: KbServeOptions) {
  const io = capture();
  let stop!: (reason: string) => void;
  const stopped = new Promise<string>((resolve) => (stop = resolve));
  const running = runKbServe(options, io, stopped);
  while (!io.out.some((l) => l.includes("listening on"))) {
    await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 5))]);
  }
  const url = /listening on (\S+)/.exec(io.out.join("\n"))![1]!;
  return { io, url, running, stop };
}

const create = (url: string, token?: string) =>
  fetch(`${url}/llm/knowledge/create`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `token ${token}` } : {}) },
    body: '{"knowledgeBaseName":"cli"}',
  });

describe("kb serve", () => {
  it("registers `kb serve` with --port, --host, --data and a repeatable --token", async () => {
    const program = new Command("toolgen");
    addKbCommand(program, capture());
    const serve = program.commands.find((c) => c.name() === "kb")?.commands.find((c) => c.name() === "serve");
    expect(serve?.options.map((o) => o.long)).toEqual(["--port", "--host", "--data", "--database", "--pool-size", "--statement-timeout", "--write-timeout", "--score-index", "--no-score-index", "--token", "--allow-host", "--body-timeout", "--headers-timeout", "--max-connections", "--max-json-depth"]);
    const opts = serve!.opts();
    expect(opts).toMatchObject({ port: 8090, host: "127.0.0.1", data: ".toolgen-kb", token: [], allowHost: [] });
    // Neither flag: the data directory's stored choice stands.
    expect(opts.scoreIndex).toBeUndefined();
  });

  it("--score-index builds the score index of every knowledge base in the background, --no-score-index drops it", async () => {
    const data = tempDir();
    const parse = async (args: string[]): Promise<KbServeOptions> => {
      const program = new Command("toolgen").exitOverride();
      addKbCommand(program, capture());
      const serve = program.commands[0]!.commands[0]!;
      serve.action(() => undefined);
      await program.parseAsync(["kb", "serve", ...args], { from: "user" });
      return serve.opts<KbServeOptions>();
    };
    expect((await parse(["--score-index"])).scoreIndex).toBe(true);
    expect((await parse(["--no-score-index"])).scoreIndex).toBe(false);

    const first = await serveInProcess(flags({ data }));
    expect((await create(first.url)).status).toBe(200);
    first.stop("SIGINT");
    await first.running;
    const on = await serveInProcess(flags({ data, scoreIndex: true }));
    expect(on.io.err.filter((line) => line.includes("score index"))[0]).toBe(
      "toolgen: score index on: building it for 1 knowledge base in the background (their searches use FTS5 until then)",
    );
    on.stop("SIGINT");
    await on.running;
    // The build of one empty knowledge base may have ended before the stop, or goes on at the next start.
    expect(on.io.err.filter((line) => line.includes("score index")).slice(1)).toEqual(
      on.io.err.some((line) => line.includes("built in")) ? [expect.stringMatching(/^toolgen: score index of knowledge base 1 built in \d+\.\d s$/)] : [],
    );
    const off = await serveInProcess(flags({ data, scoreIndex: false }));
    expect(off.io.err.filter((line) => line.includes("score index"))).toEqual(["toolgen: score index off"]);
    off.stop("SIGINT");
    await off.running;
  });

  it("rejects a bad --port as a usage error", async () => {
    const io = capture();
    const program = new Command("toolgen").exitOverride().configureOutput({ writeErr: (t) => io.stderr(t) });
    addKbCommand(program, io);
    program.commands[0]!.commands[0]!.exitOverride();
    await expect(program.parseAsync(["kb", "serve", "--port", "http"], { from: "user" })).rejects.toBeInstanceOf(CommanderError);
    expect(io.err.join("")).toContain("expected a port number from 0 to 65535");
  });

  it("prints its address, requires the --token values, stops when told", async () => {
    const { io, url, running, stop } = await serveInProcess(flags({ token: ["one", "two"] }));
    expect(io.out[1]).toBe(`clients: AISTUDIO_BASE_URL=${url}`);
    expect((await create(url)).status).toBe(403);
    expect((await create(url, "two")).status).toBe(200);
    expect(io.err).toEqual([]);
    stop("SIGTERM");
    await running;
    expect(io.out.slice(-2)).toEqual(["knowledge base service stopping (SIGTERM)", "knowledge base service stopped"]);
    await expect(create(url, "two")).rejects.toThrow();
  });

  it("reads TOOLGEN_KB_TOKENS (comma-separated) when no --token is given", async () => {
    vi.stubEnv("TOOLGEN_KB_TOKENS", " alpha , beta,,");
    const { url, running, stop } = await serveInProcess(flags());
    expect((await create(url, "beta")).status).toBe(200);
    expect((await create(url, "gamma")).status).toBe(403);
    stop("SIGINT");
    await running;
  });

  it("warns when no token is configured", async () => {
    vi.stubEnv("TOOLGEN_KB_TOKENS", "");
    const { io, url, running, stop } = await serveInProcess(flags());
    expect(io.err).toEqual([
      "toolgen: warning: no access tokens configured (--token or TOOLGEN_KB_TOKENS): every request is accepted",
    ]);
    expect((await create(url)).status).toBe(200);
    stop("SIGINT");
    await running;
  });

  it("reports a port in use as bad input (exit 2 in main)", async () => {
    const { url, running, stop } = await serveInProcess(flags());
    const port = Number(new URL(url).port);
    const error = await runKbServe(flags({ port }), capture(), new Promise(() => {})).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadInputError);
    expect((error as Error).message).toBe(`cannot listen on 127.0.0.1:${port}: the port is in use`);
    stop("SIGINT");
    await running;
  });
});

describe("kb serve on PostgreSQL", () => {
  let postgres: TestPostgres;
  beforeAll(async () => {
    postgres = await startPostgres();
  });
  afterAll(() => postgres.stop());

  it("--database keeps the knowledge bases there and never prints the password", async () => {
    const database = await postgres.createDatabase();
    const { io, url, running, stop } = await serveInProcess(flags({ data: DEFAULT_KB_DATA_DIR, database }));
    expect(io.out[0]).toBe(`knowledge base service listening on ${url} (PostgreSQL ${database.replace(":toolgen-test@", ":***@")})`);
    expect(io.out.join("\n")).not.toContain("toolgen-test");
    expect((await create(url)).status).toBe(200);
    const health = (await (await fetch(`${url}/ready`)).json()) as { storage: string };
    expect(health.storage).toBe("postgres");
    stop("SIGTERM");
    await running;
  });

  it("reads DATABASE_URL when no --database is given", async () => {
    vi.stubEnv("DATABASE_URL", await postgres.createDatabase());
    const { url, running, stop } = await serveInProcess(flags({ data: DEFAULT_KB_DATA_DIR }));
    expect((await (await fetch(`${url}/health`)).json()) as unknown).toEqual({ status: "ok", storage: "postgres" });
    stop("SIGINT");
    await running;
  });

  it("refuses --data with --database, PostgreSQL-only flags without it, and a wrong password, as bad input", async () => {
    const database = await postgres.createDatabase();
    const refusal = (options: Partial<KbServeOptions>) =>
      runKbServe(flags(options), capture(), new Promise(() => {})).then(
        () => new Error("started"),
        (e: unknown) => e as Error,
      );
    const both = await refusal({ database });
    expect(both).toBeInstanceOf(BadInputError);
    expect(both.message).toBe("--data (SQLite) and --database (PostgreSQL) choose where the knowledge bases are kept: give one of them");
    for (const options of [{ poolSize: 4 }, { statementTimeout: 100 }, { writeTimeout: 100 }]) {
      expect((await refusal(options)).message).toBe("--pool-size, --statement-timeout and --write-timeout apply to PostgreSQL only: give --database (or DATABASE_URL) too");
    }
    expect((await refusal({ data: DEFAULT_KB_DATA_DIR, database, scoreIndex: true })).message).toBe(
      "--score-index applies to SQLite only: it is a second index beside SQLite's full-text index",
    );
    const wrong = await refusal({ data: DEFAULT_KB_DATA_DIR, database: database.replace(":toolgen-test@", ":wrong@") });
    expect(wrong).toBeInstanceOf(BadInputError);
    // Bad input drops a URL's user and password from its message altogether.
    expect(wrong.message).toMatch(/^cannot start the knowledge base service: cannot use the database postgres:\/\/127\.0\.0\.1:\d+\/kb_test_\w+: password authentication failed for user "postgres"$/);
  });
});
