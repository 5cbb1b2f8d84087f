import type { JsonSchema } from "../../runtime/validation/json-schema.js";

/** A tool schema under construction: the readonly JsonSchema, writable. */
export type Draft = { -readonly [K in keyof JsonSchema]: JsonSchema[K] };
