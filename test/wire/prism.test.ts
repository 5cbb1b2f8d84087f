/**
 * Wire correctness against a validating mock: every operation of real descriptions is called
 * through the generated client (`--emit js`, imported as a user would) against Stoplight Prism
 * (`prism mock --errors`), which checks each request against the description: path, query,
 * header and cookie parameters, Content-Type and body, Accept, security. Inputs are built from
 * each tool's `parameters` schema (the same one a language model is given) with a seeded
 * generator, so the run is deterministic.
 *
 * Every rejection must be on the list below with the reason it is the description's fault; a
 * rejection caused by toolgen fails the test, and so does a listed one that no longer happens.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { loadDescription } from "../../src/load/load-description.js";
import { buildModel } from "../../src/model/build-model.js";
import { isObject } from "../../src/model/local-ref.js";
import { convertSchema } from "../../src/model/tool-schema/convert.js";
import { buildToolDescriptors, PARAMETERS_BUDGET } from "../../src/model/tool-schema/tool-descriptors.js";
import type { OperationModel, ToolkitModel } from "../../src/model/toolkit-model.js";
import { FILE_ID_PATTERN } from "../../src/runtime/files/file-id.js";
import type { JsonSchema } from "../../src/runtime/validation/json-schema.js";
import { validateValue } from "../../src/runtime/validation/validate.js";
import { CORPUS, freshOutputDir } from "../support/output-dir.js";
import { startPrism, type PrismMock } from "./prism-mock.js";
import { sampleValue, seededRandom, type Filling } from "./sample-value.js";

interface Target {
  readonly name: string;
  readonly file: string;
  readonly heapMb?: number;
  /**
   * Rejections that are the description's fault (or, where said, Prism's): why, and what Prism's
   * answer shows; any other rejection of a listed operation still fails the test.
   */
  readonly known: Readonly<Record<string, Known>>;
}

interface Known {
  readonly why: string;
  readonly shows: RegExp;
}

const TARGETS: readonly Target[] = [
  { name: "petstore", file: "petstore-3.0.yaml", known: {} },
  {
    name: "heyapi-full",
    file: "heyapi-full-3.0/full.yaml",
    known: {
      GetCallWithOptionalParam: {
        why: "declares a required request body on GET: HTTP gives it no meaning and fetch cannot send one, so toolgen leaves it out (docs/generated-module.md) and Prism misses it",
        shows: /Body parameter is required/,
      },
      UploadFile: {
        why: "an application/x-www-form-urlencoded body whose schema is a string: a form body is name=value pairs of an object (§4.7.14), Prism parses it into one",
        shows: /Request body must be string/,
      },
      putWithFormUrlEncoded: {
        why: "an application/x-www-form-urlencoded body whose schema is an array: the same, a form body cannot be an array",
        shows: /Request body must be array/,
      },
      ComplexParams: {
        why: "`parameters` is a oneOf of four open objects without required properties: any object matches several of them (only a contrived one such as `{ prop: 1 }` matches exactly one), so `exactly one` fails",
        shows: /must match exactly one schema in oneOf/,
      },
      CallWithWeirdParameterNames: {
        why: "path parameters named with dots (`{parameter.path.1}`) and declared `required: false` (path parameters must be required, §4.7.12.1); Prism 5.9 routes no template with a dotted name (checked on a two-line description)",
        shows: /NO_PATH_MATCHED_ERROR/,
      },
      "nonAsciiæøåÆØÅöôêÊ字符串": {
        why: "a required query parameter with a non-ASCII name: toolgen percent-encodes it (RFC 3986, and fetch would anyway), Prism 5.9 only matches the raw UTF-8 name",
        shows: /must have required property 'nonasciiparam%c3/,
      },
      import: {
        why: "a oneOf of ModelWithReadOnlyAndWriteOnly (requires readOnly `bar`) and ModelWithArrayReadOnlyAndWriteOnly: a required readOnly property is required in responses only (OpenAPI 3.0 Schema Object, readOnly), so toolgen does not ask for it, Prism 5.9 still requires it in the request",
        shows: /required property 'bar'/,
      },
      "api-v{api-version}-simple:operation": {
        why: "declares a path parameter `foo_param` that its path template `/api/v{api-version}/simple:operation` does not contain",
        shows: /required property 'foo_param'/,
      },
      CollectionFormat: {
        why: "five required query arrays typed `nullable: true`: one item (`a=x`, the minimal input) is refused by Prism 5.9, which coerces a lone value into an array only for a plain `type: array` (checked on a two-line description); two items pass",
        shows: /^\(minimal\) .*must be array,null/,
      },
    },
  },
  { name: "clerk", file: "clerk-2025-11-10.yaml", known: {} },
  { name: "opencode", file: "opencode.yaml", known: {} },
  {
    name: "openai",
    file: "openai.yaml",
    heapMb: 3072,
    known: {
      createFile: {
        why: "Prism's limit, not the description's: the multipart part `expires_after` is an object, sent as JSON (OpenAPI 3.0's default for object parts); Prism 5.9 accepts no object part in any form (JSON text, an application/json part, bracket fields; checked with curl on a small description)",
        shows: /^\(full\) .*Request body property expires_after must be object/,
      },
    },
  },
  { name: "ots-simple", file: "ots-simple-example-3.1.yaml", known: {} },
  { name: "odata", file: "odata-sdk-method-class-conflict.yaml", known: {} },
  {
    name: "digital-ocean",
    file: "digital-ocean-api/DigitalOcean-public.v2.yaml",
    heapMb: 3072,
    known: {
      uptime_create_check: {
        why: "the body requires a property `method` that its schema (check_updatable) never defines, so no tool schema can ask for it",
        shows: /required property 'method'/,
      },
      dropletActions_post_byTag: {
        why: "the body is a oneOf of two open objects where the second only adds an optional `name`: every value of the first matches both, so `exactly one` fails",
        shows: /must match exactly one schema in oneOf/,
      },
    },
  },
];

