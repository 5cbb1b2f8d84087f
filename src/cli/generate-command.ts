/**
 * `toolgen <source> --out <dir>` (one toolkit from the command line) and `toolgen` with no
 * source (every toolkit of `toolgen.config.json`), each with `--check`, `--watch` and `--offline`.
 */
import { relative, resolve } from "node:path";
import { Option, type Command } from "commander";
import { BadInputError } from "../load/bad-input-error.js";
import type { ResolvedConfig, ResolvedToolkit } from "../config/resolve-config.js";
import { LEVELS, type Level } from "../diff/change.js";
import { DEFAULT_RUNTIME } from "../runtime-kind.js";
import type { CliIo } from "./cli-io.js";
import { ProgressReporter, type Verbosity } from "./progress-reporter.js";
import { collect, parseHeader } from "./repeatable-options.js";

interface GenerateFlags {
  out?: string;
  config?: string;
  check?: boolean;
  force?: boolean;
  watch?: boolean;
  offline?: boolean;
  cacheDir?: string;
  pollInterval?: string;
  jobs?: string;
  emit: "ts" | "js";
  runtime: "package" | "inline";
  baseUrl?: string;
  header: string[];
  token?: string;
  format: boolean;
  quiet?: boolean;
  verbose?: boolean;
  allowExternalRefs?: boolean;
  failOn?: Level;
}

/** Options that describe one toolkit: in config mode they belong in the config file. */
const PER_TOOLKIT = ["out", "emit", "runtime", "baseUrl", "header", "token", "format", "allowExternalRefs"] as const;

