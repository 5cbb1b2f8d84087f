/**
 * typescript.js (9 MB) is compiled by V8 on every start: 130 ms of CPU in each generation, a
 * tenth of a GitHub run (BENCHMARKS.md, "Generation"). V8 can save what it compiled and start from
 * that instead (a code cache, as Node 22's `module.enableCompileCache()` does for every module;
 * Node 20 has only `vm.Script`'s `cachedData`): loading then takes about 55 ms.
 *
 * - The cache is written once, after the module's top level ran, to the user's cache directory
 *   (`$XDG_CACHE_HOME/toolgen`, `~/.cache/toolgen`, `~/Library/Caches/toolgen`,
 *   `%LOCALAPPDATA%\toolgen`), never to a shared one such as /tmp: code in it runs in toolgen's
 *   process, so only the user may be able to write it. `TOOLGEN_CODE_CACHE=0` turns it off.
 * - Its name holds what V8 does not check: its own version and the file's size and mtime (V8
 *   checks the source's length only). V8 rejects a cache from other flags, or a damaged one; it is
 *   then written again. Any failure to read or write it only means loading without it.
 * - The module is registered in `require.cache` under its resolved name, so openapi-typescript's
 *   own `require("typescript")` gets this very instance.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire, Module } from "node:module";
import { homedir } from "node:os";
import { basename, dirname, join } from "node:path";
import { Script } from "node:vm";

const PREFIX = "typescript-";
/** Caches of other versions kept beside the current one. */
const KEPT_OTHERS = 3;
/** Node's own CommonJS wrapper (lib/internal/modules/cjs/loader.js), so the file runs as `require` runs it. */
const WRAPPER = ["(function (exports, require, module, __filename, __dirname) { ", "\n});"] as const;

/** What the last load did, for the tests: compiled without a cache, or from one. */
export let typeScriptCodeCache: "off" | "written" | "used" | "unwritable" = "off";

/** `require("typescript")` from `from` (a file URL or path), through the code cache when it can. */
export function requireTypeScript(from: string): unknown {
  const require = createRequire(from);
  const filename = require.resolve("typescript");
  const loaded = require.cache[filename];
  if (loaded !== undefined || process.env.TOOLGEN_CODE_CACHE === "0") return require(filename);
  const directory = cacheDirectory();
  if (directory === undefined) return require(filename);
  let source: string;
  let cacheFile: string;
  try {
    const stat = statSync(filename);
    source = readFileSync(filename, "utf8");
    cacheFile = join(directory, `${PREFIX}${stat.size}-${Math.trunc(stat.mtimeMs)}-${process.versions.v8}-${process.arch}.cache`);
  } catch {
    return require(filename);
  }
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new Script(WRAPPER[0] + source + WRAPPER[1], { filename, ...(cachedData !== undefined ? { cachedData } : {}) });
  const module = new Module(filename);
  module.filename = filename;
  const paths = (Module as unknown as { _nodeModulePaths?: (dir: string) => string[] })._nodeModulePaths;
  module.paths = typeof paths === "function" ? paths(dirname(filename)) : [];
  require.cache[filename] = module;
  try {
    (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, createRequire(filename), module, filename, dirname(filename));
  } catch (error) {
    delete require.cache[filename];
    throw error;
  }
  module.loaded = true;
  if (cachedData !== undefined && script.cachedDataRejected !== true) typeScriptCodeCache = "used";
  else typeScriptCodeCache = saveCache(script, directory, cacheFile) ? "written" : "unwritable";
  return module.exports;
}

function cacheDirectory(): string | undefined {
  const env = process.env;
  try {
    if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, "toolgen");
    if (process.platform === "win32") return env.LOCALAPPDATA ? join(env.LOCALAPPDATA, "toolgen") : undefined;
    const home = homedir();
    return process.platform === "darwin" ? join(home, "Library", "Caches", "toolgen") : join(home, ".cache", "toolgen");
  } catch {
    return undefined;
  }
}

/**
 * Written beside and renamed into place: a concurrent start reads a whole file or none. Not
 * atomic-write.ts's writeFileAtomically: this runs while a module loads, so synchronously; its
 * temporary name is per process, and parallel toolkits load this in several threads of one; and
 * the file must be the user's alone (0600).
 */
function saveCache(script: Script, directory: string, cacheFile: string): boolean {
  const temporary = `${cacheFile}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
    renameSync(temporary, cacheFile);
  } catch {
    // Read-only home, full disk: the next start compiles again.
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing was written there.
    }
    return false;
  }
  // Caches of other TypeScript or Node versions: the newest few stay (two projects on two
  // TypeScript versions would otherwise remove each other's on every run), the rest go.
  try {
    const others = readdirSync(directory)
      .filter((name) => name.startsWith(PREFIX) && name.endsWith(".cache") && name !== basename(cacheFile))
      .map((name) => ({ path: join(directory, name), mtime: statSync(join(directory, name)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime);
    for (const { path } of others.slice(KEPT_OTHERS)) rmSync(path, { force: true });
  } catch {
    // Another process removed them first.
  }
  return true;
}
