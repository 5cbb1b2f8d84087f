/**
 * The `toolgen` command. Exit codes: 0 success; 1 `--check` drift (or a `diff --fail-on` hit);
 * 2 bad input, with one line naming the problem and the place, never a stack trace; 3 an
 * internal error (a bug in toolgen: please report it).
 */
import { Command, CommanderError } from "commander";
import { BadInputError } from "../load/bad-input-error.js";
import { toolgenVersion } from "../toolgen-version.js";
import { colorsWanted, type CliIo } from "./cli-io.js";
import { styleFor } from "./terminal-style.js";
import { addDiffCommand } from "./diff-command.js";
import { addGenerateCommand } from "./generate-command.js";
import { addKbCommand } from "./kb-command.js";
import { addMcpCommand } from "./mcp-command.js";
import { addServeCommand } from "./serve-command.js";

export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  let code = 0;
  const sink: CliIo = { ...io, exitCode: (c) => void (code = Math.max(code, c)) };
  const program = new Command("toolgen")
    .description("Typed TypeScript clients and language-model tools from a tool server's OpenAPI description")
    .version(toolgenVersion(), "-V, --version")
    // `serve --version <v>` is the served version, not toolgen's: program options stop at a command.
    .enablePositionalOptions()
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout(text.replace(/\n$/, "")),
      writeErr: (text) => io.stderr(text.replace(/\n$/, "")),
    });
  addGenerateCommand(program, sink);
  addDiffCommand(program, sink);
  addKbCommand(program, sink);
  addMcpCommand(program, sink);
  addServeCommand(program, sink);
  try {
    await program.parseAsync([...argv], { from: "user" });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with exit code 0; usage errors were already printed.
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof BadInputError) {
      io.stderr(`${styleFor(io.terminal?.colors === true).red("toolgen:")} ${oneLine(error.message)}`);
      return 2;
    }
    io.stderr(`toolgen: internal error: ${oneLine(error instanceof Error ? error.message : String(error))}`);
    if (process.env.TOOLGEN_DEBUG) io.stderr(String((error as Error).stack));
    return 3;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}

function processIo(): CliIo {
  const terminal = process.stderr.isTTY === true;
  return {
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
    exitCode: () => undefined,
    ...(terminal ? { terminal: { write: (text: string) => void process.stderr.write(text), colors: colorsWanted(process.env, true) } } : {}),
  };
}
