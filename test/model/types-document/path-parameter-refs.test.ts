/**
 * Directory sweep (digitalocean.com, opensuse.org/obs): a parameter `$ref` to another operation's
 * parameter (`#/paths/~1v2~1account~1keys/get/parameters/1`) is typed by openapi-typescript as
 * `paths[…]["get"]["parameters"]["query"]["per_page"]`, an index into a `query?:` that may be
 * undefined (TS2339), so its output does not compile. The types document moves each such target to
 * `components.parameters` under its name and points every ref there.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import type { OpenApiDocument } from "../../../src/load/loaded-description.js";
import { typesDocumentOf } from "../../../src/model/types-document/types-document.js";
import { generateFrom, openapiTypescriptErrors, typecheckWith } from "../../support/generated-module.js";

type Json = Record<string, any>;

const ok = { "200": { description: "ok", content: { "application/json": { schema: { type: "object", properties: { n: { type: "integer" } } } } } } };

const DESCRIPTION = {
  openapi: "3.0.3",
  info: { title: "Droplets", version: "1" },
  servers: [{ url: "http://127.0.0.1:1" }],
  paths: {
    "/keys": {
      get: {
        operationId: "listKeys",
        parameters: [
          { name: "per_page", in: "query", schema: { type: "integer", minimum: 1 } },
          { name: "page", in: "query", schema: { type: "integer" } },
        ],
        responses: ok,
      },
    },
    "/droplets": {
      get: {
        operationId: "listDroplets",
        parameters: [{ $ref: "#/paths/~1keys/get/parameters/0" }, { $ref: "#/paths/~1keys/get/parameters/1" }],
        responses: ok,
      },
    },
    "/droplets/{id}": {
      parameters: [{ $ref: "#/components/parameters/Id" }],
      get: {
        operationId: "getDroplet",
        // A ref to a ref: the same parameter as listKeys' per_page.
        parameters: [{ $ref: "#/paths/~1droplets/get/parameters/0" }],
        responses: ok,
      },
    },
    "/images/{id}": {
      // A ref to a path item's parameter that is itself a component.
      get: { operationId: "getImage", parameters: [{ $ref: "#/paths/~1droplets~1%7Bid%7D/parameters/0" }], responses: ok },
    },
  },
  components: {
    parameters: {
      Id: { name: "id", in: "path", required: true, schema: { type: "string" } },
      // A component already called `page`: the hoisted one gets another name.
      page: { name: "page", in: "header", schema: { type: "string" } },
    },
  },
};

test("each path parameter target moves to components.parameters under its name; every ref in a parameter list follows", () => {
  const source = structuredClone(DESCRIPTION) as Json;
  // A schema that refers to a Parameter Object is no parameter: left as written.
  source.components.schemas = { Odd: { type: "array", items: { $ref: "#/paths/~1keys/get/parameters/1" } } };
  const before = structuredClone(source);
  const { document } = typesDocumentOf(source as OpenApiDocument);
  expect(source).toEqual(before);
  const out = document as Json;
  expect(Object.keys(out.components.parameters)).toEqual(["Id", "page", "per_page", "page_2"]);
  expect(out.components.parameters.per_page).toEqual(before.paths["/keys"].get.parameters[0]);
  expect(out.components.parameters.page_2).toEqual(before.paths["/keys"].get.parameters[1]);
  expect(out.paths["/keys"].get.parameters).toEqual([{ $ref: "#/components/parameters/per_page" }, { $ref: "#/components/parameters/page_2" }]);
  expect(out.paths["/droplets"].get.parameters).toEqual([{ $ref: "#/components/parameters/per_page" }, { $ref: "#/components/parameters/page_2" }]);
  expect(out.paths["/droplets/{id}"].get.parameters).toEqual([{ $ref: "#/components/parameters/per_page" }]);
  expect(out.paths["/images/{id}"].get.parameters).toEqual([{ $ref: "#/components/parameters/Id" }]);
  expect(out.components.schemas.Odd).toEqual(before.components.schemas.Odd);
});

const USE = `import type { GetDropletInput, ListDropletsInput } from "./index.js";
import { getImage, listDroplets } from "./index.js";

export const page: ListDropletsInput = { per_page: 20, page: 2 };
export const listed = listDroplets(page);
export const one: GetDropletInput = { id: "d1", per_page: 5 };
export const image = getImage({ id: "i1" });
// @ts-expect-error: per_page is an integer
export const badPage: ListDropletsInput = { per_page: "20" };
`;

test("the generated module compiles under tsc --strict, where openapi-typescript's output alone does not (TS2339)", async () => {
  const { dir, spec, out } = await generateFrom("path-parameter-refs", DESCRIPTION, ["--no-format"]);
  expect(await typecheckWith(out, USE)).toBe("");
  expect(readFileSync(join(out, "schema.d.ts"), "utf8")).not.toMatch(/paths\["[^"]*"\]\["get"\]\["parameters"\]/);

  expect(await openapiTypescriptErrors(dir, spec)).toMatch(/TS2339: Property 'per_page' does not exist/);
}, 120_000);
