/**
 * Tool names must be exactly the reference client's: `<title>/<version>/<operationId>`, with its
 * fallback for operations without one. The golden file lists what the reference produced for
 * each of its own fixtures.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadDescription } from "../../src/load/load-description.js";
import { buildModel } from "../../src/model/build-model.js";
import { CORPUS } from "../support/output-dir.js";

interface GoldenTool {
  tool_name: string;
  method: string | null;
  uri: string | null;
}
const ERNIE = join(CORPUS, "ernie");
const golden = JSON.parse(readFileSync(join(ERNIE, "expected__reference_function_call_schemas.json"), "utf8")) as Record<
  string,
  { tools?: GoldenTool[] }
>;
const fixtures = Object.entries(golden).filter(([file, entry]) => file.endsWith(".yaml") && entry.tools);

describe("tool names match the reference implementation", () => {
  test("every golden fixture is covered", () => expect(fixtures.length).toBeGreaterThanOrEqual(11));

  test.each(fixtures)("%s", async (file, entry) => {
    const model = buildModel(await loadDescription(join(ERNIE, file)));
    expect(model.operations.map((op) => [op.toolName, op.method, op.path])).toEqual(
      entry.tools!.map((t) => [t.tool_name, t.method, t.uri]),
    );
  });

  test("the reference's tool-manager description (JSON) names its tools the same way", async () => {
    const model = buildModel(await loadDescription(join(ERNIE, "generated__toolmanager_openapi__intended.json")));
    expect(model.operations.map((op) => op.toolName)).toEqual(
      golden["generated__toolmanager_openapi__intended.json"]!.tools!.map((t) => t.tool_name),
    );
  });
});
