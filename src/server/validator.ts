/**
 * One validator per schema, compiled once when the server starts, never per request.
 *
 * zod schemas are validated by zod (`safeParse`), so `run` receives exactly `z.output`: defaults
 * filled, transforms and refinements applied, unknown keys stripped. ajv compiled from
 * `z.toJSONSchema` is faster per call (bench/server-validators.mjs: 3x on a one-field input,
 * 14x on a nested one), but it would silently skip refinements and transforms, and the whole
 * validation is under 2% of a request either way (bench/server.mjs). Plain JSON Schemas are
 * compiled by ajv (draft 2020-12 class, no type coercion: `{ word: 2 }` is refused, not read as
 * "2"). Both report issues as `{ path, message }` with a JSON Pointer path naming the field.
 */
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import { isZodSchema, type SchemaInput } from "./define-tool.js";
import type { SchemaRole } from "./schema-source.js";
import { toDraft2020 } from "./validation-dialect.js";

export interface ValidationIssue {
  /** JSON Pointer into the validated value (`""` is the value itself). */
  readonly path: string;
  readonly message: string;
}

export type ValidationResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly issues: readonly ValidationIssue[] };
export type Validator = (value: unknown) => ValidationResult;

/** At most this many issues are reported: enough to fix a call, bounded for a hostile one. */
const MAX_ISSUES = 20;

// Inputs get the schema's defaults filled in (as zod does); outputs are only checked, never
// changed, so what a client receives does not depend on whether output validation is on.
const ajvFor: Record<SchemaRole, Ajv2020> = {
  input: new Ajv2020({ allErrors: true, strict: false, useDefaults: true, coerceTypes: false, validateFormats: false }),
  output: new Ajv2020({ allErrors: true, strict: false, useDefaults: false, coerceTypes: false, validateFormats: false }),
};

/** Throws a TypeError when a JSON Schema cannot be compiled, so a bad schema stops the server at startup. */
export function compileValidator(schema: SchemaInput, role: SchemaRole): Validator {
  if (isZodSchema(schema)) {
    return (value) => {
      const result = schema.safeParse(value);
      if (result.success) return { ok: true, value: role === "input" ? result.data : value };
      return { ok: false, issues: result.error.issues.slice(0, MAX_ISSUES).flatMap(zodIssues) };
    };
  }
  let validate: ReturnType<Ajv2020["compile"]>;
  try {
    validate = ajvFor[role].compile(toDraft2020(schema) as object);
  } catch (error) {
    throw new TypeError(`the ${role} schema is not valid JSON Schema: ${(error as Error).message}`);
  }
  return (value) => {
    if (validate(value)) return { ok: true, value };
    return { ok: false, issues: (validate.errors ?? []).slice(0, MAX_ISSUES).map(ajvIssue) };
  };
}

interface ZodIssueLike {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly keys?: readonly string[];
}

function zodIssues(issue: ZodIssueLike): ValidationIssue[] {
  // A strict object names its unknown keys in `keys`, with the object itself as the path.
  if (issue.code === "unrecognized_keys" && issue.keys) {
    return issue.keys.map((key) => ({ path: toPointer([...issue.path, key]), message: "is not allowed" }));
  }
  return [{ path: toPointer(issue.path), message: issue.message }];
}

function ajvIssue(error: ErrorObject): ValidationIssue {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  if (error.keyword === "required" && params.missingProperty !== undefined) {
    return { path: `${error.instancePath}/${escape(params.missingProperty)}`, message: "is required" };
  }
  if (error.keyword === "additionalProperties" && params.additionalProperty !== undefined) {
    return { path: `${error.instancePath}/${escape(params.additionalProperty)}`, message: "is not allowed" };
  }
  return { path: error.instancePath, message: error.message ?? "is invalid" };
}

function toPointer(path: readonly PropertyKey[]): string {
  return path.map((segment) => `/${escape(String(segment))}`).join("");
}

function escape(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}
