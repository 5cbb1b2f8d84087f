/**
 * openapi-typescript's transform modules, imported by their own paths (the package exports
 * `./*`) instead of through its index. The index also loads @redocly/openapi-core whole, for the
 * CLI's parse, lint and bundle, which toolgen never calls: it hands the transform a document it
 * has already bundled. Skipping that load saves about 140 ms of every generation that emits
 * types (BENCHMARKS.md, issue 16.4). The types are the package's own; only the paths are new.
 * openapi-typescript is pinned to ~7.13 (package.json), so these paths move only when we move it.
 */
declare module "openapi-typescript/dist/transform/index.mjs" {
  const transformSchema: typeof import("openapi-typescript").transformSchema;
  export default transformSchema;
}
declare module "openapi-typescript/dist/transform/components-object.mjs" {
  const transformComponentsObject: typeof import("openapi-typescript").transformComponentsObject;
  export default transformComponentsObject;
}
declare module "openapi-typescript/dist/transform/schema-object.mjs" {
  const transformSchemaObject: typeof import("openapi-typescript").transformSchemaObject;
  export default transformSchemaObject;
}
declare module "openapi-typescript/dist/lib/ts.mjs" {
  export const astToString: typeof import("openapi-typescript").astToString;
}
declare module "openapi-typescript/dist/lib/utils.mjs" {
  export const resolveRef: typeof import("openapi-typescript").resolveRef;
  export const scanDiscriminators: typeof import("openapi-typescript").scanDiscriminators;
}
