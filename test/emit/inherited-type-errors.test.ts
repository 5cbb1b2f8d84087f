/**
 * Shapes that openapi-typescript types into output that does not compile, found
 * in PagerDuty's, Plaid's, Telstra's and Vercel's public descriptions, compile with toolgen, and
 * their types are the exact ones (values of the schema are accepted, others refused), not
 * `unknown` or `never`. The same description given to openapi-typescript alone fails under tsc:
 * the control that shows each shape here is one it cannot type.
 *
 * - `$ref`s into the middle of a schema: `…/X/allOf/0`, `…/X/properties/y/items`,
 *   `#/components/parameters/P/schema`, a response's schema, a path's response schema property,
 *   and one whose target is itself a `$ref`;
 * - a nullable base under `allOf` with `required` (`WithRequired<A | null, …>`), and a bare
 *   `{type: object}` part beside it (`& Record<string, never>` admitted no object with a key);
 * - schemas that hold themselves through arrays alone (a JSON value; two that hold each other);
 * - `type: "null"` beside a `oneOf` that never admits null (3.1).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { generateFrom, openapiTypescriptErrors, typecheckWith } from "../support/generated-module.js";

const json = { "application/json": { schema: { $ref: "#/components/schemas/Json" } } };

const DESCRIPTION = {
  openapi: "3.1.0",
  info: { title: "Shapes", version: "1" },
  servers: [{ url: "http://127.0.0.1:1" }],
  paths: {
    "/messages": {
      get: {
        operationId: "listMessages",
        parameters: [{ name: "limit", in: "query", schema: { $ref: "#/components/parameters/Limit/schema" } }],
        responses: {
          "200": {
            description: "A page.",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: { paging: { type: "object", required: ["total"], properties: { total: { type: "integer" }, next: { type: "string" } } } },
                },
              },
            },
          },
        },
      },
    },
    "/messages/{id}": {
      get: {
        operationId: "getMessage",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": {
            description: "One message and the paging of its thread.",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["paging", "first", "tag", "body"],
                  properties: {
                    // Telstra: a property of another operation's answer.
                    paging: { $ref: "#/paths/~1messages/get/responses/200/content/application~1json/schema/properties/paging" },
                    first: { $ref: "#/components/schemas/Base/allOf/0" },
                    tag: { $ref: "#/components/schemas/Tagged/properties/tags/items" },
                    body: { $ref: "#/components/schemas/Inner/properties/text" },
                    // A target that is itself a $ref (to Inner): followed to the component.
                    inner: { $ref: "#/components/schemas/Wrapper/properties/inner" },
                    error: { $ref: "#/components/responses/Problem/content/application~1json/schema" },
                  },
                },
              },
            },
          },
        },
      },
    },
    "/values": {
      post: {
        operationId: "putValue",
        requestBody: { required: true, content: json },
        responses: { "200": { description: "The value back.", content: json } },
      },
    },
    "/schedules": {
      get: {
        operationId: "getSchedule",
        responses: {
          "200": {
            description: "A schedule.",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ScheduleGet" } } },
          },
        },
      },
    },
    "/trees": {
      get: {
        operationId: "getTree",
        responses: {
          "200": {
            description: "Two schemas that hold each other through arrays, and an edge value.",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["tree", "edge"],
                  properties: { tree: { $ref: "#/components/schemas/Forest" }, edge: { $ref: "#/components/schemas/EdgeValue" } },
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    parameters: { Limit: { name: "limit", in: "query", schema: { type: "integer", minimum: 1 } } },
    responses: {
      Problem: {
        description: "A problem.",
        content: { "application/json": { schema: { type: "object", required: ["code"], properties: { code: { type: "string" } } } } },
      },
    },
    schemas: {
      Base: { allOf: [{ type: "object", required: ["id"], properties: { id: { type: "string" } } }, { type: "object", properties: { extra: { type: "string" } } }] },
      Tagged: { type: ["object", "null"], properties: { tags: { type: "array", items: { type: "string", enum: ["a", "b"] } } } },
      Wrapper: { type: "object", properties: { inner: { $ref: "#/components/schemas/Inner" } } },
      Inner: { type: "object", properties: { text: { type: "string", minLength: 1 } } },
      // Plaid: a nullable base, made required under allOf.
      ScheduleBase: {
        type: ["object", "null"],
        properties: { start: { type: "string" }, interval: { type: "string", enum: ["WEEKLY", "MONTHLY"] } },
      },
      ScheduleGet: { allOf: [{ $ref: "#/components/schemas/ScheduleBase" }, { type: "object" }], required: ["start", "interval"] },
      // openapi-typescript issue 1603: a JSON value.
      Json: {
        anyOf: [
          { type: "string" },
          { type: "number" },
          { type: "boolean" },
          { type: "object", additionalProperties: { $ref: "#/components/schemas/Json" } },
          { type: "array", items: { $ref: "#/components/schemas/Json" } },
          { type: "null" },
        ],
      },
      Forest: { oneOf: [{ type: "string" }, { type: "array", items: { $ref: "#/components/schemas/Grove" } }] },
      Grove: { oneOf: [{ type: "integer" }, { type: "array", items: { type: "array", items: { $ref: "#/components/schemas/Forest" } } }] },
      // Vercel: `type: "null"` where "or null" is meant, and an array of itself.
      EdgeValue: {
        type: "null",
        oneOf: [{ type: "string" }, { type: "number" }, { type: "array", items: { $ref: "#/components/schemas/EdgeValue" } }],
      },
    },
  },
};

/** Values each type must accept, and (after @ts-expect-error) values it must refuse. */
const USE = `import type { components, paths } from "./schema.js";
import type { GetMessageOutput, GetScheduleOutput, GetTreeOutput, ListMessagesInput, PutValueInput } from "./index.js";

type Schemas = components["schemas"];
export const json: Schemas["Json"] = { a: [1, "x", null, { b: [true] }] };
// @ts-expect-error: undefined is no JSON value
export const notJson: Schemas["Json"] = [undefined];
export const put: PutValueInput = { body: [1, [2, ["three"]]] };

export const message: GetMessageOutput = { paging: { total: 3 }, first: { id: "m1" }, tag: "a", body: "hello", error: { code: "E" }, inner: { text: "t" } };
// @ts-expect-error: Inner's text is a string
export const badInner: GetMessageOutput = { paging: { total: 3 }, first: { id: "m1" }, tag: "a", body: "hello", inner: { text: 1 } };
// @ts-expect-error: total is required in the hoisted paging schema
export const noTotal: GetMessageOutput = { paging: {}, first: { id: "m1" }, tag: "a", body: "x" };
// @ts-expect-error: "c" is not one of the items' enum
export const badTag: GetMessageOutput = { paging: { total: 1 }, first: { id: "m1" }, tag: "c", body: "x" };
export const page: paths["/messages"]["get"]["responses"]["200"]["content"]["application/json"] = { paging: { total: 1, next: "n" } };
export const limit: ListMessagesInput = { limit: 10 };

export const schedule: GetScheduleOutput = { start: "2026-01-01", interval: "WEEKLY" };
// @ts-expect-error: null does not match the holder's other part, {type: object}
export const noSchedule: GetScheduleOutput = null;
// @ts-expect-error: start is required by the allOf holder
export const noStart: GetScheduleOutput = { interval: "MONTHLY" };

export const tree: GetTreeOutput = { tree: [[[["leaf", [[[]]]]]], 7], edge: ["a", 1, ["b", null]] };
export const nullEdge: GetTreeOutput = { tree: "t", edge: null };
// @ts-expect-error: a boolean is no branch of EdgeValue
export const badEdge: GetTreeOutput = { tree: "t", edge: [true] };
// @ts-expect-error: a Grove's arrays hold arrays of Forests, not numbers
export const badTree: GetTreeOutput = { tree: [[[1]]], edge: null };
`;

