/**
 * Importing TypeScript modules (a `toolgen.config.ts`, a tools module for `toolgen serve`) on
 * Node 20, which cannot strip types itself: a module-loader hook (`module.register`, Node >=
 * 20.6) compiles each `.ts`/`.mts` file as Node loads it with the TypeScript compiler toolgen
 * already depends on (`transpileModule`: types are stripped, nothing is type-checked). The hook
 * handles the whole import graph, writes nothing to disk, and needs no extra dependency.
 */
import { createRequire, register } from "node:module";
import { pathToFileURL } from "node:url";

/**
 * The loader hooks, as a module of their own (a data: URL, since hooks run on Node's loader
 * thread). `resolve` maps a NodeNext-style `./x.js` import from a `.ts` file to `./x.ts` when only
 * that exists; `load` compiles `.ts`/`.mts` files to ES modules, with an inline source map so
 * stack traces point at the TypeScript lines under `--enable-source-maps`.
 */
const HOOKS = `
import { createHash } from "node:crypto";
import { readFile, rename, writeFile, mkdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
let typescriptUrl;
let ts;
let cacheDir;
export async function initialize(data) {
  typescriptUrl = data.typescript;
  cacheDir = data.cacheDir;
}
export async function resolve(specifier, context, next) {
  const fromTs = context.parentURL !== undefined && /\\.m?ts$/.test(context.parentURL);
  if (fromTs && /^\\.{1,2}\\//.test(specifier) && /\\.m?js$/.test(specifier)) {
    const js = new URL(specifier, context.parentURL);
    const tsUrl = new URL(specifier.replace(/js$/, "ts"), context.parentURL);
    if (!existsSync(fileURLToPath(js)) && existsSync(fileURLToPath(tsUrl))) return next(tsUrl.href, context);
  }
  return next(specifier, context);
}
export async function load(url, context, next) {
  if (!url.startsWith("file:") || !/\\.m?ts$/.test(new URL(url).pathname)) return next(url, context);
  const source = await readFile(new URL(url), "utf8");
  const fileName = fileURLToPath(url);
  const cached = cacheDir === undefined ? undefined : cacheDir + "/" + createHash("sha256").update(typescriptUrl + "\\0" + fileName + "\\0" + source).digest("hex") + ".js";
  if (cached !== undefined && existsSync(cached)) return { format: "module", source: await readFile(cached, "utf8"), shortCircuit: true };
  ts ??= (await import(typescriptUrl)).default;
  const output = ts.transpileModule(source, {
    fileName,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      inlineSourceMap: true,
      inlineSources: true,
    },
  });
  if (cached !== undefined) {
    // Written aside and renamed: a thread reading the same entry sees all of it or none.
    const aside = cached + "." + process.pid + "." + Math.random().toString(36).slice(2);
    await mkdir(cacheDir, { recursive: true });
    await writeFile(aside, output.outputText);
    await rename(aside, cached);
  }
  return { format: "module", source: output.outputText, shortCircuit: true };
}
`;

let hooksRegistered = false;

export function registerTypeScriptHooks(): void {
  if (hooksRegistered) return;
  hooksRegistered = true;
  const { url, data } = typeScriptHooks();
  register(url, { data });
}

/**
 * The hooks as `module.register` takes them, for a thread that registers them itself (a worker
 * thread running toolgen's own TypeScript sources, as under the tests: src/cli/parallel-toolkits.ts).
 * With `cacheDir`, each compiled module is kept there under a hash of its path and text, and the
 * compiler is loaded only for a module not kept yet.
 */
export function typeScriptHooks(cacheDir?: string): { url: string; data: { typescript: string; cacheDir?: string } } {
  const typescript = pathToFileURL(createRequire(import.meta.url).resolve("typescript")).href;
  return { url: `data:text/javascript,${encodeURIComponent(HOOKS)}`, data: { typescript, ...(cacheDir !== undefined ? { cacheDir } : {}) } };
}
