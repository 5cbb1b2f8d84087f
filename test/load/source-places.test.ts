/**
 * Places of nodes in the files a user wrote: checked against the line and column found by
 * searching the text itself, for YAML (block, flow, anchors and aliases, merge keys), JSON (pretty
 * and minified) and descriptions spread over several files.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { loadDescription } from "../../src/load/load-description.js";
import { sourceName } from "../../src/load/source-name.js";

/** Line and column (1-based) of the `nth` occurrence of `needle`, counted by hand. */
function positionOf(text: string, needle: string, nth = 1): { line: number; column: number } {
  let at = -1;
  for (let i = 0; i < nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at === -1) throw new Error(`${needle} not found`);
  }
  const before = text.slice(0, at);
  const line = before.split("\n").length;
  return { line, column: at - (before.lastIndexOf("\n") + 1) + 1 };
}

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "toolgen-places-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

async function placesOf(file: string) {
  const loaded = await loadDescription(file, { places: true, env: {} });
  return loaded.places!;
}

const BLOCK = `openapi: 3.0.3
info:
  title: Pets
  version: "1"
paths:
  /pets/{id}:
    get:
      operationId: getPet
      parameters:
        - name: id
          in: path
          required: true
          schema:
            type: string
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Pet"
components:
  schemas:
    Pet:
      type: object
      properties:
        name:
          type: string
        qty:
          type: integer
`;

describe("YAML", () => {
  test("block style: a member is placed at its key, an item at its first character", async () => {
    const dir = folder({ "openapi.yaml": BLOCK });
    const places = await placesOf(join(dir, "openapi.yaml"));
    expect(places.placeOf("#/components/schemas/Pet/properties/qty")).toEqual({
      file: join(dir, "openapi.yaml"),
      ...positionOf(BLOCK, "qty:"),
      pointer: "/components/schemas/Pet/properties/qty",
    });
    expect(places.placeOf("#/components/schemas/Pet/properties/qty/type")).toMatchObject(positionOf(BLOCK, "type: integer"));
    expect(places.placeOf("#/paths/~1pets~1{id}/get/parameters/0")).toMatchObject(positionOf(BLOCK, "name: id"));
    expect(places.placeOf("#/paths/~1pets~1{id}/get/responses/200")).toMatchObject(positionOf(BLOCK, '"200":'));
    expect(places.placeOf("")).toMatchObject({ line: 1, column: 1, pointer: "" });
  });

  test("flow style", async () => {
    const text = `{openapi: 3.0.3, info: {title: Pets, version: "1"}, paths: {},
  components: {schemas: {Pet: {type: object, properties: {name: {type: string}, qty: {type: integer}}}}}}
`;
    const dir = folder({ "flow.yaml": text });
    const places = await placesOf(join(dir, "flow.yaml"));
    expect(places.placeOf("#/components/schemas/Pet/properties/qty/type")).toMatchObject(positionOf(text, "type: integer"));
    expect(places.placeOf("#/components/schemas/Pet/properties/qty")).toMatchObject(positionOf(text, "qty:"));
    expect(places.placeOf("#/info/version")).toMatchObject(positionOf(text, "version:"));
  });

  test("anchors and aliases: a node reached through an alias is placed in the anchored text", async () => {
    const text = `openapi: 3.0.3
info: {title: Pets, version: "1"}
paths:
  /a:
    get:
      operationId: a
      responses:
        "200": &ok
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  when: {type: string, format: date-time}
  /b:
    get:
      operationId: b
      responses:
        "200": *ok
        "201":
          <<: *ok
          description: created
`;
    const dir = folder({ "anchors.yaml": text });
    const places = await placesOf(join(dir, "anchors.yaml"));
    const through = "#/paths/~1b/get/responses/200/content/application~1json/schema/properties/when/format";
    expect(places.placeOf(through)).toMatchObject({ ...positionOf(text, "format: date-time"), pointer: through.slice(1) });
    expect(places.placeOf("#/paths/~1b/get/responses/200")).toMatchObject(positionOf(text, '"200": *ok'));
    // A key merged in with `<<` is where the anchored mapping writes it; one written beside it is there.
    expect(places.placeOf("#/paths/~1b/get/responses/201/content")).toMatchObject(positionOf(text, "content:"));
    expect(places.placeOf("#/paths/~1b/get/responses/201/description")).toMatchObject(positionOf(text, "description: created"));
  });
});

