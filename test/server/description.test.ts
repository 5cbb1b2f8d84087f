/**
 * The published description: valid OpenAPI 3.0 by a real validator, loadable by the reference
 * Python client's rules, byte-identical when generated twice, readable the same way by YAML 1.1
 * and 1.2 parsers, and each JSON Schema construct rewritten into what OpenAPI 3.0 can say.
 */
import { spawnSync } from "node:child_process";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { buildDescription, defineTool, descriptionYaml, serveTools, type AnyTool, type ToolServer } from "../../src/server/index.js";
import { richTypeTools } from "../../src/server/samples/rich-types.js";
import { wordListTools } from "../../src/server/samples/word-list.js";
import { everyKindTools, NAMESPACE, VERSION } from "./fixtures/every-kind.js";
import { lintDescription } from "./helpers.js";

type Json = Record<string, any>;  

const URL_ = "http://127.0.0.1:5000";
const describeTools = (tools: readonly AnyTool[], namespace = "N", version = "v1") => buildDescription(tools, { namespace, version, serverUrl: URL_ }) as Json;
const yamlOf = (tools: readonly AnyTool[], namespace = "N", version = "v1") => descriptionYaml(tools, { namespace, version, serverUrl: URL_ });

/** Tools using only what the reference Python client supports: strings, numbers, integers, arrays, nested objects. */
const referenceCompatible = [
  ...wordListTools().tools,
  defineTool({
    name: "PlanTrip",
    description: "Plans a trip.",
    input: z.object({
      city: z.string().describe("Where to."),
      days: z.int().min(1),
      budget: z.number().optional(),
      stops: z.array(z.string()),
      scores: z.array(z.number()),
      counts: z.array(z.int()),
      traveller: z.object({ name: z.string(), age: z.int() }),
      legs: z.array(z.object({ from: z.string(), to: z.string(), km: z.number() })),
      mode: z.enum(["car", "train"]),
    }),
    output: z.object({ summary: z.string(), legs: z.array(z.object({ from: z.string(), to: z.string() })), meta: z.object({ id: z.string() }) }),
    run: () => ({ summary: "", legs: [], meta: { id: "x" } }),
  }),
];

describe("validates as OpenAPI 3.0 (Redocly: struct and the recommended rules)", () => {
  test.each([
    ["the word list", wordListTools().tools],
    ["the rich-types sample", richTypeTools],
    ["every kind of field", everyKindTools],
    ["the reference-compatible tools", referenceCompatible],
  ] as const)("%s", async (_name, tools) => {
    const text = yamlOf(tools);
    expect(await lintDescription(text, "recommended-strict")).toEqual([]);
    expect(await lintDescription(text, "minimal")).toEqual([]);
  });

  test("the validator does catch 3.1-only schema keywords (the check above is not vacuous)", async () => {
    const doc = describeTools(wordListTools().tools);
    doc.components.schemas.AddWordInput.properties.word = { type: ["string", "null"], const: "x", description: "d" };
    expect((await lintDescription(JSON.stringify(doc))).some((p) => p.includes("struct"))).toBe(true);
  });
});

