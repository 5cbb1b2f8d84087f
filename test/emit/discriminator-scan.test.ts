/**
 * scanDiscriminatorsInView (src/emit/discriminator-scan.ts) stands in for openapi-typescript's
 * scanDiscriminators: on the same document it must give the same result and patch the same
 * schemas in the same way. Each case runs both on separate copies and compares the results and
 * the copies afterwards, on real descriptions with discriminators and on the shapes the view has
 * to get right (patch targets found through a `$ref` chain, inside arrays, `allOf` patches, a
 * mapping that points nowhere).
 */
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { scanDiscriminatorsInView } from "../../src/emit/discriminator-scan.js";
import { scanDiscriminators } from "../../src/emit/openapi-typescript-transform.js";
import { loadDescription } from "../../src/load/load-description.js";
import { buildModel } from "../../src/model/build-model.js";
import { typesDocumentOf } from "../../src/model/types-document/types-document.js";
import { CORPUS } from "../support/output-dir.js";

type Json = Record<string, any>;

function expectSameScan(document: Json): void {
  const whole = structuredClone(document);
  const viewed = structuredClone(document);
  const expected = scanDiscriminators(whole as never, { silent: true });
  const actual = scanDiscriminatorsInView(viewed, { silent: true });
  expect(actual).toEqual(expected);
  // The patches landed on the document's own schemas, the same ones.
  expect(viewed).toEqual(whole);
}

describe("on real descriptions", () => {
  const patched: string[] = [];
  test.each(["specs/openai.yaml", "specs/clerk-2025-11-10.yaml", "specs/heyapi-full-3.0/full.yaml", "specs/ots-simple-example-3.1.yaml", "swagger2/opsgenie/swagger.json"])(
    "%s: same discriminators, same patches",
    async (path) => {
      const model = buildModel(await loadDescription(join(CORPUS, path)));
      const document = typesDocumentOf(model.document).document as Json;
      const whole = structuredClone(document);
      const expected = scanDiscriminators(whole as never, { silent: true });
      expect(Object.keys(expected.objects).length).toBeGreaterThan(0);
      if (JSON.stringify(whole) !== JSON.stringify(document)) patched.push(path);
      expectSameScan(document);
    },
  );
  // Runs after the cases above (vitest keeps the order within a file).
  test("the descriptions above include ones the scan patches", () => {
    expect(patched.length).toBeGreaterThanOrEqual(2);
  });
});

describe("shapes", () => {
  const pet = {
    oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }],
    discriminator: { propertyName: "kind", mapping: { kitty: "#/components/schemas/Cat", doggo: "#/components/schemas/Dog" } },
  };

  test("oneOf and mapping targets, an object one and an allOf one", () => {
    expectSameScan({
      paths: {},
      components: {
        schemas: {
          Pet: pet,
          Cat: { type: "object", properties: { meow: { type: "boolean" } } },
          Dog: { allOf: [{ $ref: "#/components/schemas/Base" }, { type: "object", properties: { bark: { type: "string" } } }] },
          Base: { type: "object", properties: { kind: { type: "string" } } },
          Unrelated: { type: "object", properties: { x: { type: "array", items: { type: "string" } } } },
        },
      },
    });
  });

  test("a target reached through a $ref chain, one inside an array, and one that points nowhere", () => {
    expectSameScan({
      paths: {
        "/pets": {
          get: {
            responses: {
              "200": {
                content: {
                  "application/json": {
                    schema: {
                      oneOf: [{ $ref: "#/components/schemas/Alias" }, { $ref: "#/components/schemas/List/items/1" }],
                      discriminator: { propertyName: "type", mapping: { a: "#/components/schemas/Alias", b: "#/components/schemas/List/items/1", c: "#/components/schemas/Missing" } },
                    },
                  },
                },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          Alias: { $ref: "#/components/schemas/Real" },
          Real: { type: "object", properties: { type: { type: "string", description: "kept in the patch" } } },
          List: { items: [{ type: "string" }, { type: "object", properties: {} }] },
        },
      },
    });
  });

  test("allOf children of a discriminated base get their mapped value (the scan's second walk)", () => {
    expectSameScan({
      components: {
        schemas: {
          Base: { type: "object", properties: { kind: { type: "string" } }, discriminator: { propertyName: "kind", mapping: { a: "#/components/schemas/A", b: "#/components/schemas/B" } } },
          A: { allOf: [{ $ref: "#/components/schemas/Base" }, { type: "object", properties: { a: { type: "string" } } }] },
          B: { allOf: [{ $ref: "#/components/schemas/Base" }] },
          C: { allOf: [{ $ref: "#/components/schemas/Other" }, { $ref: "#/components/schemas/Base" }] },
          Inline: { allOf: [{ type: "object", discriminator: { propertyName: "k" } }] },
          Other: { type: "object" },
        },
      },
      paths: { "/x": { post: { requestBody: { content: { "application/json": { schema: { allOf: [{ $ref: "#/components/schemas/Base" }] } } } } } } },
    });
  });

  test("without any discriminator the answer is empty and nothing is walked or changed", () => {
    const document = { components: { schemas: { A: { allOf: [{ type: "object" }] } } } };
    const before = structuredClone(document);
    expect(scanDiscriminatorsInView(document, { silent: true })).toEqual({ objects: {}, refsHandled: [] });
    expect(document).toEqual(before);
  });
});
