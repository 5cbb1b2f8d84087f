/** Operation matching, tool identity, parameters, bodies, responses and security. */
import { describe, expect, test } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { diffModels } from "../../src/diff/diff-models.js";
import { diffDocs, doc, jsonBody, lines, loadFile, ok } from "./support.js";

const idParam = (name: string) => ({ name, in: "path", required: true, schema: { type: "string" } });

describe("operation matching", () => {
  test("path templates match with parameter names ignored; the rename itself breaks the typed signature", () => {
    const before = doc({ "/pet/{id}": { get: { operationId: "getPet", parameters: [idParam("id")], responses: ok() } } });
    const after = doc({ "/pet/{petId}": { get: { operationId: "getPet", parameters: [idParam("petId")], responses: ok() } } });
    expect(lines(diffDocs(before, after))).toEqual(["breaking request-path-parameter-renamed GET /pet/{petId} | parameter path petId"]);
  });

  test("a second pass by operationId reports a moved path under the same tool name", () => {
    const before = doc({ "/pets": { get: { operationId: "listPets", responses: ok() } } });
    const after = doc({ "/animals/pets": { get: { operationId: "listPets", responses: ok() } } });
    const result = diffDocs(before, after);
    expect(lines(result)).toEqual(["breaking endpoint-moved GET /animals/pets"]);
    expect(result.changes[0]!.previous).toEqual({ method: "GET", path: "/pets", operationId: "listPets" });
    expect(result.changes[0]!.tool).toEqual({ old: "T/1/listPets", new: "T/1/listPets" });
  });

  test("an ambiguous operationId never pairs in the second pass", () => {
    const before = doc({ "/a": { get: { operationId: "x", responses: ok() } }, "/b": { get: { operationId: "x", responses: ok() } } });
    const after = doc({ "/c": { get: { operationId: "x", responses: ok() } } });
    expect(lines(diffDocs(before, after)).sort()).toEqual([
      "breaking api-removed-without-deprecation GET /a",
      "breaking api-removed-without-deprecation GET /b",
      "info endpoint-added GET /c",
    ]);
  });
});

describe("lifecycle", () => {
  const withGet = (get: Record<string, unknown>) =>
    doc({ "/a": { get: { operationId: "a", responses: ok(), ...get } }, "/keep": { get: { operationId: "keep", responses: ok() } } });
  const without = doc({ "/keep": { get: { operationId: "keep", responses: ok() } } });

  test("removed without deprecation: breaking; after deprecation: info; before x-sunset: breaking", () => {
    expect(lines(diffDocs(withGet({}), without))).toEqual(["breaking api-removed-without-deprecation GET /a"]);
    expect(lines(diffDocs(withGet({ deprecated: true }), without))).toEqual(["info api-removed-with-deprecation GET /a"]);
    expect(lines(diffDocs(withGet({ deprecated: true, "x-sunset": "2025-06-01" }), without))).toEqual([
      "info api-removed-with-deprecation GET /a",
    ]);
    expect(lines(diffDocs(withGet({ deprecated: true, "x-sunset": "2099-01-01" }), without))).toEqual([
      "breaking api-removed-before-sunset GET /a",
    ]);
  });

  test("deprecated, with and without sunset; reactivated", () => {
    expect(lines(diffDocs(withGet({}), withGet({ deprecated: true })))).toEqual(["info endpoint-deprecated GET /a"]);
    expect(lines(diffDocs(withGet({}), withGet({ deprecated: true, "x-sunset": "2099-01-01" })))).toEqual([
      "info endpoint-deprecated-with-sunset GET /a",
    ]);
    expect(lines(diffDocs(withGet({ deprecated: true }), withGet({})))).toEqual(["info endpoint-reactivated GET /a"]);
  });

  test("added operations are info; one without operationId also says its name derives from the path", () => {
    expect(lines(diffDocs(without, withGet({})))).toEqual(["info endpoint-added GET /a"]);
    const noId = doc({ "/keep": { get: { operationId: "keep", responses: ok() } }, "/b": { post: { responses: ok() } } });
    expect(lines(diffDocs(without, noId))).toEqual(["info endpoint-added POST /b", "info tool-operation-id-missing POST /b"]);
  });
});

