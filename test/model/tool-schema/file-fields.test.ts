/**
 * Files in descriptors, at build time: which arguments take file ids and how their content is
 * sent, which answer fields hold base64 files, how both are described to the model, and that a
 * tool without files carries no `files` at all (the runtime then does nothing for it).
 */
import { expect, test } from "vitest";
import { FILE_ID_PATTERN } from "../../../src/runtime/files/file-id.js";
import { descriptorsOf } from "./support.js";

const ok = (schema: unknown) => ({ "200": { description: "ok", content: { "application/json": { schema } } } });
const body = (mediaType: string, schema: unknown) => ({ required: true, content: { [mediaType]: { schema } } });
const binary = { type: "string", format: "binary" };

const document = {
  openapi: "3.0.3",
  info: { title: "F", version: "1" },
  paths: {
    "/parts/{kind}": {
      post: {
        operationId: "parts",
        parameters: [
          { name: "kind", in: "path", required: true, schema: { type: "string" } },
          { name: "stamp", in: "query", schema: { type: "string", format: "byte" } },
        ],
        requestBody: body("multipart/form-data", {
          type: "object",
          properties: {
            one: { ...binary, description: "The file." },
            many: { type: "array", items: binary },
            encoded: { type: "string", format: "byte" },
            meta: { type: "object", properties: { thumb: binary } },
          },
        }),
        responses: ok({ type: "object" }),
      },
    },
    "/json": {
      post: {
        operationId: "json",
        requestBody: body("application/json", {
          type: "object",
          properties: {
            maybe: { type: "string", format: "byte", nullable: true, maxLength: 10 },
            map: { type: "object", additionalProperties: { type: "string", format: "byte" } },
            either: { oneOf: [binary, { type: "integer" }] },
            text: { type: "string" },
          },
        }),
        responses: ok({ $ref: "#/components/schemas/Answer" }),
      },
    },
    "/raw": { put: { operationId: "raw", requestBody: body("application/octet-stream", { type: "string" }), responses: ok({ type: "object" }) } },
    "/plain": { get: { operationId: "plain", responses: ok({ type: "object", properties: { n: { type: "integer" } } }) } },
  },
  components: {
    schemas: {
      Answer: {
        type: "object",
        properties: {
          pics: { type: "array", items: { $ref: "#/components/schemas/Pic" } },
          self: { $ref: "#/components/schemas/Answer" },
          either: { anyOf: [{ $ref: "#/components/schemas/Pic" }, { type: "integer" }] },
        },
      },
      Pic: { type: "string", format: "byte", description: "A picture.", "x-ebagent-file-mime-type": " image/jpeg " },
    },
  },
};

const [parts, json, raw, plain] = descriptorsOf(document).tools;

test("multipart: top-level parts and repeated parts are sent as files; nested ones, byte parts and parameters as base64", () => {
  expect(parts!.files).toEqual({
    input: [
      { path: ["stamp"], send: "base64" },
      { path: ["one"], send: "file" },
      { path: ["many", 0], send: "file" },
      { path: ["encoded"], send: "base64" },
      { path: ["meta", "thumb"], send: "base64" },
    ],
  });
  expect(parts!.parameters.properties.one).toEqual({
    type: "string",
    description: "The file. (a file id, file-local-…, from an earlier tool result or the user; the tool is sent the file's content)",
    pattern: FILE_ID_PATTERN,
  });
  expect(parts!.parameters.properties.kind).toEqual({ type: "string" });
});

test("JSON: nullable stays nullable, content constraints go, maps and combinator branches are found", () => {
  expect(json!.files!.input).toEqual([
    { path: ["maybe"], send: "base64" },
    { path: ["map", 1], send: "base64" },
    { path: ["either"], send: "base64" },
  ]);
  expect(json!.parameters.properties.maybe).toEqual({
    type: ["string", "null"],
    description: "(a file id, file-local-…, from an earlier tool result or the user; the tool is sent the file's content)",
    pattern: FILE_ID_PATTERN,
  });
  expect(json!.parameters.properties.text).toEqual({ type: "string" });
});

test("a binary request body is a file id whatever its schema, sent as the file", () => {
  expect(raw!.files).toEqual({ input: [{ path: ["body"], send: "file" }] });
  expect(raw!.parameters.properties.body).toMatchObject({ type: "string", pattern: FILE_ID_PATTERN });
});

test("answers: x-ebagent-file-mime-type fields through $ref, lists and combinators; a cycle ends the walk; responses say ids", () => {
  expect(json!.files!.output).toEqual([
    { path: ["pics", 0], mimeType: "image/jpeg" },
    { path: ["either"], mimeType: "image/jpeg" },
  ]);
  const responses = json!.responses as { properties: Record<string, { items?: unknown; anyOf?: unknown[] }> };
  const described = { type: "string", description: "A picture. (a file id, file-local-…: the application keeps the file; pass the id on to other tools or to the user)" };
  expect(responses.properties.pics!.items).toEqual(described);
  expect(responses.properties.either!.anyOf).toEqual([described, { type: "integer" }]);
});

test("a tool without files has no `files`, and its schemas are what they were", () => {
  expect(plain).not.toHaveProperty("files");
  expect(plain!.responses).toEqual({ type: "object", properties: { n: { type: "integer" } } });
});
