/**
 * Response schemas are converted once per `$ref` shape in a build and shared between the tools
 * that answer with it (output-schema.ts). Sharing must never change an answer: each tool's
 * `responses` equals a conversion of its own, and marking one tool's file answers leaves the
 * others' alone.
 */
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { convertSchema, convertSchemaWhole } from "../../../src/model/tool-schema/convert.js";
import { convertResponse, outputSchemaOf } from "../../../src/model/tool-schema/output-schema.js";
import { RESPONSES_BUDGET } from "../../../src/model/tool-schema/tool-descriptors.js";
import { CORPUS } from "../../support/output-dir.js";
import { descriptorsOf, descriptorsOfFile, modelOf } from "./support.js";

describe.each(["github-api.json", "stripe-spec3-2023-09-12.yaml", "digital-ocean-api/DigitalOcean-public.v2.yaml"])("%s", (file) => {
  test("every tool's responses equal its own unshared conversion", async () => {
    const { model, tools } = await descriptorsOfFile(join(CORPUS, "specs", file));
    let shared = 0;
    const seen = new Set<unknown>();
    model.operations.forEach((op, i) => {
      const own = outputSchemaOf(op, model.document, RESPONSES_BUDGET);
      const fileMarked = tools[i]!.files?.output !== undefined;
      if (!fileMarked) expect(tools[i]!.responses, op.toolName).toEqual(own);
      if (tools[i]!.responses !== undefined) {
        if (seen.has(tools[i]!.responses)) shared++;
        seen.add(tools[i]!.responses);
      }
    });
    // The cache is in use: on these descriptions many tools answer with the same component.
    expect(shared).toBeGreaterThan(10);
  });

  test("a response schema is whole when it fits the budget's node count at depth 10, else shallow, for any budget", async () => {
    const { model } = await descriptorsOfFile(join(CORPUS, "specs", file));
    const document = model.document;
    const nodes = model.operations.flatMap((op) => op.success.flatMap((r) => (r.kind === "json" && r.schema !== undefined ? [r.schema] : [])));
    const outcomes = new Set<string>();
    for (const budget of [RESPONSES_BUDGET, { maxDepth: 0, maxNodes: 10 }, { maxDepth: 3, maxNodes: 5 }, { maxDepth: 12, maxNodes: 60 }, { maxDepth: 1, maxNodes: 400 }]) {
      for (const node of nodes) {
        // The definition, spelt out: the whole conversion if nothing in it is cut, else the shallow one.
        const whole = convertSchemaWhole(node, { document, direction: "response", budget: { maxDepth: 10, maxNodes: budget.maxNodes } });
        const expected = whole ?? convertSchema(node, { document, direction: "response", budget });
        outcomes.add(whole === undefined ? "shallow" : "whole");
        expect(convertResponse(node, document, budget)).toEqual(expected);
      }
    }
    expect([...outcomes].sort()).toEqual(["shallow", "whole"]);
  });
});

const user = {
  type: "object",
  properties: { id: { type: "integer" }, name: { type: "string" }, avatar: { type: "string", "x-ebagent-file-mime-type": "image/png" } },
};
const document = {
  openapi: "3.0.3",
  info: { title: "T", version: "1" },
  paths: {
    "/a": { get: { operationId: "one", responses: { "200": { description: "", content: { "application/json": { schema: { $ref: "#/components/schemas/User" } } } } } } },
    "/b": { get: { operationId: "many", responses: { "200": { description: "", content: { "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/User" } } } } } } } },
    "/c": { get: { operationId: "again", responses: { "200": { description: "", content: { "application/json": { schema: { $ref: "#/components/schemas/User" } } } } } } },
    "/d": { get: { operationId: "plain", responses: { "200": { description: "", content: { "application/json": { schema: { $ref: "#/components/schemas/Plain" } } } } } } },
  },
  components: { schemas: { User: user, Plain: { type: "object", properties: { id: { type: "integer" } } } } },
};

test("a component and an array of it are different answers; file marks are per tool", () => {
  const { tools } = descriptorsOf(document);
  const [one, many, again, plain] = tools;
  expect(one!.responses).toEqual(again!.responses);
  expect(many!.responses).toMatchObject({ type: "array", items: { type: "object" } });
  expect(one!.responses).toMatchObject({ type: "object", properties: { id: { type: "integer" } } });
  // The file field is described as a file id in each tool that returns it, and only there.
  expect(JSON.stringify(one!.responses)).toContain("file");
  expect((many!.responses as { items: { properties: { avatar: { description?: string } } } }).items.properties.avatar.description).toBe(
    (one!.responses as { properties: { avatar: { description?: string } } }).properties.avatar.description,
  );
  expect(plain!.responses).toEqual({ type: "object", properties: { id: { type: "integer" } } });
  // Marking copies: the unmarked conversion the tools share is untouched.
  const model = modelOf(document);
  expect(outputSchemaOf(model.operations[0]!, model.document, RESPONSES_BUDGET)).toMatchObject({ properties: { avatar: { type: "string" } } });
});

test("convertSchemaWhole gives the whole conversion, or nothing where a budget would cut", () => {
  const options = (maxDepth: number, maxNodes: number) => ({ document: modelOf(document).document, direction: "response" as const, budget: { maxDepth, maxNodes } });
  const node = { $ref: "#/components/schemas/User" };
  expect(convertSchemaWhole(node, options(10, 60))).toEqual(convertSchema(node, options(10, 60)));
  expect(convertSchemaWhole(node, options(10, 0))).toBeUndefined();
  expect(convertSchema(node, options(10, 0))).toMatchObject({ type: "object", description: "(details not shown)" });
  expect(convertSchemaWhole({ type: "array", items: node }, options(0, 60))).toBeUndefined();
  expect(convertSchema({ type: "array", items: node }, options(0, 60))).toMatchObject({ type: "array", items: { description: "(details not shown)" } });
});