interface Outcome {
  readonly toolId: string;
  readonly status?: number;
  /** The codes of Prism's request violations (401 for missing or misplaced credentials). */
  readonly violationCodes?: readonly unknown[];
  readonly detail: string;
}

describe.each(TARGETS)("$name: every operation through the generated client against Prism", (target) => {
  let model: ToolkitModel;
  let prism: PrismMock;
  let gen: any;

  beforeAll(async () => {
    const file = join(CORPUS, "specs", target.file);
    model = buildModel(await loadDescription(file));
    const out = freshOutputDir(`prism-${target.name}`);
    const quiet = { stdout: () => {}, stderr: () => {}, exitCode: () => {} };
    // Formatting changes no request; prettier on these outputs took a tenth of the file's time.
    expect(await main([file, "--out", out, "--emit", "js", "--no-format"], quiet)).toBe(0);
    gen = await import(pathToFileURL(join(out, "index.js")).href);
    prism = await startPrism(model.document, target.heapMb !== undefined ? { heapMb: target.heapMb } : {});
  });
  afterAll(async () => {
    await prism?.close();
  });

  test("no rejection that is toolgen's fault, and every listed one still happens", async () => {
    const { tools } = buildToolDescriptors(model);
    const random = seededRandom(20240506);
    const rejected: Outcome[] = [];
    let calls = 0;
    for (const [index, op] of model.operations.entries()) {
      // Every property filled (optional parameters and fields on the wire too), then only the
      // required ones (a `required` the tool schema lost shows as a 422 here).
      for (const filling of ["full", "minimal"] as const) {
        const input = inputFor(model, op, tools[index]!.parameters, random, filling);
        const outcome = await call(gen, op, input, prism.url, credentials(model));
        calls++;
        if (outcome) rejected.push({ ...outcome, detail: `(${filling}) ${outcome.detail}` });
      }
    }
    const unexpected = rejected.filter((r) => !Object.hasOwn(target.known, r.toolId) || !target.known[r.toolId]!.shows.test(r.detail));
    const stale = Object.keys(target.known).filter((id) => !rejected.some((r) => r.toolId === id));
    expect(unexpected.map((r) => `${r.toolId}: ${r.status ?? "-"} ${r.detail}`)).toEqual([]);
    expect(stale).toEqual([]);
    expect(calls).toBe(model.operations.length * 2);
  });

  test("the harness can fail: Prism refuses a spoiled input, and an Accept it cannot satisfy", async () => {
    const { tools } = buildToolDescriptors(model);
    let checked: string | undefined;
    for (const [index, op] of model.operations.entries()) {
      if (Object.hasOwn(target.known, op.toolId)) continue;
      const input = inputFor(model, op, tools[index]!.parameters, seededRandom(1), "minimal");
      const spoiled = spoil(model, op, tools[index]!.parameters, input);
      if (spoiled === undefined) continue;
      const refused = await call(gen, op, input, prism.url, credentials(model));
      expect(refused, `${op.toolId} with ${spoiled}`).toBeDefined();
      checked = `${op.toolId} with ${spoiled}`;
      break;
    }
    expect(checked, "an operation whose input can be spoiled").toBeDefined();
    const index = model.operations.findIndex((o) => o.success.some((r) => r.mediaTypes.length > 0) && !Object.hasOwn(target.known, o.toolId));
    const op = model.operations[index]!;
    const refused = await call(gen, op, inputFor(model, op, tools[index]!.parameters, seededRandom(2), "full"), prism.url, credentials(model), {
      accept: "application/x-toolgen-nothing",
    });
    expect(refused?.status, `${op.toolId} with an Accept nothing matches`).toBe(406);
    // Security is checked too: an operation that needs credentials, called with none, is refused.
    // Prism answers 401 itself or, where the operation declares its own error answer, that answer
    // with the security violation (code 401) named in sl-violations.
    const securedAt = model.operations.findIndex((o) => o.security.length > 0 && o.security.every((a) => a.length > 0) && !Object.hasOwn(target.known, o.toolId));
    if (securedAt >= 0) {
      const secured = model.operations[securedAt]!;
      const anonymous = await call(gen, secured, inputFor(model, secured, tools[securedAt]!.parameters, seededRandom(3), "full"), prism.url, {});
      const refusedForSecurity = anonymous?.status === 401 || (anonymous?.violationCodes ?? []).includes(401);
      expect(refusedForSecurity, `${secured.toolId} without credentials: ${JSON.stringify(anonymous)}`).toBe(true);
    }
  });
});

