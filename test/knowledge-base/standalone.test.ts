/**
 * knowledge-base.ts is copied verbatim into every generated output directory, so it must stand
 * alone: no imports, compiles under the generated code's strict settings with either browser or
 * Node typings, and runs where there is no `process` (a browser).
 */
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createContext, Script } from "node:vm";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKnowledgeBaseService, type KnowledgeBaseService } from "../../src/knowledge-base/index.js";
import { freshOutputDir } from "../support/output-dir.js";
import { STRICT_COMPILER_OPTIONS, typecheck } from "../support/typecheck.js";
import { KB_SOURCE, removeTempDirs, tempDir } from "./support.js";

const source = readFileSync(KB_SOURCE, "utf8");

describe("knowledge-base.ts stands alone", () => {
  it("has no imports, requires or dynamic imports", () => {
    const file = ts.createSourceFile("knowledge-base.ts", source, ts.ScriptTarget.ES2022, true);
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) || ts.isImportEqualsDeclaration(node)) found.push(node.getText());
      if (ts.isExportDeclaration(node) && node.moduleSpecifier) found.push(node.getText());
      if (
        ts.isCallExpression(node) &&
        (node.expression.kind === ts.SyntaxKind.ImportKeyword || node.expression.getText() === "require")
      ) {
        found.push(node.getText());
      }
      if (ts.isImportTypeNode(node)) found.push(node.getText());
      ts.forEachChild(node, visit);
    };
    visit(file);
    expect(found).toEqual([]);
  });

  it("compiles under the generated code's strict options with browser typings (DOM, no @types/node)", async () => {
    const dir = freshOutputDir("kb-standalone-dom");
    copyFileSync(KB_SOURCE, join(dir, "knowledge-base.ts"));
    expect(await typecheck(dir, { noUnusedLocals: true, noUnusedParameters: true, verbatimModuleSyntax: true })).toBe("");
    expect(STRICT_COMPILER_OPTIONS.lib).toContain("DOM");
  });

  it("compiles with Node typings and no DOM library", async () => {
    const dir = freshOutputDir("kb-standalone-node");
    copyFileSync(KB_SOURCE, join(dir, "knowledge-base.ts"));
    expect(await typecheck(dir, { lib: ["ES2022"], types: ["node"], erasableSyntaxOnly: true })).toBe("");
  });
});

describe("in a browser-like global scope (no process)", () => {
  let service: KnowledgeBaseService;
  beforeAll(async () => {
    service = await startKnowledgeBaseService({ dataDir: tempDir(), tokens: ["browser-token"] });
  });
  afterAll(async () => {
    await service.close();
    removeTempDirs();
  });

  function loadInSandbox(): Record<string, any> {
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    });
    const exports: Record<string, any> = {};
    const context = createContext({ exports, fetch, URL, AbortController, AbortSignal, Response, setTimeout, clearTimeout });
    new Script(outputText).runInContext(context);
    expect(new Script("typeof process").runInContext(context)).toBe("undefined");
    return exports;
  }

  it("asks for a token instead of crashing on process.env, and works with one", async () => {
    const { KnowledgeBase } = loadInSandbox();
    await expect(KnowledgeBase.connect({ knowledgeBaseId: 1, baseUrl: service.url })).rejects.toMatchObject({
      code: "NO_ACCESS_TOKEN",
    });
    const kb = await KnowledgeBase.connect({ accessToken: "browser-token", knowledgeBaseName: "browser", baseUrl: service.url });
    await kb.addDocuments([
      { title: "t", content: "浏览器 browser search" },
      { title: "other", content: "browser" },
    ]);
    expect(await kb.search("browser")).toHaveLength(2);
    // A Map made outside the sandbox's realm still counts as a Map.
    const hits = await kb.search("browser", { filters: new Map([["title", "t"]]) });
    expect(hits.map((h: { content: string }) => h.content)).toEqual(["浏览器 browser search"]);
  });
});