describe("JSON", () => {
  const document = JSON.parse(JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Pets", version: "1", description: 'quotes \\" and "qty" in text', "x-decoy": { qty: "a key of the same name, elsewhere" } },
    paths: { "/pets": { get: { operationId: "list", parameters: [{ name: "limit", in: "query", schema: { type: "integer" } }], responses: { "200": { description: "ok" } } } } },
    components: { schemas: { Pet: { type: "object", properties: { "a/b~c": { type: "string" }, qty: { type: "integer" } } } } },
  })) as unknown;

  test("pretty: line and column of the key", async () => {
    const text = JSON.stringify(document, null, 2);
    const dir = folder({ "pretty.json": text });
    const places = await placesOf(join(dir, "pretty.json"));
    // `"qty"` also sits in a string (escaped) and as a key under info; the schema's is the second key.
    expect(places.placeOf("#/components/schemas/Pet/properties/qty")).toMatchObject(positionOf(text, '"qty"', 2));
    expect(places.placeOf("#/components/schemas/Pet/properties/a~1b~0c")).toMatchObject({ ...positionOf(text, '"a/b~c"'), pointer: "/components/schemas/Pet/properties/a~1b~0c" });
    expect(places.placeOf("#/paths/~1pets/get/parameters/0")).toMatchObject(positionOf(text, '{\n            "name": "limit"'));
    expect(places.placeOf("#/paths/~1pets/get/parameters/0/schema/type")).toMatchObject(positionOf(text, '"type": "integer"'));
  });

  test("minified: line 1, the right column", async () => {
    const text = JSON.stringify(document);
    const dir = folder({ "min.json": text });
    const places = await placesOf(join(dir, "min.json"));
    expect(places.placeOf("#/components/schemas/Pet/properties/qty/type")).toEqual({
      file: join(dir, "min.json"),
      line: 1,
      column: text.indexOf('"type":"integer"', text.indexOf('"components"')) + 1,
      pointer: "/components/schemas/Pet/properties/qty/type",
    });
    expect(places.placeOf("#/paths/~1pets/get/parameters/0/in")).toMatchObject({ line: 1, column: text.indexOf('"in"') + 1 });
  });
});

describe("several files", () => {
  const root = `openapi: 3.0.3
info: {title: Pets, version: "1"}
paths:
  /pets:
    get:
      operationId: list
      parameters:
        - $ref: "parameters.yaml#/limit"
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                $ref: "schemas.yaml#/Pet"
`;
  const schemas = `Pet:
  type: object
  properties:
    owner:
      $ref: "#/Person"
    qty:
      type: integer
Person:
  type: object
  properties:
    name: {type: string}
`;
  const parameters = `limit:
  name: limit
  in: query
  schema:
    type: integer
    maximum: 100
`;

  test("a node copied in from another file is placed in that file, at its pointer there", async () => {
    const dir = folder({ "openapi.yaml": root, "schemas.yaml": schemas, "parameters.yaml": parameters });
    const loaded = await loadDescription(join(dir, "openapi.yaml"), { places: true, env: {} });
    const places = loaded.places!;
    // Hoisted into components/schemas by bundling.
    const pet = (loaded.document.components as { schemas: Record<string, unknown> }).schemas;
    expect(Object.keys(pet)).toContain("Pet");
    expect(places.placeOf("#/components/schemas/Pet/properties/qty/type")).toEqual({
      file: join(dir, "schemas.yaml"),
      ...positionOf(schemas, "type: integer"),
      pointer: "/Pet/properties/qty/type",
    });
    expect(places.placeOf("#/components/schemas/Person/properties/name")).toMatchObject({ file: join(dir, "schemas.yaml"), ...positionOf(schemas, "name: {type"), pointer: "/Person/properties/name" });
    // Inlined by bundling: the parameter sits in the operation of the bundled document.
    expect(places.placeOf("#/paths/~1pets/get/parameters/0/schema/maximum")).toEqual({
      file: join(dir, "parameters.yaml"),
      ...positionOf(parameters, "maximum"),
      pointer: "/limit/schema/maximum",
    });
    expect(places.placeOf("#/paths/~1pets/get/responses/200")).toMatchObject({ file: join(dir, "openapi.yaml"), ...positionOf(root, '"200"') });
  });

  test("a file is named relative to the working directory when inside it", () => {
    expect(sourceName(pathToFileURL("/work/repo/api/openapi.yaml").href, "/work/repo")).toBe("api/openapi.yaml");
    expect(sourceName(pathToFileURL("/elsewhere/openapi.yaml").href, "/work/repo")).toBe("/elsewhere/openapi.yaml");
    expect(sourceName("https://user:secret@example.com/openapi.yaml", "/work/repo")).toBe("https://example.com/openapi.yaml");
  });

  test("without `places`, loading keeps no texts", async () => {
    const dir = folder({ "openapi.yaml": BLOCK });
    expect((await loadDescription(join(dir, "openapi.yaml"), { env: {} })).places).toBeUndefined();
  });
});

describe("GitHub's description (13 MB of pretty-printed JSON)", () => {
  test("every property of every 10th component schema is placed at its own key", async () => {
    const { readFileSync } = await import("node:fs");
    const { JsonPositions } = await import("../../src/load/json-positions.js");
    const text = readFileSync(join(import.meta.dirname, "../../../shared/corpus/specs/github-api.json"), "utf8");
    const document = JSON.parse(text) as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
    const positions = new JsonPositions(text);
    const names = Object.keys(document.components.schemas).filter((_, i) => i % 10 === 0);
    let checked = 0;
    for (const schema of names) {
      for (const property of Object.keys(document.components.schemas[schema]!.properties ?? {})) {
        const offset = positions.offsetOf(["components", "schemas", schema, "properties", property]);
        expect(text.slice(offset, offset! + property.length + 2)).toBe(JSON.stringify(property));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});
