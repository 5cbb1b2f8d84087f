/**
 * Object.prototype's names are plain names: a description whose properties, parameters,
 * operationIds, schema names, media-type and status keys are `constructor`, `__proto__`,
 * `toString`, `valueOf`, `hasOwnProperty`… generates code that compiles under tsc --strict, sends
 * exactly what the caller gave (a name the caller left out is not filled from the prototype, a
 * `__proto__` key is sent as data), and validates a model's arguments with such names as data.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEchoServer, type EchoServer } from "../support/echo-tool-server.js";
import { generateFrom, typecheckWith } from "../support/generated-module.js";

const NAMES = ["constructor", "toString", "valueOf", "hasOwnProperty", "__proto__", "prototype", "__defineGetter__", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString"];
const TYPES = new Map([["constructor", "number"], ["valueOf", "integer"], ["hasOwnProperty", "boolean"]]);

/** Every name as a property; `constructor` required and a number, as in the reported TS2322. */
const THING = {
  type: "object",
  required: ["constructor"],
  properties: Object.fromEntries(NAMES.map((name) => [name, { type: TYPES.get(name) ?? "string" }])),
};
const ECHO = {
  type: "object",
  properties: { method: { type: "string" }, path: { type: "string" }, query: { type: "string" }, headers: { type: "object", additionalProperties: { type: "string" } }, body: {}, ["__proto__"]: { type: "string" }, constructor: { type: "string" } },
};
const echoed = (status: string) => ({ [status]: { description: "What arrived.", content: { "application/json": { schema: { $ref: "#/components/schemas/__proto__" } } } } });

// `["__proto__"]` (computed) and Object.fromEntries make own keys, as YAML and JSON parsers do.
const DESCRIPTION = {
    openapi: "3.0.3",
    info: { title: "Proto", version: "1" },
    servers: [{ url: "http://127.0.0.1:1" }],
    paths: {
      "/things/{constructor}": {
        post: {
          operationId: "toString",
          parameters: [
            { name: "constructor", in: "path", required: true, schema: { type: "string" } },
            { name: "valueOf", in: "query", schema: { type: "integer" } },
            { name: "__proto__", in: "query", schema: { type: "string" } },
            { name: "toLocaleString", in: "query", style: "deepObject", schema: { type: "object", properties: { constructor: { type: "string" } } } },
            { name: "hasOwnProperty", in: "header", schema: { type: "string" } },
            { name: "isPrototypeOf", in: "cookie", schema: { type: "string" } },
          ],
          requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/constructor" } } } },
          responses: { ...echoed("200"), default: { description: "Anything else.", content: { "*/*": { schema: { type: "string" } } } } },
        },
      },
      "/flat": {
        post: {
          operationId: "hasOwnProperty",
          requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/constructor" } } } },
          responses: echoed("2XX"),
        },
      },
      "/forms/{prototype}": {
        post: {
          operationId: "valueOf",
          parameters: [{ name: "prototype", in: "path", required: true, schema: { type: "string" } }],
          requestBody: { required: true, content: { "multipart/form-data": { schema: { $ref: "#/components/schemas/constructor" } } } },
          responses: echoed("200"),
        },
      },
      "/urlencoded": {
        put: {
          operationId: "__proto__",
          requestBody: { content: { "application/x-www-form-urlencoded": { schema: { $ref: "#/components/schemas/constructor" } } } },
          responses: echoed("200"),
        },
      },
    },
    components: { schemas: { constructor: THING, ["__proto__"]: ECHO } },
};

interface Echo {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: unknown;
}

let server: EchoServer;
let gen: any;

beforeAll(async () => {
  server = await startEchoServer();
  const { out } = await generateFrom("prototype-names", DESCRIPTION, ["--emit", "js", "--base-url", server.url]);
  gen = await import(pathToFileURL(join(out, "index.js")).href);
});
afterAll(() => server.close());

test("the description really has every name, __proto__ included, as own keys", () => {
  expect(Object.keys(DESCRIPTION.components.schemas)).toEqual(["constructor", "__proto__"]);
  expect(Object.keys(DESCRIPTION.components.schemas.constructor.properties).sort()).toEqual([...NAMES].sort());
});

test("the TypeScript output compiles under tsc --strict, and the types keep each name's own type", async () => {
  const { out } = await generateFrom("prototype-names-ts", DESCRIPTION);
  const app = `import { toString, hasOwnProperty, type ToStringInput, type HasOwnPropertyInput } from "./index.js";
export const input: ToStringInput = { constructor: "c", body: { constructor: 1, toString: "t", valueOf: 2, hasOwnProperty: true } };
// @ts-expect-error the body's constructor is a number
export const wrong: ToStringInput = { constructor: "c", body: { constructor: "1" } };
// @ts-expect-error constructor is required
export const missing: HasOwnPropertyInput = { toString: "t" };
await toString(input);
await hasOwnProperty({ constructor: 1 });
`;
  expect(await typecheckWith(out, app, "app.ts")).toBe("");
});

