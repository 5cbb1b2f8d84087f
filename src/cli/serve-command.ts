/**
 * `toolgen serve <module>`: serves the tools a module exports. JavaScript modules are imported as
 * they are. A `.ts` module is transpiled with the TypeScript compiler toolgen already depends on
 * (no extra loader to install, and Node 20 cannot strip types itself) into a temporary `.mjs`
 * beside it, so its relative imports of `.js` files still resolve; it must not import other `.ts`
 * files directly (compile those, or point `serve` at the compiled `.js`).
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Command } from "commander";
import { BadInputError } from "../load/bad-input-error.js";
import type { CliIo } from "./cli-io.js";

interface ServeFlags {
  port: string;
  host: string;
  namespace?: string;
  version?: string;
}

export function addServeCommand(program: Command, io: CliIo): void {
  program
    .command("serve")
    .description("serve the tools a module exports (defineTool) with a generated description, until SIGINT/SIGTERM")
    .argument("<module>", "a .js/.mjs module (or a self-contained .ts file) exporting tools")
    .option("--port <n>", "TCP port (0: any free port)", "5000")
    .option("--host <h>", "interface to listen on", "127.0.0.1")
    .option("--namespace <name>", "first segment of every tool name (default: the module's `namespace` export)")
    .option("--version <v>", "second segment and ?version= (default: the module's `version` export)")
    .action(async (modulePath: string, flags: ServeFlags) => {
      const { serveTools } = await import("../server/index.js");
      const loaded = await importModule(resolve(modulePath));
      const tools = toolsOf(loaded, modulePath);
      const namespace = flags.namespace ?? (typeof loaded.namespace === "string" ? loaded.namespace : undefined);
      const version = flags.version ?? (typeof loaded.version === "string" ? loaded.version : undefined);
      if (!namespace || !version) throw new BadInputError("needs a namespace and a version: export them from the module or pass --namespace and --version", modulePath);
      const port = Number(flags.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new BadInputError(`--port "${flags.port}" is not a port number`);
      const server = await serveTools(tools, { namespace, version, port, host: flags.host });
      io.stdout(`Serving ${tools.length} tools of "${namespace}" ${version} on ${server.url}`);
      io.stdout(`Description: ${server.url}/.well-known/openapi.yaml`);
      await new Promise<void>((done) => {
        const stop = () => {
          process.off("SIGINT", stop);
          process.off("SIGTERM", stop);
          server.close().then(done, done);
        };
        process.on("SIGINT", stop);
        process.on("SIGTERM", stop);
      });
    });
}

async function importModule(path: string): Promise<Record<string, unknown>> {
  if (!/\.(ts|mts)$/.test(path)) {
    try {
      return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    } catch (error) {
      throw new BadInputError(`cannot be imported: ${(error as Error).message.split("\n")[0]}`, path);
    }
  }
  const ts = (await import("typescript")).default;
  const source = await readFile(path, "utf8").catch(() => {
    throw new BadInputError("no such file", path);
  });
  const output = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    fileName: path,
  }).outputText;
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.toolgen.mjs`);
  await writeFile(temporary, output);
  try {
    return (await import(pathToFileURL(temporary).href)) as Record<string, unknown>;
  } catch (error) {
    throw new BadInputError(`cannot be imported: ${(error as Error).message.split("\n")[0]}`, path);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** Tools are the values made by defineTool: a default-exported array, or any exports that look like tools. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function toolsOf(module: Record<string, unknown>, where: string): any[] {
  const isTool = (v: unknown) => typeof v === "object" && v !== null && typeof (v as { run?: unknown }).run === "function" && typeof (v as { name?: unknown }).name === "string";
  const candidates = Array.isArray(module.default) ? module.default : Array.isArray(module.tools) ? module.tools : Object.values(module);
  const tools = candidates.filter(isTool);
  if (tools.length === 0) throw new BadInputError("exports no tools (values made with defineTool)", where);
  return tools;
}
