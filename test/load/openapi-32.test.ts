/**
 * Loading OpenAPI 3.2: the version is accepted (and 3.3 refused), `$self` is the base of relative
 * references (a relative one resolved against the URL the document was read from), a reference
 * to a document's `$self` reaches that document, and the scope rules still decide what may be
 * read. Then the specification's own example documents, each loaded, modelled and typed.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { emitSchemaTypes } from "../../src/emit/schema-types.js";
import { loadDescription } from "../../src/load/load-description.js";
import { openapiVersionOf } from "../../src/load/parse-document.js";
import { buildModel } from "../../src/model/build-model.js";
import { buildToolDescriptors } from "../../src/model/tool-schema/tool-descriptors.js";
import { withTypesDocument } from "../../src/model/types-document/types-document.js";
import { freshOutputDir } from "../support/output-dir.js";

type Json = Record<string, any>;

describe("the version", () => {
  test("3.2 and 3.2.x are read as 3.2; 3.3 is refused", () => {
    expect(openapiVersionOf({ openapi: "3.2.0" }, "x")).toBe("3.2");
    expect(openapiVersionOf({ openapi: "3.2" }, "x")).toBe("3.2");
    expect(openapiVersionOf({ openapi: "3.2.1" }, "x")).toBe("3.2");
    expect(() => openapiVersionOf({ openapi: "3.3.0" }, "x")).toThrow('x: unsupported OpenAPI version "3.3.0" (3.0.x, 3.1.x and 3.2.x are supported)');
  });
});

const ITEM = "Item:\n  type: object\n  properties:\n    id: { type: string }\n";
const root = (self: string, ref: string) => `openapi: 3.2.0
$self: ${self}
info: { title: Self, version: v1 }
paths:
  /items:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: { $ref: "${ref}" }
components:
  schemas:
    Local: { type: string }
    Again: { $ref: "https://example.com/apis/self.yaml#/components/schemas/Local" }
`;

describe("$self", () => {
  test("a relative $self is resolved against the file's URL and is the base of its relative $refs", async () => {
    const dir = freshOutputDir("load/self-relative");
    mkdirSync(join(dir, "api"));
    // Beside the entry file: what a ref resolved against the file itself would read. It must not be.
    writeFileSync(join(dir, "schemas.yaml"), "Item: { type: integer }\n");
    writeFileSync(join(dir, "api/schemas.yaml"), ITEM);
    writeFileSync(join(dir, "openapi.yaml"), root("./api/openapi.yaml", "schemas.yaml#/Item").replace(/ {4}Again:.*\n/, ""));
    const loaded = await loadDescription(join(dir, "openapi.yaml"));
    expect(loaded.openapiVersion).toBe("3.2");
    expect(loaded.document.components).toMatchObject({ schemas: { Item: { type: "object", properties: { id: { type: "string" } } } } });
    expect(loaded.documents.map((d) => d.url.slice(d.url.lastIndexOf(dir) + dir.length))).toEqual(["/openapi.yaml", "/api/schemas.yaml"]);
  });

  test("a reference to the document's own $self is local; one beside it resolves against $self, and reading there is up to the scope rules", async () => {
    const dir = freshOutputDir("load/self-absolute");
    writeFileSync(join(dir, "own.yaml"), root("https://example.com/apis/self.yaml", "#/components/schemas/Local"));
    const own = await loadDescription(join(dir, "own.yaml"));
    expect((own.document as Json).components.schemas.Again).toEqual({ $ref: "#/components/schemas/Local" });

    // schemas.yaml beside the file is not what `schemas.yaml` names under this $self.
    writeFileSync(join(dir, "schemas.yaml"), ITEM);
    writeFileSync(join(dir, "elsewhere.yaml"), root("https://example.com/apis/self.yaml", "schemas.yaml#/Item"));
    await expect(loadDescription(join(dir, "elsewhere.yaml"))).rejects.toThrow(
      /\$ref "schemas\.yaml#\/Item" cannot be read: https:\/\/example\.com\/apis\/schemas\.yaml is outside the description's folder/,
    );
  });

  describe("over HTTP", () => {
    let server: Server;
    let base: string;
    const files: Record<string, string> = {
      "/.well-known/openapi.yaml": root("../v2/openapi.yaml", "schemas.yaml#/Item").replace(/ {4}Again:.*\n/, ""),
      "/v2/schemas.yaml": ITEM,
    };
    const asked: string[] = [];
    beforeAll(async () => {
      server = createServer((req, res) => {
        asked.push(`${req.method} ${req.url}`);
        const body = files[req.url ?? ""];
        if (body === undefined) return void res.writeHead(404).end();
        res.writeHead(200, { "content-type": "application/yaml" }).end(req.method === "HEAD" ? undefined : body);
      });
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    test("relative $self on a tool server: the $ref is fetched from under it", async () => {
      const loaded = await loadDescription(base, { token: "t" });
      expect(loaded.document.components).toMatchObject({ schemas: { Item: { type: "object" } } });
      expect(asked.filter((a) => a.startsWith("GET"))).toEqual(["GET /.well-known/openapi.yaml", "GET /v2/schemas.yaml"]);
    });
  });
});

/**
 * The OpenAPI Specification's own 3.2 example documents: `tests/schema/pass/*.yaml` of
 * OAI/OpenAPI-Specification, branch v3.2-dev at b74769cf (the examples of the specification's
 * text, each made a whole document; Apache License 2.0), copied into fixtures/oas-3.2-examples.
 */
