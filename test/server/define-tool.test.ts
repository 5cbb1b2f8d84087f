/**
 * What the type checker sees of `defineTool` (checked by `npm run typecheck`, tsconfig.test.json;
 * at run time these assertions are no-ops): run's input and result types follow the schemas, and
 * so does what a streaming tool's generator yields.
 */
import { Readable } from "node:stream";
import { describe, expect, expectTypeOf, test } from "vitest";
import { z } from "zod";
import { defineTool, isStreamingTool, jsonSchema, type ToolResult } from "../../src/server/index.js";

describe("run is typed from the schemas", () => {
  test("zod: input is z.output (defaults filled), the result must match z.output of the output schema", () => {
    const tool = defineTool({
      name: "T",
      description: "d",
      input: z.object({ a: z.string(), n: z.int().default(1), o: z.boolean().optional() }),
      output: z.object({ ok: z.boolean() }),
      examples: [{ user: "u", arguments: { a: "x" } }], // z.input: `n` may be left out
      run: (input) => {
        expectTypeOf(input).toEqualTypeOf<{ a: string; n: number; o?: boolean | undefined }>();
        return { ok: true };
      },
    });
    expectTypeOf(tool.run).returns.toEqualTypeOf<ToolResult<{ ok: boolean }>>();
    defineTool({
      name: "Wrong",
      description: "d",
      input: z.object({ a: z.string() }),
      output: z.object({ ok: z.boolean() }),
      // @ts-expect-error the result must match the output schema
      run: () => ({ ok: "yes" }),
    });
    defineTool({
      name: "WrongExample",
      description: "d",
      input: z.object({ a: z.string() }),
      output: z.object({ ok: z.boolean() }),
      // @ts-expect-error example arguments are checked against the input type
      examples: [{ user: "u", arguments: { a: 1 } }],
      run: () => ({ ok: true }),
    });
  });

  test("JSON Schema: typed through jsonSchema<T>, or through run's parameter annotation, else unknown", () => {
    defineTool({
      name: "J",
      description: "d",
      input: jsonSchema<{ celsius: number }>({ type: "object" }),
      output: jsonSchema<{ f: number }>({ type: "object" }),
      run: (input) => {
        expectTypeOf(input).toEqualTypeOf<{ celsius: number }>();
        return { f: input.celsius * 1.8 + 32 };
      },
    });
    defineTool({
      name: "Annotated",
      description: "d",
      input: { type: "object" },
      output: { type: "object" },
      run: (input: { name: string }) => ({ text: input.name }),
    });
    defineTool({
      name: "Plain",
      description: "d",
      input: { type: "object" },
      output: { type: "object" },
      run: (input) => {
        expectTypeOf(input).toBeUnknown();
        return {};
      },
    });
  });

  test("no input: run takes nothing", () => {
    const tool = defineTool({ name: "N", description: "d", output: z.object({ n: z.int() }), run: () => ({ n: 1 }) });
    expectTypeOf(tool.run).returns.toEqualTypeOf<ToolResult<{ n: number }>>();
  });
});

describe("a streaming tool's yields are typed as its output", () => {
  test("zod: the generator gets z.output of the input and must yield z.output of the output", () => {
    const tool = defineTool({
      name: "Stream",
      description: "d",
      input: z.object({ n: z.int().default(2) }),
      output: z.object({ i: z.int() }),
      run: async function* (input) {
        expectTypeOf(input).toEqualTypeOf<{ n: number }>();
        for (let i = 0; i < input.n; i++) yield { i };
      },
    });
    expectTypeOf(tool.run).returns.toEqualTypeOf<ToolResult<{ i: number }>>();
    defineTool({
      name: "WrongYield",
      description: "d",
      output: z.object({ i: z.int() }),
      // @ts-expect-error every yield must match the output schema (reported on run, not on the yield)
      run: async function* () {
        yield { i: 1 };
        yield { i: "two" };
      },
    });
    defineTool({
      name: "MissingField",
      description: "d",
      output: z.object({ i: z.int(), text: z.string() }),
      // @ts-expect-error a yield without a required field
      run: async function* () {
        yield { i: 1 };
      },
    });
  });

  test("JSON Schema: jsonSchema<T> types the yields; untyped, the item type is what is yielded, not the generator", () => {
    defineTool({
      name: "Typed",
      description: "d",
      output: jsonSchema<{ f: number }>({ type: "object" }),
      // @ts-expect-error yields are checked against jsonSchema<T>
      run: async function* () {
        yield { f: "hot" };
      },
    });
    const untyped = defineTool({
      name: "Untyped",
      description: "d",
      input: { type: "object" },
      output: { type: "object" },
      run: async function* (input: { a: string }) {
        yield { text: input.a };
      },
    });
    expectTypeOf(untyped.run).returns.toEqualTypeOf<ToolResult<{ text: string }>>();
  });

  test("a plain function returning an async iterable is accepted, and is published as a stream with stream: true", () => {
    const items = defineTool({
      name: "Items",
      description: "d",
      output: z.object({ word: z.string() }),
      stream: true,
      run: () => Readable.from([{ word: "a" }]),
    });
    expect(isStreamingTool(items)).toBe(true);
    const generator = defineTool({ name: "Gen", description: "d", output: z.object({}), run: async function* () {} });
    expect(isStreamingTool(generator)).toBe(true);
    expect(isStreamingTool(defineTool({ name: "P", description: "d", output: z.object({}), run: () => ({}) }))).toBe(false);
    expect(isStreamingTool(defineTool({ name: "Q", description: "d", output: z.object({}), run: () => generator.run({}) }))).toBe(false);
    expect(() => defineTool({ name: "S", description: "d", output: z.object({}), run: () => ({}), stream: "yes" as unknown as boolean })).toThrow(/stream must be true or false/);
  });
});