describe("tool identity", () => {
  test("a changed operationId renames the tool and the function", () => {
    const before = doc({
      "/a": { get: { operationId: "getA", responses: ok() } },
      "/b": { get: { operationId: "getB", responses: ok() } },
    });
    const after = doc({
      "/a": { get: { operationId: "fetchA", responses: ok() } },
      "/b": { get: { operationId: "getB", responses: ok() } },
    });
    const result = diffDocs(before, after);
    expect(lines(result)).toEqual(["breaking tool-renamed GET /a"]);
    expect(result.changes[0]!.tool).toEqual({ old: "T/1/getA", new: "T/1/fetchA" });
    expect(result.changes[0]!.message).toMatch(/operationId changed from `getA` to `fetchA`.*function `getA` is now `fetchA`/);
  });

  test("a new title or version renames every tool: one summary finding with the list", () => {
    const paths = { "/a": { get: { operationId: "getA", responses: ok() } }, "/b": { post: { operationId: "addB", responses: ok() } } };
    const result = diffDocs(doc(paths), { ...doc(paths), info: { title: "T2", version: "2" } });
    expect(lines(result)).toEqual(["breaking all-tools-renamed"]);
    expect(result.changes[0]!.renames).toEqual([
      { old: "T/1/getA", new: "T2/2/getA", method: "GET", path: "/a" },
      { old: "T/1/addB", new: "T2/2/addB", method: "POST", path: "/b" },
    ]);
    expect(result.changes[0]!.message).toMatch(/info\.title changed from `T` to `T2` and info\.version changed from `1` to `2`/);
  });

  test("two versions without a title, named after their own files, are no rename; a title added on one side is", async () => {
    const dir = mkdtempSync(join(tmpdir(), "toolgen-untitled-"));
    const paths = { "/a": { get: { operationId: "getA", responses: ok() } }, "/b": { post: { operationId: "addB", responses: ok() } } };
    const write = (name: string, title: string) => {
      writeFileSync(join(dir, name), JSON.stringify({ ...doc(paths), info: { title, version: "1" } }));
      return join(dir, name);
    };
    const [oldModel, newModel, titled] = await Promise.all([loadFile(write("old.json", "")), loadFile(write("new.json", "")), loadFile(write("titled.json", "Shop"))]);
    expect([oldModel.model.title, newModel.model.title]).toEqual(["old", "new"]);
    const now = new Date("2026-01-01T00:00:00Z");
    expect(diffModels(oldModel.model, newModel.model, { now }).changes).toEqual([]);
    const result = diffModels(oldModel.model, titled.model, { now });
    expect(lines(result)).toEqual(["breaking all-tools-renamed"]);
    expect(result.changes[0]!.message).toMatch(/info\.title went from empty \(named `old` after its source\) to `Shop`/);
  });

  test("every operationId changed at once is also one summary finding", () => {
    const before = doc({ "/a": { get: { operationId: "a1", responses: ok() } }, "/b": { get: { operationId: "b1", responses: ok() } } });
    const after = doc({ "/a": { get: { operationId: "a2", responses: ok() } }, "/b": { get: { operationId: "b2", responses: ok() } } });
    const result = diffDocs(before, after);
    expect(lines(result)).toEqual(["breaking all-tools-renamed"]);
    expect(result.changes[0]!.renames![0]).toEqual({
      old: "T/1/a1",
      new: "T/1/a2",
      method: "GET",
      path: "/a",
      oldFunction: "a1",
      newFunction: "a2",
    });
  });

  test("an operationId newly duplicated: the later operation is renamed, and both are flagged", () => {
    const before = doc({
      "/a": { get: { operationId: "get", responses: ok() } },
      "/b": { get: { operationId: "other", responses: ok() } },
      "/c": { get: { operationId: "c", responses: ok() } },
    });
    const after = doc({
      "/a": { get: { operationId: "get", responses: ok() } },
      "/b": { get: { operationId: "get", responses: ok() } },
      "/c": { get: { operationId: "c", responses: ok() } },
    });
    const result = diffDocs(before, after);
    expect(lines(result)).toEqual([
      "warning tool-operation-id-duplicated GET /a",
      "breaking tool-renamed GET /b",
      "warning tool-operation-id-duplicated GET /b",
    ]);
    expect(result.changes[1]!.tool).toEqual({ old: "T/1/other", new: "T/1/get_2" });
  });

  test("a duplicate present on both sides is not reported again", () => {
    const d = doc({ "/a": { get: { operationId: "x", responses: ok() } }, "/b": { get: { operationId: "x", responses: ok() } } });
    expect(diffDocs(d, structuredClone(d)).changes).toEqual([]);
  });

  test("an operationId removed: the tool now takes its name from the path", () => {
    const before = doc({
      "/a/b": { get: { operationId: "getAB", responses: ok() } },
      "/c": { get: { operationId: "c", responses: ok() } },
    });
    const after = doc({ "/a/b": { get: { responses: ok() } }, "/c": { get: { operationId: "c", responses: ok() } } });
    const result = diffDocs(before, after);
    expect(lines(result)).toEqual(["breaking tool-renamed GET /a/b"]);
    expect(result.changes[0]!.tool).toEqual({ old: "T/1/getAB", new: "T/1/a-b" });
  });
});