/**
 * Makes a valid input invalid in a way the runtime lets through (Prism must catch it): a required
 * JSON body field removed, else a number, boolean or enum parameter given a word. Says what was done.
 */
function spoil(model: ToolkitModel, op: OperationModel, parameters: JsonSchema, input: Record<string, unknown>): string | undefined {
  const field = dropRequiredBodyField(op, parameters, input);
  if (field !== undefined) return `no ${field}`;
  for (const p of op.parameters) {
    if (p.in !== "query" && p.in !== "path") continue;
    const schema = convertSchema(p.schema, { document: model.document, direction: "request", budget: PARAMETERS_BUDGET });
    if (schema.enum === undefined && !["integer", "number", "boolean"].includes(String(schema.type))) continue;
    input[p.key] = "toolgen-not-valid";
    return `${p.in} parameter ${p.key} = "toolgen-not-valid"`;
  }
  return undefined;
}

function dropRequiredBodyField(op: OperationModel, parameters: JsonSchema, input: Record<string, unknown>): string | undefined {
  const body = op.body;
  if (!body || body.encoding !== "json") return undefined;
  if (body.key === null) {
    const field = (parameters.required ?? []).find((name) => body.propertyNames.includes(name));
    if (field !== undefined) delete input[field];
    return field;
  }
  const schema = parameters.properties?.[body.key];
  const value = input[body.key];
  const field = schema?.required?.[0];
  if (field === undefined || !isObject(value)) return undefined;
  delete value[field];
  return `${body.key}.${field}`;
}

/** The flat input: the tool's `parameters` sample plus the header and cookie parameters the app supplies. */
function inputFor(model: ToolkitModel, op: OperationModel, parameters: JsonSchema, random: () => number, filling: Filling): Record<string, unknown> {
  const input = sampleValue(parameters, random, filling) as Record<string, unknown>;
  const problems = validateValue(parameters, input);
  if (problems.length > 0) throw new Error(`${op.toolId}: the sampled input is invalid: ${JSON.stringify(problems)}`);
  fileContentForIds(parameters, input);
  for (const p of op.parameters) {
    if ((p.in !== "header" && p.in !== "cookie") || Object.hasOwn(input, p.key) || (filling === "minimal" && !p.required)) continue;
    const schema = convertSchema(p.schema, { document: model.document, direction: "request", budget: PARAMETERS_BUDGET });
    input[p.key] = sampleValue(schema, random, filling);
  }
  return input;
}

/**
 * A model passes a file field (`format: byte` or `binary`) as a file id, which is what
 * `parameters` describes and the sample holds; an app calling the generated function passes the
 * content instead, and that is what goes to Prism. The content is base64 text with no reserved
 * characters, valid for both formats.
 */
