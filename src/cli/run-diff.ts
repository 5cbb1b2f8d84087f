/**
 * The `toolgen diff` command minus commander: load both sides, apply the policy (config file,
 * flags), print, and decide the exit code. The loader is a parameter so tests can run it on
 * in-memory models.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { BadInputError } from "../load/bad-input-error.js";
import type { LoadOptions } from "../load/loaded-description.js";
import type { ToolkitModel } from "../model/toolkit-model.js";
import type { CliIo } from "./cli-io.js";
import type { Level } from "../diff/change.js";
import {
  checkIgnore,
  DEFAULT_CONFIG_FILE,
  mergeConfigs,
  parseLevelFlag,
  readDiffConfig,
  type DiffConfig,
  type LevelSetting,
} from "../diff/diff-config.js";
import { diffModels } from "../diff/diff-models.js";
import { exitCodeFor, formatDiff, type DiffFormat } from "../diff/format.js";

export interface DiffFlags {
  readonly format: DiffFormat;
  /** `--link-base`: markdown links to files go under it. */
  readonly linkBase?: string;
  readonly failOn?: Level;
  readonly config?: string;
  readonly ignore: readonly string[];
  readonly level: readonly string[];
  readonly token?: string;
  readonly header: readonly string[];
}

export type ModelLoader = (source: string, options: LoadOptions) => Promise<ToolkitModel>;

export interface DiffEnvironment {
  /** Where `toolgen-diff.json` is looked for. */
  readonly cwd: string;
  readonly color: boolean;
  readonly now?: Date;
}

/** Returns the exit code: 1 on a `--fail-on` hit, else 0. Bad input throws BadInputError. */
export async function runDiff(
  oldSource: string,
  newSource: string,
  flags: DiffFlags,
  io: CliIo,
  load: ModelLoader,
  env: DiffEnvironment,
): Promise<number> {
  const config = diffConfig(flags, env.cwd);
  const headers = Object.fromEntries(flags.header.map(parseHeader));
  const warned = new Set<string>();
  const options: LoadOptions = {
    headers,
    // `origin/main:api/openapi.yaml`: a side as it is in a git revision.
    gitRevisions: { cwd: env.cwd },
    // Findings name the file, line and column of what changed.
    places: true,
    ...(flags.token !== undefined ? { token: flags.token } : {}),
    onWarning: (message) => {
      if (warned.has(message)) return;
      warned.add(message);
      io.stderr(`toolgen: warning: ${message}`);
    },
  };
  const [oldModel, newModel] = await Promise.all([load(oldSource, options), load(newSource, options)]);
  const result = diffModels(oldModel, newModel, { config, ...(env.now ? { now: env.now } : {}) });
  io.stdout(
    formatDiff(result, flags.format, { color: env.color && flags.format === "text", ...(flags.linkBase !== undefined ? { linkBase: flags.linkBase } : {}) }),
  );
  return exitCodeFor(result, config.failOn);
}

/** Colour only on a terminal, and never when NO_COLOR is set to anything (https://no-color.org). */
export function wantsColor(isTTY: boolean | undefined, env: Readonly<Record<string, string | undefined>>): boolean {
  return isTTY === true && (env.NO_COLOR ?? "") === "";
}

/** toolgen-diff.json (or --config), then the flags, which win. */
export function diffConfig(flags: DiffFlags, cwd: string): DiffConfig {
  const file = flags.config ?? (existsSync(join(cwd, DEFAULT_CONFIG_FILE)) ? join(cwd, DEFAULT_CONFIG_FILE) : undefined);
  const fromFile = file !== undefined ? readDiffConfig(file) : {};
  const levels: Record<string, LevelSetting> = Object.fromEntries(flags.level.map(parseLevelFlag));
  const ignore = flags.ignore.map((entry) => checkIgnore(entry, "--ignore"));
  return mergeConfigs(fromFile, { levels, ignore, ...(flags.failOn ? { failOn: flags.failOn } : {}) });
}

function parseHeader(text: string): [string, string] {
  const colon = text.indexOf(":");
  if (colon <= 0) throw new BadInputError(`--header "${text}" is not of the form "Name: value"`);
  return [text.slice(0, colon).trim(), text.slice(colon + 1).trim()];
}
