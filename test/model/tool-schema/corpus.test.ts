/**
 * Every description in the corpus: each tool's `parameters` and `responses` are `$ref`-free,
 * finite, valid JSON Schema 2020-12 (ajv's meta-schema), with an object root for `parameters`;
 * every wire name is provider-valid and unique; generation stays within its time budget.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, test } from "vitest";
import { WIRE_NAME_PATTERN } from "../../../src/model/tool-schema/wire-names.js";
import { CORPUS } from "../../support/output-dir.js";
import { descriptorsOfFile, eachSchema } from "./support.js";

const SPECS = join(CORPUS, "specs");
const ERNIE = join(CORPUS, "ernie");
const specs = [
  "petstore-3.0.yaml",
  "ots-simple-example-3.1.yaml",
  "heyapi-full-3.0/full.yaml",
  "opencode.yaml",
  "clerk-2025-11-10.yaml",
  "odata-sdk-method-class-conflict.yaml",
  "openai.yaml",
  "digital-ocean-api/DigitalOcean-public.v2.yaml",
  "stripe-spec3-2023-09-12.yaml",
  "github-api.json",
].map((f) => join(SPECS, f));
const ernie = readdirSync(ERNIE)
  .filter((f) => /openapi.*\.(ya?ml|json)$|^openapis__.*\.yaml$|FileParser\.yaml$|PYYAML|^generated__.*\.json$/.test(f))
  .map((f) => join(ERNIE, f));

 
const ajv = new (Ajv2020 as any)({ strict: false, validateFormats: false });
const FORBIDDEN = ["$ref", "$defs", "definitions", "$schema", "$id", "nullable", "discriminator", "example", "x-nullable"];

describe.each([...specs, ...ernie])("%s", (file) => {
  test("schemas are $ref-free, finite and valid; names are provider-valid and distinct", async () => {
    const { model, tools } = await descriptorsOfFile(file);
    expect(tools).toHaveLength(model.operations.length);
    const wire = new Set<string>();
    for (const tool of tools) {
      expect(tool.wireName).toMatch(WIRE_NAME_PATTERN);
      expect(wire.has(tool.wireName), tool.wireName).toBe(false);
      wire.add(tool.wireName);
      expect(tool.description.trim()).not.toBe("");
      expect(tool.parameters.type).toBe("object");
      for (const [label, schema] of [
        ["parameters", tool.parameters],
        ["responses", tool.responses],
      ] as const) {
        if (schema === undefined) continue;
        // Finite: serialisable (no cycles) and bounded in size.
        const text = JSON.stringify(schema);
        expect(text.length, `${tool.name} ${label}`).toBeLessThan(500_000);
        let nodes = 0;
        eachSchema(schema, (node, path) => {
          nodes++;
          for (const key of FORBIDDEN) expect(Object.hasOwn(node, key), `${tool.name} ${label} ${path} has ${key}`).toBe(false);
        });
        expect(nodes).toBeLessThan(20_000);
        if (!ajv.validateSchema(schema)) {
          throw new Error(`${tool.name} ${label}: ${ajv.errorsText(ajv.errors)}`);
        }
      }
    }
  });
});

test("the GitHub description: 1,223 tools, distinct provider-valid names, descriptors in well under 2 s", async () => {
  const started = performance.now();
  const { tools } = await descriptorsOfFile(join(SPECS, "github-api.json"));
  const elapsed = performance.now() - started;
  expect(tools).toHaveLength(1223);
  const names = tools.map((t) => t.wireName);
  expect(new Set(names).size).toBe(1223);
  for (const name of names) expect(name).toMatch(/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/);
  expect(new Set(tools.map((t) => t.name)).size).toBe(1223);
  // Load + model + descriptors; the descriptors alone take about 0.2 s (docs/llm-tools.md).
  expect(elapsed).toBeLessThan(10_000);
});
