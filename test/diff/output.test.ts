/** Output formats, the policy config, and the command's exit codes. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Command, CommanderError } from "commander";
import { describe, expect, test } from "vitest";
import { addDiffCommand } from "../../src/cli/diff-command.js";
import { BadInputError } from "../../src/load/bad-input-error.js";
import { applyConfig, parseDiffConfig, parseLevelFlag } from "../../src/diff/diff-config.js";
import { formatJson } from "../../src/diff/format-json.js";
import { formatMarkdown } from "../../src/diff/format-markdown.js";
import { formatText } from "../../src/diff/format-text.js";
import { exitCodeFor } from "../../src/diff/format.js";
import { rules } from "../../src/diff/rules.js";
import { runDiff, wantsColor, type DiffFlags } from "../../src/cli/run-diff.js";
import { diffDocs, doc, lines, modelOf, ok, SPECS } from "./support.js";

const enumParam = (values: string[]) => ({ name: "s", in: "query", schema: { type: "string", enum: values } });
const before = doc({
  "/pets": { get: { operationId: "listPets", parameters: [enumParam(["a", "b"])], responses: ok({ type: "string", enum: ["x"] }) } },
  "/gone": { delete: { operationId: "gone", responses: ok() } },
});
const after = doc({
  "/pets": { get: { operationId: "listPets", parameters: [enumParam(["a", "c"])], responses: ok({ type: "string", enum: ["x", "y"] }) } },
});
const result = diffDocs(before, after);

describe("formats", () => {
  test("json: the DESIGN.md shape (summary + changes with id, level, tool, operation, message) plus extra fields", () => {
    const json = JSON.parse(formatJson(result)) as { summary: unknown; changes: Record<string, unknown>[] };
    expect(Object.keys(json)).toEqual(["summary", "changes"]);
    expect(json.summary).toEqual({ breaking: 2, warning: 1, info: 1 });
    expect(Object.keys(json.changes[0]!).slice(0, 5)).toEqual(["id", "level", "tool", "operation", "message"]);
    expect(json.changes[0]).toMatchObject({
      id: "api-removed-without-deprecation",
      level: "breaking",
      tool: { old: "T/1/gone" },
      operation: { method: "DELETE", path: "/gone", operationId: "gone" },
      location: { section: "operation" },
    });
    expect(json.changes.find((c) => c.id === "response-body-enum-value-added")).toMatchObject({
      direction: "response",
      location: { section: "response", status: "200", mediaType: "application/json" },
    });
    expect(json.changes.every((c) => /^[0-9a-f]{12}$/.test(String(c.fingerprint)))).toBe(true);
  });

  test("text: grouped by tool, plain unless colour is asked for", () => {
    const text = formatText(result);
    expect(text).not.toMatch(/\x1b\[/);
    expect(text.split("\n").slice(0, 2)).toEqual(["toolgen diff: T 1", "2 breaking, 1 warning, 1 info"]);
    expect(text).toContain("T/1/gone  DELETE /gone");
    expect(text).toContain("T/1/listPets  GET /pets");
    expect(text.indexOf("T/1/gone")).toBeLessThan(text.indexOf("T/1/listPets"));
    expect(text).toMatch(
      /breaking {2}removed the enum value `b` from the query parameter `s`.*\n {12}request-parameter-enum-value-removed {2}parameter query s {2}\[[0-9a-f]{12}\]/,
    );
    expect(formatText(result, { color: true })).toContain("\x1b[31mbreaking\x1b[0m");
    expect(formatText(diffDocs(before, before))).toContain("No changes.");
  });

  test("colour only on a terminal with NO_COLOR unset or empty", () => {
    expect(wantsColor(true, {})).toBe(true);
    expect(wantsColor(true, { NO_COLOR: "" })).toBe(true);
    expect(wantsColor(true, { NO_COLOR: "1" })).toBe(false);
    expect(wantsColor(false, {})).toBe(false);
    expect(wantsColor(undefined, {})).toBe(false);
  });

  test("markdown: a pull-request comment with a table per level and info folded away", () => {
    const md = formatMarkdown(result);
    expect(md.split("\n")[0]).toBe("### toolgen diff: T 1");
    expect(md).toContain("**2 breaking**, 1 warning, 1 info");
    expect(md).toContain("#### Breaking changes (2)");
    expect(md).toContain("#### Warnings (1)");
    expect(md).toMatch(/<details><summary>Other changes \(1\)<\/summary>/);
    expect(md).toContain("| `T/1/gone` | `DELETE /gone` |");
    const piped = formatMarkdown(diffDocs(doc({ "/a|b": { get: { operationId: "x|y", responses: ok() } } }), doc({})));
    expect(piped).toContain("`T/1/x\\|y`");
  });

  test("all-tools-renamed lists every rename in every format", () => {
    const renamed = diffDocs(before, { ...before, info: { title: "T", version: "2" } });
    expect(formatText(renamed)).toContain("GET /pets: T/1/listPets -> T/2/listPets");
    expect(formatMarkdown(renamed)).toContain("`T/1/listPets` → `T/2/listPets`");
    expect(JSON.parse(formatJson(renamed)).changes[0].renames).toHaveLength(2);
  });
});

describe("policy", () => {
  test("--fail-on: exit 1 when a finding at or above the level remains, else 0; no flag, always 0", () => {
    expect(exitCodeFor(result, undefined)).toBe(0);
    expect(exitCodeFor(result, "breaking")).toBe(1);
    const onlyInfo = diffDocs(doc({}), doc({ "/a": { get: { operationId: "a", responses: ok() } } }));
    expect(exitCodeFor(onlyInfo, "breaking")).toBe(0);
    expect(exitCodeFor(onlyInfo, "warning")).toBe(0);
    expect(exitCodeFor(onlyInfo, "info")).toBe(1);
  });

  test("levels: change a rule's level, or switch it off", () => {
    const config = parseDiffConfig(
      { levels: { "api-removed-without-deprecation": "warning", "request-parameter-enum-value-added": "off" } },
      "x",
    );
    const changed = diffDocs(before, after, { config });
    expect(lines(changed)).toEqual([
      "warning api-removed-without-deprecation DELETE /gone",
      "breaking request-parameter-enum-value-removed GET /pets | parameter query s",
      "warning response-body-enum-value-added GET /pets | response 200 application/json",
    ]);
    expect(changed.ignored).toBe(1);
    expect(changed.summary).toEqual({ breaking: 1, warning: 2, info: 0 });
  });

  test("ignore one finding by fingerprint, or by rule id + operation + location", () => {
    const target = result.changes.find((c) => c.id === "request-parameter-enum-value-removed")!;
    expect(applyConfig(result.changes, { ignore: [target.fingerprint] }).changes).not.toContain(target);
    const byName = applyConfig(result.changes, { ignore: ["request-parameter-enum-value-removed GET /pets parameter query s"] });
    expect(byName.ignored).toBe(1);
    expect(applyConfig(result.changes, { ignore: ["request-parameter-enum-value-removed GET /pets parameter query other"] }).ignored).toBe(
      0,
    );
    // Parameter names in the template do not matter.
    expect(applyConfig(result.changes, { ignore: [{ id: "api-removed-without-deprecation", operation: "delete /gone" }] }).ignored).toBe(1);
  });

  test("fingerprints are stable: the same finding in another diff has the same fingerprint", () => {
    const again = diffDocs(structuredClone(before), structuredClone(after));
    expect(again.changes.map((c) => c.fingerprint)).toEqual(result.changes.map((c) => c.fingerprint));
    expect(new Set(result.changes.map((c) => c.fingerprint)).size).toBe(result.changes.length);
  });

  test("bad configuration is bad input", () => {
    expect(() => parseDiffConfig({ levels: { "no-such-rule": "info" } }, "f")).toThrow(BadInputError);
    expect(() => parseDiffConfig({ levels: { "tool-renamed": "fatal" } }, "f")).toThrow(/breaking, warning, info or off/);
    expect(() => parseDiffConfig({ nope: 1 }, "f")).toThrow(/unknown key/);
    expect(() => parseLevelFlag("tool-renamed")).toThrow(BadInputError);
    expect(parseLevelFlag("tool-renamed=info")).toEqual(["tool-renamed", "info"]);
  });

  test("every rule has a level, and rule ids are unique kebab-case", () => {
    for (const rule of rules().values()) {
      expect(rule.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(["breaking", "warning", "info"]).toContain(rule.level);
    }
    expect(rules().size).toBeGreaterThan(100);
  });
});

describe("runDiff (in-memory loader)", () => {
  const models: Record<string, ReturnType<typeof modelOf>> = { old: modelOf(before), new: modelOf(after) };
  const flags = (extra: Partial<DiffFlags> = {}): DiffFlags => ({ format: "text", ignore: [], level: [], header: [], ...extra });
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l), exitCode: () => {} } };
  };
  const dir = mkdtempSync(join(tmpdir(), "toolgen-diff-"));

  test("exit codes follow --fail-on, and a config file next to the command applies", async () => {
    const load = async (source: string) => models[source]!;
    const a = io();
    expect(await runDiff("old", "new", flags({ failOn: "breaking" }), a.io, load, { cwd: dir, color: false })).toBe(1);
    expect(await runDiff("old", "new", flags(), a.io, load, { cwd: dir, color: false })).toBe(0);
    writeFileSync(
      join(dir, "toolgen-diff.json"),
      JSON.stringify({
        failOn: "breaking",
        levels: { "api-removed-without-deprecation": "info", "request-parameter-enum-value-removed": "off" },
      }),
    );
    const b = io();
    expect(await runDiff("old", "new", flags({ format: "json" }), b.io, load, { cwd: dir, color: false })).toBe(0);
    expect(JSON.parse(b.out.join("\n")).summary).toEqual({ breaking: 0, warning: 1, info: 2 });
    expect(await runDiff("old", "new", flags({ failOn: "warning" }), b.io, load, { cwd: dir, color: false })).toBe(1);
  });

  test("the loader receives the token and headers; bad --header and --level are bad input", async () => {
    const seen: unknown[] = [];
    const load = async (source: string, options: unknown) => (seen.push(options), models[source]!);
    await runDiff("old", "new", flags({ token: "t", header: ["X-A: 1"] }), io().io, load, { cwd: tmpdir(), color: false });
    expect(seen[0]).toMatchObject({ token: "t", headers: { "X-A": "1" } });
    await expect(runDiff("old", "new", flags({ header: ["nope"] }), io().io, load, { cwd: tmpdir(), color: false })).rejects.toThrow(
      BadInputError,
    );
    await expect(runDiff("old", "new", flags({ level: ["x=y"] }), io().io, load, { cwd: tmpdir(), color: false })).rejects.toThrow(
      BadInputError,
    );
  });
});

describe("toolgen diff (the command, through the shared loader)", () => {
  const dir = mkdtempSync(join(tmpdir(), "toolgen-diff-cmd-"));
  const oldFile = join(dir, "old.json");
  const newFile = join(dir, "new.yaml");
  writeFileSync(oldFile, JSON.stringify(before));
  writeFileSync(newFile, `# YAML works too\n${JSON.stringify(after)}\n`);

  /** The same contract as main(): exit code set by the command, BadInputError and usage errors -> 2. */
  async function run(args: string[]): Promise<{ code: number; out: string; err: string[] }> {
    let code = 0;
    const out: string[] = [];
    const err: string[] = [];
    const program = new Command("toolgen").exitOverride().configureOutput({ writeOut: (t) => out.push(t), writeErr: (t) => err.push(t) });
    addDiffCommand(program, { stdout: (l) => out.push(l), stderr: (l) => err.push(l), exitCode: (c) => void (code = Math.max(code, c)) });
    try {
      await program.parseAsync(args, { from: "user" });
    } catch (error) {
      if (error instanceof CommanderError) return { code: error.exitCode === 0 ? 0 : 2, out: out.join("\n"), err };
      if (error instanceof BadInputError) return { code: 2, out: out.join("\n"), err: [...err, error.message] };
      throw error;
    }
    return { code, out: out.join("\n"), err };
  }

  test("--fail-on sets exit 1 on a hit and 0 otherwise; without it the exit is 0", async () => {
    expect((await run(["diff", oldFile, newFile])).code).toBe(0);
    expect((await run(["diff", oldFile, newFile, "--fail-on", "breaking"])).code).toBe(1);
    expect((await run(["diff", oldFile, oldFile, "--fail-on", "info"])).code).toBe(0);
    expect(
      (
        await run([
          "diff",
          oldFile,
          newFile,
          "--fail-on",
          "breaking",
          "--level",
          "api-removed-without-deprecation=info",
          "--level",
          "request-parameter-enum-value-removed=warning",
        ])
      ).code,
    ).toBe(0);
  });

  test("--ignore drops one finding; --format json prints the DESIGN.md shape; no colour off a terminal", async () => {
    const json = await run(["diff", oldFile, newFile, "--format", "json"]);
    const parsed = JSON.parse(json.out) as { changes: { id: string; fingerprint: string }[] };
    const removed = parsed.changes.find((c) => c.id === "api-removed-without-deprecation")!;
    const ignored = await run(["diff", oldFile, newFile, "--format", "json", "--ignore", removed.fingerprint]);
    expect(JSON.parse(ignored.out).changes).toHaveLength(parsed.changes.length - 1);
    const text = await run(["diff", oldFile, newFile]);
    expect(text.out).toContain("T/1/gone");
    expect(text.out).not.toMatch(/\x1b\[/);
    expect((await run(["diff", oldFile, newFile, "--format", "markdown"])).out).toContain("#### Breaking changes");
  });

  test("Swagger 2.0 is converted on load: hey-api's full.yaml against itself has no finding, and one warning says it was converted", async () => {
    const swagger = join(SPECS, "heyapi-full-swagger-2.0/full.yaml");
    const result = await run(["diff", swagger, swagger]);
    expect(result.code).toBe(0);
    expect(result.out).toContain("No changes.");
    expect(result.err.filter((line) => /converted from Swagger 2\.0 to OpenAPI 3\.0/.test(line))).toHaveLength(1);
  });

  test("bad input exits 2: a missing file, Swagger 1.2, an unknown format, an unknown rule", async () => {
    expect((await run(["diff", join(dir, "missing.yaml"), newFile])).code).toBe(2);
    const swagger12 = join(dir, "swagger-1.2.json");
    writeFileSync(swagger12, JSON.stringify({ swagger: "1.2", info: { title: "T", version: "1" }, paths: {} }));
    const swagger = await run(["diff", swagger12, newFile]);
    expect(swagger.code).toBe(2);
    expect(swagger.err.join("\n")).toMatch(/Swagger 1\.2 is not supported/);
    expect((await run(["diff", oldFile, newFile, "--format", "html"])).code).toBe(2);
    expect((await run(["diff", oldFile, newFile, "--ignore", "no-such-rule GET /x"])).code).toBe(2);
    expect((await run(["diff", oldFile, newFile, "--config", join(dir, "missing.json")])).code).toBe(2);
  });
});