function fileContentForIds(schema: JsonSchema, value: unknown): void {
  if (!isObject(value)) return;
  const properties = (schema as { properties?: Record<string, JsonSchema> }).properties ?? {};
  for (const [key, property] of Object.entries(properties)) {
    const inner = value[key];
    if ((property as { pattern?: string }).pattern === FILE_ID_PATTERN && typeof inner === "string") value[key] = FILE_CONTENT;
    else if (Array.isArray(inner)) {
      const items = (property as { items?: JsonSchema }).items;
      inner.forEach((item, index) => {
        if ((items as { pattern?: string } | undefined)?.pattern === FILE_ID_PATTERN && typeof item === "string") inner[index] = FILE_CONTENT;
        else if (items !== undefined) fileContentForIds(items, item);
      });
    } else fileContentForIds(property, inner);
  }
}
const FILE_CONTENT = "aGVsbG8gd29ybGQh"; // "hello world!"

/**
 * A dummy credential for every security scheme the description declares, given as a user would
 * (`configure({ auth })`): the runtime picks each operation's alternative and puts the credential
 * where its scheme says (header, query, cookie, Authorization). Prism checks presence and place.
 */
function credentials(model: ToolkitModel): Record<string, unknown> {
  const auth: Record<string, unknown> = {};
  for (const [name, scheme] of Object.entries(model.securitySchemes)) {
    auth[name] = scheme.type === "http" && scheme.scheme.toLowerCase() === "basic" ? { username: "user", password: "pass" } : "dummy-credential";
  }
  return auth;
}

async function call(
  gen: any,
  op: OperationModel,
  input: Record<string, unknown>,
  baseUrl: string,
  auth: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Outcome | undefined> {
  const fn = gen[op.functionName] as (...args: unknown[]) => Promise<unknown>;
  // Where a description declares its own error answer (`default`, 400, 422), Prism answers with
  // that and names the violations only in this header; it is read from every answer.
  let violations: unknown[] = [];
  const recording: typeof fetch = async (url, init) => {
    const response = await fetch(url, init);
    const header = response.headers.get("sl-violations");
    violations = header ? (JSON.parse(header) as unknown[]) : [];
    return response;
  };
  // Prism answers with what the operation declares, 5xx included: a retry would only send the same request again.
  const options = { baseUrl, headers, auth, timeoutMs: 30_000, fetch: recording, retry: { retries: 0 } };
  let failure: { code?: string; status?: number; body?: unknown; message: string } | undefined;
  try {
    await (op.inputless ? fn(options) : fn(input, options));
  } catch (error) {
    failure = error as NonNullable<typeof failure>;
  }
  const requestErrors = violations.filter((v): v is Record<string, unknown> => isObject(v) && v.severity === "Error" && Array.isArray(v.location) && v.location[0] === "request");
  if (requestErrors.length > 0) {
    const status = failure?.status !== undefined ? { status: failure.status } : {};
    return { toolId: op.toolId, ...status, violationCodes: requestErrors.map((v) => v.code), detail: `sl-violations ${JSON.stringify(requestErrors).slice(0, 600)}` };
  }
  if (!failure) return undefined;
  // An answer with a status the operation declares (some declare no 2xx at all) is Prism's mock
  // answering a request it accepted; its own rejections carry a problem type of its own.
  if (failure.code === "HTTP_STATUS" && !isPrismProblem(failure.body)) return undefined;
  const detail = failure.body !== undefined ? JSON.stringify(failure.body).slice(0, 600) : failure.message;
  return { toolId: op.toolId, ...(failure.status !== undefined ? { status: failure.status } : {}), detail: `${failure.code ?? "thrown"} ${detail}` };
}

/**
 * A rejection of the request by Prism. Not one: its mock failing to produce an answer for a
 * request it accepted (no response it can build, or its own answer failing the response side,
 * whose schemas were removed here).
 */
function isPrismProblem(body: unknown): boolean {
  if (!isObject(body) || typeof body.type !== "string" || !body.type.startsWith("https://stoplight.io/prism/errors#")) return false;
  if (body.type.endsWith("#NO_RESPONSE_RESPONSE_DEFINED")) return false;
  // Validation and Accept negotiation passed, then Prism had no way to write the body (audio/*, multipart/mixed).
  if (body.type.endsWith("#UNKNOWN") && String(body.title).startsWith("Cannot find serializer")) return false;
  const validation = Array.isArray(body.validation) ? body.validation.filter(isObject) : [];
  if (body.type.endsWith("#VIOLATIONS") && validation.every((v) => Array.isArray(v.location) && v.location[0] === "response")) return false;
  return true;
}
