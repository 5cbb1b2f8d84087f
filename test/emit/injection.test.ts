/**
 * Nothing from a description is ever executed: descriptions whose every key and value the
 * generator reads (titles, versions, summaries, descriptions, operationIds, tags, parameter,
 * header, cookie and property names, media types, status codes, response headers, enum values,
 * titles, formats, defaults, examples and examples.yaml, `x-` extensions, server URLs and
 * variables, security scheme and schema names) carry comment terminators, `*\/*` media types,
 * quotes, backticks, `${}`, line and paragraph separators, `</script>`, compiler directives,
 * Object.prototype names, reserved words and non-ASCII still generate with prettier on, compile
 * under tsc --strict, and importing the generated code runs none of it (each payload would set a
 * global if it ran).
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
  "@ts-expect-error",
  "x\u2028@ts-expect-error",
  "// @ts-nocheck",
  '/// <reference path="../../../etc/passwd" />',
  "*/*",
  "*",
  "/",
  "valueOf",
  "toString",
  "hasOwnProperty",
  "readonly",
  "new",
  // openapi-typescript re-parses its node names with decodeURIComponent (URIError: exit 3).
  "50%",
  "%zz",
  "",
];

const text = fc.oneof(fc.constantFrom(...PAYLOADS), fc.string({ unit: "grapheme", maxLength: 12 }), fc.constantFrom(...PAYLOADS).map((p) => `x${p}y`));
/** A name that must not be empty (parameter names): the fallback when it is. */
const named = (fallback: string) => text.map((t) => t || fallback);

/** Media types as real descriptions write them, with comment terminators and payloads mixed in. */
const mediaType = fc.oneof(
  fc.constantFrom("application/json", "*/*", "application/*+json", "text/*", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "application/octet-stream", "application/vnd.a*/b+json", 'application/json; charset="*/"'),
  text.map((t) => `application/${t}+json`),
  text.map((t) => `${t}/${t}`),
);
/** Success statuses (the result type indexes them) and anything else a description may key. */
const status = fc.oneof(fc.constantFrom("200", "201", "2XX", "2xx", "default", "204"), text.filter((t) => t !== "" && !t.startsWith("x-")));

const operation = fc.record({
  id: text,
  summary: text,
  description: text,
  tag: text,
  prop: text,
  enumValue: text,
  param: named("q"),
  header: named("X-H"),
  cookie: named("c"),
  example: text,
  title: text,
  format: text,
  default: text,
  extension: text,
  requestMedia: mediaType,
  responseMedia: mediaType,
  status,
  otherStatus: status,
  responseHeader: named("X-R"),
});

const description = fc.record({
  title: text,
  version: text,
  info: text,
  serverVariable: named("v"),
  serverDefault: text,
  schemaName: named("S"),
  securityScheme: named("key"),
  thoughts: text,
  ops: fc.array(operation, { minLength: 1, maxLength: 4 }),
});

type Description = typeof description extends fc.Arbitrary<infer T> ? T : never;

/** A `$ref` to a component schema: JSON-pointer escaped, then percent-encoded as a URI fragment. */
function schemaRef(name: string): string {
  return `#/components/schemas/${encodeURIComponent(name.replaceAll("~", "~0").replaceAll("/", "~1"))}`;
}

