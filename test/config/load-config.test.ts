/**
 * The config file: found in the working folder or given with --config, checked against the
 * published JSON Schema (one line naming the file and the pointer, exit 2), paths relative to
 * the file, secrets from the environment, and `.ts` configs typed with defineConfig.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { findConfigFile, loadConfigFile } from "../../src/config/load-config.js";
import type { ToolkitConfig } from "../../src/config/toolgen-config.js";
import { descriptionWith } from "../support/description-server.js";
import { freshOutputDir, REPO_ROOT } from "../support/output-dir.js";

function configIn(name: string, config: unknown, file = "toolgen.config.json"): string {
  const dir = freshOutputDir(`config-file/${name}`);
  writeFileSync(join(dir, file), typeof config === "string" ? config : JSON.stringify(config, null, 2));
  return join(dir, file);
}

async function run(args: string[]) {
  const err: string[] = [];
  const out: string[] = [];
  const code = await main(args, { stdout: (l) => out.push(l), stderr: (l) => err.push(l), exitCode: () => {} });
  return { code, err, out };
}

describe("bad config files: exit 2, one line naming the file and the place", () => {
  const cases: [string, unknown, RegExp][] = [
    ["unknown field", { toolkits: [{ source: "a.yaml", out: "gen", outt: "gen" }] }, /toolgen\.config\.json: \/toolkits\/0: unknown field "outt"$/],
    ["missing field", { toolkits: [{ source: "a.yaml" }] }, /toolgen\.config\.json: \/toolkits\/0: must have required property 'out'$/],
    ["bad enum", { toolkits: [{ source: "a.yaml", out: "gen", emit: "python" }] }, /toolgen\.config\.json: \/toolkits\/0\/emit: must be one of "ts", "js"$/],
    ["no toolkits", { toolkits: [] }, /toolgen\.config\.json: \/toolkits: must NOT have fewer than 1 items$/],
    ["a token in the file", { toolkits: [{ source: "a.yaml", out: "gen", token: "abc" }] }, /\/toolkits\/0: unknown field "token"$/],
    ["not JSON", "{ toolkits: ", /toolgen\.config\.json: is not valid JSON: /],
    ["same out twice", { toolkits: [{ source: "a.yaml", out: "gen" }, { source: "b.yaml", out: "./gen/" }] }, /toolkits "gen" and "gen" write to the same folder gen$/],
    ["missing env for tokenEnv", { toolkits: [{ source: "a.yaml", out: "gen", tokenEnv: "TOOLGEN_TEST_UNSET_VARIABLE" }] }, /\/toolkits\/0\/tokenEnv: tokenEnv names TOOLGEN_TEST_UNSET_VARIABLE, which is not set$/],
    ["missing env in a header", { toolkits: [{ source: "a.yaml", out: "gen", headers: { "X-Key": "${TOOLGEN_TEST_UNSET_VARIABLE}" } }] }, /\/toolkits\/0\/headers: header "X-Key" needs the environment variable TOOLGEN_TEST_UNSET_VARIABLE, which is not set$/],
  ];
  test.each(cases)("%s", async (name, config, message) => {
    const file = configIn(name.replace(/\W+/g, "-"), config);
    const result = await run(["--config", file]);
    expect(result.code).toBe(2);
    expect(result.err).toEqual([expect.stringMatching(message)]);
    expect(result.err[0]).toMatch(/^toolgen: \//);
  });

  test("per-toolkit flags are refused with a config, naming the file", async () => {
    const file = configIn("flags", { toolkits: [{ source: "a.yaml", out: "gen" }] });
    const result = await run(["--config", file, "--emit", "js", "--out", "x"]);
    expect(result.code).toBe(2);
    expect(result.err).toEqual([expect.stringMatching(/^toolgen: --out, --emit describe one toolkit; set it per toolkit in .*toolgen\.config\.json$/)]);
  });

  test("two config files in one folder is an error, not a guess", () => {
    const file = configIn("two", { toolkits: [{ source: "a.yaml", out: "gen" }] });
    const dir = join(file, "..");
    writeFileSync(join(dir, "toolgen.config.mjs"), "export default { toolkits: [] };\n");
    expect(() => findConfigFile(dir)).toThrow(/more than one config file \(toolgen\.config\.json, toolgen\.config\.mjs\); keep one/);
  });
});

describe("resolving", () => {
  test("paths are relative to the config file; URLs and hub names pass through", async () => {
    const file = configIn("paths", {
      cacheDir: ".cache/descriptions",
      toolkits: [
        { source: "specs/a.yaml", out: "gen/a" },
        { source: "http://127.0.0.1:5000", out: "gen/b", name: "b" },
        { source: "hub:weather", out: "gen/c" },
        // A file whose name has a colon is still a file, relative to the config (as the CLI reads it).
        { source: "api:v2.yaml", out: "gen/d" },
      ],
    });
    const dir = join(file, "..");
    const config = await loadConfigFile(file, {});
    expect(config.toolkits.map((t) => [t.name, t.source, t.out])).toEqual([
      ["gen/a", join(dir, "specs/a.yaml"), join(dir, "gen/a")],
      ["b", "http://127.0.0.1:5000", join(dir, "gen/b")],
      ["gen/c", "hub:weather", join(dir, "gen/c")],
      ["gen/d", join(dir, "api:v2.yaml"), join(dir, "gen/d")],
    ]);
    expect(config.cacheDir).toBe(join(dir, ".cache/descriptions"));
    expect(config.pollInterval).toBe(5000);
  });

  test("a TypeScript config with defineConfig from the package, found in the working folder", async () => {
    const file = configIn(
      "typescript",
      [
        'import { defineConfig } from "toolgen";',
        'const out: string = "gen/ts";',
        "export default defineConfig({ toolkits: [{ source: \"api.yaml\", out, emit: \"js\" }] });",
        "",
      ].join("\n"),
      "toolgen.config.ts",
    );
    const dir = join(file, "..");
    writeFileSync(join(dir, "api.yaml"), descriptionWith("typed", ["ping"]));
    expect(findConfigFile(dir)).toBe(file);
    const result = await run(["--config", file, "--quiet"]);
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(readFileSync(join(dir, "gen/ts/operations.d.ts"), "utf8")).toMatch(/export declare function ping\(/);
  });

  test("a module config read again after it changed gives the new toolkits (--watch reloads it)", async () => {
    const file = configIn("reload", 'export default { toolkits: [{ source: "a.yaml", out: "gen/a" }] };\n', "toolgen.config.mjs");
    expect((await loadConfigFile(file)).toolkits.map((t) => t.name)).toEqual(["gen/a"]);
    writeFileSync(file, 'export default { toolkits: [{ source: "a.yaml", out: "gen/a" }, { source: "b.yaml", out: "gen/b" }] };\n');
    expect((await loadConfigFile(file)).toolkits.map((t) => t.name)).toEqual(["gen/a", "gen/b"]);
  });

  test("an .mjs config may export a function", async () => {
    const file = configIn("function", 'export default async () => ({ toolkits: [{ source: "api.yaml", out: "gen" }] });\n', "toolgen.config.mjs");
    const config = await loadConfigFile(file);
    expect(config.toolkits[0]?.source).toBe(join(file, "..", "api.yaml"));
  });
});

test("a toolkit's pagination overrides pass the schema and reach the resolved toolkit; a wrong field does not", async () => {
  const pagination = { listThings: { param: "cursor", items: "entries", next: "paging.next" }, searchThings: false as const };
  const file = configIn("pagination", { toolkits: [{ source: "api.yaml", out: "gen", pagination }] });
  expect((await loadConfigFile(file)).toolkits[0]?.pagination).toEqual(pagination);
  const wrong = configIn("pagination-wrong", { toolkits: [{ source: "api.yaml", out: "gen", pagination: { listThings: { cursor: "x" } } }] });
  await expect(loadConfigFile(wrong)).rejects.toThrow(/toolkits\/0\/pagination\/listThings/);
});

test("the JSON Schema and the TypeScript type list the same toolkit fields", () => {
  const schema = JSON.parse(readFileSync(join(REPO_ROOT, "schema/toolgen.config.schema.json"), "utf8"));
  // Required<> makes tsc insist on every field of ToolkitConfig here, so a field added to the
  // type and not to the schema (or the other way round) fails this test or the type check.
  const every: Required<ToolkitConfig> = {
    name: "n",
    source: "s",
    out: "o",
    emit: "ts",
    runtime: "package",
    format: true,
    baseUrl: "http://x",
    headers: {},
    tokenEnv: "T",
    allowExternalRefs: false,
    maxBytes: 1,
    timeoutMs: 1,
    pagination: {},
    failOn: "breaking",
  };
  expect(Object.keys(schema.definitions.toolkit.properties).sort()).toEqual(Object.keys(every).sort());
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8"));
  expect(pkg.exports["./config-schema.json"]).toBe("./schema/toolgen.config.schema.json");
  expect(pkg.files).toContain("schema");
});

test("a config in the working folder is used when toolgen runs with no source", async () => {
  const file = configIn("cwd", { toolkits: [{ source: "api.yaml", out: "gen" }] });
  const dir = join(file, "..");
  writeFileSync(join(dir, "api.yaml"), descriptionWith("here", ["ping"]));
  mkdirSync(join(dir, "sub"));
  const before = process.cwd();
  process.chdir(dir);
  try {
    const result = await run([]);
    expect(result.code).toBe(0);
    expect(result.out).toEqual([expect.stringMatching(/^Generated 1 operations of "here" 1\.0 into gen\//)]);
  } finally {
    process.chdir(before);
  }
});
