/**
 * `--format github`: workflow commands read back the way the Actions runner reads them
 * (actions/runner ActionCommand.TryParseV2: `::name k=v,k=v::data`, properties split at `,` and
 * the first `=`, then unescaped %0D, %0A, %3A, %2C and last %25), one annotation per place, and the
 * other formats' places (text prefixes, markdown links, the JSON `source` object).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { loadDescription } from "../../src/load/load-description.js";
import { buildModel } from "../../src/model/build-model.js";
import { runDiff, type DiffFlags } from "../../src/cli/run-diff.js";
import { formatGithub } from "../../src/diff/format-github.js";
import { formatJson } from "../../src/diff/format-json.js";
import { formatMarkdown } from "../../src/diff/format-markdown.js";
import { formatText } from "../../src/diff/format-text.js";
import type { DiffChange, DiffResult } from "../../src/diff/change.js";

interface Command {
  readonly command: string;
  readonly properties: Record<string, string>;
  readonly message: string;
}

/** One line as the runner parses it; undefined for a line that is no command (the summary). */
function parseCommand(line: string): Command | undefined {
  if (!line.startsWith("::")) return undefined;
  const end = line.indexOf("::", 2);
  if (end === -1) return undefined;
  const head = line.slice(2, end);
  const space = head.indexOf(" ");
  const command = space === -1 ? head : head.slice(0, space);
  const properties: Record<string, string> = {};
  if (space !== -1) {
    for (const pair of head.slice(space + 1).split(",")) {
      const equals = pair.indexOf("=");
      if (equals > 0) properties[pair.slice(0, equals)] = unescape(pair.slice(equals + 1), true);
    }
  }
  return { command, properties, message: unescape(line.slice(end + 2), false) };
}

function unescape(text: string, property: boolean): string {
  let out = text.replaceAll("%0D", "\r").replaceAll("%0A", "\n");
  if (property) out = out.replaceAll("%3A", ":").replaceAll("%2C", ",");
  return out.replaceAll("%25", "%");
}

function positionOf(text: string, needle: string): { line: number; column: number } {
  const at = text.indexOf(needle);
  if (at === -1) throw new Error(`${needle} not found`);
  const before = text.slice(0, at);
  return { line: before.split("\n").length, column: at - (before.lastIndexOf("\n") + 1) + 1 };
}

const change = (over: Partial<DiffChange>): DiffChange => ({
  id: "request-parameter-removed",
  level: "breaking",
  tool: { old: "T/1/a", new: "T/1/a" },
  operation: { method: "GET", path: "/a" },
  location: { section: "operation" },
  message: "m",
  fingerprint: "000000000000",
  ...over,
});

const result = (changes: DiffChange[]): DiffResult => ({
  summary: {
    breaking: changes.filter((c) => c.level === "breaking").length,
    warning: changes.filter((c) => c.level === "warning").length,
    info: changes.filter((c) => c.level === "info").length,
  },
  changes,
  ignored: 0,
  old: { title: "T", version: "1" },
  new: { title: "T", version: "1" },
});

describe("escaping", () => {
  test("message and properties come back exactly as written", () => {
    const nasty = "100% sure: a, b\nsecond line\r\nthird %0A literal %25 and :: too";
    const file = "api/odd, name: v2 %41.yaml";
    const out = formatGithub(
      result([
        change({ message: nasty, source: { new: { file, line: 7, column: 3, pointer: "/a" } } }),
        change({ level: "warning", id: "w", message: "w", tool: { new: "T/1/b" }, operation: { method: "GET", path: "/b" } }),
        change({ level: "info", id: "i", message: "i", tool: { new: "T/1/c" }, operation: { method: "GET", path: "/c" } }),
      ]),
      { isFile: () => true },
    );
    const lines = out.split("\n");
    // One command per line: every line break of the message is escaped.
    expect(lines).toHaveLength(4);
    const [error, warning, notice] = lines.map(parseCommand);
    expect(error).toEqual({
      command: "error",
      properties: { file, line: "7", col: "3", title: "request-parameter-removed" },
      message: `${nasty} (tool T/1/a)`,
    });
    expect(warning).toMatchObject({ command: "warning", properties: { title: "w" } });
    expect(notice).toMatchObject({ command: "notice", properties: { title: "i" } });
    expect(parseCommand(lines[3]!)).toBeUndefined();
    expect(lines[3]).toBe("toolgen diff: 1 breaking, 1 warning, 1 info");
  });

  test("a place GitHub cannot annotate (a git revision, a URL) is left out; the new file's near place is used for a removal", () => {
    const old = { file: "origin/main:api/openapi.yaml", line: 9, column: 5, pointer: "/x" };
    const near = { file: "api/openapi.yaml", line: 4, column: 3, pointer: "/y" };
    const isFile = (file: string) => file === "api/openapi.yaml";
    const [a, b] = formatGithub(result([change({ source: { old, near } }), change({ id: "x", source: { old } })]), { isFile })
      .split("\n")
      .map(parseCommand);
    expect(a!.properties).toEqual({ file: "api/openapi.yaml", line: "4", col: "3", title: "request-parameter-removed" });
    expect(b!.properties).toEqual({ title: "x" });
  });
});

