/**
 * `required` across `allOf` parts: a name listed in one part and defined in another stays
 * required once the parts are merged (merge first, then filter), while a name whose property is
 * removed (readOnly in a request) or never defined still goes. DigitalOcean's `POST /v2/volumes`
 * lost `name` and `size_gigabytes` this way, and a validating server refused calls made from it.
 */
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CORPUS } from "../../support/output-dir.js";
import { descriptorsOf, descriptorsOfFile } from "./support.js";

const base = {
  type: "object",
  properties: { name: { type: "string" }, size: { type: "integer" }, id: { type: "string", readOnly: true } },
};
const extension = { properties: { region: { type: "string" } }, required: ["name", "size", "region", "id"] };

function documentWith(bodySchema: unknown) {
  return {
    openapi: "3.0.3",
    info: { title: "T", version: "1" },
    paths: {
      "/volumes": {
        post: {
          operationId: "create",
          requestBody: { required: true, content: { "application/json": { schema: bodySchema } } },
          responses: { "201": { description: "ok" } },
        },
      },
    },
    components: { schemas: { Base: base, Volume: { type: "object", allOf: [{ $ref: "#/components/schemas/Base" }, extension] } } },
  };
}

function parametersOf(bodySchema: unknown) {
  return descriptorsOf(documentWith(bodySchema)).tools[0]!.parameters as unknown as { required?: string[]; properties: Record<string, Record<string, unknown>> };
}

describe("allOf: merge first, then filter required", () => {
  test("a name required in one part and defined in another stays required (flat body)", () => {
    const parameters = parametersOf({ $ref: "#/components/schemas/Volume" });
    expect(parameters.required?.sort()).toEqual(["name", "region", "size"]);
    expect(Object.keys(parameters.properties).sort()).toEqual(["name", "region", "size"]);
  });

  test("the same inside a union, where the body goes under one key", () => {
    const parameters = parametersOf({ anyOf: [{ $ref: "#/components/schemas/Volume" }, { type: "string" }] });
    const branch = (parameters.properties.body!.anyOf as { required?: string[] }[])[0]!;
    expect(branch.required?.sort()).toEqual(["name", "region", "size"]);
  });

  test("a readOnly property required by another part is not asked for in a request", () => {
    const parameters = parametersOf({ $ref: "#/components/schemas/Volume" });
    expect(parameters.required).not.toContain("id");
  });

  test("an allOf that stays unmerged keeps each part's required names that another part defines", () => {
    // additionalProperties as a schema keeps the parts apart (merging would change the meaning).
    const parameters = parametersOf({
      allOf: [
        { type: "object", properties: { name: { type: "string" } }, additionalProperties: { type: "string" } },
        { type: "object", properties: { region: { type: "string" } }, required: ["name", "region", "ghost"] },
      ],
    });
    expect(parameters.required?.sort()).toEqual(["name", "region"]);
  });

  test("DigitalOcean POST /v2/volumes requires name, size_gigabytes and region in both of its forms", async () => {
    const { model, tools } = await descriptorsOfFile(join(CORPUS, "specs/digital-ocean-api/DigitalOcean-public.v2.yaml"));
    const index = model.operations.findIndex((op) => op.operationId === "volumes_create");
    const body = (tools[index]!.parameters.properties as Record<string, { anyOf?: { required?: string[] }[] }>).body!;
    expect(body.anyOf).toHaveLength(2);
    for (const form of body.anyOf!) expect(form.required?.sort()).toEqual(["name", "region", "size_gigabytes"]);
  });
});