describe("parameters", () => {
  const op = (parameters: unknown[]) => doc({ "/p/{id}": { get: { operationId: "p", parameters, responses: ok() } } });
  const q = (name: string, extra: Record<string, unknown> = {}) => ({ name, in: "query", schema: { type: "string" }, ...extra });

  test("removed (breaking: the argument leaves the typed input), deprecated-then-removed (info)", () => {
    expect(lines(diffDocs(op([idParam("id"), q("a")]), op([idParam("id")])))).toEqual([
      "breaking request-parameter-removed GET /p/{id} | parameter query a",
    ]);
    expect(lines(diffDocs(op([idParam("id"), q("a", { deprecated: true })]), op([idParam("id")])))).toEqual([
      "info request-parameter-removed-with-deprecation GET /p/{id} | parameter query a",
    ]);
  });

  test("added required / optional; became required / optional", () => {
    expect(lines(diffDocs(op([idParam("id")]), op([idParam("id"), q("a", { required: true }), q("b")])))).toEqual([
      "breaking new-required-request-parameter GET /p/{id} | parameter query a",
      "info new-optional-request-parameter GET /p/{id} | parameter query b",
    ]);
    expect(lines(diffDocs(op([idParam("id"), q("a")]), op([idParam("id"), q("a", { required: true })])))).toEqual([
      "breaking request-parameter-became-required GET /p/{id} | parameter query a",
    ]);
  });

  test("location changed: same input key, value sent to the wrong place", () => {
    expect(
      lines(diffDocs(op([idParam("id"), q("a")]), op([idParam("id"), { name: "a", in: "header", schema: { type: "string" } }]))),
    ).toEqual(["breaking request-parameter-location-changed GET /p/{id} | parameter header a"]);
  });

  test("header names match case-insensitively, but the input key (the name as written) changed", () => {
    const h = (name: string) => ({ name, in: "header", schema: { type: "string" } });
    expect(lines(diffDocs(op([idParam("id"), h("X-Trace")]), op([idParam("id"), h("x-trace")])))).toEqual([
      "breaking request-parameter-key-changed GET /p/{id} | parameter header x-trace",
    ]);
  });

  test("serialisation changed", () => {
    expect(lines(diffDocs(op([idParam("id"), q("a")]), op([idParam("id"), q("a", { explode: false })])))).toEqual([
      "warning request-parameter-serialization-changed GET /p/{id} | parameter query a",
    ]);
  });

  test("a new parameter that collides with a body property moves the body under `body`", () => {
    const before = doc({
      "/x": {
        post: { operationId: "x", requestBody: jsonBody({ type: "object", properties: { name: { type: "string" } } }), responses: ok() },
      },
    });
    const after = doc({
      "/x": {
        post: {
          operationId: "x",
          parameters: [q("name")],
          requestBody: jsonBody({ type: "object", properties: { name: { type: "string" } } }),
          responses: ok(),
        },
      },
    });
    expect(lines(diffDocs(before, after))).toEqual([
      "breaking request-body-key-changed POST /x | body",
      "info new-optional-request-parameter POST /x | parameter query name",
    ]);
  });
});

