/**
 * Parameter values checked before anything is sent: a required one that is missing or `null`, a
 * path parameter that is empty (it would change the route: `DELETE /items/` is another request
 * than `DELETE /items/7`), and a value of another shape than the schema declares (an object where
 * a string is declared would go out as `k,v` text). The same rules for every location.
 *
 * Header and cookie parameters may be left out of the input even when required: the app often
 * supplies them through `headers` (they are hidden from language models), so only a `null` or a
 * wrong shape is refused there.
 */
import type { OperationSpec, ParameterSpec, ValueShape } from "./operation.js";
import { ownValue } from "./own-property.js";

/** What is wrong with the call's parameters, or `undefined` when nothing is. */
export function parameterProblem(op: OperationSpec, input: Record<string, unknown>): string | undefined {
  for (const p of op.params) {
    const value = ownValue(input, p.key);
    const required = p.in === "path" || p.required === true;
    if (value === undefined) {
      if (required && (p.in === "path" || p.in === "query" || p.in === "querystring")) return `${where(p)} is required and was not given`;
      continue;
    }
    if (value === null) {
      if (required) return `${where(p)} is required, got null`;
      continue;
    }
    const shape = shapeOfValue(value);
    if (shape === undefined) return `${where(p)} cannot be sent: got ${describeArgument(value)}`;
    if (p.shape !== undefined && !p.json && shape !== p.shape) return `${where(p)} must be ${SHAPE_NAMES[p.shape]}, got ${describeArgument(value)}`;
    if (p.in === "path" && (value === "" || (Array.isArray(value) && value.length === 0))) return `${where(p)} must not be empty (it is part of the path)`;
  }
  return undefined;
}

const SHAPE_NAMES: Readonly<Record<ValueShape, string>> = {
  scalar: "a string, number or boolean",
  array: "an array",
  object: "an object",
};

function where(p: ParameterSpec): string {
  return `${p.in} parameter "${p.key}"`;
}

function shapeOfValue(value: unknown): ValueShape | undefined {
  switch (typeof value) {
    case "string":
    case "boolean":
    case "bigint":
      return "scalar";
    case "number":
      return Number.isFinite(value) ? "scalar" : undefined;
    case "object":
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : "scalar";
      if (Array.isArray(value)) return "array";
      return Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null ? "object" : undefined;
    default:
      return undefined;
  }
}

function describeArgument(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (value instanceof Date) return "an invalid Date";
  if (typeof value === "object" && value !== null) return Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null ? "an object" : `a ${value.constructor?.name ?? "class"} instance`;
  if (typeof value === "number") return String(value);
  return `a ${typeof value}`;
}
