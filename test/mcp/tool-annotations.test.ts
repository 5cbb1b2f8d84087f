/**
 * `x-mcp-annotations` from the description to the MCP tool: read into the descriptor (a value that
 * is no boolean hint is left out with a warning), carried by a generated toolkit as by
 * loadToolkit, and merged over the hints the method gives (tool-annotations.ts). The annotations
 * on the wire, over stdio and HTTP, are in protocol-errors.test.ts.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { loadToolkit } from "../../src/load-toolkit/load-toolkit.js";
import { toolAnnotations } from "../../src/mcp/tool-annotations.js";
import type { Toolkit, ToolEntry } from "../../src/runtime/toolkit.js";
import { freshOutputDir } from "../support/output-dir.js";

const ok = `responses: { "200": { description: ok } }`;
const DESCRIPTION = `openapi: 3.0.3
info: { title: Hints, version: v1 }
servers: [{ url: "http://127.0.0.1:1" }]
paths:
  /search:
    post: { operationId: search, x-mcp-annotations: { readOnlyHint: true, openWorldHint: false }, ${ok} }
  /tags/{tag}:
    parameters: [{ name: tag, in: path, required: true, schema: { type: string } }]
    put: { operationId: addTag, x-mcp-annotations: { destructiveHint: false }, ${ok} }
    delete: { operationId: removeTag, x-mcp-annotations: { destructiveHint: "no", destructive: true }, ${ok} }
  /logs:
    get: { operationId: readLogs, x-mcp-annotations: { readOnlyHint: false }, ${ok} }
    options: { operationId: logOptions, ${ok} }
    patch: { operationId: trimLogs, x-mcp-annotations: [destructiveHint], ${ok} }
`;

let file: string;
let dir: string;
beforeAll(() => {
  dir = freshOutputDir("mcp/tool-annotations");
  file = join(dir, "openapi.yaml");
  writeFileSync(file, DESCRIPTION);
});

function byId(toolkit: Toolkit): Record<string, ToolEntry> {
  return Object.fromEntries(toolkit.tools.map((t) => [t.name.replace("Hints/v1/", ""), t]));
}

describe("loadToolkit", () => {
  test("reads the boolean hints and warns of anything else", async () => {
    const warnings: string[] = [];
    const tools = byId(await loadToolkit(file, { onWarning: (w) => warnings.push(w) }));
    expect(tools.search!.mcpAnnotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(tools.addTag!.mcpAnnotations).toEqual({ destructiveHint: false });
    expect(tools.removeTag!.mcpAnnotations).toBeUndefined();
    expect(tools.trimLogs!.mcpAnnotations).toBeUndefined();
    expect(tools.logOptions!.mcpAnnotations).toBeUndefined();
    expect(warnings).toEqual([
      "#/paths/~1tags~1{tag}/delete/x-mcp-annotations/destructiveHint: left out, a hint is true or false",
      "#/paths/~1tags~1{tag}/delete/x-mcp-annotations/destructive: left out, the hints are readOnlyHint, destructiveHint, idempotentHint, openWorldHint",
      "#/paths/~1logs/patch/x-mcp-annotations: left out, it must be an object of boolean hints (readOnlyHint, destructiveHint, idempotentHint, openWorldHint)",
    ]);
  });

  test("the description's hints win over the method's; a read-only tool drops the method's others", async () => {
    const tools = byId(await loadToolkit(file));
    expect(toolAnnotations(tools.search!)).toEqual({ title: "Hints/v1/search", readOnlyHint: true, openWorldHint: false });
    expect(toolAnnotations(tools.addTag!)).toEqual({ title: "Hints/v1/addTag", readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    // A malformed hint keeps the method's: DELETE stays destructive.
    expect(toolAnnotations(tools.removeTag!)).toEqual({ title: "Hints/v1/removeTag", readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    // A GET said to change things gets no method hints: the MCP defaults (destructive) apply.
    expect(toolAnnotations(tools.readLogs!)).toEqual({ title: "Hints/v1/readLogs", readOnlyHint: false });
    // OPTIONS is safe (RFC 9110) like GET.
    expect(toolAnnotations(tools.logOptions!)).toEqual({ title: "Hints/v1/logOptions", readOnlyHint: true });
    expect(toolAnnotations(tools.trimLogs!)).toEqual({ title: "Hints/v1/trimLogs", readOnlyHint: false, destructiveHint: true });
  });
});

test("a generated toolkit carries the same hints as loadToolkit's", async () => {
  const out = join(dir, "js");
  const messages: string[] = [];
  const io = { stdout: () => {}, stderr: (line: string) => void messages.push(line), exitCode: () => {} };
  expect(await main([file, "--out", out, "--emit", "js"], io), messages.join("\n")).toBe(0);
  const generated = (await import(pathToFileURL(join(out, "index.js")).href)) as { toolkit: Toolkit };
  const loaded = await loadToolkit(file);
  expect(generated.toolkit.tools.map((t) => [t.name, t.mcpAnnotations])).toEqual(loaded.tools.map((t) => [t.name, t.mcpAnnotations]));
  expect(byId(generated.toolkit).search!.mcpAnnotations).toEqual({ readOnlyHint: true, openWorldHint: false });
  // The descriptors' warnings are written into the generated toolkit as comments.
  expect(readFileSync(join(out, "toolkit.js"), "utf8")).toContain("// #/paths/~1tags~1{tag}/delete/x-mcp-annotations/destructiveHint: left out, a hint is true or false\n");
});