function toDocument(d: Description) {
  const paths: Record<string, unknown> = {};
  d.ops.forEach((op, i) => {
    const property = {
      type: "string",
      title: op.title,
      description: op.summary,
      format: op.format,
      default: op.default,
      example: op.example,
      enum: [op.enumValue || "v", op.default],
      [`x-${op.extension}`]: op.extension,
    };
    paths[`/op${i}/{p}`] = {
      [`x-${op.extension}`]: { [op.extension]: op.description },
      post: {
        operationId: op.id || undefined,
        summary: op.summary,
        description: op.description,
        tags: [op.tag],
        [`x-${op.extension}`]: op.summary,
        parameters: [
          { name: "p", in: "path", required: true, description: op.description, schema: { type: "string" } },
          { name: op.param, in: "query", description: op.summary, schema: { type: "string", enum: [op.enumValue || "v"], title: op.title } },
          { name: op.header, in: "header", description: op.description, schema: { type: "string", default: op.default } },
          { name: op.cookie, in: "cookie", schema: { type: "string", format: op.format } },
        ],
        requestBody: {
          required: true,
          description: op.description,
          content: {
            [op.requestMedia]: {
              schema: {
                type: "object",
                title: op.title,
                description: op.description,
                properties: {
                  [op.prop || "p2"]: property,
                  [`fixed${i}`]: { type: "string", "x-ebagent-fixed-value": op.example },
                  ref: { $ref: schemaRef(d.schemaName) },
                },
              },
              example: { [op.prop]: op.example },
            },
          },
        },
        responses: {
          [op.status]: {
            description: op.description,
            headers: { [op.responseHeader]: { description: op.summary, schema: { type: "string" } } },
            content: {
              [op.responseMedia]: {
                schema: { type: "object", title: op.title, "x-ebagent-prompt": op.summary, properties: { [op.prop || "p2"]: property } },
                examples: { [op.extension || "e"]: { summary: op.summary, value: op.example } },
              },
            },
          },
          [op.otherStatus]: { description: op.summary },
        },
      },
    };
  });
  return {
    openapi: "3.0.3",
    info: { title: d.title || "T", version: d.version || "1", description: d.info, [`x-${d.info}`]: d.info },
    servers: [
      {
        url: `http://127.0.0.1:1/{${d.serverVariable}}/${encodeURIComponent(d.info)}`,
        description: d.info,
        variables: { [d.serverVariable]: { default: d.serverDefault, enum: [d.serverDefault, d.info], description: d.info } },
      },
    ],
    tags: d.ops.map((op) => ({ name: op.tag, description: op.description })),
    security: [{ [d.securityScheme]: [] }],
    components: {
      securitySchemes: { [d.securityScheme]: { type: "apiKey", in: "header", name: d.ops[0]!.header, description: d.info } },
      schemas: { [d.schemaName]: { type: "object", title: d.title, description: d.info, properties: { [d.schemaName]: { type: "string", enum: [d.thoughts] } } } },
    },
    paths,
  };
}

/** examples.yaml beside the description: every operation called once, with hostile text. */
function toExamples(d: Description) {
  const withIds = d.ops.filter((op) => op.id);
  return {
    examples: [
      ...withIds.map((op) => ({
        context: [
          { role: "user", content: op.summary || "u" },
          { role: "bot", plugin: { operationId: op.id, thoughts: d.thoughts, requestArguments: { [op.prop || "p2"]: op.example, p: d.thoughts } } },
        ],
      })),
      { context: [{ role: "user", content: d.thoughts || "u" }, { role: "bot", plugin: { thoughts: d.info } }] },
    ],
  };
}

/**
 * Run first, before the random descriptions: one operation per payload with it in every field, and
 * all payloads together in the document-level fields.
 */
const EVERY_PAYLOAD: [Description] = [
  {
    ...Object.fromEntries(["title", "version", "info", "serverVariable", "serverDefault", "schemaName", "securityScheme", "thoughts"].map((k) => [k, PAYLOADS.join(" ")])),
    ops: PAYLOADS.map((p) => ({
      id: p, summary: p, description: p, tag: p, prop: p, enumValue: p, param: p || "q", header: p || "X-H", cookie: p || "c", example: p, title: p,
      format: p, default: p, extension: p, requestMedia: `application/${p}+json`, responseMedia: p.includes("/") ? p : "*/*", status: "2XX",
      otherStatus: p || "default", responseHeader: p || "X-R",
    })),
  } as Description,
];

test("hostile text in every field: output compiles, prettier formats it, and importing it executes nothing", async () => {
  let run = 0;
  const quiet = { stdout: () => {}, stderr: () => {}, exitCode: () => {} };
  await fc.assert(
    fc.asyncProperty(description, async (d) => {
      run++;
      const dir = freshOutputDir(`injection/${run}`);
      const spec = join(dir, "openapi.yaml");
      writeFileSync(spec, dump(toDocument(d), { noRefs: true, lineWidth: -1 }));
      writeFileSync(join(dir, "examples.yaml"), dump(toExamples(d), { noRefs: true, lineWidth: -1 }));
      const errors: string[] = [];
      const io = { ...quiet, stderr: (line: string) => void errors.push(line) };
      // Formatting is on (the output is far below the 1 MB limit): prettier must not fail (exit 3).
      expect(await main([spec, "--out", join(dir, "ts"), "-q"], io), errors.join("\n")).toBe(0);
      expect(await typecheck(join(dir, "ts"))).toBe("");
      expect(await main([spec, "--out", join(dir, "js"), "--emit", "js", "-q"], io), errors.join("\n")).toBe(0);
      const g = globalThis as { __pwned?: number };
      delete g.__pwned;
      const mod = await import(pathToFileURL(join(dir, "js", "index.js")).href);
      expect(mod.toolkit.tools.length).toBe(d.ops.length);
      expect(g.__pwned).toBeUndefined();
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }),
    { numRuns: 1 + Number(process.env.FUZZ_RUNS ?? 5), seed: Number(process.env.FUZZ_SEED ?? 20261122), examples: [EVERY_PAYLOAD] },
  );
}, 900_000);
