/**
 * Directory sweep (mercedes-benz.com/configurator): `type: object` beside an `enum` of strings.
 * openapi-typescript reads an object's `enum` as schemas and stops ("Expected SchemaObject,
 * received string"), which toolgen reported as an internal error (exit 3). No value is both, so
 * the values that are no objects are left out of the types (and the `enum` with them when no object
 * value is left), with one warning; the module compiles.
 */
import { join } from "node:path";
import { expect, test } from "vitest";
import type { OpenApiDocument } from "../../../src/load/loaded-description.js";
import { typesDocumentOf } from "../../../src/model/types-document/types-document.js";
import { generateFrom, openapiTypescript, typecheckWith } from "../../support/generated-module.js";

type Json = Record<string, any>;

const DESCRIPTION = {
  openapi: "3.0.0",
  info: { title: "Configurator", version: "1" },
  servers: [{ url: "http://127.0.0.1:1" }],
  paths: {
    "/productgroups": {
      get: {
        operationId: "listProductGroups",
        responses: {
          "200": {
            description: "The groups.",
            content: { "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/ProductGroup" } } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      ProductGroup: { description: "A product group.", type: "object", enum: ["PKW", "VAN", "SMART"], required: ["name"], properties: { name: { type: "string" } } },
    },
  },
};

test("an object schema's enum loses the values that are no objects, and the enum when none is left", () => {
  const source = structuredClone(DESCRIPTION) as Json;
  source.components.schemas.Mixed = { type: "object", enum: [{ a: 1 }, "b", 2, null] };
  source.components.schemas.Strings = { type: "string", enum: ["x", "y"] };
  const before = structuredClone(source);
  const { document, warnings } = typesDocumentOf(source as OpenApiDocument);
  expect(source).toEqual(before);
  const schemas = (document as Json).components.schemas;
  expect(schemas.ProductGroup).toEqual({ description: "A product group.", type: "object", required: ["name"], properties: { name: { type: "string" } } });
  expect(schemas.Mixed.enum).toEqual([{ a: 1 }, null]);
  expect(schemas.Strings).toEqual(before.components.schemas.Strings);
  expect(warnings).toEqual(['2 schemas have type "object" and an enum of values that are no objects, which no value can match; typed without those values']);
});

const USE = `import type { ListProductGroupsOutput } from "./index.js";

export const groups: ListProductGroupsOutput = [{ name: "PKW" }];
// @ts-expect-error: name is required
export const nameless: ListProductGroupsOutput = [{}];
`;

test("the module compiles under tsc --strict, where openapi-typescript alone stops", async () => {
  const { dir, spec, out, messages } = await generateFrom("object-type-enum", DESCRIPTION, ["--no-format"]);
  expect(messages.filter((line) => line.includes("warning:") && line.includes("enum"))).toHaveLength(1);
  expect(await typecheckWith(out, USE)).toBe("");

  expect(() => openapiTypescript(spec, join(dir, "control.ts"))).toThrow(/Expected SchemaObject, received string at #\/components\/schemas\/ProductGroup\/oneOf\/0/);
}, 120_000);
