/**
 * The parts of openapi-typescript that schema.ts is written with, loaded through `require` from
 * the `.cjs` files the package ships beside its `.mjs` ones: they `require("typescript")`, so the
 * compiler is not lexed for ESM export names (typescript-compiler.ts says why that matters).
 *
 * Each module is required by its own path (the package exports `./*`), not through the index,
 * which also loads @redocly/openapi-core whole for the CLI's parse, lint and bundle that toolgen
 * never calls: it hands the transform a document it has already bundled (about 140 ms).
 * openapi-typescript is pinned to ~7.13 (package.json), so these paths move only when we move
 * it. The types are the package's own.
 */
import { createRequire } from "node:module";
import type * as OpenapiTypescript from "openapi-typescript";
// First: the compiler these modules require is the instance loaded there (through its code cache).
import "./typescript-compiler.js";

const require = createRequire(import.meta.url);

// transform/index.cjs is `module.exports = transformSchema`; the others export named members.
export const transformSchema = require("openapi-typescript/dist/transform/index.cjs") as typeof OpenapiTypescript.transformSchema;

export const { default: transformComponentsObject } = require("openapi-typescript/dist/transform/components-object.cjs") as {
  default: typeof OpenapiTypescript.transformComponentsObject;
};

export const { default: transformSchemaObject } = require("openapi-typescript/dist/transform/schema-object.cjs") as {
  default: typeof OpenapiTypescript.transformSchemaObject;
};

export const { astToString } = require("openapi-typescript/dist/lib/ts.cjs") as Pick<typeof OpenapiTypescript, "astToString">;

export const { resolveRef, scanDiscriminators } = require("openapi-typescript/dist/lib/utils.cjs") as Pick<
  typeof OpenapiTypescript,
  "resolveRef" | "scanDiscriminators"
>;

/**
 * Redocly's `ref-utils` module, the very copy openapi-typescript requires (resolved from its own
 * folder): its `parseRef` reads a pointer exactly as openapi-typescript's `resolveRef` does, and
 * replacing it on this module object replaces it for openapi-typescript (memoized-ref-parsing.ts).
 */
export const refUtils = createRequire(require.resolve("openapi-typescript/dist/lib/utils.cjs"))("@redocly/openapi-core/lib/ref-utils.js") as {
  parseRef(ref: string): { uri: string | null; pointer: string[] };
  escapePointer<T extends string | number>(fragment: T): T extends number ? number : string;
};

export const parseRef = refUtils.parseRef;
