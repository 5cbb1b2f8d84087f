/**
 * Finding, reading and checking the config file. The file is validated against the published
 * JSON Schema (the one editors use), so the CLI and the editor never disagree about what is
 * allowed; each problem is reported as `<file>: <pointer>: <message>`, exit 2. What the checked
 * config then means (paths, secrets, defaults) is resolve-config.ts.
 */
import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { BadInputError } from "../load/bad-input-error.js";
import { resolveConfig, type ResolvedConfig } from "./resolve-config.js";
import type { ToolgenConfig } from "./toolgen-config.js";

/** Looked for in this order; finding two is an error (which one wins would be a guess). */
export const CONFIG_FILE_NAMES = ["toolgen.config.json", "toolgen.config.mjs", "toolgen.config.js", "toolgen.config.ts", "toolgen.config.mts"];

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
