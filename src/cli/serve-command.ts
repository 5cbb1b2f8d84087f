/**
 * `toolgen serve <module>`: serves the tools a module exports (values made by `defineTool`: a
 * default-exported array, a `tools` array, or any named exports), with the module's optional
 * `namespace` and `version` exports, until SIGINT or SIGTERM.
 *
 * JavaScript modules are imported as they are. TypeScript modules (`.ts`, `.mts`) go through a
 * module-loader hook (`module.register`, Node >= 20.6) that compiles each `.ts` file as Node loads
 * it, with the TypeScript compiler toolgen already depends on (`transpileModule`: types are
 * stripped, nothing is type-checked, so loading is fast and never fails on a type error). Chosen
 * over the alternatives because Node 20 cannot strip types itself, and:
 * - a hook handles the whole import graph: a tools file may import its other `.ts` files, written
 *   NodeNext-style as `./x.js` or directly as `./x.ts`;
 * - nothing is written to disk (a transpiled copy beside the module fails in read-only folders,
 *   and is left behind when the process is killed);
 * - no extra dependency (tsx or ts-node would be one more thing to install, for one command).
 * CommonJS TypeScript (`.cts`) is refused with a hint: Node 20's hooks cannot hand back CommonJS source.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Command } from "commander";
import { registerTypeScriptHooks } from "../config/typescript-hooks.js";
import { BadInputError } from "../load/bad-input-error.js";
import type { AnyTool } from "../server/index.js";
import { addAuthFlags, authFromFlags, describeAuth, type AuthFlags } from "./auth-flags.js";
import type { CliIo } from "./cli-io.js";
import { addServerFlags, guardServerProcess, serverSettings, type ServerFlags } from "./server-flags.js";

export interface ServeFlags extends ServerFlags, AuthFlags {
  port: string;
  host: string;
  namespace?: string;
  version?: string;
}

/** `stop`: for tests, ends the server instead of SIGINT/SIGTERM (see runServe). */
export function addServeCommand(program: Command, io: CliIo, stop?: Promise<unknown>): void {
  const command = program
    .command("serve")
    .description("serve the tools a module exports (made with defineTool from toolgen/server), with a generated description, until SIGINT/SIGTERM")
    .argument("<module>", "a .js/.mjs or .ts/.mts module exporting tools (default export array, `tools`, or named exports)")
    .option("--port <n>", "TCP port (0: any free port)", "5000")
    .option("--host <h>", "interface to listen on (0.0.0.0 to serve other machines)", "127.0.0.1")
    .option("--namespace <name>", "first segment of every tool path and name (default: the module's `namespace` export)")
    .option("--version <v>", "second segment and ?version= (default: the module's `version` export)");
  addAuthFlags(addServerFlags(command)).action((modulePath: string, flags: ServeFlags) => runServe(modulePath, flags, io, stop));
}

/**
 * The command's work, apart from commander: serves until `stop` settles (tests pass their own
 * instead of sending signals to the test runner), by default until SIGINT/SIGTERM.
 */
export async function runServe(modulePath: string, flags: ServeFlags, io: CliIo, stop?: Promise<unknown>): Promise<void> {
  // Before the module is imported: a bad flag or a missing variable is found without side effects.
  const auth = authFromFlags(flags);
  const port = Number(flags.port);
  if (!/^\d+$/.test(flags.port) || port > 65535) throw new BadInputError(`--port "${flags.port}" is not a port number (0-65535)`);
  const loaded = await importToolsModule(resolve(modulePath), modulePath);
  const tools = toolsOf(loaded, modulePath);
  const namespace = flags.namespace ?? stringExport(loaded, "namespace");
  const version = flags.version ?? stringExport(loaded, "version");
  if (!namespace || !version) {
    throw new BadInputError("needs a namespace and a version: export them (`export const namespace = ...`, `export const version = ...`) or pass --namespace and --version", modulePath);
  }
  const { serveTools } = await import("../server/index.js");
  let server: Awaited<ReturnType<typeof serveTools>>;
  try {
    server = await serveTools(tools, {
      namespace,
      version,
      port,
      host: flags.host,
      ...serverSettings(flags),
      ...(auth !== undefined ? { auth } : {}),
      logger: (message, error) => io.stderr(formatLog(message, error)),
    });
  } catch (error) {
    // A definition the server refuses, or a port it cannot have: the user's input, one line.
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof TypeError || code === "EADDRINUSE" || code === "EACCES" || code === "EADDRNOTAVAIL" || code === "ENOTFOUND") {
      throw new BadInputError((error as Error).message.replace(/^serveTools: /, ""), modulePath);
    }
    throw error;
  }
  io.stdout(`Serving ${tools.length} tool${tools.length === 1 ? "" : "s"} of "${namespace}" ${version} on ${server.url}`);
  for (const tool of tools) io.stdout(`  POST ${server.url}/${encodeURIComponent(namespace)}/${encodeURIComponent(version)}/${tool.name}?version=${encodeURIComponent(version)}`);
  io.stdout(`Description: ${server.url}/.well-known/openapi.yaml`);
  if (auth !== undefined) io.stdout(`${describeAuth(auth, flags)} (the description and examples.yaml stay public)`);
  io.stdout("Press Ctrl+C to stop.");
  const unguard = guardServerProcess(io);
  if (stop === undefined) await untilSignal(server, io);
  else await stop.then(() => server.close(), () => server.close());
  unguard();
}

/** The first signal closes gracefully (requests in flight finish); a second one exits at once. */
function untilSignal(server: { close(): Promise<void> }, io: CliIo): Promise<void> {
  return new Promise<void>((done) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        io.stderr(`toolgen serve: ${signal} again, exiting without waiting`);
        process.exit(130);
      }
      stopping = true;
      io.stderr(`toolgen serve: ${signal}, finishing requests in flight`);
      server.close().then(finish, (error: unknown) => {
        io.stderr(`toolgen serve: ${(error as Error).message}`);
        finish();
      });
    };
    const finish = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      done();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

async function importToolsModule(path: string, given: string): Promise<Record<string, unknown>> {
  if (!existsSync(path)) throw new BadInputError("no such file", given);
  if (/\.cts$/.test(path)) throw new BadInputError("CommonJS TypeScript (.cts) cannot be loaded; write the tools as an ES module (.ts/.mts) or compile them to .js", given);
  if (/\.m?ts$/.test(path)) registerTypeScriptHooks();
  try {
    return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    throw new BadInputError(`cannot be imported: ${(error as Error).message.split("\n")[0]}`, given);
  }
}

/** A value made by defineTool: an object with a name, a description, an output schema and run. */
function isTool(value: unknown): value is AnyTool {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === "string" && typeof v.description === "string" && typeof v.run === "function" && typeof v.output === "object" && v.output !== null;
}

function toolsOf(module: Record<string, unknown>, where: string): AnyTool[] {
  const candidates = Array.isArray(module.default) ? module.default : Array.isArray(module.tools) ? module.tools : Object.values(module);
  const tools = [...new Set(candidates.filter(isTool))]; // a tool exported twice is served once
  if (tools.length === 0) throw new BadInputError("exports no tools (values made with defineTool from toolgen/server)", where);
  return tools;
}

function stringExport(module: Record<string, unknown>, name: string): string | undefined {
  const value = module[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

function formatLog(message: string, error: unknown): string {
  if (error === undefined) return message;
  return `${message}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}