export function addGenerateCommand(program: Command, io: CliIo): void {
  program
    .argument("[source]", "tool server base address (http://127.0.0.1:5000), a .yaml/.yml/.json file, or hub:<name>; without it, every toolkit of toolgen.config.json")
    .option("-o, --out <dir>", "output directory")
    .option("-c, --config <file>", "config file (default: toolgen.config.{json,mjs,js,ts,mts} in the working directory)")
    .option("--check", "write nothing; exit 1 and name each file that differs from what would be generated, and why")
    .option("--force", "generate (or check) in full even when the description, options and toolgen version are unchanged since the lock")
    .option("-w, --watch", "generate, then regenerate when a local description changes or a remote one does (polled)")
    .option("--offline", "use the descriptions fetched last time (the cache) instead of the network")
    .option("--cache-dir <dir>", "where fetched descriptions are kept for --offline (default: node_modules/.cache/toolgen)")
    .option("--poll-interval <ms>", "--watch: milliseconds between polls of remote descriptions (default 5000)")
    .option("-j, --jobs <n>", "toolkits of a config generated at once, on this thread and worker threads (default: the config's jobs, else the number of cores minus one; 1: one after the other)")
    .addOption(new Option("--emit <kind>", "ts: TypeScript files; js: .js + .d.ts").choices(["ts", "js"]).default("ts"))
    .addOption(
      new Option("--runtime <kind>", "inline: copy the runtime into <out>/runtime, so the app needs no package; package: import toolgen/runtime")
        .choices(["inline", "package"])
        .default(DEFAULT_RUNTIME),
    )
    .option("--base-url <url>", "default base address of the generated client (instead of the source's)")
    .option("--header <header>", 'extra request header for loading, "Name: value" (repeatable)', collect, [])
    .option("--token <token>", "access token, sent as Authorization: token <t> (default: EB_AGENT_ACCESS_TOKEN)")
    .option("--allow-external-refs", "let $refs reach other origins, or files outside the description's folder")
    .addOption(
      new Option("--fail-on <level>", "when the description changed since the last generation with a finding at this level or above, write nothing and exit 1 (overrides each toolkit's failOn)").choices(
        LEVELS,
      ),
    )
    .option("--no-format", "skip prettier")
    .option("-q, --quiet", "print only errors")
    .option("-v, --verbose", "also print each document read and the time of each stage")
    .action(async (source: string | undefined, flags: GenerateFlags, command: Command) => {
      if (flags.quiet && flags.verbose) throw new BadInputError("--quiet and --verbose cannot be used together");
      if (flags.check && flags.watch) throw new BadInputError("--check and --watch cannot be used together");
      const pollInterval = flags.pollInterval === undefined ? undefined : parseInterval(flags.pollInterval);
      const jobs = flags.jobs === undefined ? undefined : parseJobs(flags.jobs);
      const { findConfigFile, loadConfigFile } = await import("../config/load-config.js");
      const { defaultCacheDir, DEFAULT_POLL_INTERVAL_MS, DIFF_POLICY_FILE } = await import("../config/resolve-config.js");
      // The config file with what the command line says about the whole run.
      const loadWithFlags = async (file: string): Promise<ResolvedConfig> => {
        const loaded = await loadConfigFile(file);
        const failOn = flags.failOn;
        return {
          ...loaded,
          ...(failOn !== undefined ? { toolkits: loaded.toolkits.map((toolkit) => ({ ...toolkit, failOn })) } : {}),
          ...(flags.cacheDir !== undefined ? { cacheDir: resolve(flags.cacheDir) } : {}),
          ...(pollInterval !== undefined ? { pollInterval } : {}),
        };
      };
      let config: ResolvedConfig;
      if (source !== undefined) {
        if (flags.config !== undefined) throw new BadInputError("give a source or --config, not both");
        if (!flags.out) throw new BadInputError("--out <dir> is required");
        config = {
          toolkits: [{ ...oneOffToolkit(source, flags), diffPolicyFile: resolve(DIFF_POLICY_FILE) }],
          cacheDir: resolve(flags.cacheDir ?? defaultCacheDir(process.cwd())),
          pollInterval: pollInterval ?? DEFAULT_POLL_INTERVAL_MS,
        };
      } else {
        const file = flags.config ?? findConfigFile(process.cwd());
        if (file === undefined) {
          program.outputHelp();
          return;
        }
        const given = PER_TOOLKIT.filter((name) => command.getOptionValueSource(name) === "cli");
        if (given.length > 0) {
          throw new BadInputError(`--${given.map(kebab).join(", --")} describe${given.length === 1 ? "s" : ""} one toolkit; set it per toolkit in ${relative(process.cwd(), file) || file}`);
        }
        config = await loadWithFlags(file);
      }
      const verbosity: Verbosity = flags.quiet ? "quiet" : flags.verbose ? "verbose" : "normal";
      const reporter = new ProgressReporter(io, verbosity);
      // Toolkit names prefix the lines once there are several (of the config in use: --watch reloads it).
      let active = config;
      const label = (toolkit: ResolvedToolkit) => (active.toolkits.length > 1 ? toolkit.name : undefined);
      const runOptions = {
        check: flags.check === true,
        force: flags.force === true,
        offline: flags.offline === true,
        onProgress: (toolkit: ResolvedToolkit, event: Parameters<ProgressReporter["progress"]>[1]) => reporter.progress(label(toolkit), event),
        onWarning: (toolkit: ResolvedToolkit, message: string) => reporter.warning(label(toolkit), message),
      };
      if (config.file !== undefined) reporter.verbose(`config ${config.file}: ${config.toolkits.length} toolkit${config.toolkits.length === 1 ? "" : "s"}`);
      reporter.verbose(`cache ${config.cacheDir}${flags.offline ? " (offline: the network is not used)" : ""}`);

      // The runners (worker threads, the watch, the reports of outcomes) load when a run starts, not for --help.
      if (flags.watch) {
        const { watchUntilStopped } = await import("./watch-loop.js");
        const reload = async (file: string): Promise<ResolvedConfig> => (active = await loadWithFlags(file));
        await watchUntilStopped(config, reload, reporter, io, runOptions, label);
        return;
      }

      const { runAndReport } = await import("./parallel-toolkits.js");
      await runAndReport(config, runOptions, { ...(jobs !== undefined ? { jobs } : {}), reporter, io, check: flags.check === true });
    });
}

function oneOffToolkit(source: string, flags: GenerateFlags): ResolvedToolkit {
  const out = resolve(flags.out ?? ".");
  const headers = Object.fromEntries(flags.header.map(parseHeader));
  return {
    name: relative(process.cwd(), out) || ".",
    source,
    out,
    emit: flags.emit,
    runtime: flags.runtime,
    format: flags.format,
    ...(flags.baseUrl !== undefined ? { baseUrl: flags.baseUrl } : {}),
    ...(flags.failOn !== undefined ? { failOn: flags.failOn } : {}),
    load: {
      headers,
      allowExternalRefs: flags.allowExternalRefs === true,
      ...(flags.token !== undefined ? { token: flags.token } : {}),
    },
  };
}

/** `--jobs <n>`: a whole number, at least 1. */
function parseJobs(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new BadInputError(`--jobs "${text}" must be a whole number, at least 1`);
  return Number(text);
}

function parseInterval(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 100) throw new BadInputError(`--poll-interval "${text}" must be a whole number of milliseconds, at least 100`);
  return value;
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
