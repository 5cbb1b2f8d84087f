/**
 * Nothing from a description is ever executed: descriptions whose every text field carries comment
 * terminators, quotes, backticks, `${}`, line and paragraph separators, `</script>`, `__proto__`,
 * reserved words and non-ASCII still compile under tsc --strict, and importing the generated code
 * runs none of it (each payload would set a global if it ran).
 */
import fc from "fast-check";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { dump } from "js-yaml";
import { expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { freshOutputDir } from "../support/output-dir.js";
import { typecheck } from "../support/typecheck.js";

const PAYLOADS = [
  "*/ globalThis.__pwned = 1; /*",
  '"); globalThis.__pwned = 1; ("',
  "'); globalThis.__pwned = 1; ('",
  "`; globalThis.__pwned = 1; `",
  "${globalThis.__pwned = 1}",
  "\u2028globalThis.__pwned = 1;\u2029",
  "</script><script>globalThis.__pwned = 1</script>",
  "\\u0022); globalThis.__pwned = 1; //",
  "__proto__",
  "constructor",
  "prototype",
  "delete",
  "import",
  "default",
  "名前",
  "emoji 🚀",
  "a\r\nb",
  "-- @ts-ignore",
  "}; export const x = 1; {",
  "0leading",
  "",
];

const text = fc.oneof(fc.constantFrom(...PAYLOADS), fc.string({ unit: "grapheme", maxLength: 12 }), fc.constantFrom(...PAYLOADS).map((p) => `x${p}y`));

const description = fc.record({
  title: text,
  version: text,
  info: text,
  ops: fc.array(fc.record({ id: text, summary: text, description: text, prop: text, enumValue: text, param: text, example: text }), { minLength: 1, maxLength: 4 }),
});

type Description = typeof description extends fc.Arbitrary<infer T> ? T : never;

function toDocument(d: Description) {
  const paths: Record<string, unknown> = {};
  d.ops.forEach((op, i) => {
    paths[`/op${i}/{p}`] = {
      post: {
        operationId: op.id || undefined,
        summary: op.summary,
        description: op.description,
        parameters: [
          { name: "p", in: "path", required: true, description: op.description, schema: { type: "string" } },
          { name: op.param || "q", in: "query", description: op.summary, schema: { type: "string", enum: [op.enumValue || "v"] } },
        ],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                description: op.description,
                properties: { [op.prop || "p2"]: { type: "string", description: op.summary, example: op.example, enum: [op.enumValue || "v"] } },
              },
            },
          },
        },
        responses: { "200": { description: op.description, content: { "application/json": { schema: { type: "object", properties: { [op.prop || "p2"]: { type: "string" } } } } } } },
      },
    };
  });
  return {
    openapi: "3.0.3",
    info: { title: d.title || "T", version: d.version || "1", description: d.info },
    servers: [{ url: `http://127.0.0.1:1/${encodeURIComponent(d.info)}` }],
    paths,
  };
}

test("hostile text in every field: output compiles and importing it executes nothing", async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(description, async (d) => {
      run++;
      const dir = freshOutputDir(`injection/${run}`);
      const spec = join(dir, "openapi.yaml");
      writeFileSync(spec, dump(toDocument(d), { noRefs: true, lineWidth: -1 }));
      const quiet = { stdout: () => {}, stderr: () => {}, exitCode: () => {} };
      expect(await main([spec, "--out", join(dir, "ts"), "-q"], quiet)).toBe(0);
      expect(await typecheck(join(dir, "ts"))).toBe("");
      expect(await main([spec, "--out", join(dir, "js"), "--emit", "js", "-q"], quiet)).toBe(0);
      const g = globalThis as { __pwned?: number };
      delete g.__pwned;
      const mod = await import(pathToFileURL(join(dir, "js", "index.js")).href);
      expect(mod.toolkit.tools.length).toBe(d.ops.length);
      expect(g.__pwned).toBeUndefined();
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }),
    { numRuns: Number(process.env.FUZZ_RUNS ?? 6), seed: Number(process.env.FUZZ_SEED ?? 20261122) },
  );
}, 600_000);
