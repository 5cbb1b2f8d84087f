/**
 * typescript.js is loaded through a V8 code cache in the user's cache directory
 * (src/emit/typescript-code-cache.ts). Each case runs a fresh Node on the built module with its
 * own XDG_CACHE_HOME: the first start writes the cache, the next uses it, a damaged or foreign
 * file is replaced, only the newest few of other versions' files stay, and nothing breaks where
 * nothing can be written.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, expect, test } from "vitest";

const DIST = resolve(import.meta.dirname, "../../dist/emit");
// One openapi-typescript module that requires "typescript" itself: it must get the same instance.
const PROBE = `
  import { createRequire } from "node:module";
  const { ts } = await import(${JSON.stringify(pathToFileURL(join(DIST, "typescript-compiler.js")).href)});
  await import(${JSON.stringify(pathToFileURL(join(DIST, "openapi-typescript-transform.js")).href)});
  const cache = await import(${JSON.stringify(pathToFileURL(join(DIST, "typescript-code-cache.js")).href)});
  const otsRequire = createRequire(createRequire(import.meta.url).resolve("openapi-typescript/dist/lib/ts.cjs"));
  const printed = ts.createPrinter().printNode(ts.EmitHint.Unspecified, ts.factory.createTypeReferenceNode("Works"), ts.createSourceFile("x.ts", "", ts.ScriptTarget.ESNext));
  console.log(JSON.stringify({ state: cache.typeScriptCodeCache, same: otsRequire("typescript") === ts, printed, version: ts.version }));
`;

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) {
    chmodSync(folder, 0o700);
    rmSync(folder, { recursive: true, force: true });
  }
});

function cacheHome(): string {
  const folder = mkdtempSync(join(tmpdir(), "toolgen-code-cache-"));
  folders.push(folder);
  return folder;
}

function start(home: string, env: Record<string, string> = {}): { state: string; same: boolean; printed: string } {
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", PROBE], {
    cwd: resolve(import.meta.dirname, "../.."),
    env: { ...process.env, XDG_CACHE_HOME: home, TOOLGEN_CODE_CACHE: "", ...env },
    encoding: "utf8",
  });
  expect(child.stderr).toBe("");
  expect(child.status).toBe(0);
  return JSON.parse(child.stdout);
}

function cacheFiles(home: string): string[] {
  const folder = join(home, "toolgen");
  return existsSync(folder) ? readdirSync(folder) : [];
}

test("the first start writes the cache, the next one uses it; openapi-typescript gets the same instance", () => {
  const home = cacheHome();
  expect(start(home)).toEqual({ state: "written", same: true, printed: "Works", version: expect.any(String) });
  const [file] = cacheFiles(home);
  expect(file).toMatch(/^typescript-\d+-\d+-.+\.cache$/);
  const written = statSync(join(home, "toolgen", file!));
  expect(written.size).toBeGreaterThan(100_000);
  if (process.platform !== "win32") expect(written.mode & 0o077).toBe(0);
  expect(start(home)).toMatchObject({ state: "used", same: true, printed: "Works" });
  expect(statSync(join(home, "toolgen", file!)).mtimeMs).toBe(written.mtimeMs);
});

test("a damaged cache is rejected by V8 and written again; of other versions' caches the newest three stay", () => {
  const home = cacheHome();
  start(home);
  const [file] = cacheFiles(home);
  const path = join(home, "toolgen", file!);
  const good = readFileSync(path);
  const damaged = Buffer.from(good);
  for (let i = 0; i < damaged.length; i += 97) damaged[i] = damaged[i]! ^ 0xff;
  writeFileSync(path, damaged);
  const old = ["typescript-1-1-old-x64.cache", "typescript-1-2-old-x64.cache", "typescript-1-3-old-x64.cache", "typescript-1-4-old-x64.cache"];
  old.forEach((name, i) => {
    writeFileSync(join(home, "toolgen", name), "old");
    utimesSync(join(home, "toolgen", name), 1_000_000 + i, 1_000_000 + i);
  });
  expect(start(home)).toMatchObject({ state: "written", same: true, printed: "Works" });
  expect(cacheFiles(home).sort()).toEqual([...old.slice(1), file].sort());
  expect(start(home)).toMatchObject({ state: "used", printed: "Works" });
});

test("TOOLGEN_CODE_CACHE=0 writes nothing; an unwritable cache directory only means no cache", () => {
  const home = cacheHome();
  expect(start(home, { TOOLGEN_CODE_CACHE: "0" })).toMatchObject({ state: "off", same: true, printed: "Works" });
  expect(cacheFiles(home)).toEqual([]);
  if (process.platform === "win32" || process.getuid?.() === 0) {
    // root writes anywhere: a cache "directory" that is a file stands in for a read-only one.
    const blocked = cacheHome();
    writeFileSync(join(blocked, "toolgen"), "a file, not a folder");
    expect(start(blocked)).toMatchObject({ state: "unwritable", same: true, printed: "Works" });
    expect(readdirSync(blocked)).toEqual(["toolgen"]);
  } else {
    const readOnly = cacheHome();
    chmodSync(readOnly, 0o500);
    expect(start(readOnly)).toMatchObject({ state: "unwritable", same: true, printed: "Works" });
    expect(readdirSync(readOnly)).toEqual([]);
  }
});
