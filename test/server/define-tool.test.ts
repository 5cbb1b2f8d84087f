/**
 * What the type checker sees of `defineTool` (checked by `npm run typecheck`, tsconfig.test.json;
 * at run time these assertions are no-ops): run's input and result types follow the schemas.
 */
import { describe, expectTypeOf, test } from "vitest";
import { z } from "zod";
import { defineTool, jsonSchema } from "../../src/server/index.js";

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
    expectTypeOf(tool.run).returns.toEqualTypeOf<{ ok: boolean } | Promise<{ ok: boolean }>>();
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
    expectTypeOf(tool.run).returns.toEqualTypeOf<{ n: number } | Promise<{ n: number }>>();
  });
});
