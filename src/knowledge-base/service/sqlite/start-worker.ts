/**
 * Starting the SQLite worker module (sqlite-worker.ts) as a thread. From `dist/` it is the compiled
 * `sqlite-worker.js` beside this file. When toolgen runs from its TypeScript sources (the tests),
 * it is `sqlite-worker.ts`, and Node 20 cannot load TypeScript: src/cli/parallel-toolkits.ts has
 * each worker register typescript-hooks.ts, which loads the TypeScript compiler in every thread
 * (a second or more of CPU each; a service starts three threads, and the tests start dozens of
 * services). Here the worker's modules are compiled once per process, on this thread, and each
 * worker gets them through a small module-loader hook that serves the compiled text.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type * as TypeScript from "typescript";

/** `url` and `data` for `module.register`: serves the compiled modules, maps `./x.js` imports to them. */
const HOOKS = `
let sources;
export async function initialize(data) {
  sources = data.sources;
}
export async function resolve(specifier, context, next) {
  if (context.parentURL in sources && /^\\.{1,2}\\//.test(specifier)) {
    const url = new URL(specifier.replace(/\\.js$/, ".ts"), context.parentURL).href;
    if (url in sources) return { url, shortCircuit: true };
  }
  return next(specifier, context);
}
export async function load(url, context, next) {
  if (url in sources) return { format: "module", source: sources[url], shortCircuit: true };
  return next(url, context);
}
`;

const BOOT = `
const { register } = require("node:module");
const { workerData } = require("node:worker_threads");
register(workerData.hooks.url, { data: workerData.hooks.data });
import(workerData.entry);
`;

/** The entry module's compiled graph (file URL -> JavaScript), once per process. */
let compiled: Record<string, string> | undefined;

/** A worker thread running sqlite-worker with `workerData`. */
export function startSqliteWorker(workerData: object): Worker {
  const fromSource = import.meta.url.endsWith(".ts");
  const entry = new URL(`./sqlite-worker.${fromSource ? "ts" : "js"}`, import.meta.url);
  if (!fromSource) return new Worker(entry, { workerData });
  compiled ??= compileGraph(entry);
  const hooks = { url: `data:text/javascript,${encodeURIComponent(HOOKS)}`, data: { sources: compiled } };
  return new Worker(BOOT, { eval: true, workerData: { ...workerData, entry: entry.href, hooks } });
}

/**
 * `entry` and every TypeScript module it imports by a relative path, compiled as typescript-hooks.ts
 * compiles them (types stripped, nothing checked; inline source maps for stack traces).
 */
function compileGraph(entry: URL): Record<string, string> {
  const ts = createRequire(import.meta.url)("typescript") as typeof TypeScript;
  const sources: Record<string, string> = {};
  const todo = [entry.href];
  for (let url = todo.pop(); url !== undefined; url = todo.pop()) {
    if (url in sources) continue;
    const text = readFileSync(new URL(url), "utf8");
    sources[url] = ts.transpileModule(text, {
      fileName: fileURLToPath(url),
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, inlineSourceMap: true, inlineSources: true },
    }).outputText;
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!/^\.{1,2}\//.test(fileName)) continue;
      const imported = new URL(fileName.replace(/\.js$/, ".ts"), url);
      if (existsSync(imported)) todo.push(imported.href);
    }
  }
  return sources;
}