describe("the shape every loader relies on", () => {
  const doc = describeTools(referenceCompatible, "WordBook", "v1");

  test("header: 3.0.3, info with only title, version and description, servers, no authentication", () => {
    expect(doc.openapi).toBe("3.0.3");
    expect(Object.keys(doc.info).sort()).toEqual(["description", "title", "version"]);
    expect(doc.info).toMatchObject({ title: "WordBook", version: "v1" });
    expect(doc.servers).toEqual([{ url: URL_ }]);
    expect(doc.security).toEqual([]);
    expect(describeTools([], "N", "v1", ).info.description).toMatch(/toolgen/);
    expect(buildDescription(wordListTools().tools, { namespace: "N", version: "1", serverUrl: URL_, description: "Mine." }).info).toEqual({ title: "N", version: "1", description: "Mine." });
  });

  test("one POST per tool: operationId, description, $ref bodies, 200 listed first, no parameters", () => {
    expect(Object.keys(doc.paths)).toEqual(["/WordBook/v1/AddWord", "/WordBook/v1/GetWords", "/WordBook/v1/PlanTrip"]);
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      const name = path.split("/").pop()!;
      expect(Object.keys(item)).toEqual(["post"]);
      const op = item.post;
      expect(op.operationId).toBe(name);
      expect(typeof op.description).toBe("string");
      expect(op.parameters).toBeUndefined();
      expect(op.requestBody.content).toEqual({ "application/json": { schema: { $ref: `#/components/schemas/${name}Input` } } });
      expect(Object.keys(op.responses)[0]).toBe("200");
      expect(op.responses["200"].content).toEqual({ "application/json": { schema: { $ref: `#/components/schemas/${name}Output` } } });
      for (const response of Object.values(op.responses as Json)) expect(Object.keys(response.content)).toHaveLength(1);
    }
  });

  test("the reference client's loader rules hold for string, number, integer, array and nested-object fields", () => {
    // What the reference's ToolParameterView.from_openapi_dict needs of every component schema
    // (and its released 0.5.1 skips a property without description): each property has `type`
    // and `description`, no `$ref`/`anyOf`/`oneOf`/`allOf` inside properties, arrays have typed items.
    const problems: string[] = [];
    const check = (schema: Json, at: string) => {
      for (const [name, prop] of Object.entries((schema.properties ?? {}) as Json)) {
        const here = `${at}.${name}`;
        if (typeof prop.type !== "string") problems.push(`${here}: no type`);
        if (typeof prop.description !== "string") problems.push(`${here}: no description`);
        for (const k of ["$ref", "anyOf", "oneOf", "allOf"]) if (k in prop) problems.push(`${here}: ${k}`);
        if (prop.type === "array" && typeof prop.items?.type !== "string") problems.push(`${here}: untyped items`);
        if (prop.type === "object") check(prop, here);
        if (prop.items?.type === "object") check(prop.items, `${here}[]`);
      }
    };
    for (const [name, schema] of Object.entries(doc.components.schemas as Json)) check(schema, name);
    expect(problems).toEqual([]);
  });
});