describe("calls send exactly what the caller gave", () => {
  test("a name the caller left out is not sent (not the prototype's function)", async () => {
    const echo: Echo = await gen.toString({ constructor: "c", body: { constructor: 1 } });
    expect(echo.path).toBe("/things/c");
    expect(echo.query).toBe("version=1");
    expect(echo.headers.hasownproperty).toBeUndefined();
    expect(echo.headers.cookie).toBeUndefined();
    expect(echo.body).toEqual({ constructor: 1 });
  });

  test("every parameter location and the JSON body carry the names as data, __proto__ included", async () => {
    const input = JSON.parse(
      '{"constructor":"c","valueOf":3,"__proto__":"p","toLocaleString":{"constructor":"k"},"hasOwnProperty":"h","isPrototypeOf":"i","body":{"constructor":1,"__proto__":"q","toString":"t"}}',
    );
    const echo: Echo = await gen.toString(input);
    const query = new URLSearchParams(echo.query);
    expect(query.get("valueOf")).toBe("3");
    expect(query.get("__proto__")).toBe("p");
    expect(query.get("toLocaleString[constructor]")).toBe("k");
    expect(echo.headers.hasownproperty).toBe("h");
    expect(echo.headers.cookie).toBe("isPrototypeOf=i");
    expect(Object.hasOwn(echo.body as object, "__proto__")).toBe(true);
    expect(JSON.stringify(echo.body)).toBe('{"constructor":1,"__proto__":"q","toString":"t"}');
  });

  test("a body whose properties sit flat in the input keeps a __proto__ property", async () => {
    const { hasOwnProperty: flat } = gen; // the generated operation of that name
    const echo: Echo = await flat(JSON.parse('{"constructor":1,"__proto__":"q","valueOf":5}'));
    expect(JSON.stringify(echo.body)).toBe('{"constructor":1,"__proto__":"q","valueOf":5}');
  });

  test("multipart and form-urlencoded bodies", async () => {
    const multipart: Echo = await gen.valueOf({ prototype: "p", body: JSON.parse('{"constructor":2,"__proto__":"x","toString":"t"}') });
    expect(multipart.path).toBe("/forms/p");
    expect(JSON.stringify(multipart.body)).toBe('{"constructor":"2","__proto__":"x","toString":"t"}');
    const form: Echo = await gen.proto({ body: JSON.parse('{"constructor":1,"__proto__":"x"}') });
    expect(form.body).toBe("constructor=1&__proto__=x");
  });

  test("createClient's methods named toString and valueOf are the operations", async () => {
    const client = gen.createClient({ headers: { "x-client": "yes" } });
    expect(Object.hasOwn(client, "toString")).toBe(true);
    const echo: Echo = await client.valueOf({ prototype: "q", body: { constructor: 3 } });
    expect(echo.path).toBe("/forms/q");
    expect(echo.headers["x-client"]).toBe("yes");
  });
});

describe("toolkit.call validates the names as data", () => {
  test("a missing required constructor is reported missing, not satisfied by the prototype", async () => {
    await expect(gen.toolkit.call("Proto/1/hasOwnProperty", "{}")).rejects.toThrow("$.constructor: is required but missing");
    await expect(gen.toolkit.call("Proto/1/toString", '{"constructor":"c","body":{}}')).rejects.toThrow("$.body.constructor: is required but missing");
  });

  test("a __proto__ argument is checked against its schema and sent", async () => {
    await expect(gen.toolkit.call("Proto/1/hasOwnProperty", '{"constructor":1,"__proto__":5}')).rejects.toThrow("$.__proto__: must be a string, got 5");
    const echo: Echo = await gen.toolkit.call("Proto/1/hasOwnProperty", '{"constructor":1,"__proto__":"ok","toString":"t"}');
    expect(JSON.stringify(echo.body)).toBe('{"constructor":1,"__proto__":"ok","toString":"t"}');
  });

  test("the descriptors list every name as a property", () => {
    const tool = gen.toolkit.tool("Proto/1/hasOwnProperty");
    expect(Object.keys(tool.parameters.properties).sort()).toEqual([...NAMES].sort());
    expect(tool.parameters.required).toEqual(["constructor"]);
    expect(gen.toolkit.tools.map((t: { functionName: string }) => t.functionName)).toEqual(["toString", "hasOwnProperty", "valueOf", "proto"]);
  });
});