describe("request bodies and responses", () => {
  const post = (operation: Record<string, unknown>) => doc({ "/x": { post: { operationId: "x", responses: ok(), ...operation } } });
  const schema = { type: "object", properties: { a: { type: "string" } } };

  test("body added required / optional, removed, required toggled, media types", () => {
    expect(lines(diffDocs(post({}), post({ requestBody: jsonBody(schema) })))).toEqual([
      "breaking request-body-added-required POST /x | body",
    ]);
    expect(lines(diffDocs(post({}), post({ requestBody: jsonBody(schema, false) })))).toEqual([
      "info request-body-added-optional POST /x | body",
    ]);
    expect(lines(diffDocs(post({ requestBody: jsonBody(schema) }), post({})))).toEqual(["breaking request-body-removed POST /x | body"]);
    expect(lines(diffDocs(post({ requestBody: jsonBody(schema, false) }), post({ requestBody: jsonBody(schema) })))).toEqual([
      "breaking request-body-became-required POST /x | body",
    ]);
    const two = { required: true, content: { "application/json": { schema }, "application/xml": { schema } } };
    expect(lines(diffDocs(post({ requestBody: two }), post({ requestBody: jsonBody(schema) })))).toEqual([
      "breaking request-body-media-type-removed POST /x | body application/xml",
    ]);
  });

  test("success status removed is breaking, and so is an error status (code narrowing on it stops compiling); media type removed", () => {
    const responses = (r: Record<string, unknown>) => post({ responses: r });
    const json = { description: "ok", content: { "application/json": { schema: { type: "string" } } } };
    expect(lines(diffDocs(responses({ "200": json, "201": json, "404": json }), responses({ "200": json })))).toEqual([
      "breaking response-success-status-removed POST /x | response 201",
      "breaking response-non-success-status-removed POST /x | response 404",
    ]);
    const both = {
      description: "ok",
      content: { "application/json": { schema: { type: "string" } }, "text/plain": { schema: { type: "string" } } },
    };
    expect(lines(diffDocs(responses({ "200": both }), responses({ "200": json })))).toEqual([
      "breaking response-media-type-removed POST /x | response 200 text/plain",
    ]);
  });

  test("error response schemas are compared like results: isToolCallError narrows e.body to them", () => {
    const r = (t: string) =>
      post({
        responses: { "200": { description: "ok" }, "400": { description: "e", content: { "application/json": { schema: { type: t } } } } },
      });
    expect(lines(diffDocs(r("string"), r("object")))).toEqual([
      "breaking error-response-body-type-changed POST /x | response 400 application/json",
    ]);
  });
});

describe("security", () => {
  const sec = (security: unknown, extra: Record<string, unknown> = {}) =>
    doc({ "/s": { post: { operationId: "s", responses: ok(), ...(security !== undefined ? { security } : {}) } } }, extra);

  test("security added where there was none fails at run time: warning", () => {
    expect(lines(diffDocs(sec(undefined), sec([{ key: [] }])))).toEqual(["breaking api-security-added POST /s | security"]);
  });

  test("document-level security counts for every operation", () => {
    expect(lines(diffDocs(sec(undefined), sec(undefined, { security: [{ key: [] }] })))).toEqual([
      "breaking api-security-added POST /s | security",
    ]);
  });

  test("an alternative added is info; scope added warns; scope removed and security removed are info", () => {
    expect(lines(diffDocs(sec([{ key: [] }]), sec([{ key: [] }, { oauth: ["r"] }])))).toEqual([
      "info api-security-alternative-added POST /s | security",
    ]);
    expect(lines(diffDocs(sec([{ oauth: ["r"] }]), sec([{ oauth: ["r", "w"] }])))).toEqual([
      "warning api-security-scope-added POST /s | security",
    ]);
    expect(lines(diffDocs(sec([{ oauth: ["r", "w"] }]), sec([{ oauth: ["r"] }])))).toEqual([
      "info api-security-scope-removed POST /s | security",
    ]);
    expect(lines(diffDocs(sec([{ key: [] }]), sec([])))).toEqual(["info api-security-removed POST /s | security"]);
  });

  test("an alternative removed strands the clients that used it: warning", () => {
    expect(lines(diffDocs(sec([{ key: [] }, { oauth: [] }]), sec([{ oauth: [] }])))).toEqual([
      "warning api-security-alternative-removed POST /s | security",
    ]);
  });
});

describe("ordering", () => {
  test("findings come in a fixed order whatever the document order", () => {
    const paths = (order: string[]) =>
      Object.fromEntries(
        order.map((p) => [
          p,
          {
            get: {
              operationId: p.slice(1),
              parameters: [{ name: "q", in: "query", schema: { type: "string", enum: ["a", "b"] } }],
              responses: ok(),
            },
          },
        ]),
      );
    const narrowed = (order: string[]) =>
      Object.fromEntries(
        order.map((p) => [
          p,
          {
            get: {
              operationId: p.slice(1),
              parameters: [{ name: "q", in: "query", schema: { type: "string", enum: ["a"] } }],
              responses: ok(),
            },
          },
        ]),
      );
    const one = diffDocs(doc(paths(["/b", "/a"])), doc(narrowed(["/a", "/b"])));
    const two = diffDocs(doc(paths(["/a", "/b"])), doc(narrowed(["/b", "/a"])));
    expect(lines(one)).toEqual(lines(two));
    expect(lines(one)[0]).toMatch(/GET \/a/);
  });
});
