// What an app that uses a generated client installs in production, beside the anchor
// (openapi-fetch, whose generator openapi-typescript is a dev dependency). Each row is a sample app
// in bench/.out/deploy/<row>, installed twice from the npm registry (through npm's cache, so times
// are with a warm cache; the first run of a fresh machine is slower):
//   1. the build install (`npm install`, dev dependencies included): what a CI build pays;
//   2. the production install (`rm -rf node_modules && npm ci --omit=dev`): what ships.
// Rows:
//   toolgen (inline, dev dep)   toolgen packed from this checkout as a devDependency, default output;
//   toolgen (package, dep)      the old way: toolgen as a dependency, --runtime package;
//   openapi-fetch               openapi-fetch as a dependency, openapi-typescript as a devDependency.
// That the production install runs its client is test/deploy/omit-dev.test.ts's job.
// Usage: npm run build && node bench/deploy-size.mjs
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "bench/.out/deploy");
const SPEC = resolve(ROOT, "../shared/corpus/specs/petstore-3.0.yaml");

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const tarball = join(OUT, execFileSync("npm", ["pack", "--ignore-scripts", "--pack-destination", OUT, "--loglevel=error"], { cwd: ROOT, encoding: "utf8" }).trim().split("\n").pop());
const own = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).devDependencies;

function npm(args, cwd) {
  const start = process.hrtime.bigint();
  const result = spawnSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`npm ${args.join(" ")} in ${cwd}:\n${result.stderr}`);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function tree(dir) {
  const modules = join(dir, "node_modules");
  if (!existsSync(modules)) return { packages: 0, bytes: 0 };
  let packages = 0;
  let bytes = 0;
  const walk = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isSymbolicLink()) continue;
      if (entry.isDirectory()) walk(full);
      else bytes += statSync(full).size;
    }
  };
  walk(modules);
  // Installed packages as npm's lock lists them (nested ones included), minus the root.
  const lock = JSON.parse(readFileSync(join(dir, "node_modules/.package-lock.json"), "utf8"));
  packages = Object.keys(lock.packages ?? {}).filter((key) => key.startsWith("node_modules/")).length;
  return { packages, bytes };
}

function app(name, packageJson, build) {
  const dir = join(OUT, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: name.replace(/\W+/g, "-"), version: "1.0.0", private: true, type: "module", ...packageJson }, null, 2));
  const buildSeconds = npm(["install"], dir);
  const buildTree = tree(dir);
  build(dir);
  rmSync(join(dir, "node_modules"), { recursive: true, force: true });
  const prodSeconds = npm(["ci", "--omit=dev"], dir);
  const prodTree = tree(dir);
  return { name, buildSeconds, buildTree, prodSeconds, prodTree };
}

const MB = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
const rows = [
  app("toolgen (inline, dev dep)", { devDependencies: { toolgen: `file:${tarball}` } }, (dir) =>
    execFileSync(join(dir, "node_modules/.bin/toolgen"), [SPEC, "--out", "gen", "--emit", "js", "-q"], { cwd: dir })),
  app("toolgen (package, dep)", { dependencies: { toolgen: `file:${tarball}` } }, (dir) =>
    execFileSync(join(dir, "node_modules/.bin/toolgen"), [SPEC, "--out", "gen", "--emit", "js", "--runtime", "package", "-q"], { cwd: dir })),
  app("openapi-fetch", { dependencies: { "openapi-fetch": own["openapi-fetch"] }, devDependencies: { "openapi-typescript": "~7.13.0" } }, (dir) =>
    execFileSync(join(dir, "node_modules/.bin/openapi-typescript"), [SPEC, "-o", "schema.d.ts"], { cwd: dir, stdio: "ignore" })),
];

const generated = (dir) => {
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
  return bytes;
};
console.log(`| app | build install | production install (npm ci --omit=dev) |`);
console.log(`|---|---|---|`);
for (const row of rows) {
  console.log(`| ${row.name} | ${row.buildTree.packages} packages, ${MB(row.buildTree.bytes)}, ${row.buildSeconds.toFixed(1)} s | ${row.prodTree.packages} packages, ${MB(row.prodTree.bytes)}, ${row.prodSeconds.toFixed(1)} s |`);
}
const inline = join(OUT, "toolgen (inline, dev dep)", "gen");
const runtimeBytes = ["runtime.js", "runtime.d.ts"].reduce((bytes, name) => bytes + statSync(join(inline, name)).size, 0);
console.log(`\ngenerated petstore client with its inlined runtime (--emit js): ${(generated(inline) / 1e3).toFixed(0)} kB, of which runtime.js + runtime.d.ts ${(runtimeBytes / 1e3).toFixed(0)} kB`);
