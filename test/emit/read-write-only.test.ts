/**
 * readOnly properties travel in answers only and writeOnly ones in requests only, and `required`
 * holds only in the direction a property travels (OpenAPI 3.0.3 §4.7.24, Schema Object `readOnly`
 * and `writeOnly`). schema.d.ts leaves readOnly properties out of the request side (request forms
 * of component schemas, inline request schemas) and writeOnly ones out of the answer side
 * (src/emit/request-schemas.ts, src/emit/one-way-properties.ts). Checked with tsc --strict on an
 * app whose wrong calls carry @ts-expect-error, for `--emit ts` and `--emit js`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { getPointer } from "../../src/model/local-ref.js";
import { answerSide } from "../../src/emit/one-way-properties.js";
import { requestSide } from "../../src/emit/request-schemas.js";
import { generateFrom, typecheckWith } from "../support/generated-module.js";

const json = (schema: unknown) => ({ "application/json": { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** A POST whose request body and 200 answer are both the component `name`. */
const roundTrip = (operationId: string, name: string) => ({
  post: { operationId, requestBody: { required: true, content: json(ref(name)) }, responses: { "200": { description: "ok", content: json(ref(name)) } } },
});

const description = {
  openapi: "3.0.3",
  info: { title: "ReadWrite", version: "1.0" },
  servers: [{ url: "https://read-write.example" }],
  paths: {
    // One schema on both sides.
    "/pets": roundTrip("createPet", "Pet"),
    "/notes": {
      post: {
        operationId: "createNote",
        requestBody: {
          required: true,
          content: json({
            type: "object",
            required: ["text", "noteId"],
            properties: { text: { type: "string" }, noteId: { type: "string", readOnly: true } },
          }),
        },
        responses: {
          "200": {
            description: "ok",
            content: json({
              type: "object",
              required: ["noteId", "text", "draftKey"],
              properties: { noteId: { type: "string" }, text: { type: "string" }, draftKey: { type: "string", writeOnly: true } },
            }),
          },
        },
      },
    },
    "/tagged": roundTrip("createTagged", "Tagged"),
    "/accounts": roundTrip("createAccount", "Account"),
  },
  components: {
    schemas: {
      Pet: {
        type: "object",
        required: ["id", "name", "password", "serial"],
        properties: {
          id: { type: "string", readOnly: true },
          name: { type: "string" },
          password: { type: "string", writeOnly: true },
          owner: ref("Owner"),
          // readOnly one $ref away, and beside a $ref (3.1 style).
          serial: ref("Serial"),
          revision: { ...ref("Revision"), readOnly: true },
          // writeOnly one $ref away.
          pin: ref("Pin"),
        },
      },
      Owner: {
        type: "object",
        required: ["name", "createdAt"],
        properties: { name: { type: "string" }, createdAt: { type: "string", readOnly: true } },
      },
      Serial: { type: "string", readOnly: true },
      Revision: { type: "integer" },
      Pin: { type: "string", writeOnly: true },
      // `required` names a readOnly property of an allOf part (openapi-typescript: WithRequired<Base, "id">).
      Base: { type: "object", properties: { id: { type: "string", readOnly: true }, kind: { type: "string" } } },
      Tagged: {
        allOf: [ref("Base"), { type: "object", required: ["id"], properties: { label: { type: "string" } } }],
        required: ["id", "label"],
      },
      // The same the other way: a writeOnly property required through an allOf part.
      Credentials: { type: "object", properties: { user: { type: "string" }, secret: { type: "string", writeOnly: true } } },
      Account: { allOf: [ref("Credentials")], required: ["user", "secret"] },
    },
  },
};

const app = `import { createAccount, createNote, createPet, createTagged, type CreatePetOutput } from "./index.js";
// Request: readOnly properties are not asked for, writeOnly ones are.
const pet = await createPet({ name: "Rex", password: "pw" });
await createPet({ name: "Rex", password: "pw", owner: { name: "Ann" }, pin: "1234" });
// @ts-expect-error id is readOnly: the server assigns it, a request has no such field
await createPet({ id: "p1", name: "Rex", password: "pw" });
// @ts-expect-error password is writeOnly and required: required in requests
await createPet({ name: "Rex" });
// @ts-expect-error createdAt is readOnly, also in a referenced schema
await createPet({ name: "Rex", password: "pw", owner: { name: "Ann", createdAt: "2020" } });
// @ts-expect-error serial is readOnly through its $ref
await createPet({ name: "Rex", password: "pw", serial: "s1" });
// @ts-expect-error revision is readOnly beside its $ref
await createPet({ name: "Rex", password: "pw", revision: 2 });
await createNote({ text: "t" });
// @ts-expect-error noteId is readOnly in an inline request body
await createNote({ text: "t", noteId: "n1" });
const tagged = await createTagged({ label: "l" });
// @ts-expect-error id is readOnly in the allOf part Base
await createTagged({ label: "l", id: "t1" });
// @ts-expect-error label is still required
await createTagged({});
const account = await createAccount({ user: "u", secret: "s" });
// @ts-expect-error secret is writeOnly and required through the allOf part
await createAccount({ user: "u" });

// Answer: readOnly properties are there (and required where listed), writeOnly ones are not.
const id: string = pet.id;
const serial: string = pet.serial;
const createdAt: string | undefined = pet.owner?.createdAt;
// @ts-expect-error password is writeOnly: no answer carries it
void pet.password;
// @ts-expect-error pin is writeOnly through its $ref
void pet.pin;
const noPassword: "password" extends keyof CreatePetOutput ? false : true = true;
const note = await createNote({ text: "t" });
const noteId: string = note.noteId;
// @ts-expect-error draftKey is writeOnly in an inline response
void note.draftKey;
const taggedId: string = tagged.id;
const user: string = account.user;
// @ts-expect-error secret is writeOnly
void account.secret;
export { id, serial, createdAt, noPassword, noteId, taggedId, user };
`;

