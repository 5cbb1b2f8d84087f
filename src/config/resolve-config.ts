/**
 * A checked config -> toolkits ready to run: `source`, `out` and `cacheDir` made absolute from
 * the config file's folder (so `--config ../app/toolgen.config.json` means what running in
 * `../app` means), secrets read from the environment (`tokenEnv`, `${NAME}` in headers), and
 * options defaulted. Two toolkits writing to one folder are refused.
 */
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Level } from "../diff/change.js";
import { BadInputError } from "../load/bad-input-error.js";
import type { LoadOptions } from "../load/loaded-description.js";
import { resolveSource } from "../load/resolve-source.js";
import { DEFAULT_RUNTIME } from "../runtime-kind.js";
import type { ToolgenConfig, ToolkitConfig } from "./toolgen-config.js";

export const DEFAULT_POLL_INTERVAL_MS = 5_000;
/** `toolgen diff`'s policy file (diff/diff-config.ts), named here so a no-change run does not load the diff's rules. */
export const DIFF_POLICY_FILE = "toolgen-diff.json";

/** One toolkit with every path absolute and every option settled. */
export interface ResolvedToolkit {
  readonly name: string;
  /** What to hand to `generate` as the source: a URL, `hub:<name>`, or an absolute file path. */
  readonly source: string;
  readonly out: string;
  readonly emit: "ts" | "js";
  readonly runtime: "package" | "inline";
  readonly format: boolean;
  readonly baseUrl?: string;
  readonly pagination?: ToolkitConfig["pagination"];
  /** Stop without writing on a change at this level since the last generation (`--fail-on` overrides it). */
  readonly failOn?: Level;
  /** The `toolgen-diff.json` whose levels and ignored findings judge that change, when it exists: beside the config, or in the working directory. */
  readonly diffPolicyFile?: string;
  readonly load: Pick<LoadOptions, "headers" | "token" | "allowExternalRefs" | "maxBytes" | "timeoutMs">;
}

export interface ResolvedConfig {
  /** The config file, or `undefined` for a one-off run from the command line. */
  readonly file?: string;
  readonly toolkits: readonly ResolvedToolkit[];
  readonly cacheDir: string;
  readonly pollInterval: number;
  /** Toolkits generated at once, when the config says (`--jobs` overrides it; the CLI's default is the number of cores minus one). */
  readonly jobs?: number;
}

export function resolveConfig(config: ToolgenConfig, file: string, env: Readonly<Record<string, string | undefined>>): ResolvedConfig {
  const dir = dirname(file);
  const toolkits = config.toolkits.map((toolkit, index) => resolveToolkit(toolkit, dir, env, `${file}: /toolkits/${index}`));
  const outs = new Map<string, string>();
  for (const toolkit of toolkits) {
    const other = outs.get(toolkit.out);
    if (other !== undefined) throw new BadInputError(`toolkits "${other}" and "${toolkit.name}" write to the same folder ${relative(dir, toolkit.out) || "."}`, file);
    outs.set(toolkit.out, toolkit.name);
  }
  const names = new Set<string>();
  for (const toolkit of toolkits) {
    if (names.has(toolkit.name)) throw new BadInputError(`two toolkits are named "${toolkit.name}"`, file);
    names.add(toolkit.name);
  }
  return {
    file,
    toolkits,
    cacheDir: config.cacheDir !== undefined ? resolve(dir, config.cacheDir) : defaultCacheDir(dir),
    pollInterval: config.pollInterval ?? DEFAULT_POLL_INTERVAL_MS,
    ...(config.jobs !== undefined ? { jobs: config.jobs } : {}),
  };
}

function resolveToolkit(toolkit: ToolkitConfig, dir: string, env: Readonly<Record<string, string | undefined>>, where: string): ResolvedToolkit {
  const out = resolve(dir, toolkit.out);
  const headers = toolkit.headers === undefined ? undefined : expandHeaders(toolkit.headers, env, where);
  const token = toolkit.tokenEnv !== undefined ? tokenFrom(toolkit.tokenEnv, env, where) : undefined;
  return {
    name: toolkit.name ?? (relative(dir, out) || "."),
    source: resolveSourceIn(toolkit.source, dir, env),
    out,
    emit: toolkit.emit ?? "ts",
    runtime: toolkit.runtime ?? DEFAULT_RUNTIME,
    format: toolkit.format ?? true,
    ...(toolkit.baseUrl !== undefined ? { baseUrl: toolkit.baseUrl } : {}),
    ...(toolkit.pagination !== undefined ? { pagination: toolkit.pagination } : {}),
    ...(toolkit.failOn !== undefined ? { failOn: toolkit.failOn } : {}),
    diffPolicyFile: join(dir, DIFF_POLICY_FILE),
    load: {
      ...(headers !== undefined ? { headers } : {}),
      ...(token !== undefined ? { token } : {}),
      ...(toolkit.allowExternalRefs !== undefined ? { allowExternalRefs: toolkit.allowExternalRefs } : {}),
      ...(toolkit.maxBytes !== undefined ? { maxBytes: toolkit.maxBytes } : {}),
      ...(toolkit.timeoutMs !== undefined ? { timeoutMs: toolkit.timeoutMs } : {}),
    },
  };
}

/**
 * URLs and `hub:` names pass through; a file path becomes absolute, relative to the config. The
 * same reading of "what is this source" as the CLI's (`resolveSource`), only from another folder.
 */
function resolveSourceIn(source: string, dir: string, env: Readonly<Record<string, string | undefined>>): string {
  const resolved = resolveSource(source, env, dir);
  return resolved.kind === "file" ? fileURLToPath(resolved.documentUrl) : source;
}

function expandHeaders(headers: Readonly<Record<string, string>>, env: Readonly<Record<string, string | undefined>>, where: string): Record<string, string> {
  const expanded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    expanded[name] = value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, variable: string) => {
      const found = env[variable];
      if (found === undefined) throw new BadInputError(`header "${name}" needs the environment variable ${variable}, which is not set`, `${where}/headers`);
      return found;
    });
  }
  return expanded;
}

function tokenFrom(variable: string, env: Readonly<Record<string, string | undefined>>, where: string): string {
  const token = env[variable];
  if (token === undefined || token === "") throw new BadInputError(`tokenEnv names ${variable}, which is not set`, `${where}/tokenEnv`);
  return token;
}

/** `node_modules/.cache/toolgen` beside the config, the place build tools keep caches by convention. */
export function defaultCacheDir(dir: string): string {
  return join(dir, "node_modules", ".cache", "toolgen");
}
