/**
 * `toolgen kb serve`: runs the local knowledge-base service (the hosted `/llm/knowledge/*`
 * protocol on SQLite + FTS5 in a data directory, or on a PostgreSQL server shared by any number of
 * instances with `--database`) until SIGINT or SIGTERM, then closes it gracefully so requests in
 * progress finish and the database is closed cleanly. Point a client at it with
 * `AISTUDIO_BASE_URL=<printed address>`.
 */
import { collect } from "./repeatable-options.js";
import { addServerFlags, guardServerProcess, serverSettings, type ServerFlags } from "./server-flags.js";
import { resolve } from "node:path";
import { InvalidArgumentError, type Command } from "commander";
import type { KnowledgeBaseService } from "../knowledge-base/index.js";
import { BadInputError } from "../load/bad-input-error.js";
import type { CliIo } from "./cli-io.js";

/** Port of `kb serve` when --port is not given (the library default is 0: any free port). */
export const DEFAULT_KB_PORT = 8090;
/** Data directory of `kb serve` when --data is not given, relative to the working directory. */
export const DEFAULT_KB_DATA_DIR = ".toolgen-kb";
/** Comma-separated access tokens, read when no --token is given. */
export const KB_TOKENS_ENV = "TOOLGEN_KB_TOKENS";
/** The PostgreSQL URL, read when no --database is given (the variable most platforms set). */
export const DATABASE_URL_ENV = "DATABASE_URL";

export interface KbServeOptions extends Partial<ServerFlags> {
  port: number;
  host: string;
  data: string;
  database?: string;
  poolSize?: number;
  statementTimeout?: number;
  writeTimeout?: number;
  scoreIndex?: boolean;
  token: string[];
}

export function addKbCommand(program: Command, io: CliIo): void {
  const kb = program.command("kb").description("local knowledge-base service (the /llm/knowledge/* protocol)");
  const serve = kb
    .command("serve")
    .description("serve knowledge bases from a local SQLite database, or from PostgreSQL with --database, until SIGINT/SIGTERM")
    .option("--port <n>", "TCP port (0: any free port)", parsePort, DEFAULT_KB_PORT)
    .option("--host <h>", "interface to listen on", "127.0.0.1")
    .option("--data <dir>", "directory of the SQLite database file", DEFAULT_KB_DATA_DIR)
    .option("--database <url>", `PostgreSQL to keep the knowledge bases in, postgres://user:password@host:port/db (default: ${DATABASE_URL_ENV}; SQLite in --data when neither is set)`)
    .option("--pool-size <n>", "PostgreSQL connections per instance (default 10)", positiveInteger("--pool-size"))
    .option("--statement-timeout <ms>", "PostgreSQL: longest a statement may run before the request gets 503 (default 10000)", positiveInteger("--statement-timeout"))
    .option("--write-timeout <ms>", "PostgreSQL: the same for documents/add and documents/delete, which write the search index too (default 60000)", positiveInteger("--write-timeout"))
    .option("--score-index", "SQLite: keep each word's documents in score order too, for fast one-word searches with or without filters at millions of chunks; costs about a third of the file's size again and writes at about a quarter of the speed; builds what is missing in the background while the service answers (searches use the full-text index until then), stored in the database")
    .option("--no-score-index", "SQLite: drop the score index")
    .option(
      "--token <t>",
      `accepted access token, sent by clients as Authorization: token <t> (repeatable; default: ${KB_TOKENS_ENV}, comma-separated)`,
      collect,
      [],
    );
  addServerFlags(serve)
    .action(async (flags: KbServeOptions) => {
      await runKbServe(flags, io, untilSignal());
    });
}

/**
 * Starts the service, reports where it listens, waits for `stop`, closes it. Separate from the
 * command so tests can stop it without sending signals to the test runner.
 */
