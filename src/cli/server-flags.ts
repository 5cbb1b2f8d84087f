/**
 * The flags every server command (`serve`, `kb serve`, `mcp --http`) shares: which Host names it
 * answers for besides addresses and localhost, and the limits of src/http-guard/server-limits.ts.
 */
import { InvalidArgumentError, type Command } from "commander";
import { DEFAULT_SERVER_LIMITS, type ServerLimits } from "../http-guard/server-limits.js";
import { installLastResortGuard } from "../http-guard/last-resort.js";
import { collect } from "./repeatable-options.js";
import type { CliIo } from "./cli-io.js";

export interface ServerFlags {
  allowHost: string[];
  bodyTimeout?: number;
  headersTimeout?: number;
  maxConnections?: number;
  maxJsonDepth?: number;
}

export function addServerFlags(command: Command): Command {
  const d = DEFAULT_SERVER_LIMITS;
  return command
    .option("--allow-host <name>", 'also answer requests whose Host is this name (repeatable; "*": any); IP addresses and localhost always are', collect, [])
    .option("--body-timeout <ms>", `a request body must arrive within this (default ${d.bodyTimeoutMs})`, positive)
    .option("--headers-timeout <ms>", `request headers must arrive within this (default ${d.headersTimeoutMs})`, positive)
    .option("--max-connections <n>", `open connections at once (default ${d.maxConnections})`, positive)
    .option("--max-json-depth <n>", `deepest nesting of a JSON request body (default ${d.maxJsonDepth})`, positive);
}

export function serverSettings(flags: ServerFlags): { allowedHosts: readonly string[]; limits: Partial<ServerLimits> } {
  return {
    allowedHosts: flags.allowHost,
    limits: {
      ...(flags.bodyTimeout !== undefined ? { bodyTimeoutMs: flags.bodyTimeout } : {}),
      ...(flags.headersTimeout !== undefined ? { headersTimeoutMs: flags.headersTimeout } : {}),
      ...(flags.maxConnections !== undefined ? { maxConnections: flags.maxConnections } : {}),
      ...(flags.maxJsonDepth !== undefined ? { maxJsonDepth: flags.maxJsonDepth } : {}),
    },
  };
}

/** For the lifetime of a server command: a failure that escaped every handler is logged, not fatal. */
export function guardServerProcess(io: CliIo): () => void {
  return installLastResortGuard((line) => io.stderr(line));
}

function positive(value: string): number {
  if (!/^[1-9]\d*$/.test(value)) throw new InvalidArgumentError("expected a whole number above 0");
  return Number(value);
}
