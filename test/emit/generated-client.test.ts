/**
 * The generated client end to end: generate from a loopback tool server, type-check the output
 * with tsc --strict (plus an app that uses it, with type errors that must be reported), then
 * import the generated JavaScript and call every operation over real HTTP.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { startEchoServer, type EchoServer } from "../support/echo-tool-server.js";
import { freshOutputDir } from "../support/output-dir.js";
import { typecheck } from "../support/typecheck.js";

const quiet = { stdout: () => {}, stderr: () => {}, exitCode: () => {} };

let server: EchoServer;
 
let gen: any;

beforeAll(async () => {
  server = await startEchoServer();
  const out = freshOutputDir("echo-js");
  expect(await main([server.url, "--out", out, "--emit", "js"], quiet)).toBe(0);
  gen = await import(pathToFileURL(join(out, "index.js")).href);
});
afterAll(() => server.close());

interface Echo {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: unknown;
}

describe("generated TypeScript", () => {
  test("compiles under tsc --strict, and an app using it is checked against the description", async () => {
    const out = freshOutputDir("echo-ts");
    expect(await main([server.url, "--out", out], quiet)).toBe(0);
    writeFileSync(
      join(out, "app.ts"),
      `import { createItem, getItemNote, replaceBatch, getText, slow, type CreateItemOutput } from "./index.js";
const created: CreateItemOutput = await createItem({ name: "pen", price: null });
const method: string = created.method;
await getItemNote({ itemId: 1, noteKey: "k", filter: { status: "open" }, itemId_query: "q" });
await replaceBatch({ body: [{ name: "x" }] });
const text: string = await getText();
await slow({ timeoutMs: 10 });
// @ts-expect-error name is required
await createItem({ price: 1 });
// @ts-expect-error price is a number or null
await createItem({ name: "x", price: "1" });
// @ts-expect-error the enum has no such value
await getItemNote({ itemId: 1, noteKey: "k", filter: { status: "pending" } });
// @ts-expect-error path parameters are required
await getItemNote({ noteKey: "k" });
export { method, text };
`,
    );
    expect(await typecheck(out)).toBe("");
  });
});

describe("calls over real HTTP", () => {
  test("path, query (form, explode false, deepObject, pipeDelimited), header and cookie parameters", async () => {
    const echo: Echo = await gen.getItemNote({
      itemId: 7,
      noteKey: "a b/c",
      tags: ["x", "y"],
      ids: [1, 2],
      filter: { status: "open", owner: { name: "Ann" } },
      pipes: ["p", "q"],
      "X-Trace-Id": "t-1",
      session: "s 1",
      itemId_query: "dup",
    });
    expect(echo.method).toBe("GET");
    expect(echo.path).toBe("/items/7/notes/a%20b%2Fc");
    const query = new URLSearchParams(echo.query);
    expect(query.getAll("tags")).toEqual(["x", "y"]);
    expect(query.get("ids")).toBe("1,2");
    expect(query.get("filter[status]")).toBe("open");
    expect(query.get("filter[owner][name]")).toBe("Ann");
    expect(query.get("pipes")).toBe("p|q");
    expect(query.get("itemId")).toBe("dup");
    expect(echo.query.endsWith("version=2024-01%20beta")).toBe(true);
    expect([...query.keys()].at(-1)).toBe("version");
    expect(echo.headers["x-trace-id"]).toBe("t-1");
    expect(echo.headers.cookie).toMatch(/^session=s(%20| )1$/);
  });

  test("JSON body, 201 answer", async () => {
    const echo: Echo = await gen.createItem({ name: "pen", price: null, tags: ["a"] });
    expect(echo.headers["content-type"]).toMatch(/^application\/json/);
    expect(echo.body).toEqual({ name: "pen", price: null, tags: ["a"] });
    expect(echo.query).toBe("version=2024-01%20beta");
  });

  test("form-urlencoded body with nested fields as Stripe encodes them", async () => {
    const echo: Echo = await gen.submitForm({ name: "n", metadata: { k: "v" }, expand: ["a", "b"] });
    expect(echo.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(echo.body as string);
    expect(form.get("name")).toBe("n");
    expect(form.get("metadata[k]")).toBe("v");
    const expand = [...form.entries()].filter(([k]) => k.startsWith("expand[")).map(([, v]) => v);
    expect(expand).toEqual(["a", "b"]);
  });

  test("multipart body with a file and a JSON part", async () => {
    const echo: Echo = await gen.upload({ file: new Blob(["hello"], { type: "text/plain" }), meta: { label: "L" } });
    const parts = echo.body as Record<string, { text?: string } | string>;
    expect((parts.file as { text: string }).text).toBe("hello");
    expect(JSON.parse(parts.meta as string)).toEqual({ label: "L" });
  });

  test("a non-object body goes under `body`; 204 resolves to undefined", async () => {
    expect(await gen.replaceBatch({ body: [{ name: "x" }] })).toBeUndefined();
  });

  test("text answer, and an operation without operationId named as the reference names it", async () => {
    expect(await gen.getText()).toBe("plain words");
    expect(gen.toolkit.tools.map((t: { name: string }) => t.name)).toContain("Echo/2024-01 beta/text");
  });

  test("a non-2xx answer throws ToolCallError with status, parsed body and tool", async () => {
    const error = await gen.alwaysMissing().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(gen.ToolCallError);
    expect(error.status).toBe(404);
    expect(error.body).toEqual({ error: "not here" });
    expect(error.tool).toBe("Echo/2024-01 beta/alwaysMissing");
    expect(error.code).toBe("HTTP_STATUS");
  });

  test("a timeout and a closed connection reject with ToolCallError, never hang or resolve", async () => {
    const timeout = await gen.slow({ timeoutMs: 200 }).catch((e: unknown) => e);
    expect(timeout).toBeInstanceOf(gen.ToolCallError);
    expect(timeout.code).toBe("TIMEOUT");
    const hangup = await gen.hangUp().catch((e: unknown) => e);
    expect(hangup).toBeInstanceOf(gen.ToolCallError);
    expect(hangup.code).toBe("NETWORK");
  });

  test("toolkit.call takes a model's JSON arguments; unknown names list the known ones", async () => {
    const echo: Echo = await gen.toolkit.call("Echo/2024-01 beta/createItem", '{"name":"pen"}');
    expect(echo.body).toEqual({ name: "pen" });
    await expect(gen.toolkit.call("Echo/2024-01 beta/nope", {})).rejects.toThrow(/Echo\/2024-01 beta\/nope.*Echo\/2024-01 beta\/createItem/s);
  });

  test("per-client and per-call options: base address, headers, token", async () => {
    const client = gen.createClient({ baseUrl: server.url, headers: { "x-from": "client" }, accessToken: "secret-token" });
    const echo: Echo = await client.createItem({ name: "a" }, { headers: { "x-call": "yes" } });
    expect(echo.headers["x-from"]).toBe("client");
    expect(echo.headers["x-call"]).toBe("yes");
    expect(echo.headers.authorization).toBe("token secret-token");
    const plain: Echo = await gen.createItem({ name: "a" });
    expect(plain.headers.authorization).toBeUndefined();
  });
});
