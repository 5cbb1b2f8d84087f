/** $ref resolution, shared components fanned out to every operation, recursion. */
import { describe, expect, test } from "vitest";
import { diffDocs, doc, jsonBody, lines, ok } from "./support.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe("shared components", () => {
  const api = (pet: unknown) =>
    doc(
      {
        "/pets": {
          get: { operationId: "listPets", responses: ok({ type: "array", items: ref("Pet") }) },
          post: { operationId: "addPet", requestBody: jsonBody(ref("Pet")), responses: ok(ref("Pet")) },
        },
        "/pets/{id}": {
          get: {
            operationId: "getPet",
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
            responses: ok(ref("Pet")),
          },
        },
        "/owners": { get: { operationId: "listOwners", responses: ok({ type: "array", items: ref("Owner") }) } },
      },
      {
        components: {
          schemas: {
            Pet: pet,
            Owner: { type: "object", properties: { name: { type: "string" } } },
          },
        },
      },
    );
  const pet = (kinds: string[]) => ({
    type: "object",
    required: ["id"],
    properties: { id: { type: "string" }, kind: { type: "string", enum: kinds } },
  });

  test("one edit inside a component is reported on every operation (and direction) that reaches it, and nowhere else", () => {
    const result = diffDocs(api(pet(["cat", "dog"])), api(pet(["cat", "dog", "bird"])));
    expect(lines(result)).toEqual([
      "warning response-property-enum-value-added GET /pets | response 200 application/json items/kind",
      "warning response-property-enum-value-added POST /pets | response 200 application/json kind",
      "info request-property-enum-value-added POST /pets | body application/json kind",
      "warning response-property-enum-value-added GET /pets/{id} | response 200 application/json kind",
    ]);
    expect(result.changes.map((c) => c.tool.new)).toEqual(["T/1/listPets", "T/1/addPet", "T/1/addPet", "T/1/getPet"]);
  });

  test("$ref chains and refs to refs resolve on both sides", () => {
    const before = doc(
      { "/a": { get: { operationId: "a", responses: ok(ref("Alias")) } } },
      { components: { schemas: { Alias: ref("Real"), Real: { type: "object", properties: { n: { type: "integer" } } } } } },
    );
    const after = doc(
      { "/a": { get: { operationId: "a", responses: ok({ type: "object", properties: { n: { type: "string" } } }) } } },
      {},
    );
    expect(lines(diffDocs(before, after))).toEqual(["breaking response-property-type-changed GET /a | response 200 application/json n"]);
  });

  test("recursive schemas terminate, and a change deep in the cycle is reported once per operation at its shortest path", () => {
    const tree = (leafType: string) =>
      doc(
        {
          "/tree": { get: { operationId: "getTree", responses: ok(ref("Node")) } },
          "/leaf": { get: { operationId: "getLeaf", responses: ok(ref("Leaf")) } },
        },
        {
          components: {
            schemas: {
              Node: {
                type: "object",
                properties: { children: { type: "array", items: ref("Node") }, leaf: ref("Leaf"), parent: ref("Node") },
              },
              // Leaf points back into the cycle.
              Leaf: { type: "object", properties: { value: { type: leafType }, owner: ref("Node") } },
            },
          },
        },
      );
    const result = diffDocs(tree("string"), tree("integer"));
    expect(lines(result)).toEqual([
      "breaking response-property-type-changed GET /leaf | response 200 application/json value",
      "breaking response-property-type-changed GET /tree | response 200 application/json leaf/value",
    ]);
  });

  test("mutually recursive clusters (Stripe-style expandable objects) stay linear", () => {
    // 60 schemas that all reference each other: the number of paths explodes, the number of pairs does not.
    const size = 60;
    const schemas = (flip: boolean) =>
      Object.fromEntries(
        Array.from({ length: size }, (_, i) => [
          `S${i}`,
          {
            type: "object",
            properties: {
              ...Object.fromEntries(Array.from({ length: size }, (_, j) => [`s${j}`, { anyOf: [{ type: "string" }, ref(`S${j}`)] }])),
              v: { type: flip && i === size - 1 ? "integer" : "string" },
            },
          },
        ]),
      );
    const api = (flip: boolean) =>
      doc({ "/s": { get: { operationId: "s", responses: ok(ref("S0")) } } }, { components: { schemas: schemas(flip) } });
    const started = performance.now();
    const result = diffDocs(api(false), api(true));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(lines(result)).toEqual([
      `breaking response-property-type-changed GET /s | response 200 application/json s${size - 1}/anyOf[S${size - 1}]/v`,
    ]);
  });

  test("a component no operation reaches is not reported (findings are per tool)", () => {
    const before = doc(
      { "/a": { get: { operationId: "a", responses: ok() } } },
      { components: { schemas: { Unused: { type: "string" } } } },
    );
    const after = doc(
      { "/a": { get: { operationId: "a", responses: ok() } } },
      { components: { schemas: { Unused: { type: "integer" } } } },
    );
    expect(diffDocs(before, after).changes).toEqual([]);
  });
});
