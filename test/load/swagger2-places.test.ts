/**
 * A converted Swagger 2.0 description still speaks 2.0: errors name the file and the JSON pointer
 * in the 2.0 document (exit 2, nothing written), warnings too, the conversion itself is announced
 * as a warning, and `toolgen diff` compares a 2.0 and a 3.0 version of one API.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import jsYaml from "js-yaml";
import { describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { loadDescription } from "../../src/load/load-description.js";
import { startDescriptionServer } from "../support/description-server.js";
import { CORPUS, freshOutputDir } from "../support/output-dir.js";

const FIXTURES = join(import.meta.dirname, "fixtures/swagger2");
const PETS_2 = join(FIXTURES, "pets-2.0.yaml");
const PETS_3 = join(FIXTURES, "pets-3.0.yaml");
const dir = mkdtempSync(join(tmpdir(), "toolgen-swagger2-"));

function capture(): { lines: string[]; out: string[]; io: { stdout: (line: string) => void; stderr: (line: string) => void; exitCode: () => void } } {
  const lines: string[] = [];
  const out: string[] = [];
  return { lines, out, io: { stdout: (line) => out.push(line), stderr: (line) => lines.push(line), exitCode: () => {} } };
}

/** pets-2.0.yaml with `edit` applied, written as JSON (JSON pointers in messages are easy to predict). */
function variant(name: string, edit: (doc: Record<string, any>) => void): string {
  const doc = jsYaml.load(readFileSync(PETS_2, "utf8")) as Record<string, any>;
  edit(doc);
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return file;
}

async function generateFails(file: string): Promise<string> {
  const out = join(freshOutputDir("swagger2-places"), "gen");
  const { lines, io } = capture();
  expect(await main([file, "--out", out], io)).toBe(2);
  expect(existsSync(out)).toBe(false);
  const errors = lines.filter((line) => !line.includes("warning:") && line.startsWith("toolgen:"));
  expect(errors).toHaveLength(1);
  return errors[0]!;
}

describe("errors name the place in the 2.0 document", () => {
  test("a location 2.0 does not have: caught before conversion", async () => {
    const file = variant("cookie", (doc) => (doc.paths["/pets"].get.parameters[1].in = "cookie"));
    expect(await generateFails(file)).toBe(
      `toolgen: ${file}#/paths/~1pets/get/parameters/1: parameter "limit" has an unknown location "cookie" (Swagger 2.0 allows query, header, path, formData and body)`,
    );
  });

  test("a $ref to a definition that does not exist: #/definitions, not #/components/schemas", async () => {
    const file = variant("missing", (doc) => (doc.paths["/pets/{petId}"].get.responses["200"].schema.$ref = "#/definitions/Missing"));
    expect(await generateFails(file)).toBe(`toolgen: ${file}#/paths/~1pets~1{petId}/get/responses/200/schema: $ref "#/definitions/Missing" points nowhere`);
  });

  test("an error the model finds after conversion is mapped back (the converted parameters/0 is 2.0's parameters/1)", async () => {
    // A shared parameter that refers to itself, used after a body parameter (which the conversion removes).
    const file = variant("loop", (doc) => {
      doc.parameters.Loop = { $ref: "#/parameters/Loop" };
      doc.paths["/pets"].post.parameters.push({ $ref: "#/parameters/Loop" });
    });
    expect(await generateFails(file)).toMatch(new RegExp(`^toolgen: ${file}#/paths/~1pets/post/parameters/1: \\$ref cycle through `));
  });

  test("a model warning about a shared parameter is mapped back (#/components/parameters/X -> #/parameters/X)", async () => {
    // A shared parameter with no name is left out of the operation, with a warning naming it.
    const file = variant("nameless", (doc) => {
      doc.parameters.Nameless = { in: "query", type: "string" };
      doc.paths["/pets"].post.parameters.push({ $ref: "#/parameters/Nameless" });
    });
    const { lines, io } = capture();
    expect(await main([file, "--out", freshOutputDir("swagger2-nameless"), "--no-format"], io)).toBe(0);
    expect(lines).toContain(`toolgen: warning: ${file}#/parameters/Nameless: the parameter has no name, so it cannot be sent; it is left out`);
  });

  test("two shared parameter names that the conversion would merge", async () => {
    const file = variant("clash", (doc) => {
      doc.parameters["Pet Id"] = doc.parameters.PetId;
      doc.parameters.Pet_Id = doc.parameters.PetId;
    });
    expect(await generateFails(file)).toMatch(new RegExp(`^toolgen: ${file}#/parameters/Pet_Id: "Pet Id" and "Pet_Id" both become "Pet_Id" in OpenAPI 3`));
  });

  test("Swagger 1.2 is refused with a message saying what is supported", async () => {
    const file = variant("swagger12", (doc) => (doc.swagger = "1.2"));
    expect(await generateFails(file)).toBe(`toolgen: ${file}: Swagger 1.2 is not supported (Swagger 2.0, OpenAPI 3.0.x, 3.1.x and 3.2.x are)`);
  });
});

