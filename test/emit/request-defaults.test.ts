/**
 * A property with a `default` is optional in a request (the server fills it in) unless `required`
 * lists it, and always present in an answer. schema.d.ts is written with openapi-typescript's
 * `defaultNonNullable` (the answers' rule); the request side gets its own forms of the component
 * schemas that rule would make too strict (src/emit/request-schemas.ts). Checked with tsc
 * --strict on an app whose wrong calls carry @ts-expect-error, for `--emit ts` and `--emit js`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { requestSide } from "../../src/emit/request-schemas.js";
import { generateFrom, typecheckWith } from "../support/generated-module.js";

const json = (schema: unknown) => ({ "application/json": { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const description = {
  openapi: "3.0.3",
  info: { title: "Defaults", version: "1.0" },
  servers: [{ url: "https://defaults.example" }],
  paths: {
    "/widgets": {
      post: {
        operationId: "createWidget",
        parameters: [{ name: "verbose", in: "query", schema: { type: "boolean", default: false } }],
        // One schema on both sides.
        requestBody: { required: true, content: json(ref("Widget")) },
        responses: { "200": { description: "ok", content: json(ref("Widget")) } },
      },
    },
    "/notes": {
      post: {
        operationId: "createNote",
        requestBody: {
          required: true,
          content: json({
            type: "object",
            required: ["text"],
            properties: { text: { type: "string" }, pinned: { type: "boolean", default: false }, part: ref("Part") },
          }),
        },
        responses: { "200": { description: "ok", content: json({ type: "object", properties: { pinned: { type: "boolean", default: false } } }) } },
      },
    },
    "/pets": {
      post: {
        operationId: "addPet",
        requestBody: { required: true, content: json(ref("Pet")) },
        responses: { "200": { description: "ok", content: json(ref("Pet")) } },
      },
    },
  },
  components: {
    schemas: {
      Widget: {
        type: "object",
        required: ["name", "mode"],
        properties: {
          name: { type: "string" },
          color: { type: "string", default: "red" },
          mode: { type: "string", enum: ["a", "b"], default: "a" },
          part: ref("Part"),
          tags: { type: "array", items: ref("Plain") },
        },
      },
      Part: { type: "object", properties: { count: { type: "integer", default: 1 } } },
      Plain: { type: "object", properties: { label: { type: "string" } } },
      Pet: {
        oneOf: [ref("Cat"), ref("Dog")],
        discriminator: { propertyName: "petType", mapping: { cat: "#/components/schemas/Cat", dog: "#/components/schemas/Dog" } },
      },
      PetBase: {
        type: "object",
        required: ["petType"],
        properties: { petType: { type: "string" }, name: { type: "string", default: "Rex" } },
        discriminator: { propertyName: "petType" },
      },
      Cat: { allOf: [ref("PetBase"), { type: "object", properties: { lives: { type: "integer", default: 9 } } }] },
      Dog: { allOf: [ref("PetBase"), { type: "object", required: ["bark"], properties: { bark: { type: "boolean" } } }] },
    },
  },
};

const app = `import { addPet, createNote, createWidget, type CreateWidgetOutput } from "./index.js";
// Request: a defaulted field may be left out, at the top, nested, in a parameter and in a union member.
const widget = await createWidget({ name: "w", mode: "a" });
await createWidget({ name: "w", mode: "b", color: "blue", part: {}, tags: [{ label: "x" }], verbose: true });
await createNote({ text: "t", part: {} });
await addPet({ body: { petType: "cat" } });
await addPet({ body: { petType: "dog", bark: true, name: "Rex" } });
// @ts-expect-error name has no default and is required
await createWidget({ mode: "a" });
// @ts-expect-error mode has a default but required lists it
await createWidget({ name: "w" });
// @ts-expect-error text is required
await createNote({ pinned: true });
// @ts-expect-error bark is required
await addPet({ body: { petType: "dog" } });
// @ts-expect-error a defaulted field still has its type
await createWidget({ name: "w", mode: "a", color: 1 });

// Answer: a defaulted field is always there.
const color: string = widget.color;
const pinned: boolean = (await createNote({ text: "t" })).pinned;
const part: NonNullable<CreateWidgetOutput["part"]> = { count: 1 };
// @ts-expect-error count has a default, so an answer always carries it
const partless: NonNullable<CreateWidgetOutput["part"]> = {};
const pet = await addPet({ body: { petType: "cat" } });
const lives: number | undefined = pet.petType === "cat" ? pet.lives : undefined;
const petName: string = pet.name;
export { color, pinned, part, partless, lives, petName };
`;

test.each(["ts", "js"] as const)("--emit %s: defaulted fields are optional in requests and present in answers", async (emit) => {
  const { out } = await generateFrom(`emit/request-defaults-${emit}`, description, ["--emit", emit]);
  expect(await typecheckWith(out, app, "app.ts")).toBe("");

  const schema = readFileSync(join(out, "schema.d.ts"), "utf8");
  // The request forms: Widget, Part (defaults of their own), Pet and Cat (through PetBase) and
  // PetBase; Dog too, as it refers to PetBase. Plain has no default and keeps one form.
  const forms = schema.slice(schema.indexOf("export interface requestComponents"));
  for (const name of ["Widget", "Part", "Pet", "PetBase", "Cat", "Dog"]) expect(forms).toContain(`    ${name}: `);
  expect(forms).not.toContain("    Plain: ");
  expect(forms).toContain('tags?: components["schemas"]["Plain"][]');
  // Discriminators work in the request forms as in components (the base's tag is omitted).
  expect(forms).toContain('Omit<requestComponents["schemas"]["PetBase"], "petType">');
});

test("a description whose request side has no defaulted field is typed from the same document", () => {
  const document = {
    openapi: "3.0.3",
    paths: {
      "/a": {
        post: {
          requestBody: { content: json({ type: "object", properties: { n: { type: "integer", default: 1 }, p: ref("Plain") } }) },
          responses: { "200": { description: "ok", content: json(ref("Answer")) } },
        },
      },
    },
    components: {
      schemas: {
        Plain: { type: "object", required: ["x"], properties: { x: { type: "string", default: "x" }, default: ref("Plain") } },
        // Only answers use it: its default needs no request form.
        Answer: { type: "object", properties: { y: { type: "string", default: "y" } } },
      },
    },
  };
  const side = requestSide(document);
  expect(side.document).toBe(document);
  expect(side.schemas).toEqual({});
});

test("request forms: only request-side refs move, and the document is copied, not changed", () => {
  const requestBody = { content: json({ type: "object", properties: { w: ref("Widget"), example: ref("Widget") }, example: { $ref: "#/components/schemas/Widget" } }) };
  const document = {
    openapi: "3.0.3",
    paths: {
      "/w": {
        parameters: [{ name: "f", in: "query", schema: ref("Widget") }],
        put: { requestBody, responses: { "200": { description: "ok", content: json(ref("Widget")) } } },
      },
    },
    components: {
      schemas: { Widget: { type: "object", properties: { size: { type: "integer", default: 2 }, next: ref("Widget") } } },
      requestBodies: { W: { content: json(ref("Widget")) } },
      // Component names are names, even when they spell a data keyword.
      parameters: { example: { name: "e", in: "query", schema: ref("Widget") } },
    },
  };
  const before = JSON.stringify(document);
  const side = requestSide(document);
  expect(JSON.stringify(document)).toBe(before);
  const out = side.document as typeof document;
  const schema = out.paths["/w"].put.requestBody.content["application/json"].schema as Record<string, any>;
  // A property named like a data keyword is still a schema; an example is data and stays as it is.
  expect(schema.properties).toEqual({ w: { $ref: "#/requestComponents/schemas/Widget" }, example: { $ref: "#/requestComponents/schemas/Widget" } });
  expect(schema.example).toEqual({ $ref: "#/components/schemas/Widget" });
  expect(out.paths["/w"].parameters[0]!.schema).toEqual({ $ref: "#/requestComponents/schemas/Widget" });
  expect(out.components.requestBodies.W.content["application/json"].schema).toEqual({ $ref: "#/requestComponents/schemas/Widget" });
  expect(out.components.parameters.example.schema).toEqual({ $ref: "#/requestComponents/schemas/Widget" });
  expect(out.paths["/w"].put.responses).toBe(document.paths["/w"].put.responses);
  expect(out.components.schemas).toBe(document.components.schemas);
  expect(side.schemas).toEqual({ Widget: { type: "object", properties: { size: { type: "integer", default: 2 }, next: { $ref: "#/requestComponents/schemas/Widget" } } } });
  expect(side.requestRef("#/components/schemas/Widget/properties/size")).toBe("#/requestComponents/schemas/Widget/properties/size");
  expect(side.requestRef("#/components/schemas/Other")).toBeUndefined();
});
