/**
 * `toolkit.call` typed by tool name (src/runtime/typed-toolkit.ts). A description with a required, an optional and
 * no input, a 204 answer, a header the app supplies and a fixed value is generated (`--emit ts`
 * and `--emit js`) and an app is compiled against it under tsc --strict: literal names take the
 * tool's own input and give its output, misspelt names and wrong inputs carry @ts-expect-error
 * (so tsc fails if they compile), and a model's call (runtime name, unknown arguments or JSON
 * text) compiles and gives `unknown`. Then the JavaScript is called, to show that what the types
 * refuse is what `call` refuses at run time, and what they accept runs.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { generateFrom, typecheckWith } from "../support/generated-module.js";

const json = (schema: unknown) => ({ "application/json": { schema } });
const note = { type: "object", required: ["id", "title"], properties: { id: { type: "integer" }, title: { type: "string" } } };
const id = { name: "id", in: "path", required: true, schema: { type: "integer" } };

const description = {
  openapi: "3.0.3",
  info: { title: "Typed", version: "1" },
  servers: [{ url: "http://127.0.0.1:9" }],
  components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } } },
  security: [{ bearerAuth: [] }],
  paths: {
    "/notes": {
      get: {
        operationId: "listNotes",
        parameters: [{ name: "limit", in: "query", schema: { type: "integer" } }],
        responses: { "200": { description: "ok", content: json({ type: "array", items: note }) } },
      },
      post: {
        operationId: "createNote",
        // Required of the function, but no argument of the tool: the app sends it as a header.
        parameters: [{ name: "X-Request-Id", in: "header", required: true, schema: { type: "string" } }],
        requestBody: {
          required: true,
          content: json({
            type: "object",
            required: ["title", "source"],
            properties: {
              title: { type: "string" },
              tags: { type: "array", items: { type: "string" } },
              // Forced on every call by the toolkit, so no argument either.
              source: { type: "string", "x-ebagent-fixed-value": "toolkit" },
            },
          }),
        },
        responses: { "201": { description: "created", content: json(note) } },
      },
    },
    "/notes/{id}": {
      get: {
        operationId: "getNote",
        parameters: [id, { name: "verbose", in: "query", schema: { type: "boolean" } }],
        responses: { "200": { description: "ok", content: json(note) } },
      },
      delete: { operationId: "deleteNote", parameters: [id], responses: { "204": { description: "gone" } } },
    },
    "/ping": { get: { operationId: "ping", responses: { "200": { description: "ok", content: json({ type: "object", properties: { ok: { type: "boolean" } } }) } } } },
  },
};

const APP = `import { toolkit, createNote, type CreateNoteOutput, type GetNoteOutput, type ListNotesOutput, type PingOutput, type ToolTypes } from "./index.js";

// Literal names: the tool's own input, its own output.
const created: CreateNoteOutput = await toolkit.call("Typed/1/createNote", { title: "t", tags: ["a"] });
const sameAsFunction: Awaited<ReturnType<typeof createNote>> = created;
const got: GetNoteOutput = await toolkit.call("Typed/1/getNote", { id: 1, verbose: true }, { timeoutMs: 5, auth: { bearerAuth: "t" } });
const listed: ListNotesOutput = await toolkit.call("Typed/1/listNotes");
const limited: ListNotesOutput = await toolkit.call("Typed/1/listNotes", { limit: 2 });
const pong: PingOutput = await toolkit.call("Typed/1/ping");
await toolkit.call("Typed/1/ping", {});
await toolkit.call("Typed/1/ping", undefined, { timeoutMs: 5 });
const removed: undefined = await toolkit.call("Typed/1/deleteNote", { id: 1 });
// Every name the runtime resolves is typed: wire and function names too.
const viaWire: GetNoteOutput = await toolkit.call("Typed__1__getNote", { id: 2 });
const viaFunction: GetNoteOutput = await toolkit.call("getNote", { id: 3 });
// A literal name with a model's JSON text: the runtime checks the text, the result is still typed.
const fromText: GetNoteOutput = await toolkit.call("Typed/1/getNote", '{"id":4}');
const args: ToolTypes["Typed/1/getNote"]["args"] = { id: 5 };
toolkit.check("Typed/1/getNote", args);

// A model's call: name and arguments known only at run time.
declare const modelName: string;
declare const modelArgs: unknown;
declare const modelText: string;
const anything: unknown = await toolkit.call(modelName, modelArgs);
await toolkit.call(modelName, modelText, { signal: AbortSignal.timeout(5) });
await toolkit.call(modelName);
const checked: Record<string, unknown> = toolkit.check(modelName, modelArgs);
// As Gemini's SDK types a function call: the name may be undefined (an unknown tool at run time).
declare const functionCall: { name?: string; args?: Record<string, unknown> };
await toolkit.call(functionCall.name, functionCall.args);
for (const tool of toolkit.tools) await toolkit.call(tool.wireName, "{}");

// @ts-expect-error a misspelt name
await toolkit.call("Typed/1/getNotes", { id: 1 });
// @ts-expect-error a misspelt name in check
toolkit.check("Typed/1/nope", {});
// @ts-expect-error a required field is missing
await toolkit.call("Typed/1/getNote", {});
// @ts-expect-error the arguments are required
await toolkit.call("Typed/1/getNote");
// @ts-expect-error a field of the wrong type
await toolkit.call("Typed/1/getNote", { id: "1" });
// @ts-expect-error a field of the wrong type, in check too
toolkit.check("getNote", { id: "1" });
// @ts-expect-error an unknown field (the input is closed)
await toolkit.call("Typed/1/getNote", { id: 1, colour: "red" });
// @ts-expect-error the header the app supplies is no argument: call rejects it
await toolkit.call("Typed/1/createNote", { title: "t", "X-Request-Id": "r" });
// @ts-expect-error the fixed value is no argument either
await toolkit.call("Typed/1/createNote", { title: "t", source: "mine" });
// @ts-expect-error a tool without input takes no fields
await toolkit.call("Typed/1/ping", { verbose: true });
// @ts-expect-error the result is a note, not a list of notes
const wrongResult: ListNotesOutput = await toolkit.call("Typed/1/getNote", { id: 1 });
// @ts-expect-error nor anything else
const notANumber: number = await toolkit.call("Typed__1__getNote", { id: 1 });
// @ts-expect-error a model's call gives unknown, not a tool's output
const untyped: GetNoteOutput = await toolkit.call(modelName, modelArgs);
// @ts-expect-error options.auth is still checked against the security schemes
await toolkit.call("Typed/1/getNote", { id: 1 }, { auth: { apiKey: "k" } });
// @ts-expect-error in a model's call too
await toolkit.call(modelName, modelArgs, { auth: { apiKey: "k" } });
// @ts-expect-error a literal undefined names no tool
await toolkit.call(undefined, {});

export { sameAsFunction, got, listed, limited, pong, removed, viaWire, viaFunction, fromText, anything, checked, wrongResult, notANumber, untyped };
`;

describe("toolkit.call typed by tool name", () => {
  test.each([
    ["--emit ts", []],
    ["--emit js", ["--emit", "js"]],
  ])("%s: literal names are typed, misspelt names and wrong inputs fail tsc, a model's call compiles", async (mode, args) => {
    const { out } = await generateFrom(`typed-call-${mode.slice(7)}`, description, args);
    expect(await typecheckWith(out, APP)).toBe("");
  });

  test("at run time, call accepts what the types accept and refuses what they refuse", async () => {
    const { out } = await generateFrom("typed-call-run", description, ["--emit", "js"]);
    const gen = (await import(pathToFileURL(join(out, "index.js")).href)) as {
      toolkit: { call(name: string, args?: unknown, options?: object): Promise<unknown> };
    };
    const sent: { url: string; body: unknown; requestId: string | null }[] = [];
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      sent.push({ url: String(url), body, requestId: new Headers(init?.headers).get("x-request-id") });
      if (init?.method === "DELETE") return new Response(null, { status: 204 });
      return Response.json(String(url).includes("/ping") ? { ok: true } : { id: 1, title: "t" }, { status: init?.method === "POST" ? 201 : 200 });
    };
    const options = { fetch, headers: { "X-Request-Id": "r-1" } };

    expect(await gen.toolkit.call("Typed/1/createNote", { title: "t" }, options)).toEqual({ id: 1, title: "t" });
    expect(sent.at(-1)).toMatchObject({ body: { title: "t", source: "toolkit" }, requestId: "r-1" });
    expect(await gen.toolkit.call("Typed/1/ping", {}, options)).toEqual({ ok: true });
    expect(await gen.toolkit.call("getNote", '{"id":4}', options)).toEqual({ id: 1, title: "t" });
    expect(await gen.toolkit.call("Typed/1/deleteNote", { id: 1 }, options)).toBeUndefined();
    const count = sent.length;

    await expect(gen.toolkit.call("Typed/1/getNotes", { id: 1 }, options)).rejects.toMatchObject({ code: "UNKNOWN_TOOL" });
    await expect(gen.toolkit.call("Typed/1/getNote", {}, options)).rejects.toThrow("$.id: is required but missing");
    await expect(gen.toolkit.call("Typed/1/getNote", undefined, options)).rejects.toThrow("$.id: is required but missing");
    await expect(gen.toolkit.call("Typed/1/getNote", { id: "1" }, options)).rejects.toMatchObject({ code: "INVALID_ARGUMENTS" });
    await expect(gen.toolkit.call("Typed/1/getNote", { id: 1, colour: "red" }, options)).rejects.toThrow("$.colour: is not a known argument");
    await expect(gen.toolkit.call("Typed/1/createNote", { title: "t", "X-Request-Id": "r" }, options)).rejects.toThrow('$["X-Request-Id"]: is not a known argument');
    await expect(gen.toolkit.call("Typed/1/createNote", { title: "t", source: "mine" }, options)).rejects.toThrow("$.source: is not a known argument");
    await expect(gen.toolkit.call("Typed/1/ping", { verbose: true }, options)).rejects.toThrow("$.verbose: is not a known argument");
    expect(sent.length).toBe(count);
  });
});