describe("pointers into the converted document map back", () => {
  test("moved parameters, request bodies, responses, components and x-ms-paths", async () => {
    const file = variant("places", (doc) => {
      doc.definitions["Pet Name"] = { type: "string" };
      doc.parameters.Limit = { name: "limit", in: "query", type: "integer" };
      doc.responses = { NotFound: { description: "No such pet." } };
      // [body, $ref]: the converted list is [$ref], whose index 0 is the 2.0 index 1.
      doc.paths["/pets"].post.parameters.push({ $ref: "#/parameters/Limit" });
      doc.paths["/pets/{petId}/photo"] = {
        post: {
          operationId: "uploadPhoto",
          consumes: ["multipart/form-data"],
          parameters: [
            { $ref: "#/parameters/PetId" },
            { name: "caption", in: "formData", type: "string" },
            { name: "file", in: "formData", type: "file" },
          ],
          responses: { 204: { description: "Stored." } },
        },
      };
      doc["x-ms-paths"] = {
        "/pets?kind=cat": {
          get: {
            operationId: "listCats",
            parameters: [{ name: "kind", in: "query", type: "string", enum: ["cat"], required: true }, { $ref: "#/parameters/Limit" }],
            responses: { 200: { description: "Cats." } },
          },
        },
      };
    });
    const loaded = await loadDescription(file);
    const place = (pointer: string): string => loaded.convertedFrom!.originalPlace(pointer).slice(file.length);
    expect(place("#/paths/~1pets/post/parameters/0")).toBe("#/paths/~1pets/post/parameters/1");
    expect(place("#/paths/~1pets/post/requestBody")).toBe("#/paths/~1pets/post/parameters/0");
    expect(place("#/paths/~1pets/post/requestBody/content/application~1json/schema/properties/name")).toBe("#/paths/~1pets/post/parameters/0/schema/properties/name");
    expect(place("#/paths/~1pets/get/responses/200/content/application~1json/schema/items")).toBe("#/paths/~1pets/get/responses/200/schema/items");
    expect(place("#/paths/~1pets/get/parameters/1")).toBe("#/paths/~1pets/get/parameters/1");
    expect(place("#/paths/~1pets~1{petId}~1photo/post/requestBody/content/multipart~1form-data/schema/properties/file")).toBe("#/paths/~1pets~1{petId}~1photo/post/parameters/2");
    expect(place("#/paths/~1pets~1{petId}~1photo/post/requestBody")).toBe("#/paths/~1pets~1{petId}~1photo/post/parameters");
    expect(place("#/paths/~1pets~1{petId}/parameters/0")).toBe("#/paths/~1pets~1{petId}/parameters/0");
    expect(place("#/components/schemas/Pet/allOf/1/properties/id")).toBe("#/definitions/Pet/allOf/1/properties/id");
    expect(place("#/components/schemas/Pet_Name")).toBe("#/definitions/Pet Name");
    expect(place("#/components/parameters/Limit")).toBe("#/parameters/Limit");
    expect(place("#/components/responses/NotFound")).toBe("#/responses/NotFound");
    expect(place("#/components/securitySchemes/apiKey")).toBe("#/securityDefinitions/apiKey");
    // x-ms-paths: moved into paths, `kind` fixed by the key and dropped, so [$ref] is 2.0's index 1.
    expect(Object.keys(loaded.document.paths as object)).toContain("/pets?kind=cat");
    expect(place("#/paths/~1pets?kind=cat/get")).toBe("#/x-ms-paths/~1pets?kind=cat/get");
    expect(place("#/paths/~1pets?kind=cat/get/parameters/0")).toBe("#/x-ms-paths/~1pets?kind=cat/get/parameters/1");
    // No mark is left in what the model and openapi-typescript read.
    expect(JSON.stringify(loaded.document)).not.toMatch(/x-toolgen-swagger2/);
  });

  test("a model warning names the body parameter, not the requestBody the conversion made", async () => {
    const file = variant("get-body", (doc) => doc.paths["/pets"].get.parameters.push({ name: "filter", in: "body", schema: { type: "object" } }));
    const { lines, io } = capture();
    expect(await main([file, "--out", freshOutputDir("swagger2-get-body"), "--no-format"], io)).toBe(0);
    expect(lines.some((line) => line.includes(`${file}#/paths/~1pets/get/parameters/2: a GET request cannot carry a body`))).toBe(true);
  });
});