const EXAMPLES = join(import.meta.dirname, "fixtures/oas-3.2-examples");

describe("the specification's examples", () => {
  const files = readdirSync(EXAMPLES).filter((f) => f.endsWith(".yaml")).sort();

  test.each(files.filter((f) => f !== "security-scheme-object-examples.yaml"))("%s loads, models and is typed", async (file) => {
    const warnings: string[] = [];
    const model = withTypesDocument(buildModel(await loadDescription(join(EXAMPLES, file), { onWarning: (w) => warnings.push(w) })));
    expect(model.openapiVersion).toBe("3.2");
    expect(String(emitSchemaTypes(model))).toMatch(/^export (interface|type) paths\b/m);
    buildToolDescriptors(model);
    // Nothing of 3.2 is left out unannounced: the only warnings are about servers and schemes.
    for (const w of [...warnings, ...model.warnings]) expect(w).toMatch(/servers\[0\]\.url|security scheme "mtls"|"petstore_auth" names no scheme/);
  });

  test("the Path Item example's query and COPY are operations, typed at their own paths", async () => {
    const model = withTypesDocument(buildModel(await loadDescription(join(EXAMPLES, "path-item-object-example.yaml"))));
    expect(model.operations.map((op) => [op.functionName, op.method])).toEqual([
      ["getPetsById", "get"],
      ["queryPetsById", "query"],
      ["copyPetsById", "COPY"],
    ]);
    const types = String(emitSchemaTypes(model));
    expect(types).toContain('"QUERY /pets/{id}": {');
    expect(types).toContain('post: operations["copyPetsById"];');
  });

  test("the security schemes example: its $ref to another origin is refused as always; without it, deviceAuthorization, oauth2MetadataUrl and deprecated are read", async () => {
    const file = join(EXAMPLES, "security-scheme-object-examples.yaml");
    await expect(loadDescription(file)).rejects.toThrow(/\$ref "https:\/\/example\.com\/api\/openapi\.json#.*" cannot be read: .* is outside the description's folder/);
    const dir = freshOutputDir("load/oas-security-schemes");
    const text = readFileSync(file, "utf8").replace(/ {4}external:\n {6}\$ref: .*\n?/, "");
    writeFileSync(join(dir, "openapi.yaml"), `${text.trimEnd()}\npaths:\n  /pets:\n    get:\n      security: [{ OAuth2Old: [] }]\n      responses: { "204": { description: none } }\n`);
    const model = buildModel(await loadDescription(join(dir, "openapi.yaml")));
    expect(Object.keys(model.securitySchemes)).toEqual(["basic", "apiKey", "JWT-bearer", "OAuth2", "OAuth2Old", "OpenIdConnect"]);
    expect(model.operations[0]!.security).toEqual([["OAuth2Old"]]);
    expect(model.warnings).toContain(
      'security scheme "OAuth2Old" (#/components/securitySchemes/OAuth2Old) is deprecated, and GET /pets uses it: it is still applied; move to another scheme when the server offers one',
    );
  });
});
