/** `#/components/schemas/<name>` references: reading the name, and choosing a free one. */
import { decodePointer, encodePointerSegment } from "../../load/json-pointer.js";

type Json = Record<string, unknown>;

export const SCHEMA_PREFIX = "#/components/schemas/";

export function componentSchemaRef(name: string): string {
  return SCHEMA_PREFIX + encodePointerSegment(name);
}

/** The component name a `$ref` names directly, or undefined for any other reference. */
export function componentSchemaName(ref: unknown): string | undefined {
  if (typeof ref !== "string" || !ref.startsWith(SCHEMA_PREFIX)) return undefined;
  const segments = decodePointer(ref.slice(1));
  return segments.length === 3 ? segments[2] : undefined;
}

/** `base`, or `base_2`, `base_3` … whichever `schemas` does not hold yet. */
export function freeComponentName(schemas: Json, base: string): string {
  if (!Object.hasOwn(schemas, base)) return base;
  for (let n = 2; ; n++) if (!Object.hasOwn(schemas, `${base}_${n}`)) return `${base}_${n}`;
}
