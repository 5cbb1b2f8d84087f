/**
 * Finding, reading and checking the config file. The file is validated against the published
 * JSON Schema (the one editors use), so the CLI and the editor never disagree about what is
 * allowed; each problem is reported as `<file>: <pointer>: <message>`, exit 2.
 *
 * Relative `source` and `out` paths resolve against the config file's folder, not the working
 * directory, so `toolgen --config ../app/toolgen.config.json` means the same as running it there.
 */
import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { BadInputError } from "../load/bad-input-error.js";
import type { LoadOptions } from "../load/loaded-description.js";
import { resolveSource } from "../load/resolve-source.js";
import type { ToolgenConfig, ToolkitConfig } from "./toolgen-config.js";

/** Looked for in this order; finding two is an error (which one wins would be a guess). */
export const CONFIG_FILE_NAMES = ["toolgen.config.json", "toolgen.config.mjs", "toolgen.config.js", "toolgen.config.ts", "toolgen.config.mts"];

export const DEFAULT_POLL_INTERVAL_MS = 5_000;

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
  readonly load: Pick<LoadOptions, "headers" | "token" | "allowExternalRefs" | "maxBytes" | "timeoutMs">;
}

export interface ResolvedConfig {
  /** The config file, or `undefined` for a one-off run from the command line. */
  readonly file?: string;
  readonly toolkits: readonly ResolvedToolkit[];
  readonly cacheDir: string;
  readonly pollInterval: number;
}

/** The config file in `dir`, if there is one. */
export function findConfigFile(dir: string): string | undefined {
  const found = CONFIG_FILE_NAMES.map((name) => join(dir, name)).filter((path) => existsSync(path));
  if (found.length > 1) throw new BadInputError(`more than one config file (${found.map((f) => relative(dir, f)).join(", ")}); keep one`, dir);
  return found[0];
}

export async function loadConfigFile(path: string, env: Readonly<Record<string, string | undefined>> = process.env): Promise<ResolvedConfig> {
  const file = resolve(path);
  const raw = await readConfigValue(file);
  await validate(raw, file);
  return resolveConfig(raw as ToolgenConfig, file, env);
}

async function readConfigValue(file: string): Promise<unknown> {
  if (!existsSync(file)) throw new BadInputError("no such file", file);
  if (file.endsWith(".json")) {
    const text = await readFile(file, "utf8");
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new BadInputError(`is not valid JSON: ${(error as Error).message}`, file);
    }
  }
  if (!/\.(mjs|js|ts|mts)$/.test(file)) throw new BadInputError("a config file is .json, .mjs, .js, .ts or .mts", file);
  if (/\.m?ts$/.test(file)) {
    const { registerTypeScriptHooks } = await import("./typescript-hooks.js");
    registerTypeScriptHooks();
  }
  let module: Record<string, unknown>;
  try {
    module = (await import(moduleUrl(file))) as Record<string, unknown>;
  } catch (error) {
    throw new BadInputError(`cannot be imported: ${(error as Error).message.split("\n")[0]}`, file);
  }
  const exported = module.default;
  const value = typeof exported === "function" ? await (exported as () => unknown)() : exported;
  if (value === undefined) throw new BadInputError("has no default export (export default defineConfig({ toolkits: [...] }))", file);
  return value;
}

const imported = new Set<string>();

/**
 * A config imported again (`--watch` reloads it when it changes) gets a query with its mtime, so
 * Node loads the new text instead of handing back the first import from its module cache.
 */
function moduleUrl(file: string): string {
  const url = pathToFileURL(file).href;
  if (!imported.has(file)) {
    imported.add(file);
    return url;
  }
  return `${url}?mtime=${statSync(file).mtimeMs}`;
}

async function validate(value: unknown, file: string): Promise<void> {
  const schema = JSON.parse(await readFile(new URL("../../schema/toolgen.config.schema.json", import.meta.url), "utf8")) as object;
  const { default: Ajv } = await import("ajv");
  const ajv = new Ajv.default({ allErrors: false, strict: false });
  const check = ajv.compile(schema);
  if (check(value)) return;
  const error = check.errors?.[0];
  if (error === undefined) throw new BadInputError("does not match the config schema", file);
  const pointer = error.instancePath || "/";
  const detail =
    error.keyword === "additionalProperties"
      ? `unknown field "${(error.params as { additionalProperty: string }).additionalProperty}"`
      : error.keyword === "enum"
        ? `must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(", ")}`
        : (error.message ?? "is not valid");
  throw new BadInputError(`${pointer}: ${detail}`, file);
}

function resolveConfig(config: ToolgenConfig, file: string, env: Readonly<Record<string, string | undefined>>): ResolvedConfig {
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
    runtime: toolkit.runtime ?? "package",
    format: toolkit.format ?? true,
    ...(toolkit.baseUrl !== undefined ? { baseUrl: toolkit.baseUrl } : {}),
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
