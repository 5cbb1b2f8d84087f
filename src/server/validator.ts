/**
 * One validator per schema, built once when the server starts: zod schemas validate themselves
 * (so transforms and defaults apply and `run` gets exactly `z.output`), JSON Schemas are compiled
 * by ajv. Both report issues as `{ path, message }` with a JSON Pointer path.
 */
import { Ajv, type ErrorObject } from "ajv";
import { isZodSchema, type SchemaInput } from "./define-tool.js";

export interface ValidationIssue {
  /** JSON Pointer into the validated value (`""` is the value itself). */
  readonly path: string;
  readonly message: string;
}

export type ValidationResult = { ok: true; value: unknown } | { ok: false; issues: ValidationIssue[] };
export type Validator = (value: unknown) => ValidationResult;

const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true, coerceTypes: false });

export function compileValidator(schema: SchemaInput | undefined): Validator {
  if (schema === undefined) return (value) => ({ ok: true, value });
  if (isZodSchema(schema)) {
    return (value) => {
      const result = schema.safeParse(value);
      if (result.success) return { ok: true, value: result.data };
      return {
        ok: false,
        issues: result.error.issues.map((issue) => ({ path: toPointer(issue.path), message: issue.message })),
      };
    };
  }
  const validate = ajv.compile(schema);
  return (value) => {
    if (validate(value)) return { ok: true, value };
    return { ok: false, issues: (validate.errors ?? []).map(ajvIssue) };
  };
}

function ajvIssue(error: ErrorObject): ValidationIssue {
  const missing = error.keyword === "required" ? `/${String((error.params as { missingProperty: string }).missingProperty)}` : "";
  return { path: `${error.instancePath}${missing}`, message: missing ? "is required" : (error.message ?? "is invalid") };
}

function toPointer(path: readonly PropertyKey[]): string {
  return path.map((segment) => `/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
}
