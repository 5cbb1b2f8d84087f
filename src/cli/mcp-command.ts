/**
 * `toolgen mcp <source>`: serves every tool of a tool server as an MCP server, over stdio by
 * default (what MCP clients launch), or over streamable HTTP with `--http <port>`. The toolkit is
 * built at run time (loadToolkit: no code generation); each call goes to the tool server over
 * HTTP. In stdio mode stdout carries the protocol, so everything else goes to stderr.
 *
 *   {"mcpServers": {"wordbook": {"command": "npx", "args": ["toolgen", "mcp", "http://127.0.0.1:5000"]}}}
 */
import { collect, parseHeader } from "./repeatable-options.js";
import { InvalidArgumentError, type Command } from "commander";
import { BadInputError } from "../load/bad-input-error.js";
import type { CliIo } from "./cli-io.js";
import { addServerFlags, guardServerProcess, serverSettings, type ServerFlags } from "./server-flags.js";

interface McpFlags extends ServerFlags {
  maxResponseBytes?: number;
  baseUrl?: string;
  header: string[];
  auth: string[];
  token?: string;
  http?: number;
  host: string;
  outputSchema: boolean;
  maxNameLength?: number;
  timeout?: number;
  files?: string;
  maxFileBytes?: number;
}

export function addMcpCommand(program: Command, io: CliIo): void {
  const command = program
    .command("mcp")
    .description("serve a tool server's tools as a Model Context Protocol server (stdio, or streamable HTTP with --http)")
    .argument("<source>", "tool server base address, a .yaml/.yml/.json file, or hub:<name>")
    .option("--base-url <url>", "where calls go (default: the source's address, or servers[0].url of a file)")
    .option("--header <header>", 'header sent when loading and on every call, "Name: value" (repeatable)', collect, [])
    .option(
      "--auth <scheme=value>",
      "credential of a security scheme of the description (repeatable; basic as user:password). Without it each is read from TOOLGEN_AUTH_<SCHEME>, which keeps it off the command line",
      collect,
      [],
    )
    .option("--token <token>", "access token, sent as Authorization: token <t> (default: EB_AGENT_ACCESS_TOKEN for hub: sources)")
    .option("--http <port>", "serve streamable HTTP at http://<host>:<port>/mcp instead of stdio (0: any free port)", parsePort)
    .option("--host <host>", "interface for --http", "127.0.0.1")
    .option("--max-name-length <n>", "longest tool name (8-64, default 64; lower it for clients that prefix names)", parseLength)
    .option("--timeout <ms>", "timeout of each call to the tool server in milliseconds", parseLength)
    .option("--max-response-bytes <n>", "largest answer read from the tool server (default 33554432, 32 MiB); a larger one is a tool error", parseLength)
    .option("--no-output-schema", "do not declare output schemas (for servers whose answers stray from their description)")
    .option("--files <dir>", "keep the files tools exchange in this folder (default: in memory, gone when the bridge stops)")
    .option("--max-file-bytes <n>", "largest file a tool may be sent or may return (default 20971520, 20 MiB)", parseLength);
  addServerFlags(command)
    .action(async (source: string, flags: McpFlags) => {
      const headers = Object.fromEntries(flags.header.map(parseHeader));
      const auth = Object.fromEntries(flags.auth.map(parseAuth));
      // The MCP SDK, and loading a toolkit at run time, are loaded only by this command.
      const [{ serveMcpHttp, serveMcpStdio }, { loadToolkit }, { DiskFileStore }] = await Promise.all([
        import("../mcp/serve.js"),
        import("../load-toolkit/load-toolkit.js"),
        import("../runtime/files/disk-file-store.js"),
      ]);
      const toolkit = await loadToolkit(source, {
        headers,
        ...(flags.token !== undefined ? { token: flags.token } : {}),
        ...(flags.baseUrl !== undefined ? { baseUrl: flags.baseUrl } : {}),
        ...(flags.maxNameLength !== undefined ? { wireNameMaxLength: flags.maxNameLength } : {}),
        authFromEnv: true,
        files: {
          ...(flags.files !== undefined ? { store: new DiskFileStore(flags.files) } : {}),
          ...(flags.maxFileBytes !== undefined ? { maxFileBytes: flags.maxFileBytes } : {}),
        },
        callOptions: {
          ...(Object.keys(auth).length > 0 ? { auth } : {}),
          ...(flags.timeout !== undefined ? { timeoutMs: flags.timeout } : {}),
          ...(flags.maxResponseBytes !== undefined ? { maxResponseBytes: flags.maxResponseBytes } : {}),
        },
        onWarning: (message) => io.stderr(`toolgen: warning: ${message}`),
      });
      const declared = Object.keys(toolkit.securitySchemes ?? {});
      for (const name of Object.keys(auth)) {
        if (!declared.includes(name)) {
          throw new BadInputError(`--auth names the security scheme "${name}", which the description does not declare (${declared.length > 0 ? `it declares ${declared.map((d) => `"${d}"`).join(", ")}` : "it declares none"})`);
        }
      }
      const options = { outputSchema: flags.outputSchema };
      const summary = `${toolkit.tools.length} tools of "${toolkit.title}"${toolkit.version === "" ? "" : ` ${toolkit.version}`}`;
      if (flags.http === undefined) {
        io.stderr(`toolgen: serving ${summary} over stdio`);
        await serveMcpStdio(toolkit, options);
        return;
      }
      let server;
      try {
        server = await serveMcpHttp(toolkit, { ...options, port: flags.http, host: flags.host, ...serverSettings(flags) });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        throw new BadInputError(`cannot listen on ${flags.host}:${flags.http}${code === "EADDRINUSE" ? ": the port is in use" : `: ${(error as Error).message}`}`);
      }
      io.stderr(`toolgen: serving ${summary} at ${server.url}`);
      const unguard = guardServerProcess(io);
      const signal = await untilSignal();
      unguard();
      io.stderr(`toolgen: stopping (${signal})`);
      await server.close();
    });
}

function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      resolve(signal);
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  });
}



function parseAuth(value: string): [string, string] {
  const at = value.indexOf("=");
  // The value is a secret: the message never repeats it.
  if (at <= 0 || at === value.length - 1) throw new BadInputError("--auth expects <scheme>=<value>, with a scheme name and a value on either side of the first =");
  return [value.slice(0, at), value.slice(at + 1)];
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) throw new InvalidArgumentError("expected a port number from 0 to 65535");
  return port;
}

function parseLength(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError("expected a whole number");
  return Number(value);
}
