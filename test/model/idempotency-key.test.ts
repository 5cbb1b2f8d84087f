/**
 * An operation's Idempotency-Key header parameter: marked in the model, optional for the caller
 * and the model whatever the description says, named in the OperationSpec for the runtime.
 */
import { expect, test } from "vitest";
import type { LoadedDescription } from "../../src/load/loaded-description.js";
import { buildModel } from "../../src/model/build-model.js";
import { operationSpecOf } from "../../src/model/operation-spec.js";

type Json = Record<string, any>;

function modelOf(paths: Json) {
  const document = { openapi: "3.1.0", info: { title: "T", version: "1" }, paths };
  const loaded: LoadedDescription = {
    source: { kind: "file", input: "x.yaml", documentUrl: "file:///x.yaml" },
    document,
    openapiVersion: "3.1",
    sha256: "0",
    bytes: 0,
    documents: [],
    inputsSha256: "",
  };
  return buildModel(loaded);
}

const header = (name: string, schema: Json = { type: "string" }) => ({ name, in: "header", required: true, schema });
const post = (parameters: Json[]) => ({ post: { operationId: "create", parameters, responses: { "201": { description: "created" } } } });

test("Idempotency-Key in any case, or X-Idempotency-Key, becomes optional and is named in the spec", () => {
  for (const name of ["Idempotency-Key", "idempotency-key", "X-Idempotency-Key"]) {
    const op = modelOf({ "/items": post([header(name)]) }).operations[0]!;
    expect(op.parameters[0]).toMatchObject({ name, required: false, idempotencyKey: true });
    expect(op.inputOptional).toBe(true);
    const spec = operationSpecOf(op);
    expect(spec.idempotencyKey).toBe(name);
    expect(spec.params[0]!.required).toBeUndefined();
  }
});

test("other headers, a key in the query, and an array-valued key are left as declared", () => {
  const op = modelOf({ "/items": post([header("X-Request-Id"), { name: "Idempotency-Key", in: "query", required: true, schema: { type: "string" } }, header("Idempotency-Key", { type: "array", items: { type: "string" } })]) }).operations[0]!;
  expect(op.parameters.map((p) => [p.name, p.required, p.idempotencyKey])).toEqual([
    ["X-Request-Id", true, undefined],
    ["Idempotency-Key", true, undefined],
    ["Idempotency-Key", true, undefined],
  ]);
  expect(operationSpecOf(op).idempotencyKey).toBeUndefined();
});
