/**
 * `toolgen diff <old> <new>`: breaking changes between two versions of a description, judged for
 * the generated client and the model's tools. Both sides go through the same load and model code
 * as the generator. Exit codes: 0; 1 when `--fail-on` finds a finding at or above its level; 2 on
 * bad input (thrown as BadInputError, which main() turns into one line).
 */
import { collect } from "./repeatable-options.js";
import { Option, type Command } from "commander";
import { LEVELS, type Level } from "../diff/change.js";
import { DIFF_FORMATS, type DiffFormat } from "../diff/format-names.js";
import type { CliIo } from "./cli-io.js";

interface DiffCommandFlags {
  format: DiffFormat;
  linkBase?: string;
  failOn?: Level;
  config?: string;
  ignore: string[];
  level: string[];
  token?: string;
  header?: string[];
}

export function addDiffCommand(program: Command, io: CliIo): void {
  program
    .command("diff")
    .description("report the changes between two versions of a description, judged for the generated client and its tools")
    .argument("<old>", "the old description: a tool server's base address, a .yaml/.yml/.json file, hub:<name>, or <rev>:<path> from git (origin/main:api/openapi.yaml)")
    .argument("<new>", "the new description, in the same forms")
    .addOption(
      new Option("--format <format>", "output format (github: GitHub Actions annotations on the files and lines)").choices(DIFF_FORMATS).default("text"),
    )
    .option("--link-base <url>", "markdown: put before file paths in links to lines (e.g. https://github.com/<owner>/<repo>/blob/<sha>/)")
    .addOption(new Option("--fail-on <level>", "exit 1 when a finding at or above this level remains").choices(LEVELS))
    .option("--config <file>", "diff policy file (default: ./toolgen-diff.json when present)")
    .option("--ignore <finding>", 'accept one finding: its fingerprint, or "<rule id> METHOD /path [location]" (repeatable)', collect, [])
    .option("--level <rule=level>", "change a rule's level: breaking, warning, info or off (repeatable)", collect, [])
    .option("--token <token>", "access token, sent as Authorization: token <t> (default: EB_AGENT_ACCESS_TOKEN)")
    .option("--header <header>", 'extra request header for loading, "Name: value" (repeatable)', collect)
    .action(async (oldSource: string, newSource: string, local: DiffCommandFlags, command: Command) => {
      // Commander lets the parent program's options appear after a subcommand too, so when the
      // program itself defines --token/--header (the generate command does), it takes them.
      const parent = (command.parent?.opts() ?? {}) as { token?: unknown; header?: unknown };
      const token = local.token ?? (typeof parent.token === "string" ? parent.token : undefined);
      const header = [...(Array.isArray(parent.header) ? parent.header.map(String) : []), ...(local.header ?? [])];
      const flags = { ...local, header, ...(token !== undefined ? { token } : {}) };
      // Loading, modelling and judging are loaded only when a diff runs (not for --help).
      const [{ loadDescription }, { withOriginalPlaces }, { buildModel }, { runDiff, wantsColor }] = await Promise.all([
        import("../load/load-description.js"),
        import("../load/original-places.js"),
        import("../model/build-model.js"),
        import("./run-diff.js"),
      ]);
      const code = await runDiff(
        oldSource,
        newSource,
        flags,
        io,
        async (source, options) => {
          const loaded = await loadDescription(source, options);
          return withOriginalPlaces(loaded, () => buildModel(loaded));
        },
        { cwd: process.cwd(), color: wantsColor(process.stdout.isTTY, process.env) },
      );
      io.exitCode(code);
    });
}