describe("loading", () => {
  test("the conversion is announced through onWarning, and the result is OpenAPI 3.0 with basePath in servers[0].url", async () => {
    const warnings: string[] = [];
    const loaded = await loadDescription(PETS_2, { onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual([`${PETS_2}: converted from Swagger 2.0 to OpenAPI 3.0 by swagger2openapi 7.0.8; messages name places in the 2.0 description`]);
    expect(loaded.openapiVersion).toBe("3.0");
    expect(loaded.document.openapi).toMatch(/^3\.0\./);
    expect(loaded.document.servers).toEqual([{ url: "https://pets.example.com/v1" }]);
    const tags = (loaded.document.paths as any)["/pets"].get.parameters[0];
    // collectionFormat: multi -> explode: true with the query default style, form.
    expect(tags).toMatchObject({ name: "tags", in: "query", explode: true, schema: { type: "array" } });
    expect(tags.style ?? "form").toBe("form");
  });

  test("an OpenAPI 3 description is not touched", async () => {
    const warnings: string[] = [];
    const loaded = await loadDescription(PETS_3, { onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual([]);
    expect(loaded.convertedFrom).toBeUndefined();
  });

  test("YAML aliases (one object in two places) are copied, not refused", async () => {
    const file = join(dir, "anchors.yaml");
    writeFileSync(
      file,
      readFileSync(PETS_2, "utf8")
        .replace("        - name: limit\n", "        - &limit\n          name: limit\n")
        .replace("      operationId: deletePet\n      parameters:\n", "      operationId: deletePet\n      parameters:\n        - *limit\n"),
    );
    const loaded = await loadDescription(file);
    expect(((loaded.document.paths as any)["/pets/{petId}"].delete.parameters as { name: string }[]).map((p) => p.name)).toEqual(["limit", "X-Reason"]);
  });

  test("over HTTP: a 2.0 description loads, and its $refs obey the same rules (no file: from HTTP), named in 2.0 terms", async () => {
    const server = await startDescriptionServer(readFileSync(PETS_2, "utf8"));
    try {
      const loaded = await loadDescription(server.url, { token: "t" });
      expect(loaded.convertedFrom?.originalPlace("#/components/schemas/Pet")).toBe(`${server.url}/.well-known/openapi.yaml#/definitions/Pet`);
      server.description = readFileSync(PETS_2, "utf8").replace('schema: { $ref: "#/definitions/NewPet" }', 'schema: { $ref: "file:///etc/passwd" }');
      await expect(loadDescription(server.url, { token: "t" })).rejects.toThrow(
        `${server.url}/.well-known/openapi.yaml#/paths/~1pets/post/parameters/0/schema: $ref "file:///etc/passwd" cannot be read: file:///etc/passwd: a description fetched over HTTP may not read local files`,
      );
    } finally {
      await server.close();
    }
  });

  test("every file of a multi-file description is read by toolgen's reader and counted in the lock hash", async () => {
    const loaded = await loadDescription(join(CORPUS, "swagger2/azure-keyvault-secrets/secrets.json"));
    // The entry, common.json and 12 x-ms-examples files, as the corpus manifest lists them.
    expect(loaded.documents).toHaveLength(14);
  });
});

describe("toolgen diff between a 2.0 and a 3.0 version of one API", () => {
  async function diff(...args: string[]): Promise<{ code: number; changes: { id: string; level: string; operation?: string }[] }> {
    const { out, io } = capture();
    const code = await main(["diff", ...args, "--format", "json"], io);
    return { code, changes: (JSON.parse(out.join("\n")) as { changes: { id: string; level: string }[] }).changes };
  }

  test("the same API: no finding, either way round", async () => {
    expect(await diff(PETS_2, PETS_3)).toEqual({ code: 0, changes: [] });
    expect(await diff(PETS_3, PETS_2)).toEqual({ code: 0, changes: [] });
  });

  test("one breaking change (limit becomes required) is found, and fails --fail-on breaking", async () => {
    const breaking = join(dir, "pets-3.0-required-limit.yaml");
    const text = readFileSync(PETS_3, "utf8");
    const changed = text.replace("        - name: limit\n          in: query\n", "        - name: limit\n          in: query\n          required: true\n");
    expect(changed).not.toBe(text);
    writeFileSync(breaking, changed);
    const result = await diff(PETS_2, breaking, "--fail-on", "breaking");
    expect(result.code).toBe(1);
    expect(result.changes).toHaveLength(1);
    expect(result.changes[0]).toMatchObject({ level: "breaking" });
    expect(JSON.stringify(result.changes[0])).toMatch(/limit/);
  });
});
