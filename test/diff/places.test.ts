/**
 * Each finding names the place of the changed node in each file it exists in, checked against the
 * line and column found by searching the files' text: single-file YAML and JSON (pretty and
 * minified), and a description spread over files where a shared component changes.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadDescription } from "../../src/load/load-description.js";
import { buildModel } from "../../src/model/build-model.js";
import { diffModels } from "../../src/diff/diff-models.js";
import type { DiffChange, DiffResult } from "../../src/diff/change.js";

function positionOf(text: string, needle: string, nth = 1): { line: number; column: number } {
  let at = -1;
  for (let i = 0; i < nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at === -1) throw new Error(`${needle} not found`);
  }
  const before = text.slice(0, at);
  return { line: before.split("\n").length, column: at - (before.lastIndexOf("\n") + 1) + 1 };
}

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "toolgen-diff-places-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

async function diffFiles(oldFile: string, newFile: string): Promise<DiffResult> {
  const [a, b] = await Promise.all([loadDescription(oldFile, { places: true, env: {} }), loadDescription(newFile, { places: true, env: {} })]);
  return diffModels(buildModel(a), buildModel(b), { now: new Date("2026-01-01T00:00:00Z") });
}

function finding(result: DiffResult, id: string, path?: string): DiffChange {
  const found = result.changes.find((c) => c.id === id && (path === undefined || c.operation?.path === path));
  if (!found) throw new Error(`no ${id} in ${result.changes.map((c) => c.id).join(", ")}`);
  return found;
}

const yamlSpec = (qtyType: string, extra = "") => `openapi: 3.0.3
info:
  title: Pets
  version: "1"
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - name: limit
          in: query
          schema:
            type: integer${extra}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  qty:
                    type: ${qtyType}
`;

describe("single file", () => {
  test("YAML: a type change points at the old and the new node; an addition at the new side only", async () => {
    const before = yamlSpec("integer");
    const after = yamlSpec("string", "\n        - name: sort\n          in: query\n          required: true\n          schema: {type: string}");
    const dir = folder({ "old.yaml": before, "new.yaml": after });
    const result = await diffFiles(join(dir, "old.yaml"), join(dir, "new.yaml"));
    const type = finding(result, "response-property-type-changed");
    expect(type.source).toEqual({
      old: { file: join(dir, "old.yaml"), ...positionOf(before, "type: integer", 2), pointer: "/paths/~1pets/get/responses/200/content/application~1json/schema/properties/qty/type" },
      new: { file: join(dir, "new.yaml"), ...positionOf(after, "type: string", 2), pointer: "/paths/~1pets/get/responses/200/content/application~1json/schema/properties/qty/type" },
    });
    const added = finding(result, "new-required-request-parameter");
    expect(added.source).toEqual({ new: { file: join(dir, "new.yaml"), ...positionOf(after, "name: sort"), pointer: "/paths/~1pets/get/parameters/1" } });
  });
});

describe("JSON", () => {
  const spec = (qty: string) => ({
    openapi: "3.0.3",
    info: { title: "Pets", version: "1", description: 'a "qty" in text, and "type": "integer" too' },
    paths: {
      "/pets": {
        get: {
          operationId: "listPets",
          responses: { "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } } } },
        },
      },
    },
    components: { schemas: { Pet: { type: "object", properties: { qty: { type: qty } } } } },
  });

  for (const [style, indent] of [["pretty", 2], ["minified", undefined]] as const) {
    test(`${style}: the type change is placed at \`type\` of the component, on both sides`, async () => {
      const before = JSON.stringify(spec("integer"), null, indent);
      const after = JSON.stringify(spec("string"), null, indent);
      const dir = folder({ "old.json": before, "new.json": after });
      const result = await diffFiles(join(dir, "old.json"), join(dir, "new.json"));
      const where = (text: string, value: string) => {
        const at = text.indexOf(`"type":${indent ? " " : ""}"${value}"`, text.indexOf('"components"'));
        const before = text.slice(0, at);
        return { line: before.split("\n").length, column: at - (before.lastIndexOf("\n") + 1) + 1 };
      };
      const pointer = "/components/schemas/Pet/properties/qty/type";
      expect(finding(result, "response-property-type-changed").source).toEqual({
        old: { file: join(dir, "old.json"), ...where(before, "integer"), pointer },
        new: { file: join(dir, "new.json"), ...where(after, "string"), pointer },
      });
      if (indent === undefined) expect(finding(result, "response-property-type-changed").source?.new?.line).toBe(1);
    });
  }
});

describe("several files", () => {
  const root = (extra = "") => `openapi: 3.0.3
info: {title: Shop, version: "1"}
paths:
  /orders:
    post:
      operationId: createOrder
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: "schemas.yaml#/Order"}
      responses:
        "200": {description: ok, content: {application/json: {schema: {$ref: "schemas.yaml#/Order"}}}}
  /orders/{id}:
    get:
      operationId: getOrder
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}${extra}
      responses:
        "200": {description: ok, content: {application/json: {schema: {$ref: "schemas.yaml#/Order"}}}}
`;
  const schemas = (qty: string, note: boolean) => `Order:
  type: object
  required: [qty]
  properties:
    qty:
      type: ${qty}
${note ? "    note:\n      type: string\n" : ""}`;

  test("a change in a shared component points into the component's file, the same place for every tool", async () => {
    const dir = folder({});
    for (const side of ["old", "new"]) {
      const sub = join(dir, side);
      mkdirSync(sub);
      writeFileSync(join(sub, "openapi.yaml"), root());
      writeFileSync(join(sub, "schemas.yaml"), schemas(side === "old" ? "integer" : "string", side === "old"));
    }
    const result = await diffFiles(join(dir, "old", "openapi.yaml"), join(dir, "new", "openapi.yaml"));
    const typeChanges = result.changes.filter((c) => c.id.endsWith("property-type-changed"));
    // Request and response of createOrder, response of getOrder.
    expect(typeChanges.map((c) => c.tool.new).sort()).toEqual(["Shop/1/createOrder", "Shop/1/createOrder", "Shop/1/getOrder"]);
    const newText = schemas("string", false);
    const oldText = schemas("integer", true);
    for (const change of typeChanges) {
      expect(change.source).toEqual({
        old: { file: join(dir, "old", "schemas.yaml"), ...positionOf(oldText, "type: integer"), pointer: "/Order/properties/qty/type" },
        new: { file: join(dir, "new", "schemas.yaml"), ...positionOf(newText, "type: string"), pointer: "/Order/properties/qty/type" },
      });
    }
    // A removal: the old side only, and the closest node still there in the new file.
    const removed = finding(result, "response-optional-property-removed", "/orders/{id}");
    expect(removed.source).toEqual({
      old: { file: join(dir, "old", "schemas.yaml"), ...positionOf(oldText, "note:"), pointer: "/Order/properties/note" },
      near: { file: join(dir, "new", "schemas.yaml"), line: 1, column: 1, pointer: "/Order" },
    });
  });
});

describe("YAML anchors and flow style", () => {
  const spec = (format: string) => `openapi: 3.0.3
info: {title: Pets, version: "1"}
paths:
  /a:
    get:
      operationId: getA
      responses:
        "200": &page
          description: ok
          content:
            application/json:
              schema: {type: object, properties: {when: {type: string, format: ${format}}}}
  /b:
    get:
      operationId: getB
      responses:
        "200": *page
`;

  test("a change under an alias is placed in the anchored text, for both operations", async () => {
    const before = spec("date");
    const after = spec("date-time");
    const dir = folder({ "old.yaml": before, "new.yaml": after });
    const result = await diffFiles(join(dir, "old.yaml"), join(dir, "new.yaml"));
    const changes = result.changes.filter((c) => c.id === "response-property-format-changed");
    expect(changes.map((c) => c.operation?.path)).toEqual(["/a", "/b"]);
    for (const change of changes) {
      expect(change.source?.old).toMatchObject({ file: join(dir, "old.yaml"), ...positionOf(before, "format: date") });
      expect(change.source?.new).toMatchObject({ file: join(dir, "new.yaml"), ...positionOf(after, "format: date-time") });
    }
  });
});

describe("a side read from a git revision", () => {
  test("its places name <rev>:<path>, and GitHub annotations go to the working tree's file", async () => {
    const { execFileSync } = await import("node:child_process");
    const { formatGithub } = await import("../../src/diff/format-github.js");
    const repo = folder({ "openapi.yaml": yamlSpec("integer") });
    const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" });
    git("init", "-q");
    git("add", "openapi.yaml");
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "base");
    const after = yamlSpec("string");
    writeFileSync(join(repo, "openapi.yaml"), after);
    const options = { places: true, env: {}, gitRevisions: { cwd: repo } } as const;
    const [a, b] = await Promise.all([loadDescription("HEAD:openapi.yaml", options), loadDescription(join(repo, "openapi.yaml"), options)]);
    const result = diffModels(buildModel(a), buildModel(b));
    const change = finding(result, "response-property-type-changed");
    const at = positionOf(yamlSpec("integer"), "type: integer", 2);
    expect(change.source?.old).toEqual({ file: "HEAD:openapi.yaml", ...at, pointer: "/paths/~1pets/get/responses/200/content/application~1json/schema/properties/qty/type" });
    expect(change.source?.new).toMatchObject({ file: join(repo, "openapi.yaml"), ...positionOf(after, "type: string") });
    expect(formatGithub(result).split("\n")[0]).toMatch(new RegExp(`^::error file=${join(repo, "openapi.yaml")},line=${at.line},col=${at.column},`));
  });
});
