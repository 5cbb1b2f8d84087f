/**
 * Emitting reads the model and never changes it: the programmatic API lets a build tool emit
 * twice from one model (for example `ts` and `js`), and both must match a fresh run.
 */
import { join } from "node:path";
import { expect, test } from "vitest";
import { generateFiles } from "../../src/emit/generate-files.js";
import { loadDescription } from "../../src/load/load-description.js";
import { buildModel } from "../../src/model/build-model.js";
import { CORPUS } from "../support/output-dir.js";

test("two emits from one model give the same files, and the model's document is untouched (discriminators included)", async () => {
  const model = buildModel(await loadDescription(join(CORPUS, "specs/heyapi-full-3.0/full.yaml")));
  const before = JSON.stringify(model.document);
  expect(before).toContain('"discriminator"');
  const first = await generateFiles(model, { format: false });
  const second = await generateFiles(model, { format: false });
  expect(JSON.stringify(model.document)).toBe(before);
  expect(second.map((f) => f.content)).toEqual(first.map((f) => f.content));
});
