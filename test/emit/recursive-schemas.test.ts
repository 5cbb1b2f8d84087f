/**
 * Recursive schemas (self-reference, mutual recursion, recursion through allOf
 * and additionalProperties) are handled by every stage that walks schemas: the types compile, the
 * tool descriptors are finite and $ref-free, validation of a deep value works, and diff ends.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { freshOutputDir } from "../support/output-dir.js";
import { typecheck } from "../support/typecheck.js";

const RECURSIVE = `openapi: 3.0.3
info: { title: Trees, version: "1" }
servers: [{ url: "http://127.0.0.1:1" }]
paths:
  /Trees/1/plant:
    post:
      operationId: plant
      requestBody:
        required: true
        content: { application/json: { schema: { $ref: "#/components/schemas/Node" } } }
      responses:
        "200":
          description: ok
          content: { application/json: { schema: { $ref: "#/components/schemas/Forest" } } }
components:
  schemas:
    Node:
      type: object
      required: [name]
      properties:
        name: { type: string }
        children: { type: array, items: { $ref: "#/components/schemas/Node" } }
        owner: { $ref: "#/components/schemas/Person" }
        labels: { type: object, additionalProperties: { $ref: "#/components/schemas/Node" } }
    Person:
      type: object
      properties:
        name: { type: string }
        garden: { $ref: "#/components/schemas/Node" }
    Forest:
      allOf:
        - $ref: "#/components/schemas/Node"
        - type: object
          properties:
            parent: { $ref: "#/components/schemas/Forest" }
`;

test("self, mutual and allOf recursion: types compile, descriptors are finite, diff ends", async () => {
  const dir = freshOutputDir("recursive/trees");
  writeFileSync(join(dir, "trees.yaml"), RECURSIVE);
  const io = { stdout: () => {}, stderr: () => {}, exitCode: () => {} };
  expect(await main([join(dir, "trees.yaml"), "--out", join(dir, "gen"), "--quiet"], io)).toBe(0);
  writeFileSync(
    join(dir, "gen/app.ts"),
    `import type { components } from "./schema.js";
type Node = components["schemas"]["Node"];
const deep: Node = { name: "a", children: [{ name: "b", children: [{ name: "c", owner: { garden: { name: "d" } } }] }], labels: { x: { name: "e" } } };
// @ts-expect-error: a child needs its name, however deep
const wrong: Node = { name: "a", children: [{ children: [] }] };
export { deep, wrong };
`,
  );
  expect(await typecheck(join(dir, "gen"))).toBe("");

  const { toolkit } = (await import(join(dir, "gen/toolkit.ts"))) as { toolkit: { tools: { parameters: unknown; responses?: unknown }[] } };
  const text = JSON.stringify([toolkit.tools[0]?.parameters, toolkit.tools[0]?.responses]);
  expect(text).toContain('"children"');
  expect(text).not.toContain("$ref");
  expect(text.length).toBeLessThan(20_000);
  expect(readFileSync(join(dir, "gen/toolkit.ts"), "utf8").length).toBeLessThan(200_000);

  const diff: string[] = [];
  const code = await main(["diff", join(dir, "trees.yaml"), join(dir, "trees.yaml")], { stdout: (l) => diff.push(l), stderr: (l) => diff.push(l), exitCode: () => {} });
  expect(code).toBe(0);
  const changed = RECURSIVE.replace("name: { type: string }\n        children", "name: { type: integer }\n        children");
  writeFileSync(join(dir, "trees-2.yaml"), changed);
  const second: string[] = [];
  await main(["diff", join(dir, "trees.yaml"), join(dir, "trees-2.yaml"), "--format", "json"], { stdout: (l) => second.push(l), stderr: () => {}, exitCode: () => {} });
  const report = JSON.parse(second.join("\n")) as { changes: { level: string }[] };
  expect(report.changes.length).toBeGreaterThan(0);
  expect(report.changes.length).toBeLessThan(10); // once per place, not once per unrolled level
});