test.each(["ts", "js"] as const)("--emit %s: readOnly fields are left out of requests, writeOnly fields out of answers", async (emit) => {
  const { out } = await generateFrom(`emit/read-write-only-${emit}`, description, ["--emit", emit]);
  expect(await typecheckWith(out, app, "app.ts")).toBe("");

  const schema = readFileSync(join(out, "schema.d.ts"), "utf8");
  const forms = schema.slice(schema.indexOf("export interface requestComponents"));
  const answers = schema.slice(schema.indexOf("export interface components"), schema.indexOf("export interface requestComponents"));
  // Request forms: every schema a request reaches that has such a property or refers to one.
  for (const name of ["Pet", "Owner", "Tagged", "Base", "Account", "Credentials"]) expect(forms).toContain(`    ${name}: `);
  for (const name of ["Serial", "Revision", "Pin"]) expect(forms).not.toContain(`    ${name}: `);
  expect(forms).toContain("password: string;");
  expect(forms).not.toMatch(/\bid\??: /);
  expect(forms).not.toContain("createdAt");
  // The answers' form keeps readOnly properties (as readonly) and has no writeOnly one.
  expect(answers).toContain("readonly id: string;");
  expect(answers).toContain("readonly createdAt: string;");
  expect(answers).not.toContain("password");
  expect(answers).not.toContain("secret");
  expect(answers).not.toMatch(/\bpin\??: /);
  expect(answers).toContain('WithRequired<components["schemas"]["Base"], "id">');
  expect(schema).not.toContain("draftKey");
  expect(schema).not.toContain("noteId?: ");
});

test("the request side and the answer side drop `required` names of left-out properties, also through allOf parts, without changing the input", () => {
  const document = structuredClone(description) as Record<string, any>;
  const before = JSON.stringify(document);
  const request = requestSide(document);
  const answer = answerSide(request.document, (r) => getPointer(document, r));
  expect(JSON.stringify(document)).toBe(before);

  expect(request.schemas.Tagged).toEqual({
    allOf: [{ $ref: "#/requestComponents/schemas/Base" }, { type: "object", properties: { label: { type: "string" } } }],
    required: ["label"],
  });
  expect(request.schemas.Pet).toMatchObject({ required: ["name", "password"] });
  expect(Object.keys((request.schemas.Pet as any).properties)).toEqual(["name", "password", "owner", "pin"]);
  expect(request.schemas.Account).toEqual({ allOf: [{ $ref: "#/requestComponents/schemas/Credentials" }], required: ["user", "secret"] });
  const note = (request.document as any).paths["/notes"].post.requestBody.content["application/json"].schema;
  expect(note).toEqual({ type: "object", required: ["text"], properties: { text: { type: "string" } } });

  const schemas = (answer as any).components.schemas;
  expect(schemas.Account).toEqual({ allOf: [ref("Credentials")], required: ["user"] });
  expect(schemas.Credentials.properties).toEqual({ user: { type: "string" } });
  expect(Object.keys(schemas.Pet.properties)).toEqual(["id", "name", "owner", "serial", "revision"]);
  expect(schemas.Pet.required).toEqual(["id", "name", "serial"]);
  expect(schemas.Tagged).toBe(document.components.schemas.Tagged);
  const noteAnswer = (answer as any).paths["/notes"].post.responses["200"].content["application/json"].schema;
  expect(noteAnswer.required).toEqual(["noteId", "text"]);
  expect(Object.keys(noteAnswer.properties)).toEqual(["noteId", "text"]);
});

test("a description without readOnly, writeOnly or defaults is typed from the same document", () => {
  const document = {
    openapi: "3.0.3",
    paths: {
      "/a": {
        parameters: [{ name: "q", in: "query", schema: { type: "string" } }],
        post: {
          requestBody: { content: json({ allOf: [ref("Plain")], required: ["x"] }) },
          responses: { "200": { description: "ok", content: json({ type: "object", required: ["y"], properties: { y: ref("Plain") } }) } },
        },
      },
    },
    components: {
      schemas: { Plain: { type: "object", required: ["x"], properties: { x: { type: "string" }, readOnly: { type: "boolean" }, next: ref("Plain") } } },
      responses: { R: { description: "r", content: json(ref("Plain")) } },
      // Data is not read as schemas.
      examples: { E: { value: { readOnly: true, writeOnly: true } } },
    },
  };
  const side = requestSide(document);
  expect(side.document).toBe(document);
  expect(side.schemas).toEqual({});
  expect(answerSide(side.document, (r) => getPointer(document, r))).toBe(document);
});