test("deep $refs, nullable allOf bases and recursion through arrays compile with exact types where openapi-typescript's do not", async () => {
  const { dir, spec, out, messages } = await generateFrom("inherited-type-errors", DESCRIPTION);
  expect(messages.join("\n")).toMatch(/1 schema has type "null" beside a oneOf\/anyOf that never admits null/);
  expect(await typecheckWith(out, USE)).toBe("");

  const schema = readFileSync(join(out, "schema.d.ts"), "utf8");
  // Each deep target is typed once, under a name, and referred to by it from every place.
  expect(schema).toContain('paging?: components["schemas"]["messages_get_200_application_json_paging"]');
  expect(schema).toContain('paging: components["schemas"]["messages_get_200_application_json_paging"]');
  expect(schema).toMatch(/ScheduleBase_nonNull: \{/);
  expect(schema).toMatch(/export interface JsonArray extends Array<components\["schemas"\]\["Json"\]>/);
  expect(schema).not.toMatch(/\["(allOf|schema|properties|items)"\]/);

  expect(schema).toContain('inner?: components["schemas"]["Inner"]');

  // Control: openapi-typescript alone on the same description does not compile.
  const errors = await openapiTypescriptErrors(dir, spec);
  expect(errors).toMatch(/TS2502/);
  expect(errors).toMatch(/TS2344|TS2339|TS2536/);
}, 120_000);