test("every property has a description, written from its name when the author gave none", () => {
  const missing: string[] = [];
  const walk = (node: unknown, at: string): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`));
    if (typeof node !== "object" || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "properties") {
        for (const [name, prop] of Object.entries(value as Json)) {
          if (typeof prop.description !== "string" || prop.description === "") missing.push(`${at}/${name}`);
          walk(prop, `${at}/properties/${name}`);
        }
      } else if (key !== "enum" && key !== "default" && key !== "example") walk(value, `${at}/${key}`);
    }
  };
  const doc = describeTools([...everyKindTools, ...richTypeTools]);
  walk(doc.components, "#/components");
  expect(missing).toEqual([]);
  const input = doc.components.schemas.EveryFieldInput.properties;
  expect(input.scores.description).toBe("The scores.");
  expect(input.address.properties.city.description).toBe("The city.");
  expect(input.text.description).toBe("Any text.");
});

describe("deterministic", () => {
  let first: ToolServer;
  let second: ToolServer;
  beforeAll(async () => {
    first = await serveTools(everyKindTools, { namespace: NAMESPACE, version: VERSION });
    second = await serveTools(everyKindTools, { namespace: NAMESPACE, version: VERSION });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  test("generating it twice gives the same bytes; two servers differ only in their address", async () => {
    expect(yamlOf(everyKindTools)).toBe(yamlOf(everyKindTools));
    const get = async (server: ToolServer) => (await fetch(`${server.url}/.well-known/openapi.yaml`)).text();
    const a = await get(first);
    expect(await get(first)).toBe(a);
    expect((await get(second)).replaceAll(second.url, "URL")).toBe(a.replaceAll(first.url, "URL"));
    expect(a).toBe(descriptionYaml(everyKindTools, { namespace: NAMESPACE, version: VERSION, serverUrl: first.url }));
  });
});

describe("YAML read the same by every parser", () => {
  const tricky = ["yes", "no", "on", "off", "y", "N", "12:30", "2024-01-01", "0o17", "1_000", "=", "<<", "~", "null", "1e3", "0x1F", ".inf", "true"];
  const tool = defineTool({
    name: "Tricky",
    description: "yes",
    input: z.object({ value: z.enum(tricky as [string, ...string[]]).describe("12:30") }),
    output: z.object({ on: z.string().describe("=") }),
    examples: [{ user: "no", thoughts: "2024-01-01", arguments: { value: "yes" } }],
    run: () => ({ on: "x" }),
  });
  const text = yamlOf([tool], "2024", "1.0");

  test("YAML 1.2 and YAML 1.1 rules (the yaml package) both give back the same strings", () => {
    for (const doc of [parse(text), parse(text, { version: "1.1" })] as Json[]) {
      expect(doc.info).toMatchObject({ title: "2024", version: "1.0" });
      expect(doc.components.schemas.TrickyInput.properties.value.enum).toEqual(tricky);
      expect(doc.components.schemas.TrickyInput.properties.value.description).toBe("12:30");
      expect(doc.components.schemas.TrickyOutput.properties.on.description).toBe("=");
      expect(doc.paths["/2024/1.0/Tricky"].post.description).toBe("yes");
    }
  });

  const python = spawnSync("python3", ["-c", "import yaml"], { encoding: "utf8" });
  test.skipIf(python.status !== 0)("PyYAML's safe loader (the reference client's) gives back the same document", () => {
    const loaded = spawnSync("python3", ["-c", "import sys, json, yaml; print(json.dumps(yaml.safe_load(sys.stdin.read())))"], { input: text, encoding: "utf8" });
    expect(loaded.stderr).toBe("");
    expect(JSON.parse(loaded.stdout)).toEqual(parse(text));
  });
});

describe("JSON Schema rewritten as OpenAPI 3.0", () => {
  const single = (input: unknown, output: unknown = { type: "object" }) =>
    describeTools([defineTool({ name: "T", description: "d", input: input as Json, output: output as Json, run: () => ({}) })]).components.schemas as Json;

  test("zod: nullable, literal, enum, default, optional; no zod-only noise (format regexes, ±2^53 bounds)", () => {
    const doc = describeTools(everyKindTools).components.schemas as Json;
    const p = doc.EveryFieldInput.properties;
    expect(p.nickname).toEqual({ type: "string", nullable: true, description: "A name, or null." });
    expect(p.kind).toEqual({ type: "string", description: "Always demo.", enum: ["demo"] });
    expect(p.color.enum).toEqual(["red", "green", "blue"]);
    expect(p.count).toEqual({ type: "integer", description: "A whole number.", minimum: 0 });
    expect(p.when).toEqual({ type: "string", format: "date-time", description: "A timestamp." });
    expect(p.email).toEqual({ type: "string", format: "email", description: "An e-mail address." });
    expect(p.limit).toEqual({ type: "integer", description: "Defaults to 10.", default: 10 });
    // Input: what the caller must send; a defaulted or optional field is not required.
    expect(doc.EveryFieldInput.required).not.toContain("limit");
    expect(doc.EveryFieldInput.required).not.toContain("note");
    expect(doc.EveryFieldInput.required).toContain("nickname");
    // Output: the server sends what run returned without stripping keys, so objects stay open.
    expect(JSON.stringify(doc.EveryFieldOutput)).not.toContain('"additionalProperties":false');
    expect(doc.EveryFieldOutput.properties.echo.properties.extras.additionalProperties).toEqual({ type: "number" });
  });

  test("2020-12 / draft-07: type arrays, const, numeric exclusive bounds, tuples, examples", () => {
    const s = single({
      type: "object",
      properties: {
        a: { type: ["string", "null"] },
        b: { const: 3 },
        c: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 10 },
        d: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false },
        e: { type: "array", items: [{ type: "string" }, { type: "string" }] },
        f: { anyOf: [{ type: "integer" }, { type: "null" }] },
        g: { type: "string", examples: ["x", "y"], $comment: "dropped", propertyNames: { pattern: "x" } },
        h: { type: ["integer", "boolean"] },
      },
      required: [],
    }).TInput;
    expect(s.required).toBeUndefined();
    expect(s.properties).toEqual({
      a: { type: "string", nullable: true, description: "The a." },
      b: { type: "integer", description: "The b.", enum: [3] },
      c: { type: "number", description: "The c.", minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: true },
      d: { type: "array", description: "The d.", maxItems: 2, items: { anyOf: [{ type: "string" }, { type: "integer" }] } },
      e: { type: "array", description: "The e.", items: { type: "string" } },
      f: { type: "integer", nullable: true, description: "The f." },
      g: { type: "string", description: "The g.", example: "x" },
      h: { description: "The h.", anyOf: [{ type: "integer" }, { type: "boolean" }] },
    });
  });

  test("$defs: inlined where they can be (the reference client reads no nested $ref), hoisted only when recursive", () => {
    const s = single({
      type: "object",
      properties: { home: { $ref: "#/$defs/Address", description: "Home." }, tree: { $ref: "#/definitions/Node" } },
      $defs: { Address: { type: "object", properties: { city: { type: "string" } } } },
      definitions: { Node: { type: "object", properties: { kids: { type: "array", items: { $ref: "#/definitions/Node" } } } } },
    });
    expect(s.TInput.properties.home).toEqual({ type: "object", description: "Home.", properties: { city: { type: "string", description: "The city." } } });
    expect(s.TInput.properties.tree).toEqual({ allOf: [{ $ref: "#/components/schemas/Node" }], description: "The tree." });
    expect(s.Node).toEqual({ type: "object", properties: { kids: { type: "array", description: "The kids.", items: { $ref: "#/components/schemas/Node" } } } });
  });

  test("a schema that refers to itself as a whole ($ref: #) points at its own component", () => {
    const s = single({ type: "object", properties: { next: { anyOf: [{ $ref: "#" }, { type: "null" }] } } });
    expect(s.TInput.properties.next).toEqual({ allOf: [{ $ref: "#/components/schemas/TInput" }], nullable: true, description: "The next." });
  });

  test("a zod recursive schema (getter) keeps its cycle as one hoisted component, named after its tool", () => {
    const schemas = describeTools(everyKindTools).components.schemas as Json;
    const children = schemas.CountNodesInput.properties.tree.properties.children;
    expect(children).toEqual({ allOf: [{ $ref: "#/components/schemas/CountNodesInput_schema0" }], description: "The children." });
    expect(schemas.CountNodesInput_schema0).toEqual({
      type: "array",
      description: "Sub-trees.",
      items: {
        type: "object",
        properties: { label: { type: "string", description: "The node's label." }, children: { allOf: [{ $ref: "#/components/schemas/CountNodesInput_schema0" }], description: "The children." } },
        required: ["label", "children"],
      },
    });
  });

  test("component names never collide: hoisted schemas named like a tool's or the error schema get a number", () => {
    const recursive = (name: string) => ({ type: "object", properties: { x: { $ref: `#/$defs/${name}` } }, $defs: { [name]: { type: "object", properties: { again: { $ref: `#/$defs/${name}` } } } } });
    const a = defineTool({ name: "A", description: "d", input: recursive("BInput"), output: recursive("ErrorResponse"), run: () => ({}) });
    const b = defineTool({ name: "B", description: "d", input: recursive("BInput"), output: { type: "object" }, run: () => ({}) });
    const schemas = describeTools([a, b]).components.schemas as Json;
    expect(Object.keys(schemas).sort()).toEqual(["AInput", "AOutput", "BInput", "BInput2", "BInput3", "BOutput", "ErrorResponse", "ErrorResponse2"].sort());
    expect(schemas.AInput.properties.x.allOf[0].$ref).toBe("#/components/schemas/BInput2");
    expect(schemas.BInput.properties.x.allOf[0].$ref).toBe("#/components/schemas/BInput3");
    expect(schemas.AOutput.properties.x.allOf[0].$ref).toBe("#/components/schemas/ErrorResponse2");
    expect(schemas.ErrorResponse.required).toEqual(["error", "message"]);
  });

  test("OpenAPI 3.0 input (nullable, boolean exclusiveMinimum) is kept as it is", () => {
    const s = single({ type: "object", properties: { n: { type: "number", minimum: 1, exclusiveMinimum: true, nullable: true, description: "N." } } });
    expect(s.TInput.properties.n).toEqual({ type: "number", nullable: true, description: "N.", minimum: 1, exclusiveMinimum: true });
  });

  test("a schema that cannot be published stops the server at startup, naming the tool", async () => {
    const external = defineTool({ name: "Ext", description: "d", input: { $ref: "https://example.com/x.json" }, output: { type: "object" }, run: () => ({}) });
    await expect(serveTools([external], { namespace: "N", version: "1" })).rejects.toThrow(/tool Ext: the input schema/);
    expect(() => buildDescription([external], { namespace: "N", version: "1", serverUrl: URL_ })).toThrow(/tool Ext: .*not local/);
  });
});
