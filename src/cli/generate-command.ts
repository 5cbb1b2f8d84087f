/** `toolgen <source> --out <dir>`: the generate path as a command. */
import { collect, parseHeader } from "./repeatable-options.js";
import { relative } from "node:path";
import { Option, type Command } from "commander";
import { BadInputError } from "../load/bad-input-error.js";
import type { CliIo } from "./cli-io.js";

interface GenerateFlags {
  out?: string;
  check?: boolean;
  emit: "ts" | "js";
  runtime: "package" | "inline";
  baseUrl?: string;
  header: string[];
  token?: string;
  format: boolean;
  quiet?: boolean;
  allowExternalRefs?: boolean;
}

export function addGenerateCommand(program: Command, io: CliIo): void {
  program
    .argument("[source]", "tool server base address (http://127.0.0.1:5000), a .yaml/.yml/.json file, or hub:<name>")
    .option("-o, --out <dir>", "output directory")
    .option("--check", "write nothing; exit 1 and list the files that differ from what would be generated")
    .addOption(new Option("--emit <kind>", "ts: TypeScript files; js: .js + .d.ts").choices(["ts", "js"]).default("ts"))
    .addOption(
      new Option("--runtime <kind>", "package: import toolgen/runtime; inline: copy the runtime into <out>/runtime")
        .choices(["package", "inline"])
        .default("package"),
    )
    .option("--base-url <url>", "default base address of the generated client (instead of the source's)")
    .option("--header <header>", 'extra request header for loading, "Name: value" (repeatable)', collect, [])
    .option("--token <token>", "access token, sent as Authorization: token <t> (default: EB_AGENT_ACCESS_TOKEN)")
    .option("--allow-external-refs", "let $refs reach other origins, or files outside the description's folder")
    .option("--no-format", "skip prettier")
    .option("-q, --quiet", "print only errors")
    .action(async (source: string | undefined, flags: GenerateFlags) => {
      if (source === undefined) {
        program.outputHelp();
        return;
      }
      if (!flags.out) throw new BadInputError("--out <dir> is required");
      const headers = Object.fromEntries(flags.header.map(parseHeader));
      // Loaded here, not at start-up: openapi-typescript, ts-morph and prettier cost ~1.6 s to
      // import, which every other command (serve, kb serve, mcp, diff) would pay for nothing.
      const { generate } = await import("../generate.js");
      const result = await generate(source, {
        out: flags.out,
        check: flags.check === true,
        emit: flags.emit,
        runtime: flags.runtime,
        format: flags.format,
        headers,
        allowExternalRefs: flags.allowExternalRefs === true,
        ...(flags.baseUrl !== undefined ? { baseUrl: flags.baseUrl } : {}),
        ...(flags.token !== undefined ? { token: flags.token } : {}),
        onWarning: (message) => io.stderr(`toolgen: warning: ${message}`),
      });
      const where = relative(process.cwd(), flags.out) || ".";
      const summary = `${result.model.operations.length} operations of "${result.model.title}" ${result.model.version}`;
      if (flags.check) {
        if (result.stale.length > 0) {
          for (const file of result.stale) io.stderr(`toolgen: ${where}/${file} is out of date`);
          io.exitCode(1);
          return;
        }
        if (!flags.quiet) io.stdout(`${where}: up to date (${summary})`);
        return;
      }
      if (!flags.quiet) io.stdout(`Generated ${summary} into ${where}/ (${result.files.length} files)`);
    });
}