export async function runKbServe(flags: KbServeOptions, io: CliIo, stop: Promise<unknown>): Promise<void> {
  const tokens = flags.token.length > 0 ? flags.token : tokensFromEnv();
  const databaseUrl = flags.database ?? nonEmpty(process.env[DATABASE_URL_ENV]);
  const place = databaseUrl !== undefined ? { databaseUrl } : { dataDir: resolve(flags.data) };
  if (databaseUrl !== undefined && flags.data !== DEFAULT_KB_DATA_DIR) {
    throw new BadInputError("--data (SQLite) and --database (PostgreSQL) choose where the knowledge bases are kept: give one of them");
  }
  if (databaseUrl === undefined && (flags.poolSize !== undefined || flags.statementTimeout !== undefined || flags.writeTimeout !== undefined)) {
    throw new BadInputError("--pool-size, --statement-timeout and --write-timeout apply to PostgreSQL only: give --database (or DATABASE_URL) too");
  }
  if (databaseUrl !== undefined && flags.scoreIndex !== undefined) {
    throw new BadInputError("--score-index applies to SQLite only: it is a second index beside SQLite's full-text index");
  }
  let service: KnowledgeBaseService;
  // The service (and SQLite) are loaded only by this command.
  const { startKnowledgeBaseService, DRIVER_MISSING } = await import("../knowledge-base/index.js");
  try {
    service = await startKnowledgeBaseService({
      port: flags.port,
      host: flags.host,
      ...place,
      ...(flags.poolSize !== undefined ? { poolSize: flags.poolSize } : {}),
      ...(flags.statementTimeout !== undefined ? { statementTimeoutMs: flags.statementTimeout } : {}),
      ...(flags.writeTimeout !== undefined ? { writeTimeoutMs: flags.writeTimeout } : {}),
      ...(flags.scoreIndex !== undefined ? { scoreIndex: flags.scoreIndex } : {}),
      tokens,
      ...serverSettings({ allowHost: [], ...flags }),
      log: (line) => io.stderr(`toolgen: ${line}`),
    });
  } catch (error) {
    const message = (error as { code?: unknown }).code === DRIVER_MISSING ? `cannot start the knowledge base service: ${(error as Error).message}` : startFailure(error, flags);
    throw new BadInputError(message, undefined, { cause: error });
  }
  if (tokens.length === 0) {
    io.stderr(`toolgen: warning: no access tokens configured (--token or ${KB_TOKENS_ENV}): every request is accepted`);
  }
  io.stdout(`knowledge base service listening on ${service.url} (${service.location})`);
  io.stdout(`clients: AISTUDIO_BASE_URL=${service.url}`);
  const unguard = guardServerProcess(io);
  const reason = await stop.finally(unguard);
  io.stdout(`knowledge base service stopping${typeof reason === "string" ? ` (${reason})` : ""}`);
  await service.close();
  io.stdout("knowledge base service stopped");
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

function positiveInteger(flag: string): (text: string) => number {
  return (text) => {
    if (!/^\d+$/.test(text) || Number(text) < 1) throw new InvalidArgumentError(`${flag} must be a whole number, at least 1`);
    return Number(text);
  };
}

function tokensFromEnv(): string[] {
  return (process.env[KB_TOKENS_ENV] ?? "")
    .split(",")
    .map((token) => token.trim())
    .filter((token) => token !== "");
}

/** Resolves with the signal's name on the first SIGINT or SIGTERM, then stops listening for them. */
function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolvePromise) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      resolvePromise(signal);
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  });
}

function startFailure(error: unknown, flags: KbServeOptions): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === "EADDRINUSE") return `cannot listen on ${flags.host}:${flags.port}: the port is in use`;
  if (code === "EACCES" && /listen/.test(message)) return `cannot listen on ${flags.host}:${flags.port}: permission denied`;
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") return `cannot listen on ${flags.host}: no such local address`;
  if (flags.database !== undefined || nonEmpty(process.env[DATABASE_URL_ENV]) !== undefined) return `cannot start the knowledge base service: ${message}`;
  return `cannot start the knowledge base service with data directory ${flags.data}: ${message}`;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) throw new InvalidArgumentError("expected a port number from 0 to 65535");
  return port;
}

