/**
 * Every real description of ../shared/corpus/specs (the Swagger 2.0 one converted on load):
 * diffed against itself (loaded twice, so no object is shared) gives no finding; against a copy
 * with one operation removed gives exactly one finding, and it is breaking.
 */
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { diffModels } from "../../src/diff/diff-models.js";
import { buildModel } from "../../src/model/build-model.js";
import { getPointer, isObject } from "../../src/model/local-ref.js";
import type { OperationModel, ToolkitModel } from "../../src/model/toolkit-model.js";
import { loadFile, SPECS } from "./support.js";

const specs: [string, string][] = [
  ["petstore", "petstore-3.0.yaml"],
  ["ots-simple-3.1", "ots-simple-example-3.1.yaml"],
  ["heyapi-full-3.0", "heyapi-full-3.0/full.yaml"],
  ["opencode", "opencode.yaml"],
  ["clerk", "clerk-2025-11-10.yaml"],
  ["odata", "odata-sdk-method-class-conflict.yaml"],
  ["openai", "openai.yaml"],
  ["digital-ocean", "digital-ocean-api/DigitalOcean-public.v2.yaml"],
  ["stripe", "stripe-spec3-2023-09-12.yaml"],
  ["github", "github-api.json"],
  ["heyapi-full-swagger-2.0", "heyapi-full-swagger-2.0/full.yaml"],
];

/** Names that removing `victim` must leave alone for the removal to be the only change. */
function names(model: ToolkitModel, skip?: OperationModel): string[] {
  return model.operations.filter((op) => op.pointer !== skip?.pointer).map((op) => `${op.toolName} ${op.functionName} ${op.typeName}`);
}

describe("corpus specs", () => {
  test.each(specs)("%s: no finding against itself; one breaking finding with one operation removed", async (_name, file) => {
    const first = await loadFile(join(SPECS, file));
    const second = await loadFile(join(SPECS, file));
    expect(diffModels(first.model, second.model).changes).toEqual([]);

    // Pick an operation whose removal renames nothing else (no collision moves), from the middle.
    const ops = first.model.operations;
    const order = ops.map((_, i) => ops[(i + Math.floor(ops.length / 2)) % ops.length]!);
    let removedModel: ToolkitModel | undefined;
    let victim: OperationModel | undefined;
    for (const candidate of order.filter((op) => !op.deprecated && op.operationId !== undefined).slice(0, 20)) {
      const document = structuredClone(second.loaded.document);
      const slash = candidate.pointer.lastIndexOf("/");
      const parent = getPointer(document, candidate.pointer.slice(0, slash));
      if (!isObject(parent)) continue;
      delete parent[candidate.pointer.slice(slash + 1)];
      const model = buildModel({ ...second.loaded, document });
      if (names(model).join("\n") === names(first.model, candidate).join("\n")) {
        removedModel = model;
        victim = candidate;
        break;
      }
    }
    expect(victim, "an operation that can be removed without renaming others").toBeDefined();
    const result = diffModels(first.model, removedModel!);
    expect(result.changes.map((c) => `${c.level} ${c.id} ${c.operation?.method} ${c.operation?.path}`)).toEqual([
      `breaking api-removed-without-deprecation ${victim!.method.toUpperCase()} ${victim!.path}`,
    ]);
  });
});