describe("a multi-file description, through toolgen diff", () => {
  const root = `openapi: 3.0.3
info: {title: Shop, version: "1"}
paths:
  /orders:
    get:
      operationId: listOrders
      responses:
        "200": {description: ok, content: {application/json: {schema: {type: array, items: {$ref: "schemas.yaml#/Order"}}}}}
  /orders/{id}:
    get:
      operationId: getOrder
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
      responses:
        "200": {description: ok, content: {application/json: {schema: {$ref: "schemas.yaml#/Order"}}}}
`;
  const schemas = (removed: boolean) => `Order:
  type: object
  properties:
    total:
      type: number
${removed ? "" : "    coupon, code:\n      type: string\n"}`;

  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  function setUp(): { dir: string; flags: (over: Partial<DiffFlags>) => DiffFlags } {
    // Inside the working directory, so files are named relative to it, as in CI.
    const base = join(process.cwd(), "node_modules", ".cache");
    mkdirSync(base, { recursive: true });
    const dir = mkdtempSync(join(base, "toolgen-github-"));
    made.push(dir);
    for (const side of ["old", "new"]) {
      mkdirSync(join(dir, side));
      writeFileSync(join(dir, side, "openapi.yaml"), root);
      writeFileSync(join(dir, side, "schemas.yaml"), schemas(side === "new"));
    }
    return { dir, flags: (over) => ({ format: "github", ignore: [], level: [], header: [], ...over }) };
  }

  async function run(dir: string, flags: DiffFlags): Promise<string> {
    const out: string[] = [];
    const io = { stdout: (l: string) => out.push(l), stderr: () => {}, exitCode: () => {} };
    const load = async (source: string, options: Parameters<typeof loadDescription>[1]) => buildModel(await loadDescription(source, options));
    await runDiff(join(dir, "old", "openapi.yaml"), join(dir, "new", "openapi.yaml"), flags, io, load, { cwd: tmpdir(), color: false });
    return out.join("\n");
  }

  test("--format github: one annotation for the shared component, listing both tools, at the new file's line", async () => {
    const { dir, flags } = setUp();
    const out = await run(dir, flags({}));
    const commands = out.split("\n").map(parseCommand).filter((c) => c !== undefined);
    const removed = commands.filter((c) => c.properties.title === "response-optional-property-removed");
    expect(removed).toHaveLength(1);
    const newFile = relative(process.cwd(), join(dir, "new", "schemas.yaml"));
    // The property is gone from the new file: the annotation goes on the schema it left.
    expect(removed[0]).toEqual({
      command: "warning",
      properties: { file: newFile, line: "1", col: "1", title: "response-optional-property-removed" },
      message: expect.stringMatching(/`coupon, code`.*\(2 tools: Shop\/1\/listOrders, Shop\/1\/getOrder\)$/) as unknown as string,
    });
    // The summary counts findings, one per operation.
    expect(out.split("\n").at(-1)).toBe("toolgen diff: 0 breaking, 2 warnings, 0 info");
  });

  test("json, text and markdown name the same places", async () => {
    const { dir, flags } = setUp();
    const oldFile = relative(process.cwd(), join(dir, "old", "schemas.yaml"));
    const newFile = relative(process.cwd(), join(dir, "new", "schemas.yaml"));
    const at = positionOf(schemas(false), "coupon, code:");
    const json = JSON.parse(await run(dir, flags({ format: "json" }))) as { changes: Record<string, unknown>[] };
    expect(json.changes).toHaveLength(2);
    for (const c of json.changes) {
      expect(c.source).toEqual({
        old: { file: oldFile, ...at, pointer: "/Order/properties/coupon, code" },
        near: { file: newFile, line: 1, column: 1, pointer: "/Order" },
      });
      expect(Object.keys(c).at(-1)).toBe("fingerprint");
    }
    // The shared component's change is shown once, at its place, with the tools it reaches.
    const text = await run(dir, flags({ format: "text" }));
    expect(text).toContain(`warning  ${oldFile}:${at.line}:${at.column}: removed`);
    expect(text.split(`${oldFile}:${at.line}:${at.column}`)).toHaveLength(2);
    expect(text).toContain("reaches 2 tools: Shop/1/listOrders, Shop/1/getOrder");
    expect(text).not.toContain("GET /orders/{id}");
    const md = await run(dir, flags({ format: "markdown", linkBase: "https://github.com/o/r/blob/abc/" }));
    const linkPath = oldFile.split("/").map(encodeURIComponent).join("/");
    expect(md).toContain(`[${oldFile}:${at.line}:${at.column}](https://github.com/o/r/blob/abc/${linkPath}#L${at.line})`);
    const rows = md.split("\n").filter((l) => l.includes(`${oldFile}:${at.line}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain("| 2 tools: Shop/1/listOrders, Shop/1/getOrder |");
  });

  test("a type change shows the new place first and the old one after it", async () => {
    const { dir } = setUp();
    writeFileSync(join(dir, "new", "schemas.yaml"), schemas(false).replace("type: number", "type: string"));
    const [a, b] = await Promise.all(["old", "new"].map((side) => loadDescription(join(dir, side, "openapi.yaml"), { places: true, env: {} })));
    const { diffModels } = await import("../../src/diff/diff-models.js");
    const diff = diffModels(buildModel(a!), buildModel(b!));
    const text = formatText(diff);
    const newFile = relative(process.cwd(), join(dir, "new", "schemas.yaml"));
    const oldFile = relative(process.cwd(), join(dir, "old", "schemas.yaml"));
    const { line, column } = positionOf(schemas(false), "type: number");
    expect(text).toContain(`${newFile}:${line}:${column}: `);
    expect(text).toContain(`(was ${oldFile}:${line}:${column})`);
    expect(formatMarkdown(diff)).toContain(`was [${oldFile}:${line}:${column}](`);
    expect(JSON.parse(formatJson(diff)).changes[0].source.new).toEqual({ file: newFile, line, column, pointer: "/Order/properties/total/type" });
  });
});
