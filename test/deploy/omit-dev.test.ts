/**
 * An app keeps toolgen as a dev dependency, generates its client at build time, and
 * deploys with `npm ci --omit=dev`. The production install must hold no package at all, and the
 * client must run from a folder outside this repository, where nothing can resolve `toolgen`.
 *
 * toolgen is installed into the sample app as a `file:` link to this checkout, which npm resolves
 * from the checkout's own node_modules: no registry access, so the test runs offline. The
 * production install and the run do not depend on how the dev dependency got there.
 * bench/deploy-size.mjs measures the same install from a packed tarball beside openapi-fetch.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startWordListServer, type WordListServer } from "../runtime/adapters/word-list-server.js";
import { REPO_ROOT } from "../support/output-dir.js";

const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const QUIET = ["--offline", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"];

let server: WordListServer;
let app: string;
beforeAll(async () => {
  server = await startWordListServer();
  app = mkdtempSync(join(tmpdir(), "toolgen-sample-app-"));
});
afterAll(async () => {
  await server.close();
  rmSync(app, { recursive: true, force: true });
});

/** Runs a command without blocking this process, whose event loop serves the tool server. */
function run(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, encoding: "utf8", env: { ...process.env, NODE_PATH: "" }, timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(" ")} failed (${String(error.code)}):\n${stdout}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** Every package in node_modules (scoped ones by their full name), ignoring npm's own bookkeeping. */
function installedPackages(dir: string): string[] {
  const modules = join(dir, "node_modules");
  if (!existsSync(modules)) return [];
  return readdirSync(modules)
    .filter((name) => !name.startsWith("."))
    .flatMap((name) => (name.startsWith("@") ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`) : [name]));
}

/** The app's own code: calls two operations, the model path, and an adapter, all from the generated module. */
const appSource = (baseUrl: string, tag: string): string => `import { addWord, getWords, toolkit, toOpenAITools, ToolCallError } from "./gen/index.js";
const baseUrl = ${JSON.stringify(baseUrl)};
const added = await addWord({ word: "deployed ${tag}" }, { baseUrl });
const words = await getWords({}, { baseUrl });
const viaModel = await toolkit.call("WordBook__v1__AddWord", '{"word":"by model ${tag}"}', { baseUrl });
const tools = toOpenAITools(toolkit).map((tool) => tool.function.name);
let status = 0;
try { await addWord({ word: "x" }, { baseUrl: baseUrl + "/nowhere" }); } catch (error) { if (error instanceof ToolCallError) status = error.status ?? -1; }
console.log(JSON.stringify({ added, words, viaModel, tools, status }));
`;

describe.each([
  ["js", "app.mjs"],
  ["ts", "app.ts"],
] as const)("--emit %s, default runtime", (emit, entry) => {
  let appDir: string;
  beforeAll(() => {
    appDir = join(app, emit);
    mkdirSync(appDir);
    writeFileSync(
      join(appDir, "package.json"),
      JSON.stringify({ name: `sample-app-${emit}`, version: "1.0.0", private: true, type: "module", devDependencies: { toolgen: `file:${REPO_ROOT}` } }, null, 2),
    );
    writeFileSync(join(appDir, entry), appSource(server.url, emit));
  });

  test("builds with toolgen as a dev dependency, deploys with --omit=dev, and the client runs", async () => {
    // Build machine: install with dev dependencies, generate, (for TypeScript) compile.
    await run(NPM, ["install", ...QUIET], appDir);
    expect(installedPackages(appDir)).toEqual(["toolgen"]);
    await run(join(appDir, "node_modules/.bin/toolgen"), [server.url, "--out", "gen", "--emit", emit], appDir);
    const generated = readdirSync(join(appDir, "gen"), { recursive: true }).map(String);
    expect(generated).toContain(`runtime.${emit}`);
    for (const file of generated.filter((f) => /\.(ts|js)$/.test(f))) {
      expect(readFileSync(join(appDir, "gen", file), "utf8"), file).not.toMatch(/from\s+["']toolgen/);
    }
    if (emit === "ts") {
      writeFileSync(
        join(appDir, "tsconfig.json"),
        JSON.stringify({ compilerOptions: { strict: true, module: "nodenext", target: "es2022", outDir: "dist", skipLibCheck: true, types: [] }, include: ["app.ts", "gen"] }),
      );
      await run(process.execPath, [join(REPO_ROOT, "node_modules/typescript/bin/tsc"), "-p", "."], appDir);
    }

    // Production: a clean install without dev dependencies holds nothing, and the app still runs.
    rmSync(join(appDir, "node_modules"), { recursive: true, force: true });
    await run(NPM, ["ci", "--omit=dev", ...QUIET], appDir);
    expect(installedPackages(appDir)).toEqual([]);
    const out = await run(process.execPath, [emit === "ts" ? "dist/app.js" : entry], appDir);
    const result = JSON.parse(out) as { added: unknown; words: unknown; viaModel: unknown; tools: string[]; status: number };
    expect(result.added).toMatchObject({ message: `Added "deployed ${emit}" to the word list.` });
    expect(result.words).toMatchObject({ words: expect.arrayContaining([`deployed ${emit}`]) });
    expect(result.viaModel).toMatchObject({ message: `Added "by model ${emit}" to the word list.` });
    expect(result.tools).toEqual(["WordBook__v1__AddWord", "WordBook__v1__GetWords"]);
    expect(result.status).toBe(404);
    expect(server.words).toEqual(expect.arrayContaining([`deployed ${emit}`, `by model ${emit}`]));
  });
});
